// fork with resident buffers.  The child's kernels run on the host, on the
// bytes the parent's device held newer when it forked; the parent's
// buffers stay its own.  Before, on the sim device the child's launches
// had no effect in the child (50000 where serial prints 350000), the
// child's copy-back landed in the parent's memory through the parent's
// /proc/self/mem descriptor (350000 where serial prints 50000), and on the
// H200 the child's launch failed ("cuLaunchKernel ... initialization
// error").
#include <ferry/ferry.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <vector>

[[ferry::kernel]]
void add(int n, double a, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] += a;
}

[[ferry::kernel]]
double total(int n, [[ferry::borrow(n)]] const double *x)
{
    double s = 0;
    for (int i = 0; i < n; ++i)
        s += x[i];
    return s;
}

int main()
{
    const int n = 50000;
    std::vector<double> y(n, 0.0);
    add(n, 1.0, y.data());
    std::fflush(stdout);
    const pid_t child = fork();
    if (child < 0)
        return 1;
    if (child == 0) {
        add(n, 2.0, y.data());
        add(n, 3.0, y.data());
        // Host code reads what the child's kernels wrote.
        double sum = 0;
        for (double v : y)
            sum += v;
        std::printf("child after launch %g, by kernel %g\n", sum,
                    total(n, y.data()));
        std::fflush(stdout);
        _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    std::printf("child exited with %d\n",
                WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    double sum = 0;
    for (double v : y)
        sum += v;
    std::printf("parent after child exit %g, by kernel %g\n", sum,
                total(n, y.data()));
    add(n, 1.0, y.data());
    std::printf("parent after launch %g, y[0] %g\n", total(n, y.data()), y[0]);
}
