// The benchmark's ferry and omp variants: one source, built twice.
//
//   ferry-g++ -O3 host_suite.cc -o suite_ferry
//       the ferry kernels of bench/kernels; run as is for `ferry`, and
//       with FERRY_RESIDENCY=0 for `ferry-naive`
//   g++ -O3 -fopenmp -foffload=nvptx-none ... -DFERRY_BENCH_OMP_TARGET
//       host_suite.cc -o suite_omp
//       the same functions without the plugin, each loop under RAJAPerf's
//       Base_OpenMPTarget pragma, on data placed once with
//       omp_target_alloc and omp_target_memcpy
//
// Prints one CSV line per kernel (report.hpp); BENCH_ONLY, BENCH_SCALE and
// BENCH_REPS select kernels and shrink the run.
#include "problems.hpp"
#include "report.hpp"

#include "../kernels/apps.hpp"
#include "../kernels/basic.hpp"
#include "../kernels/lcals.hpp"
#include "../kernels/polybench.hpp"
#include "../kernels/stream.hpp"

#if defined(FERRY_BENCH_OMP_TARGET)
#include <omp.h>
#endif

#include <cstring>
#include <tuple>

namespace suite {

namespace {

// Where the kernels find the arrays of one run.
struct Pointers {
  std::vector<Real *> real;
  std::vector<Index *> index;
  std::vector<int *> ints;
};

#if defined(FERRY_BENCH_OMP_TARGET)

const char *variant_name() { return "omp"; }

// Device copies made once, as RAJAPerf's Base_OpenMPTarget does.
class Placement {
public:
  Pointers place(Data &d) {
    Pointers p;
    for (auto &v : d.real)
      p.real.push_back(copy_in(v));
    for (auto &v : d.index)
      p.index.push_back(copy_in(v));
    for (auto &v : d.ints)
      p.ints.push_back(copy_in(v));
    return p;
  }

  void fetch(const Problem &problem, Data &d, const Pointers &p) {
    for (int k : problem.checked)
      omp_target_memcpy(d.real[k].data(), p.real[k],
                        d.real[k].size() * sizeof(Real), 0, 0, host_, device_);
  }

  ~Placement() {
    for (void *memory : owned_)
      omp_target_free(memory, device_);
  }

private:
  template <class T> T *copy_in(std::vector<T> &v) {
    const std::size_t bytes = v.size() * sizeof(T);
    void *memory = omp_target_alloc(bytes ? bytes : 1, device_);
    omp_target_memcpy(memory, v.data(), bytes, 0, 0, device_, host_);
    owned_.push_back(memory);
    return static_cast<T *>(memory);
  }

