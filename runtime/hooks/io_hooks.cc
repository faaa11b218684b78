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
// While nothing is resident the cost is one atomic load.
#include "hooks/interposer.h"

#include "core/transfers.h"

#include <stdio.h>
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
