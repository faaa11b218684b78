// The Lcals kernels of the benchmark (bench/kernels/lcals.hpp).
#include "../../bench/kernels/lcals.hpp"

#include <cstdio>

int main()
{
    using namespace rajaperf_like;
    const Index n = 997;
    DataMaker make;
    std::vector<Real> x(n);
    auto y = make.make(n), z = make.make(n + 12);
    lcals::hydro_1d(n, 0.5, 0.25, 0.125, x.data(), y.data(), z.data());
    std::printf("HYDRO_1D %.12Lg\n", checksum(x));

    auto u = make.make(n + 7);
    lcals::eos(n, 0.5, 0.25, 0.125, x.data(), y.data(), z.data(), u.data());
    std::printf("EOS %.12Lg\n", checksum(x));

    lcals::first_diff(n, x.data(), u.data());
    std::printf("FIRST_DIFF %.12Lg\n", checksum(x));

    auto pu = make.make(n), pv = make.make(n);
    std::vector<Real> py(n), pw(n);
    lcals::planckian(n, x.data(), py.data(), pu.data(), pv.data(), pw.data());
    std::printf("PLANCKIAN %.12Lg %.12Lg\n", checksum(py), checksum(pw));

    const Index offset = n;
    auto px = make.make(13 * offset);
    lcals::int_predict(n, offset, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.1,
                       px.data(), px.data() + 2 * offset);
    std::printf("INT_PREDICT %.12Lg\n", checksum(px.data(), n));
}
