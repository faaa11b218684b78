// A helper that selects between addresses of its own locals is miscompiled
// by GCC 12 inside omp simd on nvptx: the kernel is built without simd and
// the user is told why.
#include <cstddef>

static const double &larger(const double &a, const double &b) { return a < b ? b : a; }
static double pick(double v)
{
    double floor = 0.5;
    return larger(v, floor); // { dg-message "'double pick.double.' takes the address of its local" }
}

[[ferry::kernel]]
void apply(std::size_t n, [[ferry::borrow(n)]] const double *x, // { dg-warning "kernel 'apply' runs without 'simd' on the OpenMP path" }
           [[ferry::out(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] = pick(x[i]);
}
// { dg-final { scan-tree-dump-not "#pragma omp simd" "original" } }
// { dg-final { scan-tree-dump-times "#pragma omp for nowait" 1 "original" } }
