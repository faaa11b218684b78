// Rule 2 with pointer arithmetic instead of a subscript.
[[ferry::kernel]]
void bump(int n, [[ferry::borrow_mut(n)]] float *y)
{
    for (int i = 0; i + 2 < n; ++i)
        *(y + i + 2) += 1.0f; // { dg-error "possible data race: this (write|read) of 'y'" }
}
