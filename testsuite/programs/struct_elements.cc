// Buffers of structs: each iteration owns all fields of its element.
#include <cstddef>
#include <cstdio>

struct Particle {
    double x, v;
    int id;
};

[[ferry::kernel]]
void step(std::size_t n, double dt, [[ferry::borrow_mut(n)]] Particle *p)
{
    for (std::size_t i = 0; i < n; ++i) {
        p[i].x += dt * p[i].v;
        p[i].v *= 0.99;
    }
}

int main()
{
    Particle p[50];
    for (int i = 0; i < 50; ++i)
        p[i] = Particle{i * 1.0, 0.5 * i, i};
    step(50, 0.1, p);
    std::printf("%.15g %.15g %.15g %d\n", p[0].x, p[49].x, p[49].v, p[49].id);
}
