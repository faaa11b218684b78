// SPDX-License-Identifier: GPL-3.0-or-later
// Heat diffusion with insulated ends conserves the total heat: 200 steps
// through ferry kernels built by CMake, checked against the same steps on
// the host.  Prints "heat_cmake: OK" or what differs.
#include "heat_kernels.hpp"

#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

int main()
{
    const std::size_t n = 1 << 16;
    const double alpha = 0.25;
    std::vector<double> now(n, 0.0), next(n, 0.0);
    for (std::size_t i = n / 4; i < n / 2; ++i)
        now[i] = 1.0;
    std::vector<double> reference = now, scratch(n);
    const double initial = total_heat(now);
    for (int step = 0; step < 200; ++step) {
        heat_step(now, next, alpha);
        std::swap(now, next);
        for (std::size_t i = 0; i < n; ++i) {
            const double left = i > 0 ? reference[i - 1] : reference[i];
            const double right = i + 1 < n ? reference[i + 1] : reference[i];
            scratch[i] = reference[i] + alpha * (left - 2 * reference[i] + right);
        }
        std::swap(reference, scratch);
    }
    const double final_total = total_heat(now);
    double largest = 0;
    for (std::size_t i = 0; i < n; ++i)
        largest = std::fmax(largest, std::fabs(now[i] - reference[i]));
    std::printf("heat_cmake: on %s, total heat %.12g -> %.12g, largest "
                "difference from the host %g\n",
                ferry::device_name().c_str(), initial, final_total, largest);
    const bool ok = largest <= 1e-12 &&
                    std::fabs(final_total - initial) <= 1e-9 * initial;
    std::printf("heat_cmake: %s\n", ok ? "OK" : "FAILED");
    return ok ? 0 : 1;
}
