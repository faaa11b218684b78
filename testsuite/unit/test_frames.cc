// Unit tests of the frames (runtime/launch/frames.cc), on the sim device
// with the plugin's syncs alone (FERRY_COHERENCE=compiler, so a host copy
// left stale stays visible): which launches the host code around them
// answers for, and when their buffers come back.
#define BOOST_TEST_MODULE frames
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "abi.h"
#include "launch/frames.h"
#include "residency/transfers.h"
#include "runtime.h"
#include "settings_for_test.h"

#include <vector>

using namespace ferry::rt;

struct SimWithoutGuards {
  SimWithoutGuards() {
    run_with_settings(
        {{"FERRY_DEVICE", "sim"}, {"FERRY_COHERENCE", "compiler"}});
  }
};
BOOST_TEST_GLOBAL_FIXTURE(SimWithoutGuards);

namespace {

// A kernel that sets every element of DATA to VALUE on the device, as a
// launch of a borrow_mut buffer does; the host copy is stale after it.
void set_on_device(std::vector<double> &data, double value) {
  LaunchSeat seat = take_launch_seat();
  std::vector<Buffer> buffers(1);
  buffers[0].name = "data";
  buffers[0].ownership = FERRY_BORROW_MUT;
  buffers[0].host = reinterpret_cast<char *>(data.data());
  buffers[0].bytes = data.size() * sizeof(double);
  buffers[0].element_size = sizeof(double);
  seat.transfers->acquire_all(*seat.target, buffers);
  auto *view = static_cast<double *>(buffers[0].view);
  for (std::size_t i = 0; i < data.size(); ++i)
    view[i] = value;
  seat.transfers->release_all(*seat.target, buffers);
  give_back_seat(seat);
}

Range range_of_vector(const std::vector<double> &data) {
  return range_of(data.data(), data.size() * sizeof(double));
}

} // namespace

BOOST_AUTO_TEST_CASE(an_armed_call_is_taken_once_with_its_site) {
  frames::arm({"caller.cc", 12});
  frames::CallSite site;
  BOOST_TEST(frames::take_armed(&site));
  BOOST_TEST(site.line == 12u);
  BOOST_TEST(!frames::take_armed(&site));
  BOOST_TEST(site.file == nullptr);
}

BOOST_AUTO_TEST_CASE(a_frame_answers_for_its_launches_until_it_is_left) {
  std::vector<double> data(512, 1.0);
  frames::enter();
  set_on_device(data, 2.0);
  frames::record(range_of_vector(data), host_access());
  BOOST_TEST(data[0] == 1.0); // the function's own code would sync first
  frames::leave(host_access());
  BOOST_TEST(data[0] == 2.0); // its caller gets the device's bytes
  BOOST_TEST(data[511] == 2.0);
}

BOOST_AUTO_TEST_CASE(a_launch_outside_any_frame_is_settled_at_once) {
  std::vector<double> data(512, 1.0);
  set_on_device(data, 3.0);
  frames::record(range_of_vector(data), host_access());
  BOOST_TEST(data[7] == 3.0);
}

BOOST_AUTO_TEST_CASE(a_scope_keeps_the_buffers_of_frames_left_inside_it) {
  std::vector<double> data(512, 1.0);
  frames::enter_scope();
  BOOST_TEST(frames::in_scope());
  frames::enter();
  set_on_device(data, 4.0);
  frames::record(range_of_vector(data), host_access());
  frames::leave(host_access());
  BOOST_TEST(data[0] == 1.0); // still the scope's, on the device
  frames::leave_scope(host_access());
  BOOST_TEST(!frames::in_scope());
  BOOST_TEST(data[0] == 4.0);
}

BOOST_AUTO_TEST_CASE(a_launchers_parameters_go_to_its_armed_callers_frame) {
  std::vector<double> data(512, 1.0);
  frames::enter(); // the caller, a time loop
  frames::arm({"loop.cc", 5});
  frames::enter(); // the launcher, armed by its instrumented caller
  frames::param(data.data());
  set_on_device(data, 5.0);
  frames::record(range_of_vector(data), host_access());
  frames::leave(host_access());
  BOOST_TEST(data[0] == 1.0); // the caller answers for it now
  frames::leave(host_access());
  BOOST_TEST(data[0] == 5.0);
}
