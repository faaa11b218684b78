// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The system calls and stdio functions that hand user memory to the
// kernel, seen by libferry.  The kernel does not fault on a guarded page
// (page_guard.h), it returns EFAULT; and without guarded pages, code the
// plugin did not instrument would write stale bytes.  So each of these
// brings back what the device changed in exactly the bytes it is given
// before it writes them out, and before it reads into them, also makes
// them the host's (the device copy goes stale).  glibc's own calls from
// fwrite to write cannot be interposed, hence fwrite and fread themselves.
//
// Covered: read, write, pread, pwrite, readv, writev, preadv, pwritev and
// their 64-bit and v2 forms, send, sendto, sendmsg, sendmmsg, recv,
// recvfrom, recvmsg, recvmmsg, getrandom, vmsplice, the local side of
// process_vm_readv and process_vm_writev, fread and fwrite.  Not covered,
// and listed in the user guide: calls made with syscall(2) directly, and
// io_uring, whose buffers the kernel reads after the submission returns.
//
// While nothing is resident the cost is one atomic load.
#include "hooks/interposer.h"

#include "residency/transfers.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

namespace ferry::rt {

namespace {

void before_output(const void *data, std::size_t bytes) {
  if (handed_range_resident(data, bytes))
    host_access().sync_to_host(data, bytes);
}

void before_input(void *data, std::size_t bytes) {
  if (handed_range_resident(data, bytes))
    host_access().host_wrote(data, bytes);
}

void before_output(const struct iovec *parts, int count) {
  for (int i = 0; parts && i < count; ++i)
    before_output(parts[i].iov_base, parts[i].iov_len);
}

void before_input(const struct iovec *parts, int count) {
  for (int i = 0; parts && i < count; ++i)
    before_input(parts[i].iov_base, parts[i].iov_len);
}

} // namespace

} // namespace ferry::rt

using namespace ferry::rt;
using ferry::rt::hooks::next;

FERRY_HOOK ssize_t write(int fd, const void *data, size_t bytes) {
  static auto real = next<ssize_t (*)(int, const void *, size_t)>("write");
  before_output(data, bytes);
  return real(fd, data, bytes);
}

FERRY_HOOK ssize_t read(int fd, void *data, size_t bytes) {
  static auto real = next<ssize_t (*)(int, void *, size_t)>("read");
  before_input(data, bytes);
  return real(fd, data, bytes);
}

FERRY_HOOK ssize_t pwrite64(int fd, const void *data, size_t bytes,
                            off64_t offset) {
  static auto real =
      next<ssize_t (*)(int, const void *, size_t, off64_t)>("pwrite64");
  before_output(data, bytes);
  return real(fd, data, bytes, offset);
}

FERRY_HOOK ssize_t pread64(int fd, void *data, size_t bytes, off64_t offset) {
  static auto real = next<ssize_t (*)(int, void *, size_t, off64_t)>("pread64");
  before_input(data, bytes);
  return real(fd, data, bytes, offset);
}

FERRY_HOOK ssize_t pwrite(int fd, const void *data, size_t bytes,
                          off_t offset) {
  return pwrite64(fd, data, bytes, offset);
}

FERRY_HOOK ssize_t pread(int fd, void *data, size_t bytes, off_t offset) {
  return pread64(fd, data, bytes, offset);
}

FERRY_HOOK ssize_t writev(int fd, const struct iovec *parts, int count) {
  static auto real =
      next<ssize_t (*)(int, const struct iovec *, int)>("writev");
  before_output(parts, count);
  return real(fd, parts, count);
}

FERRY_HOOK ssize_t readv(int fd, const struct iovec *parts, int count) {
  static auto real = next<ssize_t (*)(int, const struct iovec *, int)>("readv");
  before_input(parts, count);
  return real(fd, parts, count);
}

FERRY_HOOK ssize_t preadv(int fd, const struct iovec *parts, int count,
                          off_t offset) {
  static auto real =
      next<ssize_t (*)(int, const struct iovec *, int, off_t)>("preadv");
  before_input(parts, count);
  return real(fd, parts, count, offset);
}

