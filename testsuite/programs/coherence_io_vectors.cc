// The vector and message forms of the system calls that hand user memory
// to the kernel, on buffers a kernel wrote last: pwritev, preadv (and
// their v2 forms), sendmmsg and recvmmsg over a socket pair, vmsplice into
// a pipe, and getrandom into a buffer a kernel reads next.  The kernel
// does not fault on a guarded page but fails with EFAULT, so each of these
// must bring back, or take over, exactly the bytes it is handed; before
// they were seen, the I/O silently did not happen on the sim device.
#include <ferry/ferry.hpp>

#include <fcntl.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

[[ferry::kernel]]
void fill(int n, double a, [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] = a * (i % 7) + 1.0;
}

[[ferry::kernel]]
double weighted(int n, [[ferry::borrow(n)]] const double *x)
{
    double s = 0;
    for (int i = 0; i < n; ++i)
        s += x[i] * (i % 5 + 1);
    return s;
}

[[ferry::kernel]]
void clear(int n, [[ferry::out(n)]] unsigned char *x)
{
    for (int i = 0; i < n; ++i)
        x[i] = 0;
}

[[ferry::kernel]]
unsigned long long ones(int n, [[ferry::borrow(n)]] const unsigned char *x)
{
    unsigned long long s = 0;
    for (int i = 0; i < n; ++i)
        s += x[i] != 0;
    return s;
}

namespace {

// Not instrumented: no kernel call, and the buffers travel as iovecs.
bool file_round_trip(double *a, double *b, int n, const char *path)
{
    const int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    if (fd < 0)
        return false;
    const std::size_t half = n / 2 * sizeof(double);
    struct iovec out[2] = {{a, half}, {a + n / 2, half}};
    bool ok = pwritev(fd, out, 2, 0) == (ssize_t)(2 * half) &&
              pwritev2(fd, out, 1, 2 * half, 0) == (ssize_t)half;
    struct iovec in[2] = {{b, half}, {b + n / 2, half}};
    ok = ok && preadv(fd, in, 2, 0) == (ssize_t)(2 * half);
    // The first half again, from the v2 form, into the second half.
    struct iovec again = {b + n / 2, half};
    ok = ok && preadv2(fd, &again, 1, 2 * half, 0) == (ssize_t)half;
    close(fd);
    unlink(path);
    return ok;
}

bool socket_round_trip(double *a, double *b, int n)
{
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_DGRAM, 0, pair) != 0)
        return false;
    const std::size_t part = 512 * sizeof(double);
    struct iovec out[2] = {{a, part}, {a + 512, part}};
    struct iovec in[2] = {{b, part}, {b + 512, part}};
    struct mmsghdr outgoing[2] = {}, incoming[2] = {};
    for (int i = 0; i < 2; ++i) {
        outgoing[i].msg_hdr.msg_iov = &out[i];
        outgoing[i].msg_hdr.msg_iovlen = 1;
        incoming[i].msg_hdr.msg_iov = &in[i];
        incoming[i].msg_hdr.msg_iovlen = 1;
    }
    const bool ok = n >= 1024 && sendmmsg(pair[0], outgoing, 2, 0) == 2 &&
                    recvmmsg(pair[1], incoming, 2, 0, nullptr) == 2;
    close(pair[0]);
    close(pair[1]);
    return ok;
}

bool pipe_round_trip(double *a, double *b, int n)
{
    int fds[2];
    if (pipe(fds) != 0)
        return false;
    const std::size_t bytes = 256 * sizeof(double);
    struct iovec part = {a + n - 256, bytes};
    const bool ok = vmsplice(fds[1], &part, 1, 0) == (ssize_t)bytes &&
                    read(fds[0], b, bytes) == (ssize_t)bytes;
    close(fds[0]);
    close(fds[1]);
    return ok;
}

} // namespace

int main()
{
    const int n = 1 << 14;
    std::vector<double> a(n), b(n);
    fill(n, 2.0, a.data());
    fill(n, 0.0, b.data());
    if (!file_round_trip(a.data(), b.data(), n, "coherence_io_vectors.tmp"))
        return 1;
    std::printf("files: %g of %g\n", weighted(n, b.data()),
                weighted(n, a.data()));

    fill(n, 3.0, a.data());
    fill(n, 0.0, b.data());
    if (!socket_round_trip(a.data(), b.data(), n))
        return 2;
    std::printf("sockets: %g\n", weighted(n, b.data()));

    fill(n, 5.0, a.data());
    fill(n, 0.0, b.data());
    if (!pipe_round_trip(a.data(), b.data(), n))
        return 3;
    std::printf("pipe: %g\n", weighted(n, b.data()));

    // Random bytes differ from run to run: whether getrandom filled the
    // buffer a kernel cleared is what both builds print.
    std::vector<unsigned char> noise(1 << 14);
    clear((int)noise.size(), noise.data());
    if (getrandom(noise.data(), noise.size(), 0) != (ssize_t)noise.size())
        return 4;
    const unsigned long long nonzero = ones((int)noise.size(), noise.data());
    std::printf("getrandom: %s\n",
                nonzero > noise.size() / 2 ? "filled" : "empty");
}
