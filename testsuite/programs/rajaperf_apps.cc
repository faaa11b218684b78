// The Apps kernels of the benchmark (bench/kernels/apps.hpp).
// { ferry-tolerance 1e-10 }
#include "../../bench/kernels/apps.hpp"

#include <cstdio>

namespace {

// The zones of an nx by ny (by nz) box inside a mesh with a halo of one.
std::vector<rajaperf_like::Index> real_zones(rajaperf_like::Index nx,
                                             rajaperf_like::Index ny,
                                             rajaperf_like::Index nz,
                                             rajaperf_like::Index jp,
                                             rajaperf_like::Index kp)
{
    std::vector<rajaperf_like::Index> zones;
    for (rajaperf_like::Index k = 1; k <= nz; ++k)
        for (rajaperf_like::Index j = 1; j <= ny; ++j)
            for (rajaperf_like::Index i = 1; i <= nx; ++i)
                zones.push_back(i + j * jp + k * kp);
    return zones;
}

} // namespace

int main()
{
    using namespace rajaperf_like;
    DataMaker make;
    const Index n = 1013;

    auto compression = make.make(n), e_old = make.make(n), vnewc = make.make(n);
    std::vector<Real> p_new(n), scratch(n);
    apps::pressure(n, 0.5, 0.0001, 0.01, 0.8, compression.data(),
                   scratch.data(), p_new.data(), e_old.data(), vnewc.data());
    std::printf("PRESSURE %.12Lg\n", checksum(p_new));

    std::vector<Real> e_new(n), q_new(n);
    auto delvc = make.make(n), p_old = make.make(n), q_old = make.make(n),
         work = make.make(n), comp = make.make(n), phalf = make.make(n),
         bvc = make.make(n), pbvc = make.make(n), ql = make.make(n),
         qq = make.make(n);
    for (Index i = 0; i < n; i += 2) // both branches of every test
        delvc[i] = -delvc[i];
    apps::energy(n, apps::EnergyConstants{1.5, 1e-7, -1e15, 1e-7}, e_new.data(),
                 e_old.data(), delvc.data(), p_new.data(), p_old.data(),
                 q_new.data(), q_old.data(), work.data(), comp.data(),
                 phalf.data(), bvc.data(), pbvc.data(), ql.data(), qq.data(),
                 vnewc.data());
    std::printf("ENERGY %.12Lg %.12Lg\n", checksum(e_new), checksum(q_new));

    const Real coeff[apps::fir_coefflen] = {3.0,  -1.0, -1.0, -1.0, -1.0, 3.0,
                                            -1.0, -1.0, -1.0, -1.0, 3.0,  -1.0,
                                            -1.0, -1.0, -1.0, 3.0};
    auto in = make.make(n + apps::fir_coefflen - 1);
    std::vector<Real> out(n);
    apps::fir(n, coeff, in.data(), out.data());
    std::printf("FIR %.12Lg\n", checksum(out));

    const Index nx = 9, ny = 8, nz = 7, jp = nx + 2, kp = jp * (ny + 2);
    const Index length = kp * (nz + 2);
    std::vector<Real> mx(length), my(length), mz(length);
    mesh_positions(nx, ny, nz, jp, kp, mx.data(), my.data(), mz.data());
    std::vector<Real> vol(length);
    apps::vol3d(kp + jp + 1, length - kp - jp - 1, jp, kp, 1.0 / 12.0,
                mx.data(), my.data(), mz.data(), vol.data());
    std::printf("VOL3D %.12Lg\n", checksum(vol));

    const Index length2 = jp * (ny + 2);
    auto zones2 = real_zones(nx, ny, 1, jp, 0); // a 2-D mesh: k plane 0
    std::vector<Real> x2(length2), y2(length2);
    mesh_positions(nx, ny, 0, jp, 0, x2.data(), y2.data(), nullptr);
    auto fx = make.make(length2), fy = make.make(length2);
    std::vector<Real> div(length2);
    apps::del_dot_vec_2d(static_cast<Index>(zones2.size()), length2, jp, 1e-30,
                         0.5, zones2.data(), x2.data(), y2.data(), fx.data(),
                         fy.data(), div.data());
    std::printf("DEL_DOT_VEC_2D %.12Lg\n", checksum(div));

    const Index num_d = 16, num_z = 6, num_g = 5, num_m = 7;
    auto phi = make.make(num_m * num_g * num_z), ell = make.make(num_d * num_m),
         psi = make.make(num_d * num_g * num_z);
    apps::ltimes(num_d, num_z, num_g, num_m, phi.data(), ell.data(),
                 psi.data());
    std::printf("LTIMES %.12Lg\n", checksum(phi));

    auto zones3 = real_zones(nx, ny, nz, jp, kp);
    auto matrix = make.make(27 * length), xv = make.make(length);
    std::vector<Real> b(length);
    apps::matvec_3d_stencil(static_cast<Index>(zones3.size()), length, jp, kp,
                            zones3.data(), matrix.data(), xv.data(), b.data());
    std::printf("MATVEC_3D_STENCIL %.12Lg\n", checksum(b));
}
