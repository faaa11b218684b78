// Buffers a kernel wrote, written to files by code that is not handed them
// at any call the plugin sees (the pointer travels in a struct), and files
// read back into buffers a kernel reads: fwrite, std::ofstream, write,
// fread and read.  Large transfers skip stdio's buffer and go to the
// kernel, which does not fault on a guarded page but fails with EFAULT:
// libferry's wrappers of these calls sync exactly the bytes they are
// given first.
// The last read, std::ifstream::read, is handed the buffer itself: the
// plugin brings back what the device changed before the call, and the
// write into the page faults once.
// { ferry-stats "FERRY_DEVICE=sim" "launches=5 faults=1" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <unistd.h>
#include <vector>

[[ferry::kernel]]
void fill(int n, double a, [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] = a * (i % 11) + 1.0;
}

[[ferry::kernel]]
double total(int n, [[ferry::borrow(n)]] const double *x)
{
    double s = 0;
    for (int i = 0; i < n; ++i)
        s += x[i] * (i % 3 + 1);
    return s;
}

struct Record {
    double *data;
    std::size_t count;
};

// Not instrumented: it calls no kernel, and is not handed the buffer.
bool save(const Record &r, FILE *stream, int fd, const char *path)
{
    const std::size_t bytes = r.count * sizeof(double);
    if (std::fwrite(r.data, sizeof(double), r.count, stream) != r.count)
        return false;
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char *>(r.data), bytes);
    out.close();
    return out.good() && write(fd, r.data, bytes) == (ssize_t)bytes;
}

bool load(const Record &r, FILE *stream, int fd, std::size_t offset)
{
    const std::size_t bytes = r.count * sizeof(double);
    std::rewind(stream);
    if (std::fread(r.data, sizeof(double), r.count, stream) != r.count)
        return false;
    return pread(fd, r.data + r.count / 2, bytes / 2, offset) ==
           (ssize_t)(bytes / 2);
}

int main()
{
    const int n = 1 << 16;
    std::vector<double> y(n), z(n, 3.0);
    char path[] = "/tmp/ferry-io-XXXXXX";
    const int fd = mkstemp(path);
    FILE *stream = std::tmpfile();
    if (fd < 0 || !stream)
        return 2;
    std::printf("%.12g\n", total(n, z.data())); // z: read-only pages now
    fill(n, 2.0, y.data());                     // y: newer on the device
    const Record ry{y.data(), (std::size_t)n}, rz{z.data(), (std::size_t)n};
    if (!save(ry, stream, fd, path)) {
        std::perror("save");
        return 1;
    }
    if (!load(rz, stream, fd, 8 * 1000)) {
        std::perror("load");
        return 1;
    }
    std::printf("%.12g\n", total(n, z.data()));
    fill(n, 5.0, y.data());
    std::ifstream in(path, std::ios::binary);
    in.read(reinterpret_cast<char *>(z.data()), 8 * 100);
    std::printf("%.12g %.12g\n", total(n, z.data()), y[17]);
    unlink(path);
}
