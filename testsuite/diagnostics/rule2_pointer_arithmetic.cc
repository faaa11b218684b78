// Rule 2 with pointer arithmetic instead of a subscript: iteration i
// writes the element iteration i + 2 reads.
[[ferry::kernel]]
void bump(int n, [[ferry::borrow_mut(n)]] float *y)
{
    for (int i = 0; i + 2 < n; ++i)
        *(y + i + 2) += *(y + i); // { dg-error "possible data race: this (write|read) of 'y'" }
}
