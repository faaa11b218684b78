// The out contract: nothing is copied to the device for an out buffer, so
// reading an element before the iteration wrote it reads device memory
// that holds nothing (on the H200 all 1000 results of bump were wrong).
[[ferry::kernel]]
void bump(int n, [[ferry::out(n)]] double *y) // { dg-message "declare it 'ferry::borrow_mut\\(n\\)' if the kernel updates" }
{
    for (int i = 0; i < n; ++i)
        y[i] = y[i] + 1.0; // { dg-error "this read of 'y' comes before the iteration has written that element" }
}

[[ferry::kernel]]
void increment(int n, [[ferry::out(n)]] int *y)
{
    for (int i = 0; i < n; ++i)
        y[i]++; // { dg-error "this read of 'y' comes before" }
}

// A read in one arm of an if, the write in the other: no path writes it
// before the read.
[[ferry::kernel]]
void arms(int n, [[ferry::borrow(n)]] const double *x,
          [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i) {
        if (x[i] > 0)
            y[i] = 1.0;
        else
            y[i] = 2.0;
        double keep = y[i]; // fine: both arms wrote it
        if (x[i] > 1)
            y[i] = 3.0;
        y[i] = keep + 1.0;
    }
}

// A helper that reads the element it is given.
inline void add_one(double *p) { *p += 1.0; }

[[ferry::kernel]]
void through_helper(int n, [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        add_one(&y[i]); // { dg-error "this read of 'y' comes before" }
}

// Scratch starts with no values either.
[[ferry::kernel]]
void scratch_first(int n, [[ferry::scratch(n)]] double *t, // { dg-message "'t' is declared 'ferry::scratch': device-only storage" }
                   [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        if (i % 2)
            t[i] = 1.0;
    for (int i = 0; i < n; ++i)
        y[i] = t[i]; // { dg-error "this read of 't' comes before" }
    // { dg-message "write all of 't' in an earlier loop" .-1 }
}
