// ferry example: a port of two CloverLeaf kernels (UK Mini-App
// Consortium, 2-D Lagrangian hydrodynamics): ideal_gas, the equation of
// state per cell, and accelerate, the nodal velocity update from pressure
// and viscosity.  As in CloverLeaf's C++ ports, the fields live in a
// struct holding the chunk sizes and the arrays (with halo cells), indexed
// as CloverLeaf's C kernels do (FTNREF2D, here a helper defined after the
// kernels); the kernels take the structs by const reference.
//
// Build: ferry-g++ -O2 cloverleaf.cc -o cloverleaf
#include <ferry/ferry.hpp>
#include <cmath>
#include <cstdio>
#include <vector>

struct Chunk {
    int x_min, x_max, y_min, y_max; // interior cells, as in CloverLeaf
    int nx, ny;                     // with two halo cells on each side
    [[ferry::borrow(nx * ny)]] const double *density;
    [[ferry::borrow(nx * ny)]] const double *energy;
    // Written by ideal_gas, read by accelerate: one annotation serves
    // every kernel, and a kernel that only reads it borrows it.
    [[ferry::borrow_mut(nx * ny)]] double *pressure;
    [[ferry::borrow_mut(nx * ny)]] double *soundspeed;
};

struct Nodes {
    int nx, ny; // nodes: one more than cells each way
    [[ferry::borrow(nx * ny)]] const double *xvel0;
    [[ferry::borrow(nx * ny)]] const double *yvel0;
    [[ferry::borrow_mut(nx * ny)]] double *xvel1;
    [[ferry::borrow_mut(nx * ny)]] double *yvel1;
};

// CloverLeaf's FTNREF2D: cell (j, k) of a row-major array of rows nx long.
inline int ftnref2d(int j, int k, int nx);

[[ferry::kernel]]
void ideal_gas(const Chunk &c)
{
    for (int k = 0; k < c.ny; ++k)
        for (int j = 0; j < c.nx; ++j) {
            const int i = k * c.nx + j;
            double v = 1.0 / c.density[i];
            double p = (1.4 - 1.0) * c.density[i] * c.energy[i];
            double pressurebyenergy = (1.4 - 1.0) * c.density[i];
            double pressurebyvolume = -c.density[i] * p;
            double sound_speed_squared =
                v * v * (p * pressurebyenergy - pressurebyvolume);
            c.pressure[i] = p;
            c.soundspeed[i] = std::sqrt(sound_speed_squared);
        }
}

[[ferry::kernel]]
void accelerate(const Chunk &c, const Nodes &n, double dt,
                [[ferry::borrow(c.nx * c.ny)]] const double *viscosity,
                [[ferry::borrow(c.nx * c.ny)]] const double *volume)
{
    const double halfdt = 0.5 * dt;
    // CloverLeaf loops over k = y_min .. y_max + 1 and j = x_min .. x_max + 1;
    // ferry proves rows apart when the inner loop spans a whole row, so the
    // port runs over all nodes and skips the halo.
    for (int k = 0; k < n.ny; ++k)
        for (int j = 0; j < n.nx; ++j) {
            if (k < c.y_min || k > c.y_max + 1 || j < c.x_min || j > c.x_max + 1)
                continue;
            const int node = k * n.nx + j;
            double nodal_mass =
                (c.density[ftnref2d(j - 1, k - 1, c.nx)] * volume[ftnref2d(j - 1, k - 1, c.nx)] +
                 c.density[ftnref2d(j, k - 1, c.nx)] * volume[ftnref2d(j, k - 1, c.nx)] +
                 c.density[ftnref2d(j, k, c.nx)] * volume[ftnref2d(j, k, c.nx)] +
                 c.density[ftnref2d(j - 1, k, c.nx)] * volume[ftnref2d(j - 1, k, c.nx)]) * 0.25;
            double stepbymass = halfdt / nodal_mass;
            double dpx = c.pressure[ftnref2d(j - 1, k, c.nx)] - c.pressure[ftnref2d(j, k, c.nx)] +
                         c.pressure[ftnref2d(j - 1, k - 1, c.nx)] - c.pressure[ftnref2d(j, k - 1, c.nx)];
            double dpy = c.pressure[ftnref2d(j, k - 1, c.nx)] - c.pressure[ftnref2d(j, k, c.nx)] +
                         c.pressure[ftnref2d(j - 1, k - 1, c.nx)] - c.pressure[ftnref2d(j - 1, k, c.nx)];
            double dvx = viscosity[ftnref2d(j - 1, k, c.nx)] - viscosity[ftnref2d(j, k, c.nx)] +
                         viscosity[ftnref2d(j - 1, k - 1, c.nx)] - viscosity[ftnref2d(j, k - 1, c.nx)];
            double dvy = viscosity[ftnref2d(j, k - 1, c.nx)] - viscosity[ftnref2d(j, k, c.nx)] +
                         viscosity[ftnref2d(j - 1, k - 1, c.nx)] - viscosity[ftnref2d(j - 1, k, c.nx)];
            n.xvel1[node] = n.xvel0[node] - stepbymass * (dpx + dvx);
            n.yvel1[node] = n.yvel0[node] - stepbymass * (dpy + dvy);
        }
}

