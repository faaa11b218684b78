// The program's own target loop calls a function template whose call is
// resolved where the front end instantiates it, at the end of the unit:
// `get` is declared after the loop.  Checking the loop, which follows
// the pointer into `bump`, instantiates nothing, or g++'s meaning would
// change ('get' was not declared in this scope).
struct Number {
    double v;
};

template <class T> void bump(T t, double *p) { *p += get(t); }

void add_values(int n, double *y, Number a)
{
#pragma omp target teams distribute parallel for map(tofrom: y[0:n])
    for (int i = 0; i < n; ++i)
        bump(a, &y[i]);
}

double get(Number n) { return n.v; }
