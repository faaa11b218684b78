// Rule 2 with several writes at fixed offsets from the iteration's base
// (issue 52: a port was told "the stride of 'k' does not cover the whole
// range of 'll'" where the real cause was two writes at different
// offsets).  Offsets below the stride are the iteration's own elements,
// written directly, through a local base or through a pointer to the
// row; an offset that reaches the next iteration's base is a race, and
// the message says so.
[[ferry::kernel]]
void triples(int n, [[ferry::borrow(n)]] const float *x,
             [[ferry::out(3 * n)]] float *y)
{
    for (int i = 0; i < n; ++i) {
        y[3 * i] = x[i];
        y[3 * i + 1] = 2 * x[i];
        y[3 * i + 2] = 3 * x[i];
    }
}

[[ferry::kernel]]
void based(int n, [[ferry::borrow(n)]] const float *x,
           [[ferry::out(4 * n)]] float *y)
{
    for (int i = 0; i < n; ++i) {
        const int base = 4 * i;
        y[base] = x[i];
        y[base + 3] = 3 * x[i];
        y[base + 1] = 0;
        y[base + 2] = 0;
    }
}

// Two of the row's four elements: borrow_mut, as 'out' would be refused
// (the loop does not write every element).
[[ferry::kernel]]
void rows(int n, [[ferry::borrow(n)]] const float *x,
          [[ferry::borrow_mut(4 * n)]] float *y)
{
    for (int i = 0; i < n; ++i) {
        float *row = y + 4 * i;
        row[0] = x[i];
        row[3] = 1;
    }
}

[[ferry::kernel]]
void overlapping(int n, [[ferry::borrow(n)]] const float *x,
                 [[ferry::out(2 * n + 2)]] float *y) // { dg-message "'y' is declared 'ferry::out'" }
{
    for (int i = 0; i < n; ++i) {
        y[2 * i] = x[i];
        y[2 * i + 2] = 2 * x[i]; // { dg-error "possible data race: this write of 'y' is not at an element that only the current iteration touches" }
                                 // { dg-message "the subscript is shifted by whole elements, so it reaches an element of another iteration" .-1 }
    }
}
