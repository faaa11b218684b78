// Target loops that read structs the function holds by reference
// (HeCBench's aobench: `render(..., const Plane &plane)` with
// `map(to: spheres[0:3], plane)` on its `target data`, the plane passed on
// to a helper by reference): ferry runs them as kernels, the reference a
// pointer to the object mapped whole, where before they kept GCC's path
// ("'plane' is a reference, which a kernel does not take").  The object
// is mapped by the enclosing data region, or by the loop's own construct,
// which GCC writes as the object's map and a firstprivate reference, as a
// pointer's section and the pointer.  Every run gives the serial build's
// answers.
// { ferry-stats "FERRY_DEVICE=sim" "launches=2 openmp:regions=0" }
#include <cstdio>

struct Plane {
  float px, py, pz;
  float nx, ny, nz;
};

static float lit(const Plane &plane, float x, float y) {
  return plane.nx * x + plane.ny * y + plane.nz * plane.pz;
}

static void render(float *img, int w, int h, const Plane &plane) {
#pragma omp target data map(from: img[0:w * h]) map(to: plane)
  {
#pragma omp target teams distribute parallel for collapse(2)
    for (int x = 0; x < w; x++)
      for (int y = 0; y < h; y++)
        img[x * h + y] = lit(plane, x * 0.25f, y * 0.5f) + plane.px;
  }
}

static void offset(float *img, int n, const Plane &plane) {
#pragma omp target teams distribute parallel for map(tofrom: img[0:n]) map(to: plane)
  for (int i = 0; i < n; i++)
    img[i] -= plane.py * (i % 3);
}

int main() {
  const int w = 40, h = 30;
  static float img[w * h];
  const Plane plane{0.5f, 1.5f, 2.0f, 0.25f, -0.75f, 3.0f};
  render(img, w, h, plane);
  offset(img, w * h, plane);
  double sum = 0;
  for (int i = 0; i < w * h; i++)
    sum += img[i] * (i % 7);
  std::printf("sum %.3f, img[0] %.3f, img[617] %.3f\n", sum, img[0], img[617]);
}
