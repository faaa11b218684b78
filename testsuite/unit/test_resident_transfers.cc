// Unit tests of the resident transfer policy on the separate-memory sim
// device (runtime/residency/resident_transfers.cc): copies happen once, only
// stale bytes move, device copies grow and are evicted without losing data.
#define BOOST_TEST_MODULE resident_transfers
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "abi.h"
#include "core/stats.h"
#include "devices/device.h"
#include "residency/transfers.h"
#include "runtime.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdlib>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

using namespace ferry::rt;

namespace {

constexpr std::size_t kCount = 64;
constexpr std::size_t kBytes = kCount * sizeof(double);

// Counts copies from its construction on.
struct Copies {
  StatsSnapshot start = stats_snapshot();
  std::uint64_t up() const {
    return stats_snapshot().h2d_copies - start.h2d_copies;
  }
  std::uint64_t down() const {
    return stats_snapshot().d2h_copies - start.d2h_copies;
  }
  std::uint64_t bytes_down() const {
    return stats_snapshot().d2h_bytes - start.d2h_bytes;
  }
};

// A launch's buffer "y" over [data, data + count).
Buffer buffer_over(double *data, std::size_t count, unsigned ownership) {
  Buffer b;
  b.name = "y";
  b.ownership = ownership;
  b.host = reinterpret_cast<char *>(data);
  b.bytes = count * sizeof(double);
  return b;
}

struct Fixture {
  explicit Fixture(unsigned long long capacity = 0)
      : device(make_sim_device(0, 1, capacity)),
        policy(make_resident_transfers()) {}

  std::unique_ptr<Device> device;
  Target target{0, device.get()};
  std::unique_ptr<TransferPolicy> policy;

  // One launch of a kernel over [data, data + count): acquire, let the
  // "kernel" run on the view, release.
  template <class Kernel>
  void launch(double *data, std::size_t count, unsigned ownership,
              Kernel kernel) {
    Buffer b = buffer_over(data, count, ownership);
    policy->acquire(target, b);
    b.view = policy->view(target, b);
    kernel(static_cast<double *>(b.view));
    policy->release(target, b);
  }
};

// Room for two buffers but not three, whatever their host addresses: each
// copy takes up to kDeviceAlignment - 1 bytes more, to keep its host
// range's alignment.
struct SmallDevice : Fixture {
  SmallDevice() : Fixture(2 * kBytes + 2 * (kDeviceAlignment - 1)) {}
};

auto add_one(std::size_t count) {
  return [count](double *y) {
    for (std::size_t i = 0; i < count; ++i)
      y[i] += 1;
  };
}

} // namespace

BOOST_FIXTURE_TEST_CASE(a_read_buffer_is_uploaded_once, Fixture) {
  std::vector<double> x(kCount, 2.0);
  Copies copies;
  for (int launch_number = 0; launch_number < 5; ++launch_number)
    launch(x.data(), kCount, FERRY_BORROW,
           [](double *view) { BOOST_TEST(view[5] == 2.0); });
  BOOST_TEST(copies.up() == 1u);
  BOOST_TEST(copies.down() == 0u);
}

BOOST_FIXTURE_TEST_CASE(written_data_comes_back_only_when_the_host_asks,
                        Fixture) {
  std::vector<double> y(kCount, 0.0);
  Copies copies;
  for (int launch_number = 0; launch_number < 3; ++launch_number)
    launch(y.data(), kCount, FERRY_BORROW_MUT, add_one(kCount));
  BOOST_TEST(y[0] == 0.0); // still on the device
  BOOST_TEST(copies.down() == 0u);
  policy->sync_to_host(y.data() + 10, sizeof(double));
  BOOST_TEST(y[10] == 3.0);
  BOOST_TEST(y[11] == 0.0);
  BOOST_TEST(copies.bytes_down() == sizeof(double));
  policy->sync_to_host(y.data(), 0); // the whole buffer: the rest comes
  BOOST_TEST(y[11] == 3.0);
  BOOST_TEST(copies.down() == 3u); // [0,10) and [11,64) after [10,11)
  policy->sync_to_host(y.data(), 0);
  BOOST_TEST(copies.down() == 3u); // nothing is stale any more
  BOOST_TEST(copies.up() == 1u);
}

