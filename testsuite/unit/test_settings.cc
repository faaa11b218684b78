// Unit tests of the FERRY_* setting parsers (runtime/core/settings.cc).
#define BOOST_TEST_MODULE settings
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "core/settings.h"

#include <string>

using ferry::rt::DeviceKind;
using ferry::rt::parse_device_kind;
using ferry::rt::parse_flag;

BOOST_AUTO_TEST_CASE(flags_accept_the_usual_spellings) {
  for (const char *yes : {"1", "on", "yes", "true"}) {
    bool value = false;
    BOOST_TEST(parse_flag(yes, &value));
    BOOST_TEST(value);
  }
  for (const char *no : {"0", "off", "no", "false"}) {
    bool value = true;
    BOOST_TEST(parse_flag(no, &value));
    BOOST_TEST(!value);
  }
}

BOOST_AUTO_TEST_CASE(a_misspelled_flag_is_refused_and_changes_nothing) {
  bool value = true;
  BOOST_TEST(!parse_flag("ture", &value));
  BOOST_TEST(!parse_flag("", &value));
  BOOST_TEST(!parse_flag("2", &value));
  BOOST_TEST(value);
}

BOOST_AUTO_TEST_CASE(device_kinds) {
  DeviceKind kind = DeviceKind::automatic;
  BOOST_TEST(parse_device_kind("sim", &kind));
  BOOST_TEST((kind == DeviceKind::sim));
  BOOST_TEST(parse_device_kind("host", &kind));
  BOOST_TEST((kind == DeviceKind::host));
  BOOST_TEST(parse_device_kind("gpu", &kind));
  BOOST_TEST((kind == DeviceKind::gpu));
  BOOST_TEST(parse_device_kind("auto", &kind));
  BOOST_TEST((kind == DeviceKind::automatic));
  BOOST_TEST(!parse_device_kind("cuda", &kind));
  BOOST_TEST((kind == DeviceKind::automatic));
}

BOOST_AUTO_TEST_CASE(launch_paths_are_parsed_and_typos_refused) {
  using ferry::rt::LaunchPath;
  using ferry::rt::parse_launch_path;
  LaunchPath path = LaunchPath::omp;
  BOOST_TEST(parse_launch_path("auto", &path));
  BOOST_TEST((path == LaunchPath::automatic));
  BOOST_TEST(parse_launch_path("direct", &path));
  BOOST_TEST((path == LaunchPath::direct));
  BOOST_TEST(parse_launch_path("omp", &path));
  BOOST_TEST((path == LaunchPath::omp));
  BOOST_TEST(!parse_launch_path("cuda", &path));
  BOOST_TEST(!parse_launch_path("", &path));
  BOOST_TEST((path == LaunchPath::omp));
}

BOOST_AUTO_TEST_CASE(coherence_kinds_are_parsed_and_typos_refused) {
  using ferry::rt::Coherence;
  using ferry::rt::parse_coherence;
  Coherence coherence = Coherence::compiler;
  BOOST_TEST(parse_coherence("pages", &coherence));
  BOOST_TEST((coherence == Coherence::pages));
  BOOST_TEST(parse_coherence("compiler", &coherence));
  BOOST_TEST((coherence == Coherence::compiler));
  BOOST_TEST(!parse_coherence("page", &coherence));
  BOOST_TEST((coherence == Coherence::compiler));
}

BOOST_AUTO_TEST_CASE(gpu_choices_are_parsed_and_typos_refused) {
  using ferry::rt::GpuChoice;
  using ferry::rt::parse_gpu_choice;
  GpuChoice choice = GpuChoice::automatic;
  int number = -1;
  BOOST_TEST(parse_gpu_choice("local-rank", &choice, &number));
  BOOST_TEST((choice == GpuChoice::local_rank));
  BOOST_TEST(parse_gpu_choice("3", &choice, &number));
  BOOST_TEST((choice == GpuChoice::number));
  BOOST_TEST(number == 3);
  BOOST_TEST(parse_gpu_choice("auto", &choice, &number));
  BOOST_TEST((choice == GpuChoice::automatic));
  for (const char *typo : {"-1", "+2", "1x", "", "local_rank", "99999999"}) {
    BOOST_TEST(!parse_gpu_choice(typo, &choice, &number), typo);
    BOOST_TEST((choice == GpuChoice::automatic));
  }
  BOOST_TEST(number == 3);
}

BOOST_AUTO_TEST_CASE(byte_counts_are_digits_within_range) {
  using ferry::rt::parse_byte_count;
  unsigned long long bytes = 7;
  BOOST_TEST(parse_byte_count("4096", &bytes));
  BOOST_TEST(bytes == 4096u);
  BOOST_TEST(parse_byte_count("18446744073709551615", &bytes));
  BOOST_TEST(bytes == 18446744073709551615ull);
  // strtoull alone takes "-1" for 2^64 - 1, and " 5" and "+5" for 5.
  for (const char *bad :
       {"-1", "", " 5", "+5", "5k", "1e9", "18446744073709551616"}) {
    bytes = 7;
    BOOST_TEST(!parse_byte_count(bad, &bytes), bad);
    BOOST_TEST(bytes == 7u);
  }
}

BOOST_AUTO_TEST_CASE(unknown_variables_are_told_apart_with_a_suggestion) {
  using ferry::rt::closest_setting;
  using ferry::rt::is_ferry_variable;
  for (const char *known : {"FERRY_COHERENCE", "FERRY_SIM_MEMORY",
                            "FERRY_STATS", "FERRY_PLUGIN", "FERRY_TEST_GPU"})
    BOOST_TEST(is_ferry_variable(known), known);
  BOOST_TEST(!is_ferry_variable("FERRY_COHERENSE"));
  BOOST_TEST(closest_setting("FERRY_COHERENSE") ==
             std::string("FERRY_COHERENCE"));
  BOOST_TEST(closest_setting("FERRY_STAT") == std::string("FERRY_STATS"));
  BOOST_TEST(!closest_setting("FERRY_SOMETHING_ELSE"));
}
