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
//   register_once  what that page-locking cost, once per block;
//   dual      the block mapped twice from one memfd: the program's view
//             stays closed, the copy goes into a second, read-write view
//             (MAP_SHARED: a forked child would share the block);
//   dual_registered  the same, that second view page-locked once
//             (dual_register_once: what that cost);
//   uffd      the pages discarded (MADV_DONTNEED) in a range registered
//             with userfaultfd, then filled from a staging buffer with
//             UFFDIO_COPY, which installs each page whole: a thread that
//             touches one meanwhile waits in the kernel for it;
//   uffd_pinned  the same with a pinned staging buffer.
// Each line: copy_path,method,bytes,microseconds; a route the machine
// refuses prints copy_path,method,refused,why.  And whether userfaultfd
// is open to unprivileged programs (vm.unprivileged_userfaultfd; since
// Linux 5.11 one with UFFD_USER_MODE_ONLY is, either way).
//   nvcc -O3 -arch=sm_90 -o copy_paths copy_paths.cu
#include <cuda_runtime.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
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

// A userfaultfd for missing pages, or -1 (the reason printed).
int open_userfaultfd()
{
    int uffd = static_cast<int>(
        syscall(SYS_userfaultfd, O_CLOEXEC | UFFD_USER_MODE_ONLY));
    if (uffd < 0)
        uffd = static_cast<int>(syscall(SYS_userfaultfd, O_CLOEXEC));
    uffdio_api api{};
    api.api = UFFD_API;
    if (uffd < 0 || ioctl(uffd, UFFDIO_API, &api) != 0) {
        std::printf("copy_path,uffd,refused,%s\n", std::strerror(errno));
        return -1;
    }
    return uffd;
}

// Discards the pages of [host, host + bytes), registered with UFFD, and
// fills them with the device's bytes through STAGING.
void through_userfaultfd(int uffd, char *host, const char *device,
                         size_t bytes, char *staging)
{
    madvise(host, bytes, MADV_DONTNEED);
    for (size_t at = 0; at < bytes; at += kChunk) {
        const size_t n = bytes - at < kChunk ? bytes - at : kChunk;
        check(cudaMemcpy(staging, device + at, n, cudaMemcpyDeviceToHost));
        uffdio_copy copy{};
        copy.dst = reinterpret_cast<uintptr_t>(host + at);
        copy.src = reinterpret_cast<uintptr_t>(staging);
        copy.len = n;
        if (ioctl(uffd, UFFDIO_COPY, &copy) != 0 ||
            copy.copy != static_cast<long long>(n))
            std::exit(6);
    }
}

// The dual and uffd routes for a block of BYTES.
void other_routes(const char *device, size_t bytes, int repeats, int uffd,
                  char *staging, char *pinned)
{
    const int fd = memfd_create("copy_paths", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, static_cast<off_t>(bytes)) != 0)
        std::exit(7);
    char *user = static_cast<char *>(mmap(nullptr, bytes,
                                          PROT_READ | PROT_WRITE,
                                          MAP_SHARED, fd, 0));
    char *view = static_cast<char *>(mmap(nullptr, bytes,
                                          PROT_READ | PROT_WRITE,
                                          MAP_SHARED, fd, 0));
    std::memset(user, 1, bytes);
    mprotect(user, bytes, PROT_NONE);
    double dual_us = 0;
    for (int r = 0; r < repeats; ++r) {
        const double t = now_us();
        check(cudaMemcpy(view, device, bytes, cudaMemcpyDeviceToHost));
        dual_us += now_us() - t;
    }
    double t = now_us();
    const cudaError_t registered =
        cudaHostRegister(view, bytes, cudaHostRegisterDefault);
    const double register_us = now_us() - t;
    double dual_registered_us = 0;
    for (int r = 0; registered == cudaSuccess && r < repeats; ++r) {
        t = now_us();
        check(cudaMemcpy(view, device, bytes, cudaMemcpyDeviceToHost));
        dual_registered_us += now_us() - t;
    }
    mprotect(user, bytes, PROT_READ);
    if (user[0] != 3 || user[bytes - 1] != 3)
        std::exit(8);
    std::printf("copy_path,dual,%zu,%.1f\n", bytes, dual_us / repeats);
    if (registered == cudaSuccess) {
        std::printf("copy_path,dual_registered,%zu,%.1f\n", bytes,
                    dual_registered_us / repeats);
        std::printf("copy_path,dual_register_once,%zu,%.1f\n", bytes,
                    register_us);
        check(cudaHostUnregister(view));
    } else {
        std::printf("copy_path,dual_registered,refused,%s\n",
                    cudaGetErrorString(registered));
        cudaGetLastError();
    }
    munmap(view, bytes);
    munmap(user, bytes);
    close(fd);

    if (uffd < 0)
        return;
    char *host = static_cast<char *>(
        mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    std::memset(host, 1, bytes);
    uffdio_register range{};
    range.range.start = reinterpret_cast<uintptr_t>(host);
    range.range.len = bytes;
    range.mode = UFFDIO_REGISTER_MODE_MISSING;
    if (ioctl(uffd, UFFDIO_REGISTER, &range) != 0) {
        std::printf("copy_path,uffd,refused,%s\n", std::strerror(errno));
        munmap(host, bytes);
        return;
    }
    double uffd_us = 0, uffd_pinned_us = 0;
    for (int r = 0; r < repeats; ++r) {
        t = now_us();
        through_userfaultfd(uffd, host, device, bytes, staging);
        uffd_us += now_us() - t;
        t = now_us();
        through_userfaultfd(uffd, host, device, bytes, pinned);
        uffd_pinned_us += now_us() - t;
    }
    if (host[0] != 3 || host[bytes - 1] != 3)
        std::exit(9);
    std::printf("copy_path,uffd,%zu,%.1f\n", bytes, uffd_us / repeats);
    std::printf("copy_path,uffd_pinned,%zu,%.1f\n", bytes,
                uffd_pinned_us / repeats);
    munmap(host, bytes); // unregisters the range
}

} // namespace

int main()
{
    const int memory = open("/proc/self/mem", O_RDWR);
    int unprivileged = -1;
    if (FILE *setting = std::fopen("/proc/sys/vm/unprivileged_userfaultfd",
                                   "r")) {
        if (std::fscanf(setting, "%d", &unprivileged) != 1)
            unprivileged = -1;
        std::fclose(setting);
    }
    std::printf("copy_path,unprivileged_userfaultfd,%d\n", unprivileged);
    const int uffd = open_userfaultfd();
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
        other_routes(device, bytes, repeats, uffd, staging, pinned);
        munmap(host, bytes);
        cudaFree(device);
    }
}
