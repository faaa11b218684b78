// The explain output of the design's example: the equivalent pragma line
// with computed maps, and the reason for each map kind.
// { dg-options "-fplugin-arg-ferry-explain" }
#include <cstddef>

[[ferry::kernel]]
void daxpy(std::size_t n, double a,
           [[ferry::borrow(n)]] const double *x,  // { dg-message "'x' is 'map.to:.' because it is borrow: the kernel only reads it" }
           [[ferry::borrow_mut(n)]] double *y)    // { dg-message "'y' is 'map.tofrom:.' because it is borrow_mut" }
{
    for (std::size_t i = 0; i < n; ++i) // { dg-message "offloaded as '#pragma omp target teams distribute parallel for simd map\\(to: x\\[0:n\\]\\) map\\(tofrom: y\\[0:n\\]\\) firstprivate\\(n, a\\)'" }
        y[i] += a * x[i];
}
