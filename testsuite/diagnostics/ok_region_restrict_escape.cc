// Should compile, without the region pass's claim: a buffer pointer goes
// to a helper GCC does not inline, which could reach the buffers through
// references the pass cannot see, so no reference gets a base of its own.
// { dg-options "-O2" }
__attribute__((noinline)) void store(double *p, double v) { *p = v; }

[[ferry::kernel]]
void add(int n, [[ferry::borrow(n)]] const double *a,
         [[ferry::borrow(n)]] const double *b, [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        store(&y[i], a[i] + b[i]);
}
// { dg-final { scan-tree-dump "cannot be followed; no clique" "ferry-region-restrict" } }
// { dg-final { scan-tree-dump-not "ferry: [1-9][0-9]* statements reference buffers" "ferry-region-restrict" } }
