// A timer's handler that leaves with siglongjmp, and one that launches a
// kernel itself, during a loop of launches.  A kernel on a GPU cannot stop
// half done, so ferry runs the program's asynchronous handlers as a launch
// ends, never inside it: every launch adds its 1 to every element, and
// the handler's own launches are whole too.  (The serial build's loop can
// be interrupted half way; there only the handler's buffer is checked.)
#include <ferry/ferry.hpp>

#include <csetjmp>
#include <csignal>
#include <cstdio>
#include <sys/time.h>
#include <vector>

[[ferry::kernel]] void inc(long n, [[ferry::borrow_mut(n)]] double *a) {
  for (long i = 0; i < n; ++i)
    a[i] += 1.0;
}

namespace {

sigjmp_buf jump_back;
volatile sig_atomic_t fired = 0;
std::vector<double> *handled;

void jump_out(int) {
  fired = 1;
  siglongjmp(jump_back, 1);
}

void launch_inside(int) { inc(static_cast<long>(handled->size()), handled->data()); }

void every(long microseconds) {
  itimerval timer = {{0, microseconds}, {0, microseconds}};
  setitimer(ITIMER_REAL, &timer, nullptr);
}

bool whole(const std::vector<double> &a) {
  for (double v : a)
    if (v != a.front())
      return false;
  return true;
}

} // namespace

int main() {
  std::vector<double> a(1 << 16, 0.0);
  struct sigaction action = {};
  action.sa_handler = jump_out;
  sigaction(SIGALRM, &action, nullptr);
  int jumps = 0;
  for (int round = 0; round < 5; ++round) {
    if (sigsetjmp(jump_back, 1) == 0) {
      every(500);
      for (long k = 0; k < 100000000 && !fired; ++k)
        inc(static_cast<long>(a.size()), a.data());
    } else {
      ++jumps;
    }
    every(0);
    fired = 0;
  }
#ifdef __FERRY_PLUGIN__
  const bool launches_whole = whole(a);
#else
  const bool launches_whole = true;
#endif
  // A second expiry may come while the handler runs and jump again.
  std::printf("every round jumped out: %s, launches whole: %s\n",
              jumps >= 5 ? "yes" : "no", launches_whole ? "yes" : "no");

  std::vector<double> b(4096, 0.0);
  handled = &b;
  action.sa_handler = launch_inside;
  action.sa_flags = SA_RESTART;
  sigaction(SIGALRM, &action, nullptr);
  every(300);
  for (int k = 0; k < 3000; ++k)
    inc(static_cast<long>(a.size()), a.data());
  every(0);
  std::printf("the handler's launches whole: %s\n", whole(b) ? "yes" : "no");
}
