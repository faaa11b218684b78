// The C library's maths in the program's own target loops, one function a
// loop over 2^24 floats (run.sh times each loop's kernel under ncu against
// maths.cu, the same loops in CUDA).  Built unchanged by g++ and ferry-g++.
#include <cmath>
#include <cstdio>
#include <vector>

int main() {
  const int n = 1 << 24;
  std::vector<float> in(n), out(n);
  for (int i = 0; i < n; ++i)
    in[i] = 0.001f + float(i % 100003) * 0.0007f; // (0, 70]
  float *x = in.data(), *y = out.data();
  double check = 0;
#pragma omp target data map(to: x[0:n]) map(alloc: y[0:n])
  for (int round = 0; round < 3; ++round) {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i) y[i] = sqrtf(x[i]);
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i) y[i] += fmaxf(x[i], 3.0f) - fminf(x[i], 0.5f);
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i) y[i] += expf(-x[i]);
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i) y[i] += logf(x[i]);
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i) y[i] += sinf(x[i]) * cosf(x[i]);
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i) y[i] += powf(x[i], 0.37f);
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i) y[i] += float(exp(-double(x[i])) + log(double(x[i])));
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i) y[i] += float(sin(double(x[i])) * cos(double(x[i])));
#pragma omp target update from(y[0:n])
    for (int i = 0; i < n; i += 4099)
      check += y[i];
  }
  std::printf("check %.6e\n", check);
}
