// std::vector storage that moves when the vector grows: the old device
// copy is dropped with the old storage, and the new one is uploaded.
// { ferry-stats "FERRY_DEVICE=sim" "launches=4" }
// { ferry-env "FERRY_DEVICE=sim FERRY_CHECK=1" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]]
void bump(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] = y[i] * 1.25 + 1.0;
}

double checksum(const std::vector<double> &y)
{
    double sum = 0;
    for (std::size_t i = 0; i < y.size(); ++i)
        sum += y[i] * (i % 17 + 1);
    return sum;
}

int main()
{
    std::vector<double> y(1000, 1.0);
    bump(y.size(), y.data());
    y.resize(3000, 2.0); // reallocates: the kernel's results move along
    bump(y.size(), y.data());
    std::printf("%.9e\n", checksum(y));
    for (int i = 0; i < 5000; ++i)
        y.push_back(i);
    bump(y.size(), y.data());
    std::vector<double> other(y.size(), 3.0); // may reuse freed storage
    bump(other.size(), other.data());
    std::printf("%.9e %.9e\n", checksum(y), checksum(other));
}
