// A 3-D stencil that walks a pointer down each z column (`c += xy`), as
// a public port wrote it (issue 52): each iteration of the parallel loop
// over the xy plane owns its column, ij + k * xy.  ferry proves it, so the
// kernel needs no shared_mut, which made every store atomic.
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]]
void smooth_columns(int nx, int ny, int nz,
                    [[ferry::borrow(nx * ny * nz)]] const float *u,
                    [[ferry::borrow_mut(nx * ny * nz)]] float *v)
{
    const int xy = nx * ny;
    for (int ij = 0; ij < xy; ++ij) {
        const float *c = u + ij;
        float *o = v + ij;
        for (int k = 0; k < nz; ++k) {
            const float below = k > 0 ? c[-xy] : 0.f;
            const float above = k + 1 < nz ? c[xy] : 0.f;
            o[0] += 0.5f * c[0] + 0.25f * (below + above);
            c += xy;
            o += xy;
        }
    }
}

int main()
{
    const int nx = 13, ny = 7, nz = 9;
    std::vector<float> u(nx * ny * nz), v(nx * ny * nz, 1.f);
    for (int i = 0; i < nx * ny * nz; ++i)
        u[i] = (i % 11) * 0.5f;
    for (int step = 0; step < 3; ++step)
        smooth_columns(nx, ny, nz, u.data(), v.data());
    double sum = 0;
    for (int i = 0; i < nx * ny * nz; ++i)
        sum += v[i] * (i % 7 + 1);
    std::printf("%.4f\n", sum);
    return 0;
}
