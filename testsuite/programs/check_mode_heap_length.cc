// FERRY_CHECK=1 checks each buffer's declared length against the heap
// block its pointer lies in: twice(1500, ...) declares 1500 elements of a
// 1000-element vector, and would upload 4000 bytes of whatever follows it.
// { ferry-exit 1 "FERRY_CHECK: kernel 'twice' \(.*check_mode_heap_length.cc:12\): 'x' has the length 1500, 12000 bytes from 0x[0-9a-f]+, but the heap block it lies in ends 8000 bytes after it" "FERRY_CHECK=1 FERRY_DEVICE=sim" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <memory>
#include <vector>

[[ferry::kernel]]
void twice(int n, [[ferry::borrow(n)]] const double *x,
           [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] = 2.0 * x[i];
}

int main()
{
    std::vector<double> x(1000, 1.0);
    std::unique_ptr<double[]> y(new double[4000]);
    twice(1000, x.data(), y.get());
    twice(500, x.data() + 500, y.get()); // inside the block: fine
    std::printf("%g\n", y[999]);
    twice(1500, x.data(), y.get() + 2000);
    std::printf("not reached\n");
}
