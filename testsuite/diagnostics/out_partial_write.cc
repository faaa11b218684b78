// The out contract: an out buffer is copied back whole, so a loop that
// leaves elements unwritten would overwrite the caller's data with device
// memory that holds nothing (on the H200, evens destroyed 500 odd
// elements on the host).
[[ferry::kernel]]
void evens(int n, [[ferry::out(n)]] double *y) // { dg-message "declare it 'ferry::borrow_mut\\(n\\)' if some elements keep" }
{
    for (int i = 0; i < n; ++i) // { dg-error "this loop does not write every element of 'y' on every path, but 'y' is declared 'ferry::out\\(n\\)'" }
        if (i % 2 == 0)
            y[i] = 1.0; // { dg-message "this write does not happen on every path" }
}

[[ferry::kernel]]
void inner(int n, [[ferry::out(n)]] double *y)
{
    for (int i = 1; i < n - 1; ++i) // { dg-error "does not write every element of 'y'" }
        y[i] = 2.0; // { dg-message "the writes start at element 1, not at element 0" }
}

[[ferry::kernel]]
void short_end(int n, [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n - 2; ++i) // { dg-error "does not write every element of 'y'" }
        y[i] = 2.0; // { dg-message "the writes stop 2 elements short of the length 'n'" }
}

[[ferry::kernel]]
void past_end(int n, [[ferry::out(n)]] double *y)
{
    for (int i = 0; i <= n; ++i) // { dg-error "does not write every element of 'y'" }
        y[i] = 2.0; // { dg-message "the writes go 1 element past the length 'n'" }
}

[[ferry::kernel]]
void after_continue(int n, [[ferry::borrow(n)]] const double *x,
                    [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i) { // { dg-error "does not write every element of 'y'" }
        if (x[i] < 0)
            continue;
        y[i] = x[i]; // { dg-message "this write does not happen on every path" }
    }
}

struct Cell { double v; int k; };

[[ferry::kernel]]
void one_member(int n, [[ferry::out(n)]] Cell *y)
{
    for (int i = 0; i < n; ++i) // { dg-error "does not write every element of 'y'" }
        y[i].v = 2.0; // { dg-message "each iteration writes only part of the elements it owns" }
}

[[ferry::kernel]]
void every_other(int n, [[ferry::out(2 * n)]] double *y)
{
    for (int i = 0; i < n; ++i) // { dg-error "does not write every element of 'y'" }
        y[2 * i] = 2.0; // { dg-message "each iteration writes only part" }
}

// A helper that writes only under a condition.
template <class V> inline void store_positive(V *p, V v)
{
    if (v > 0)
        *p = v;
}

[[ferry::kernel]]
void helper_maybe(int n, [[ferry::borrow(n)]] const double *x,
                  [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i) // { dg-error "does not write every element of 'y'" }
        store_positive(&y[i], x[i]); // { dg-message "this write does not happen on every path" }
}

// An inner loop that may stop early writes no whole chunk.
[[ferry::kernel]]
void chunk_break(int n, int c, [[ferry::borrow(n * c)]] const double *x,
                 [[ferry::out(n * c)]] double *y)
{
    for (int i = 0; i < n; ++i) { // { dg-error "does not write every element of 'y'" }
        double s = 0; // (the loops are not a collapsible nest)
        for (int k = 0; k < c; ++k) {
            y[i * c + k] = x[i * c + k] + s; // { dg-message "this write does not happen on every path" }
            if (x[i * c + k] < 0)
                break;
        }
    }
}

// Never written at all: copying it back would bring back device memory.
[[ferry::kernel]]
void unused(int n, [[ferry::borrow(n)]] const double *x,
            [[ferry::out(n)]] double *y, // { dg-error "'y' is declared 'ferry::out', but kernel 'unused' never writes it" }
            [[ferry::out(n)]] double *z)
{
    for (int i = 0; i < n; ++i)
        z[i] = x[i];
}
