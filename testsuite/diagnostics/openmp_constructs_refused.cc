// OpenMP constructs that order, serialise or split the iterations of a
// kernel are errors at their pragma, each saying what to write instead
// (doc/rules.md, "OpenMP constructs inside a kernel"); the loop constructs
// beside them are accepted (testsuite/programs/openmp_constructs.cc).
#include <ferry/ferry.hpp>

[[ferry::kernel]]
void ordered_sum(int n, [[ferry::borrow_mut(n)]] double *v, double *total)
{
    for (int i = 0; i < n; ++i) {
#pragma omp critical // { dg-error "'#pragma omp critical' inside kernel 'void ordered_sum\\(int, double\\*, double\\*\\)'" }
        v[i] += 1; // { dg-message "run in no order" .-1 }
    }
}

[[ferry::kernel]]
void teams_inside(int n, [[ferry::borrow_mut(n)]] double *v)
{
    for (int i = 0; i < n; ++i) {
#pragma omp parallel // { dg-error "'#pragma omp parallel' inside kernel" }
        v[i] *= 2;
    }
}

[[ferry::kernel]]
void capture(int n, [[ferry::shared_mut(1)]] int *next, [[ferry::out(n)]] int *slot)
{
    for (int i = 0; i < n; ++i) {
        int mine;
#pragma omp atomic capture // { dg-error "'#pragma omp atomic' inside kernel" }
        mine = (*next)++; // { dg-message "only atomic updates" .-1 }
        slot[i] = mine;
    }
}

inline void wait_for_all(double *x)
{
#pragma omp barrier // { dg-error "'#pragma omp barrier, taskwait, taskyield or cancel' inside 'void wait_for_all\\(double\\*\\)', which a kernel calls" }
    *x += 1;
}

[[ferry::kernel]]
void with_barrier(int n, [[ferry::borrow_mut(n)]] double *v)
{
    for (int i = 0; i < n; ++i)
        wait_for_all(&v[i]);
}
