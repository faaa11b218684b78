// Rule 3: a static local would be shared by every iteration.
[[ferry::kernel]]
void tally(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i) {
        static int seen; // { dg-error "static variable 'seen' inside kernel" }
        seen = i;
        y[i] = seen;
    }
}
