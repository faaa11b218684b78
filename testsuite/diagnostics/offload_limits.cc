// What GCC 12's offload compilers cannot compile is a ferry error at its
// line, never an internal compiler error or a failed link: a
// variable-length array (ICE in tree-ssa-sccvn at -O2), alloca,
// `long double` (80 bits on the host, no nvptx form), `_Float16` (lto1
// crashed in mkoffload), in a kernel or in a helper it calls, and a
// lambda passed to a template kernel (ICE in gimplify_adjust_omp_clauses).
// { dg-options "-O2" }
#include <cstddef>

[[ferry::kernel]]
void per_row(int n, int m, [[ferry::borrow(n)]] const double *x,
             [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i) {
        double t[m]; // { dg-error "variable-length array 't' in 'void per_row\\(int, int, const double\\*, double\\*\\)', which runs on the GPU" }
        for (int j = 0; j < m; ++j) // { dg-message "use an array of a fixed largest size" .-1 }
            t[j] = x[i] + j;
        y[i] = t[m - 1];
    }
}

[[ferry::kernel]]
void wide(int n, [[ferry::borrow_mut(n)]] long double *y) // { dg-error "'void wide\\(int, long double\\*\\)', which runs on the GPU, uses 'long double'" }
{
    for (int i = 0; i < n; ++i) // { dg-message "GPUs have 'float' and 'double' only" .-2 }
        y[i] *= 2;
}

[[ferry::kernel]]
void half(int n, [[ferry::borrow_mut(n)]] _Float16 *y) // { dg-error "uses '_Float16'" }
{
    for (int i = 0; i < n; ++i)
        y[i] = y[i] * (_Float16)2;
}

inline double precise(double v)
{
    long double wider = v; // { dg-error "'double precise\\(double\\)', which runs on the GPU, uses 'long double'" }
    return double(wider * 3);
}

[[ferry::kernel]]
void tripled(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] = precise(y[i]);
}

inline double stacked(int m)
{
    double *t = static_cast<double *>(__builtin_alloca(m * sizeof(double))); // { dg-error "'alloca' in 'double stacked\\(int\\)', which runs on the GPU" }
    t[0] = m;
    return t[0];
}

[[ferry::kernel]]
void with_alloca(int n, [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] = stacked(i + 1);
}

template <class F>
[[ferry::kernel]]
void apply(int n, [[ferry::borrow_mut(n)]] double *y, F f) // { dg-error "parameter 'f' of kernel 'void apply\\(int, double\\*, F\\) \\[with F = main\\(\\)::<lambda\\(double\\)>\\]' is the closure of a lambda" }
{
    for (int i = 0; i < n; ++i) // { dg-message "pass a function object instead" .-2 }
        y[i] = f(y[i]);
}

int main()
{
    double y[4] = {1, 2, 3, 4};
    apply(4, y, [](double v) { return 2 * v; });
}
