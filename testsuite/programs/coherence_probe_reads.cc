// A time loop that reads one element of a large buffer after each launch,
// in code the plugin does not see: each read fault brings back a window
// of 64 KiB from the page it hit, not the whole buffer (a 16 MiB buffer
// came back whole at every step: 107 MB against 210 MB naive, in a
// held-out run, where a hand-written target update moves 8 bytes).  A
// read fault elsewhere before the next launch brings back a window of its
// own (a halo routine reads a row at each end), and a host loop from the
// buffer's start takes one window, then, faulting where it ended, the
// rest.
// { ferry-stats "FERRY_DEVICE=sim" "launches=31 h2d_bytes=16777216 h2d_copies=1 d2h_bytes=18743296 d2h_copies=35 faults=34" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]]
void advance(long n, double dt, [[ferry::borrow_mut(n)]] double *u)
{
    for (long i = 0; i < n; ++i)
        u[i] += dt * (i % 7);
}

namespace {

struct Probe {
    const double *data;
    long at;
};

// Not instrumented: no kernel call, and the buffer travels in a struct.
__attribute__((noinline)) double read_probe(const Probe &probe)
{
    return probe.data[probe.at];
}

__attribute__((noinline)) double read_all(const double *data, long n)
{
    double sum = 0;
    for (long i = 0; i < n; ++i)
        sum += data[i];
    return sum;
}

} // namespace

int main()
{
    const long n = 2 * 1024 * 1024; // 16 MiB
    std::vector<double> u(n, 1.0);
    const Probe probe{u.data(), n / 2 + 5};
    double watched = 0;
    for (int step = 0; step < 30; ++step) {
        advance(n, 0.5, u.data());
        watched += read_probe(probe);
    }
    std::printf("probe total %g\n", watched);
    // Two reads inside, far apart: a window each.
    advance(n, 0.5, u.data());
    const Probe far{u.data(), n - 5};
    std::printf("two probes %g %g\n", read_probe(probe), read_probe(far));
    std::printf("sum %g\n", read_all(u.data(), n));
}
