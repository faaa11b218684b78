// Kernels can be function templates; each instantiation is offloaded, and
// a template argument can be the length.
// { ferry-stats "FERRY_DEVICE=sim FERRY_RESIDENCY=0" "launches=3" }
#include <cstddef>
#include <cstdio>

template <typename T>
[[ferry::kernel]]
void scale(std::size_t n, T s, [[ferry::borrow(n)]] const T *in,
           [[ferry::out(n)]] T *out)
{
    for (std::size_t i = 0; i < n; ++i)
        out[i] = s * in[i];
}

template <std::size_t N>
[[ferry::kernel]]
void fill(int v, [[ferry::out(N)]] int *out)
{
    for (std::size_t i = 0; i < N; ++i)
        out[i] = v + static_cast<int>(i);
}

int main()
{
    float fin[64], fout[64];
    double din[64], dout[64];
    int iout[16];
    for (int i = 0; i < 64; ++i) {
        fin[i] = i * 0.25f;
        din[i] = i * 0.125;
    }
    scale<float>(64, 3.0f, fin, fout);
    scale<double>(64, -2.0, din, dout);
    fill<16>(7, iout);
    std::printf("%g %g %g %g %d %d\n", fout[1], fout[63], dout[2], dout[63],
                iout[0], iout[15]);
}
