// How to bring device data into host pages that other threads must not
// see half written (doc/performance-2026-11.md, "Guarded pages"): time
// per copy of S bytes from the device into pages with no access, by
//   open      open the pages, copy into them, close them (what ferry did
//             first: another thread may see the pages half written);
//   procmem   copy into a staging buffer, then write the pages through
//             /proc/self/mem without opening them (what libferry does);
//   pinned    the same with a pinned staging buffer;
//   swap      copy into fresh pages elsewhere, then move them over the
//             closed ones with mremap (only for private anonymous memory);
//   registered  copy straight into the closed pages, page-locked once with
//             cudaHostRegister while they were open: the copy engine does
//             not see the CPU's protection (what libferry does for
//             buffers of 256 KiB or more that kernels write);
//   register_once  what that page-locking cost, once per block.
// Each line: copy_path,method,bytes,microseconds.
//   nvcc -O3 -arch=sm_90 -o copy_paths copy_paths.cu
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

namespace {

constexpr size_t kChunk = size_t{4} << 20;

double now_us()
{
    return std::chrono::duration<double, std::micro>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void check(cudaError_t status)
{
    if (status != cudaSuccess) {
        std::fprintf(stderr, "%s\n", cudaGetErrorString(status));
        std::exit(1);
    }
}

void through_proc(int memory, char *host, const char *device, size_t bytes,
                  char *staging)
{
    for (size_t at = 0; at < bytes; at += kChunk) {
        const size_t n = bytes - at < kChunk ? bytes - at : kChunk;
        check(cudaMemcpy(staging, device + at, n, cudaMemcpyDeviceToHost));
        if (pwrite(memory, staging, n, (off_t)(uintptr_t)(host + at)) !=
            (ssize_t)n)
            std::exit(2);
    }
}

} // namespace

int main()
{
    const int memory = open("/proc/self/mem", O_RDWR);
    char *staging = static_cast<char *>(std::malloc(kChunk)), *pinned;
    check(cudaMallocHost(&pinned, kChunk));
    for (size_t bytes : {size_t{4096}, size_t{1} << 20, size_t{8} << 20,
                         size_t{64} << 20}) {
        char *device;
        check(cudaMalloc(&device, bytes));
        check(cudaMemset(device, 3, bytes));
        char *host = static_cast<char *>(
            mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
        std::memset(host, 1, bytes);
        const int repeats = 10;
        double open_us = 0, proc_us = 0, pinned_us = 0, swap_us = 0;
        for (int r = 0; r < repeats; ++r) {
            mprotect(host, bytes, PROT_NONE);
            double t = now_us();
            mprotect(host, bytes, PROT_READ | PROT_WRITE);
            check(cudaMemcpy(host, device, bytes, cudaMemcpyDeviceToHost));
            mprotect(host, bytes, PROT_NONE);
            open_us += now_us() - t;

            t = now_us();
            through_proc(memory, host, device, bytes, staging);
            proc_us += now_us() - t;

            t = now_us();
            through_proc(memory, host, device, bytes, pinned);
            pinned_us += now_us() - t;

            t = now_us();
            void *fresh = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            check(cudaMemcpy(fresh, device, bytes, cudaMemcpyDeviceToHost));
            mprotect(fresh, bytes, PROT_NONE);
            if (mremap(fresh, bytes, bytes, MREMAP_MAYMOVE | MREMAP_FIXED,
                       host) != host)
                std::exit(3);
            swap_us += now_us() - t;
        }
        mprotect(host, bytes, PROT_READ);
        if (host[bytes - 1] != 3)
            std::exit(4);
        std::printf("copy_path,open,%zu,%.1f\n", bytes, open_us / repeats);
        std::printf("copy_path,procmem,%zu,%.1f\n", bytes, proc_us / repeats);
        std::printf("copy_path,pinned,%zu,%.1f\n", bytes, pinned_us / repeats);
        std::printf("copy_path,swap,%zu,%.1f\n", bytes, swap_us / repeats);

        // A second block, page-locked while open, then closed.
        char *locked = static_cast<char *>(
            mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
        std::memset(locked, 1, bytes);
        double t = now_us();
        check(cudaHostRegister(locked, bytes, cudaHostRegisterDefault));
        const double register_us = now_us() - t;
        mprotect(locked, bytes, PROT_NONE);
        double registered_us = 0;
        for (int r = 0; r < repeats; ++r) {
            t = now_us();
            check(cudaMemcpy(locked, device, bytes, cudaMemcpyDeviceToHost));
            registered_us += now_us() - t;
        }
        mprotect(locked, bytes, PROT_READ);
        if (locked[0] != 3 || locked[bytes - 1] != 3)
            std::exit(5);
        std::printf("copy_path,registered,%zu,%.1f\n", bytes,
                    registered_us / repeats);
        std::printf("copy_path,register_once,%zu,%.1f\n", bytes, register_us);
        check(cudaHostUnregister(locked));
        munmap(locked, bytes);
        munmap(host, bytes);
        cudaFree(device);
    }
}
