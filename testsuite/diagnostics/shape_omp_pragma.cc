// A loop construct on a kernel's loop is the plain loop the serial build
// runs (testsuite/programs/openmp_constructs.cc); a target region inside a
// kernel is an error that says how ferry places data instead.
#include <cstddef>

[[ferry::kernel]]
void scale(std::size_t n, [[ferry::borrow_mut(n)]] double *y)
{
#pragma omp target teams distribute parallel for map(tofrom : y[0:n]) // { dg-error "'#pragma omp target' inside kernel 'void scale" }
    for (std::size_t i = 0; i < n; ++i) // { dg-message "a kernel is already a target region" .-1 }
        y[i] *= 2;
}
