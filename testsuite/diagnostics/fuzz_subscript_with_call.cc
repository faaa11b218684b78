// Found by the differential fuzzer (seed 2033, case 3754): a subscript
// that calls a function reaches the buffer through (idx(i), x + idx(i)),
// which ferry did not follow.  The read of 'x' went unseen, so 'x' was not
// mapped at all, and the read of the shared_mut 'z' was not refused.
// { dg-options "-fplugin-arg-ferry-explain" }
inline int idx(int i) { return i ^ 1; }

[[ferry::kernel]]
void gather(int n, [[ferry::borrow(n)]] const double *x, // { dg-message "'x' is 'map\\(to:\\)' because it is borrow" }
            [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i) // { dg-message "offloaded as" }
        y[i] = x[idx(i)];
}

[[ferry::kernel]]
void k3754(int n, [[ferry::shared_mut(64)]] bool *z,
           [[ferry::shared_mut(n)]] int *y)
{
    for (int i = 1; i <= n - 2; ++i) {
        { auto *p = y + i; *p = z[idx(i)]; } // { dg-error "this read of 'z' sees other iterations' updates in progress" }
    }
}

// Helpers handed such pointers: the read is followed, the write is a race.
inline void set(double *p) { *p = 1.0; }
inline double get(const double *p) { return *p; }

[[ferry::kernel]]
void through_helpers(int n, [[ferry::borrow(n)]] const double *x,
                     [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i) {
        y[i] = get(&x[idx(i)]);
        set(&y[idx(i)]); // { dg-error "possible data race: this write of 'y'" }
    }
}

// A pointer chosen by a condition is not followed to an element at all: a
// helper may only read through it.
[[ferry::kernel]]
void chosen_read(int n, [[ferry::borrow(n)]] const double *x, // { dg-message "'x' is 'map\\(to:\\)' because it is borrow" }
                 [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i) // { dg-message "offloaded as" }
        y[i] = get(i % 2 ? &x[i] : &x[0]);
}

[[ferry::kernel]]
void chosen_write(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        set(i % 2 ? &y[i] : &y[0]); // { dg-error "'void set\\(double\\*\\)' gets a pointer into 'y' that ferry cannot follow to an element" }
}
