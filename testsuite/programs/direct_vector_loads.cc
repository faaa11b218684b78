// Structs of 8 and 16 bytes aligned to their size, read whole: the direct
// entries read each with one vector load (ld.v4.b32, ld.v2.b32; from a
// borrowed buffer through ld.global.nc under -fplugin-arg-ferry-nc-loads),
// as nvcc reads CUDA's float4 (HeCBench md's gathers of positions).  The
// sim device runs the OpenMP path; the GPU runs these loads: gathers
// through an index, a struct of ints and one of a float and an int, from a
// buffer the loop also writes (the coherent load), and a read of a local
// struct through its address, which stays in registers.  The GPU's answers
// differed in the sixth digit with arithmetic that rounds (an H100, on both
// paths: contracted multiply-adds); these sums are exact.
#include <cstdio>
#include <vector>

struct alignas(16) Position { float x, y, z, w; };
struct alignas(8) Pair { int first, second; };
struct alignas(16) Mixed { float weight; int id; float scale; int pad; };

// Small whole numbers and a power of two: every sum is exact, so the GPU's
// contracted multiply-adds give the host's answers bit for bit.
[[ferry::kernel]]
void forces(int n, [[ferry::borrow(n)]] const Position *p,
            [[ferry::borrow(n * 4)]] const int *neighbours,
            [[ferry::out(n)]] Position *f)
{
    for (int i = 0; i < n; ++i) {
        const Position mine = p[i];
        Position sum = {0, 0, 0, 0};
        for (int k = 0; k < 4; ++k) {
            const Position other = p[neighbours[i * 4 + k]];
            const float dx = mine.x - other.x, dy = mine.y - other.y,
                        dz = mine.z - other.z;
            const float weight = (dx * dx + dy * dy + dz * dz) * 0.125f;
            sum.x += dx * other.w;
            sum.y += dy * 2.0f;
            sum.z += dz + weight;
            sum.w += other.w;
        }
        f[i] = sum;
    }
}

[[ferry::kernel]]
void pairs(int n, [[ferry::borrow(n)]] const Pair *in,
           [[ferry::borrow(n)]] const Mixed *m, [[ferry::out(n)]] double *out)
{
    for (int i = 0; i < n; ++i) {
        const Pair a = in[i];
        const Pair b = in[(i * 7 + 3) % n];
        const Mixed c = m[n - 1 - i];
        out[i] = (a.first - b.second) * c.weight + c.id * c.scale + a.second;
    }
}

// The buffer the loop writes is read whole too, coherently.
[[ferry::kernel]]
void relax(int n, [[ferry::borrow_mut(n)]] Position *p)
{
    for (int i = 0; i < n; ++i) {
        const Position old = p[i];
        p[i] = Position{old.y, old.z, old.x, old.w * 0.5f};
    }
}

int main()
{
    const int n = 3000;
    std::vector<Position> p(n), f(n);
    std::vector<int> neighbours(n * 4);
    std::vector<Pair> in(n);
    std::vector<Mixed> m(n);
    std::vector<double> out(n);
    for (int i = 0; i < n; ++i) {
        p[i] = Position{float(i % 41), float(i % 97 - 48), -float(i % 31),
                        1.0f + (i % 5)};
        for (int k = 0; k < 4; ++k)
            neighbours[i * 4 + k] = (i * 31 + k * 977 + 5) % n;
        in[i] = Pair{i % 113, -(i % 71)};
        m[i] = Mixed{0.25f * (i % 9), i % 17, 0.5f + (i % 3), 0};
    }
    for (int step = 0; step < 3; ++step) {
        forces(n, p.data(), neighbours.data(), f.data());
        relax(n, p.data());
    }
    pairs(n, in.data(), m.data(), out.data());
    double total = 0, weights = 0, sums = 0;
    for (int i = 0; i < n; ++i) {
        total += f[i].x + 2 * f[i].y + 3 * f[i].z;
        weights += f[i].w;
        sums += out[i];
    }
    std::printf("%.3f %.3f %.3f %.3f %.3f\n", total, weights, sums, p[7].x,
                f[n - 1].z);
    return 0;
}
