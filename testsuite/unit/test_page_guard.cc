// Unit tests of the huge-page requests for page-locked buffers
// (runtime/pages/page_guard.cc, ask_huge_pages): only the 2 MiB-aligned
// interior of at least 4 MiB is asked for, and where the kernel gives
// huge pages on request (transparent_hugepage "madvise") the request
// reaches the mapping (its VmFlags in /proc/self/smaps gain "hg") and its
// withdrawal turns it into "nh".  The pages inside a range within one
// page are none: an empty range of size 0, which page-locking skips.
#define BOOST_TEST_MODULE page_guard
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "pages/page_guard.h"

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/mman.h>
#include <thread>

using ferry::rt::Range;
namespace page_guard = ferry::rt::page_guard;

namespace {

constexpr std::uintptr_t kMiB = std::uintptr_t{1} << 20;

bool on_request() {
  std::ifstream mode("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string text;
  std::getline(mode, text);
  return text.find("[madvise]") != std::string::npos;
}

// The VmFlags line of the mapping that starts at BEGIN.
std::string flags_of(std::uintptr_t begin) {
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    std::uintptr_t from = 0;
    std::istringstream first(line);
    if (line.find('-') != std::string::npos && (first >> std::hex >> from) &&
        line.find(':') > line.find('-'))
      inside = from == begin;
    else if (inside && line.rfind("VmFlags:", 0) == 0)
      return line;
  }
  return {};
}

} // namespace

BOOST_AUTO_TEST_CASE(a_range_within_a_page_has_no_inner_pages) {
  const std::uintptr_t page = 4096 * 1000;
  for (Range small : {Range{page + 8, page + 24}, Range{page, page + 100},
                      Range{page + 100, page + 4096}}) {
    const Range inner = page_guard::inner_pages(small);
    BOOST_TEST(inner.empty());
    BOOST_TEST(inner.size() == 0u);
  }
  const Range spanning{page + 8, page + 3 * 4096 + 8};
  BOOST_TEST((page_guard::inner_pages(spanning) ==
              Range{page + 4096, page + 3 * 4096}));
}

BOOST_AUTO_TEST_CASE(only_the_aligned_interior_is_asked_for) {
  const Range aligned{64 * kMiB, 72 * kMiB};
  BOOST_TEST((page_guard::huge_interior(aligned) == aligned));
  const Range ragged{64 * kMiB + 4096, 72 * kMiB - 4096};
  const Range interior = page_guard::huge_interior(ragged);
  BOOST_TEST(interior.begin == 66 * kMiB);
  BOOST_TEST(interior.end == 70 * kMiB);
  // Under 4 MiB of interior: nothing.
  BOOST_TEST(page_guard::huge_interior({64 * kMiB + 4096, 68 * kMiB}).empty());
  BOOST_TEST(page_guard::huge_interior({64 * kMiB, 67 * kMiB}).empty());
  BOOST_TEST(!page_guard::ask_huge_pages({64 * kMiB, 67 * kMiB}));
}

BOOST_AUTO_TEST_CASE(the_request_reaches_the_mapping) {
  const std::size_t bytes = 16 * kMiB;
  void *memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  BOOST_REQUIRE(memory != MAP_FAILED);
  const auto begin = reinterpret_cast<std::uintptr_t>(memory);
  const Range pages{begin, begin + bytes};
  const bool asked = page_guard::ask_huge_pages(pages);
  BOOST_TEST(asked == on_request());
  if (asked) {
    const Range interior = page_guard::huge_interior(pages);
    BOOST_TEST(flags_of(interior.begin).find(" hg") != std::string::npos);
    page_guard::withdraw_huge_pages(pages);
    BOOST_TEST(flags_of(interior.begin).find(" nh") != std::string::npos);
  }
  munmap(memory, bytes);
}

// A launching thread gets a signal stack of ferry's (a fault whose stack
// pointer is on guarded pages runs the handler there), unless it has one,
// and the stack goes with the thread: threads that launch and end, one
// after another, must not leave 64 KiB each behind.
BOOST_AUTO_TEST_CASE(a_threads_signal_stack_goes_with_it) {
  void *seen = nullptr;
  std::thread([&] {
    page_guard::ensure_signal_stack();
    stack_t current{};
    sigaltstack(nullptr, &current);
    if (!(current.ss_flags & SS_DISABLE))
      seen = current.ss_sp;
    page_guard::ensure_signal_stack(); // once a thread
    stack_t again{};
    sigaltstack(nullptr, &again);
    BOOST_TEST(again.ss_sp == current.ss_sp);
  }).join();
  BOOST_TEST_REQUIRE(seen != nullptr);
  // Gone: msync fails with ENOMEM on memory that is not mapped.
  BOOST_TEST(msync(seen, 4096, MS_ASYNC) == -1);
  BOOST_TEST(errno == ENOMEM);

  // The program's own signal stack stays the thread's.
  std::thread([] {
    static char own[64 * 1024];
    stack_t mine{};
    mine.ss_sp = own;
    mine.ss_size = sizeof own;
    BOOST_TEST_REQUIRE(sigaltstack(&mine, nullptr) == 0);
    page_guard::ensure_signal_stack();
    stack_t current{};
    sigaltstack(nullptr, &current);
    BOOST_TEST(current.ss_sp == static_cast<void *>(own));
    stack_t off{};
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, nullptr);
  }).join();
}
