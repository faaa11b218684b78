// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// State that stays usable until the process ends, for kernels launched
// from atexit handlers, static destructors and threads still running
// after main returns.
//
// A thread_local object of the main thread is destroyed at exit, before
// the atexit handlers and the static destructors run; a launch from one of
// them then used the freed vectors of its launch state (sim device:
// "malloc(): unaligned tcache chunk detected").  ThreadLasting<T> is a
// thread_local T that the main thread never destroys (the process ends
// anyway); other threads' are destroyed when those threads exit.  Like a
// plain thread_local T, it needs no initialisation code on access when T's
// default constructor is constexpr.
//
// Function-local statics of libferry that code after main may reach are
// never destroyed for the same reason (allocated once with new).
#ifndef FERRY_RUNTIME_CORE_LASTING_H
#define FERRY_RUNTIME_CORE_LASTING_H

#include <sys/types.h>
#include <unistd.h>

namespace ferry::rt {

template <class T> class ThreadLasting {
public:
  constexpr ThreadLasting() : value() {}
  ~ThreadLasting() {
    if (gettid() != getpid())
      value.~T();
  }
  ThreadLasting(const ThreadLasting &) = delete;
  ThreadLasting &operator=(const ThreadLasting &) = delete;

  union {
    T value;
  };
};

} // namespace ferry::rt

#endif
