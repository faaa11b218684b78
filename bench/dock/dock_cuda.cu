// The docking score (dock.hpp) in hand-written CUDA: one thread a work
// item of P poses, blocks of 64 threads (miniBUDE's default work-group
// size), the same scoring function as the ferry variant.  Prints what
// dock_ferry prints.
//   nvcc -O3 -std=c++17 -arch=sm_90 --use_fast_math -o dock_cuda dock_cuda.cu
#include "dock.hpp"

#include "../cuda_support.cuh"

#include <chrono>
#include <cstdio>

namespace {

using bench::check;
using bench::upload;

struct Poses {
  const float *axis[6];
};

template <int P>
__global__ void fasten(long groups, int ligand_atoms, int protein_atoms,
                       const dock::Atom *__restrict__ protein,
                       const dock::Atom *__restrict__ ligand,
                       const dock::ForceField *__restrict__ forcefield,
                       Poses poses, float *__restrict__ energies) {
  const long g = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
  if (g < groups)
    dock::score<P>(g * P, ligand_atoms, protein_atoms, protein, ligand,
                   forcefield, poses.axis, energies);
}

constexpr unsigned kBlock = 64;

template <int P> void run(const dock::Deck &d, int repetitions) {
  const dock::Atom *protein = upload(d.protein);
  const dock::Atom *ligand = upload(d.ligand);
  const dock::ForceField *forcefield = upload(d.forcefield);
  Poses poses;
  for (int k = 0; k < 6; ++k)
    poses.axis[k] = upload(d.pose[k]);
  float *energies = nullptr;
  check(cudaMalloc(&energies, d.poses * sizeof(float)), "cudaMalloc");
  const long groups = d.poses / P;
  const unsigned blocks = static_cast<unsigned>((groups + kBlock - 1) / kBlock);
  auto call = [&] {
    fasten<P><<<blocks, kBlock>>>(groups, d.ligand_atoms, d.protein_atoms,
                                  protein, ligand, forcefield, poses, energies);
  };
  call();
  check(cudaDeviceSynchronize(), "warm-up");
  const auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < repetitions; ++r)
    call();
  check(cudaDeviceSynchronize(), "fasten");
  const double ms = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - start)
                        .count() /
                    repetitions;
  std::vector<float> host(d.poses);
  check(cudaMemcpy(host.data(), energies, d.poses * sizeof(float),
                   cudaMemcpyDeviceToHost),
        "copy back");
  double checksum = 0;
  for (float e : host)
    checksum += e;
  std::printf("dock,cuda,%d,%ld,%.3f,%.6e\n", P, d.poses, ms, checksum);
}

} // namespace

int main(int argc, char **argv) {
  dock::for_every_p(argc, argv,
                    [](const dock::Deck &deck, int repetitions, auto p) {
                      run<p.value>(deck, repetitions);
                    });
}
