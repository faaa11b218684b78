// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See page_guard.h.
#include "pages/page_guard.h"

#include "core/messages.h"
#include "core/ranks.h"
#include "core/scopes.h"
#include "core/settings.h"
#include "pages/small_blocks.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <functional>
#include <mutex>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <thread>
#include <ucontext.h>
#include <unistd.h>

namespace ferry::rt::page_guard {

namespace {

std::uintptr_t page_size() {
  static const std::uintptr_t size = sysconf(_SC_PAGESIZE);
  return size;
}

std::uintptr_t page_down(std::uintptr_t address) {
  return address & ~(page_size() - 1);
}

std::uintptr_t page_up(std::uintptr_t address) {
  return page_down(address + page_size() - 1);
}

// The program's own SIGSEGV disposition, which ferry's handler passes on
// to: the one it had when ferry installed its handler, and every one it
// sets after (replace_program_handler).
struct sigaction previous_action;
std::atomic<bool> handler_installed{false};

// A fault ferry does not resolve goes to the handler the program had.
void chain(int signal, siginfo_t *info, void *context) {
  if ((previous_action.sa_flags & SA_SIGINFO) && previous_action.sa_sigaction) {
    previous_action.sa_sigaction(signal, info, context);
    return;
  }
  if (previous_action.sa_handler != SIG_DFL &&
      previous_action.sa_handler != SIG_IGN) {
    previous_action.sa_handler(signal);
    return;
  }
  // The access faults again, without ferry's handler.
  RuntimeScope ours;
  sigaction(SIGSEGV, &previous_action, nullptr);
  handler_installed.store(false);
}

[[noreturn]] void report(const void *address, bool write, const char *name) {
  char message[640];
  int length = std::snprintf(
      message, sizeof message,
      "ferry: FERRY_CHECK: the host %s %p, in buffer '%s', without telling "
      "ferry: %s\n"
      "ferry: compile the code that touches it with ferry-g++, or call "
      "ferry::sync(ptr, count) before the host reads it and "
      "ferry::sync(ptr, count, ferry::access::write) before it writes it\n",
      write ? "wrote" : "read", address, name,
      write ? "the device holds a copy that would be stale"
            : "the device holds newer data, so the read would be stale");
  if (length > 0)
    ::write(STDERR_FILENO, message,
            std::min<std::size_t>(length, sizeof message - 1));
  _exit(EXIT_FAILURE);
}

// The residency policy, once it is made (register_resolver).
std::atomic<FaultResolver *> registered{nullptr};

// A fault on a guarded page: resolved (FERRY_COHERENCE=pages) or reported
// (FERRY_CHECK=1).  Anything else goes to the handler that was there.
void on_fault(int signal, siginfo_t *info, void *context) {
  bool write = true; // where the processor does not say, the safe answer
#if defined(__x86_64__)
  write =
      (static_cast<ucontext_t *>(context)->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#endif
  FaultResolver *const resolver = registered.load(std::memory_order_acquire);
  if (!resolver) {
    // Nothing is guarded yet: not ferry's fault.
  } else if (!reporting()) {
    if (resolver->resolve_fault(info->si_addr, write))
      return; // the access runs again, on an open page
  } else if (const char *name = resolver->name_at(info->si_addr)) {
    report(info->si_addr, write, name);
  }
  chain(signal, info, context);
}

void install_handler() {
  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_sigaction = on_fault;
  // On the thread's signal stack where it has one (ensure_signal_stack):
  // a fault whose stack pointer is on guarded pages could not even push
  // the handler's frame on its own stack.
  action.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  RuntimeScope ours; // ferry's own call: the interposer passes it on
  sigaction(SIGSEGV, &action, &previous_action);
  handler_installed.store(true);
}

// Installs the handler once, and again, chained to the program's, when
// the program has replaced it since: a fault ferry does not see would stop
// the program (or reach its handler) on memory that is only protected.
void keep_handler() {
  static std::once_flag installed;
  std::call_once(installed, [] { install_handler(); });
  struct sigaction current;
  if (sigaction(SIGSEGV, nullptr, &current) == 0 &&
      current.sa_sigaction != on_fault) {
    static std::atomic<bool> warned{false};
    if (!warned.exchange(true))
      tell("the program replaced the SIGSEGV handler; ferry installs its "
           "own again, in front of it, to keep host pages of resident "
           "buffers coherent");
    install_handler();
  }
}

std::atomic<std::uint64_t> protections_set{0};
// The stretches of pages that entries' protections hold now: each may
// be a mapping of the kernel's (room_for_guard).
std::atomic<long> stretches_held{0};

long max_map_count() {
  static const long count = [] {
    long value = 65530; // Linux's default
    if (std::FILE *file = std::fopen("/proc/sys/vm/max_map_count", "r")) {
      if (std::fscanf(file, "%ld", &value) != 1)
        value = 65530;
      std::fclose(file);
    }
    return value;
  }();
  return count;
}

void set_protection(Range range, int protection) {
  if (range.empty())
    return;
  protections_set.fetch_add(1, std::memory_order_relaxed);
  // As a system call: libferry's own mprotect (mapping_hooks.cc) is for
  // the program's calls.
  if (syscall(SYS_mprotect, range.begin, range.size(), protection) != 0) {
    const int error = errno;
    std::fprintf(stderr, "%smprotect of a resident buffer's pages: %s\n",
                 message_prefix(), std::strerror(error));
    if (error == ENOMEM)
      std::fprintf(stderr,
                   "%sthe process has reached the kernel's limit on its "
                   "memory mappings (vm.max_map_count, %ld): raise it "
                   "(sysctl -w vm.max_map_count=262144), or run with "
                   "FERRY_COHERENCE=compiler, which guards no pages\n",
                   message_prefix(), max_map_count());
    else if (error == EACCES)
      std::fprintf(stderr,
                   "%sthe pages of [%#lx, %#lx) may not be made writable: a "
                   "buffer's length runs into memory that is not the "
                   "program's (a library's mapping, a file mapped "
                   "read-only), or the buffer lies there\n",
                   message_prefix(), static_cast<unsigned long>(range.begin),
                   static_cast<unsigned long>(range.end));
    std::exit(EXIT_FAILURE);
  }
  // Pages that small blocks share keep theirs where every buffer on them
  // reads it (small_blocks.h, protection_of).
  small_blocks::note_protection(range, protection);
}

Range intersect(Range a, Range b) {
  return {std::max(a.begin, b.begin), std::min(a.end, b.end)};
}

} // namespace

// Asked several times a launch; the settings never change.
std::uint64_t protection_changes() {
  return protections_set.load(std::memory_order_relaxed);
}

bool enabled() {
  static const bool on =
      settings().check || settings().coherence == Coherence::pages;
  return on;
}

bool reporting() {
  static const bool on = settings().check;
  return on;
}

bool resolving() { return enabled() && !reporting(); }

Range inner_pages(Range range) {
  // A range within one page has none: an empty range, not an inverted
  // one, whose size() would be the width of the address space.
  const std::uintptr_t begin = page_up(range.begin), end = page_down(range.end);
  return begin < end ? Range{begin, end} : Range{begin, begin};
}

Range whole_pages(Range range) {
  return {page_down(range.begin), page_up(range.end)};
}

Range widen_to_pages(Range range, Range buffer) {
  return intersect(whole_pages(range), buffer);
}

namespace {

using Layers = std::vector<std::pair<Range, int>>;
constexpr int kUnset = -1;

// The protection LAYERS give each stretch between their ends, the last
// layer over a stretch winning; kUnset where none covers it.  Adjacent
// stretches with one protection are joined.
Layers flatten(const Layers &layers, std::vector<std::uintptr_t> ends) {
  for (const auto &[range, protection] : layers) {
    ends.push_back(range.begin);
    ends.push_back(range.end);
  }
  std::sort(ends.begin(), ends.end());
  ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
  Layers flat;
  for (std::size_t i = 0; i + 1 < ends.size(); ++i) {
    const Range stretch{ends[i], ends[i + 1]};
    int protection = kUnset;
    for (const auto &[range, p] : layers)
      if (range.contains(stretch))
        protection = p;
    if (!flat.empty() && flat.back().second == protection &&
        flat.back().first.end == stretch.begin)
      flat.back().first.end = stretch.end;
    else
      flat.push_back({stretch, protection});
  }
  return flat;
}

} // namespace

void apply(GuardedPages &pages, std::vector<std::pair<Range, int>> wanted) {
  Layers flat = flatten(wanted, {});
  flat.erase(std::remove_if(flat.begin(), flat.end(),
                            [](const auto &s) { return s.second == kUnset; }),
             flat.end());
  if (flat == pages.protection)
    return;
  keep_handler();
  // Each stretch goes straight to its new protection, and only where it
  // changes: setting the layers in turn would open pages the device holds
  // newer for a moment, for another thread to read stale bytes, and costs
  // a system call over the whole buffer for a one-page change.
  std::vector<std::uintptr_t> ends;
  for (const auto &[range, protection] : pages.protection) {
    ends.push_back(range.begin);
    ends.push_back(range.end);
  }
  const Layers &now = pages.protection; // already flat
  Range pending{};
  int pending_protection = kUnset;
  for (const auto &[stretch, protection] : flatten(flat, ends)) {
    int before = kUnset;
    for (const auto &[range, p] : now)
      if (range.contains(stretch))
        before = p;
    const bool change = protection != kUnset && protection != before;
    if (change && pending_protection == protection &&
        pending.end == stretch.begin) {
      pending.end = stretch.end;
      continue;
    }
    if (pending_protection != kUnset)
      set_protection(pending, pending_protection);
    pending = stretch;
    pending_protection = change ? protection : kUnset;
  }
  if (pending_protection != kUnset)
    set_protection(pending, pending_protection);
  stretches_held.fetch_add(static_cast<long>(flat.size()) -
                               static_cast<long>(pages.protection.size()),
                           std::memory_order_relaxed);
  pages.protection = std::move(flat);
}

namespace {

// msync with MS_ASYNC does nothing to memory (since Linux 2.6.19) but
// fails with ENOMEM where a page of the range is not mapped: one walk of
// the mappings, whatever the range's size.
bool all_mapped(Range pages) {
  return syscall(SYS_msync, pages.begin, pages.size(), MS_ASYNC) == 0 ||
         errno != ENOMEM;
}

} // namespace

std::uintptr_t first_unmapped_page(Range range) {
  const Range pages = whole_pages(range);
  if (pages.empty() || all_mapped(pages))
    return 0;
  // The first MAPPED pages are all mapped, the first UNMAPPED are not,
  // until the two differ by the page sought.
  std::uintptr_t mapped = 0, unmapped = pages.size() / page_size();
  while (mapped + 1 < unmapped) {
    const std::uintptr_t middle = (mapped + unmapped) / 2;
    if (all_mapped({pages.begin, pages.begin + middle * page_size()}))
      mapped = middle;
    else
      unmapped = middle;
  }
  return pages.begin + mapped * page_size();
}

namespace {

constexpr std::size_t kSignalStackBytes = 64 * 1024;

// A thread's signal stack goes when the thread does, after its
// thread_local destructors (whose code may still fault: glibc runs the
// keys' destructors after them).  The main thread's stays until the
// process ends, its exit handlers included.
pthread_key_t signal_stack_key() {
  static const pthread_key_t key = [] {
    pthread_key_t made;
    pthread_key_create(&made, [](void *memory) {
      stack_t off{};
      off.ss_flags = SS_DISABLE;
      sigaltstack(&off, nullptr);
      munmap(memory, kSignalStackBytes);
    });
    return made;
  }();
  return key;
}

} // namespace

void ensure_signal_stack() {
  thread_local bool ensured = false;
  if (ensured)
    return;
  ensured = true;
  stack_t current;
  if (sigaltstack(nullptr, &current) != 0 || !(current.ss_flags & SS_DISABLE))
    return; // the program's own, or none to be had
  // mmap, since the heap may be guarded.
  void *memory = mmap(nullptr, kSignalStackBytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED)
    return;
  stack_t mine{};
  mine.ss_sp = memory;
  mine.ss_size = kSignalStackBytes;
  if (sigaltstack(&mine, nullptr) != 0) {
    munmap(memory, kSignalStackBytes);
    return;
  }
  pthread_setspecific(signal_stack_key(), memory);
}

bool room_for_guard(std::size_t bytes) {
  constexpr std::size_t kSmallGuard = std::size_t{64} << 10;
  const long held = stretches_held.load(std::memory_order_relaxed);
  return held < max_map_count() / (bytes < kSmallGuard ? 4 : 2);
}

namespace {

// /proc/self/mem, opened on first use; -1 where it cannot be.  A
// descriptor opened before a fork still refers to the parent's memory, so
// the child closes it (forget_own_memory).
constexpr int kNotOpened = -2;
std::atomic<int> own_memory_descriptor{kNotOpened};

int own_memory() {
  int descriptor = own_memory_descriptor.load(std::memory_order_acquire);
  if (descriptor != kNotOpened)
    return descriptor;
  const int opened = ::open("/proc/self/mem", O_RDWR | O_CLOEXEC);
  if (own_memory_descriptor.compare_exchange_strong(descriptor, opened))
    return opened;
  if (opened >= 0)
    ::close(opened); // another thread's came first
  return descriptor;
}

// pread and pwrite on /proc/self/mem as system calls: libferry's own
// wrappers of pread and pwrite (io_hooks.cc) would look up the buffer in
// the residency table, whose lock the copy's caller holds.
ssize_t raw_pwrite(const void *data, std::size_t bytes, off_t at) {
  return static_cast<ssize_t>(
      ::syscall(SYS_pwrite64, own_memory(), data, bytes, at));
}

ssize_t raw_pread(void *data, std::size_t bytes, off_t at) {
  return static_cast<ssize_t>(
      ::syscall(SYS_pread64, own_memory(), data, bytes, at));
}

// Runs one pread or pwrite until BYTES are done.
template <typename Transfer>
bool transfer_all(Transfer transfer, std::uintptr_t host, std::size_t bytes) {
  std::size_t done = 0;
  while (done < bytes) {
    const ssize_t moved =
        transfer(done, bytes - done, static_cast<off_t>(host + done));
    if (moved <= 0)
      return false;
    done += static_cast<std::size_t>(moved);
  }
  return true;
}

// Threads that split large copies through /proc/self/mem between them: the
// kernel copies such a write a page at a time, at a fraction of memcpy's
// speed, and several threads copy side by side.  They touch no user
// memory, so they never fault on a guarded page themselves.
class CopyThreads {
public:
  static CopyThreads &get() {
    static CopyThreads *threads = new CopyThreads; // outlives exit's frees
    return *threads;
  }

