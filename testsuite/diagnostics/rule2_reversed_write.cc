// Rule 2: y[n - 1 - i] visits each element once, but ferry proves only
// subscripts that grow with the loop variables; the note says how to
// write the reversal instead.
[[ferry::kernel]]
void reverse(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[n - 1 - i] = y[i]; // { dg-error "possible data race: this write of 'y'" }
    // { dg-message "the subscript decreases as 'i' grows" .-1 }
}
