// Data set-up and checksums in the manner of RAJAPerf (src/common/DataUtils),
// shared by the benchmark programs and the tests of the kernels.
#ifndef FERRY_BENCH_COMMON_HPP
#define FERRY_BENCH_COMMON_HPP

#include <ferry/ferry.hpp>

#include "bodies.hpp"

#include <cmath>
#include <cstddef>
#include <vector>

// The kernels are ferry kernels; built without the plugin and with
// -DFERRY_BENCH_OMP_TARGET, the same functions are the benchmark's
// hand-written OpenMP variant: each parallel loop gets the target pragma
// that RAJAPerf's Base_OpenMPTarget uses (with simd, which GCC needs), and
// the pointers passed in are device pointers.
#if defined(FERRY_BENCH_OMP_TARGET)
#define FERRY_BENCH_PRAGMA(...) _Pragma(#__VA_ARGS__)
#define FERRY_BENCH_OMP(...)                                                   \
  FERRY_BENCH_PRAGMA(omp target teams distribute parallel for simd __VA_ARGS__)
#else
#define FERRY_BENCH_OMP(...)
#endif

namespace rajaperf_like {

using Index = long;
using Real = double;

// RAJAPerf's initData: values that differ element by element, with the
// factor alternating between arrays so that no two arrays are equal.
class DataMaker {
public:
  void fill(Real *data, Index length) {
    const Real factor = (count_++ % 2) ? 0.1 : 0.2;
    for (Index i = 0; i < length; ++i)
      data[i] = factor * (i + 1.1) / (i + 1.12345);
  }
  std::vector<Real> make(Index length) {
    std::vector<Real> v(static_cast<std::size_t>(length));
    fill(v.data(), length);
    return v;
  }
  // Integers in [-range, range], reproducible.
  std::vector<int> make_ints(Index length, int range) {
    std::vector<int> v(static_cast<std::size_t>(length));
    unsigned state = 12345u + 7u * count_++;
    for (Index i = 0; i < length; ++i) {
      state = state * 1103515245u + 12345u;
      v[i] = static_cast<int>((state >> 8) % (2u * range + 1u)) - range;
    }
    return v;
  }

private:
  int count_ = 0;
};

// Mesh coordinates of a box of zones with a halo, as RAJAPerf's
// setMeshPositions: the node at (i, j, k) sits at (i*dx, j*dy, k*dz), so
// zone areas and volumes are well away from zero.
inline void mesh_positions(Index ni, Index nj, Index nk, Index jp, Index kp,
                           Real *x, Real *y, Real *z) {
  const Real dx = 1.0 / (ni + 1), dy = 1.0 / (nj + 1),
             dz = 1.0 / (nk > 0 ? nk + 1 : 1);
  for (Index k = 0; k < (nk > 0 ? nk + 2 : 1); ++k)
    for (Index j = 0; j < nj + 2; ++j)
      for (Index i = 0; i < ni + 2; ++i) {
        const Index node = i + j * jp + k * kp;
        x[node] = i * dx;
        y[node] = j * dy;
        if (z)
          z[node] = k * dz;
      }
}

// RAJAPerf's checksum: a Kahan sum of (|sin(j+1)| + 0.5) * data[j].
template <typename T> long double checksum(const T *data, Index length) {
  long double sum = 0, compensation = 0;
  for (Index j = 0; j < length; ++j) {
    long double term =
        (std::fabs(std::sin(static_cast<long double>(j + 1))) + 0.5) * data[j];
    long double y = term - compensation;
    long double t = sum + y;
    compensation = (t - sum) - y;
    sum = t;
  }
  return sum;
}

template <typename T> long double checksum(const std::vector<T> &v) {
  return checksum(v.data(), static_cast<Index>(v.size()));
}

} // namespace rajaperf_like

// Parameters of the Apps kernels that callers and every variant share.
namespace apps {

struct EnergyConstants {
  rajaperf_like::Real rho0, e_cut, emin, q_cut;
};

constexpr rajaperf_like::Index fir_coefflen = 16;

} // namespace apps

#endif
