// goto out of the parallel loop is refused.
[[ferry::kernel]]
void search(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i) {
        if (y[i] < 0)
            goto done; // { dg-error "'goto' inside the parallel loop" }
        y[i] = 1;
    }
done:;
}
