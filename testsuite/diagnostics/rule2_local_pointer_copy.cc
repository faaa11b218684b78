// Rule 2 through a local pointer: p + 1 is the next iteration's element.
[[ferry::kernel]]
void smear(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i + 1 < n; ++i) {
        double *p = y + i;
        p[1] = *p; // { dg-error "possible data race: this write of 'y'" }
    }
}
