// Structs of arrays as kernel parameters: the pointer members carry the
// ownership attributes once, in the struct, with lengths that name the
// other members; the kernel takes the struct by value or by const
// reference, one level of nesting included.
#include <ferry/ferry.hpp>
#include <cstdio>
#include <vector>

struct Particles {
    std::size_t n;
    [[ferry::borrow_mut(n)]] double *x;
    [[ferry::borrow_mut(n)]] double *v;
    [[ferry::borrow(n)]] const double *mass;
};

struct Forces {
    std::size_t n;
    double scale;
    double gravity[3];  // a member array of numbers is copied like a scalar
    [[ferry::borrow(3 * n)]] const double *f;
};

[[ferry::kernel]]
void kick(Particles p, const Forces &forces, double dt)
{
    for (std::size_t i = 0; i < p.n; ++i)
        p.v[i] += dt * (forces.scale * forces.f[3 * i] / p.mass[i] +
                        forces.gravity[0]);
    for (std::size_t i = 0; i < p.n; ++i)
        p.x[i] += dt * p.v[i];
}

// A mesh holding a field: members of a member.
struct Field {
    int nx, ny;
    [[ferry::borrow(nx * ny)]] const double *u;
    [[ferry::out(nx * ny)]] double *lap;
};

struct Mesh {
    double h;
    Field field;
};

[[ferry::kernel]]
void laplacian(const Mesh &mesh)
{
    for (int j = 0; j < mesh.field.ny; ++j)
        for (int i = 0; i < mesh.field.nx; ++i) {
            const int c = j * mesh.field.nx + i;
            double value = 0.0;  // the first and last rows stay zero
            if (j > 0 && j + 1 < mesh.field.ny) {
                double west = i > 0 ? mesh.field.u[c - 1] : 0.0;
                double east = i + 1 < mesh.field.nx ? mesh.field.u[c + 1] : 0.0;
                value = (west + east + mesh.field.u[c - mesh.field.nx] +
                         mesh.field.u[c + mesh.field.nx] - 4 * mesh.field.u[c]) /
                        (mesh.h * mesh.h);
            }
            mesh.field.lap[c] = value;
        }
}

// Histogram into a shared_mut member, and a reduction over a member.
struct Histogram {
    int bins;
    [[ferry::shared_mut(bins)]] long *counts;
};

struct Samples {
    std::size_t n;
    [[ferry::borrow(n)]] const double *value;
};

[[ferry::kernel]]
double bin(const Samples &s, Histogram h, double width)
{
    double total = 0;
    for (std::size_t i = 0; i < s.n; ++i) {
        int b = static_cast<int>(s.value[i] / width);
        if (b >= h.bins)
            b = h.bins - 1;
        h.counts[b] += 1;
        total += s.value[i];
    }
    return total;
}

int main()
{
    const std::size_t n = 2000;
    std::vector<double> x(n), v(n, 0.0), mass(n), f(3 * n);
    for (std::size_t i = 0; i < n; ++i) {
        x[i] = 0.001 * i;
        mass[i] = 1.0 + (i % 7);
        f[3 * i] = 0.5 * (i % 11);
    }
    Particles p{n, x.data(), v.data(), mass.data()};
    Forces forces{n, 2.0, {-9.81, 0.0, 0.0}, f.data()};
    for (int step = 0; step < 5; ++step) {
        kick(p, forces, 0.01);
        x[step] += 1.0;  // host work between launches, through the vector
    }
    double xs = 0, vs = 0;
    for (std::size_t i = 0; i < n; ++i) {
        xs += x[i];
        vs += v[i];
    }
    std::printf("kick: %.12g %.12g\n", xs, vs);

    const int nx = 64, ny = 48;
    std::vector<double> u(nx * ny), lap(nx * ny, -1.0);
    for (int k = 0; k < nx * ny; ++k)
        u[k] = (k % nx) * (k % nx) + 0.5 * (k / nx);
    Mesh mesh{0.1, {nx, ny, u.data(), lap.data()}};
    laplacian(mesh);
    double ls = 0;
    for (double value : lap)
        ls += value;
    std::printf("laplacian: %.12g %.12g %.12g\n", ls, lap[nx + 3], lap[0]);

    std::vector<long> counts(10, 0);
    Samples s{n, x.data()};
    Histogram h{10, counts.data()};
    double total = bin(s, h, 0.25);
    std::printf("bin: %.12g", total);
    for (long c : counts)
        std::printf(" %ld", c);
    std::printf("\n");
}
