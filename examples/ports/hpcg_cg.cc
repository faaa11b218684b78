// ferry example: a port of the conjugate-gradient core of HPCG/miniFE
// (Sandia).  A sparse matrix in CSR form held in a struct of spans; the
// SpMV, the dot products and the vector updates as ferry kernels, in the
// style those codes use (a matrix struct, a helper defined after the
// kernels).  Rule 6 changed one thing (see axpby).  The problem is the
// 2-D 5-point Laplacian on an nx x ny grid with the all-ones vector as
// solution; the program exits non-zero if CG does not find it.
//
// Build: ferry-g++ -std=c++20 -O2 hpcg_cg.cc -o hpcg_cg
#include <ferry/ferry.hpp>
#include <cmath>
#include <cstdio>
#include <span>
#include <vector>

struct SparseMatrix {
    int nrows;
    std::span<const int> row_start; // nrows + 1 offsets into cols and vals
    std::span<const int> cols;
    std::span<const double> vals;
};

double row_times(const SparseMatrix &A, int row, std::span<const double> x);

[[ferry::kernel]]
void spmv(const SparseMatrix &A, std::span<const double> x, std::span<double> y)
{
    for (int row = 0; row < A.nrows; ++row) {
        double sum = 0.0;
        for (int k = A.row_start[row]; k < A.row_start[row + 1]; ++k)
            sum += A.vals[k] * x[A.cols[k]];
        y[row] = sum;
    }
}

[[ferry::kernel]]
double dot(std::span<const double> x, std::span<const double> y)
{
    double result = 0.0;
    for (std::size_t i = 0; i < x.size(); ++i)
        result += x[i] * y[i];
    return result;
}

// HPCG calls WAXPBY with w the same vector as x or y; rule 6 refuses such
// a call at run time (a written buffer may not overlap another argument),
// so the port updates in place: y = alpha * x + beta * y.
[[ferry::kernel]]
void axpby(double alpha, std::span<const double> x, double beta,
           std::span<double> y)
{
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] = alpha * x[i] + beta * y[i];
}

static SparseMatrix laplacian(int nx, int ny, std::vector<int> &start,
                              std::vector<int> &cols, std::vector<double> &vals)
{
    start.assign(1, 0);
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            const int row = j * nx + i;
            if (j > 0) { cols.push_back(row - nx); vals.push_back(-1.0); }
            if (i > 0) { cols.push_back(row - 1); vals.push_back(-1.0); }
            cols.push_back(row); vals.push_back(4.0);
            if (i + 1 < nx) { cols.push_back(row + 1); vals.push_back(-1.0); }
            if (j + 1 < ny) { cols.push_back(row + nx); vals.push_back(-1.0); }
            start.push_back(static_cast<int>(cols.size()));
        }
    return SparseMatrix{nx * ny, start, cols, vals};
}

int main()
{
    const int nx = 48, ny = 40, n = nx * ny;
    std::vector<int> start, cols;
    std::vector<double> vals;
    SparseMatrix A = laplacian(nx, ny, start, cols, vals);

    // b = A * ones, so the exact solution is all ones.
    std::vector<double> ones(n, 1.0), b(n), x(n, 0.0), r(n), p(n), Ap(n);
    spmv(A, ones, b);
    r = b;
    p = r;
    double rr = dot(r, r);
    const double rr0 = rr;
    int iterations = 0;
    for (; iterations < 500 && rr > 1e-20 * rr0; ++iterations) {
        spmv(A, p, Ap);
        const double alpha = rr / dot(p, Ap);
        axpby(alpha, p, 1.0, x);
        axpby(-alpha, Ap, 1.0, r);
        const double rr_new = dot(r, r);
        axpby(1.0, r, rr_new / rr, p);
        rr = rr_new;
    }
    double error = 0.0;
    for (int i = 0; i < n; ++i)
        error = std::fmax(error, std::fabs(x[i] - 1.0));
    std::printf("cg: %d iterations, residual %.3e, max error %.3e\n",
                iterations, std::sqrt(rr / rr0), error);
    std::printf("row 7 of A*x: %.12g\n", row_times(A, 7, x));
    if (error >= 1e-8) {
        std::printf("hpcg_cg: CG did not find the solution\n");
        return 1;
    }
    std::printf("hpcg_cg: OK\n");
    return 0;
}

double row_times(const SparseMatrix &A, int row, std::span<const double> x)
{
    double sum = 0.0;
    for (int k = A.row_start[row]; k < A.row_start[row + 1]; ++k)
        sum += A.vals[k] * x[A.cols[k]];
    return sum;
}
