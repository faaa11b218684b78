// The program's globals in its own target loops, as OpenMP gives them:
// a scalar the region reads is firstprivate, its value at the construct;
// a pointer is a zero-length array section, the device copy of what a
// data region of another function mapped (miniWeather keeps nx, nz and
// its hydrostatic columns so).  Such loops run as ferry kernels, reading
// the values each construct saw (`scale` changes between launches).  A
// global named in a clause, written by the region, or `declare target`
// keeps GCC's path, and so does its region; every answer is the g++
// build's.  On the sim device: fill, flux, pad, xflux and damp launch,
// each twice, and so does the halo, whose reads reach the row before when
// nx < 2, on the pragma's promise that they do not, and the 4 shares
// twice; the three others run as GCC compiled them.
// { ferry-stats "FERRY_DEVICE=sim" "launches=20" }
#include <cstdio>
#include <vector>

int nx, nz;
double scale = 1.0;
double *column;  // nz values, mapped by main's data region
double total = 0;
long visits = 0;
#pragma omp declare target
double bias = 0.5;
#pragma omp end declare target

static void fill(double *field) {
#pragma omp target teams distribute parallel for collapse(2)
  for (int k = 0; k < nz; ++k)
    for (int i = 0; i < nx; ++i)
      field[k * nx + i] = scale * (k + 0.25 * i) + column[k];
}

// Three variables a row, as structures of arrays: the whole-sweep writes.
static void flux(const double *field, double *out) {
#pragma omp target teams distribute parallel for collapse(2)
  for (int k = 0; k < nz; ++k)
    for (int i = 0; i < nx; ++i) {
      const double v = field[k * nx + i];
      out[0 * nz * nx + k * nx + i] = v;
      out[1 * nz * nx + k * nx + i] = v * v;
      out[2 * nz * nx + k * nx + i] = v - column[k];
    }
}

// Into fields with two ghost cells a side (miniWeather's state): the
// step of k, not that of ll, covers the range of i.
static void pad(const double *fluxes, double *padded) {
#pragma omp target teams distribute parallel for collapse(3)
  for (int v = 0; v < 3; ++v)
    for (int k = 0; k < nz; ++k)
      for (int i = 0; i < nx; ++i)
        padded[v * (nz + 4) * (nx + 4) + (k + 2) * (nx + 4) + i + 2] =
            fluxes[v * nz * nx + k * nx + i];
}

// Interface fluxes, nx + 1 a row, fields (nz + 1) * (nx + 1) apart over
// k < nz (miniWeather's x-fluxes): further apart than the nest's sweep,
// though not a multiple of it.
static void xflux(const double *field, double *fx) {
#pragma omp target teams distribute parallel for collapse(2)
  for (int k = 0; k < nz; ++k)
    for (int i = 0; i < nx + 1; ++i) {
      const double left = field[k * nx + (i > 0 ? i - 1 : 0)];
      fx[0 * (nz + 1) * (nx + 1) + k * (nx + 1) + i] = left;
      fx[1 * (nz + 1) * (nx + 1) + k * (nx + 1) + i] = left * scale;
      fx[2 * (nz + 1) * (nx + 1) + k * (nx + 1) + i] = left + column[k];
    }
}

static void halo(double *field) {
#pragma omp target teams distribute parallel for
  for (int k = 0; k < nz; ++k) {
    field[k * nx + 0] = field[k * nx + nx - 2];
    field[k * nx + nx - 1] = field[k * nx + 1];
  }
}

static void damp(double *field) {
#pragma omp target teams distribute parallel for collapse(2) firstprivate(scale)
  for (int k = 0; k < nz; ++k)
    for (int i = 0; i < nx; ++i)
      field[k * nx + i] *= 1.0 / (1.0 + scale);
}

// A global in a section's bounds is read as the loop's bounds read it
// (Intel's multi-device example's `A[id * chunksize:chunksize]`): each
// part of the field its own launch, on its own share.
int parts = 4;
static void shares(double *field) {
  for (int part = 0; part < parts; ++part) {
#pragma omp target teams distribute parallel for map(tofrom: field[part * (nz * nx / parts):nz * nx / parts])
    for (int j = part * (nz * nx / parts); j < (part + 1) * (nz * nx / parts); ++j)
      field[j] = 0.5 * field[j] + part;
  }
}

// Named in a clause: the program's reduction into a global.
static void sum(const double *field) {
#pragma omp target teams distribute parallel for reduction(+: total) \
    map(tofrom: total)
  for (int j = 0; j < nz * nx; ++j)
    total += field[j];
}

// A `declare target` global: the device's own copy.
static void offset(double *field) {
#pragma omp target teams distribute parallel for
  for (int j = 0; j < nz * nx; ++j)
    field[j] += bias;
}

// Read by a region that also writes it (through an atomic): kept.
static void count(const double *field) {
#pragma omp target teams distribute parallel for map(tofrom: visits)
  for (int j = 0; j < nz * nx; ++j)
    if (field[j] > 2.0) {
#pragma omp atomic
      visits++;
    }
}

int main() {
  nx = 40;
  nz = 24;
  std::vector<double> col(nz), f(nz * nx), fl(3 * nz * nx),
      pd(3 * (nz + 4) * (nx + 4), 0.0), xf(3 * (nz + 1) * (nx + 1), 0.0);
  for (int k = 0; k < nz; ++k)
    col[k] = 0.1 * k;
  column = col.data();
  double *field = f.data(), *fluxes = fl.data(), *padded = pd.data(),
         *fx = xf.data();
  bias = 0.75;
#pragma omp target update to(bias)
#pragma omp target data map(to: column[0:nz]) map(tofrom: field[0:nz * nx]) \
    map(from: fluxes[0:3 * nz * nx]) \
    map(tofrom: padded[0:3 * (nz + 4) * (nx + 4)]) \
    map(tofrom: fx[0:3 * (nz + 1) * (nx + 1)])
  {
    for (int step = 0; step < 2; ++step) {
      scale = 1.0 + step;
      fill(field);
      halo(field);
      flux(field, fluxes);
      pad(fluxes, padded);
      xflux(field, fx);
      damp(field);
      shares(field);
      sum(field);
      offset(field);
      count(field);
    }
  }
  double checksum = 0;
  for (int j = 0; j < nz * nx; ++j)
    checksum += f[j] + fl[j] + 2 * fl[nz * nx + j] + 3 * fl[2 * nz * nx + j];
  for (std::size_t j = 0; j < pd.size(); ++j)
    checksum += (j % 7) * pd[j];
  for (std::size_t j = 0; j < xf.size(); ++j)
    checksum += (j % 5) * xf[j];
  std::printf("checksum %.12g total %.12g visits %ld\n", checksum, total,
              visits);
}
