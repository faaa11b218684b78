// Rule 2: each subscript alone is one-to-one, but they move differently
// with the loop variables: iteration 2's y[i] is iteration 1's y[2 * i].
[[ferry::kernel]]
void spread(int n, [[ferry::borrow_mut(2 * n)]] double *y) // { dg-message "'y' is declared 'ferry::borrow_mut'" }
{
    for (int i = 0; i < n; ++i)
        y[i] = y[2 * i]; // { dg-error "possible data race: this read of 'y' and the write of 'y' on line 7 can touch the same element in different iterations" }
    // { dg-message "the write; its subscript moves differently" .-1 }
    // A read cannot be shared: shared_mut would refuse it too, so the
    // advice is a copy, not shared_mut.
    // { dg-message "to read what other iterations write, read it from a copy made before the kernel" .-4 }
}

// An in-place transpose: iteration (i, j) writes what (j, i) reads.
[[ferry::kernel]]
void transpose(int n, [[ferry::borrow_mut(n * n)]] float *a)
{
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            a[i * n + j] = a[j * n + i]; // { dg-error "possible data race: this read of 'a' and the write of 'a'" }
}
