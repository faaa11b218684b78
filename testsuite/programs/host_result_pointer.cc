// A kernel that returns its reduction through a pointer, as C codes do:
// `*norm += sum;` after the loop.  The pointer has no ownership: only the
// statement outside the loop uses it, and that runs on the host.  It may
// point into a buffer the device wrote just before (the host write must
// see the device's values and the next kernel the host's).
#include <cstdio>
#include <vector>

[[ferry::kernel]]
void dot(int n, [[ferry::borrow(n)]] const double *x,
         [[ferry::borrow(n)]] const double *y, double *norm)
{
    double sum = 0;
    for (int i = 0; i < n; ++i)
        sum += x[i] * y[i];
    *norm += sum;
}

[[ferry::kernel]]
void scale(int n, double a, [[ferry::borrow_mut(n)]] double *v)
{
    for (int i = 0; i < n; ++i)
        v[i] = v[i] * a + i;
}

int main()
{
    const int n = 4096;
    std::vector<double> x(n), y(n);
    for (int i = 0; i < n; ++i) {
        x[i] = (i % 7) * 0.5;
        y[i] = (i % 5) - 1.0;
    }
    double norm = 1;
    dot(n, x.data(), y.data(), &norm);
    std::printf("norm %.6f\n", norm);

    std::vector<double> results(n, 1.0);
    for (int step = 0; step < 3; ++step) {
        scale(n, 0.5, results.data());                // device-newer
        dot(n, x.data(), x.data(), &results[step]);   // host adds into it
    }
    double sum = 0;
    for (double r : results)
        sum += r;
    std::printf("results %.6f %.6f %.6f %.6f\n", results[0], results[1],
                results[2], sum);
}
