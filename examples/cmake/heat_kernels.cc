// SPDX-License-Identifier: GPL-3.0-or-later
#include "heat_kernels.hpp"

void heat_step(std::span<const double> now, std::span<double> next,
               double alpha)
{
    const std::size_t n = now.size();
    for (std::size_t i = 0; i < n; ++i) {
        const double left = i > 0 ? now[i - 1] : now[i];
        const double right = i + 1 < n ? now[i + 1] : now[i];
        next[i] = now[i] + alpha * (left - 2 * now[i] + right);
    }
}

double total_heat(std::span<const double> u)
{
    double total = 0;
    for (std::size_t i = 0; i < u.size(); ++i)
        total += u[i];
    return total;
}
