// Unit tests of the resident policy's memory of launches that changed
// nothing (runtime/residency/repeated_launches.h), on the separate-memory sim
// device: the same launch again skips the table and moves nothing, and
// anything that changes the table between two launches, or other buffers,
// takes the full path with the right bytes.  ferry-test runs it under
// FERRY_COHERENCE=compiler, as every unit test: no page is guarded.
#define BOOST_TEST_MODULE repeated_launches
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "abi.h"
#include "core/stats.h"
#include "residency/transfers.h"

#include <algorithm>
#include <memory>
#include <vector>

using namespace ferry::rt;

namespace {

constexpr std::size_t kCount = 4096; // 32 KiB

// Counts from its construction on.
struct Counts {
  StatsSnapshot start = stats_snapshot();
  std::uint64_t up() const {
    return stats_snapshot().h2d_copies - start.h2d_copies;
  }
  std::uint64_t down() const {
    return stats_snapshot().d2h_copies - start.d2h_copies;
  }
  std::uint64_t repeated() const {
    return stats_snapshot().repeated_launches - start.repeated_launches;
  }
};

Buffer buffer_over(const char *name, double *data, std::size_t count,
                   unsigned ownership) {
  Buffer b;
  b.name = name;
  b.ownership = ownership;
  b.host = reinterpret_cast<char *>(data);
  b.bytes = count * sizeof(double);
  return b;
}

struct Fixture {
  std::unique_ptr<Device> device = make_sim_device(0, 1, 0);
  Target target{0, device.get()};
  std::unique_ptr<TransferPolicy> policy = make_resident_transfers();

  // y[i] = a * y[i] + x[i] on the device views, as a launch does it.
  void axpy(double a, std::vector<double> &x, std::vector<double> &y,
            std::size_t count = kCount) {
    std::vector<Buffer> buffers = {
        buffer_over("x", x.data(), count, FERRY_BORROW),
        buffer_over("y", y.data(), count, FERRY_BORROW_MUT)};
    policy->acquire_all(target, buffers);
    const auto *xv = static_cast<const double *>(buffers[0].view);
    auto *yv = static_cast<double *>(buffers[1].view);
    for (std::size_t i = 0; i < count; ++i)
      yv[i] = a * yv[i] + xv[i];
    policy->release_all(target, buffers);
  }
};

} // namespace

BOOST_FIXTURE_TEST_CASE(the_same_launch_again_moves_nothing, Fixture) {
  std::vector<double> x(kCount, 1.0), y(kCount, 0.0), z(kCount, 0.0);
  Counts counts;
  for (int step = 0; step < 10; ++step) {
    axpy(1.0, x, y);
    axpy(1.0, y, z);
  }
  // The first two launches create the entries, the next two are seen to
  // change nothing, the other sixteen come from the memory.
  BOOST_TEST(counts.repeated() == 16u);
  BOOST_TEST(counts.up() == 3u);
  policy->sync_to_host(z.data(), 0);
  BOOST_TEST(z[7] == 55.0); // the sum of 1..10
  BOOST_TEST(counts.down() == 1u);
}

BOOST_FIXTURE_TEST_CASE(a_host_write_between_goes_up, Fixture) {
  std::vector<double> x(kCount, 1.0), y(kCount, 0.0);
  for (int step = 0; step < 3; ++step)
    axpy(1.0, x, y);
  Counts counts;
  policy->host_wrote(x.data() + 100, sizeof(double));
  x[100] = 50.0;
  axpy(1.0, x, y);
  BOOST_TEST(counts.repeated() == 0u);
  BOOST_TEST(counts.up() == 1u);
  axpy(1.0, x, y); // seen to change nothing
  axpy(1.0, x, y); // from the memory
  BOOST_TEST(counts.repeated() == 1u);
  policy->sync_to_host(y.data(), 0);
  BOOST_TEST(y[99] == 6.0);
  BOOST_TEST(y[100] == 3.0 + 3 * 50.0);
}

BOOST_FIXTURE_TEST_CASE(other_buffers_take_the_full_path, Fixture) {
  std::vector<double> x(kCount, 1.0), y(kCount, 0.0);
  for (int step = 0; step < 3; ++step)
    axpy(1.0, x, y);
  Counts counts;
  axpy(2.0, x, y, kCount / 2); // shorter: another launch
  BOOST_TEST(counts.repeated() == 0u);
  axpy(1.0, x, y); // the long one again, still remembered
  BOOST_TEST(counts.repeated() == 1u);
  policy->sync_to_host(y.data(), 0);
  BOOST_TEST(y[0] == 2 * 3.0 + 1 + 1);
  BOOST_TEST(y[kCount - 1] == 3.0 + 1);
}

BOOST_FIXTURE_TEST_CASE(a_forgotten_buffer_is_uploaded_again, Fixture) {
  std::vector<double> x(kCount, 1.0), y(kCount, 0.0);
  for (int step = 0; step < 3; ++step)
    axpy(1.0, x, y);
  Counts counts;
  policy->forget(x.data(), x.size() * sizeof(double)); // as free does
  std::fill(x.begin(), x.end(), 10.0);                 // a new block there
  axpy(1.0, x, y);
  BOOST_TEST(counts.repeated() == 0u);
  BOOST_TEST(counts.up() == 1u);
  policy->sync_to_host(y.data(), 0);
  BOOST_TEST(y[5] == 13.0);
}
