// OpenMP loop constructs written inside kernels, as OpenMP codes keep them:
// an `omp simd` over a per-iteration local array (GCC 12's SIMT lowering of
// such a nested simd gave wrong results on the H200), a
// simd reduction, `continue` in a simd loop, `parallel for simd` and
// `parallel for reduction` on the kernel's own loop, `simd collapse(2)`,
// an `omp atomic` update of a shared_mut buffer, and a helper with its own
// `omp simd` reduction, and a helper in miniBUDE's shape whose `omp simd`
// loops write the PPWI elements of the iteration's group (ferry reads them
// as the counted loops they annotate).  Each gives what the serial build,
// which ignores
// every pragma, computes (up to the GPU's fused multiply-adds).
// { ferry-tolerance 1e-5 }
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <vector>

constexpr int kPoses = 4;

inline float weighted_sum(const float *terms, float weight)
{
    float sum = 0;
#pragma omp simd reduction(+ : sum)
    for (int p = 0; p < kPoses; ++p)
        sum += terms[p] * weight;
    return sum;
}

[[ferry::kernel]]
void score(int n, [[ferry::borrow(n)]] const float *x,
           [[ferry::out(n)]] float *energy)
{
    for (int i = 0; i < n; ++i) {
        float terms[kPoses];
#pragma omp simd
        for (int p = 0; p < kPoses; ++p)
            terms[p] = x[i] * float(p + 1) - float(i % 7);
        float total = 0;
#pragma omp simd reduction(+ : total)
        for (int p = 0; p < kPoses; ++p)
            total += terms[p] * terms[p];
        energy[i] = total;
    }
}

[[ferry::kernel]]
void score_helper(int n, [[ferry::borrow(n)]] const float *x,
                  [[ferry::out(n)]] float *energy)
{
#pragma omp parallel for simd
    for (int i = 0; i < n; ++i) {
        float terms[kPoses];
#pragma omp simd
        for (int p = 0; p < kPoses; ++p) {
            if (p == 2) {
                terms[p] = 0;
                continue;
            }
            terms[p] = x[i] * float(p + 1);
        }
        energy[i] = weighted_sum(terms, 0.5f);
    }
}

[[ferry::kernel]]
double histogram(int n, [[ferry::borrow(n)]] const float *x,
                 [[ferry::shared_mut(8)]] int *count)
{
    double sum = 0;
#pragma omp parallel for reduction(+ : sum)
    for (int i = 0; i < n; ++i) {
#pragma omp atomic
        count[int(x[i]) % 8] += 1;
        sum += x[i];
    }
    return sum;
}

[[ferry::kernel]]
void grid(int n, int m, [[ferry::out(n * m)]] float *g)
{
#pragma omp simd collapse(2)
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j)
            g[i * m + j] = float(i - 2 * j);
}

template <std::size_t PPWI>
void score_group(std::size_t group, const float *x, float *energies)
{
    float etot[PPWI];
#pragma omp simd
    for (int l = 0; l < int(PPWI); l++)
        etot[l] = x[group * PPWI + l] * float(l + 1);
#pragma omp simd
    for (int l = 0; l < int(PPWI); l++)
        energies[group * PPWI + l] = etot[l] * 0.5f;
}

template <std::size_t PPWI>
[[ferry::kernel]]
void score_groups(std::size_t groups,
                  [[ferry::borrow(groups * PPWI)]] const float *x,
                  [[ferry::out(groups * PPWI)]] float *energies)
{
    for (std::size_t group = 0; group < groups; group++)
        score_group<PPWI>(group, x, energies);
}

int main()
{
    const int n = 65536;
    std::vector<float> x(n), energy(n), g(n * 3);
    for (int i = 0; i < n; ++i)
        x[i] = float(i % 1000) * 0.25f;

    score(n, x.data(), energy.data());
    for (int i = 0; i < n; i += 4099)
        std::printf("score %d %.6g\n", i, energy[i]);
    int wrong = 0;
    for (int i = 0; i < n; ++i) {
        float total = 0;
        for (int p = 0; p < kPoses; ++p) {
            float term = x[i] * float(p + 1) - float(i % 7);
            total += term * term;
        }
        wrong += std::fabs(energy[i] - total) > 1e-5f * std::fabs(total);
    }
    std::printf("score wrong %d of %d\n", wrong, n);

    score_helper(n, x.data(), energy.data());
    for (int i = 0; i < n; i += 4099)
        std::printf("helper %d %.6g\n", i, energy[i]);

    score_groups<4>(n / 4, x.data(), energy.data());
    for (int i = 1; i < n; i += 4099)
        std::printf("groups of 4 %d %.6g\n", i, energy[i]);
    score_groups<8>(n / 8, x.data(), energy.data());
    for (int i = 3; i < n; i += 4099)
        std::printf("groups of 8 %d %.6g\n", i, energy[i]);

    int count[8] = {0};
    double sum = histogram(n, x.data(), count);
    for (int b = 0; b < 8; ++b)
        std::printf("count %d %d\n", b, count[b]);
    std::printf("sum %.1f\n", sum);

    grid(n, 3, g.data());
    double squares = 0;
    for (float v : g)
        squares += double(v) * v;
    std::printf("grid %.1f\n", squares);
}
