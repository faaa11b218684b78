// Pointers walked down a column by an inner loop (`o += xy` as its last
// statement): proven where each iteration keeps to its own column, errors
// where the walk can meet another iteration's.
[[ferry::kernel]]
void column(int nx, int ny, int nz, [[ferry::borrow_mut(nx * ny * nz)]] float *v)
{
    const int xy = nx * ny;
    for (int ij = 0; ij < xy; ++ij) {
        float *o = v + ij;
        for (int k = 0; k < nz; ++k) {
            o[0] *= 2;
            o += xy;
        }
    }
}

[[ferry::kernel]]
void short_stride(int nz, [[ferry::borrow_mut(64 * nz)]] float *v)
{
    // A stride of 32 over 64 columns: column ij meets column ij + 32 one
    // step down.
    for (int ij = 0; ij < 64; ++ij) {
        float *o = v + ij;
        for (int k = 0; k < nz; ++k) {
            o[0] *= 2; // { dg-error "possible data race: this write of 'v'" }
            o += 32;
        }
    }
}

[[ferry::kernel]]
void next_in_column(int nx, int ny, int nz, [[ferry::borrow_mut(nx * ny * nz)]] float *v)
{
    // Two forms of the walk: o[xy] is the next step's element, whose
    // ownership ferry does not follow through a second form.
    const int xy = nx * ny;
    for (int ij = 0; ij < xy; ++ij) {
        float *o = v + ij;
        for (int k = 0; k < nz - 1; ++k) {
            o[0] = o[xy]; // { dg-error "possible data race: this read of 'v'" }
            o += xy;
        }
    }
}

[[ferry::kernel]]
void skipped_step(int nx, int ny, int nz, [[ferry::borrow_mut(nx * ny * nz)]] float *v)
{
    // A `continue` skips the step: o is not ij + k * xy any more.
    const int xy = nx * ny;
    for (int ij = 0; ij < xy; ++ij) {
        float *o = v + ij;
        for (int k = 0; k < nz; ++k) {
            if (o[0] > 0)
                continue;
            o[0] = 1; // { dg-error "ferry cannot tell what this assignment writes" }
            o += xy;
        }
    }
}
