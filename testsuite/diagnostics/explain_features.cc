// The explain output covers collapse, reductions, atomics, the shared data
// region and the geometry.
// { dg-options "-fplugin-arg-ferry-explain" }
#include <cstddef>

[[ferry::kernel(threads(128))]]
double everything(std::size_t n, std::size_t m, // { dg-message "the 2 loops of kernel 'everything' share one data region" }
                  [[ferry::borrow(n * m)]] const double *a,
                  [[ferry::out(n * m)]] double *b,
                  [[ferry::borrow(n)]] const int *key,
                  [[ferry::shared_mut(m)]] int *hist)
{
    for (std::size_t i = 0; i < n; ++i) // { dg-message "offloaded as '#pragma omp target teams distribute parallel for simd collapse\\(2\\) map\\(to: a\\[0:n \\* m\\]\\) map\\(from: b\\[0:n \\* m\\]\\) firstprivate\\(n, m\\)'" }
        for (std::size_t j = 0; j < m; ++j) // { dg-message "the 2 perfectly nested loops are collapsed into one iteration space" .-1 }
            b[i * m + j] = 2 * a[i * m + j];
    double total = 0;
    for (std::size_t i = 0; i < n; ++i) { // { dg-message "launch geometry: 128 GPU threads per team \\(from the kernel attribute\\)" }
        hist[key[i]] += 1; // { dg-message "this update of 'hist' is atomic" }
        total += a[i];     // { dg-message "'total' is a '\\+' reduction" }
    }
    return total;
}
