// Unit tests of the launch geometry (runtime/nvptx/region_geometry.cc and
// runtime/launch/geometry.cc): the heuristic measured on the H200,
// explicit requests, and FERRY_GEOMETRY's syntax.
#define BOOST_TEST_MODULE geometry
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "core/settings.h"
#include "launch/geometry.h"
#include "nvptx/region_geometry.h"

using namespace ferry::rt;
using namespace ferry::rt::nvptx;

BOOST_AUTO_TEST_CASE(few_large_teams_by_default) {
  // 512 GPU threads are 16 OpenMP threads (warps) per team.
  RegionGeometry g = gpu_geometry(1000000, 0, 0);
  BOOST_TEST(g.thread_limit == 16);
  BOOST_TEST(g.teams == 31); // 10^6 / (512 * 64), rounded up
  BOOST_TEST(gpu_geometry(1, 0, 0).teams == 1);
  BOOST_TEST(gpu_geometry(0, 0, 0).teams == 1);
}

BOOST_AUTO_TEST_CASE(iterations_with_loops_of_their_own_get_more_teams) {
  BOOST_TEST(gpu_geometry(1000000, 0, 0, true).teams == 264);
  BOOST_TEST(gpu_geometry(100000, 0, 0, true).teams == 49); // 10^5 / 2048
}

BOOST_AUTO_TEST_CASE(teams_stop_at_two_per_multiprocessor) {
  BOOST_TEST(gpu_geometry(1ull << 25, 0, 0).teams == kMaxTeams);
  BOOST_TEST(gpu_geometry(~0ull, 0, 0).teams == kMaxTeams);
}

BOOST_AUTO_TEST_CASE(requests_win) {
  RegionGeometry g = gpu_geometry(1000000, 7, 128);
  BOOST_TEST(g.teams == 7);
  BOOST_TEST(g.thread_limit == 4);
  // A thread count that is not a whole number of warps rounds up.
  BOOST_TEST(gpu_geometry(100, 0, 33).thread_limit == 2);
}

BOOST_AUTO_TEST_CASE(geometry_settings_parse) {
  int teams = 0, threads = 0;
  BOOST_TEST(parse_geometry("264x512", &teams, &threads));
  BOOST_TEST(teams == 264);
  BOOST_TEST(threads == 512);
  for (const char *bad : {"", "x", "264", "264x", "x512", "0x512", "264x0",
                          "264x2048", "-1x32", "264x512x1", "264 x 512"})
    BOOST_TEST(!parse_geometry(bad, &teams, &threads), bad);
}
