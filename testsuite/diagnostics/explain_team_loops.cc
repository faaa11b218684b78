// -fplugin-arg-ferry-explain says which team loops (`target teams
// distribute` whose iterations run `parallel for` loops among statements
// of the team) ferry runs as a device entry of its own
// (plugin/team_loops.cc), and why each other one keeps GCC's path.
// { dg-options "-O2 -fplugin-arg-ferry-explain" }
// { dg-context "In function" }
#include <omp.h>

void row_sums(int rows, int cols, const float *x, float *sums) {
#pragma omp target teams distribute num_teams(rows) // { dg-message "ferry runs this '#pragma omp target teams distribute' as CUDA runs a kernel, each iteration of its loop a team of one block, whose threads share its parallel loops and run its other statements \\(those that write memory on one thread\\), on the data mapped around it or by its own map clauses \\(on other data as GCC compiles it\\); ferry does not check such a region \\(its loop holds a nested '#pragma omp parallel'\\)" }
  for (int r = 0; r < rows; ++r) {
    float s = 0;
#pragma omp parallel for reduction(+ : s)
    for (int c = 0; c < cols; ++c)
      s += x[r * cols + c];
    sums[r] = s;
  }
}

void sets_and_stores(int rows, int cols, const float *x, float *out) {
#pragma omp target teams distribute // { dg-message "nor take it as a team loop: its team's statement at line 27 sets 'last' and writes memory, or calls a function that may, which ferry's block does on one thread while every thread keeps the team's 'last'" }
  for (int r = 0; r < rows; ++r) {
    float last = 0;
#pragma omp parallel for
    for (int c = 0; c < cols; ++c)
      out[r * cols + c] = x[r * cols + c];
    last = out[r * cols] = 1;
#pragma omp parallel for
    for (int c = 0; c < cols; ++c)
      out[r * cols + c] += last;
  }
}

void shared_write(int rows, int cols, const float *x, float *out) {
#pragma omp target teams distribute // { dg-message "nor take it as a team loop: its parallel loop at line 39 writes 'count', which the team's threads share, or takes its address \\(declare it in the loop, or name it in a 'private' or 'reduction' clause\\)" }
  for (int r = 0; r < rows; ++r) {
    int count = 0;
#pragma omp parallel for
    for (int c = 0; c < cols; ++c)
      count = x[r * cols + c] > 0 ? c : count;
    out[r] = count;
  }
}

void asks_runtime(int rows, int cols, float *out) {
#pragma omp target teams distribute // { dg-message "nor take it as a team loop: its loop calls 'omp_get_thread_num', whose answer for a team's statements \\(one thread\\) and its parallel loops \\(the team's\\) ferry's block does not keep apart" }
  for (int r = 0; r < rows; ++r) {
#pragma omp parallel for
    for (int c = 0; c < cols; ++c)
      out[r * cols + c] = omp_get_thread_num();
    out[r * cols] = 0;
  }
}

void logical_reduction(int rows, int cols, const float *x, int *all) {
#pragma omp target teams distribute // { dg-message "nor take it as a team loop: its reduction of 'ok' at line 59 is not one of a number with \\+, \\*, min, max, &, \\| or \\^" }
  for (int r = 0; r < rows; ++r) {
    int ok = 1;
#pragma omp parallel for reduction(&& : ok)
    for (int c = 0; c < cols; ++c)
      ok = ok && x[r * cols + c] > 0;
    all[r] = ok;
  }
}

void parallel_in_branch(int rows, int cols, float *out) {
#pragma omp target teams distribute // { dg-message "ferry runs this '#pragma omp target teams distribute' as CUDA runs a kernel" }
  for (int r = 0; r < rows; ++r) {
    if (r % 2) {
#pragma omp parallel for
      for (int c = 0; c < cols; ++c)
        out[r * cols + c] = 0;
    }
    out[r * cols] = 1;
  }
#pragma omp target teams distribute // { dg-message "nor take it as a team loop: the condition or steps of its team's statement at line 78, which runs parallel loops, write memory" }
  for (int r = 0; r < rows; ++r) {
    if (out[r * cols]++ > 0) {
#pragma omp parallel for
      for (int c = 0; c < cols; ++c)
        out[r * cols + c] = 0;
    }
  }
#pragma omp target teams distribute // { dg-message "nor take it as a team loop: its loop runs a '#pragma omp parallel' at line 88 inside another statement of its team" }
  for (int r = 0; r < rows; ++r) {
    switch (r % 3) {
    case 1:
#pragma omp parallel for
      for (int c = 0; c < cols; ++c)
        out[r * cols + c] = 0;
      break;
    default:
      break;
    }
  }
}

