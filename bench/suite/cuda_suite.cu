// The benchmark's cuda variant: the kernels of bench/kernels, written as
// RAJAPerf's Base_CUDA writes them, from the same body macros
// (bench/kernels/bodies.hpp): 256 threads per block, one element (or one
// point of a nest, flattened) per thread, repetitions launched back to
// back; reductions as RAJAPerf's fastest tuning does them (grid_reduce).
//
//   nvcc -O3 -std=c++17 -arch=sm_90 --expt-relaxed-constexpr -I include \
//     cuda_suite.cu -o suite_cuda
// (RAJA's own builds pass --expt-relaxed-constexpr too.)
#include "problems.hpp"
#include "report.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <limits>
#include <tuple>

namespace suite {

namespace {

constexpr int kBlock = 256;

void check(cudaError_t status, const char *what) {
  if (status != cudaSuccess) {
    std::fprintf(stderr, "bench: %s: %s\n", what, cudaGetErrorString(status));
    std::exit(EXIT_FAILURE);
  }
}

unsigned blocks(Index n) { return static_cast<unsigned>((n + kBlock - 1) / kBlock); }

__device__ Index thread_index() {
  return blockIdx.x * static_cast<Index>(blockDim.x) + threadIdx.x;
}

// ------------------------------------------------------------------ kernels

__global__ void add(Index n, const Real *a, const Real *b, Real *c) {
  const Index i = thread_index();
  if (i < n) { ADD_BODY }
}
__global__ void copy(Index n, const Real *a, Real *c) {
  const Index i = thread_index();
  if (i < n) { COPY_BODY }
}
__global__ void mul(Index n, Real alpha, Real *b, const Real *c) {
  const Index i = thread_index();
  if (i < n) { MUL_BODY }
}
__global__ void triad(Index n, Real alpha, Real *a, const Real *b,
                      const Real *c) {
  const Index i = thread_index();
  if (i < n) { TRIAD_BODY }
}

// Reductions as RAJAPerf's fastest CUDA tuning on the H200 does them
// (RAJA_CUDA blkdev_occgs_new: RAJA::expt::Reduce with cuda_exec_occ_calc):
// a grid as large as occupancy allows, each block combining its threads'
// values with warp shuffles and shared memory, and the block that finishes
// last combining the blocks' partial results and storing the variable's
// value in page-locked host memory, which the host reads after waiting for
// the stream.  No memset and no copy per repetition.
struct Plus {
  template <class T> __device__ T operator()(T a, T b) const { return a + b; }
  template <class T> static constexpr T identity() { return T(0); }
};
struct Min {
  template <class T> __device__ T operator()(T a, T b) const { return b < a ? b : a; }
  template <class T> static constexpr T identity() { return std::numeric_limits<T>::max(); }
};
struct Max {
  template <class T> __device__ T operator()(T a, T b) const { return a < b ? b : a; }
  template <class T> static constexpr T identity() { return std::numeric_limits<T>::lowest(); }
};

// The block's VALUEs combined, in thread 0.  Every thread calls.
template <class Op, class T> __device__ T block_reduce(T value, Op op) {
  __shared__ T warp_values[kBlock / 32];
  for (int delta = 16; delta > 0; delta /= 2)
    value = op(value, __shfl_down_sync(0xffffffffu, value, delta));
  const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0)
    warp_values[warp] = value;
  __syncthreads();
  if (warp == 0) {
    value = lane < kBlock / 32 ? warp_values[lane] : Op::template identity<T>();
    for (int delta = 16; delta > 0; delta /= 2)
      value = op(value, __shfl_down_sync(0xffffffffu, value, delta));
  }
  __syncthreads();
  return value;
}

// Where one reduction variable's blocks meet: a partial result per block,
// the count of blocks done (atomicInc takes it back to 0), and the result.
template <class T> struct Tally {
  T *partials;
  unsigned *done;
  T *result; // page-locked host memory
};

// *TALLY.result = INIT OP (every thread's VALUE).  Every thread calls.
template <class Op, class T>
__device__ void grid_reduce(T value, T init, Op op, Tally<T> tally) {
  __shared__ bool last;
  value = block_reduce(value, op);
  if (threadIdx.x == 0) {
    tally.partials[blockIdx.x] = value;
    __threadfence();
    last = atomicInc(tally.done, gridDim.x - 1) == gridDim.x - 1;
  }
  __syncthreads();
  const bool is_last = last;
  __syncthreads();
  if (!is_last)
    return;
  __threadfence();
  value = Op::template identity<T>();
  for (unsigned b = threadIdx.x; b < gridDim.x; b += blockDim.x)
    value = op(value, static_cast<volatile T *>(tally.partials)[b]);
  value = block_reduce(value, op);
  if (threadIdx.x == 0)
    *tally.result = op(init, value);
}

__global__ void dot(Index n, const Real *a, const Real *b, Real init,
                    Tally<Real> tally) {
  Real sum = 0;
  for (Index i = thread_index(); i < n; i += gridDim.x * Index{kBlock}) {
    DOT_BODY
  }
  grid_reduce(sum, init, Plus(), tally);
}
__global__ void daxpy(Index n, Real a, const Real *x, Real *y) {
  const Index i = thread_index();
  if (i < n) { DAXPY_BODY }
}
__global__ void muladdsub(Index n, Real *out1, Real *out2, Real *out3,
                          const Real *in1, const Real *in2) {
  const Index i = thread_index();
  if (i < n) { MULADDSUB_BODY }
}
__global__ void init3(Index n, Real *out1, Real *out2, Real *out3,
                      const Real *in1, const Real *in2) {
  const Index i = thread_index();
  if (i < n) { INIT3_BODY }
}
__global__ void if_quad(Index n, const Real *a, const Real *b, const Real *c,
                        Real *x1, Real *x2) {
  const Index i = thread_index();
  if (i < n) { IF_QUAD_BODY }
}
// Nests as RAJAPerf's Base_CUDA launches them: blocks of 32 x 8 threads,
// the innermost level along x, the next along y, an outer one along z.
constexpr unsigned kTileX = 32, kTileY = kBlock / kTileX;
const dim3 kTile(kTileX, kTileY, 1);

dim3 tiles(Index x, Index y, Index z = 1) {
  return dim3(static_cast<unsigned>((x + kTileX - 1) / kTileX),
              static_cast<unsigned>((y + kTileY - 1) / kTileY),
              static_cast<unsigned>(z));
}

__device__ Index tile_x() { return blockIdx.x * Index{kTileX} + threadIdx.x; }
__device__ Index tile_y() { return blockIdx.y * Index{kTileY} + threadIdx.y; }

__global__ void nested_init(Index ni, Index nj, Index nk, Real *array) {
  const Index i = tile_x(), j = tile_y(), k = blockIdx.z;
  if (i < ni && j < nj) { NESTED_INIT_BODY }
}
__global__ void pi_reduce(Index n, Real dx, Real init, Tally<Real> tally) {
  Real pi = 0;
  for (Index i = thread_index(); i < n; i += gridDim.x * Index{kBlock}) {
    PI_REDUCE_BODY
  }
  grid_reduce(pi, init, Plus(), tally);
}
__global__ void reduce3_int(Index n, const int *vec, int3 init,
                            Tally<int> sums, Tally<int> mins,
                            Tally<int> maxes) {
  int vsum = 0, vmin = Min::identity<int>(), vmax = Max::identity<int>();
  for (Index i = thread_index(); i < n; i += gridDim.x * Index{kBlock}) {
    REDUCE3_INT_SUM_BODY
    vmin = min(vmin, vec[i]);
    vmax = max(vmax, vec[i]);
  }
  grid_reduce(vsum, init.x, Plus(), sums);
  grid_reduce(vmin, init.y, Min(), mins);
  grid_reduce(vmax, init.z, Max(), maxes);
}
__global__ void hydro_1d(Index n, Real q, Real r, Real t, Real *x,
                         const Real *y, const Real *z) {
  const Index i = thread_index();
  if (i < n) { HYDRO_1D_BODY }
}
__global__ void eos(Index n, Real q, Real r, Real t, Real *x, const Real *y,
                    const Real *z, const Real *u) {
  const Index i = thread_index();
  if (i < n) { EOS_BODY }
}
__global__ void first_diff(Index n, Real *x, const Real *y) {
  const Index i = thread_index();
  if (i < n) { FIRST_DIFF_BODY }
}
__global__ void planckian(Index n, const Real *x, Real *y, const Real *u,
                          const Real *v, Real *w) {
  const Index i = thread_index();
  if (i < n) { PLANCKIAN_BODY }
}
__global__ void int_predict(Index n, Index offset, Real dm22, Real dm23,
                            Real dm24, Real dm25, Real dm26, Real dm27,
                            Real dm28, Real c0, Real *px, const Real *rows) {
  const Index i = thread_index();
  if (i < n) { INT_PREDICT_BODY }
}
__global__ void jacobi_1d(Index n, const Real *A, Real *B) {
  const Index i = 1 + thread_index();
  if (i < n - 1) { JACOBI_1D_BODY(A, B) }
}
__global__ void jacobi_2d(Index n, const Real *A, Real *B) {
  const Index i = 1 + tile_y(), j = 1 + tile_x();
  if (i < n - 1 && j < n - 1) { JACOBI_2D_BODY(A, B) }
}
__global__ void heat_3d(Index n, const Real *A, Real *B) {
  const Index i = 1 + blockIdx.z, j = 1 + tile_y(), k = 1 + tile_x();
  if (j < n - 1 && k < n - 1) { HEAT_3D_BODY(A, B) }
}
__global__ void gemm(Index ni, Index nj, Index nk, Real alpha, Real beta,
                     const Real *A, const Real *B, Real *C) {
  const Index i = tile_y(), j = tile_x();
  if (i < ni && j < nj) { GEMM_BODY }
}
__global__ void pressure1(Index n, Real cls, const Real *compression,
                          Real *bvc) {
  const Index i = thread_index();
  if (i < n) { PRESSURE_BODY1 }
}
__global__ void pressure2(Index n, Real p_cut, Real pmin, Real eosvmax,
                          const Real *bvc, Real *p_new, const Real *e_old,
                          const Real *vnewc) {
  const Index i = thread_index();
  if (i < n) { PRESSURE_BODY2 }
}

#define ENERGY_PARAMETERS                                                      \
  Index n, apps::EnergyConstants k, Real *e_new, const Real *e_old,            \
      const Real *delvc, const Real *p_new, const Real *p_old, Real *q_new,    \
      const Real *q_old, const Real *work, const Real *compHalfStep,           \
      const Real *pHalfStep, const Real *bvc, const Real *pbvc,                \
      const Real *ql_old, const Real *qq_old, const Real *vnewc
#define ENERGY_KERNEL(NAME, BODY)                                              \
  __global__ void NAME(ENERGY_PARAMETERS) {                                    \
    const Index i = thread_index();                                            \
    if (i < n) { BODY }                                                        \
  }
ENERGY_KERNEL(energy1, ENERGY_BODY1)
ENERGY_KERNEL(energy2, ENERGY_BODY2)
ENERGY_KERNEL(energy3, ENERGY_BODY3)
ENERGY_KERNEL(energy4, ENERGY_BODY4)
ENERGY_KERNEL(energy5, ENERGY_BODY5)
ENERGY_KERNEL(energy6, ENERGY_BODY6)

// The coefficients in constant memory, as RAJAPerf's FIR-Cuda.cpp keeps
// them (USE_CUDA_CONSTANT_MEMORY): every thread reads the same one at once.
__constant__ Real coeff[apps::fir_coefflen];

__global__ void fir(Index n, const Real *in, Real *out) {
  const Index i = thread_index();
  constexpr Index fir_coefflen = apps::fir_coefflen;
  if (i < n) { FIR_BODY }
}
__global__ void vol3d(Index ibegin, Index iend, Index jp, Index kp,
                      Real vnormq, const Real *x, const Real *y, const Real *z,
                      Real *vol) {
  const Index i = ibegin + thread_index();
  if (i < iend) { VOL3D_BODY }
}
__global__ void del_dot_vec_2d(Index nzones, Index jp, Real ptiny, Real half,
                               const Index *real_zones, const Real *x,
                               const Real *y, const Real *fx, const Real *fy,
                               Real *div) {
  const Index ii = thread_index();
  if (ii < nzones) { DEL_DOT_VEC_2D_BODY }
}
__global__ void ltimes(Index num_d, Index num_z, Index num_g, Index num_m,
                       Real *phi, const Real *ell, const Real *psi) {
  const Index m = tile_x(), g = tile_y(), z = blockIdx.z;
  if (m < num_m && g < num_g) { LTIMES_BODY }
}
__global__ void matvec_3d_stencil(Index nzones, Index stride, Index jp,
                                  Index kp, const Index *real_zones,
                                  const Real *matrix, const Real *x, Real *b) {
  const Index ii = thread_index();
  if (ii < nzones) { MATVEC_3D_STENCIL_BODY }
}

// ---------------------------------------------------------------- the data

struct Pointers {
  std::vector<Real *> real;
  std::vector<Index *> index;
  std::vector<int *> ints;
  Tally<Real> sum;       // reductions
  Tally<int> totals[3];
  unsigned reduction_blocks = 0; // the occupancy-limited grid
};

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
    int per_multiprocessor = 0, multiprocessors = 0;
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
              &per_multiprocessor, reduce3_int, kBlock, 0),
          "occupancy");
    check(cudaDeviceGetAttribute(&multiprocessors,
                                 cudaDevAttrMultiProcessorCount, 0),
          "multiprocessors");
    p.reduction_blocks = static_cast<unsigned>(per_multiprocessor * multiprocessors);
    p.sum = tally<Real>(p.reduction_blocks);
    for (Tally<int> &t : p.totals)
      t = tally<int>(p.reduction_blocks);
    return p;
  }
  void fetch(const Problem &problem, Data &d, const Pointers &p) {
    for (int k : problem.checked)
      check(cudaMemcpy(d.real[k].data(), p.real[k],
                       d.real[k].size() * sizeof(Real),
                       cudaMemcpyDeviceToHost),
            "copy back");
  }
  ~Placement() {
    for (void *memory : owned_)
      cudaFree(memory);
    for (void *memory : pinned_)
      cudaFreeHost(memory);
  }

