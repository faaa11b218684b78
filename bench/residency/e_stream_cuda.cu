// (e) by hand in CUDA: the class owns device arrays.
#include "cuda_kernels.cuh"
#include "e_stream.hpp"
#include "residency.hpp"

#include <vector>

namespace {

constexpr double kScalar = 0.4;

__global__ void copy_kernel(long n, const double *a, double *c)
{
    const long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
    if (i < n)
        c[i] = a[i];
}

__global__ void scale_kernel(long n, double s, const double *c, double *b)
{
    const long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
    if (i < n)
        b[i] = s * c[i];
}

__global__ void add_kernel(long n, const double *a, const double *b, double *c)
{
    const long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

__global__ void triad_kernel(long n, double s, const double *b,
                             const double *c, double *a)
{
    const long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
    if (i < n)
        a[i] = b[i] + s * c[i];
}

class CudaStream final : public Stream {
public:
    explicit CudaStream(long n)
        : n_(n), host_(n), a_(device_array(n)), b_(device_array(n)),
          c_(device_array(n))
    {
        residency::initialise(host_.data(), n);
        to_device(a_, host_.data(), n);
    }
    ~CudaStream() override
    {
        cudaFree(a_);
        cudaFree(b_);
        cudaFree(c_);
    }
    void copy() override { copy_kernel<<<blocks(n_), 256>>>(n_, a_, c_); }
    void scale() override
    {
        scale_kernel<<<blocks(n_), 256>>>(n_, kScalar, c_, b_);
    }
    void add() override { add_kernel<<<blocks(n_), 256>>>(n_, a_, b_, c_); }
    void triad() override
    {
        triad_kernel<<<blocks(n_), 256>>>(n_, kScalar, b_, c_, a_);
    }
    double checksum() override
    {
        double sum = 0;
        for (double *d : {a_, b_, c_}) {
            to_host(host_.data(), d, n_);
            sum += residency::checksum(host_.data(), n_);
        }
        return sum;
    }

private:
    long n_;
    std::vector<double> host_;
    double *a_, *b_, *c_;
};

} // namespace

std::unique_ptr<Stream> make_stream(long n)
{
    return std::make_unique<CudaStream>(n);
}

void warm_up_stream() { warm_up(); }

const char *stream_version() { return "cuda"; }
