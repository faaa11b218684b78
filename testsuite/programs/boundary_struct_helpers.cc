// A struct of arrays handed whole to helpers that read only its numbers
// (an index function, a by-value parameter): the helpers get the kernel's
// copy of the struct, which the device holds.
#include <ferry/ferry.hpp>
#include <cstdio>
#include <vector>

struct Grid {
    int nx, ny;
    double dx;
    [[ferry::borrow(nx * ny)]] const double *u;
    [[ferry::out(nx * ny)]] double *lap;
};

inline int index(const Grid &g, int i, int j) { return j * g.nx + i; }
double spacing(Grid g);

[[ferry::kernel]]
void laplace(const Grid &g)
{
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            double v = 0;
            if (i > 0 && i + 1 < g.nx && j > 0 && j + 1 < g.ny)
                v = (g.u[index(g, i - 1, j)] + g.u[index(g, i + 1, j)] +
                     g.u[index(g, i, j - 1)] + g.u[index(g, i, j + 1)] -
                     4 * g.u[index(g, i, j)]) / spacing(g);
            g.lap[j * g.nx + i] = v;
        }
}

double spacing(Grid g) { return g.dx * g.dx; }

int main()
{
    const int nx = 30, ny = 20;
    std::vector<double> u(nx * ny), lap(nx * ny);
    for (int k = 0; k < nx * ny; ++k)
        u[k] = (k % nx) * (k % nx) + 0.1 * (k / nx) * (k / nx);
    Grid g{nx, ny, 0.5, u.data(), lap.data()};
    laplace(g);
    double s = 0;
    for (double v : lap)
        s += v;
    std::printf("%.10g %.10g\n", s, lap[nx + 3]);
}