private:
  template <class T> T *allocate(std::size_t count) {
    void *memory = nullptr;
    check(cudaMalloc(&memory, count ? count * sizeof(T) : 1), "cudaMalloc");
    owned_.push_back(memory);
    return static_cast<T *>(memory);
  }
  template <class T> T *copy_in(std::vector<T> &v) {
    T *memory = allocate<T>(v.size());
    check(cudaMemcpy(memory, v.data(), v.size() * sizeof(T),
                     cudaMemcpyHostToDevice),
          "copy in");
    return memory;
  }
  template <class T> Tally<T> tally(unsigned blocks) {
    Tally<T> t{allocate<T>(blocks), allocate<unsigned>(1), nullptr};
    check(cudaMemset(t.done, 0, sizeof(unsigned)), "reset");
    void *result = nullptr;
    check(cudaHostAlloc(&result, sizeof(T), cudaHostAllocMapped), "cudaHostAlloc");
    pinned_.push_back(result);
    t.result = static_cast<T *>(result);
    return t;
  }
  std::vector<void *> owned_, pinned_;
};

unsigned reduction_grid(Index n, const Pointers &p) {
  return std::min(blocks(n), p.reduction_blocks);
}

template <class T> T reduce_result(const Tally<T> &tally) {
  check(cudaStreamSynchronize(nullptr), "reduction");
  return *tally.result;
}

