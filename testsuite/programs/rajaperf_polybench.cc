// The Polybench kernels of the benchmark (bench/kernels/polybench.hpp),
// time-stepped where RAJAPerf steps them.
// { ferry-stats "FERRY_DEVICE=sim FERRY_RESIDENCY=0" "launches=13" }
#include "../../bench/kernels/polybench.hpp"

#include <cstdio>

int main()
{
    using namespace rajaperf_like;
    DataMaker make;
    const Index n1 = 301;
    auto A1 = make.make(n1), B1 = make.make(n1);
    for (int t = 0; t < 4; ++t)
        polybench::jacobi_1d(n1, A1.data(), B1.data());
    std::printf("JACOBI_1D %.12Lg %.12Lg\n", checksum(A1), checksum(B1));

    const Index n2 = 37;
    auto A2 = make.make(n2 * n2), B2 = make.make(n2 * n2);
    for (int t = 0; t < 4; ++t)
        polybench::jacobi_2d(n2, A2.data(), B2.data());
    std::printf("JACOBI_2D %.12Lg %.12Lg\n", checksum(A2), checksum(B2));

    const Index n3 = 13;
    auto A3 = make.make(n3 * n3 * n3), B3 = make.make(n3 * n3 * n3);
    for (int t = 0; t < 4; ++t)
        polybench::heat_3d(n3, A3.data(), B3.data());
    std::printf("HEAT_3D %.12Lg %.12Lg\n", checksum(A3), checksum(B3));

    const Index ni = 23, nj = 29, nk = 31;
    auto A = make.make(ni * nk), B = make.make(nk * nj), C = make.make(ni * nj);
    polybench::gemm(ni, nj, nk, 0.62, 1.002, A.data(), B.data(), C.data());
    std::printf("GEMM %.12Lg\n", checksum(C));
}
