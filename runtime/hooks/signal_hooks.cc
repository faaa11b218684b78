// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The calls that set a SIGSEGV handler, seen by libferry.  Guarded pages
// (core/page_guard.h) fault into ferry's handler, which must stay first: a
// handler the program installs after it would receive ferry's faults, on
// memory that is only protected, and stop the program or take them for
// its own.  So once ferry's handler is installed, sigaction and signal for
// SIGSEGV set (and report) the program's own disposition, to which ferry's
// handler passes every fault that is not ferry's; the kernel keeps
// ferry's.  Other signals, and ferry's own calls, go to the C library.
//
// Not seen: the rt_sigaction system call made directly.  ferry then
// notices at the next change of a buffer's protection, warns once and
// puts its handler first again.
#include "hooks/interposer.h"

#include "core/page_guard.h"

#include <signal.h>

#include <cstring>

using ferry::rt::inside_runtime;
using ferry::rt::hooks::next;
namespace page_guard = ferry::rt::page_guard;

FERRY_HOOK int sigaction(int signal, const struct sigaction *action,
                         struct sigaction *old) {
  static auto real =
      next<int (*)(int, const struct sigaction *, struct sigaction *)>(
          "sigaction");
  if (signal == SIGSEGV && inside_runtime() == 0 &&
      page_guard::replace_program_handler(action, old))
    return 0;
  return real(signal, action, old);
}

// glibc's signal() has BSD semantics: the handler stays installed, and
// interrupted system calls restart.
FERRY_HOOK sighandler_t signal(int signal, sighandler_t handler) {
  static auto real = next<sighandler_t (*)(int, sighandler_t)>("signal");
  if (signal == SIGSEGV && inside_runtime() == 0) {
    struct sigaction action, old;
    std::memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaddset(&action.sa_mask, SIGSEGV);
    // sa_handler and sa_sigaction share their storage: a handler set with
    // SA_SIGINFO comes back as signal() returns it, by its address.
    if (page_guard::replace_program_handler(&action, &old))
      return old.sa_handler;
  }
  return real(signal, handler);
}
