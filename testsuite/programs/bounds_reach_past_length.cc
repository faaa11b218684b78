// A loop that reaches past a buffer's declared length would read (or
// write) memory that is not on the device.  libferry computes what each
// loop reaches from the kernel's parameters before the launch and refuses
// it with a message naming the loop, the parameter and the elements; the
// kernels that stay inside their lengths run, also one whose accesses past
// the ends are guarded by a condition.  (On the sim device the read past
// the length gave NaNs where the host gave numbers.)
// { ferry-exit 1 "kernel 'shift' \(.*bounds_reach_past_length.cc:44\): the loop at line 47 reaches elements 1 to 100 of 'x', but its length is 100 elements" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]]
void transpose(int n, int m, [[ferry::borrow(n * m)]] const double *x,
               [[ferry::out(n * m)]] double *y)
{
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j)
            y[j * n + i] = x[i * m + j];
}

[[ferry::kernel]]
void shift_inside(int n, [[ferry::borrow(n + 1)]] const double *x,
                  [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] = x[i + 1];
}

[[ferry::kernel]]
void smooth(int n, [[ferry::borrow(n)]] const double *in,
            [[ferry::out(n)]] double *out)
{
    for (int i = 0; i < n; ++i) {
        if (i > 0 && i < n - 1)
            out[i] = 0.5 * (in[i - 1] + in[i + 1]);
        else
            out[i] = in[i];
    }
}

[[ferry::kernel]]
void shift(int n, [[ferry::borrow(n)]] const double *x,
           [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] = x[i + 1]; // x[n] is past the length n
}

int main()
{
    std::vector<double> x(101, 1.0), y(100);
    transpose(10, 10, x.data(), y.data());
    shift_inside(100, x.data(), y.data());
    smooth(100, x.data(), y.data());
    std::printf("%g\n", y[0]);
    shift(100, x.data(), y.data());
    std::printf("not reached\n");
}
