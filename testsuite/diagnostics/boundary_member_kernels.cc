// Kernels that are member functions reach the members of `this`; a
// member function they call cannot, and virtual kernels have no name to
// call.
#include <cstddef>

struct Grid {
    int n;
    [[ferry::borrow_mut(n)]] double *u;
    double *v; // { dg-message "give 'Grid::v' of 'Grid' exactly one" }
    void smooth();
    [[ferry::kernel]] void relax();
    [[ferry::kernel]] void unannotated();
    [[ferry::kernel]] virtual void again();
};

[[ferry::kernel]]
void Grid::relax()
{
    for (int i = 0; i < n; ++i) {
        u[i] *= 0.5;
        smooth(); // { dg-error "calls 'smooth' on 'this'" }
    }
}

[[ferry::kernel]]
void Grid::unannotated()
{
    for (int i = 0; i < n; ++i)
        u[i] = v[i]; // { dg-error "reads the pointer 'this->v', whose member 'Grid::v' has no ownership attribute" }
}

[[ferry::kernel]]
void Grid::again() // { dg-error "kernel 'virtual void Grid::again.*' is virtual" }
{
    for (int i = 0; i < n; ++i)
        u[i] = 0;
}
