// std::array locals: one declared inside the loop is each iteration's own,
// and its elements may be written through operator[], front(), back()
// and data(); one declared outside the loop is shared by all
// iterations, and writing its elements is a data race.
// { dg-options "-std=c++17" }
#include <array>

[[ferry::kernel]]
void per_iteration(int n, [[ferry::borrow(n)]] const double *x,
                   [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i) {
        std::array<double, 4> w{};
        for (int j = 0; j < 4; ++j)
            w[j] = x[i] * j;
        w[1] += 1.0;
        w.front() = w.back();
        w.data()[2] *= 2.0;
        y[i] = w[0] + w[1] + w[2] + w[3];
    }
}

[[ferry::kernel]]
void shared_array(int n, [[ferry::borrow(n)]] const double *x,
                  [[ferry::out(n)]] double *y)
{
    std::array<double, 4> w{}; // { dg-message "declare 'w' inside the loop" }
    for (int i = 0; i < n; ++i) {
        w[i % 4] = x[i]; // { dg-error "'w' is shared by all iterations; writing it from the parallel loop is a data race" }
        y[i] = w[0];
    }
}
