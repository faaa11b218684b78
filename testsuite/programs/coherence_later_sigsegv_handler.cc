// A SIGSEGV handler the program installs after ferry's, with sigaction and
// with signal, while buffers are resident: the host's next read of a
// device-newer buffer must still reach ferry (before, it reached the
// program's handler, which took it for its own fault), and the program's
// own faults, on a page it protected itself, must reach its handler.  A
// query of the disposition returns the program's handler.
#include <ferry/ferry.hpp>

#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <vector>

[[ferry::kernel]]
void add(int n, double a, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] += a;
}

namespace {

sigjmp_buf recover;
volatile sig_atomic_t own_faults = 0;

void on_own_fault(int, siginfo_t *, void *)
{
    ++own_faults;
    siglongjmp(recover, 1);
}

void on_own_fault_plain(int)
{
    ++own_faults;
    siglongjmp(recover, 1);
}

// Not instrumented (no kernel call, no buffer parameter the plugin sees):
// its read reaches the buffer through a guarded page.
__attribute__((noinline)) double sum(const std::vector<double> *y)
{
    double s = 0;
    for (double v : *y)
        s += v;
    return s;
}

// Faults on a page of the program's own, protected by the program.
void own_fault(char *page)
{
    if (sigsetjmp(recover, 1) == 0)
        page[0] = 1;
}

} // namespace

int main()
{
    const int n = 1 << 16;
    std::vector<double> *y = new std::vector<double>(n, 1.0);
    char *page = static_cast<char *>(mmap(nullptr, 4096, PROT_READ,
                                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    if (page == MAP_FAILED)
        return 1;

    add(n, 1.0, y->data());
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_sigaction = on_own_fault;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, nullptr);
    std::printf("after sigaction: sum %g\n", sum(y));
    own_fault(page);
    std::printf("own faults %d\n", (int)own_faults);

    struct sigaction current;
    sigaction(SIGSEGV, nullptr, &current);
    std::printf("the disposition is the program's: %s\n",
                current.sa_sigaction == on_own_fault ? "yes" : "no");

    add(n, 1.0, y->data());
    signal(SIGSEGV, on_own_fault_plain);
    std::printf("after signal: sum %g\n", sum(y));
    own_fault(page);
    std::printf("own faults %d\n", (int)own_faults);
}
