// The 28 benchmark kernels as problems: sizes, repetitions, input data and
// which arrays make the checksum.  Every variant (ferry, ferry-naive, omp,
// cuda) runs these same problems; only how the data reaches the device and
// how the kernel is launched differ (host_suite.cc, cuda_suite.cu).
//
// Sizes and repetitions are RAJAPerf's defaults (the kernel constructors
// of its 2022 releases); BENCH_SCALE scales the problem sizes and
// BENCH_REPS the repetitions, for quick runs.  Inputs are filled as
// RAJAPerf's DataUtils does (common.hpp); scalar parameters are fixed
// values.
#ifndef FERRY_BENCH_SUITE_PROBLEMS_HPP
#define FERRY_BENCH_SUITE_PROBLEMS_HPP

#include "../kernels/common.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

namespace suite {

using rajaperf_like::Index;
using rajaperf_like::Real;

// The host side of one run: arrays of doubles, of indices and of ints.
struct Data {
  std::vector<std::vector<Real>> real;
  std::vector<std::vector<Index>> index;
  std::vector<std::vector<int>> ints;
};

struct Scale {
  double size = 1.0; // BENCH_SCALE
  double reps = 1.0; // BENCH_REPS

  Index length(Index full) const {
    return std::max<Index>(16, static_cast<Index>(full * size));
  }
  // An edge of a square or cube whose point count scales like length().
  Index edge(Index full, int dimensions) const {
    return std::max<Index>(
        6, static_cast<Index>(full * std::pow(size, 1.0 / dimensions)));
  }
  int repetitions(int full) const {
    return std::max(1, static_cast<int>(full * reps));
  }
};

// What every problem has.
struct Problem {
  Index size = 0; // RAJAPerf's problem size, for the report
  int reps = 0;
  std::vector<int> checked; // indices into Data::real for the checksum
};

inline std::vector<Real> zeros(Index length) {
  return std::vector<Real>(static_cast<std::size_t>(length), 0.0);
}

// RAJAPerf's allocAndInitDataRandSign: values with random signs.
inline std::vector<Real> random_signs(rajaperf_like::DataMaker &make,
                                      Index length) {
  std::vector<Real> v = make.make(length);
  unsigned state = 4711u;
  for (Real &value : v) {
    state = state * 1103515245u + 12345u;
    if ((state >> 16) & 1u)
      value = -value;
  }
  return v;
}

// The zones of an nx by ny (by nz) box inside a mesh with a halo of one.
inline std::vector<Index> real_zones(Index nx, Index ny, Index nz, Index jp,
                                     Index kp) {
  std::vector<Index> zones;
  for (Index k = (nz > 0 ? 1 : 0); k <= (nz > 0 ? nz : 0); ++k)
    for (Index j = 1; j <= ny; ++j)
      for (Index i = 1; i <= nx; ++i)
        zones.push_back(i + j * jp + k * kp);
  return zones;
}

// ---------------------------------------------------------------- Stream

struct ADD : Problem {
  static constexpr const char *name = "Stream_ADD";
  enum { A, B, C };
  Index n;
  ADD(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(1000), checked = {C};
    rajaperf_like::DataMaker make;
    d.real = {make.make(n), make.make(n), zeros(n)};
  }
};

struct COPY : Problem {
  static constexpr const char *name = "Stream_COPY";
  enum { A, C };
  Index n;
  COPY(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(1800), checked = {C};
    rajaperf_like::DataMaker make;
    d.real = {make.make(n), zeros(n)};
  }
};

struct MUL : Problem {
  static constexpr const char *name = "Stream_MUL";
  enum { B, C };
  Index n;
  Real alpha = 0.75;
  MUL(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(1800), checked = {B};
    rajaperf_like::DataMaker make;
    d.real = {zeros(n), make.make(n)};
  }
};

struct TRIAD : Problem {
  static constexpr const char *name = "Stream_TRIAD";
  enum { A, B, C };
  Index n;
  Real alpha = 0.75;
  TRIAD(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(1000), checked = {A};
    rajaperf_like::DataMaker make;
    d.real = {zeros(n), make.make(n), make.make(n)};
  }
};

struct DOT : Problem {
  static constexpr const char *name = "Stream_DOT";
  enum { A, B };
  Index n;
  DOT(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(2000);
    rajaperf_like::DataMaker make;
    d.real = {make.make(n), make.make(n)};
  }
};

// ----------------------------------------------------------------- Basic

struct DAXPY : Problem {
  static constexpr const char *name = "Basic_DAXPY";
  enum { X, Y };
  Index n;
  Real a = 0.5;
  DAXPY(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(500), checked = {Y};
    rajaperf_like::DataMaker make;
    d.real = {make.make(n), zeros(n)};
  }
};

struct MULADDSUB : Problem {
  static constexpr const char *name = "Basic_MULADDSUB";
  enum { OUT1, OUT2, OUT3, IN1, IN2 };
  Index n;
  MULADDSUB(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(350), checked = {OUT1, OUT2, OUT3};
    rajaperf_like::DataMaker make;
    d.real = {zeros(n), zeros(n), zeros(n), make.make(n), make.make(n)};
  }
};

struct INIT3 : Problem {
  static constexpr const char *name = "Basic_INIT3";
  enum { OUT1, OUT2, OUT3, IN1, IN2 };
  Index n;
  INIT3(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(500), checked = {OUT1, OUT2, OUT3};
    rajaperf_like::DataMaker make;
    d.real = {zeros(n), zeros(n), zeros(n), make.make(n), make.make(n)};
  }
};

struct IF_QUAD : Problem {
  static constexpr const char *name = "Basic_IF_QUAD";
  enum { A, B, C, X1, X2 };
  Index n;
  IF_QUAD(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(180), checked = {X1, X2};
    rajaperf_like::DataMaker make;
    d.real = {random_signs(make, n), make.make(n), make.make(n), zeros(n),
              zeros(n)};
  }
};

struct NESTED_INIT : Problem {
  static constexpr const char *name = "Basic_NESTED_INIT";
  enum { ARRAY };
  Index ni, nj, nk;
  NESTED_INIT(Scale s, Data &d)
      : ni(s.edge(100, 3)), nj(s.edge(100, 3)), nk(s.edge(100, 3)) {
    size = ni * nj * nk, reps = s.repetitions(1000), checked = {ARRAY};
    d.real = {zeros(ni * nj * nk)};
  }
};

struct PI_REDUCE : Problem {
  static constexpr const char *name = "Basic_PI_REDUCE";
  Index n;
  Real dx;
  PI_REDUCE(Scale s, Data &) : n(s.length(1000000)), dx(1.0 / n) {
    size = n, reps = s.repetitions(50);
  }
};

struct REDUCE3_INT : Problem {
  static constexpr const char *name = "Basic_REDUCE3_INT";
  enum { VEC };
  Index n;
  REDUCE3_INT(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(50);
    rajaperf_like::DataMaker make;
    d.ints = {make.make_ints(n, 1000)};
  }
};

// ----------------------------------------------------------------- Lcals

struct HYDRO_1D : Problem {
  static constexpr const char *name = "Lcals_HYDRO_1D";
  enum { X, Y, Z };
  Index n;
  Real q = 0.125, r = 0.25, t = 0.5;
  HYDRO_1D(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(1000), checked = {X};
    rajaperf_like::DataMaker make;
    d.real = {zeros(n), make.make(n), make.make(n + 12)};
  }
};

struct EOS : Problem {
  static constexpr const char *name = "Lcals_EOS";
  enum { X, Y, Z, U };
  Index n;
  Real q = 0.125, r = 0.25, t = 0.5;
  EOS(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(500), checked = {X};
    rajaperf_like::DataMaker make;
    d.real = {zeros(n), make.make(n), make.make(n), make.make(n + 7)};
  }
};

struct FIRST_DIFF : Problem {
  static constexpr const char *name = "Lcals_FIRST_DIFF";
  enum { X, Y };
  Index n;
  FIRST_DIFF(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(2000), checked = {X};
    rajaperf_like::DataMaker make;
    d.real = {zeros(n), make.make(n + 1)};
  }
};

struct PLANCKIAN : Problem {
  static constexpr const char *name = "Lcals_PLANCKIAN";
  enum { X, Y, U, V, W };
  Index n;
  PLANCKIAN(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(50), checked = {W};
    rajaperf_like::DataMaker make;
    d.real = {make.make(n), zeros(n), make.make(n), make.make(n), zeros(n)};
  }
};

struct INT_PREDICT : Problem {
  static constexpr const char *name = "Lcals_INT_PREDICT";
  enum { PX };
  Index n, offset;
  Real dm22 = 0.22, dm23 = 0.23, dm24 = 0.24, dm25 = 0.25, dm26 = 0.26,
       dm27 = 0.27, dm28 = 0.28, c0 = 0.5;
  INT_PREDICT(Scale s, Data &d) : n(s.length(1000000)), offset(n) {
    size = n, reps = s.repetitions(400), checked = {PX};
    rajaperf_like::DataMaker make;
    d.real = {make.make(13 * offset)};
  }
};

// ------------------------------------------------------------- Polybench

struct JACOBI_1D : Problem {
  static constexpr const char *name = "Polybench_JACOBI_1D";
  enum { A, B };
  Index n;
  int tsteps = 16; // kernel calls per repetition
  JACOBI_1D(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(100), checked = {A, B};
    rajaperf_like::DataMaker make;
    d.real = {make.make(n), make.make(n)};
  }
};

struct JACOBI_2D : Problem {
  static constexpr const char *name = "Polybench_JACOBI_2D";
  enum { A, B };
  Index n;
  int tsteps = 40;
  JACOBI_2D(Scale s, Data &d) : n(s.edge(1000, 2)) {
    size = n * n, reps = s.repetitions(50), checked = {A, B};
    rajaperf_like::DataMaker make;
    d.real = {make.make(n * n), make.make(n * n)};
  }
};

struct HEAT_3D : Problem {
  static constexpr const char *name = "Polybench_HEAT_3D";
  enum { A, B };
  Index n;
  int tsteps = 20;
  HEAT_3D(Scale s, Data &d) : n(s.edge(100, 3)) {
    size = n * n * n, reps = s.repetitions(20), checked = {A, B};
    rajaperf_like::DataMaker make;
    d.real = {make.make(n * n * n), make.make(n * n * n)};
  }
};

struct GEMM : Problem {
  static constexpr const char *name = "Polybench_GEMM";
  enum { A, B, C };
  Index ni, nj, nk;
  Real alpha = 0.62, beta = 1.002;
  GEMM(Scale s, Data &d)
      : ni(s.edge(1000, 2)), nj(s.edge(1000, 2)), nk(s.edge(1200, 2)) {
    size = ni * nj, reps = s.repetitions(4), checked = {C};
    rajaperf_like::DataMaker make;
    d.real = {make.make(ni * nk), make.make(nk * nj), zeros(ni * nj)};
  }
};

// ------------------------------------------------------------------ Apps

struct PRESSURE : Problem {
  static constexpr const char *name = "Apps_PRESSURE";
  enum { COMPRESSION, BVC, P_NEW, E_OLD, VNEWC };
  Index n;
  Real cls = 0.5, p_cut = 0.0001, pmin = 0.01, eosvmax = 0.8;
  PRESSURE(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(700), checked = {P_NEW};
    rajaperf_like::DataMaker make;
    d.real = {make.make(n), zeros(n), zeros(n), make.make(n), make.make(n)};
  }
};

struct ENERGY : Problem {
  static constexpr const char *name = "Apps_ENERGY";
  enum {
    E_NEW, E_OLD, DELVC, P_NEW, P_OLD, Q_NEW, Q_OLD, WORK, COMP_HALF_STEP,
    P_HALF_STEP, BVC, PBVC, QL_OLD, QQ_OLD, VNEWC
  };
  Index n;
  apps::EnergyConstants constants{1.5, 1e-7, -1e15, 1e-7};
  ENERGY(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(130), checked = {E_NEW, Q_NEW};
    rajaperf_like::DataMaker make;
    d.real.push_back(zeros(n));
    // As RAJAPerf's ENERGY.cpp: every input from its data maker, whose
    // values are positive, so delvc > 0 takes the short branch of every
    // test (the test suite's programs run the others).
    for (int k = E_OLD; k <= VNEWC; ++k)
      d.real.push_back(k == Q_NEW ? zeros(n) : make.make(n));
  }
};

struct FIR : Problem {
  static constexpr const char *name = "Apps_FIR";
  enum { COEFF, IN, OUT };
  Index n;
  FIR(Scale s, Data &d) : n(s.length(1000000)) {
    size = n, reps = s.repetitions(160), checked = {OUT};
    rajaperf_like::DataMaker make;
    d.real = {{3.0, -1.0, -1.0, -1.0, -1.0, 3.0, -1.0, -1.0, -1.0, -1.0, 3.0,
               -1.0, -1.0, -1.0, -1.0, 3.0},
              make.make(n + apps::fir_coefflen - 1),
              zeros(n)};
  }
};

// A box of zones inside a mesh with a halo: zone (i, j, k) at
// i + j*jp + k*kp.
struct Mesh {
  Index nx, ny, nz, jp, kp, length;
  Mesh(Index x, Index y, Index z)
      : nx(x), ny(y), nz(z), jp(x + 2), kp(z > 0 ? (x + 2) * (y + 2) : 0),
        length((x + 2) * (y + 2) * (z > 0 ? z + 2 : 1)) {}
};

struct VOL3D : Problem {
  static constexpr const char *name = "Apps_VOL3D";
  enum { X, Y, Z, VOL };
  Mesh mesh;
  Index ibegin, iend;
  Real vnormq = 1.0 / 12.0;
  VOL3D(Scale s, Data &d)
      : mesh(s.edge(100, 3), s.edge(100, 3), s.edge(100, 3)),
        ibegin(mesh.kp + mesh.jp + 1),
        iend(mesh.length - mesh.kp - mesh.jp - 1) {
    size = mesh.nx * mesh.ny * mesh.nz, reps = s.repetitions(100);
    checked = {VOL};
    d.real = {zeros(mesh.length), zeros(mesh.length), zeros(mesh.length),
              zeros(mesh.length)};
    rajaperf_like::mesh_positions(mesh.nx, mesh.ny, mesh.nz, mesh.jp, mesh.kp,
                                  d.real[X].data(), d.real[Y].data(),
                                  d.real[Z].data());
  }
};

struct DEL_DOT_VEC_2D : Problem {
  static constexpr const char *name = "Apps_DEL_DOT_VEC_2D";
  enum { X, Y, FX, FY, DIV };
  enum { ZONES };
  Mesh mesh;
  Index nzones;
  Real ptiny = 1e-30, half = 0.5;
  DEL_DOT_VEC_2D(Scale s, Data &d)
      : mesh(s.edge(1000, 2), s.edge(1000, 2), 0),
        nzones(mesh.nx * mesh.ny) {
    size = nzones, reps = s.repetitions(100), checked = {DIV};
    rajaperf_like::DataMaker make;
    d.real = {zeros(mesh.length), zeros(mesh.length), make.make(mesh.length),
              make.make(mesh.length), zeros(mesh.length)};
    rajaperf_like::mesh_positions(mesh.nx, mesh.ny, 0, mesh.jp, 0,
                                  d.real[X].data(), d.real[Y].data(), nullptr);
    d.index = {real_zones(mesh.nx, mesh.ny, 0, mesh.jp, 0)};
  }
};

struct LTIMES : Problem {
  static constexpr const char *name = "Apps_LTIMES";
  enum { PHI, ELL, PSI };
  Index num_d = 64, num_g = 32, num_m = 25, num_z;
  LTIMES(Scale s, Data &d) : num_z(std::max<Index>(1, s.length(488))) {
    size = num_d * num_g * num_z, reps = s.repetitions(50), checked = {PHI};
    rajaperf_like::DataMaker make;
    d.real = {zeros(num_m * num_g * num_z), make.make(num_d * num_m),
              make.make(num_d * num_g * num_z)};
  }
};

struct MATVEC_3D_STENCIL : Problem {
  static constexpr const char *name = "Apps_MATVEC_3D_STENCIL";
  enum { MATRIX, X, B };
  enum { ZONES };
  Mesh mesh;
  Index nzones;
  // The symmetric matrix's 14 stored rows start 256 bytes aligned, as
  // RAJAPerf's 14 separately allocated arrays do: a warp's loads then take
  // whole lines.
  Index stride;
  MATVEC_3D_STENCIL(Scale s, Data &d)
      : mesh(s.edge(100, 3), s.edge(100, 3), s.edge(100, 3)),
        nzones(mesh.nx * mesh.ny * mesh.nz), stride((mesh.length + 31) / 32 * 32) {
    size = nzones, reps = s.repetitions(100), checked = {B};
    rajaperf_like::DataMaker make;
    d.real = {make.make(14 * stride), make.make(mesh.length),
              zeros(mesh.length)};
    d.index = {real_zones(mesh.nx, mesh.ny, mesh.nz, mesh.jp, mesh.kp)};
  }
};

// Every problem, in report order.
using All = std::tuple<ADD, COPY, MUL, TRIAD, DOT, DAXPY, MULADDSUB, INIT3,
                       IF_QUAD, NESTED_INIT, PI_REDUCE, REDUCE3_INT, HYDRO_1D,
                       EOS, FIRST_DIFF, PLANCKIAN, INT_PREDICT, JACOBI_1D,
                       JACOBI_2D, HEAT_3D, GEMM, PRESSURE, ENERGY, FIR, VOL3D,
                       DEL_DOT_VEC_2D, LTIMES, MATVEC_3D_STENCIL>;

} // namespace suite

#endif
