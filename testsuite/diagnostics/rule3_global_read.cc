// Reading a non-const global: the device has no up-to-date copy of it.
double scale_factor = 2.0; // { dg-message "pass it as a parameter, or declare it 'const'" }
const double offset = 1.0; // const globals are fine

[[ferry::kernel]]
void scale(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] = y[i] * scale_factor + offset; // { dg-error "reads 'scale_factor', a global the host may change" }
}