BOOST_FIXTURE_TEST_CASE(a_host_write_is_uploaded_before_the_next_read,
                        Fixture) {
  std::vector<double> y(kCount, 0.0);
  launch(y.data(), kCount, FERRY_BORROW_MUT, add_one(kCount));
  Copies copies;
  policy->host_wrote(y.data() + 4, 2 * sizeof(double));
  BOOST_TEST(copies.down() == 1u); // the bytes around stay intact
  y[4] = 100;
  y[5] = 200;
  launch(y.data(), kCount, FERRY_BORROW_MUT, [](double *view) {
    BOOST_TEST(view[3] == 1.0);
    BOOST_TEST(view[4] == 100.0);
    BOOST_TEST(view[5] == 200.0);
  });
  BOOST_TEST(copies.up() == 1u);
}

// What an MPI send of part of a buffer needs (runtime/mpi/messages.h).
BOOST_FIXTURE_TEST_CASE(read_current_copies_exactly_the_newer_bytes, Fixture) {
  std::vector<double> y(kCount, 0.0);
  launch(y.data(), kCount, FERRY_BORROW_MUT, add_one(kCount));
  Copies copies;
  std::vector<double> out(4, -1.0);
  BOOST_TEST(
      policy->read_current(y.data() + 10, 4 * sizeof(double), out.data()));
  BOOST_TEST(out == std::vector<double>(4, 1.0));
  BOOST_TEST(y[10] == 0.0); // the host's copy is left as it was
  BOOST_TEST(copies.bytes_down() == 4 * sizeof(double));
  policy->sync_to_host(y.data(), 0);
  y[11] = 5.0; // the host's bytes are current: they are the ones copied
  const std::uint64_t down = copies.bytes_down();
  BOOST_TEST(
      !policy->read_current(y.data() + 10, 4 * sizeof(double), out.data()));
  BOOST_TEST(out[0] == 1.0);
  BOOST_TEST(out[1] == 5.0);
  BOOST_TEST(copies.bytes_down() == down);
}

// What an MPI receive into part of a buffer needs.
BOOST_FIXTURE_TEST_CASE(host_replaced_moves_nothing_and_stales_the_device,
                        Fixture) {
  std::vector<double> y(kCount, 0.0);
  launch(y.data(), kCount, FERRY_BORROW_MUT, add_one(kCount));
  Copies copies;
  const double received[3] = {7, 8, 9};
  policy->host_replaced(y.data() + 20, received, sizeof received);
  BOOST_TEST(copies.down() == 0u);
  BOOST_TEST(y[20] == 7.0);
  BOOST_TEST(y[22] == 9.0);
  launch(y.data(), kCount, FERRY_BORROW, [](double *view) {
    BOOST_TEST(view[19] == 1.0);
    BOOST_TEST(view[20] == 7.0);
    BOOST_TEST(view[22] == 9.0);
    BOOST_TEST(view[23] == 1.0);
  });
  BOOST_TEST(copies.up() == 1u);
  BOOST_TEST(stats_snapshot().h2d_bytes - copies.start.h2d_bytes ==
             sizeof received);
}

// A halo row received for the next kernel: one copy up, none down.
BOOST_FIXTURE_TEST_CASE(device_received_goes_straight_to_the_device, Fixture) {
  // Whole pages, as device_received needs where pages are guarded.
  constexpr std::size_t kPageCount = 4096 / sizeof(double) * 2;
  std::unique_ptr<double, decltype(&std::free)> pages(
      static_cast<double *>(
          std::aligned_alloc(4096, kPageCount * sizeof(double))),
      &std::free);
  double *y = pages.get();
  std::fill(y, y + kPageCount, 0.0);
  launch(y, kPageCount, FERRY_BORROW_MUT, add_one(kPageCount));
  Copies copies;
  const double received[3] = {7, 8, 9};
  BOOST_TEST(policy->device_received(y + 20, received, sizeof received));
  BOOST_TEST(copies.up() == 1u);
  BOOST_TEST(copies.down() == 0u);
  launch(y, kPageCount, FERRY_BORROW, [](double *view) {
    BOOST_TEST(view[19] == 1.0);
    BOOST_TEST(view[21] == 8.0);
    BOOST_TEST(view[23] == 1.0);
  });
  BOOST_TEST(copies.up() == 1u); // nothing was stale on the device
  policy->sync_to_host(y, 0);
  BOOST_TEST(y[21] == 8.0);
  BOOST_TEST(y[19] == 1.0);
  policy->forget(y, kPageCount * sizeof(double));
  std::vector<double> elsewhere(kCount, 0.0);
  BOOST_TEST(!policy->device_received(elsewhere.data(), received,
                                      sizeof received)); // not resident
}

