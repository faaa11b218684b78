// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// pthread_create, seen by libferry: a new thread learns what kind of code
// it will run, for two reasons.
//
// Signals.  Threads that libgomp and the CUDA driver start while the
// program's thread is inside them through libferry (SignalsHeld,
// runtime.h) start with the asynchronous signals blocked, as libferry's
// own copy threads do: a handler run on one of them, while it holds a lock
// of the driver that ferry's copy needs, would wait forever (a timer's
// handler under FERRY_LAUNCH=omp on the H200; hooks/signal_hooks.cc).
//
// Heap.  A thread that does not run the program's code (one the GPU
// driver, MPI or libferry starts) takes its small blocks from glibc, not
// from the pages that buffers' guards may close (pages/small_blocks.h): its
// data then never shares a page with a buffer, and it never faults into
// ferry's handler, which could wait for a lock it holds.
#include "hooks/interposer.h"

#include "pages/small_blocks.h"

#include <pthread.h>
#include <signal.h>

extern "C" {
void *__libc_malloc(size_t);
void __libc_free(void *);
}

namespace {

struct PlainStart {
  void *(*start)(void *);
  void *argument;
};

void *start_plain_thread(void *raw) {
  const PlainStart plain = *static_cast<PlainStart *>(raw);
  __libc_free(raw);
  ferry::rt::small_blocks::mark_thread_plain();
  return plain.start(plain.argument);
}

} // namespace

FERRY_HOOK int pthread_create(pthread_t *thread,
                              const pthread_attr_t *attributes,
                              void *(*start)(void *), void *argument) {
  static auto real = ferry::rt::hooks::next<int (*)(
      pthread_t *, const pthread_attr_t *, void *(*)(void *), void *)>(
      "pthread_create");
  PlainStart *plain = nullptr;
  if (ferry::rt::small_blocks::enabled() &&
      !ferry::rt::small_blocks::program_thread_creator(
          __builtin_return_address(0)) &&
      (plain = static_cast<PlainStart *>(__libc_malloc(sizeof(PlainStart))))) {
    *plain = {start, argument};
    start = start_plain_thread;
    argument = plain;
  }
  int status;
  if (!ferry::rt::handlers_wait()) {
    status = real(thread, attributes, start, argument);
  } else {
    // The new thread inherits its creator's mask.
    const sigset_t blocked = ferry::rt::asynchronous_signals();
    sigset_t before;
    pthread_sigmask(SIG_BLOCK, &blocked, &before);
    status = real(thread, attributes, start, argument);
    pthread_sigmask(SIG_SETMASK, &before, nullptr);
  }
  if (status != 0)
    __libc_free(plain); // no thread took it
  return status;
}
