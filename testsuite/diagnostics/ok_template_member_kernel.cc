// Should compile: kernels as templates and as static member functions.
template <class T>
[[ferry::kernel]]
void axpy(int n, T a, [[ferry::borrow(n)]] const T *x, [[ferry::borrow_mut(n)]] T *y)
{
    for (int i = 0; i < n; ++i)
        y[i] += a * x[i];
}

template void axpy<float>(int, float, const float *, float *);
template void axpy<double>(int, double, const double *, double *);

struct Ops {
    [[ferry::kernel]]
    static void negate(int n, [[ferry::borrow_mut(n)]] int *y)
    {
        for (int i = 0; i < n; ++i)
            y[i] = -y[i];
    }
};
