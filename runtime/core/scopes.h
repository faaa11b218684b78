// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// What the calling thread is in, as scopes that count how deep: the
// runtime's own code (its frees, copies and protection changes are not
// the program's, and the interposers leave them alone), a call into
// libgomp or the CUDA driver, a launch, and libferry's own allocations.
// The program's signal handlers wait while any of these runs
// (hooks/signal_hooks.cc delivers them as the outermost ends).
#ifndef FERRY_RUNTIME_CORE_SCOPES_H
#define FERRY_RUNTIME_CORE_SCOPES_H

#include <signal.h>

#include <initializer_list>

namespace ferry::rt {

// The per-thread depths behind the scopes below.  Defined here, so that a
// scope costs a thread-local increment (libferry's TLS is initial-exec)
// rather than a call: a launch enters some thirty of them.
inline thread_local int inside_runtime_depth = 0;
inline thread_local int own_allocations_depth = 0;
inline thread_local int signals_held_depth = 0;
inline thread_local int library_calls_depth = 0;
inline thread_local int launches_open_depth = 0;
inline thread_local bool signals_deferred_flag = false;

inline int &inside_runtime() { return inside_runtime_depth; }

// How deep this thread is in code that the program's signal handlers must
// not interrupt (hooks/signal_hooks.cc): a handler that touches a buffer
// faults into ferry, whose copy may take a lock the interrupted code holds
// (the policy's, malloc's arena, libgomp's, the CUDA driver's).  Such
// handlers wait, and run when the outermost SignalsHeld ends.
inline int &signals_held() { return signals_held_depth; }
// How many launches this thread has begun and not ended (entry.cc): the
// handlers wait for their ends too, since a handler that jumps out with
// siglongjmp, or launches, would leave a launch half made.  Nothing else
// of SignalsHeld applies there: the kernel's host-fallback region runs
// the program's code, and the threads it starts are the program's.
inline int &launches_open() { return launches_open_depth; }
inline bool handlers_wait() {
  return signals_held() > 0 || launches_open() > 0;
}
inline bool &signals_deferred() { return signals_deferred_flag; }
void deliver_deferred_signals();

// Every signal but the synchronous ones (SIGSEGV, SIGBUS, SIGFPE, SIGILL,
// SIGTRAP, SIGSYS), which come from the code that runs and, blocked,
// would kill the process.
inline sigset_t asynchronous_signals() {
  sigset_t signals;
  sigfillset(&signals);
  for (int synchronous : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS})
    sigdelset(&signals, synchronous);
  return signals;
}

class SignalsHeld {
public:
  SignalsHeld() { ++signals_held(); }
  ~SignalsHeld() {
    if (--signals_held() == 0 && !handlers_wait() && signals_deferred())
      deliver_deferred_signals();
  }
  SignalsHeld(const SignalsHeld &) = delete;
  SignalsHeld &operator=(const SignalsHeld &) = delete;
};

// How deep this thread is in a call to libgomp or the CUDA driver that a
// launch or the program makes (LibraryCall).  They free and unmap memory
// of their own while holding their own locks (libgomp's device lock,
// around its mapping tables), which a holder of the residency table's
// lock may be waiting for in a copy: the hooks that see those frees
// must not wait for that lock (resident_transfers.cc, host_freeing).
inline int &library_calls() { return library_calls_depth; }

// Marks a call into libgomp or the CUDA driver for as long as it lives;
// the program's signal handlers wait until it ends.
class LibraryCall {
public:
  LibraryCall() { ++library_calls(); }
  ~LibraryCall() { --library_calls(); }
  LibraryCall(const LibraryCall &) = delete;
  LibraryCall &operator=(const LibraryCall &) = delete;

private:
  SignalsHeld held_; // ends after the depth is back
};

// Marks the runtime's own code for as long as it lives: its frees, copies
// and protection changes are not the program's, and the program's signal
// handlers wait until it ends.
class RuntimeScope {
public:
  RuntimeScope() { ++inside_runtime(); }
  ~RuntimeScope() { --inside_runtime(); }
  RuntimeScope(const RuntimeScope &) = delete;
  RuntimeScope &operator=(const RuntimeScope &) = delete;

private:
  SignalsHeld held_; // ends after the depth is back
};

inline int &own_allocations() { return own_allocations_depth; }

// Marks libferry's own steps that run outside a RuntimeScope (a launch's
// entry points, the host-sync frames), where faults must still resolve:
// their allocations are glibc's, never beside the program's buffers in
// libferry's small blocks (pages/small_blocks.h), and their frees skip the
// residency table (a dozen blocks a launch).
class OwnAllocations {
public:
  OwnAllocations() { ++own_allocations(); }
  ~OwnAllocations() { --own_allocations(); }
  OwnAllocations(const OwnAllocations &) = delete;
  OwnAllocations &operator=(const OwnAllocations &) = delete;
};

} // namespace ferry::rt

#endif
