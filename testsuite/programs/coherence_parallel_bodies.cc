// Kernels launched inside a `#pragma omp parallel` body, their answers
// read by the function around it after the construct.  GCC outlines the
// body into a function of its own after ferry has placed the frame of
// the function around it: under FERRY_COHERENCE=compiler that function
// read device-written elements it had no call to sync (the output stayed
// -1), until the outlined body got a frame of its own, which settles its
// buffers as the body ends, on every thread.
#include <cstdio>
#include <vector>

int main()
{
    const int n = 20000;
    std::vector<int> values(n, -1);
    int *v = values.data();
    int table[4096];
#pragma omp parallel for num_threads(2)
    for (int part = 0; part < 2; ++part) {
        if (part == 0) {
#pragma omp target teams distribute parallel for map(from: v[0:n])
            for (int i = 0; i < n; ++i)
                v[i] = 3 * i;
        } else {
#pragma omp target teams distribute parallel for map(from: table)
            for (int i = 0; i < 4096; ++i)
                table[i] = i % 13;
        }
    }
    long sum = 0;
    for (int i = 0; i < n; ++i)
        sum += v[i];
    for (int i = 0; i < 4096; ++i)
        sum += table[i];
    std::printf("sum %ld v[7] %d table[100] %d\n", sum, v[7], table[100]);
}
