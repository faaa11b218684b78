// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See byte_text.h.
#include "core/byte_text.h"

#include <cstdio>

namespace ferry::rt {

std::string byte_text(unsigned long long bytes) {
  static const char *const units[] = {"KiB", "MiB", "GiB", "TiB"};
  if (bytes < 1024 * 1024)
    return std::to_string(bytes) + " bytes";
  double value = static_cast<double>(bytes) / 1024;
  unsigned unit = 0;
  while (value >= 1024 && unit + 1 < sizeof units / sizeof *units) {
    value /= 1024;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.1f %s", value, units[unit]);
  return text;
}

} // namespace ferry::rt
