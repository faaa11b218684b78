// SU(3) matrix products over a flat index, as the public su3_bench codes
// write them: one iteration per complex number of the result, its site,
// link, row and column the digits of the index (id / 36, (id % 36) / 9,
// (id % 9) / 3, id % 3).  ferry proves the digits one-to-one and each
// iteration the owner of its complex number, so the kernel needs no
// shared_mut (which made every store atomic: issue 52).
#include <ferry/ferry.hpp>
#include <cstdio>
#include <vector>
struct Complex { float real, imag; };
struct Matrix { Complex e[3][3]; };
struct Site { Matrix link[4]; };

[[ferry::kernel]]
void multiply(int sites, [[ferry::borrow(sites)]] const Site *a,
              [[ferry::borrow(4)]] const Matrix *b,
              [[ferry::out(sites)]] Site *c)
{
  for (int id = 0; id < sites * 36; ++id) {
    int i = id / 36;
    int j = (id % 36) / 9;
    int k = (id % 9) / 3;
    int l = id % 3;
    Complex cc = {0, 0};
    for (int m = 0; m < 3; ++m) {
      const Complex x = a[i].link[j].e[k][m];
      const Complex y = b[j].e[m][l];
      cc.real += x.real * y.real - x.imag * y.imag;
      cc.imag += x.real * y.imag + x.imag * y.real;
    }
    c[i].link[j].e[k][l] = cc;
  }
}

int main() {
  const int sites = 100;
  std::vector<Site> a(sites), c(sites);
  std::vector<Matrix> b(4);
  for (int s = 0; s < sites; ++s)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 3; ++k)
        for (int l = 0; l < 3; ++l)
          a[s].link[j].e[k][l] = {float(s % 7 + j - k), float(l - s % 3)};
  for (int j = 0; j < 4; ++j)
    for (int k = 0; k < 3; ++k)
      for (int l = 0; l < 3; ++l)
        b[j].e[k][l] = {float(j + k), float(l - 1)};
  multiply(sites, a.data(), b.data(), c.data());
  double sum = 0;
  for (int s = 0; s < sites; ++s)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 3; ++k)
        for (int l = 0; l < 3; ++l)
          sum += c[s].link[j].e[k][l].real * (k + 1) + c[s].link[j].e[k][l].imag * (l + 2) + s;
  std::printf("sum %.3f\n", sum);
}
