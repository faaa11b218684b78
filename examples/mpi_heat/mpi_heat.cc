// SPDX-License-Identifier: GPL-3.0-or-later
// ferry example: the 2-D heat equation, Jacobi iteration, over MPI ranks
// that each drive one GPU.
//
// The grid of ROWS x COLS points has fixed boundary values (the top edge
// hot, the left edge warm).  Its interior rows are split into blocks, one
// per rank; each rank keeps its block and one ghost row above and below.
// Per step each rank swaps boundary rows with its neighbours
// (MPI_Sendrecv), then updates its block (a ferry kernel); every EVERY
// steps the ranks add up the squared change (a ferry reduction, then
// MPI_Allreduce).  The blocks stay on the GPU: ferry's MPI layer copies
// back only the row each MPI_Sendrecv sends and uploads only the row it
// receives.  At the end rank 0 gathers the grid, repeats the run serially,
// and compares; the last line is "mpi_heat: OK", or what differs.
//
// Build: OMPI_CXX=ferry-g++ mpicxx -std=c++20 -O2 mpi_heat.cc -o mpi_heat
// Run:   mpirun -np 4 ./mpi_heat [ROWS [COLS [STEPS [EVERY [CHECK]]]]]
//        (defaults 258 258 40 10 1; CHECK 0 skips the serial run)
#include <ferry/ferry.hpp>
#include <ferry/mpi.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

// One Jacobi step on rows 1..rows of a block of rows + 2 rows of n points.
[[ferry::kernel]]
void jacobi_step(std::size_t rows, std::size_t n, std::span<const double> u,
                 std::span<double> next)
{
    for (std::size_t i = 1; i <= rows; ++i)
        for (std::size_t j = 1; j < n - 1; ++j)
            next[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                      u[i * n + j - 1] + u[i * n + j + 1]);
}

// The sum of squared changes between u and next over the same points.
[[ferry::kernel]]
double squared_change(std::size_t rows, std::size_t n,
                      std::span<const double> u, std::span<const double> next)
{
    double sum = 0.0;
    for (std::size_t i = 1; i <= rows; ++i)
        for (std::size_t j = 1; j < n - 1; ++j) {
            const double change = next[i * n + j] - u[i * n + j];
            sum += change * change;
        }
    return sum;
}

