// (d) by hand in CUDA.
#include "cuda_kernels.cuh"
#include "residency.hpp"

#include <fstream>
#include <utility>

int main()
{
    const residency::Size s = residency::size();
    warm_up();
    std::vector<double> a(s.n);
    residency::initialise(a.data(), s.n);
    std::FILE *stream = std::tmpfile();
    std::ofstream copy("d_output.dat", std::ios::binary);
    residency::Timer timer;
    double *in = device_array(s.n), *out = device_array(s.n);
    to_device(in, a.data(), s.n);
    for (int step = 1; step <= s.steps; ++step) {
        smooth(s.n, in, out);
        std::swap(in, out);
        if (step % s.every == 0) {
            to_host(a.data(), in, s.n);
            std::fwrite(a.data(), sizeof(double), s.n, stream);
            copy.write(reinterpret_cast<const char *>(a.data()),
                       s.n * sizeof(double));
        }
    }
    if (s.steps % s.every != 0)
        to_host(a.data(), in, s.n);
    copy.close();
    std::vector<double> last(s.n);
    std::fseek(stream, -static_cast<long>(s.n * sizeof(double)), SEEK_END);
    const bool read = std::fread(last.data(), sizeof(double), s.n, stream) ==
                      static_cast<std::size_t>(s.n);
    std::fclose(stream);
    std::remove("d_output.dat");
    const double sum = residency::checksum(a.data(), s.n) +
                       (read ? residency::checksum(last.data(), s.n) : 0.0);
    residency::report("d_output", "cuda", s, timer.seconds(), sum);
    return copy.good() && read ? 0 : 1;
}
