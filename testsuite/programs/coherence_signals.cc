// An interval timer whose SIGALRM handler reads a buffer while the main
// thread launches kernels that write it.  The handler must see a value a
// kernel or the host wrote, and the program must neither hang nor crash:
// before, the signal landed on libferry's copy threads or inside a launch
// that held the policy's lock, and the handler's fault waited for that
// lock (4 of 8 runs hung, 4 died with SIGSEGV).  The handler is code the
// plugin never sees, so it needs guarded pages.
// { ferry-skip "FERRY_DEVICE=sim FERRY_COHERENCE=compiler" }
#include <ferry/ferry.hpp>

#include <signal.h>
#include <sys/time.h>

#include <cstdio>
#include <cstring>
#include <vector>

[[ferry::kernel]]
void step(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] += 1.0;
}

namespace {

std::vector<double> *y;
volatile sig_atomic_t reads = 0;
volatile sig_atomic_t bad_reads = 0;
volatile sig_atomic_t steps_done = 0;

// Not instrumented: a signal handler reads the buffer behind ferry's back.
void on_timer(int)
{
    const double seen = (*y)[y->size() / 2];
    // Between the steps finished before and after the signal came.
    if (seen < steps_done - 1 || seen > steps_done + 1)
        ++bad_reads;
    ++reads;
}

} // namespace

int main()
{
    const int n = 1 << 16, steps = 1000;
    y = new std::vector<double>(n, 0.0);
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_handler = on_timer;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(SIGALRM, &action, nullptr);
    struct itimerval every = {{0, 100}, {0, 100}};
    setitimer(ITIMER_REAL, &every, nullptr);
    for (int s = 0; s < steps; ++s) {
        step(n, y->data());
        steps_done = s + 1;
    }
    struct itimerval off = {{0, 0}, {0, 0}};
    setitimer(ITIMER_REAL, &off, nullptr);
    double total = 0;
    for (double v : *y)
        total += v;
    std::printf("total %g, bad reads %d, the handler ran: %s\n", total,
                (int)bad_reads, reads > 0 ? "yes" : "no");
}
