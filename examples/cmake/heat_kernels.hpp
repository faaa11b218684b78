// SPDX-License-Identifier: GPL-3.0-or-later
// The kernels of the CMake example: a 1-D heat step and the total heat.
#pragma once
#include <ferry/ferry.hpp>

#include <span>

[[ferry::kernel]] void heat_step(std::span<const double> now,
                                 std::span<double> next, double alpha);
[[ferry::kernel]] double total_heat(std::span<const double> u);
