// The docking score (dock.hpp) as ferry kernels, one per P, written as a
// user would: the loop over work items calls the scoring function as it
// is.  Prints, for each P, the milliseconds of one call (the mean of the
// timed calls) and a checksum of the energies.
//   ferry-g++ -O3 -ffast-math -o dock_ferry dock_ferry.cc
#include "dock.hpp"

#include <ferry/ferry.hpp>

#include <chrono>
#include <cstdio>

template <int P>
[[ferry::kernel]] void
fasten(long groups, int ligand_atoms, int protein_atoms, int types,
       [[ferry::borrow(protein_atoms)]] const dock::Atom *protein,
       [[ferry::borrow(ligand_atoms)]] const dock::Atom *ligand,
       [[ferry::borrow(types)]] const dock::ForceField *forcefield,
       [[ferry::borrow(groups * P)]] const float *rx,
       [[ferry::borrow(groups * P)]] const float *ry,
       [[ferry::borrow(groups * P)]] const float *rz,
       [[ferry::borrow(groups * P)]] const float *tx,
       [[ferry::borrow(groups * P)]] const float *ty,
       [[ferry::borrow(groups * P)]] const float *tz,
       [[ferry::out(groups * P)]] float *energies) {
  for (long g = 0; g < groups; ++g) {
    const float *const poses[6] = {rx, ry, rz, tx, ty, tz};
    dock::score<P>(g * P, ligand_atoms, protein_atoms, protein, ligand,
                   forcefield, poses, energies);
  }
}

template <int P> void run(const dock::Deck &d, int repetitions) {
  std::vector<float> energies(d.poses);
  const long groups = d.poses / P;
  auto call = [&] {
    fasten<P>(groups, d.ligand_atoms, d.protein_atoms, d.types,
              d.protein.data(), d.ligand.data(), d.forcefield.data(),
              d.pose[0].data(), d.pose[1].data(), d.pose[2].data(),
              d.pose[3].data(), d.pose[4].data(), d.pose[5].data(),
              energies.data());
  };
  call(); // uploads the deck and loads the kernel
  ferry::wait();
  const auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < repetitions; ++r)
    call();
  ferry::wait();
  const double ms = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - start)
                        .count() /
                    repetitions;
  double checksum = 0;
  for (float e : energies)
    checksum += e;
  std::printf("dock,ferry,%d,%ld,%.3f,%.6e\n", P, d.poses, ms, checksum);
}

int main(int argc, char **argv) {
  dock::for_every_p(argc, argv,
                    [](const dock::Deck &deck, int repetitions, auto p) {
                      run<p.value>(deck, repetitions);
                    });
}
