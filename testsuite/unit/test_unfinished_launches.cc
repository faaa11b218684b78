// Unit tests of what the CUDA launcher keeps of its launches since the
// last wait (runtime/nvptx/unfinished_launches.cc): whether there are any,
// for clock reads, and the first four call sites, each once, which a
// failed wait names.
#define BOOST_TEST_MODULE unfinished_launches
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "nvptx/unfinished_launches.h"

#include <string>

using ferry::rt::nvptx::UnfinishedLaunches;

namespace {
const char *const kFile = "main.cpp";
const char *const kKernels[] = {"entropy", "entropy_opt", "norm", "scale",
                                "shift"};
} // namespace

BOOST_AUTO_TEST_CASE(nothing_launched_names_nothing) {
  UnfinishedLaunches launches;
  BOOST_TEST(!launches.any());
  BOOST_TEST(launches.name("the launched kernels") == "the launched kernels");
}

BOOST_AUTO_TEST_CASE(each_call_site_is_named_once) {
  UnfinishedLaunches launches;
  for (int round = 0; round < 3; ++round) {
    launches.name_call(kKernels[0], kFile, 13);
    launches.launched();
    launches.name_call(kKernels[1], kFile, 61);
    launches.launched();
  }
  BOOST_TEST(launches.any());
  BOOST_TEST(launches.name("the launched kernels") ==
             "the launched kernels (launched since the last wait: entropy at "
             "main.cpp:13, entropy_opt at main.cpp:61)");
}

BOOST_AUTO_TEST_CASE(the_first_four_are_named_and_the_rest_elided) {
  UnfinishedLaunches launches;
  for (int k = 0; k < 5; ++k)
    launches.name_call(kKernels[k], kFile, 10 + k);
  const std::string named = launches.name("x");
  BOOST_TEST(named.find("scale at main.cpp:13, ...)") != std::string::npos);
  BOOST_TEST(named.find("shift") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_unnamed_launch_counts_and_a_wait_clears) {
  UnfinishedLaunches launches;
  launches.launched(); // a replay or a graph's held launch: no call named
  BOOST_TEST(launches.any());
  BOOST_TEST(launches.name("x") == "x");
  launches.name_call(nullptr, nullptr, 0);
  BOOST_TEST(launches.name("x") == "x");
  launches.name_call(kKernels[2], kFile, 7);
  launches.waited();
  BOOST_TEST(!launches.any());
  BOOST_TEST(launches.name("x") == "x");
}
