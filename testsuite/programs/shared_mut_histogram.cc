// shared_mut updates are atomic: a histogram and a scatter-add give the
// serial counts (integer sums, so exactly).
#include <cstddef>
#include <cstdio>
#include <vector>

[[ferry::kernel]]
void histogram(std::size_t n, int bins, [[ferry::borrow(n)]] const int *key,
               [[ferry::shared_mut(bins)]] unsigned *count,
               [[ferry::shared_mut(bins)]] long *weight,
               [[ferry::shared_mut(bins)]] int *seen)
{
    for (std::size_t i = 0; i < n; ++i) {
        count[key[i]]++;
        weight[key[i]] += long(i % 13);
        seen[key[i]] = 1;
    }
}

int main()
{
    const std::size_t n = 20000;
    const int bins = 37;
    std::vector<int> key(n);
    for (std::size_t i = 0; i < n; ++i)
        key[i] = int((i * 7919u) % 31); // bins 31..36 stay empty
    std::vector<unsigned> count(bins, 0);
    std::vector<long> weight(bins, 5);
    std::vector<int> seen(bins, 0);
    histogram(n, bins, key.data(), count.data(), weight.data(), seen.data());
    for (int b = 0; b < bins; ++b)
        std::printf("%u %ld %d\n", count[b], weight[b], seen[b]);
}
