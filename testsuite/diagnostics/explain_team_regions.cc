// -fplugin-arg-ferry-explain says which CUDA-style team regions (`target
// teams` whose teams each run one `parallel`) ferry runs as a device
// entry of its own (plugin/team_regions.cc), and why each other one keeps
// GCC's path.
// { dg-options "-O2 -fplugin-arg-ferry-explain" }
// { dg-context "In function" }
#include <omp.h>

void block_sums(int n, const float *x, float *sums) {
#pragma omp target teams num_teams(n / 256) thread_limit(256) // { dg-message "ferry runs this '#pragma omp target teams' as CUDA runs a kernel, each team as one block of its threads, on the data mapped around it or by its own map clauses \\(on other data as GCC compiles it\\); ferry does not check such a region" }
  {
    float partial[256];
#pragma omp parallel
    {
      const int t = omp_get_thread_num();
      partial[t] = x[omp_get_team_num() * 256 + t];
#pragma omp barrier
      if (t == 0) {
        float s = 0;
        for (int k = 0; k < omp_get_num_threads(); ++k)
          s += partial[k];
        sums[omp_get_team_num()] = s;
      }
    }
  }
}

void block_sums_on(int device, int n, const float *x, float *sums) {
#pragma omp target teams num_teams(n / 256) thread_limit(256) device(device) // { dg-message "ferry runs this '#pragma omp target teams' as CUDA runs a kernel, each team as one block of its threads, on the data mapped around it or by its own map clauses \\(on other data as GCC compiles it\\), on the device its 'device' clause names where that is one of ferry's targets \\(as GCC compiles it for other numbers\\); ferry does not check such a region" }
  {
#pragma omp parallel
    sums[omp_get_team_num() * 256 + omp_get_thread_num()] = x[omp_get_thread_num()];
  }
}

void no_count(float *x) {
#pragma omp target teams thread_limit(64) // { dg-message "ferry did not take this '#pragma omp target teams': it has no 'num_teams' clause, so how many teams it has is the implementation's choice; GCC compiles it as written" }
  {
#pragma omp parallel
    x[omp_get_team_num() * 64 + omp_get_thread_num()] = 1;
  }
}

void work_shared(int n, float *x) {
#pragma omp target teams num_teams(4) thread_limit(64) // { dg-message "ferry did not take this .*: its parallel body holds a '#pragma omp for', which ferry's entry does not run" }
  {
#pragma omp parallel
    {
#pragma omp for
      for (int i = 0; i < n; ++i)
        x[i] += 1;
    }
  }
}

// Helpers that ask the runtime themselves, as CUDA __device__ functions
// ported to OpenMP do: the entry calls their twins.
static int lane() { return omp_get_thread_num() % 32; }
static void meet(int *flags) {
  flags[lane()] = 1;
#pragma omp barrier
}

void asks_in_helper(float *x, int *flags) {
#pragma omp target teams num_teams(4) thread_limit(64) // { dg-message "ferry runs this '#pragma omp target teams' as CUDA runs a kernel" }
  {
#pragma omp parallel
    {
      meet(flags);
      x[omp_get_team_num() * 64 + lane()] = 1;
    }
  }
}

// A helper asking what a block cannot answer keeps no twin.
static int most_threads() { return omp_get_max_threads(); }

void asks_runtime_in_helper(float *x) {
#pragma omp target teams num_teams(4) thread_limit(64) // { dg-message "ferry did not take this .*: its parallel body calls 'most_threads', which calls 'omp_get_max_threads'" }
  {
#pragma omp parallel
    x[omp_get_team_num() * 64 + omp_get_thread_num()] = most_threads();
  }
}

// A helper whose code the entry cannot run: its twin is not made.
static void ordered_lane(float *x) {
#pragma omp critical
  x[omp_get_thread_num()] += 1;
}

void critical_in_helper(float *x) {
#pragma omp target teams num_teams(4) thread_limit(64) // { dg-message "ferry did not take this .*: its parallel body calls 'ordered_lane', which calls 'omp_get_thread_num'" }
  {
#pragma omp parallel
    ordered_lane(x);
  }
}

void shared_count(float *x) {
  int count = 0;
#pragma omp target teams num_teams(4) thread_limit(64) map(tofrom: count) // { dg-message "ferry did not take this .*: its threads write 'count', a variable of the function that they share and the region maps" }
  {
#pragma omp parallel
    {
      if (x[omp_get_thread_num()] > 0)
        count = 1;
    }
  }
}

// A parameter each thread moves, as the CUDA kernel's threads did with
// their copies (HeCBench's crs: `++index` in every thread): each thread's
// own here; OpenMP shares it, and GCC's build races.
void own_copies(int k, int index, const long *bits, long *out) {
#pragma omp target teams num_teams(8) thread_limit(128) // { dg-message "ferry runs this '#pragma omp target teams' as CUDA runs a kernel" }
  {
#pragma omp parallel
    {
      long result = 0;
      for (int i = 0; i < k; ++i) {
        result ^= bits[index];
        ++index;
      }
      out[omp_get_team_num() * 128 + omp_get_thread_num()] = result;
    }
  }
}