  // Runs PIECE(i) for i in [0, count), the calling thread taking part.
  // False if any piece failed.
  template <typename Piece> bool run(unsigned count, Piece piece) {
    std::lock_guard<std::mutex> one_at_a_time(run_mutex_);
    std::unique_lock<std::mutex> lock(mutex_);
    work_ = [&piece](unsigned i) { return piece(i); };
    next_ = 0;
    count_ = count;
    pending_ = count;
    failed_ = false;
    ++generation_;
    wake_.notify_all();
    take_pieces(lock);
    done_.wait(lock, [&] { return pending_ == 0; });
    work_ = nullptr;
    return !failed_;
  }

  unsigned size() const { return static_cast<unsigned>(threads_.size()) + 1; }

private:
  CopyThreads() {
    const unsigned cores = std::thread::hardware_concurrency();
    const unsigned helpers = std::min(7u, cores > 1 ? cores / 2 : 0u);
    for (unsigned i = 0; i < helpers; ++i)
      threads_.emplace_back([this] { serve(); });
    for (std::thread &thread : threads_)
      thread.detach();
  }

  // The program's asynchronous signals go to its own threads: a handler
  // run here would wait for the lock this thread's copy needs.
  void serve() {
    const sigset_t asynchronous = asynchronous_signals();
    pthread_sigmask(SIG_BLOCK, &asynchronous, nullptr);
    std::unique_lock<std::mutex> lock(mutex_);
    std::uint64_t seen = 0;
    for (;;) {
      wake_.wait(lock, [&] { return generation_ != seen && next_ < count_; });
      take_pieces(lock);
      seen = generation_;
    }
  }

