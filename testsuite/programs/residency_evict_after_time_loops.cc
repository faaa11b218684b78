// Buffers of a time loop, whose launches repeat on an unchanged table,
// are given back by each launch: once the loop ends they can be evicted
// for the next loop's buffers.  The sim device holds two of the three.
// (The repeated launches once kept their entries in use for good, and
// the third loop stopped "out of device memory".)
// { ferry-env "FERRY_DEVICE=sim FERRY_SIM_MEMORY=90000" }
// { ferry-env "FERRY_DEVICE=sim FERRY_SIM_MEMORY=90000 FERRY_COHERENCE=compiler" }
// { ferry-stats "FERRY_DEVICE=sim FERRY_SIM_MEMORY=90000" "launches=30" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]]
void relax(int n, [[ferry::borrow_mut(n)]] double *u)
{
    for (int i = 0; i < n; ++i)
        u[i] = 0.5 * u[i] + 1.0;
}

int main()
{
    const int n = 5000; // 40,000 bytes
    std::vector<std::vector<double>> fields(3, std::vector<double>(n));
    for (int f = 0; f < 3; ++f)
        for (int i = 0; i < n; ++i)
            fields[f][i] = f * n + i;
    for (std::vector<double> &u : fields)
        for (int step = 0; step < 10; ++step)
            relax(n, u.data());
    for (const std::vector<double> &u : fields)
        std::printf("%.9f %.9f\n", u[0], u[n - 1]);
    return 0;
}
