// A null pointer with a length is refused before the launch, with the
// kernel and the parameter named, rather than faulting in the upload.
// (Scratch may be null: ferry provides its storage.)
// { ferry-exit 1 "ferry: kernel 'scale' \(.*null_buffer_with_length.cc:11\) called at .*null_buffer_with_length.cc:[0-9]+: 'x' is a null pointer, but its length is 100 elements" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]]
void scale(int n, [[ferry::borrow(n)]] const double *x,
           [[ferry::scratch(n)]] double *t, [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i) {
        t[i] = 2.0 * x[i];
        y[i] = t[i];
    }
}

int main()
{
    std::vector<double> x(100, 1.0), y(100);
    scale(100, x.data(), nullptr, y.data());
    std::printf("%g\n", y[99]);
    scale(100, nullptr, nullptr, y.data());
    std::printf("not reached\n");
}
