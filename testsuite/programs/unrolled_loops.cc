// Loops whose trip count is known at run time only, unrolled in device
// code (plugin/device_loops.h): a kernel's strided reductions, a team
// loop's nested reduction over rows of every length from 0 to 37, and a
// user's `#pragma GCC unroll 3` over 0 to 9 trips.  Every count of
// iterations left over after the copies (0 to 3) is met, on the GPU by
// the launch's threads and on the host by the pragma's own loop.
// { ferry-tolerance 1e-9 }
#include <cstdio>
#include <vector>

struct Sums {
  long integers;
  double squares;
  float largest;
};

[[ferry::kernel]] Sums strided_sums(long n, [[ferry::borrow(n)]] const int *v,
                                    [[ferry::borrow(n)]] const double *x) {
  long integers = 0;
  double squares = 0;
  float largest = -1e30f;
  for (long i = 0; i < n; ++i) {
    integers += v[i];
    squares += x[i] * x[i];
    largest = float(x[i]) > largest ? float(x[i]) : largest;
  }
  return Sums{integers, squares, largest};
}

[[ferry::kernel]] void partial_powers(long n, [[ferry::borrow(n)]] const int *m,
                                      [[ferry::borrow(10)]] const double *w,
                                      [[ferry::out(n)]] double *y) {
  for (long i = 0; i < n; ++i) {
    double p = 1.0, s = 0.0;
#pragma GCC unroll 3
    for (int k = 0; k < m[i]; ++k) {
      s += p * w[k];
      p *= 0.5;
    }
    y[i] = s;
  }
}

// Row R holds R % 38 numbers, after the longest rows' start.
void row_sums(int rows, const int *starts, const double *x, double *sums) {
#pragma omp target teams distribute map(to: starts[0:rows + 1], x[0:starts[rows]]) map(from: sums[0:rows])
  for (int r = 0; r < rows; ++r) {
    double s = 0.0;
#pragma omp parallel for reduction(+: s)
    for (int c = starts[r]; c < starts[r + 1]; ++c)
      s += x[c];
    sums[r] = s;
  }
}

int main() {
  const long sizes[] = {0, 1, 2, 3, 4, 5, 7, 1000, 4099, 100003};
  std::vector<int> v(100003);
  std::vector<double> x(100003);
  for (long i = 0; i < 100003; ++i) {
    v[i] = int((i * 2654435761u) % 2001) - 1000;
    x[i] = 0.001 * double(v[i]);
  }
  for (long n : sizes) {
    Sums s = strided_sums(n, v.data(), x.data());
    std::printf("n=%ld %ld %.12g %.6g\n", n, s.integers, s.squares,
                double(s.largest));
  }
  const long count = 1000;
  std::vector<int> m(count);
  std::vector<double> y(count);
  for (long i = 0; i < count; ++i)
    m[i] = int(i % 10);
  const double weights[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  partial_powers(count, m.data(), weights, y.data());
  double total = 0;
  for (long i = 0; i < count; ++i)
    total += y[i] * double(i % 7 + 1);
  std::printf("powers %.12g %.12g %.12g\n", y[3], y[9], total);
  const int rows = 120;
  std::vector<int> starts(rows + 1);
  for (int r = 0; r < rows; ++r)
    starts[r + 1] = starts[r] + r % 38;
  std::vector<double> sums(rows);
  row_sums(rows, starts.data(), x.data(), sums.data());
  double weighted = 0;
  for (int r = 0; r < rows; ++r)
    weighted += sums[r] * double(r + 1);
  std::printf("rows %.12g %.12g %.12g\n", sums[0], sums[37], weighted);
}
