// break inside a switch or an inner loop only leaves that statement: fine.
// A break out of the parallel loop is not.
[[ferry::kernel]]
void classify(int n, [[ferry::borrow_mut(n)]] int *y)
{
    for (int i = 0; i < n; ++i) {
        switch (y[i]) {
        case 0:
            y[i] = 1;
            break;
        default:
            y[i] = 2;
            break;
        }
        for (int k = 0; k < 4; ++k)
            if (k == y[i])
                break;
        if (y[i] > 100)
            break; // { dg-error "'break' leaves the parallel loop" }
    }
}