BOOST_FIXTURE_TEST_CASE(an_overwrite_copies_nothing_back, Fixture) {
  std::vector<double> y(kCount, 0.0);
  launch(y.data(), kCount, FERRY_BORROW_MUT, add_one(kCount));
  Copies copies;
  policy->host_overwrote(y.data(), kBytes);
  BOOST_TEST(copies.down() == 0u);
  policy->sync_to_host(y.data(), 0);
  BOOST_TEST(copies.down() == 0u); // the host's bytes are the newest
}

BOOST_FIXTURE_TEST_CASE(a_copy_grows_and_keeps_the_device_data, Fixture) {
  std::vector<double> y(kCount, 0.0);
  const std::size_t half = kCount / 2;
  launch(y.data(), half, FERRY_BORROW_MUT, add_one(half));
  launch(y.data() + half, half, FERRY_BORROW_MUT, add_one(half));
  Copies copies;
  // All of y: both halves join one copy, their device data kept.
  launch(y.data(), kCount, FERRY_BORROW_MUT, [](double *view) {
    BOOST_TEST(view[0] == 1.0);
    BOOST_TEST(view[kCount - 1] == 1.0);
    view[0] = 7;
  });
  BOOST_TEST(copies.up() == 0u);
  policy->sync_to_host(y.data(), 0);
  BOOST_TEST(y[0] == 7.0);
  BOOST_TEST(y[kCount - 1] == 1.0);
}

BOOST_FIXTURE_TEST_CASE(forgotten_memory_is_not_reused, Fixture) {
  std::vector<double> y(kCount, 1.0);
  launch(y.data(), kCount, FERRY_BORROW_MUT, add_one(kCount));
  Copies copies;
  policy->forget(y.data(), kBytes);
  BOOST_TEST(!policy->holds(y.data(), kBytes));
  BOOST_TEST(copies.down() == 0u);
  y.assign(kCount, 5.0); // as if new data lived at the same address
  launch(y.data(), kCount, FERRY_BORROW,
         [](double *view) { BOOST_TEST(view[9] == 5.0); });
  BOOST_TEST(copies.up() == 1u);
}

BOOST_FIXTURE_TEST_CASE(eviction_takes_clean_copies_first_then_the_oldest,
                        SmallDevice) {
  std::vector<double> a(kCount, 1.0), b(kCount, 2.0), c(kCount, 3.0);
  launch(a.data(), kCount, FERRY_BORROW_MUT, add_one(kCount)); // dirty
  launch(b.data(), kCount, FERRY_BORROW, [](double *) {});     // clean
  launch(a.data(), kCount, FERRY_BORROW, [](double *) {});     // a is recent
  Copies copies;
  // b is clean, so it goes before a, though a was used earlier.
  launch(c.data(), kCount, FERRY_BORROW_MUT, add_one(kCount)); // evicts b
  BOOST_TEST(copies.down() == 0u); // b was clean: nothing to copy back
  BOOST_TEST(policy->holds(a.data(), kBytes));
  BOOST_TEST(!policy->holds(b.data(), kBytes));
  // Both left are dirty: a, used longest ago, comes back and goes.
  launch(b.data(), kCount, FERRY_BORROW, [](double *) {});
  BOOST_TEST(copies.down() == 1u);
  BOOST_TEST(a[0] == 2.0);
  BOOST_TEST(policy->holds(c.data(), kBytes));
}

BOOST_FIXTURE_TEST_CASE(a_user_mapping_is_left_to_the_user, Fixture) {
  // The sim device never reports user mappings; the policy's side of it is
  // tested on a GPU (testsuite/programs/residency_interop.cc).
  std::vector<double> y(kCount, 1.0);
  Buffer b = buffer_over(y.data(), kCount, FERRY_BORROW);
  policy->acquire(target, b);
  BOOST_TEST(!b.mapped_by_user);
  policy->release(target, b);
}

namespace {

// The sim device, with a gate in copy_to_host: a copy can be held inside
// the policy's lock, as a GPU copy is held when the driver is busy.
class GatedDevice final : public Device {
public:
  GatedDevice() : inner_(make_sim_device(0, 1, 0)) {}

