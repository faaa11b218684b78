// Prints the values of a vector one a line, "WHAT INDEX VALUE", for the
// maths programs (device_math.cc, device_maths_functions.cc): a NaN as
// "nan", since the sign of a NaN is the target's (the host's default NaN
// is negative, the GPU's positive).
#ifndef FERRY_TEST_PRINT_VALUES_HPP
#define FERRY_TEST_PRINT_VALUES_HPP

#include <cmath>
#include <cstdio>
#include <vector>

template <typename T> void print(const char *what, const std::vector<T> &v) {
  for (size_t i = 0; i < v.size(); ++i) {
    if (std::isnan(v[i]))
      std::printf("%s %zu nan\n", what, i);
    else
      std::printf("%s %zu %.17g\n", what, i, double(v[i]));
  }
}

#endif
