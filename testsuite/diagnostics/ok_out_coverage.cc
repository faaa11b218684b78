// Should compile: out and scratch buffers written whole on every path,
// and read only after the iteration wrote them.
// (A struct with padding must be written whole, as in y[i] = Cell{...}:
// member writes leave its padding bytes unwritten.)
struct Cell { double v; long k; };

template <class V> inline void store(V *p, V v) { *p = v; }

[[ferry::kernel]]
void shapes(int n, int m, int c, [[ferry::borrow(n * m)]] const double *x,
            [[ferry::out(n * m)]] double *rows,    // y[i*m + j]
            [[ferry::out(m * n)]] double *columns, // y[j*n + i]
            [[ferry::out(n * c)]] double *chunks,  // y[i*c + k], k < c
            [[ferry::out(2 * n)]] double *pairs,   // y[2i], y[2i + 1]
            [[ferry::out(n)]] Cell *cells,         // member by member
            [[ferry::out(n)]] double *arms)        // both arms of an if
{
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j) {
            rows[i * m + j] = x[i * m + j];
            rows[i * m + j] *= 2.0; // read after the write
            columns[j * n + i] = x[i * m + j];
        }
    for (int i = 0; i < n; ++i) {
        for (int k = 0; k < c; ++k)
            chunks[i * c + k] = k;
        chunks[i * c] += 1.0; // the inner loop wrote the whole chunk
        double s = 0;
        for (int k = 0; k < c; ++k)
            s += chunks[i * c + k];
        pairs[2 * i + 1] = s;
        pairs[2 * i] = pairs[2 * i + 1];
        cells[i].k = i;
        cells[i].v = s;
        if (s > 0)
            arms[i] = s;
        else
            store(&arms[i], -s);
    }
}

// An earlier loop writes all of the scratch buffer; a later loop may read
// any element of it.
[[ferry::kernel]]
void reverse(int n, [[ferry::borrow(n)]] const double *x,
             [[ferry::scratch(n)]] double *t, [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        t[i] = 2.0 * x[i];
    for (int i = 0; i < n; ++i)
        y[i] = t[n - 1 - i];
}

// A lower bound other than 0, shifted back in the subscript.
[[ferry::kernel]]
void shifted(int n, [[ferry::borrow(n)]] const double *x,
             [[ferry::out(n)]] double *y)
{
    for (int i = 1; i <= n; ++i)
        y[i - 1] = x[i - 1];
}
