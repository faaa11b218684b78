// After an error in a member's attribute the kernel is not lowered, and
// what the front end still compiles must be the code as written: an
// OpenMP atomic on the member and a read of another member kept GCC's
// gimplifier from crashing only once the members were left unreplaced
// (found by ferry-fuzz, seed 4242, case 335).
#include <cstddef>

struct Args {
    [[ferry::out(sizeof(double))]] float *x; // { dg-error "'sizeof' is not a member of 'Args' or an integral constant" }
    int n;
    [[ferry::borrow]] const double *z; // { dg-error "'ferry::borrow' needs the number of elements of 'Args::z'" }
    [[ferry::kernel]] double run()
    {
        double s = 0;
        for (int i = 0; i < n; ++i) {
            s = s < z[n - 1 - i] ? z[n - 1 - i] : s;
            #pragma omp atomic
            x[i * 2] += 1;
        }
        return s;
    }
};

double call(Args a) { return a.run(); }
