// Helpers that write their work item's chunk of an output, as ports of
// CUDA and OpenMP mini-apps call them: miniBUDE's fasten_main writes
// etotals[group * PPWI + l] for its poses l < PPWI from a local array of
// energies; other codes pass &out[item * size] and write chunk[l].  ferry
// follows the helper's counted loops and its integer parameters, so each
// iteration owns its chunk, and the chunks cover an `out` buffer whole.
// { ferry-stats "FERRY_DEVICE=sim" "launches=4" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

#define PPWI 4

namespace {

inline void fasten(int group, const double *poses, double *etotals)
{
    double energies[PPWI];
    for (int l = 0; l < PPWI; ++l)
        energies[l] = poses[group * PPWI + l] * (l + 1);
    for (int l = 0; l < PPWI; ++l)
        etotals[group * PPWI + l] = energies[l] * 0.5;
}

inline void fill_chunk(double seed, double *chunk)
{
    for (int l = 0; l < PPWI; ++l)
        chunk[l] = seed * (l + 2);
}

// A 3 x 5 tile of a row-major image, 5 columns a tile row.
inline void tile(int item, double value, float *tiles)
{
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 5; ++c)
            tiles[item * 15 + r * 5 + c] = static_cast<float>(value * r + c);
}

// Reads a chunk a helper returns the sum of, and adds it to its own chunk.
inline double chunk_sum(const double *chunk)
{
    double sum = 0;
    for (int l = 0; l < PPWI; ++l)
        sum += chunk[l];
    return sum;
}

} // namespace

[[ferry::kernel]]
void by_index(int ngroups, [[ferry::borrow(ngroups * PPWI)]] const double *poses,
              [[ferry::out(ngroups * PPWI)]] double *etotals)
{
    for (int group = 0; group < ngroups; ++group)
        fasten(group, poses, etotals);
}

[[ferry::kernel]]
void by_pointer(int n, [[ferry::borrow(n)]] const double *seeds,
                [[ferry::out(n * PPWI)]] double *out)
{
    for (int i = 0; i < n; ++i)
        fill_chunk(seeds[i], &out[i * PPWI]);
}

[[ferry::kernel]]
void tiles(int n, [[ferry::out(n * 15)]] float *image)
{
    for (int i = 0; i < n; ++i)
        tile(i, 0.25 * i, image);
}

[[ferry::kernel]]
void accumulate(int n, [[ferry::borrow_mut(n * PPWI)]] double *out)
{
    for (int i = 0; i < n; ++i)
        out[i * PPWI] += chunk_sum(&out[i * PPWI]);
}

int main()
{
    const int n = 1000;
    std::vector<double> poses(n * PPWI), etotals(n * PPWI), seeds(n), out(n * PPWI);
    std::vector<float> image(n * 15);
    for (int i = 0; i < n * PPWI; ++i)
        poses[i] = (i % 17) * 0.125;
    for (int i = 0; i < n; ++i)
        seeds[i] = i * 0.01;
    by_index(n, poses.data(), etotals.data());
    by_pointer(n, seeds.data(), out.data());
    tiles(n, image.data());
    accumulate(n, out.data());
    double se = 0, so = 0, si = 0;
    for (int i = 0; i < n * PPWI; ++i) {
        se += etotals[i] * (i % 7 + 1);
        so += out[i] * (i % 5 + 1);
    }
    for (int i = 0; i < n * 15; ++i)
        si += image[i] * (i % 3 + 1);
    std::printf("%.6f %.6f %.3f\n", se, so, si);
    return 0;
}
