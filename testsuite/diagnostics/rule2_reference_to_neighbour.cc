// Rule 2 through a reference: r names the next iteration's element.
[[ferry::kernel]]
void smooth(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i + 1 < n; ++i) {
        double &r = y[i + 1];
        r = 0.5 * (r + y[i]); // { dg-error "possible data race: this (write|read) of 'y'" }
    }
}
