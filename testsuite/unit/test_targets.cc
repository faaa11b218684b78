// Unit tests of the table of targets (runtime/runtime.cc) and the hook of
// omp_set_default_device (runtime/hooks/openmp_hooks.cc), on two sim
// devices: which target the calling thread's kernels run on, as
// ferry::select_gpu, OpenMP's default device and a region's device clause
// choose it.
#define BOOST_TEST_MODULE targets
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "devices/device.h"
#include "devices/target.h"
#include "runtime.h"
#include "settings_for_test.h"

#include <omp.h>

#include <thread>

using namespace ferry::rt;

struct TwoSimDevices {
  TwoSimDevices() {
    run_with_settings({{"FERRY_DEVICE", "sim"}, {"FERRY_SIM_DEVICES", "2"}});
  }
};
BOOST_TEST_GLOBAL_FIXTURE(TwoSimDevices);

BOOST_AUTO_TEST_CASE(the_process_starts_on_the_first_sim_device) {
  BOOST_TEST(target_count() == 2);
  BOOST_TEST(current_target().number == 0);
  BOOST_TEST(current_target().device->describe() == "sim 0 of 2");
  BOOST_TEST(current_target().device->has_separate_memory());
}

BOOST_AUTO_TEST_CASE(select_gpu_moves_later_kernels_modulo_the_targets) {
  select_target(3);
  BOOST_TEST(current_target().number == 1);
  BOOST_TEST(current_target().device->describe() == "sim 1 of 2");
  Target *first = &current_target();
  select_target(1);
  BOOST_TEST(&current_target() == first); // made once, kept
  select_target(0);
  BOOST_TEST(current_target().number == 0);
}

BOOST_AUTO_TEST_CASE(the_programs_default_device_is_followed_per_thread) {
  omp_set_default_device(1); // through the hook: the program's choice
  BOOST_TEST(current_target().number == 1);
  int other = -1;
  std::thread([&] {
    omp_set_default_device(0);
    other = current_target().number;
  }).join();
  BOOST_TEST(other == 0);
  BOOST_TEST(current_target().number == 1); // this thread's stays
  // A number that is no target's leaves kernels on the process's.
  omp_set_default_device(7);
  BOOST_TEST(current_target().number == 0);
}

BOOST_AUTO_TEST_CASE(a_regions_device_clause_comes_first_on_its_thread) {
  omp_set_default_device(0);
  BOOST_TEST(enter_region_device(1));
  BOOST_TEST(current_target().number == 1);
  int other = -1;
  std::thread([&] { other = current_target().number; }).join();
  BOOST_TEST(other == 0); // another thread's kernels stay where they were
  leave_region_device();
  BOOST_TEST(current_target().number == 0);
  // A number that is no target's (the host's, 2 here) is not entered: the
  // region runs as GCC compiled it.
  BOOST_TEST(!enter_region_device(2));
  BOOST_TEST(!enter_region_device(-1));
  BOOST_TEST(current_target().number == 0);
}