FERRY_HOOK ssize_t pwritev(int fd, const struct iovec *parts, int count,
                           off_t offset) {
  static auto real =
      next<ssize_t (*)(int, const struct iovec *, int, off_t)>("pwritev");
  before_output(parts, count);
  return real(fd, parts, count, offset);
}

// glibc's 64-bit-offset names of the same functions, which a program built
// with _FILE_OFFSET_BITS=64 calls.
FERRY_HOOK ssize_t preadv64(int fd, const struct iovec *parts, int count,
                            off64_t offset) {
  return preadv(fd, parts, count, offset);
}

FERRY_HOOK ssize_t pwritev64(int fd, const struct iovec *parts, int count,
                             off64_t offset) {
  return pwritev(fd, parts, count, offset);
}

FERRY_HOOK ssize_t preadv2(int fd, const struct iovec *parts, int count,
                           off_t offset, int flags) {
  static auto real =
      next<ssize_t (*)(int, const struct iovec *, int, off_t, int)>("preadv2");
  before_input(parts, count);
  return real(fd, parts, count, offset, flags);
}

FERRY_HOOK ssize_t pwritev2(int fd, const struct iovec *parts, int count,
                            off_t offset, int flags) {
  static auto real =
      next<ssize_t (*)(int, const struct iovec *, int, off_t, int)>("pwritev2");
  before_output(parts, count);
  return real(fd, parts, count, offset, flags);
}

FERRY_HOOK ssize_t preadv64v2(int fd, const struct iovec *parts, int count,
                              off64_t offset, int flags) {
  return preadv2(fd, parts, count, offset, flags);
}

FERRY_HOOK ssize_t pwritev64v2(int fd, const struct iovec *parts, int count,
                               off64_t offset, int flags) {
  return pwritev2(fd, parts, count, offset, flags);
}

FERRY_HOOK ssize_t getrandom(void *data, size_t bytes, unsigned flags) {
  static auto real = next<ssize_t (*)(void *, size_t, unsigned)>("getrandom");
  before_input(data, bytes);
  return real(data, bytes, flags);
}

// A pipe takes the bytes of user memory in; with SPLICE_F_GIFT it may take
// the pages themselves, which then must hold the host's bytes too.
FERRY_HOOK ssize_t vmsplice(int fd, const struct iovec *parts,
                            unsigned long count, unsigned flags) {
  static auto real =
      next<ssize_t (*)(int, const struct iovec *, unsigned long, unsigned)>(
          "vmsplice");
  before_output(parts, static_cast<int>(count));
  return real(fd, parts, count, flags);
}

// Another process's memory to and from this one's: only the local side is
// ferry's, written when LOCAL_WRITTEN (process_vm_readv), else read.
using ProcessVmCall = ssize_t (*)(pid_t, const struct iovec *, unsigned long,
                                  const struct iovec *, unsigned long,
                                  unsigned long);

template <bool kLocalWritten>
ssize_t process_vm(const char *name, pid_t pid, const struct iovec *local,
                   unsigned long local_count, const struct iovec *remote,
                   unsigned long remote_count, unsigned long flags) {
  static auto real = next<ProcessVmCall>(name);
  if (kLocalWritten)
    before_input(local, static_cast<int>(local_count));
  else
    before_output(local, static_cast<int>(local_count));
  return real(pid, local, local_count, remote, remote_count, flags);
}

FERRY_HOOK ssize_t process_vm_readv(pid_t pid, const struct iovec *local,
                                    unsigned long local_count,
                                    const struct iovec *remote,
                                    unsigned long remote_count,
                                    unsigned long flags) {
  return process_vm<true>("process_vm_readv", pid, local, local_count, remote,
                          remote_count, flags);
}

