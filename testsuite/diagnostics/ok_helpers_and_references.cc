// Should compile: helpers that read and write the element they are given,
// through pointers and references, several calls deep; member functions;
// local pointer copies; const globals.
#include <cmath>

const double kHalf = 0.5;

inline void set(double *p, double v) { *p = v; }
inline void set_via(double *p, double v) { set(p, v); }
inline void add(double &r, double v) { r += v; }
inline double twice(const double &r) { return 2 * r; }

struct Pair {
    double a, b;
    double sum() const { return a + b; }
    void swap_parts() { double t = a; a = b; b = t; }
};

[[ferry::kernel]]
void update(int n, [[ferry::borrow(n)]] const double *x,
            [[ferry::borrow_mut(n)]] double *y,
            [[ferry::borrow_mut(n)]] Pair *pairs)
{
    for (int i = 0; i < n; ++i) {
        double *p = y + i;
        set_via(p, twice(x[i]));
        add(y[i], kHalf);
        pairs[i].swap_parts();
        y[i] += pairs[i].sum() + std::sqrt(x[i]);
    }
}
