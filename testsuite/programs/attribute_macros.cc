// Attribute arguments are read from the source text, before the
// preprocessor, so ferry expands their macros itself: an object-like
// macro (`out(ngroups * PPWI)`, as miniBUDE's poses per work item), a
// chain of them, a function-like macro with arguments that are macros
// too, and a macro in the kernel's own options.  Each length must be the
// one the serial build uses: a short length is a launch error, a long one
// reaches past the vector.
#include <cstddef>
#include <cstdio>
#include <vector>

#define PPWI 4
#define ROWS COLUMNS
#define COLUMNS 3
#define PADDED(n, pad) ((n) + (pad))
#define BLOCK_THREADS 64

[[ferry::kernel(threads(BLOCK_THREADS))]]
void spread(std::size_t ngroups, [[ferry::borrow(ngroups)]] const float *x,
            [[ferry::out(ngroups * PPWI)]] float *y)
{
    for (std::size_t g = 0; g < ngroups; ++g)
        for (int l = 0; l < PPWI; ++l)
            y[g * PPWI + l] = x[g] * float(l + 1);
}

[[ferry::kernel]]
void table(int n, [[ferry::out(PADDED(n * ROWS, COLUMNS))]] int *t)
{
    for (int i = 0; i < n * ROWS + COLUMNS; ++i)
        t[i] = i * i;
}

int main()
{
    const std::size_t ngroups = 1000;
    std::vector<float> x(ngroups), y(ngroups * PPWI);
    for (std::size_t g = 0; g < ngroups; ++g)
        x[g] = float(g % 17);
    spread(ngroups, x.data(), y.data());
    double sum = 0;
    for (float v : y)
        sum += v;
    std::printf("spread %.1f\n", sum);

    const int n = 50;
    std::vector<int> t(n * ROWS + COLUMNS);
    table(n, t.data());
    long total = 0;
    for (int v : t)
        total += v;
    std::printf("table %ld\n", total);
}
