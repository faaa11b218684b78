// Unit tests of the transfer counters and the ferry-stats line
// (runtime/core/stats.cc), and of the CUDA launcher's ferry-module line
// (runtime/nvptx/module_report.cc).  The lines' format is a contract with
// scripts.
#define BOOST_TEST_MODULE stats
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "core/stats.h"
#include "nvptx/module_report.h"

using namespace ferry::rt;

BOOST_AUTO_TEST_CASE(line_has_the_documented_format) {
  StatsSnapshot s;
  s.launches = 3;
  s.h2d_bytes = 800;
  s.h2d_copies = 2;
  s.d2h_bytes = 400;
  s.d2h_copies = 1;
  s.faults = 4;
  BOOST_TEST(format_stats_line(s) ==
             "ferry-stats launches=3 h2d_bytes=800 h2d_copies=2 "
             "d2h_bytes=400 d2h_copies=1 faults=4");
}

BOOST_AUTO_TEST_CASE(counters_add_up) {
  StatsSnapshot before = stats_snapshot();
  count_launch();
  count_host_to_device(100, "x");
  count_host_to_device(28, "x");
  count_device_to_host(64, "y");
  StatsSnapshot after = stats_snapshot();
  BOOST_TEST(after.launches - before.launches == 1u);
  BOOST_TEST(after.h2d_bytes - before.h2d_bytes == 128u);
  BOOST_TEST(after.h2d_copies - before.h2d_copies == 2u);
  BOOST_TEST(after.d2h_bytes - before.d2h_bytes == 64u);
  BOOST_TEST(after.d2h_copies - before.d2h_copies == 1u);
  count_clock_wait();
  count_clock_wait();
  BOOST_TEST(stats_snapshot().clock_waits - before.clock_waits == 2u);
}

BOOST_AUTO_TEST_CASE(the_module_line_has_the_documented_format) {
  ferry::rt::nvptx::ModuleLink link;
  link.functions = 40;
  link.functions_linked = 3;
  link.ptx_bytes = 90000;
  link.ptx_bytes_linked = 5000;
  link.register_caps_tried = 2;
  link.register_caps_kept = 1;
  link.milliseconds = 12;
  BOOST_TEST(ferry::rt::nvptx::module_line(link) ==
             "ferry-module functions=3/40 ptx_bytes=5000/90000 "
             "register_caps=1/2 link_ms=12");
  link.note = "the whole PTX: FERRY_PRUNE_MODULE=0";
  BOOST_TEST(ferry::rt::nvptx::module_line(link) ==
             "ferry-module functions=3/40 ptx_bytes=5000/90000 "
             "register_caps=1/2 link_ms=12 (the whole PTX: "
             "FERRY_PRUNE_MODULE=0)");
}
