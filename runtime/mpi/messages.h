// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
/* Messages of the host's message-passing library (MPI) on resident memory.
 *
 * ferry's MPI layer (runtime/mpi, libferry_mpi) wraps the MPI calls that
 * hand user memory to the library, through MPI's profiling interface, and
 * tells libferry what each does with which bytes:
 *
 *   a send            leaves from a staging buffer that holds the current
 *                     bytes when the buffer is resident: exactly the
 *                     device's newer bytes come back, and the host's pages
 *                     stay as they were
 *                     (__ferry_send_begin / __ferry_send_end)
 *   a receive         lands in a host staging buffer when the target is
 *                     resident, and only the bytes that arrived are copied
 *                     in and marked stale on the device when it completes
 *                     (__ferry_receive_begin / __ferry_receive_end), so a
 *                     receive moves nothing to or from the device itself
 *   a non-blocking    is in flight until its request completes: a kernel
 *   call              must not write a buffer being sent, nor touch one
 *                     being received into (rule 6 across a request).  In
 *                     check mode (FERRY_CHECK=1) such a launch is stopped
 *                     with a message naming the call.
 *
 * These entry points are plain C, like abi.h's: the MPI layer is a static
 * library linked into the program, ahead of the MPI library.
 */
#ifndef FERRY_RUNTIME_MESSAGES_H
#define FERRY_RUNTIME_MESSAGES_H

#include "abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where a send of BYTES from DATA must leave from: DATA itself when none of
 * it is resident, else a staging buffer holding the current bytes (the
 * device's newer bytes copied exactly, the host's read around the page
 * protection, which another process could not read through). */
FERRY_ABI_EXPORT const void *__ferry_send_begin(const void *data,
                                                unsigned long long bytes);
/* The send from STAGED (from __ferry_send_begin) completed. */
FERRY_ABI_EXPORT void __ferry_send_end(const void *data, const void *staged);

/* Where a receive of BYTES into DATA must land: DATA itself, or a staging
 * buffer when part of it is resident on the device. */
FERRY_ABI_EXPORT void *__ferry_receive_begin(void *data,
                                             unsigned long long bytes);
/* The receive into LANDING (from __ferry_receive_begin) completed with
 * RECEIVED bytes: they are DATA's now, and the device copy is stale there.
 * Frees a staging buffer. */
FERRY_ABI_EXPORT void __ferry_receive_end(void *data, void *landing,
                                          unsigned long long received);

/* A non-blocking CALL ("MPI_Irecv") that RECEIVES into, or else sends
 * from, [DATA, DATA + BYTES) started; returns the token of its
 * __ferry_message_done. */
FERRY_ABI_EXPORT unsigned long long
__ferry_message_begin(const void *data, unsigned long long bytes, int receives,
                      const char *call);
FERRY_ABI_EXPORT void __ferry_message_done(unsigned long long token);

#ifdef __cplusplus
}

#include "launch/alias_check.h"

#include <string>
#include <vector>

namespace ferry::rt {

// In check mode, the message that stops a launch of BUFFERS at SITE
// because one of them is in flight in a message; empty if none is (or when
// not in check mode).
std::string find_message_conflict(const LaunchSite &site,
                                  const std::vector<Buffer> &buffers);

} // namespace ferry::rt
#endif

#endif
