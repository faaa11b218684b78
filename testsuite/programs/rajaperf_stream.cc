// The Stream kernels of the benchmark (bench/kernels/stream.hpp) give the
// serial answers on the host and on the sim device.
// { ferry-tolerance 1e-10 }
// { ferry-stats "FERRY_DEVICE=sim FERRY_RESIDENCY=0" "launches=5" }
#include "../../bench/kernels/stream.hpp"

#include <cstdio>

int main()
{
    using namespace rajaperf_like;
    const Index n = 1003;
    DataMaker make;
    auto a = make.make(n), b = make.make(n), c = make.make(n);
    stream::add(n, a.data(), b.data(), c.data());
    std::printf("ADD %.12Lg\n", checksum(c));
    stream::copy(n, b.data(), c.data());
    std::printf("COPY %.12Lg\n", checksum(c));
    stream::mul(n, 0.5, b.data(), a.data());
    std::printf("MUL %.12Lg\n", checksum(b));
    stream::triad(n, 1.5, a.data(), b.data(), c.data());
    std::printf("TRIAD %.12Lg\n", checksum(a));
    std::printf("DOT %.12g\n", stream::dot(n, a.data(), b.data()));
}
