// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See stacks.h.
#include "pages/stacks.h"

#include "pages/heap_blocks.h"

#include <pthread.h>

namespace ferry::rt::stacks {

namespace {

// A plain thread_local: asked on every launch, found once per thread.
thread_local Range own_stack;
Range main_thread_stack;

__attribute__((noinline)) Range find_thread_stack() {
  pthread_attr_t attributes;
  void *low = nullptr;
  std::size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
    pthread_attr_getstack(&attributes, &low, &size);
    pthread_attr_destroy(&attributes);
  }
  own_stack = range_of(low, size);
  return own_stack;
}

// The main thread's stack is found now, as libferry loads, before any of
// its pages is guarded: glibc reads the main thread's from
// /proc/self/maps and ends it at the mapping below the one that holds the
// stack's top, so once a guard has split the stack's mapping, it would
// answer only the part above the guarded page.  Arrays of the function
// below it would then not count as the stack's, and their pages would
// stay guarded after the function returned, under frames that later
// calls push there (a SIGSEGV in code that cannot take the fault, such as
// the exit handlers).
__attribute__((constructor)) void find_main_stack_early() {
  main_thread_stack = find_thread_stack();
}

} // namespace

Range thread_stack() {
  return __builtin_expect(own_stack.size() != 0, 1) ? own_stack
                                                    : find_thread_stack();
}

Range main_stack() { return main_thread_stack; }

Range current_stack() {
  const Range here = range_of(__builtin_frame_address(0), 1);
  const Range stack = thread_stack();
  if (stack.contains(here))
    return stack;
  heap_blocks::Block block;
  return heap_blocks::find(__builtin_frame_address(0), &block) ? block.range
                                                               : Range{};
}

} // namespace ferry::rt::stacks
