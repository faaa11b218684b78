// A kernel that ends by calling another kernel, as TeaLeaf's cheby_init
// calls cheby_calc_u: a kernel cannot launch another, and the error says
// the two ways to write it (it used to say "move it into a loop").
[[ferry::kernel]]
void calc_u(int n, [[ferry::borrow_mut(n)]] double *u, [[ferry::borrow(n)]] const double *p)
{
    for (int i = 0; i < n; ++i)
        u[i] += p[i];
}

[[ferry::kernel]]
void init(int n, [[ferry::borrow_mut(n)]] double *u, [[ferry::borrow_mut(n)]] double *p)
{
    for (int i = 0; i < n; ++i)
        p[i] = 0.5 * u[i];
    calc_u(n, u, p); // { dg-error "kernel 'init' calls kernel 'calc_u' outside its loops; a kernel cannot launch another" }
    // { dg-message "call 'calc_u' where 'init' is called, after it returns; or give the loops of 'init' a kernel of their own, and make 'init' a plain function that calls both kernels" .-1 }
}