namespace {

struct Problem {
    std::size_t rows = 258, cols = 258; // the whole grid, boundary included
    int steps = 40;
    int every = 10; // steps between residuals
    bool check = true;
};

double boundary_value(std::size_t row, std::size_t col, const Problem &p)
{
    if (row == 0)
        return 1.0;
    if (col == 0 && row + 1 < p.rows)
        return 0.5;
    return 0.0;
}

// The grid at the start: the boundary, and zero inside.
void initial_rows(std::span<double> rows, std::size_t first_row,
                  const Problem &p)
{
    const std::size_t count = rows.size() / p.cols;
    for (std::size_t i = 0; i < count; ++i)
        for (std::size_t j = 0; j < p.cols; ++j)
            rows[i * p.cols + j] = boundary_value(first_row + i, j, p);
}

// The first interior row of RANK's block, and how many it has.
std::size_t first_row_of(int rank, int ranks, const Problem &p)
{
    const std::size_t interior = p.rows - 2, base = interior / ranks,
                      extra = interior % ranks;
    return 1 + rank * base + std::min<std::size_t>(rank, extra);
}

std::size_t rows_of(int rank, int ranks, const Problem &p)
{
    return first_row_of(rank + 1, ranks, p) - first_row_of(rank, ranks, p);
}

// Jacobi on the whole grid, as the ranks run it together; the residuals
// after every EVERY steps go to RESIDUALS.
std::vector<double> serial_run(const Problem &p, std::vector<double> &residuals)
{
    std::vector<double> u(p.rows * p.cols), next;
    initial_rows(u, 0, p);
    next = u;
    const std::size_t n = p.cols;
    for (int step = 1; step <= p.steps; ++step) {
        double sum = 0.0;
        for (std::size_t i = 1; i + 1 < p.rows; ++i)
            for (std::size_t j = 1; j < n - 1; ++j) {
                next[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                          u[i * n + j - 1] + u[i * n + j + 1]);
                const double change = next[i * n + j] - u[i * n + j];
                sum += change * change;
            }
        if (step % p.every == 0)
            residuals.push_back(std::sqrt(sum));
        std::swap(u, next);
    }
    return u;
}

Problem parse(int argc, char **argv)
{
    Problem p;
    const auto number = [&](int k, long fallback, long least) {
        if (k >= argc)
            return fallback;
        char *end = nullptr;
        const long value = std::strtol(argv[k], &end, 10);
        if (*end || value < least) {
            std::fprintf(stderr, "mpi_heat: argument %d ('%s') must be a "
                                 "whole number of at least %ld\n",
                         k, argv[k], least);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        return value;
    };
    p.rows = number(1, 258, 3);
    p.cols = number(2, 258, 3);
    p.steps = number(3, 40, 1);
    p.every = number(4, 10, 1);
    p.check = number(5, 1, 0) != 0;
    return p;
}

} // namespace

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    ferry::mpi::select_gpu();
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    const Problem p = parse(argc, argv);
    if (p.rows - 2 < static_cast<std::size_t>(ranks)) {
        if (rank == 0)
            std::fprintf(stderr, "mpi_heat: %zu interior rows cannot be "
                                 "split over %d ranks\n", p.rows - 2, ranks);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    std::printf("mpi_heat: rank %d of %d runs on %s\n", rank, ranks,
                ferry::device_name().c_str());

    const std::size_t n = p.cols, first = first_row_of(rank, ranks, p),
                      rows = rows_of(rank, ranks, p);
    const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    const int down = rank + 1 < ranks ? rank + 1 : MPI_PROC_NULL;
    std::vector<double> u((rows + 2) * n), next;
    initial_rows(u, first - 1, p);
    next = u;

    // Up front, so that the first step does not pay for the upload.
    ferry::prefetch(u.data(), u.size());
    ferry::prefetch(next.data(), next.size());
    std::vector<double> residuals;
    MPI_Barrier(MPI_COMM_WORLD);
    const double start = MPI_Wtime();
    for (int step = 1; step <= p.steps; ++step) {
        // Row 1 goes up while row rows + 1 comes from below, and back.
        MPI_Sendrecv(&u[n], n, MPI_DOUBLE, up, 0, &u[(rows + 1) * n], n,
                     MPI_DOUBLE, down, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[rows * n], n, MPI_DOUBLE, down, 1, &u[0], n,
                     MPI_DOUBLE, up, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        jacobi_step(rows, n, u, next);
        if (step % p.every == 0) {
            double local = squared_change(rows, n, u, next), total = 0.0;
            MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM,
                          MPI_COMM_WORLD);
            residuals.push_back(std::sqrt(total));
        }
        std::swap(u, next);
    }
    ferry::wait();
    MPI_Barrier(MPI_COMM_WORLD);
    const double seconds = MPI_Wtime() - start;

    // Rank 0 gathers the interior rows.
    std::vector<int> counts(ranks), displacements(ranks);
    for (int r = 0; r < ranks; ++r) {
        counts[r] = static_cast<int>(rows_of(r, ranks, p) * n);
        displacements[r] = static_cast<int>((first_row_of(r, ranks, p) - 1) * n);
    }
    std::vector<double> grid;
    if (rank == 0) {
        grid.resize(p.rows * n);
        initial_rows(grid, 0, p);
    }
    MPI_Gatherv(&u[n], static_cast<int>(rows * n), MPI_DOUBLE,
                rank == 0 ? &grid[n] : nullptr, counts.data(),
                displacements.data(), MPI_DOUBLE, 0, MPI_COMM_WORLD);

    int status = 0;
    if (rank == 0) {
        std::printf("mpi_heat: %zu x %zu grid, %d ranks, %d steps: %.3f ms "
                    "per step, residual %.6e\n",
                    p.rows, p.cols, ranks, p.steps, 1e3 * seconds / p.steps,
                    residuals.empty() ? 0.0 : residuals.back());
        if (p.check) {
            std::vector<double> expected_residuals;
            const std::vector<double> expected = serial_run(p, expected_residuals);
            double worst = 0.0;
            std::size_t where = 0;
            for (std::size_t k = 0; k < grid.size(); ++k)
                if (std::fabs(grid[k] - expected[k]) > worst)
                    worst = std::fabs(grid[k] - expected[k]), where = k;
            if (worst > 1e-12) {
                std::printf("mpi_heat: point (%zu, %zu) is %.17g, the serial "
                            "run has %.17g\n",
                            where / n, where % n, grid[where], expected[where]);
                status = 1;
            }
            for (std::size_t k = 0; k < residuals.size(); ++k)
                if (std::fabs(residuals[k] - expected_residuals[k]) >
                    1e-9 * std::fabs(expected_residuals[k])) {
                    std::printf("mpi_heat: residual %zu is %.17g, the serial "
                                "run has %.17g\n",
                                k, residuals[k], expected_residuals[k]);
                    status = 1;
                }
        }
        std::printf(status ? "mpi_heat: FAILED\n"
                           : p.check ? "mpi_heat: OK\n"
                                     : "mpi_heat: done (not checked)\n");
    }
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