inline int ftnref2d(int j, int k, int nx) { return k * nx + j; }

int main()
{
    Chunk c{};
    c.x_min = 2; c.x_max = 41; c.y_min = 2; c.y_max = 33;
    c.nx = c.x_max + 3; c.ny = c.y_max + 3;
    const int cells = c.nx * c.ny;
    std::vector<double> density(cells), energy(cells), pressure(cells),
        soundspeed(cells), viscosity(cells), volume(cells);
    for (int k = 0; k < c.ny; ++k)
        for (int j = 0; j < c.nx; ++j) {
            const int i = k * c.nx + j;
            density[i] = j < c.nx / 2 ? 1.0 : 0.2;
            energy[i] = j < c.nx / 2 ? 2.5 : 1.0 + 0.01 * k;
            viscosity[i] = 0.001 * ((j + k) % 5);
            volume[i] = 0.01;
        }
    c.density = density.data();
    c.energy = energy.data();
    c.pressure = pressure.data();
    c.soundspeed = soundspeed.data();

    Nodes n{};
    n.nx = c.nx + 1; n.ny = c.ny + 1;
    std::vector<double> xvel0(n.nx * n.ny), yvel0(n.nx * n.ny),
        xvel1(n.nx * n.ny, 0.0), yvel1(n.nx * n.ny, 0.0);
    for (int i = 0; i < n.nx * n.ny; ++i) {
        xvel0[i] = 0.1 * (i % 7);
        yvel0[i] = -0.05 * (i % 3);
    }
    n.xvel0 = xvel0.data(); n.yvel0 = yvel0.data();
    n.xvel1 = xvel1.data(); n.yvel1 = yvel1.data();

    ideal_gas(c);
    accelerate(c, n, 0.04, viscosity.data(), volume.data());

    double ps = 0, ss = 0, xs = 0, ys = 0;
    for (int i = 0; i < cells; ++i) {
        ps += pressure[i];
        ss += soundspeed[i];
    }
    for (int i = 0; i < n.nx * n.ny; ++i) {
        xs += xvel1[i];
        ys += yvel1[i];
    }
    std::printf("ideal_gas: %.12g %.12g\naccelerate: %.12g %.12g\n", ps, ss, xs, ys);
    // The equation of state, checked cell by cell on the host.
    for (int i = 0; i < cells; ++i)
        if (std::fabs(pressure[i] - 0.4 * density[i] * energy[i]) >
            1e-12 * std::fabs(pressure[i])) {
            std::printf("cloverleaf: pressure of cell %d differs\n", i);
            return 1;
        }
    std::printf("cloverleaf: OK\n");
    return 0;
}
