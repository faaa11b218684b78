// An in-place halo copy is accepted, and explain says that each launch
// checks its reads and writes of the buffer (programs/halo_in_place.cc
// runs it; programs/halo_in_place_overlap.cc stops a launch that races).
// { dg-options "-fplugin-arg-ferry-explain" }
[[ferry::kernel]]
void update_right(const int x, const int y, const int halo_depth, const int depth,
                  [[ferry::borrow_mut(x * y)]] double *buffer)
{
    for (int jj = halo_depth; jj < y - halo_depth; ++jj) { // { dg-message "whether the reads and writes of 'buffer' in this loop are apart depends on the values of the parameters, as for an in-place halo copy: each launch checks them" }
        for (int kk = 0; kk < depth; ++kk) {
            int base = jj * x;
            buffer[base + (x - halo_depth + kk)] = buffer[base + (x - halo_depth - 1 - kk)];
        }
    }
}

// A read one row back races for every size: still an error here.
[[ferry::kernel]]
void smooth_rows(int n, int m, [[ferry::borrow_mut(n * m)]] double *u)
{
    for (int i = 1; i < n; ++i)
        for (int j = 0; j < m; ++j)
            u[i * m + j] += u[(i - 1) * m + j]; // { dg-error "possible data race: this read of 'u'" }
}

// So does a read that takes the write's elements in another order.
[[ferry::kernel]]
void reverse_columns(int n, int m, [[ferry::borrow_mut(n * m)]] double *u)
{
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j)
            u[i * m + j] = u[i * m + (m - 1 - j)]; // { dg-error "possible data race: this read of 'u'" }
}
