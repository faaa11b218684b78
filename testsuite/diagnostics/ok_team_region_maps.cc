// Should compile: a team region, a team loop and a serial region whose
// own map clauses move data run inside a `target data` of the same maps
// (plugin/region_data.cc), so that libgomp maps the data before ferry
// looks it up; a team region with no map clause of its own gets none,
// and neither does one whose map has side effects (both constructs would
// evaluate it), one inside a parallel region, or one mapping members.  The pointers' maps become attachments, as `target data`
// writes them.
// { dg-options "-fplugin-arg-ferry-explain" }
#include <omp.h>
void team_region(int n, const int *x, long *sums) {
#pragma omp target teams num_teams(4) thread_limit(64) map(to: x[0:n]) map(from: sums[0:4]) // { dg-message "ferry runs this '#pragma omp target teams'" }
  {
#pragma omp parallel
    {
      int t = 0;
#pragma omp atomic capture
      t = sums[0]++;
      (void)t;
    }
  }
}

void team_loop(int rows, int cols, const double *a, double *y) {
#pragma omp target teams distribute num_teams(rows) map(to: a[0:rows * cols]) map(tofrom: y[0:rows]) // { dg-message "ferry runs this '#pragma omp target teams distribute'" }
  for (int row = 0; row < rows; row++) {
    double sum = 0.0;
#pragma omp parallel for reduction(+ : sum)
    for (int col = 0; col < cols; col++)
      sum += a[row * cols + col];
    y[row] += sum;
  }
}

void serial_region(int n, const float *v, float *out) {
#pragma omp target map(to: v[0:n]) map(from: out[0:1]) // { dg-message "ferry runs this '#pragma omp target' as CUDA runs a kernel of one thread" }
  {
    float sum = 0.0f;
    for (int i = 0; i < n; i++)
      sum += v[i];
    out[0] = sum;
  }
}

void mapped_around(int n, int *v) {
#pragma omp target teams num_teams(2) thread_limit(32) // { dg-message "ferry runs this '#pragma omp target teams'" }
  {
#pragma omp parallel
    {
#pragma omp atomic update
      v[0] += 1;
    }
  }
}

void map_with_side_effects(int n, int *v) {
#pragma omp target teams num_teams(2) thread_limit(32) map(tofrom: v[0:n++]) // { dg-message "ferry runs this '#pragma omp target teams'" }
  {
#pragma omp parallel
    {
#pragma omp atomic update
      v[0] += 1;
    }
  }
}
// Inside a parallel region (OpenMP_VV's test_target_firstprivate): none
// either; GCC 12's OpenMP lowering crashed on the data construct there.
void in_parallel(int *v) {
#pragma omp parallel
  {
    int p_val = omp_get_thread_num();
#pragma omp target map(tofrom: v[p_val:10]) // { dg-message "ferry runs this '#pragma omp target'" }
    {
      for (int i = 0; i < 10; i++)
        v[p_val + i] += 1;
    }
  }
}

// Members of `this` (OpenMP_VV's test_target_map_classes_default): none;
// the target maps all of `*this` besides, which would overlap them.
struct Members {
  int a[100];
  int n;
  void twice() {
#pragma omp target map(this->a[0:100]) map(n) // { dg-message "ferry runs this '#pragma omp target'" }
    {
      for (int i = 0; i < n; ++i)
        a[i] *= 2;
    }
  }
};
void call_twice(Members &m) { m.twice(); }
// { dg-final { scan-tree-dump-times "#pragma omp target data" 3 "original" } }
// { dg-final { scan-tree-dump-times "#pragma omp target data map\\(to:\\*NON_LVALUE_EXPR <x> .*map\\(attach_detach:x " 1 "original" } }
