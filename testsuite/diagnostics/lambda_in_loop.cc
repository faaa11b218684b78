// A lambda in the offloaded loop is an error, not a crash: by the time the
// plugin sees the body the lambda is already a closure object and a call
// of its operator(), which the OpenMP outlining cannot take.
#include <ferry/ferry.hpp>

[[ferry::kernel]]
void doubled(int n, [[ferry::borrow_mut(n)]] double *v)
{
    for (int i = 0; i < n; ++i) {
        auto twice = [](double x) { return 2 * x; }; // { dg-error "lambda expressions inside kernel 'void doubled\\(int, double\\*\\)' are not supported; call a named helper function" }
        v[i] = twice(v[i]);
    }
}
