// maths.cpp's loops as CUDA kernels, one function a kernel (run.sh).
#include <cmath>
#include <cstdio>
#include <vector>

#define LOOP(name, body)                                                      \
  __global__ void name(int n, const float *x, float *y) {                     \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                            \
    if (i < n) body;                                                          \
  }
LOOP(roots, y[i] = sqrtf(x[i]))
LOOP(minmax, y[i] += fmaxf(x[i], 3.0f) - fminf(x[i], 0.5f))
LOOP(exps, y[i] += expf(-x[i]))
LOOP(logs, y[i] += logf(x[i]))
LOOP(sines, y[i] += sinf(x[i]) * cosf(x[i]))
LOOP(pows, y[i] += powf(x[i], 0.37f))
LOOP(doubles, y[i] += float(exp(-double(x[i])) + log(double(x[i]))))
LOOP(trig, y[i] += float(sin(double(x[i])) * cos(double(x[i]))))

int main() {
  const int n = 1 << 24;
  std::vector<float> in(n), out(n);
  for (int i = 0; i < n; ++i)
    in[i] = 0.001f + float(i % 100003) * 0.0007f;
  float *x, *y;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaMemcpy(x, in.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  double check = 0;
  const int threads = 256, blocks = (n + threads - 1) / threads;
  for (int round = 0; round < 3; ++round) {
    roots<<<blocks, threads>>>(n, x, y);
    minmax<<<blocks, threads>>>(n, x, y);
    exps<<<blocks, threads>>>(n, x, y);
    logs<<<blocks, threads>>>(n, x, y);
    sines<<<blocks, threads>>>(n, x, y);
    pows<<<blocks, threads>>>(n, x, y);
    doubles<<<blocks, threads>>>(n, x, y);
    trig<<<blocks, threads>>>(n, x, y);
    cudaMemcpy(out.data(), y, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i += 4099)
      check += out[i];
  }
  std::printf("check %.6e\n", check);
  cudaFree(x);
  cudaFree(y);
}
