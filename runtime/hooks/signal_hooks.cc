// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The calls that set signal handlers, seen by libferry, for two reasons.
//
// SIGSEGV.  Guarded pages (pages/page_guard.h) fault into ferry's handler,
// which must stay first: a handler the program installs after it would
// receive ferry's faults, on memory that is only protected, and stop the
// program or take them for its own.  So once ferry's handler is
// installed, sigaction and signal for SIGSEGV set (and report) the
// program's own disposition, to which ferry's handler passes every fault
// that is not ferry's; the kernel keeps ferry's.
//
// Asynchronous signals (a timer's SIGALRM, SIGUSR1, SIGCHLD, ...).  A
// handler may read or write a buffer.  Run while its thread holds the
// policy's lock inside libferry, its access would fault into that lock
// and hang (4 of 8 runs of a timer that reads a buffer during launches).
// So the program's handler is installed behind a trampoline that, while
// the thread is inside libferry or inside a call libferry interposes whose
// locks ferry's copies take too (malloc's arena, libgomp, the CUDA driver:
// SignalsHeld, runtime.h), notes the signal and returns; the end of that
// raises it again, and the handler runs then, as if the signal had come a
// few microseconds later.  The same holds from a launch's beginning to its
// end (launches_open, runtime.h): a handler that leaves with siglongjmp
// would leave the launch half made.  Not held: calls inside the C library that
// allocate with its internal malloc (fopen, printf's buffers); a handler
// that touches a buffer may wait there, and should be blocked around such
// calls, or call ferry::sync on the buffer before the signal can come.  Queries
// report the program's own action.  The synchronous signals (SIGBUS,
// SIGFPE, SIGILL, SIGTRAP, SIGSYS) come from the code that runs and
// cannot wait: they go to the C library unchanged, as ferry's own calls
// do.
//
// Threads that libgomp and the CUDA driver start while the program's
// thread is inside them through libferry start with the asynchronous
// signals blocked (hooks/thread_hooks.cc).
//
// Not seen: the rt_sigaction system call made directly.  For SIGSEGV ferry
// then notices at the next change of a buffer's protection, warns once
// and puts its handler first again.
#include "hooks/interposer.h"

#include "pages/page_guard.h"

#include <signal.h>

#include <atomic>
#include <cstring>

using ferry::rt::inside_runtime;
using ferry::rt::signals_deferred;
using ferry::rt::hooks::next;
namespace page_guard = ferry::rt::page_guard;

namespace {

using Sigaction = int (*)(int, const struct sigaction *, struct sigaction *);

Sigaction real_sigaction() {
  static auto real = next<Sigaction>("sigaction");
  return real;
}

bool is_synchronous(int signal) {
  const sigset_t asynchronous = ferry::rt::asynchronous_signals();
  return sigismember(&asynchronous, signal) == 0;
}

// The program's own action for each asynchronous signal it handles, and
// which signals this thread noted while inside libferry.
struct sigaction program_actions[NSIG];
std::atomic<bool> trampolined[NSIG];
thread_local sigset_t pending;

bool is_handler(const struct sigaction &action) {
  return (action.sa_flags & SA_SIGINFO) ||
         (action.sa_handler != SIG_DFL && action.sa_handler != SIG_IGN);
}

void trampoline(int signal, siginfo_t *info, void *context) {
  if (ferry::rt::handlers_wait()) {
    sigaddset(&pending, signal);
    signals_deferred() = true;
    return;
  }
  const struct sigaction &action = program_actions[signal];
  if (action.sa_flags & SA_SIGINFO)
    action.sa_sigaction(signal, info, context);
  else if (action.sa_handler != SIG_DFL && action.sa_handler != SIG_IGN)
    action.sa_handler(signal);
}

// Sets SIGNAL's action for the program, with the trampoline in front of a
// handler; OLD receives the program's previous action.
int set_program_action(int signal, const struct sigaction *action,
                       struct sigaction *old) {
  struct sigaction previous;
  const int status = real_sigaction()(signal, nullptr, &previous);
  if (status != 0)
    return status;
  if (trampolined[signal].load())
    previous = program_actions[signal];
  if (action && is_handler(*action)) {
    struct sigaction in_front = *action;
    in_front.sa_sigaction = trampoline;
    in_front.sa_flags |= SA_SIGINFO;
    // What the program's handler runs with; the trampoline reads it.
    program_actions[signal] = *action;
    trampolined[signal].store(true);
    if (real_sigaction()(signal, &in_front, nullptr) != 0)
      return -1;
  } else if (action) {
    trampolined[signal].store(false);
    if (real_sigaction()(signal, action, nullptr) != 0)
      return -1;
  }
  if (old)
    *old = previous;
  return 0;
}

} // namespace

namespace ferry::rt {

void deliver_deferred_signals() {
  signals_deferred() = false;
  for (int signal = 1; signal < NSIG; ++signal)
    if (sigismember(&pending, signal) == 1) {
      sigdelset(&pending, signal);
      raise(signal);
    }
}

} // namespace ferry::rt

FERRY_HOOK int sigaction(int signal, const struct sigaction *action,
                         struct sigaction *old) {
  if (inside_runtime() > 0 || signal <= 0 || signal >= NSIG ||
      signal == SIGKILL || signal == SIGSTOP)
    return real_sigaction()(signal, action, old);
  if (signal == SIGSEGV)
    return page_guard::replace_program_handler(action, old)
               ? 0
               : real_sigaction()(signal, action, old);
  if (is_synchronous(signal))
    return real_sigaction()(signal, action, old);
  return set_program_action(signal, action, old);
}

// glibc's signal() has BSD semantics: the handler stays installed, the
// signal is blocked while it runs, and interrupted system calls restart.
FERRY_HOOK sighandler_t signal(int signal, sighandler_t handler) {
  struct sigaction action, old;
  std::memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  sigaddset(&action.sa_mask, signal);
  // sa_handler and sa_sigaction share their storage: a handler set with
  // SA_SIGINFO comes back as signal() returns it, by its address.
  return sigaction(signal, &action, &old) == 0 ? old.sa_handler : SIG_ERR;
}
