// The host sets a boundary value every ten steps: only those 8 bytes go
// up before the next launch, and at the end all but them come back.
// With guarded pages (the default) each write moves the page around it
// (down, so that the page can be opened, then up), and the end brings
// back the rest in one copy.
// { ferry-stats "FERRY_DEVICE=sim" "launches=40 h2d_bytes=20288 h2d_copies=4 d2h_bytes=20288 d2h_copies=5" }
// The plugin's syncs alone (FERRY_COHERENCE=compiler):
// { ferry-stats "FERRY_DEVICE=sim FERRY_COHERENCE=compiler" "launches=40 h2d_bytes=8024 h2d_copies=4 d2h_bytes=7992 d2h_copies=1" }
// { ferry-env "FERRY_DEVICE=sim FERRY_CHECK=1" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>

[[ferry::kernel]]
void diffuse(int n, [[ferry::borrow_mut(n)]] double *u)
{
    for (int i = 0; i < n; ++i)
        u[i] = 0.75 * u[i] + 0.25 * i;
}

int main()
{
    const int n = 1000;
    double *u = static_cast<double *>(std::malloc(n * sizeof(double)));
    for (int i = 0; i < n; ++i)
        u[i] = i;
    for (int step = 0; step < 40; ++step) {
        diffuse(n, u);
        if (step % 10 == 9)
            u[0] = 100.0 + step;
    }
    double sum = 0;
    for (int i = 0; i < n; ++i)
        sum += u[i] * (i + 1);
    std::printf("%.9e\n", sum);
    std::free(u);
}
