// Random interleavings of launches and host reads and writes, from code
// compiled with the plugin and from a file compiled without it
// (plain/coherence_random_plain.cc), on sub-ranges of four arenas: a large
// heap block, a small one that shares its pages with other heap data, a
// heap block of three pages, and a static array.  Among them: a fork,
// whose child checks a span and changes its own copy (the parent's must
// not change), a signal whose handler reads a span behind ferry's back,
// and the static array re-split into two buffers at a new point (the
// edges of such buffers cannot be guarded).  A host-only mirror runs
// every step too; each read compares with it at once, and the program
// fails on the first difference.  Values stay small integers, so any
// order of a reduction gives the same sum.
//
// COHERENCE_STEPS sets the number of steps (3,000 here; doc/user-guide.md
// records a long run).  The file compiled without the plugin is only
// coherent under guarded pages, so the run with the plugin's syncs alone
// is skipped.
// { ferry-plain-source "plain/coherence_random_plain.cc" }
// { ferry-skip "FERRY_DEVICE=sim FERRY_COHERENCE=compiler" }
#include "plain/coherence_random_plain.h"

#include "coherence_kernels.hpp"

#include <ferry/ferry.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

namespace {

double static_arena[5000];

// What the signal handler reads (raise_and_read).
const double *signal_data;
long signal_begin, signal_end;
volatile double signal_sum;

// Not instrumented: the handler reads the buffer behind ferry's back.
void read_in_handler(int)
{
    double sum = 0;
    for (long i = signal_begin; i < signal_end; ++i)
        sum += signal_data[i];
    signal_sum = sum;
}

struct Arena {
    double *data;
    long size;
    std::vector<double> mirror;
};

struct Span {
    long begin, end;
    long size() const { return end - begin; }
};

class Interleaving {
public:
    Interleaving(std::vector<Arena> &arenas) : arenas_(arenas) {}

