// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// libferry's messages on stderr: every line begins with message_prefix()
// ("ferry: ", or "ferry: rank 3: " in an MPI job; core/ranks.h), so that
// no message writes its prefix by hand.  Three write their own: the fault
// handler's report and the small-block allocator's (a signal handler and
// an allocator may not allocate: pages/page_guard.cc, small_blocks.cc),
// and the MPI layer's, linked apart from libferry (mpi/ferry_mpi.cc).
#ifndef FERRY_RUNTIME_CORE_MESSAGES_H
#define FERRY_RUNTIME_CORE_MESSAGES_H

namespace ferry::rt {

// Prints FORMAT (printf's) with each of its lines prefixed.
void tell(const char *format, ...) __attribute__((format(printf, 1, 2)));

// The same, then stops the program with exit status 1.
[[noreturn]] void fatal(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

} // namespace ferry::rt

#endif