// ---------------------------------------------------------------- launches

long double launch(const ADD &k, Pointers &p) {
  add<<<blocks(k.n), kBlock>>>(k.n, p.real[ADD::A], p.real[ADD::B],
                               p.real[ADD::C]);
  return 0;
}
long double launch(const COPY &k, Pointers &p) {
  copy<<<blocks(k.n), kBlock>>>(k.n, p.real[COPY::A], p.real[COPY::C]);
  return 0;
}
long double launch(const MUL &k, Pointers &p) {
  mul<<<blocks(k.n), kBlock>>>(k.n, k.alpha, p.real[MUL::B], p.real[MUL::C]);
  return 0;
}
long double launch(const TRIAD &k, Pointers &p) {
  triad<<<blocks(k.n), kBlock>>>(k.n, k.alpha, p.real[TRIAD::A],
                                 p.real[TRIAD::B], p.real[TRIAD::C]);
  return 0;
}
long double launch(const DOT &k, Pointers &p) {
  dot<<<reduction_grid(k.n, p), kBlock>>>(k.n, p.real[DOT::A], p.real[DOT::B],
                                           0.0, p.sum);
  return reduce_result(p.sum);
}
long double launch(const DAXPY &k, Pointers &p) {
  daxpy<<<blocks(k.n), kBlock>>>(k.n, k.a, p.real[DAXPY::X], p.real[DAXPY::Y]);
  return 0;
}
long double launch(const MULADDSUB &k, Pointers &p) {
  muladdsub<<<blocks(k.n), kBlock>>>(
      k.n, p.real[MULADDSUB::OUT1], p.real[MULADDSUB::OUT2],
      p.real[MULADDSUB::OUT3], p.real[MULADDSUB::IN1], p.real[MULADDSUB::IN2]);
  return 0;
}
long double launch(const INIT3 &k, Pointers &p) {
  init3<<<blocks(k.n), kBlock>>>(k.n, p.real[INIT3::OUT1], p.real[INIT3::OUT2],
                                 p.real[INIT3::OUT3], p.real[INIT3::IN1],
                                 p.real[INIT3::IN2]);
  return 0;
}
long double launch(const IF_QUAD &k, Pointers &p) {
  if_quad<<<blocks(k.n), kBlock>>>(k.n, p.real[IF_QUAD::A], p.real[IF_QUAD::B],
                                   p.real[IF_QUAD::C], p.real[IF_QUAD::X1],
                                   p.real[IF_QUAD::X2]);
  return 0;
}
long double launch(const NESTED_INIT &k, Pointers &p) {
  nested_init<<<tiles(k.ni, k.nj, k.nk), kTile>>>(
      k.ni, k.nj, k.nk, p.real[NESTED_INIT::ARRAY]);
  return 0;
}
long double launch(const PI_REDUCE &k, Pointers &p) {
  pi_reduce<<<reduction_grid(k.n, p), kBlock>>>(k.n, k.dx, 0.0, p.sum);
  return reduce_result(p.sum) * 4.0;
}
long double launch(const REDUCE3_INT &k, Pointers &p) {
  reduce3_int<<<reduction_grid(k.n, p), kBlock>>>(
      k.n, p.ints[REDUCE3_INT::VEC], make_int3(0, 1 << 30, -(1 << 30)),
      p.totals[0], p.totals[1], p.totals[2]);
  check(cudaStreamSynchronize(nullptr), "reduction");
  return static_cast<long double>(*p.totals[0].result) + *p.totals[1].result +
         *p.totals[2].result;
}
long double launch(const HYDRO_1D &k, Pointers &p) {
  hydro_1d<<<blocks(k.n), kBlock>>>(k.n, k.q, k.r, k.t, p.real[HYDRO_1D::X],
                                    p.real[HYDRO_1D::Y], p.real[HYDRO_1D::Z]);
  return 0;
}
long double launch(const EOS &k, Pointers &p) {
  eos<<<blocks(k.n), kBlock>>>(k.n, k.q, k.r, k.t, p.real[EOS::X],
                               p.real[EOS::Y], p.real[EOS::Z], p.real[EOS::U]);
  return 0;
}
long double launch(const FIRST_DIFF &k, Pointers &p) {
  first_diff<<<blocks(k.n), kBlock>>>(k.n, p.real[FIRST_DIFF::X],
                                      p.real[FIRST_DIFF::Y]);
  return 0;
}
long double launch(const PLANCKIAN &k, Pointers &p) {
  planckian<<<blocks(k.n), kBlock>>>(
      k.n, p.real[PLANCKIAN::X], p.real[PLANCKIAN::Y], p.real[PLANCKIAN::U],
      p.real[PLANCKIAN::V], p.real[PLANCKIAN::W]);
  return 0;
}
long double launch(const INT_PREDICT &k, Pointers &p) {
  Real *px = p.real[INT_PREDICT::PX];
  int_predict<<<blocks(k.n), kBlock>>>(k.n, k.offset, k.dm22, k.dm23, k.dm24,
                                       k.dm25, k.dm26, k.dm27, k.dm28, k.c0,
                                       px, px + 2 * k.offset);
  return 0;
}
long double launch(const JACOBI_1D &k, Pointers &p) {
  Real *a = p.real[JACOBI_1D::A], *b = p.real[JACOBI_1D::B];
  for (int step = 0; step < k.tsteps; ++step) {
    jacobi_1d<<<blocks(k.n), kBlock>>>(k.n, a, b);
    jacobi_1d<<<blocks(k.n), kBlock>>>(k.n, b, a);
  }
  return 0;
}
long double launch(const JACOBI_2D &k, Pointers &p) {
  Real *a = p.real[JACOBI_2D::A], *b = p.real[JACOBI_2D::B];
  for (int step = 0; step < k.tsteps; ++step) {
    jacobi_2d<<<tiles(k.n - 2, k.n - 2), kTile>>>(k.n, a, b);
    jacobi_2d<<<tiles(k.n - 2, k.n - 2), kTile>>>(k.n, b, a);
  }
  return 0;
}
long double launch(const HEAT_3D &k, Pointers &p) {
  Real *a = p.real[HEAT_3D::A], *b = p.real[HEAT_3D::B];
  for (int step = 0; step < k.tsteps; ++step) {
    heat_3d<<<tiles(k.n - 2, k.n - 2, k.n - 2), kTile>>>(k.n, a, b);
    heat_3d<<<tiles(k.n - 2, k.n - 2, k.n - 2), kTile>>>(k.n, b, a);
  }
  return 0;
}
long double launch(const GEMM &k, Pointers &p) {
  gemm<<<tiles(k.nj, k.ni), kTile>>>(k.ni, k.nj, k.nk, k.alpha, k.beta,
                                        p.real[GEMM::A], p.real[GEMM::B],
                                        p.real[GEMM::C]);
  return 0;
}
long double launch(const PRESSURE &k, Pointers &p) {
  pressure1<<<blocks(k.n), kBlock>>>(k.n, k.cls, p.real[PRESSURE::COMPRESSION],
                                     p.real[PRESSURE::BVC]);
  pressure2<<<blocks(k.n), kBlock>>>(
      k.n, k.p_cut, k.pmin, k.eosvmax, p.real[PRESSURE::BVC],
      p.real[PRESSURE::P_NEW], p.real[PRESSURE::E_OLD],
      p.real[PRESSURE::VNEWC]);
  return 0;
}
long double launch(const ENERGY &k, Pointers &p) {
  auto a = [&](int which) { return p.real[which]; };
#define ENERGY_ARGUMENTS                                                       \
  k.n, k.constants, a(ENERGY::E_NEW), a(ENERGY::E_OLD), a(ENERGY::DELVC),      \
      a(ENERGY::P_NEW), a(ENERGY::P_OLD), a(ENERGY::Q_NEW), a(ENERGY::Q_OLD),  \
      a(ENERGY::WORK), a(ENERGY::COMP_HALF_STEP), a(ENERGY::P_HALF_STEP),      \
      a(ENERGY::BVC), a(ENERGY::PBVC), a(ENERGY::QL_OLD), a(ENERGY::QQ_OLD),   \
      a(ENERGY::VNEWC)
  energy1<<<blocks(k.n), kBlock>>>(ENERGY_ARGUMENTS);
  energy2<<<blocks(k.n), kBlock>>>(ENERGY_ARGUMENTS);
  energy3<<<blocks(k.n), kBlock>>>(ENERGY_ARGUMENTS);
  energy4<<<blocks(k.n), kBlock>>>(ENERGY_ARGUMENTS);
  energy5<<<blocks(k.n), kBlock>>>(ENERGY_ARGUMENTS);
  energy6<<<blocks(k.n), kBlock>>>(ENERGY_ARGUMENTS);
#undef ENERGY_ARGUMENTS
  return 0;
}
long double launch(const FIR &k, Pointers &p) {
  static const Real *uploaded = nullptr;
  if (uploaded != p.real[FIR::COEFF]) { // once per placement, as RAJAPerf
    check(cudaMemcpyToSymbol(coeff, p.real[FIR::COEFF],
                             apps::fir_coefflen * sizeof(Real), 0,
                             cudaMemcpyDeviceToDevice),
          "coefficients");
    uploaded = p.real[FIR::COEFF];
  }
  fir<<<blocks(k.n), kBlock>>>(k.n, p.real[FIR::IN], p.real[FIR::OUT]);
  return 0;
}
long double launch(const VOL3D &k, Pointers &p) {
  vol3d<<<blocks(k.iend - k.ibegin), kBlock>>>(
      k.ibegin, k.iend, k.mesh.jp, k.mesh.kp, k.vnormq, p.real[VOL3D::X],
      p.real[VOL3D::Y], p.real[VOL3D::Z], p.real[VOL3D::VOL]);
  return 0;
}
long double launch(const DEL_DOT_VEC_2D &k, Pointers &p) {
  del_dot_vec_2d<<<blocks(k.nzones), kBlock>>>(
      k.nzones, k.mesh.jp, k.ptiny, k.half, p.index[DEL_DOT_VEC_2D::ZONES],
      p.real[DEL_DOT_VEC_2D::X], p.real[DEL_DOT_VEC_2D::Y],
      p.real[DEL_DOT_VEC_2D::FX], p.real[DEL_DOT_VEC_2D::FY],
      p.real[DEL_DOT_VEC_2D::DIV]);
  return 0;
}
long double launch(const LTIMES &k, Pointers &p) {
  ltimes<<<tiles(k.num_m, k.num_g, k.num_z), kTile>>>(
      k.num_d, k.num_z, k.num_g, k.num_m, p.real[LTIMES::PHI],
      p.real[LTIMES::ELL], p.real[LTIMES::PSI]);
  return 0;
}
long double launch(const MATVEC_3D_STENCIL &k, Pointers &p) {
  matvec_3d_stencil<<<blocks(k.nzones), kBlock>>>(
      k.nzones, k.stride, k.mesh.jp, k.mesh.kp,
      p.index[MATVEC_3D_STENCIL::ZONES], p.real[MATVEC_3D_STENCIL::MATRIX],
      p.real[MATVEC_3D_STENCIL::X], p.real[MATVEC_3D_STENCIL::B]);
  return 0;
}

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
    results += launch(problem, pointers);
    check(cudaDeviceSynchronize(), "warm-up");
    Timer timed;
    for (int rep = 0; rep < problem.reps; ++rep)
      results += launch(problem, pointers);
    check(cudaDeviceSynchronize(), "repetitions");
    timing.kernel_ms = timed.milliseconds() / problem.reps;
    placement.fetch(problem, data, pointers);
    timing.total_ms = total.milliseconds();
  }
  report(K::name, "cuda", problem, timing, checksum(problem, data, results));
}

template <class... Kernels> void run_all(Scale scale, std::tuple<Kernels...> *) {
  (run<Kernels>(scale), ...);
}

} // namespace

} // namespace suite

int main() {
  suite::check(cudaFree(nullptr), "start");
  suite::run_all(suite::scale_from_environment(),
                 static_cast<suite::All *>(nullptr));
}