  void close_gate() { open_ = false; }
  void open_gate() {
    std::lock_guard<std::mutex> lock(mutex_);
    open_ = true;
    changed_.notify_all();
  }
  void wait_until_copying() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return copying_; });
  }

  std::string describe() const override { return "gated sim"; }
  int openmp_device_number() const override {
    return inner_->openmp_device_number();
  }
  bool runs_regions_on_host() const override { return true; }
  bool has_separate_memory() const override { return true; }
  void *allocate(std::size_t bytes) override { return inner_->allocate(bytes); }
  void deallocate(void *p) override { inner_->deallocate(p); }
  void copy_to_device(void *d, const void *h, std::size_t n) override {
    inner_->copy_to_device(d, h, n);
  }
  void copy_to_host(void *h, const void *d, std::size_t n) override {
    std::unique_lock<std::mutex> lock(mutex_);
    copying_ = true;
    changed_.notify_all();
    changed_.wait(lock, [this] { return open_; });
    lock.unlock();
    inner_->copy_to_host(h, d, n);
  }
  void copy_on_device(void *d, const void *s, std::size_t n) override {
    inner_->copy_on_device(d, s, n);
  }
  void associate(void *h, void *d, std::size_t n) override {
    inner_->associate(h, d, n);
  }
  void disassociate(void *h) override { inner_->disassociate(h); }
  std::string memory_report() const override { return inner_->memory_report(); }
  bool mapped_by_user(void *h) const override {
    return inner_->mapped_by_user(h);
  }
  void *region_address(void *h, void *d) const override {
    return inner_->region_address(h, d);
  }

private:
  std::unique_ptr<Device> inner_;
  std::mutex mutex_;
  std::condition_variable changed_;
  bool open_ = true;
  bool copying_ = false;
};

// Whether FREED, a free of HOST, ends while COPIER's copy holds the
// policy's lock (it must); then lets the copy end, and checks that the
// policy forgot HOST.
void expect_no_wait(GatedDevice &device, std::thread &copier,
                    std::future<void> &freed, TransferPolicy &policy,
                    const void *host) {
  const bool returned =
      freed.wait_for(std::chrono::seconds(5)) == std::future_status::ready;
  device.open_gate();
  copier.join();
  freed.wait();
  BOOST_TEST(returned);
  BOOST_TEST(!policy.holds(host, kBytes));
}

} // namespace

BOOST_AUTO_TEST_CASE(a_foreign_thread_freeing_memory_never_waits_for_a_copy) {
  // A thread of the GPU driver may free memory while it holds a lock that
  // a copy made under the policy's lock waits for.  Such a thread has never
  // used ferry: its free must not wait for the policy, and the block must
  // still be forgotten before the table is used again.
  GatedDevice device;
  Target target{0, &device};
  std::unique_ptr<TransferPolicy> policy = make_resident_transfers();
  std::vector<double> data(kCount, 1.0);
  Buffer b = buffer_over(data.data(), kCount, FERRY_BORROW_MUT);
  policy->acquire(target, b);
  policy->release(target, b); // the device copy is newer now

  device.close_gate();
  std::thread copier([&] { policy->sync_to_host(data.data(), kBytes); });
  device.wait_until_copying(); // the copy holds the policy's lock

  auto freed = std::async(std::launch::async,
                          [&] { policy->host_freeing(data.data(), kBytes); });
  expect_no_wait(device, copier, freed, *policy, data.data());
}

BOOST_AUTO_TEST_CASE(a_free_inside_libgomp_never_waits_for_a_copy) {
  // A program's thread inside libgomp (a target region's unmapping, under
  // libgomp's device lock) frees libgomp's own memory while another
  // thread's copy under the policy's lock waits for libgomp's lock: on a
  // GPU the two waited for each other (FERRY_LAUNCH=omp, two threads
  // launching, testsuite/programs/launch_again_cases.cc).  That thread has
  // used the table, but inside libgomp its free must not wait either.
  GatedDevice device;
  Target target{0, &device};
  std::unique_ptr<TransferPolicy> policy = make_resident_transfers();
  std::vector<double> data(kCount, 1.0), own(kCount, 2.0);
  Buffer b = buffer_over(data.data(), kCount, FERRY_BORROW_MUT);
  policy->acquire(target, b);
  policy->release(target, b); // the device copy is newer now

  std::promise<void> used, go;
  auto freed = std::async(std::launch::async, [&] {
    Buffer mine = buffer_over(own.data(), kCount, FERRY_BORROW);
    policy->acquire(target, mine); // this thread has used the table
    policy->release(target, mine);
    used.set_value();
    go.get_future().wait();
    LibraryCall call; // as in GOMP_target_ext (hooks/openmp_hooks.cc)
    policy->host_freeing(data.data(), kBytes);
  });
  used.get_future().wait();
  device.close_gate();
  std::thread copier([&] { policy->sync_to_host(data.data(), kBytes); });
  device.wait_until_copying(); // the copy holds the policy's lock
  go.set_value();
  expect_no_wait(device, copier, freed, *policy, data.data());
}

