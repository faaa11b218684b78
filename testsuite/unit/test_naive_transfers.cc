// Unit tests of the naive transfer policy on the separate-memory sim
// device (runtime/residency/naive_transfers.cc): what is copied, in which
// direction, for each ownership.
#define BOOST_TEST_MODULE naive_transfers
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "abi.h"
#include "core/stats.h"
#include "residency/transfers.h"

#include <cmath>
#include <vector>

using namespace ferry::rt;

namespace {

struct Fixture {
  std::unique_ptr<Device> device = make_sim_device(0, 1, 0);
  Target target{0, device.get()};
  std::unique_ptr<TransferPolicy> policy = make_naive_transfers();
  std::vector<double> host = std::vector<double>(16, 1.5);

  Buffer buffer(unsigned ownership) {
    Buffer b;
    b.name = "b";
    b.ownership = ownership;
    b.host = reinterpret_cast<char *>(host.data());
    b.bytes = host.size() * sizeof(double);
    return b;
  }
};

double *view_of(const Buffer &b) { return static_cast<double *>(b.view); }

} // namespace

BOOST_FIXTURE_TEST_CASE(borrow_is_uploaded_and_never_downloaded, Fixture) {
  Buffer b = buffer(FERRY_BORROW);
  StatsSnapshot before = stats_snapshot();
  policy->acquire(target, b);
  b.view = policy->view(target, b);
  BOOST_TEST(b.view != static_cast<void *>(host.data()));
  BOOST_TEST(view_of(b)[7] == 1.5);
  view_of(b)[7] = 99; // a kernel may not do this; the host must not see it
  policy->release(target, b);
  BOOST_TEST(host[7] == 1.5);
  StatsSnapshot after = stats_snapshot();
  BOOST_TEST(after.h2d_copies - before.h2d_copies == 1u);
  BOOST_TEST(after.d2h_copies - before.d2h_copies == 0u);
}

BOOST_FIXTURE_TEST_CASE(borrow_mut_goes_both_ways, Fixture) {
  Buffer b = buffer(FERRY_BORROW_MUT);
  policy->acquire(target, b);
  b.view = policy->view(target, b);
  BOOST_TEST(view_of(b)[3] == 1.5);
  view_of(b)[3] = 2.5;
  BOOST_TEST(host[3] == 1.5); // separate memory until the release
  policy->release(target, b);
  BOOST_TEST(host[3] == 2.5);
}

BOOST_FIXTURE_TEST_CASE(out_is_not_uploaded, Fixture) {
  Buffer b = buffer(FERRY_OUT);
  StatsSnapshot before = stats_snapshot();
  policy->acquire(target, b);
  b.view = policy->view(target, b);
  // Fresh sim memory is poisoned, so reading it shows as NaN.
  BOOST_TEST(std::isnan(view_of(b)[0]));
  for (int i = 0; i < 16; ++i)
    view_of(b)[i] = i;
  policy->release(target, b);
  BOOST_TEST(host[15] == 15.0);
  StatsSnapshot after = stats_snapshot();
  BOOST_TEST(after.h2d_copies - before.h2d_copies == 0u);
  BOOST_TEST(after.d2h_copies - before.d2h_copies == 1u);
}

BOOST_FIXTURE_TEST_CASE(scratch_is_never_copied, Fixture) {
  Buffer b = buffer(FERRY_SCRATCH);
  StatsSnapshot before = stats_snapshot();
  policy->acquire(target, b);
  b.view = policy->view(target, b);
  view_of(b)[0] = 42;
  policy->release(target, b);
  BOOST_TEST(host[0] == 1.5);
  StatsSnapshot after = stats_snapshot();
  BOOST_TEST(after.h2d_copies == before.h2d_copies);
  BOOST_TEST(after.d2h_copies == before.d2h_copies);
}

BOOST_AUTO_TEST_CASE(host_device_uses_host_memory) {
  std::unique_ptr<Device> device = make_host_device();
  Target target{0, device.get()};
  std::unique_ptr<TransferPolicy> policy = make_naive_transfers();
  double value = 1;
  Buffer b;
  b.ownership = FERRY_BORROW_MUT;
  b.host = reinterpret_cast<char *>(&value);
  b.bytes = sizeof value;
  policy->acquire(target, b);
  b.view = policy->view(target, b);
  BOOST_TEST(b.view == static_cast<void *>(&value));
  policy->release(target, b);
}
