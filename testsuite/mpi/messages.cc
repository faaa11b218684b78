// SPDX-License-Identifier: GPL-3.0-or-later
// ferry's MPI layer on buffers that kernels keep on the device: every
// wrapped call, point-to-point and collective, blocking and not, with
// contiguous and strided datatypes and messages shorter than the receive
// posted, must see and leave the bytes a serial program would.  Ranks form
// a ring; each check prints what differs, and rank 0 ends with
// "messages: OK" when no rank found anything.
//
//   mpirun -np N messages          the checks
//   mpirun -np N messages race     launches a kernel on the buffer of an
//                                  unfinished MPI_Irecv (check mode stops it)
//   mpirun -np N messages race-send  a kernel writes the buffer of an
//                                  unfinished MPI_Isend (check mode stops it)
#include <ferry/ferry.hpp>
#include <ferry/mpi.hpp>

#include <cstdio>
#include <cstring>
#include <span>
#include <vector>

[[ferry::kernel]]
void fill(double base, std::span<double> x)
{
    for (std::size_t i = 0; i < x.size(); ++i)
        x[i] = base + static_cast<double>(i);
}

[[ferry::kernel]]
void scale(double factor, std::span<double> x)
{
    for (std::size_t i = 0; i < x.size(); ++i)
        x[i] *= factor;
}