void counts_through_address(int *out) {
  int count = 0;
#pragma omp target teams num_teams(4) thread_limit(64) // { dg-message "ferry did not take this .*: its threads write 'count', a variable of the function that they share, through its address" }
  {
#pragma omp parallel
    {
#pragma omp atomic update
      count += 1;
      out[omp_get_team_num() * 64 + omp_get_thread_num()] = 1;
    }
  }
}

static int rounds;

void moves_a_global(float *x) {
#pragma omp target teams num_teams(4) thread_limit(64) // { dg-message "ferry did not take this .*: its threads write 'rounds', a variable of static storage that they share" }
  {
#pragma omp parallel
    {
      rounds = omp_get_team_num();
      x[omp_get_team_num() * 64 + omp_get_thread_num()] = 1;
    }
  }
}

// Captures are the header's fetches of the old value (atom.add, or a
// compare-and-swap loop), of a 4- or 8-byte number.
void captures(int *next, int *slots) {
#pragma omp target teams num_teams(4) thread_limit(64) // { dg-message "ferry runs this '#pragma omp target teams' as CUDA runs a kernel" }
  {
#pragma omp parallel
    {
      int slot;
#pragma omp atomic capture
      slot = next[0]++;
      slots[slot] = omp_get_thread_num();
    }
  }
}

void captures_a_short(short *next, int *slots) {
#pragma omp target teams num_teams(4) thread_limit(64) // { dg-message "ferry did not take this .*: its parallel body updates atomically a value that is not a 4- or 8-byte number" }
  {
#pragma omp parallel
    {
      int slot;
#pragma omp atomic capture
      slot = next[0]++;
      slots[slot] = omp_get_thread_num();
    }
  }
}

void always(int n, float *x) {
#pragma omp target teams num_teams(4) thread_limit(64) map(always, tofrom: x[0:n]) // { dg-message "ferry did not take this .*: its 'map' clause of 'x' copies whether or not the data is present" }
  {
#pragma omp parallel
    x[omp_get_team_num() * 64 + omp_get_thread_num()] = 1;
  }
}

void team_code(float *x) {
#pragma omp target teams num_teams(4) thread_limit(64) // { dg-message "ferry did not take this .*: its teams run code outside their parallel construct" }
  {
    x[omp_get_team_num()] = 0;
#pragma omp parallel
    x[omp_get_team_num() * 64 + omp_get_thread_num()] += 1;
  }
}

void later(float *x) {
#pragma omp target teams num_teams(4) thread_limit(64) nowait // { dg-message "ferry did not take this .*: its 'target' construct has a 'nowait' clause" }
  {
#pragma omp parallel
    x[omp_get_team_num() * 64 + omp_get_thread_num()] = 1;
  }
#pragma omp taskwait
}

// A helper that asks the runtime and writes a `declare target` array has
// no twin (ferry's entries have copies of such variables of their own);
// the second region that calls it is told the same.
#pragma omp declare target
int hits[64];
#pragma omp end declare target
static void mark() { hits[omp_get_thread_num()] += 1; }

void marks_once(float *x) {
#pragma omp target teams num_teams(4) thread_limit(64) // { dg-message "ferry did not take this .*: 'mark' uses 'hits', a variable of 'omp declare target'" }
  {
#pragma omp parallel
    {
      mark();
      x[omp_get_team_num() * 64 + omp_get_thread_num()] = 1;
    }
  }
}

void marks_again(float *x) {
#pragma omp target teams num_teams(4) thread_limit(64) // { dg-message "ferry did not take this .*: 'mark' uses 'hits', a variable of 'omp declare target'" }
  {
#pragma omp parallel
    {
      mark();
      x[omp_get_team_num() * 64 + omp_get_thread_num()] = 2;
    }
  }
}

// A struct of numbers of the function (lavaMD's `par_cpu`) that the
// threads only read is a device copy the entry reads; one they write,
// or whose address a helper may write through, keeps GCC's path.
struct Parameters {
  float alpha;
  int steps;
};
static void scale(Parameters *p) { p->alpha *= 2; }

void by_value(int teams, Parameters par, float *x) {
#pragma omp target teams num_teams(teams) thread_limit(64) // { dg-message "ferry runs this '#pragma omp target teams' as CUDA runs a kernel" }
  {
#pragma omp parallel
    x[omp_get_team_num() * 64 + omp_get_thread_num()] =
        2 * par.alpha * par.alpha + par.steps;
  }
}

void written(int teams, Parameters par, float *x) {
#pragma omp target teams num_teams(teams) thread_limit(64) // { dg-message "ferry did not take this .*: its threads write 'par', a variable of the function that they share, through its address" }
  {
#pragma omp parallel
    {
      scale(&par);
      x[omp_get_team_num() * 64 + omp_get_thread_num()] = par.alpha;
    }
  }
}
