// Updates of shared_mut elements become atomic, including plain stores.
// { dg-options "-fplugin-arg-ferry-explain" }
#include <cstddef>

[[ferry::kernel]]
void histogram(std::size_t n, int bins, [[ferry::borrow(n)]] const int *key,
               [[ferry::borrow(n)]] const double *w,
               [[ferry::shared_mut(bins)]] unsigned *count,
               [[ferry::shared_mut(bins)]] double *weight,
               [[ferry::shared_mut(bins)]] int *last)
{
    for (std::size_t i = 0; i < n; ++i) {
        count[key[i]]++;          // { dg-message "this update of 'count' is atomic" }
        weight[key[i]] += w[i];   // { dg-message "this update of 'weight' is atomic" }
        last[key[i]] = (int)i;    // { dg-message "this store to 'last' is atomic" }
    }
}
// { dg-final { scan-tree-dump-times "#pragma omp atomic relaxed" 3 "original" } }
