// A compute-bound docking score in the shape of miniBUDE's fasten_main
// (the University of Bristol's mini-app for BUDE's virtual screening),
// written for this benchmark: each work item scores P poses of a ligand
// against a protein.  It turns the six numbers of each of its poses into a
// 3 x 4 transform (sin, cos), keeps per-thread arrays of P floats (the
// transforms, the moved ligand atom, the energies), and for every pair of
// ligand and protein atoms adds steric, electrostatic and desolvation
// terms (sqrt, fabs, selects) to each pose's energy.  P is a template
// parameter, as miniBUDE's PPWI; -ffast-math on both sides, as miniBUDE
// builds.
//
// The same functions serve the ferry variant (dock_ferry.cc) and the CUDA
// one (dock_cuda.cu, where DOCK_DEVICE makes them __device__ too).
#ifndef FERRY_BENCH_DOCK_HPP
#define FERRY_BENCH_DOCK_HPP

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <type_traits>
#include <vector>

#ifdef __CUDACC__
#define DOCK_DEVICE __host__ __device__
#else
#define DOCK_DEVICE
#endif

namespace dock {

struct Atom {
  float x, y, z;
  int type;
};

struct ForceField {
  int hbtype;
  float radius, hphb, elsc;
};

constexpr int kHbtypeF = 70;
constexpr int kHbtypeE = 69;
constexpr float kHardness = 38.0f;
constexpr float kNpnpDistance = 5.5f;
constexpr float kNppDistance = 1.0f;
constexpr float kConstant = 4.0f;
constexpr float kHalf = 0.5f;

// The energies of poses FIRST .. FIRST + P - 1 into ENERGIES[FIRST ..].
template <int P>
DOCK_DEVICE inline void score(long first, int ligand_atoms, int protein_atoms,
                              const Atom *protein, const Atom *ligand,
                              const ForceField *forcefield,
                              const float *const poses[6], float *energies) {
  float transform[3][4][P];
  float etot[P];
  for (int i = 0; i < P; ++i) {
    const long pose = first + i;
    const float sx = sinf(poses[0][pose]), cx = cosf(poses[0][pose]);
    const float sy = sinf(poses[1][pose]), cy = cosf(poses[1][pose]);
    const float sz = sinf(poses[2][pose]), cz = cosf(poses[2][pose]);
    transform[0][0][i] = cy * cz;
    transform[0][1][i] = sx * sy * cz - cx * sz;
    transform[0][2][i] = cx * sy * cz + sx * sz;
    transform[0][3][i] = poses[3][pose];
    transform[1][0][i] = cy * sz;
    transform[1][1][i] = sx * sy * sz + cx * cz;
    transform[1][2][i] = cx * sy * sz - sx * cz;
    transform[1][3][i] = poses[4][pose];
    transform[2][0][i] = -sy;
    transform[2][1][i] = sx * cy;
    transform[2][2][i] = cx * cy;
    transform[2][3][i] = poses[5][pose];
    etot[i] = 0;
  }
  for (int l = 0; l < ligand_atoms; ++l) {
    const Atom l_atom = ligand[l];
    const ForceField l_params = forcefield[l_atom.type];
    const bool lhphb_ltz = l_params.hphb < 0;
    const bool lhphb_gtz = l_params.hphb > 0;
    float lpos_x[P], lpos_y[P], lpos_z[P];
    for (int i = 0; i < P; ++i) {
      lpos_x[i] = transform[0][3][i] + l_atom.x * transform[0][0][i] +
                  l_atom.y * transform[0][1][i] + l_atom.z * transform[0][2][i];
      lpos_y[i] = transform[1][3][i] + l_atom.x * transform[1][0][i] +
                  l_atom.y * transform[1][1][i] + l_atom.z * transform[1][2][i];
      lpos_z[i] = transform[2][3][i] + l_atom.x * transform[2][0][i] +
                  l_atom.y * transform[2][1][i] + l_atom.z * transform[2][2][i];
    }
    for (int p = 0; p < protein_atoms; ++p) {
      const Atom p_atom = protein[p];
      const ForceField p_params = forcefield[p_atom.type];
      const float radij = p_params.radius + l_params.radius;
      const float r_radij = 1.0f / radij;
      const float elcdst =
          p_params.hbtype == kHbtypeF && l_params.hbtype == kHbtypeF ? 4.0f
                                                                     : 2.0f;
      const float elcdst1 =
          p_params.hbtype == kHbtypeF && l_params.hbtype == kHbtypeF ? 0.25f
                                                                     : 0.5f;
      const bool type_e =
          p_params.hbtype == kHbtypeE || l_params.hbtype == kHbtypeE;
      const bool phphb_ltz = p_params.hphb < 0;
      const bool phphb_gtz = p_params.hphb > 0;
      const bool phphb_nz = p_params.hphb != 0;
      const float p_hphb =
          p_params.hphb * (phphb_ltz && lhphb_gtz ? -1.0f : 1.0f);
      const float l_hphb =
          l_params.hphb * (phphb_gtz && lhphb_ltz ? -1.0f : 1.0f);
      const float distdslv = phphb_ltz
                                 ? (lhphb_ltz ? kNpnpDistance : kNppDistance)
                                 : (lhphb_ltz ? kNppDistance : -1e30f);
      const float r_distdslv = 1.0f / distdslv;
      const float chrg_init = l_params.elsc * p_params.elsc;
      const float dslv_init = p_hphb + l_hphb;
      for (int i = 0; i < P; ++i) {
        const float x = lpos_x[i] - p_atom.x;
        const float y = lpos_y[i] - p_atom.y;
        const float z = lpos_z[i] - p_atom.z;
        const float distij = sqrtf(x * x + y * y + z * z);
        const float distbb = distij - radij;
        const bool zone1 = distbb < 0.0f;
        etot[i] += (1.0f - distij * r_radij) * (zone1 ? 2 * kHardness : 0.0f);
        float chrg_e = chrg_init * ((zone1 ? 1.0f : 1.0f - distbb * elcdst1) *
                                    (distbb < elcdst ? 1.0f : 0.0f));
        const float neg_chrg_e = -fabsf(chrg_e);
        chrg_e = type_e ? neg_chrg_e : chrg_e;
        etot[i] += chrg_e * kConstant;
        const float coeff = 1.0f - distbb * r_distdslv;
        float dslv_e =
            dslv_init * (distbb < distdslv && phphb_nz ? 1.0f : 0.0f);
        dslv_e *= zone1 ? 1.0f : coeff;
        etot[i] += dslv_e;
      }
    }
  }
  for (int i = 0; i < P; ++i)
    energies[first + i] = etot[i] * kHalf;
}

// A deck of miniBUDE's first benchmark's size (938 protein atoms, 26
// ligand atoms), made up: atoms scattered in a box, poses at random.
struct Deck {
  int protein_atoms = 938, ligand_atoms = 26, types = 34;
  long poses = 65536;
  std::vector<Atom> protein, ligand;
  std::vector<ForceField> forcefield;
  std::vector<float> pose[6];
};

inline float unit(std::uint64_t *seed) {
  *seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
  return static_cast<float>(*seed >> 40) / static_cast<float>(1 << 24);
}

inline Deck make_deck(long poses) {
  Deck d;
  d.poses = poses;
  std::uint64_t seed = 7;
  for (int t = 0; t < d.types; ++t)
    d.forcefield.push_back({t % 3 == 0   ? kHbtypeF
                            : t % 3 == 1 ? kHbtypeE
                                         : 78,
                            1.0f + unit(&seed), unit(&seed) * 2 - 1,
                            unit(&seed) * 2 - 1});
  auto atoms = [&](int count, float box) {
    std::vector<Atom> made(count);
    for (Atom &a : made)
      a = {unit(&seed) * box, unit(&seed) * box, unit(&seed) * box,
           static_cast<int>(unit(&seed) * d.types) % d.types};
    return made;
  };
  d.protein = atoms(d.protein_atoms, 40.0f);
  d.ligand = atoms(d.ligand_atoms, 8.0f);
  for (int k = 0; k < 6; ++k) {
    d.pose[k].resize(poses);
    for (float &v : d.pose[k])
      v = k < 3 ? unit(&seed) * 6.2831853f : unit(&seed) * 32.0f;
  }
  return d;
}

// RUN(deck, repetitions, std::integral_constant<int, P>()) for P = 1, 2,
// 4, 8 and 16, with the poses (default 65,536) and the timed calls (10) of
// the command line.
template <class Run> void for_every_p(int argc, char **argv, Run run) {
  const Deck deck = make_deck(argc > 1 ? std::atol(argv[1]) : 65536L);
  const int repetitions = argc > 2 ? std::atoi(argv[2]) : 10;
  run(deck, repetitions, std::integral_constant<int, 1>());
  run(deck, repetitions, std::integral_constant<int, 2>());
  run(deck, repetitions, std::integral_constant<int, 4>());
  run(deck, repetitions, std::integral_constant<int, 8>());
  run(deck, repetitions, std::integral_constant<int, 16>());
}

} // namespace dock

#endif