FERRY_HOOK ssize_t process_vm_writev(pid_t pid, const struct iovec *local,
                                     unsigned long local_count,
                                     const struct iovec *remote,
                                     unsigned long remote_count,
                                     unsigned long flags) {
  return process_vm<false>("process_vm_writev", pid, local, local_count, remote,
                           remote_count, flags);
}

FERRY_HOOK ssize_t send(int fd, const void *data, size_t bytes, int flags) {
  static auto real = next<ssize_t (*)(int, const void *, size_t, int)>("send");
  before_output(data, bytes);
  return real(fd, data, bytes, flags);
}

FERRY_HOOK ssize_t recv(int fd, void *data, size_t bytes, int flags) {
  static auto real = next<ssize_t (*)(int, void *, size_t, int)>("recv");
  before_input(data, bytes);
  return real(fd, data, bytes, flags);
}

FERRY_HOOK ssize_t sendto(int fd, const void *data, size_t bytes, int flags,
                          const struct sockaddr *to, socklen_t to_bytes) {
  static auto real =
      next<ssize_t (*)(int, const void *, size_t, int, const struct sockaddr *,
                       socklen_t)>("sendto");
  before_output(data, bytes);
  return real(fd, data, bytes, flags, to, to_bytes);
}

FERRY_HOOK ssize_t recvfrom(int fd, void *data, size_t bytes, int flags,
                            struct sockaddr *from, socklen_t *from_bytes) {
  static auto real = next<ssize_t (*)(
      int, void *, size_t, int, struct sockaddr *, socklen_t *)>("recvfrom");
  before_input(data, bytes);
  return real(fd, data, bytes, flags, from, from_bytes);
}

FERRY_HOOK ssize_t sendmsg(int fd, const struct msghdr *message, int flags) {
  static auto real =
      next<ssize_t (*)(int, const struct msghdr *, int)>("sendmsg");
  if (message)
    before_output(message->msg_iov, static_cast<int>(message->msg_iovlen));
  return real(fd, message, flags);
}

FERRY_HOOK ssize_t recvmsg(int fd, struct msghdr *message, int flags) {
  static auto real = next<ssize_t (*)(int, struct msghdr *, int)>("recvmsg");
  if (message)
    before_input(message->msg_iov, static_cast<int>(message->msg_iovlen));
  return real(fd, message, flags);
}

FERRY_HOOK int sendmmsg(int fd, struct mmsghdr *messages, unsigned count,
                        int flags) {
  static auto real =
      next<int (*)(int, struct mmsghdr *, unsigned, int)>("sendmmsg");
  for (unsigned i = 0; messages && i < count; ++i)
    before_output(messages[i].msg_hdr.msg_iov,
                  static_cast<int>(messages[i].msg_hdr.msg_iovlen));
  return real(fd, messages, count, flags);
}

FERRY_HOOK int recvmmsg(int fd, struct mmsghdr *messages, unsigned count,
                        int flags, struct timespec *timeout) {
  static auto real =
      next<int (*)(int, struct mmsghdr *, unsigned, int, struct timespec *)>(
          "recvmmsg");
  for (unsigned i = 0; messages && i < count; ++i)
    before_input(messages[i].msg_hdr.msg_iov,
                 static_cast<int>(messages[i].msg_hdr.msg_iovlen));
  return real(fd, messages, count, flags, timeout);
}

FERRY_HOOK size_t fwrite(const void *data, size_t size, size_t count,
                         FILE *stream) {
  static auto real =
      next<size_t (*)(const void *, size_t, size_t, FILE *)>("fwrite");
  size_t bytes = 0;
  if (!__builtin_mul_overflow(size, count, &bytes))
    before_output(data, bytes);
  return real(data, size, count, stream);
}

FERRY_HOOK size_t fread(void *data, size_t size, size_t count, FILE *stream) {
  static auto real = next<size_t (*)(void *, size_t, size_t, FILE *)>("fread");
  size_t bytes = 0;
  if (!__builtin_mul_overflow(size, count, &bytes))
    before_input(data, bytes);
  return real(data, size, count, stream);
}
