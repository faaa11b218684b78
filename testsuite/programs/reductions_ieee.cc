// Floating-point min and max reductions keep the serial build's IEEE
// meaning: a NaN start value stays a NaN (a differential run found ferry
// printing -4 where serial printed -nan: GCC combined the start value
// with x86's minsd, which drops a NaN), NaN operands are skipped,
// infinities win or lose as numbers do, and of equal zeros the start
// value's sign stays.  Each form with the accumulator first: std::min,
// std::max and the `?:` forms.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

[[ferry::kernel]]
double smallest(int n, [[ferry::borrow(n)]] const double *v, double start)
{
    double s = start;
    for (int i = 0; i < n; ++i)
        s = std::min(s, v[i]);
    return s;
}

[[ferry::kernel]]
double largest(int n, [[ferry::borrow(n)]] const double *v, double start)
{
    double s = start;
    for (int i = 0; i < n; ++i)
        s = std::max(s, v[i]);
    return s;
}

[[ferry::kernel]]
float smallest_selected(int n, [[ferry::borrow(n)]] const float *v,
                        float start)
{
    float s = start;
    for (int i = 0; i < n; ++i)
        s = v[i] < s ? v[i] : s;
    return s;
}

[[ferry::kernel]]
float largest_selected(int n, [[ferry::borrow(n)]] const float *v,
                       float start)
{
    float s = start;
    for (int i = 0; i < n; ++i)
        s = s < v[i] ? v[i] : s;
    return s;
}

// The sign of a zero, which printf shows as "-0" or "0".
void show(const char *what, double value)
{
    std::printf("%s %g%s\n", what, value,
                value == 0 && std::signbit(value) ? " (negative zero)" : "");
}

int main()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    const double tiny = std::numeric_limits<double>::denorm_min();
    const int n = 5000;
    std::vector<double> values(n);
    for (int i = 0; i < n; ++i)
        values[i] = double((i * 37) % 101) - 50.0;
    // Zeros of one sign: of zeros of both signs the serial loop finds the
    // first, a parallel one any (doc/rules.md, "Reductions").
    std::vector<double> with_nans = values, zeros(n, -0.0), specials(n);
    for (int i = 0; i < n; i += 97)
        with_nans[i] = nan;
    for (int i = 0; i < n; ++i)
        specials[i] = i % 5 == 0 ? inf : i % 5 == 1 ? -inf : i % 5 == 2 ? tiny
                    : i % 5 == 3 ? -tiny : nan;

    const double starts[] = {0.0, -0.0, nan, inf, -inf, 7.0, -1000.0, tiny};
    const std::vector<double> *inputs[] = {&values, &with_nans, &zeros,
                                           &specials};
    for (const std::vector<double> *input : inputs) {
        std::vector<float> narrow(input->begin(), input->end());
        for (double start : starts) {
            show("min", smallest(n, input->data(), start));
            show("max", largest(n, input->data(), start));
            show("min?:", smallest_selected(n, narrow.data(), float(start)));
            show("max?:", largest_selected(n, narrow.data(), float(start)));
        }
    }
}
