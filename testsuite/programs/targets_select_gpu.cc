// Buffers that move between two targets: ferry::select_gpu switches the
// target of later kernels, and a buffer resident on the other one comes
// over, by a copy between the two devices (a peer copy), or through the
// host where they cannot make one (FERRY_PEER_COPIES=0: what the old
// target holds newer first comes back), with the host reading and writing
// in between.  With FERRY_SIM_DEVICES=2 the sim device stands for two
// GPUs, each with memory of its own, so a missing move gives stale or
// poisoned answers; with one target nothing moves.
// { ferry-env "FERRY_DEVICE=sim FERRY_SIM_DEVICES=2" }
// { ferry-env "FERRY_DEVICE=sim FERRY_SIM_DEVICES=2 FERRY_PEER_COPIES=0" }
// { ferry-env "FERRY_DEVICE=sim FERRY_SIM_DEVICES=2 FERRY_COHERENCE=compiler" }
// { ferry-env "FERRY_DEVICE=sim FERRY_SIM_DEVICES=2 FERRY_CHECK=1" }
// { ferry-env "FERRY_DEVICE=sim FERRY_SIM_DEVICES=3" }
// Through the host, each move of a buffer (8 KiB, whole pages) uploads
// all of it to its new target, and first brings back what its old one
// holds newer.  x and y move twice each: x comes back whole as it first
// leaves target 0, where it was written; y brings back the page the host
// had not read as it leaves target 1, and all of it as it leaves target 0
// and at the end.  By peer copies the four moves pass no byte through the
// host, which then moves what it does on one target: only the pages the
// host touches.
// { ferry-stats "FERRY_DEVICE=sim FERRY_SIM_DEVICES=2 FERRY_PEER_COPIES=0" "launches=4 h2d_bytes=49152 h2d_copies=6 d2h_bytes=32768 d2h_copies=5 targets:moves=4 targets:peer=0" }
// { ferry-stats "FERRY_DEVICE=sim FERRY_SIM_DEVICES=2" "launches=4 h2d_bytes=20480 h2d_copies=3 d2h_bytes=20480 d2h_copies=4 targets:moves=4 targets:peer=4" }
// { ferry-stats "FERRY_DEVICE=sim FERRY_SIM_DEVICES=1" "launches=4 h2d_bytes=20480 h2d_copies=3 d2h_bytes=20480 d2h_copies=4 targets:moves=0" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>

[[ferry::kernel]]
void scale(int n, double factor, [[ferry::borrow_mut(n)]] double *x)
{
    for (int i = 0; i < n; ++i)
        x[i] *= factor;
}

[[ferry::kernel]]
void add(int n, [[ferry::borrow(n)]] const double *x,
         [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] += x[i];
}

int main()
{
    const int n = 1024;
    // Whole pages, so that the counts above do not depend on where the
    // heap puts them.
    auto *x = static_cast<double *>(std::aligned_alloc(4096, n * sizeof(double)));
    auto *y = static_cast<double *>(std::aligned_alloc(4096, n * sizeof(double)));
    for (int i = 0; i < n; ++i) {
        x[i] = i;
        y[i] = 1;
    }
    scale(n, 2.0, x);           // x written on target 0
    ferry::select_gpu(1);
    add(n, x, y);        // x comes over, y goes up
    std::printf("y[7] = %g\n", y[7]);  // y comes back, stays on target 1
    x[3] = 100;                        // the host writes x
    ferry::select_gpu(0);
    add(n, x, y);        // both come back to target 0
    ferry::select_gpu(3);              // 3 modulo the targets
    scale(n, 0.5, y);
    double sum = 0;
    for (int i = 0; i < n; ++i)
        sum += x[i] + y[i];
    std::printf("y[3] = %g y[999] = %g sum = %.1f\n", y[3], y[999], sum);
    std::free(x);
    std::free(y);
    return 0;
}
