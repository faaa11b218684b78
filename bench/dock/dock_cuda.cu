// The docking score (dock.hpp) in hand-written CUDA: one thread a work
// item of P poses, blocks of 64 threads (miniBUDE's default work-group
// size), the same scoring function as the ferry variant.  Prints what
// dock_ferry prints.
//   nvcc -O3 -std=c++17 -arch=sm_90 --use_fast_math -o dock_cuda dock_cuda.cu
#include "dock.hpp"

#include <chrono>
#include <cstdio>

namespace {

void check(cudaError_t result, const char *what) {
  if (result != cudaSuccess) {
    std::fprintf(stderr, "dock_cuda: %s: %s\n", what, cudaGetErrorString(result));
    std::exit(1);
  }
}

template <typename T> T *upload(const std::vector<T> &v) {
  T *device = nullptr;
  check(cudaMalloc(&device, v.size() * sizeof(T)), "cudaMalloc");
  check(cudaMemcpy(device, v.data(), v.size() * sizeof(T),
                   cudaMemcpyHostToDevice),
        "upload");
  return device;
}

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
  const dock::Deck deck = dock::make_deck(dock::poses_from(argc, argv));
  const int repetitions = argc > 2 ? std::atoi(argv[2]) : 10;
  run<1>(deck, repetitions);
  run<2>(deck, repetitions);
  run<4>(deck, repetitions);
  run<8>(deck, repetitions);
  run<16>(deck, repetitions);
}