  // Runs pieces not yet taken, the lock released while each runs.
  void take_pieces(std::unique_lock<std::mutex> &lock) {
    while (next_ < count_) {
      const unsigned i = next_++;
      lock.unlock();
      const bool ok = work_(i);
      lock.lock();
      failed_ = failed_ || !ok;
      if (--pending_ == 0)
        done_.notify_all();
    }
  }

  std::mutex run_mutex_, mutex_;
  std::condition_variable wake_, done_;
  std::function<bool(unsigned)> work_;
  unsigned next_ = 0, count_ = 0, pending_ = 0;
  bool failed_ = false;
  std::uint64_t generation_ = 0;
  std::vector<std::thread> threads_;
};

// Splits [host, host + bytes) between the copy threads in runs of whole
// pages (a small copy stays on this thread).
template <typename Transfer>
bool transfer_split(Transfer transfer, std::uintptr_t host, std::size_t bytes) {
  if (own_memory() < 0)
    return false;
  constexpr std::size_t kSmallest = std::size_t{256} << 10;
  CopyThreads &threads = CopyThreads::get();
  const unsigned pieces = static_cast<unsigned>(std::min<std::size_t>(
      threads.size(), std::max<std::size_t>(1, bytes / kSmallest)));
  if (pieces == 1)
    return transfer_all(transfer, host, bytes);
  const std::size_t step = page_up(bytes / pieces);
  return threads.run(pieces, [&](unsigned i) {
    const std::size_t begin = std::min(bytes, i * step);
    const std::size_t end =
        i + 1 == pieces ? bytes : std::min(bytes, begin + step);
    return transfer_all(
        [&](std::size_t done, std::size_t left, off_t at) {
          return transfer(begin + done, left, at);
        },
        host + begin, end - begin);
  });
}

} // namespace

bool write_closed(std::uintptr_t host, const void *data, std::size_t bytes) {
  const char *from = static_cast<const char *>(data);
  return transfer_split(
      [&](std::size_t offset, std::size_t left, off_t at) {
        return raw_pwrite(from + offset, left, at);
      },
      host, bytes);
}

bool read_closed(void *data, std::uintptr_t host, std::size_t bytes) {
  char *to = static_cast<char *>(data);
  return transfer_split(
      [&](std::size_t offset, std::size_t left, off_t at) {
        return raw_pread(to + offset, left, at);
      },
      host, bytes);
}

bool replace_program_handler(const struct sigaction *action,
                             struct sigaction *old) {
  if (!handler_installed.load())
    return false;
  if (old)
    *old = previous_action;
  if (action)
    previous_action = *action;
  return true;
}

void forget_own_memory() {
  const int descriptor = own_memory_descriptor.exchange(kNotOpened);
  if (descriptor >= 0)
    ::close(descriptor);
}

namespace {

constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;

bool huge_pages_on_request() {
  static const bool on_request = [] {
    char mode[128] = "";
    const int fd =
        ::open("/sys/kernel/mm/transparent_hugepage/enabled", O_RDONLY);
    if (fd < 0)
      return false;
    const ssize_t got = read(fd, mode, sizeof mode - 1);
    close(fd);
    return got > 0 && std::strstr(mode, "[madvise]") != nullptr;
  }();
  return on_request;
}

} // namespace

Range huge_interior(Range pages) {
  const std::uintptr_t begin = (pages.begin + kHugePage - 1) & ~(kHugePage - 1),
                       end = pages.end & ~(kHugePage - 1);
  return begin + 2 * kHugePage <= end ? Range{begin, end} : Range{};
}

bool ask_huge_pages(Range pages) {
  const Range interior = huge_interior(pages);
  return settings().huge_pages && !interior.empty() &&
         huge_pages_on_request() &&
         syscall(SYS_madvise, interior.begin, interior.size(), MADV_HUGEPAGE) ==
             0;
}

void withdraw_huge_pages(Range pages) {
  const Range interior = huge_interior(pages);
  syscall(SYS_madvise, interior.begin, interior.size(), MADV_NOHUGEPAGE);
}

void register_resolver(FaultResolver &resolver) {
  registered.store(&resolver, std::memory_order_release);
}

void open(GuardedPages &pages) {
  if (pages.protection.empty())
    return;
  set_protection(pages.guarded, PROT_READ | PROT_WRITE);
  stretches_held.fetch_sub(static_cast<long>(pages.protection.size()),
                           std::memory_order_relaxed);
  pages.protection.clear();
}

} // namespace ferry::rt::page_guard
