// Should compile: pointer arithmetic, local pointers and references that
// stay on the iteration's own elements, in a 2-D nest.
[[ferry::kernel]]
void scale_rows(int rows, int cols, [[ferry::borrow(cols)]] const double *w,
                [[ferry::borrow_mut(rows * cols)]] double *m)
{
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            double *row = m + r * cols;
            double &cell = row[c];
            *(row + c) = cell * w[c];
        }
}
