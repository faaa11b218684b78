// Helpers defined after the kernel are checked like those defined before:
// the kernel is compiled at the end of the translation unit.
#include <cstddef>

static double pick(double v);
void store_one(double *p);

[[ferry::kernel]]
void apply(std::size_t n, [[ferry::borrow(n)]] const double *x, // { dg-warning "kernel 'apply' runs without 'simd' on the OpenMP path" }
           [[ferry::out(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] = pick(x[i]);
}

[[ferry::kernel]]
void writes_borrowed(std::size_t n, [[ferry::borrow(n)]] double *x) // { dg-message "'x' is declared 'ferry::borrow'" }
{
    for (std::size_t i = 0; i < n; ++i)
        store_one(&x[i]); // { dg-error "'x' is borrowed read-only, but 'void store_one.double..' writes it" }
}

static const double &larger(const double &a, const double &b) { return a < b ? b : a; }
static double pick(double v)
{
    double floor = 0.5;
    return larger(v, floor); // { dg-message "'double pick.double.' takes the address of its local" }
}

void store_one(double *p) { *p = 1; }
// { dg-final { scan-tree-dump-not "#pragma omp simd" "original" } }