    bool step(long number)
    {
        const int arena = pick(0, static_cast<int>(arenas_.size()) - 1);
        Arena &a = arenas_[arena];
        const Span s = span(a.size);
        switch (pick(0, 10)) {
        case 0: {
            const double factor = pick(-1, 1), shift = pick(-8, 8);
            scale_add(s.size(), factor, shift, a.data + s.begin);
            for (long i = s.begin; i < s.end; ++i)
                a.mirror[i] = a.mirror[i] * factor + shift;
            return true;
        }
        case 1: {
            const int other = pick(0, static_cast<int>(arenas_.size()) - 1);
            Arena &b = arenas_[other];
            const Span t = span(b.size);
            if (other == arena && t.begin < s.end && s.begin < t.end)
                return true; // overlapping: rule 6 would refuse it
            const double shift = pick(-4, 4);
            const long n = s.size() < t.size() ? s.size() : t.size();
            combine(n, shift, a.data + s.begin, b.data + t.begin);
            for (long i = 0; i < n; ++i)
                b.mirror[t.begin + i] = a.mirror[s.begin + i] + shift;
            return true;
        }
        case 2:
            return same(number, "a reduction", total(s.size(), a.data + s.begin),
                        mirror_sum(a, s));
        case 3: {
            double sum = 0;
            for (long i = s.begin; i < s.end; ++i)
                sum += a.data[i];
            return same(number, "a read with the plugin", sum, mirror_sum(a, s));
        }
        case 4: {
            const double value = pick(-20, 20);
            for (long i = s.begin; i < s.end; ++i)
                a.data[i] = a.mirror[i] = value + static_cast<double>(i % 5);
            return true;
        }
        case 5:
            return same(number, "a read without the plugin",
                        plain_sum(arena, s.begin, s.end), mirror_sum(a, s));
        case 6: {
            const double value = pick(-20, 20);
            plain_fill(arena, s.begin, s.end, value);
            for (long i = s.begin; i < s.end; ++i)
                a.mirror[i] = value + static_cast<double>(i % 3);
            return true;
        }
        case 8:
            // Rarely: a fork costs milliseconds.
            return pick(0, 9) != 0 || fork_and_check(number, a, s);
        case 9: {
            signal_data = a.data;
            signal_begin = s.begin;
            signal_end = s.end;
            raise(SIGUSR1);
            return same(number, "a read in a signal handler", signal_sum,
                        mirror_sum(a, s));
        }
        case 10:
            return resplit(number);
        default: {
            const long i = s.begin;
            if (a.data[i] != a.mirror[i])
                return same(number, "an element read", a.data[i], a.mirror[i]);
            a.data[i] = a.mirror[i] = a.mirror[i] + 1.0;
            return true;
        }
        }
    }

private:
    // A child checks S of A with a kernel and changes all of A; the
    // parent's A stays as it was.
    bool fork_and_check(long number, Arena &a, Span s)
    {
        std::fflush(stdout);
        std::fflush(stderr);
        const pid_t child = fork();
        if (child < 0)
            return same(number, "a fork", -1, 0);
        if (child == 0) {
            const bool seen = total(s.size(), a.data + s.begin) ==
                              mirror_sum(a, s);
            scale_add(a.size, 2.0, 1.0, a.data);
            _exit(seen && a.data[0] == a.mirror[0] * 2.0 + 1.0 ? 0 : 3);
        }
        int status = 0;
        waitpid(child, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
            return same(number, "the child of a fork", status, 0);
        return same(number, "a reduction after a fork",
                    total(a.size, a.data), mirror_sum(a, Span{0, a.size}));
    }

    // The static array written by the host, then launched as two buffers
    // split at a new point.
    bool resplit(long number)
    {
        Arena &a = arenas_.back();
        const long split = pick(1, static_cast<int>(a.size) - 1);
        const double value = pick(-9, 9);
        for (long i = 0; i < a.size; ++i)
            a.data[i] = a.mirror[i] = value + static_cast<double>(i % 4);
        scale_add(split, 1.0, 1.0, a.data);
        scale_add(a.size - split, 1.0, -1.0, a.data + split);
        for (long i = 0; i < a.size; ++i)
            a.mirror[i] += i < split ? 1.0 : -1.0;
        return same(number, "a reduction after a re-split",
                    total(a.size, a.data), mirror_sum(a, Span{0, a.size}));
    }

    int pick(int low, int high)
    {
        return std::uniform_int_distribution<int>(low, high)(random_);
    }

    // Short spans, spans of a few pages, and whole arenas.
    Span span(long size)
    {
        long length;
        switch (pick(0, 2)) {
        case 0:
            length = pick(1, 12);
            break;
        case 1:
            length = pick(1, 3000);
            break;
        default:
            length = size;
        }
        length = length > size ? size : length;
        const long begin = pick(0, static_cast<int>(size - length));
        return {begin, begin + length};
    }

    static double mirror_sum(const Arena &a, Span s)
    {
        double sum = 0;
        for (long i = s.begin; i < s.end; ++i)
            sum += a.mirror[i];
        return sum;
    }

    static bool same(long number, const char *what, double got, double want)
    {
        if (got == want)
            return true;
        std::fprintf(stderr, "step %ld: %s gave %.17g, the host-only run %.17g\n",
                     number, what, got, want);
        return false;
    }

    std::vector<Arena> &arenas_;
    std::mt19937_64 random_{20261130};
};

} // namespace

int main()
{
    const char *text = std::getenv("COHERENCE_STEPS");
    const long steps = text ? std::atol(text) : 3000;
    std::vector<double> large(40000), small(300), three_pages(1500);
    std::vector<Arena> arenas = {{large.data(), 40000, {}},
                                 {small.data(), 300, {}},
                                 {three_pages.data(), 1500, {}},
                                 {static_arena, 5000, {}}};
    for (std::size_t k = 0; k < arenas.size(); ++k) {
        Arena &a = arenas[k];
        for (long i = 0; i < a.size; ++i)
            a.data[i] = static_cast<double>((i * 7 + k) % 11);
        a.mirror.assign(a.data, a.data + a.size);
        plain_register(static_cast<int>(k), a.data);
    }
    std::signal(SIGUSR1, read_in_handler);
    Interleaving interleaving(arenas);
    for (long number = 0; number < steps; ++number)
        if (!interleaving.step(number))
            return 1;
    for (const Arena &a : arenas) {
        double sum = 0;
        for (long i = 0; i < a.size; ++i)
            sum += a.data[i] * (i % 7 + 1);
        std::printf("%.17g\n", sum);
    }
    std::printf("%ld steps, no difference\n", steps);
}
