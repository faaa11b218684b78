// A helper that writes one element past its work item's chunk races with
// the next item, and one that writes every other element of its chunk
// leaves an `out` buffer with gaps: ferry follows the helper's counted
// loop and says so at the call (programs/helper_chunks.cc runs the
// shapes that are right).
#define PPWI 4

inline void spill(int group, double *e)
{
    for (int l = 0; l <= PPWI; ++l)
        e[group * PPWI + l] = l;
}

inline void every_other(double *chunk)
{
    for (int l = 0; l < PPWI / 2; ++l)
        chunk[2 * l] = l;
}

[[ferry::kernel]]
void past_the_chunk(int n, [[ferry::borrow_mut(n * PPWI + 1)]] double *e)
{
    for (int g = 0; g < n; ++g)
        spill(g, e); // { dg-error "possible data race: this write of 'e' is not at an element that only the current iteration touches" }
}

[[ferry::kernel]]
void gaps(int n, [[ferry::out(n * PPWI)]] double *e) // { dg-message "'e' is declared 'ferry::out'" }
{
    for (int g = 0; g < n; ++g) // { dg-error "this loop does not write every element of 'e' on every path" }
        every_other(&e[g * PPWI]);
}
