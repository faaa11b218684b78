// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// What every interposer of runtime/hooks/ shares: the definitions libferry
// puts in front of libc's and libgomp's, and the rules they keep.
//
// An interposer is a function of the C library or libgomp that libferry
// defines too; as a library the program links before them, its definition
// is the one the program and its other libraries call.  Each does ferry's
// part, then goes on to the definition the program would have called
// (next(), or glibc's __libc_* and the raw system call where dlsym itself
// could call it).  The rules:
//   - Re-entry.  ferry's own code calls these functions too (its frees,
//     copies and protection changes); those are not the program's and are
//     left alone: program_call() is false inside a RuntimeScope
//     (runtime.h).  Before the policy exists nothing is resident, and an
//     interposer must not make it.
//   - Cost.  While nothing is resident an interposer costs one atomic load
//     and the call it forwards.
//   - errno.  The caller sees the errno of the call it made: ferry's part
//     runs before the forwarded call, and where ferry's part runs after it
//     (or the function must leave errno alone, as free), a PreservedErrno
//     keeps the caller's.
//   - Threads.  Any thread may call one, including the GPU driver's and
//     libgomp's own, which must never wait for a lock a launch holds; the
//     policy's host-access calls that any thread may make say so
//     (residency/transfers.h).
//   - Allocation.  The memory interposers must not allocate through the
//     heap they interpose; they use glibc's __libc_* directly.
#ifndef FERRY_RUNTIME_HOOKS_INTERPOSER_H
#define FERRY_RUNTIME_HOOKS_INTERPOSER_H

#include "runtime.h"

#include <dlfcn.h>

#include <cerrno>

// An interposer's definition: C linkage, and visible although libferry
// hides everything else.
#define FERRY_HOOK extern "C" __attribute__((visibility("default")))

namespace ferry::rt::hooks {

// The definition the program would have called without libferry.
template <class Function> Function next(const char *name) {
  return reinterpret_cast<Function>(dlsym(RTLD_NEXT, name));
}

// Whether the call comes from the program (not from ferry's own code) at a
// time ferry may hold device copies.
inline bool program_call() { return inside_runtime() == 0 && policy_created(); }

// Keeps the caller's errno across ferry's part of an interposer.
class PreservedErrno {
public:
  PreservedErrno() : saved_(errno) {}
  ~PreservedErrno() { errno = saved_; }
  PreservedErrno(const PreservedErrno &) = delete;
  PreservedErrno &operator=(const PreservedErrno &) = delete;

private:
  int saved_;
};

} // namespace ferry::rt::hooks

#endif
