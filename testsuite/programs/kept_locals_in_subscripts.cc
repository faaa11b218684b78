// Subscripts that add a local of the function around the loop, which the
// loop reads and never assigns: a host loop's variable around a region
// (`d_outputs[i * n + j]`, as HeCBench's log2 writes it), an offset
// computed before the region or before a kernel's loop (`int off = k * n;`,
// as C codes write it), a member read through a pointer to what the loop
// only reads (`out[i * layout->stride + layout->first]`).  Each keeps one
// value through the loop, so rule 2 shows every iteration its own element,
// and ferry runs all of them as kernels: 4 rows of a region, 2 offset
// regions, 4 kernel calls.  A local
// the loop assigns is never taken for one (diagnostics/
// kept_locals_assigned_in_loop.cc).
// { ferry-stats "FERRY_DEVICE=sim" "launches=10" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]] void fill_row(int n, int rows,
                                [[ferry::borrow_mut(n * rows)]] float *out,
                                int row) {
  int base = row * n;
  for (int j = 0; j < n; ++j)
    out[base + j] = 0.5f * j + row;
}

struct Layout {
  int stride, first;
};

// The row's start read through a pointer to what the loop only reads.
[[ferry::kernel]] void fill_column(int rows,
                                   [[ferry::borrow(1)]] const Layout *layout,
                                   [[ferry::borrow_mut(rows * 8)]] float *out) {
  for (int i = 0; i < rows; ++i)
    out[i * layout->stride + layout->first] = 2.0f * i;
}

static void rows_of(const float *in, float *out, int n, int rows) {
#pragma omp target data map(to: in[0:n]) map(from: out[0:n * rows])
  for (int i = 0; i < rows; ++i) {
    const float scale = 1.0f + i;
#pragma omp target teams distribute parallel for thread_limit(256)
    for (int j = 0; j < n; ++j)
      out[i * n + j] = in[j] * scale;
  }
}

static void at_offset(const float *in, float *out, int n, int k) {
  int off = k * n;
  if (k > 1)
    off -= n; // assigned before the region, not in it
#pragma omp target teams distribute parallel for map(to: in[0:n]) \
    map(tofrom: out[0:4 * n])
  for (int j = 0; j < n; ++j)
    out[off + j] += in[j];
}

int main() {
  const int n = 1000, rows = 4;
  std::vector<float> in(n), out(n * rows), moved(4 * n, 1.0f), filled(3 * n);
  for (int j = 0; j < n; ++j)
    in[j] = (j % 7) * 0.25f;
  rows_of(in.data(), out.data(), n, rows);
  at_offset(in.data(), moved.data(), n, 1);
  at_offset(in.data(), moved.data(), n, 3);
  for (int row = 0; row < 3; ++row)
    fill_row(n, 3, filled.data(), row);
  const Layout layout{8, 5};
  std::vector<float> columns(50 * 8, 1.0f);
  fill_column(50, &layout, columns.data());

  double sum = 0, moved_sum = 0, filled_sum = 0;
  for (float v : out)
    sum += v;
  for (float v : moved)
    moved_sum += v;
  for (float v : filled)
    filled_sum += v;
  std::printf("out[1234]=%g out[3999]=%g sum=%.9g\n", out[1234], out[3999],
              sum);
  std::printf("moved[1003]=%g moved[2003]=%g moved[3003]=%g sum=%.9g\n",
              moved[1003], moved[2003], moved[3003], moved_sum);
  std::printf("filled[2999]=%g sum=%.9g\n", filled[2999], filled_sum);
  double column_sum = 0;
  for (float v : columns)
    column_sum += v;
  std::printf("columns[397]=%g sum=%.9g\n", columns[397], column_sum);
}
