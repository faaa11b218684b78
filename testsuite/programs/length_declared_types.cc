// A length is computed in the types the program declared, as the loop
// computes its bound: `unsigned` 65536 x 65537 wraps to 65536 elements,
// a product of ints and a long is a long, a literal has C++'s type
// (0xffffffff is unsigned, 4294967295 a long), and a negative length is
// no elements, as a loop up to it runs none.  The bytes moved show the
// lengths ferry took.
// { ferry-stats "FERRY_DEVICE=sim FERRY_RESIDENCY=0" "launches=4 h2d_bytes=1484684 d2h_bytes=1484684" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]] void wrapped(unsigned n, unsigned m,
                               [[ferry::borrow_mut(n * m)]] double *a) {
  for (unsigned i = 0; i < n * m; ++i)
    a[i] += 1.0;
}

[[ferry::kernel]] void mixed(int rows, long cols,
                             [[ferry::borrow_mut(rows * cols)]] double *a) {
  for (long i = 0; i < rows * cols; ++i)
    a[i] *= 2.0;
}

[[ferry::kernel]] void literal(unsigned n,
                               [[ferry::borrow_mut(n + 0xffffffff)]] int *a) {
  for (unsigned i = 0; i < n + 0xffffffff; ++i) // wraps: n - 1 elements
    a[i] += 3;
}

[[ferry::kernel]] void negative(int n, [[ferry::borrow_mut(n - 10)]] double *a) {
  for (int i = 0; i < n - 10; ++i)
    a[i] = -1.0;
}

int main() {
  std::vector<double> a(65536, 1.0);
  wrapped(65536u, 65537u, a.data()); // 65536 elements
  std::vector<double> b(120000, 0.5);
  mixed(3, 40000L, b.data());
  std::vector<int> c(100, 1);
  literal(100u, c.data()); // 99 elements
  negative(3, a.data());   // nothing
  double sum = 0;
  for (double v : a)
    sum += v;
  long cs = 0;
  for (int v : c)
    cs += v;
  std::printf("a %.1f b %.1f c %ld\n", sum, b[119999], cs);
}
