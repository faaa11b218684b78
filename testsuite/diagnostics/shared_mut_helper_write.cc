// A shared_mut element may only change through an atomic update written
// in the kernel itself; a helper's plain store would race.
inline void count(int *bin) { *bin = *bin + 1; } // { dg-message "the write" }

[[ferry::kernel]]
void histogram(int n, [[ferry::borrow(n)]] const int *keys,
               [[ferry::shared_mut(16)]] int *bins)
{
    for (int i = 0; i < n; ++i)
        count(&bins[keys[i] & 15]); // { dg-error "'void count\\(int\\*\\)' writes 'bins', which is shared" }
}
