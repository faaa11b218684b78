// A FERRY_* variable that no part of ferry reads gets one warning naming
// the closest setting, and the program runs as without it (a misspelt
// FERRY_COHERENSE=pages changed nothing, silently); a byte count that is
// not one stops the program (FERRY_SIM_MEMORY=-1 was taken for 2^64 - 1).
// { ferry-exit 0 "FERRY_COHERENSE is not a ferry setting and changes nothing; did you mean FERRY_COHERENCE\?" "FERRY_COHERENSE=pages FERRY_DEVICE=sim" }
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
    std::printf("%d %d %d %d\n", v[0], v[1], v[2], v[3]);
}
