// Loops need not start at zero, may use <=, and any integer type.
#include <cstdio>

[[ferry::kernel]]
void interior(int n, [[ferry::borrow(n)]] const float *u,
              [[ferry::borrow_mut(n)]] float *v)
{
    for (int i = 1; i <= n - 2; ++i)
        v[i] = 0.5f * (u[i - 1] + u[i + 1]);
}

[[ferry::kernel]]
void tail(unsigned n, [[ferry::borrow_mut(n)]] long *w)
{
    for (unsigned i = n / 2; i < n; i++)
        w[i] = static_cast<long>(i) * i;
}

int main()
{
    float u[32], v[32];
    long w[20];
    for (int i = 0; i < 32; ++i) {
        u[i] = i * i;
        v[i] = -1;
    }
    for (int i = 0; i < 20; ++i)
        w[i] = -i;
    interior(32, u, v);
    tail(20, w);
    std::printf("%g %g %g %g %ld %ld %ld\n", v[0], v[1], v[30], v[31], w[0],
                w[9], w[19]);
}
