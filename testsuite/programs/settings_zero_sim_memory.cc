// FERRY_SIM_MEMORY=0 would give the sim device no memory at all (unset, it
// has no limit): the program stops before any kernel runs, saying what is
// expected.
// { ferry-exit 1 "FERRY_SIM_MEMORY=0 is not understood; expected a number of bytes from 1 to 18446744073709551615 \(unset, the sim device has no limit\)" "FERRY_SIM_MEMORY=0 FERRY_DEVICE=sim" }
#include <cstdio>

[[ferry::kernel]]
void twice(int n, [[ferry::borrow_mut(n)]] int *v)
{
    for (int i = 0; i < n; ++i)
        v[i] *= 2;
}

int main()
{
    int v[4] = {1, 2, 3, 4};
    twice(4, v);
    std::printf("%d\n", v[0]);
}
