// A helper called inside a member access (`bump(&v[i + 1]).a`) writes
// through its pointer: its write counts as the loop's, and with the read
// of v[i] the loop races.  The call used to go unseen, and the kernel
// compiled.
struct Pair {
    double a, b;
};

inline Pair bump(double *p)
{
    p[0] += 1;
    return {p[0], 2};
}

[[ferry::kernel]]
void k(int n, [[ferry::borrow_mut(n + 1)]] double *v, [[ferry::out(n)]] double *out)
{
    for (int i = 0; i < n; ++i)
        out[i] = v[i] + bump(&v[i + 1]).a; // { dg-error "possible data race" }
}
