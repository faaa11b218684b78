// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The stack the calling code runs on, which no device copy may outlive
// the function that launched on it (launch/frames.h), and whose pages
// the resident policy guards only while its launches run
// (residency/resident_transfers.cc).
#ifndef FERRY_RUNTIME_STACKS_H
#define FERRY_RUNTIME_STACKS_H

#include "pages/host_pages.h"

namespace ferry::rt::stacks {

// The calling thread's own stack, as pthreads made it; empty where it
// cannot say.
Range thread_stack();

// The main thread's stack, which other threads may launch on too: the
// local arrays of main (or of a function it called), shared with the
// threads of an OpenMP parallel region that run their kernels.
Range main_stack();

// The stack the calling code runs on: the thread's, or the heap block
// that holds the stack pointer, where a coroutine runs on a stack of its
// own (makecontext's, boost.context's); empty where neither holds it.
Range current_stack();

} // namespace ferry::rt::stacks

#endif
