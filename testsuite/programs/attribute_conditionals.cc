// Attribute arguments follow the preprocessor's branches, as GCC's own
// attributes do: under #if/#else the taken branch is read (a live
// threads(128) under #if was dropped for the text above it), a dead branch
// that would not parse is not read, and a directive between
// [[ferry::kernel]] and the declaration is no obstacle ("cannot read the
// arguments of 'ferry::kernel' from the source").
// { ferry-stats "FERRY_DEVICE=sim" "launches=3" }
#include <cstdio>
#include <vector>

#define WIDE 1

#if WIDE
[[ferry::kernel(threads(128))]]
#else
[[ferry::kernel(threads(nonsense(]]
#endif
void scale(int n, [[ferry::borrow_mut(n)]] double *v)
{
    for (int i = 0; i < n; ++i)
        v[i] *= 2;
}

[[ferry::kernel]]
#ifdef NOT_DEFINED
static
#endif
void shift(int n,
#if 0
           [[ferry::borrow_mut(n + 1)]] double *v)
#else
           [[ferry::borrow_mut(n)]] double *v)
#endif
{
    for (int i = 0; i < n; ++i)
        v[i] += 1;
}

[[ferry::kernel]]
void fill(int n,
#ifdef NOT_DEFINED
          [[ferry::out(2 * n)]] double *v)
#else
          [[ferry::out(n)]] double *v)
#endif
{
    for (int i = 0; i < n; ++i)
        v[i] = i;
}

int main()
{
    std::vector<double> v(1000);
    fill(1000, v.data());
    scale(1000, v.data());
    shift(1000, v.data());
    double sum = 0;
    for (double x : v)
        sum += x;
    std::printf("%.1f\n", sum);
}
