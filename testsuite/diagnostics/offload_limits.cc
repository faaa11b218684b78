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

// A struct of 16 bytes or less returned by value from a function emitted
// out of line crashes the nvptx compiler (tree-nrv.cc:179); an inline one
// and one of 24 bytes do not.
struct Small {
    double a, b;
};
struct Large {
    double a, b, c;
};

__attribute__((noinline)) Small small_pair(double v) // { dg-error "'Small small_pair\(double\)', which a kernel calls, returns a 'Small' of 16 bytes by value out of line, which crashes the nvptx compiler of GCC 12" }
{                                                   // { dg-message "declare it 'inline' \(without 'noinline'\), or return the result through a pointer or reference parameter" .-1 }
    return {v, 2 * v};
}
inline Small inline_pair(double v) { return {v, 3 * v}; }
__attribute__((noinline)) Large large_triple(double v) { return {v, v, v}; }

[[ferry::kernel]]
void small_structs(int n, [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] = small_pair(i).b + inline_pair(i).b + large_triple(i).c;
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
