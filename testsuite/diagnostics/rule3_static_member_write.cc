// Rule 3: a static data member is a global; writing it from the loop is
// refused.
struct Counter {
    static int hits;
};

[[ferry::kernel]]
void count(int n, [[ferry::borrow(n)]] const double *x)
{
    for (int i = 0; i < n; ++i)
        if (x[i] > 0)
            Counter::hits = i; // { dg-error "kernel 'void count\\(int, const double\\*\\)' writes 'Counter::hits'" }
}