BOOST_AUTO_TEST_CASE(view_gives_the_direct_launch_its_device_address) {
  Fixture f;
  std::vector<double> data(kCount, 1.0);
  Buffer b = buffer_over(data.data() + 8, 8, FERRY_BORROW); // inside it
  f.policy->acquire(f.target, b);
  b.view = f.policy->view(f.target, b);
  // The sim device's regions address the copy itself, as a direct launch
  // does on a GPU.
  BOOST_TEST(b.direct_address != nullptr);
  BOOST_TEST(b.direct_address == b.view);
  BOOST_TEST(b.direct_address != static_cast<void *>(b.host));
  f.policy->release(f.target, b);

  std::unique_ptr<Device> host = make_host_device();
  Target host_target{0, host.get()};
  std::unique_ptr<TransferPolicy> on_host = make_resident_transfers();
  Buffer h = b;
  on_host->acquire(host_target, h);
  h.view = on_host->view(host_target, h);
  BOOST_TEST(h.direct_address == nullptr); // no device copy of ferry's own
  on_host->release(host_target, h);
}

// A GPU loads an element only at an address aligned for it: the device
// copy keeps each host byte's place within kDeviceAlignment bytes, so an
// element aligned on the host is aligned in the copy, whichever element
// the entry begins at (here one that begins 1 byte into the data, and one
// that a later, larger entry joins).
BOOST_FIXTURE_TEST_CASE(device_copies_keep_the_hosts_alignment, Fixture) {
  std::vector<double> data(kCount + 1, 1.0);
  char *bytes = reinterpret_cast<char *>(data.data());
  for (std::size_t skip : {std::size_t{1}, std::size_t{8}, std::size_t{24}}) {
    Buffer b =
        buffer_over(reinterpret_cast<double *>(bytes + skip), 4, FERRY_BORROW);
    b.bytes = 4 * sizeof(double);
    policy->acquire(target, b);
    b.view = policy->view(target, b);
    BOOST_TEST(reinterpret_cast<std::uintptr_t>(b.direct_address) %
                   kDeviceAlignment ==
               reinterpret_cast<std::uintptr_t>(b.host) % kDeviceAlignment);
    policy->release(target, b);
  }
  Buffer whole = buffer_over(data.data(), kCount + 1, FERRY_BORROW);
  policy->acquire(target, whole);
  whole.view = policy->view(target, whole);
  BOOST_TEST(reinterpret_cast<std::uintptr_t>(whole.direct_address) %
                 kDeviceAlignment ==
             reinterpret_cast<std::uintptr_t>(whole.host) % kDeviceAlignment);
  BOOST_TEST(static_cast<double *>(whole.view)[kCount] == 1.0);
  policy->release(target, whole);
}

// The two kernels the out contract now refuses at compile time, run as
// they were mapped before: the poisoned sim device shows both as wrong
// answers, as the H200 did.
BOOST_FIXTURE_TEST_CASE(an_out_buffer_read_before_written_reads_poison,
                        Fixture) {
  std::vector<double> y(kCount, 1.0);
  launch(y.data(), kCount, FERRY_OUT, add_one(kCount)); // y[i] = y[i] + 1
  policy->sync_to_host(y.data(), kBytes);
  for (double v : y)
    BOOST_TEST(std::isnan(v));
}

BOOST_FIXTURE_TEST_CASE(an_out_buffer_written_in_part_poisons_the_rest,
                        Fixture) {
  std::vector<double> y(kCount, 5.0);
  launch(y.data(), kCount, FERRY_OUT, [](double *device) {
    for (std::size_t i = 0; i < kCount; i += 2)
      device[i] = 1.0;
  });
  policy->sync_to_host(y.data(), kBytes);
  for (std::size_t i = 0; i < kCount; ++i) {
    if (i % 2 == 0)
      BOOST_TEST(y[i] == 1.0);
    else
      BOOST_TEST(std::isnan(y[i])); // the host's 5.0 is lost
  }
}
