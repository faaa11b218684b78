// Rule 2: y[i - 1] is written by iteration i - 1 and read by iteration i,
// a shift the other way from rule2_shifted_write.cc (offsets are unsigned
// in GCC, so a negative shift once passed for an element of its own).
[[ferry::kernel]]
void prefix(int n, [[ferry::out(n)]] double *y) // { dg-message "'y' is declared 'ferry::out'" }
{
    for (int i = 1; i < n; ++i)
        y[i] = y[i - 1] * 2.0; // { dg-error "possible data race: this read of 'y'" }
    // { dg-message "shifted by whole elements" .-1 }
    // An out buffer is also read before it is written: { dg-error "this read of 'y' comes before" .-2 }
}

// The same in a collapsed nest: (i, j - 1) is another iteration.
[[ferry::kernel]]
void rows(int n, int m, [[ferry::borrow_mut(n * m)]] double *y)
{
    for (int i = 0; i < n; ++i)
        for (int j = 1; j < m; ++j)
            y[i * m + j] += y[i * m + j - 1]; // { dg-error "possible data race: this read of 'y'" }
}