  int device_ = omp_get_default_device();
  int host_ = omp_get_initial_device();
  std::vector<void *> owned_;
};

// Nothing to keep: the data stays where the pointers say.
struct KeepResident {};

// Target regions without nowait return when the kernel has finished.
void wait_for_kernels() {}

#else

// ferry: the default (the direct launch on NVIDIA); ferry-omp: the OpenMP
// path only; ferry-naive: no residency, map every launch.
const char *variant_name() {
  const char *residency = std::getenv("FERRY_RESIDENCY");
  const char *launch = std::getenv("FERRY_LAUNCH");
  if (residency && std::strcmp(residency, "0") == 0)
    return "ferry-naive";
  return launch && std::strcmp(launch, "omp") == 0 ? "ferry-omp" : "ferry";
}

// The host arrays themselves: libferry moves them.
class Placement {
public:
  Pointers place(Data &d) {
    Pointers p;
    for (auto &v : d.real)
      p.real.push_back(v.data());
    for (auto &v : d.index)
      p.index.push_back(v.data());
    for (auto &v : d.ints)
      p.ints.push_back(v.data());
    return p;
  }
  // The resident scope copies the results back as it ends.
  void fetch(const Problem &, Data &, const Pointers &) {}
};

// launch() below calls the kernels; without this scope, each return from
// it would hand the buffers back to the host.
using KeepResident = ferry::resident_scope;

// Direct launches return once the kernel is queued.
void wait_for_kernels() { ferry::wait(); }

#endif

// ---------------------------------------------------------------- launches
// One repetition of each problem; the result of a reduction, or 0.

long double launch(const ADD &k, Pointers &p) {
  stream::add(k.n, p.real[ADD::A], p.real[ADD::B], p.real[ADD::C]);
  return 0;
}
long double launch(const COPY &k, Pointers &p) {
  stream::copy(k.n, p.real[COPY::A], p.real[COPY::C]);
  return 0;
}
long double launch(const MUL &k, Pointers &p) {
  stream::mul(k.n, k.alpha, p.real[MUL::B], p.real[MUL::C]);
  return 0;
}
long double launch(const TRIAD &k, Pointers &p) {
  stream::triad(k.n, k.alpha, p.real[TRIAD::A], p.real[TRIAD::B],
                p.real[TRIAD::C]);
  return 0;
}
long double launch(const DOT &k, Pointers &p) {
  return stream::dot(k.n, p.real[DOT::A], p.real[DOT::B]);
}
long double launch(const DAXPY &k, Pointers &p) {
  basic::daxpy(k.n, k.a, p.real[DAXPY::X], p.real[DAXPY::Y]);
  return 0;
}
long double launch(const MULADDSUB &k, Pointers &p) {
  basic::muladdsub(k.n, p.real[MULADDSUB::OUT1], p.real[MULADDSUB::OUT2],
                   p.real[MULADDSUB::OUT3], p.real[MULADDSUB::IN1],
                   p.real[MULADDSUB::IN2]);
  return 0;
}
long double launch(const INIT3 &k, Pointers &p) {
  basic::init3(k.n, p.real[INIT3::OUT1], p.real[INIT3::OUT2],
               p.real[INIT3::OUT3], p.real[INIT3::IN1], p.real[INIT3::IN2]);
  return 0;
}
long double launch(const IF_QUAD &k, Pointers &p) {
  basic::if_quad(k.n, p.real[IF_QUAD::A], p.real[IF_QUAD::B],
                 p.real[IF_QUAD::C], p.real[IF_QUAD::X1], p.real[IF_QUAD::X2]);
  return 0;
}
long double launch(const NESTED_INIT &k, Pointers &p) {
  basic::nested_init(k.ni, k.nj, k.nk, p.real[NESTED_INIT::ARRAY]);
  return 0;
}
long double launch(const PI_REDUCE &k, Pointers &) {
  return basic::pi_reduce(k.n, k.dx);
}
long double launch(const REDUCE3_INT &k, Pointers &p) {
  const basic::Reduce3 r = basic::reduce3_int(k.n, p.ints[REDUCE3_INT::VEC]);
  return static_cast<long double>(r.sum) + r.min + r.max;
}
long double launch(const HYDRO_1D &k, Pointers &p) {
  lcals::hydro_1d(k.n, k.q, k.r, k.t, p.real[HYDRO_1D::X], p.real[HYDRO_1D::Y],
                  p.real[HYDRO_1D::Z]);
  return 0;
}
long double launch(const EOS &k, Pointers &p) {
  lcals::eos(k.n, k.q, k.r, k.t, p.real[EOS::X], p.real[EOS::Y],
             p.real[EOS::Z], p.real[EOS::U]);
  return 0;
}
long double launch(const FIRST_DIFF &k, Pointers &p) {
  lcals::first_diff(k.n, p.real[FIRST_DIFF::X], p.real[FIRST_DIFF::Y]);
  return 0;
}
long double launch(const PLANCKIAN &k, Pointers &p) {
  lcals::planckian(k.n, p.real[PLANCKIAN::X], p.real[PLANCKIAN::Y],
                   p.real[PLANCKIAN::U], p.real[PLANCKIAN::V],
                   p.real[PLANCKIAN::W]);
  return 0;
}
long double launch(const INT_PREDICT &k, Pointers &p) {
  Real *px = p.real[INT_PREDICT::PX];
  lcals::int_predict(k.n, k.offset, k.dm22, k.dm23, k.dm24, k.dm25, k.dm26,
                     k.dm27, k.dm28, k.c0, px, px + 2 * k.offset);
  return 0;
}
long double launch(const JACOBI_1D &k, Pointers &p) {
  for (int step = 0; step < k.tsteps; ++step)
    polybench::jacobi_1d(k.n, p.real[JACOBI_1D::A], p.real[JACOBI_1D::B]);
  return 0;
}
long double launch(const JACOBI_2D &k, Pointers &p) {
  for (int step = 0; step < k.tsteps; ++step)
    polybench::jacobi_2d(k.n, p.real[JACOBI_2D::A], p.real[JACOBI_2D::B]);
  return 0;
}
long double launch(const HEAT_3D &k, Pointers &p) {
  for (int step = 0; step < k.tsteps; ++step)
    polybench::heat_3d(k.n, p.real[HEAT_3D::A], p.real[HEAT_3D::B]);
  return 0;
}
long double launch(const GEMM &k, Pointers &p) {
  polybench::gemm(k.ni, k.nj, k.nk, k.alpha, k.beta, p.real[GEMM::A],
                  p.real[GEMM::B], p.real[GEMM::C]);
  return 0;
}
long double launch(const PRESSURE &k, Pointers &p) {
  apps::pressure(k.n, k.cls, k.p_cut, k.pmin, k.eosvmax,
                 p.real[PRESSURE::COMPRESSION], p.real[PRESSURE::BVC],
                 p.real[PRESSURE::P_NEW], p.real[PRESSURE::E_OLD],
                 p.real[PRESSURE::VNEWC]);
  return 0;
}
long double launch(const ENERGY &k, Pointers &p) {
  auto a = [&](int which) { return p.real[which]; };
  apps::energy(k.n, k.constants, a(ENERGY::E_NEW), a(ENERGY::E_OLD),
               a(ENERGY::DELVC), a(ENERGY::P_NEW), a(ENERGY::P_OLD),
               a(ENERGY::Q_NEW), a(ENERGY::Q_OLD), a(ENERGY::WORK),
               a(ENERGY::COMP_HALF_STEP), a(ENERGY::P_HALF_STEP),
               a(ENERGY::BVC), a(ENERGY::PBVC), a(ENERGY::QL_OLD),
               a(ENERGY::QQ_OLD), a(ENERGY::VNEWC));
  return 0;
}
long double launch(const FIR &k, Pointers &p) {
  apps::fir(k.n, p.real[FIR::COEFF], p.real[FIR::IN], p.real[FIR::OUT]);
  return 0;
}
long double launch(const VOL3D &k, Pointers &p) {
  apps::vol3d(k.ibegin, k.iend, k.mesh.jp, k.mesh.kp, k.vnormq,
              p.real[VOL3D::X], p.real[VOL3D::Y], p.real[VOL3D::Z],
              p.real[VOL3D::VOL]);
  return 0;
}
long double launch(const DEL_DOT_VEC_2D &k, Pointers &p) {
  apps::del_dot_vec_2d(k.nzones, k.mesh.length, k.mesh.jp, k.ptiny, k.half,
                       p.index[DEL_DOT_VEC_2D::ZONES],
                       p.real[DEL_DOT_VEC_2D::X], p.real[DEL_DOT_VEC_2D::Y],
                       p.real[DEL_DOT_VEC_2D::FX], p.real[DEL_DOT_VEC_2D::FY],
                       p.real[DEL_DOT_VEC_2D::DIV]);
  return 0;
}
long double launch(const LTIMES &k, Pointers &p) {
  apps::ltimes(k.num_d, k.num_z, k.num_g, k.num_m, p.real[LTIMES::PHI],
               p.real[LTIMES::ELL], p.real[LTIMES::PSI]);
  return 0;
}
long double launch(const MATVEC_3D_STENCIL &k, Pointers &p) {
  apps::matvec_3d_stencil(
      k.nzones, k.mesh.length, k.stride, k.mesh.jp, k.mesh.kp,
      p.index[MATVEC_3D_STENCIL::ZONES], p.real[MATVEC_3D_STENCIL::MATRIX],
      p.real[MATVEC_3D_STENCIL::X], p.real[MATVEC_3D_STENCIL::B]);
  return 0;
}

// One problem: a warm-up repetition that moves the data, the timed
// repetitions, the results back.
template <class K> void run(Scale scale) {
  if (!selected(K::name))
    return;
  Data data;
  K problem(scale, data);
  Timing timing;
  long double results = 0;
  Timer total;
  {
    Placement placement;
    Pointers pointers = placement.place(data);
    {
      KeepResident keep;
      results += launch(problem, pointers);
      Timer timed;
      for (int rep = 0; rep < problem.reps; ++rep)
        results += launch(problem, pointers);
      wait_for_kernels();
      timing.kernel_ms = timed.milliseconds() / problem.reps;
    }
    placement.fetch(problem, data, pointers);
    timing.total_ms = total.milliseconds();
  }
  report(K::name, variant_name(), problem, timing,
         checksum(problem, data, results));
}

template <class... Kernels> void run_all(Scale scale, std::tuple<Kernels...> *) {
  (run<Kernels>(scale), ...);
}

} // namespace

} // namespace suite

int main() {
  suite::run_all(suite::scale_from_environment(),
                 static_cast<suite::All *>(nullptr));
}
