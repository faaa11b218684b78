// Rule 2: the inner loop runs k = 1 .. c, so iteration i writes y[i*c + c],
// which is y[(i+1)*c], the element iteration i + 1 writes after its loop.
[[ferry::kernel]]
void chunks(int n, int c, [[ferry::borrow_mut(n * c + 1)]] double *y)
{
    for (int i = 0; i < n; ++i) {
        for (int k = 1; k <= c; ++k)
            y[i * c + k] = 1.0; // { dg-error "possible data race: this write of 'y'" }
        // { dg-message "cannot show that the stride of 'i' covers the whole range of 'k'" .-1 }
        y[i * c] = 2.0;
    }
}
