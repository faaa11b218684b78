// The program's own loops reaching their arrays through a struct the
// function holds by value, as C codes pass them (XSBench's
// `map(to: SD.num_nucs[:SD.length_num_nucs])` of its SimulationData
// parameter, and a helper that sets `low = &grid[...]` and reads
// `low->energy`, which only reads the grid though it is not const).
//   - lookup: members mapped `to`, a member mapped `from`, sizes read
//     from the struct: a kernel.
//   - bump: a helper of the same shape that writes through the pointer
//     it sets (`at->xs += ...`), which is no read: ferry cannot follow
//     that write, so the loop keeps GCC's path.
//   - whole: the struct passed whole to a helper: GCC's path.
// On the sim device: lookup launches twice; the others as GCC compiled.
// { ferry-stats "FERRY_DEVICE=sim" "launches=2" }
#include <cstdio>
#include <vector>

struct GridPoint {
  double energy, xs;
};

struct Data {
  GridPoint *grid;
  int length_grid;
  int *index;
  int length_index;
  double *out;
  int points;
};

static double interpolate(const Data &, int, double);

static double pick(GridPoint *grid, int points, int k, double e) {
  GridPoint *low, *high;
  if (k == points - 1)
    low = &grid[k - 1];
  else
    low = &grid[k];
  high = low + 1;
  const double f = (high->energy - e) / (high->energy - low->energy);
  return high->xs - f * (high->xs - low->xs);
}

static void nudge(GridPoint *grid, int k) {
  GridPoint *at = &grid[k];
  at->xs += 1e-3;
}

void lookup(Data d, int n) {
#pragma omp target teams distribute parallel for map(to: d.grid[:d.length_grid], d.index[:d.length_index]) map(from: d.out[0:n])
  for (int i = 0; i < n; ++i) {
    const double e = (i % 97) / 97.0;
    d.out[i] = pick(d.grid, d.points, d.index[i % d.length_index], e);
  }
}

void bump(Data d, int n) {
#pragma omp target teams distribute parallel for map(tofrom: d.grid[:d.length_grid]) map(to: d.index[:d.length_index])
  for (int i = 0; i < n; ++i)
    nudge(d.grid, d.index[i]);
}

void whole(Data d, int n, double *y) {
#pragma omp target teams distribute parallel for map(to: d.grid[:d.length_grid]) map(from: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = interpolate(d, i % d.points, 0.5);
}

static double interpolate(const Data &d, int k, double e) {
  return pick(d.grid, d.points, k, e);
}

int main() {
  const int points = 64, n = 3000;
  std::vector<GridPoint> grid(points);
  for (int k = 0; k < points; ++k)
    grid[k] = {k / double(points), 1.0 + (k * 7 % 11)};
  std::vector<int> index(points);
  for (int k = 0; k < points; ++k)
    index[k] = (k * 13) % points;
  std::vector<double> out(n), y(n);
  Data d{grid.data(), points, index.data(), points, out.data(), points};
  double sum = 0;
  for (int round = 0; round < 2; ++round) {
    lookup(d, n);
    for (int i = 0; i < n; ++i)
      sum += out[i] * (i % 5 + 1);
  }
  bump(d, points);
  whole(d, n, y.data());
  for (int i = 0; i < n; ++i)
    sum += y[i];
  std::printf("%.9f\n", sum);
}
