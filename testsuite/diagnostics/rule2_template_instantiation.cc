// Rule 2 in a template: checked per instantiation, and the error says
// which one.
template <int Shift>
[[ferry::kernel]]
void shift(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i + Shift < n; ++i)
        y[i + Shift] = y[i]; // { dg-error "possible data race" }
}

template void shift<0>(int, double *); // fine: each iteration its own element
template void shift<2>(int, double *);
// { dg-context "In instantiation of 'void shift\\(int, double\\*\\) \\[with int Shift = 2\\]'" }
