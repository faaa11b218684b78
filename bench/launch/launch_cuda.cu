// launch_ferry.cc in hand-written CUDA: the same kernel and time loop,
// launched with <<<>>> on the default stream.
//   nvcc -O3 -arch=sm_90 -o launch_cuda launch_cuda.cu
//   ./launch_cuda [elements [steps]]   (as launch_ferry)
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void step(long n, double a, const double *x, double *y) {
  const long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
  if (i < n)
    y[i] = a * y[i] + x[i];
}

int main(int argc, char **argv) {
  const long n = argc > 1 ? std::atol(argv[1]) : 1024;
  const int steps = argc > 2 ? std::atoi(argv[2]) : 20000;
  std::vector<double> host(n, 1.0);
  double *x, *y, *z;
  cudaMalloc(&x, n * sizeof(double));
  cudaMalloc(&y, n * sizeof(double));
  cudaMalloc(&z, n * sizeof(double));
  cudaMemcpy(x, host.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(y, 0, n * sizeof(double));
  for (double &v : host)
    v = 0.5;
  cudaMemcpy(z, host.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  const unsigned blocks = (n + 255) / 256;
  step<<<blocks, 256>>>(n, 0.5, x, y);
  step<<<blocks, 256>>>(n, 0.5, y, z);
  cudaDeviceSynchronize();
  const auto start = std::chrono::steady_clock::now();
  for (int s = 0; s < steps; ++s) {
    step<<<blocks, 256>>>(n, 0.5, x, y);
    step<<<blocks, 256>>>(n, 0.5, y, z);
  }
  const auto queued = std::chrono::steady_clock::now();
  cudaDeviceSynchronize();
  const auto done = std::chrono::steady_clock::now();
  double z0 = 0;
  cudaMemcpy(&z0, z, sizeof z0, cudaMemcpyDeviceToHost);
  auto per_launch = [&](auto from, auto to) {
    return std::chrono::duration<double, std::micro>(to - from).count() /
           (2.0 * steps);
  };
  std::printf("launch,cuda,%.3f,%.3f,%.6g\n", per_launch(start, queued),
              per_launch(start, done), z0);
}
