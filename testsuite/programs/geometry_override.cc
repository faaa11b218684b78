// [[ferry::kernel(threads(N), teams(M))]] fixes the launch geometry; the
// answers do not depend on it.
#include <cstdio>
#include <vector>

[[ferry::kernel(threads(64), teams(3))]]
void fill(int n, [[ferry::out(n)]] int *v)
{
    for (int i = 0; i < n; ++i)
        v[i] = 3 * i + 1;
}

int main()
{
    std::vector<int> v(1000);
    fill(1000, v.data());
    long s = 0;
    for (int x : v)
        s += x;
    std::printf("%ld %d\n", s, v[999]);
}
