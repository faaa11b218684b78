// Launches that run in libgomp's host fallback (the host and the sim
// device) with OMP_NUM_THREADS=5000: a launch took 5000 threads, started
// and stopped each time, and the program seemed to hang.  The host device
// now takes a thread per 32,768 iterations, at most one per CPU, and the
// sim device one thread: small launches start no threads, and a loaded
// host does not make them spin.  A large reduction still runs on several
// threads of the host device.  Every run must give the serial build's
// answers.
// { ferry-env "FERRY_DEVICE=host OMP_NUM_THREADS=5000" }
// { ferry-env "FERRY_DEVICE=sim OMP_NUM_THREADS=5000" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]] void step(long n, [[ferry::borrow_mut(n)]] double *a) {
  for (long i = 0; i < n; ++i)
    a[i] = 0.5 * a[i] + 1.0;
}

[[ferry::kernel]] void total(long n, [[ferry::borrow(n)]] const double *a,
                             double *sum) {
  double s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i];
  *sum = s;
}

int main() {
  std::vector<double> small(256, 3.0);
  for (int k = 0; k < 2000; ++k)
    step(256, small.data());
  std::vector<double> large(1 << 20, 2.0);
  step(1 << 20, large.data());
  double sum = 0;
  total(1 << 20, large.data(), &sum);
  std::printf("%.6f %.1f\n", small[0], sum);
}