namespace {

int rank = 0, ranks = 1, failures = 0;

// X[i] must be WANT(i) for each i in [first, last).
template <class Want>
void expect(const char *check, const std::vector<double> &x, std::size_t first,
            std::size_t last, Want want)
{
    for (std::size_t i = first; i < last; ++i)
        if (x[i] != want(i)) {
            std::printf("messages: rank %d: %s: element %zu is %g, expected "
                        "%g\n", rank, check, i, x[i], want(i));
            ++failures;
            return;
        }
}

double value(int owner, std::size_t i) { return owner * 1000.0 + i; }

} // namespace

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    ferry::mpi::select_gpu();
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    const int next = (rank + 1) % ranks, prev = (rank + ranks - 1) % ranks;
    const std::size_t n = 3000; // not a whole number of pages
    std::vector<double> x(n), y(n), z(n), w(n);
    fill(value(rank, 0), x); // each buffer device-newer from here
    fill(-1.0, y);
    fill(7.0, z);
    fill(5.0, w);
    const int count = static_cast<int>(n);

    if (argc > 1 && std::strcmp(argv[1], "race") == 0) {
        MPI_Request request;
        MPI_Irecv(y.data(), count, MPI_DOUBLE, prev, 9, MPI_COMM_WORLD,
                  &request);
        scale(2.0, y); // y is still being received into
        MPI_Send(x.data(), count, MPI_DOUBLE, next, 9, MPI_COMM_WORLD);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        MPI_Finalize();
        return 0;
    }
    if (argc > 1 && std::strcmp(argv[1], "race-send") == 0) {
        MPI_Request requests[2];
        MPI_Irecv(y.data(), count, MPI_DOUBLE, prev, 9, MPI_COMM_WORLD,
                  &requests[0]);
        MPI_Isend(x.data(), count, MPI_DOUBLE, next, 9, MPI_COMM_WORLD,
                  &requests[1]);
        scale(2.0, z); // another buffer: allowed
        fill(1.0, x);  // x is still being sent
        MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
        MPI_Finalize();
        return 0;
    }

    // Non-blocking ring, completed by MPI_Waitall; a kernel then reads it.
    {
        MPI_Request requests[2];
        MPI_Irecv(y.data(), count, MPI_DOUBLE, prev, 1, MPI_COMM_WORLD,
                  &requests[0]);
        MPI_Isend(x.data(), count, MPI_DOUBLE, next, 1, MPI_COMM_WORLD,
                  &requests[1]);
        MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
        scale(2.0, y);
        expect("MPI_Isend/MPI_Irecv/MPI_Waitall", y, 0, n,
               [&](std::size_t i) { return 2 * value(prev, i); });
    }
    // A message shorter than the receive: the rest keeps the device's bytes.
    {
        const int half = count / 2;
        MPI_Sendrecv(x.data(), half, MPI_DOUBLE, next, 2, z.data(), count,
                     MPI_DOUBLE, prev, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        scale(1.0, z);
        expect("short MPI_Sendrecv, received part", z, 0, n / 2,
               [&](std::size_t i) { return value(prev, i); });
        expect("short MPI_Sendrecv, the rest", z, n / 2, n,
               [&](std::size_t i) { return 7.0 + i; });
    }
    // A strided datatype: every other element, the gaps untouched.
    {
        MPI_Datatype every_other;
        MPI_Type_vector(count / 2, 1, 2, MPI_DOUBLE, &every_other);
        MPI_Type_commit(&every_other);
        fill(value(rank, 0), x);
        MPI_Request request;
        MPI_Irecv(w.data(), 1, every_other, prev, 3, MPI_COMM_WORLD, &request);
        MPI_Send(x.data(), 1, every_other, next, 3, MPI_COMM_WORLD);
        int done = 0;
        while (!done)
            MPI_Test(&request, &done, MPI_STATUS_IGNORE);
        MPI_Type_free(&every_other);
        expect("strided MPI_Irecv/MPI_Test", w, 0, n, [&](std::size_t i) {
            return i % 2 == 0 ? value(prev, i) : 5.0 + i;
        });
    }
    // MPI_Waitany and MPI_Waitsome over several receives.
    {
        std::vector<double> a(n), b(n);
        fill(0.0, a);
        fill(0.0, b);
        MPI_Request requests[4];
        MPI_Irecv(a.data(), count, MPI_DOUBLE, prev, 4, MPI_COMM_WORLD,
                  &requests[0]);
        MPI_Irecv(b.data(), count, MPI_DOUBLE, next, 5, MPI_COMM_WORLD,
                  &requests[1]);
        MPI_Isend(x.data(), count, MPI_DOUBLE, next, 4, MPI_COMM_WORLD,
                  &requests[2]);
        MPI_Isend(x.data(), count, MPI_DOUBLE, prev, 5, MPI_COMM_WORLD,
                  &requests[3]);
        int index = 0;
        MPI_Waitany(4, requests, &index, MPI_STATUS_IGNORE);
        int done = 0, indices[4];
        while (true) {
            MPI_Waitsome(4, requests, &done, indices, MPI_STATUSES_IGNORE);
            if (done == MPI_UNDEFINED)
                break;
        }
        scale(3.0, a);
        expect("MPI_Waitany/MPI_Waitsome (from prev)", a, 0, n,
               [&](std::size_t i) { return 3 * value(prev, i); });
        expect("MPI_Waitany/MPI_Waitsome (from next)", b, 0, n,
               [&](std::size_t i) { return value(next, i); });
    }
    // MPI_Sendrecv_replace.
    {
        fill(value(rank, 0), y);
        MPI_Sendrecv_replace(y.data(), count, MPI_DOUBLE, next, 6, prev, 6,
                             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        scale(1.0, y);
        expect("MPI_Sendrecv_replace", y, 0, n,
               [&](std::size_t i) { return value(prev, i); });
    }
    // Collectives.
    {
        fill(value(rank, 0), x);
        MPI_Bcast(x.data(), count, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        scale(1.0, x);
        expect("MPI_Bcast", x, 0, n, [&](std::size_t i) { return value(0, i); });

        fill(value(rank, 0), x);
        fill(-1.0, y);
        MPI_Allreduce(x.data(), y.data(), count, MPI_DOUBLE, MPI_SUM,
                      MPI_COMM_WORLD);
        scale(1.0, y);
        const auto sum = [&](std::size_t i) {
            double total = 0;
            for (int r = 0; r < ranks; ++r)
                total += value(r, i);
            return total;
        };
        expect("MPI_Allreduce", y, 0, n, sum);

        fill(value(rank, 0), x);
        MPI_Allreduce(MPI_IN_PLACE, x.data(), count, MPI_DOUBLE, MPI_SUM,
                      MPI_COMM_WORLD);
        expect("MPI_Allreduce in place", x, 0, n, sum);

        const std::size_t part = 100;
        std::vector<double> all(part * ranks);
        fill(-1.0, all);
        fill(value(rank, 0), x);
        MPI_Allgather(x.data(), part, MPI_DOUBLE, all.data(), part, MPI_DOUBLE,
                      MPI_COMM_WORLD);
        scale(1.0, all);
        expect("MPI_Allgather", all, 0, all.size(), [&](std::size_t i) {
            return value(static_cast<int>(i / part), i % part);
        });

        fill(rank == 0 ? 0.0 : -1.0, all);
        fill(-2.0, x);
        MPI_Scatter(all.data(), part, MPI_DOUBLE, x.data(), part, MPI_DOUBLE,
                    0, MPI_COMM_WORLD);
        expect("MPI_Scatter", x, 0, part,
               [&](std::size_t i) { return rank * part + i + 0.0; });
        expect("MPI_Scatter, the rest", x, part, n,
               [&](std::size_t i) { return -2.0 + i; });
    }
    int total = 0;
    MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        std::printf(total ? "messages: %d checks FAILED\n" : "messages: OK\n",
                    total);
    MPI_Finalize();
    return total != 0;
}
