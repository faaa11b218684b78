// TeaLeaf's CG solver written by hand in CUDA (cg.hpp), as TeaLeaf's own
// CUDA port runs it: the same kernels as cg_ferry.cc, 2-D blocks of
// 32 x 8 threads over the interior, each reduction a block sum in shared
// memory and one atomicAdd per block into a device scalar that the host
// copies back before it needs it.
//   nvcc -O3 -arch=sm_90 -o cg_cuda cg_cuda.cu
#include "cg.hpp"

#include <cuda_runtime.h>

#include <vector>

namespace {

constexpr int kBlockX = 32, kBlockY = 8;

__device__ double block_sum(double value) {
  __shared__ double partial[kBlockX * kBlockY];
  const int t = threadIdx.y * kBlockX + threadIdx.x;
  partial[t] = value;
  __syncthreads();
  for (int half = kBlockX * kBlockY / 2; half > 0; half /= 2) {
    if (t < half)
      partial[t] += partial[t + half];
    __syncthreads();
  }
  return partial[0];
}

__global__ void halo_columns(long n, double *f) {
  const long j = 1 + blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
  if (j > n)
    return;
  const long w = n + 2;
  f[j * w] = f[j * w + 1];
  f[j * w + n + 1] = f[j * w + n];
}

__global__ void halo_row(long w, double *edge, const double *inner) {
  const long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
  if (i < w)
    edge[i] = inner[i];
}

__global__ void apply(long n, double rx, double ry, const double *kx,
                      const double *ky, const double *p, double *out,
                      double *pw) {
  const long i = 1 + blockIdx.x * static_cast<long>(kBlockX) + threadIdx.x;
  const long j = 1 + blockIdx.y * static_cast<long>(kBlockY) + threadIdx.y;
  const long w = n + 2;
  double mine = 0;
  if (i <= n && j <= n) {
    const long k = j * w + i;
    const double ap = cg::apply_at(k, w, rx, ry, kx, ky, p);
    out[k] = ap;
    mine = p[k] * ap;
  }
  const double sum = block_sum(mine);
  if (threadIdx.x == 0 && threadIdx.y == 0)
    atomicAdd(pw, sum);
}

__global__ void residual(long n, const double *b, const double *ap, double *r,
                         double *p, double *rr) {
  const long i = 1 + blockIdx.x * static_cast<long>(kBlockX) + threadIdx.x;
  const long j = 1 + blockIdx.y * static_cast<long>(kBlockY) + threadIdx.y;
  const long w = n + 2;
  double mine = 0;
  if (i <= n && j <= n) {
    const long k = j * w + i;
    r[k] = b[k] - ap[k];
    p[k] = r[k];
    mine = r[k] * r[k];
  }
  const double sum = block_sum(mine);
  if (threadIdx.x == 0 && threadIdx.y == 0)
    atomicAdd(rr, sum);
}

__global__ void update(long n, double alpha, const double *p, const double *ap,
                       double *u, double *r, double *rr) {
  const long i = 1 + blockIdx.x * static_cast<long>(kBlockX) + threadIdx.x;
  const long j = 1 + blockIdx.y * static_cast<long>(kBlockY) + threadIdx.y;
  const long w = n + 2;
  double mine = 0;
  if (i <= n && j <= n) {
    const long k = j * w + i;
    u[k] += alpha * p[k];
    r[k] -= alpha * ap[k];
    mine = r[k] * r[k];
  }
  const double sum = block_sum(mine);
  if (threadIdx.x == 0 && threadIdx.y == 0)
    atomicAdd(rr, sum);
}

__global__ void direction(long n, double beta, const double *r, double *p) {
  const long i = 1 + blockIdx.x * static_cast<long>(kBlockX) + threadIdx.x;
  const long j = 1 + blockIdx.y * static_cast<long>(kBlockY) + threadIdx.y;
  if (i > n || j > n)
    return;
  const long k = j * (n + 2) + i;
  p[k] = r[k] + beta * p[k];
}

void check(cudaError_t status, const char *what) {
  if (status != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(status));
    std::exit(EXIT_FAILURE);
  }
}

// The scalar a reduction kernel leaves in *DEVICE, reset for the next one.
double take(double *device) {
  double value = 0;
  check(cudaMemcpy(&value, device, sizeof value, cudaMemcpyDeviceToHost),
        "a reduction's result");
  check(cudaMemset(device, 0, sizeof value), "resetting a reduction");
  return value;
}

} // namespace

int main() {
  const long n = cg::edge(), iterations = cg::iterations();
  const long w = n + 2;
  const std::size_t cells = w * w, bytes = cells * sizeof(double);
  check(cudaFree(nullptr), "start");
  direction<<<1, 1>>>(0, 0.0, nullptr, nullptr); // loads the module; no-op
  std::vector<double> u(cells), kx(cells), ky(cells);
  cg::initialise(n, u.data(), kx.data(), ky.data());
  const dim3 block(kBlockX, kBlockY);
  const dim3 grid((n + kBlockX - 1) / kBlockX, (n + kBlockY - 1) / kBlockY);
  const unsigned edge_blocks = static_cast<unsigned>((w + 255) / 256);
  cg::Timer timer;
  double *du, *db, *dkx, *dky, *dr, *dp, *dap, *scalar;
  for (double **field : {&du, &db, &dkx, &dky, &dr, &dp, &dap})
    check(cudaMalloc(field, bytes), "cudaMalloc");
  check(cudaMalloc(&scalar, sizeof(double)), "cudaMalloc");
  check(cudaMemset(scalar, 0, sizeof(double)), "cudaMemset");
  check(cudaMemcpy(du, u.data(), bytes, cudaMemcpyHostToDevice), "u");
  check(cudaMemcpy(dkx, kx.data(), bytes, cudaMemcpyHostToDevice), "kx");
  check(cudaMemcpy(dky, ky.data(), bytes, cudaMemcpyHostToDevice), "ky");
  auto halo = [&](double *f) {
    halo_columns<<<edge_blocks, 256>>>(n, f);
    halo_row<<<edge_blocks, 256>>>(w, f, f + w);
    halo_row<<<edge_blocks, 256>>>(w, f + (n + 1) * w, f + n * w);
  };
  halo(du);
  check(cudaMemcpy(db, du, bytes, cudaMemcpyDeviceToDevice), "b");
  apply<<<grid, block>>>(n, cg::kRx, cg::kRy, dkx, dky, du, dap, scalar);
  take(scalar);
  residual<<<grid, block>>>(n, db, dap, dr, dp, scalar);
  double rr = take(scalar);
  for (long it = 0; it < iterations; ++it) {
    halo(dp);
    apply<<<grid, block>>>(n, cg::kRx, cg::kRy, dkx, dky, dp, dap, scalar);
    const double alpha = rr / take(scalar);
    update<<<grid, block>>>(n, alpha, dp, dap, du, dr, scalar);
    const double rr_new = take(scalar);
    direction<<<grid, block>>>(n, rr_new / rr, dr, dp);
    rr = rr_new;
  }
  check(cudaMemcpy(u.data(), du, bytes, cudaMemcpyDeviceToHost), "to host");
  const double sum = cg::checksum(n, u.data());
  const double seconds = timer.seconds();
  cg::report("cuda", n, iterations, seconds, rr, sum);
  for (double *field : {du, db, dkx, dky, dr, dp, dap, scalar})
    cudaFree(field);
}