void team_struct(int rows, int cols, float *out) {
  struct Pair {
    float a, b;
  };
#pragma omp target teams distribute // { dg-message "nor take it as a team loop: its team declares 'p', which is neither a number, a pointer, nor an uninitialized array of numbers of a size known at compile time" }
  for (int r = 0; r < rows; ++r) {
    Pair p = {1, 2};
#pragma omp parallel for
    for (int c = 0; c < cols; ++c)
      out[r * cols + c] = p.a + p.b;
    out[r * cols] = p.a;
  }
}

static float clamp_to(float v, float most) { return v < most ? v : most; }
static void note(float *log, float v) { log[0] = v; }

void helpers(int rows, int cols, const float *x, float *out, float *log) {
#pragma omp target teams distribute // { dg-message "ferry runs this '#pragma omp target teams distribute' as CUDA runs a kernel" }
  for (int r = 0; r < rows; ++r) {
    float s = 0;
#pragma omp parallel for reduction(+ : s)
    for (int c = 0; c < cols; ++c)
      s += x[r * cols + c];
    const float top = clamp_to(s, 100.0f); // writes no memory: every thread
    out[r] = top;
  }
#pragma omp target teams distribute // { dg-message "nor take it as a team loop: its team's statement at line 131 sets 'logged' and writes memory, or calls a function that may" }
  for (int r = 0; r < rows; ++r) {
    float logged = 0;
#pragma omp parallel for reduction(+ : logged)
    for (int c = 0; c < cols; ++c)
      logged += x[r * cols + c];
    logged = (note(log, logged), logged * 2); // writes memory and sets
    out[r] = logged;
  }
}

void bare_parallels(int rows, int cols, const float *x, float *out) {
#pragma omp target teams distribute parallel for // { dg-message "ferry runs this '#pragma omp target teams distribute parallel for' as CUDA runs a kernel, each iteration of its loop a team of one block" }
  for (int r = 0; r < rows; ++r) {
    float top = 0;
#pragma omp parallel for reduction(max : top)
    for (int c = 0; c < cols; ++c)
      top = x[r * cols + c] > top ? x[r * cols + c] : top;
    float sum = 0;
#pragma omp parallel reduction(+ : sum)
    for (int c = 0; c < cols; ++c)
      sum += x[r * cols + c];
    out[r] = sum / top;
  }
#pragma omp target teams distribute parallel for // { dg-message "nor take it as a team loop: its loop runs no parallel loop \\(a parallel construct that is no loop runs its body whole, on one thread in GCC's build and in ferry's\\)" }
  for (int r = 0; r < rows; ++r) {
    float sum = 0;
#pragma omp parallel reduction(+ : sum)
    for (int c = 0; c < cols; ++c)
      sum += x[r * cols + c];
    out[r] = sum;
  }
#pragma omp target teams distribute // { dg-message "nor take it as a team loop: its parallel construct at line 160 holds a '#pragma omp for' that is not its loop" }
  for (int r = 0; r < rows; ++r) {
    float sum = 0;
#pragma omp parallel reduction(+ : sum)
    {
      sum += 1;
#pragma omp for
      for (int c = 0; c < cols; ++c)
        out[r * cols + c] = 0;
    }
    out[r] = sum;
  }
}

void stepped(int rows, int cols, float *out) {
  int k = 0;
#pragma omp target teams distribute // { dg-message "nor take it as a team loop: its loop at line 176 has a 'linear' clause of 'k', which is not its loop's variable" }
  for (int r = 0; r < rows; ++r) {
#pragma omp parallel for linear(k : 1)
    for (int c = 0; c < cols; ++c)
      out[r * cols + k] = c;
    out[r] = 1;
  }
}

// A constant step is kept (stencil1d's `i = i + BLOCK_SIZE`); a step known
// only at run time, or a loop counting down by more than one, is not.
void strided(int rows, int cols, int stride, float *out) {
#pragma omp target teams distribute // { dg-message "ferry runs this '#pragma omp target teams distribute'" }
  for (int r = 0; r < rows; r += 4) {
#pragma omp parallel for
    for (int c = 0; c < cols; c += 2)
      out[r * cols + c] = c;
  }
#pragma omp target teams distribute // { dg-message "nor take it as a team loop: at line 192, its loop does not count up by a constant or down by one, to a bound" }
  for (int r = 0; r < rows; r += stride) {
#pragma omp parallel for
    for (int c = 0; c < cols; ++c)
      out[r * cols + c] = c;
  }
#pragma omp target teams distribute // { dg-message "nor take it as a team loop: at line 198, its loop does not count up by a constant or down by one, to a bound" }
  for (int r = rows - 1; r >= 0; r -= 2) {
#pragma omp parallel for
    for (int c = 0; c < cols; ++c)
      out[r * cols + c] = c;
  }
}
