// The Basic kernels of the benchmark (bench/kernels/basic.hpp).
// { ferry-tolerance 1e-10 }
#include "../../bench/kernels/basic.hpp"

#include <cstdio>

int main()
{
    using namespace rajaperf_like;
    const Index n = 1009;
    DataMaker make;
    auto x = make.make(n), y = make.make(n);
    basic::daxpy(n, 0.75, x.data(), y.data());
    std::printf("DAXPY %.12Lg\n", checksum(y));

    std::vector<Real> o1(n), o2(n), o3(n);
    basic::muladdsub(n, o1.data(), o2.data(), o3.data(), x.data(), y.data());
    std::printf("MULADDSUB %.12Lg %.12Lg %.12Lg\n", checksum(o1), checksum(o2),
                checksum(o3));
    basic::init3(n, o1.data(), o2.data(), o3.data(), x.data(), y.data());
    std::printf("INIT3 %.12Lg %.12Lg %.12Lg\n", checksum(o1), checksum(o2),
                checksum(o3));

    auto qa = make.make(n), qb = make.make(n), qc = make.make(n);
    // Both signs of the discriminant, each well away from zero (where a
    // fused multiply-add on the GPU may flip the branch).
    for (Index i = 0; i < n; ++i)
        qb[i] = (i % 3 ? 5.0 : 0.1) * qb[i];
    basic::if_quad(n, qa.data(), qb.data(), qc.data(), o1.data(), o2.data());
    std::printf("IF_QUAD %.12Lg %.12Lg\n", checksum(o1), checksum(o2));

    const Index ni = 13, nj = 7, nk = 5;
    std::vector<Real> array(ni * nj * nk);
    basic::nested_init(ni, nj, nk, array.data());
    std::printf("NESTED_INIT %.12Lg\n", checksum(array));

    std::printf("PI_REDUCE %.12g\n", basic::pi_reduce(n, 1.0 / n));

    auto vec = make.make_ints(n, 1000);
    basic::Reduce3 r = basic::reduce3_int(n, vec.data());
    std::printf("REDUCE3_INT %d %d %d\n", r.sum, r.min, r.max);
}
