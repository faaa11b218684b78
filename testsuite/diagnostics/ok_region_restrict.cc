// Should compile: the host code GCC outlines from the region gets the
// buffers' restrict back (plugin/region_restrict.cc): the references
// through a, b and y carry bases of their own.
// { dg-options "-O2" }
[[ferry::kernel]]
void add(int n, [[ferry::borrow(n)]] const double *a,
         [[ferry::borrow(n)]] const double *b, [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] = a[i] + b[i];
}
// { dg-final { scan-tree-dump "ferry: 3 statements reference buffers under clique 1" "ferry-region-restrict" } }
// { dg-final { scan-tree-dump-not "cannot be followed" "ferry-region-restrict" } }
