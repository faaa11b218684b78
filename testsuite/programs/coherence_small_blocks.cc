// Random interleavings over many heap blocks under a page, which libferry's
// own allocator places side by side in its slabs (runtime/pages/small_blocks.h):
// blocks that kernels use share pages with each other, with blocks the host
// alone uses, and with blocks allocated, reallocated and freed between
// launches, while guards close and open those pages.  Each step is a
// launch on a block, a kernel from one block into another, a reduction, a
// host read or write (of a buffer or of a host-only block), an allocation
// (malloc or calloc), a realloc that grows or shrinks a block, or a free;
// a mirror in static storage (off the heap) follows every step, and the
// program fails at the first difference.  Values stay small integers, so
// any order of a reduction gives the same sum.
// COHERENCE_STEPS sets the number of steps (4,000 here), COHERENCE_SEED
// the interleaving.
#include "coherence_kernels.hpp"

#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

namespace {

constexpr int kBlocks = 48;
constexpr long kMostElements = 500; // 4,000 bytes: under a page

double *blocks[kBlocks];
long lengths[kBlocks];
double mirrors[kBlocks][kMostElements];
std::mt19937_64 random_numbers{20261201};

long pick(long low, long high)
{
    return std::uniform_int_distribution<long>(low, high)(random_numbers);
}

bool same(long step, const char *what, double got, double want)
{
    if (got == want)
        return true;
    std::fprintf(stderr, "step %ld: %s gave %.17g, the host-only run %.17g\n",
                 step, what, got, want);
    return false;
}

double mirror_sum(int k, long begin, long end)
{
    double sum = 0;
    for (long i = begin; i < end; ++i)
        sum += mirrors[k][i];
    return sum;
}

// A new block at K, of a random length, from malloc (then written) or
// calloc (then zero).
void allocate(int k)
{
    lengths[k] = pick(0, 3) == 0 ? pick(1, 12) : pick(1, kMostElements);
    const std::size_t bytes = lengths[k] * sizeof(double);
    if (pick(0, 1)) {
        blocks[k] = static_cast<double *>(std::calloc(lengths[k], sizeof(double)));
        std::memset(mirrors[k], 0, bytes);
    } else {
        blocks[k] = static_cast<double *>(std::malloc(bytes));
        for (long i = 0; i < lengths[k]; ++i)
            blocks[k][i] = mirrors[k][i] = static_cast<double>((i * 3 + k) % 7);
    }
}

bool step(long number)
{
    const int k = static_cast<int>(pick(0, kBlocks - 1));
    const long begin = pick(0, lengths[k] - 1),
               end = pick(0, 1) ? lengths[k] : pick(begin + 1, lengths[k]);
    double *x = blocks[k];
    switch (pick(0, 9)) {
    case 0: {
        const double a = static_cast<double>(pick(-1, 1)),
                     b = static_cast<double>(pick(-5, 5));
        scale_add(end - begin, a, b, x + begin);
        for (long i = begin; i < end; ++i)
            mirrors[k][i] = mirrors[k][i] * a + b;
        return true;
    }
    case 1: {
        const int j = static_cast<int>(pick(0, kBlocks - 1));
        if (j == k)
            return true;
        const long n = std::min(end - begin, lengths[j]);
        const double c = static_cast<double>(pick(-3, 3));
        combine(n, c, x + begin, blocks[j]);
        for (long i = 0; i < n; ++i)
            mirrors[j][i] = mirrors[k][begin + i] + c;
        return true;
    }
    case 2:
        return same(number, "a reduction", total(end - begin, x + begin),
                    mirror_sum(k, begin, end));
    case 3: {
        double sum = 0;
        for (long i = begin; i < end; ++i)
            sum += x[i];
        return same(number, "a host read", sum, mirror_sum(k, begin, end));
    }
    case 4: {
        const double value = static_cast<double>(pick(-9, 9));
        for (long i = begin; i < end; ++i)
            x[i] = mirrors[k][i] = value + static_cast<double>(i % 4);
        return true;
    }
    case 5: {
        // A realloc keeps what the block held, up to the shorter length.
        const long length = pick(1, kMostElements);
        blocks[k] = static_cast<double *>(
            std::realloc(x, length * sizeof(double)));
        for (long i = lengths[k]; i < length; ++i)
            blocks[k][i] = mirrors[k][i] = 1.0;
        lengths[k] = length;
        for (long i = 0; i < length; ++i)
            if (blocks[k][i] != mirrors[k][i])
                return same(number, "an element after a realloc", blocks[k][i],
                            mirrors[k][i]);
        return true;
    }
    case 6:
        std::free(x);
        allocate(k);
        return true;
    default: {
        // One element, read then bumped: the host's small accesses to
        // blocks beside those the device holds.
        if (x[begin] != mirrors[k][begin])
            return same(number, "an element read", x[begin], mirrors[k][begin]);
        x[begin] = mirrors[k][begin] = mirrors[k][begin] + 1.0;
        return true;
    }
    }
}

} // namespace

int main()
{
    const char *text = std::getenv("COHERENCE_STEPS");
    const long steps = text ? std::atol(text) : 4000;
    if (const char *seed = std::getenv("COHERENCE_SEED"))
        random_numbers.seed(std::strtoull(seed, nullptr, 10));
    for (int k = 0; k < kBlocks; ++k)
        allocate(k);
    for (long number = 0; number < steps; ++number)
        if (!step(number))
            return 1;
    double sum = 0;
    for (int k = 0; k < kBlocks; ++k) {
        for (long i = 0; i < lengths[k]; ++i)
            sum += blocks[k][i] * static_cast<double>(i % 5 + 1);
        std::free(blocks[k]);
    }
    std::printf("%.17g\n%ld steps, no difference\n", sum, steps);
}
