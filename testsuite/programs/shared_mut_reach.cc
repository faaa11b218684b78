// What a loop reaches of a shared_mut buffer is checked at the launch too:
// the atomic updates of h[i % 4] stay inside 4 elements, but those of
// h[i] run past a length of 4 (found by the differential fuzzer, seed
// 2033, case 3754: the update went through a local pointer, and wrote past
// the device copy).
// { ferry-exit 1 "kernel 'spill' \(.*shared_mut_reach.cc:20\): the loop at line 22 reaches elements 1 to 62 of 'h', but its length is 4 elements" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]]
void count(int n, [[ferry::shared_mut(4)]] int *h)
{
    for (int i = 0; i < n; ++i)
        h[i % 4] += 1;
}

[[ferry::kernel]]
void spill(int n, [[ferry::shared_mut(4)]] int *h)
{
    for (int i = 1; i <= n - 2; ++i) {
        int *p = h + i;
        *p = i;
    }
}

int main()
{
    std::vector<int> h(64, 0);
    count(64, h.data());
    std::printf("%d\n", h[1]);
    spill(64, h.data());
    std::printf("not reached\n");
}
