// FERRY_SIM_MEMORY must be a count of bytes: "-1" stops the program with
// what is expected, before any kernel runs.
// { ferry-exit 1 "FERRY_SIM_MEMORY=-1 is not understood; expected a number of bytes" "FERRY_SIM_MEMORY=-1 FERRY_DEVICE=sim" }
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
