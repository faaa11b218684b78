// Macros that parenthesize what they assign, as SU(3) codes write complex
// arithmetic (`(cc).real += ...`): the parentheses designate the same
// object, so a local in the iteration, an element of a buffer and a
// reduction variable are each what they are without them.  (They were
// refused with "ferry cannot tell what this assignment writes".)
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

struct Complex {
    float real, imag;
};

#define CMULREAL(a, b, cc) (cc).real += (a).real * (b).real - (a).imag * (b).imag
#define CMULIMAG(a, b, cc) (cc).imag += (a).real * (b).imag + (a).imag * (b).real
#define ACCUMULATE(total, value) (total) += (value)

[[ferry::kernel]]
void products(int n, [[ferry::borrow(n)]] const Complex *a,
              [[ferry::borrow(n)]] const Complex *b,
              [[ferry::out(n)]] Complex *c)
{
    for (int i = 0; i < n; ++i) {
        Complex cc = {0, 0};
        CMULREAL(a[i], b[i], cc);
        CMULIMAG(a[i], b[i], cc);
        c[i] = cc;
    }
}

[[ferry::kernel]]
void square_into(int n, [[ferry::borrow(n)]] const Complex *a,
                 [[ferry::borrow_mut(n)]] Complex *c)
{
    for (int i = 0; i < n; ++i) {
        CMULREAL(a[i], a[i], c[i]);
        CMULIMAG(a[i], a[i], (c[i]));
    }
}

[[ferry::kernel]]
double real_sum(int n, [[ferry::borrow(n)]] const Complex *c)
{
    double total = 0;
    for (int i = 0; i < n; ++i)
        ACCUMULATE(total, c[i].real);
    return total;
}

int main()
{
    const int n = 1000;
    std::vector<Complex> a(n), b(n), c(n);
    for (int i = 0; i < n; ++i) {
        a[i] = {0.5f * (i % 7), 1.0f - 0.25f * (i % 5)};
        b[i] = {2.0f - (i % 3), 0.125f * (i % 11)};
    }
    products(n, a.data(), b.data(), c.data());
    square_into(n, a.data(), c.data());
    std::printf("c[7] = %g %g, c[999] = %g %g\n", c[7].real, c[7].imag,
                c[999].real, c[999].imag);
    std::printf("sum of real parts: %.3f\n", real_sum(n, c.data()));
    return 0;
}
