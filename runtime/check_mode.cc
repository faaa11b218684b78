// See check_mode.h.
#include "check_mode.h"

#include "settings.h"
#include "transfers.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

namespace ferry::rt::check_mode {

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

// The whole pages inside BUFFER.
Range own_pages(Range buffer) {
  return {page_up(buffer.begin), page_down(buffer.end)};
}

struct sigaction previous_action;

// A fault on a protected page: report it and stop.  Anything else goes to
// the handler that was there before.
void on_fault(int, siginfo_t *info, void *context) {
  const char *name = transfers().name_at(info->si_addr);
  if (!name) {
    sigaction(SIGSEGV, &previous_action, nullptr);
    return; // the access faults again, without ferry's handler
  }
  bool write = false;
#if defined(__x86_64__)
  write = (static_cast<ucontext_t *>(context)->uc_mcontext.gregs[REG_ERR] &
           2) != 0;
#else
  (void)context;
#endif
  char message[640];
  int length = std::snprintf(
      message, sizeof message,
      "ferry: FERRY_CHECK: the host %s %p, in buffer '%s', without telling "
      "ferry: %s\n"
      "ferry: compile the code that touches it with ferry-g++, or call "
      "ferry::sync(ptr, count) before the host reads it and "
      "ferry::sync(ptr, count, ferry::access::write) before it writes it\n",
      write ? "wrote" : "read", info->si_addr, name,
      write ? "the device holds a copy that would be stale"
            : "the device holds newer data, so the read would be stale");
  if (length > 0)
    ::write(STDERR_FILENO, message,
            std::min<std::size_t>(length, sizeof message - 1));
  _exit(EXIT_FAILURE);
}

void install_handler() {
  static std::once_flag installed;
  std::call_once(installed, [] {
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_sigaction = on_fault;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, &previous_action);
  });
}

void set_protection(Range range, int protection) {
  if (range.empty())
    return;
  if (mprotect(reinterpret_cast<void *>(range.begin), range.size(),
               protection) != 0) {
    std::perror("ferry: FERRY_CHECK: mprotect");
    std::exit(EXIT_FAILURE);
  }
}

Range intersect(Range a, Range b) {
  return {std::max(a.begin, b.begin), std::min(a.end, b.end)};
}

} // namespace

bool enabled() { return settings().check; }

std::vector<Range> shared_pages(Range buffer) {
  const Range own = own_pages(buffer);
  if (own.empty())
    return {buffer};
  std::vector<Range> parts;
  if (buffer.begin < own.begin)
    parts.push_back({buffer.begin, own.begin});
  if (own.end < buffer.end)
    parts.push_back({own.end, buffer.end});
  return parts;
}

Range widen_to_pages(Range range, Range buffer) {
  return intersect({page_down(range.begin), page_up(range.end)}, buffer);
}

void protect(const ResidentBuffer &entry) {
  const Range own = own_pages(entry.host);
  if (own.empty())
    return;
  install_handler();
  set_protection(own, PROT_READ);
  // Pages the host may write freely: the device copy is stale on all of it.
  for (const Range &part : entry.stale_on_device.parts_within(own))
    set_protection({page_up(part.begin), page_down(part.end)},
                   PROT_READ | PROT_WRITE);
  for (const Range &part : entry.stale_on_host.parts_within(own))
    set_protection(intersect({page_down(part.begin), page_up(part.end)}, own),
                   PROT_NONE);
}

void unprotect(Range buffer) {
  set_protection(own_pages(buffer), PROT_READ | PROT_WRITE);
}

} // namespace ferry::rt::check_mode
