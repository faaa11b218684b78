// SPDX-License-Identifier: GPL-3.0-or-later
// MPI as codes in the style of CloverLeaf write it: a class owns its
// fields, its kernels are members, its halo exchange is a method of its
// own (MPI_Irecv, MPI_Isend, MPI_Waitall) that launches nothing, and host
// code writes a field between launches.  Prints the sum of the field; the
// mpi test group compares it with the build without the plugin.
//
//   mpirun -np N class_halo [STEPS]
#include <ferry/ferry.hpp>
#include <mpi.h>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <vector>

class Slab {
public:
    Slab(int nx, int ny, int rank, int ranks)
        : nx_(nx), ny_(ny), rank_(rank), ranks_(ranks),
          t_((ny + 2) * nx), t_new_((ny + 2) * nx), k_((ny + 2) * nx) {
        for (int j = 0; j < ny + 2; ++j)
            for (int i = 0; i < nx; ++i) {
                t_[j * nx + i] = (rank * ny + j) % 7 + 0.1 * i;
                k_[j * nx + i] = 1.0 + 0.01 * ((i + j + rank) % 5);
            }
        t_new_ = t_;
    }

    [[ferry::kernel]]
    void diffuse(std::span<const double> t, std::span<const double> k,
                 std::span<double> out) const {
        for (int j = 1; j <= ny_; ++j)
            for (int i = 1; i < nx_ - 1; ++i) {
                const int c = j * nx_ + i;
                out[c] = t[c] + 0.1 * k[c] * (t[c - 1] + t[c + 1] + t[c - nx_] +
                                             t[c + nx_] - 4 * t[c]);
            }
    }

    [[ferry::kernel]]
    double total(std::span<const double> t) const {
        double s = 0;
        for (int j = 1; j <= ny_; ++j)
            for (int i = 0; i < nx_; ++i)
                s += t[j * nx_ + i];
        return s;
    }

    void exchange() {
        MPI_Request req[4];
        int n = 0;
        const int up = rank_ - 1, down = rank_ + 1;
        if (up >= 0) {
            MPI_Irecv(&t_[0], nx_, MPI_DOUBLE, up, 0, MPI_COMM_WORLD, &req[n++]);
            MPI_Isend(&t_[nx_], nx_, MPI_DOUBLE, up, 1, MPI_COMM_WORLD, &req[n++]);
        }
        if (down < ranks_) {
            MPI_Irecv(&t_[(ny_ + 1) * nx_], nx_, MPI_DOUBLE, down, 1, MPI_COMM_WORLD, &req[n++]);
            MPI_Isend(&t_[ny_ * nx_], nx_, MPI_DOUBLE, down, 0, MPI_COMM_WORLD, &req[n++]);
        }
        MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
    }

    void step() {
        exchange();
        diffuse(t_, k_, t_new_);
        t_.swap(t_new_);
        t_[nx_ + 3] += 0.001; // host work between launches
    }

    double sum() { return total(t_); }

private:
    int nx_, ny_, rank_, ranks_;
    std::vector<double> t_, t_new_, k_;
};

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    Slab slab(700, 64, rank, ranks);
    const int steps = argc > 1 ? atoi(argv[1]) : 50;
    double local = 0;
    for (int s = 0; s < steps; ++s) {
        slab.step();
        if (s % 10 == 9) {
            local = slab.sum();
        }
    }
    double global = 0;
    MPI_Reduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        std::printf("sum %.15g\n", global);
    MPI_Finalize();
}
