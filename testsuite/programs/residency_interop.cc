// Ferry kernels inside the user's own OpenMP data regions (target data,
// enter/exit data): the data is the user's there, and nothing moves twice.
// { ferry-env "FERRY_DEVICE=sim FERRY_CHECK=1" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]]
void scale(int n, double by, [[ferry::borrow_mut(n)]] double *u)
{
    for (int i = 0; i < n; ++i)
        u[i] = u[i] * by + 1.0;
}

int main()
{
    const int n = 1000;
    std::vector<double> data(n, 1.0);
    double *u = data.data();
#pragma omp target data map(tofrom : u[0 : n])
    {
        for (int step = 0; step < 5; ++step)
            scale(n, 1.5, u);
    }
    double sum = 0;
    for (double value : data)
        sum += value;
    std::printf("%.9e\n", sum);

#pragma omp target enter data map(to : u[0 : n])
    scale(n, 0.5, u);
    scale(n, 0.5, u);
#pragma omp target exit data map(from : u[0 : n])
    sum = 0;
    for (double value : data)
        sum += value;
    std::printf("%.9e\n", sum);
}
