// ferry example: a port of two node kernels of LULESH 2.0 (LLNL's
// Livermore Unstructured Lagrangian Explicit Shock Hydrodynamics proxy
// app), CalcVelocityForNodes and CalcPositionForNodes, written as LULESH
// writes them: a Domain class that keeps its fields in std::vectors behind
// accessor member functions (domain.xd(i)), kernels that take the Domain
// by reference, and the OpenMP pragmas removed.  ferry reads the accessors
// as the members they return, so each field is a buffer of its own.
// The program checks itself against the same steps done serially.
//
// Build: ferry-g++ -O2 lulesh_nodes.cc -o lulesh_nodes
#include <ferry/ferry.hpp>
#include <cmath>
#include <cstdio>
#include <vector>

typedef double Real_t;
typedef int Index_t;

#ifndef LULESH_EDGE
#define LULESH_EDGE 91 // nodes per edge: LULESH's -s 90 mesh
#endif

class Domain {
public:
    explicit Domain(Index_t numNode)
        : m_x(numNode), m_y(numNode), m_z(numNode), m_xd(numNode, 0.0),
          m_yd(numNode, 0.0), m_zd(numNode, 0.0), m_xdd(numNode),
          m_ydd(numNode), m_zdd(numNode), m_numNode(numNode)
    {
        for (Index_t i = 0; i < numNode; ++i) {
            m_x[i] = 0.01 * i;
            m_y[i] = 0.02 * (i % 17);
            m_z[i] = -0.03 * (i % 5);
            m_xdd[i] = 1.0e-3 * ((i % 11) - 5);
            m_ydd[i] = 2.0e-3 * ((i % 7) - 3);
            m_zdd[i] = 1.0e-9 * (i % 3); // below u_cut: clipped
        }
    }

    // Nodal coordinates, velocities and accelerations, LULESH's accessors.
    Real_t &x(Index_t idx) { return m_x[idx]; }
    Real_t &y(Index_t idx) { return m_y[idx]; }
    Real_t &z(Index_t idx) { return m_z[idx]; }
    Real_t &xd(Index_t idx) { return m_xd[idx]; }
    Real_t &yd(Index_t idx) { return m_yd[idx]; }
    Real_t &zd(Index_t idx) { return m_zd[idx]; }
    Real_t &xdd(Index_t idx) { return m_xdd[idx]; }
    Real_t &ydd(Index_t idx) { return m_ydd[idx]; }
    Real_t &zdd(Index_t idx) { return m_zdd[idx]; }
    Index_t numNode() const { return m_numNode; }
    Real_t u_cut() const { return m_u_cut; }

private:
    std::vector<Real_t> m_x, m_y, m_z;
    std::vector<Real_t> m_xd, m_yd, m_zd;
    std::vector<Real_t> m_xdd, m_ydd, m_zdd;
    Index_t m_numNode;
    Real_t m_u_cut = 1.0e-7;
};

[[ferry::kernel]]
void CalcVelocityForNodes(Domain &domain, const Real_t dt, const Real_t u_cut,
                          Index_t numNode)
{
    for (Index_t i = 0; i < numNode; ++i) {
        Real_t xdtmp, ydtmp, zdtmp;

        xdtmp = domain.xd(i) + domain.xdd(i) * dt;
        if (std::fabs(xdtmp) < u_cut) xdtmp = Real_t(0.0);
        domain.xd(i) = xdtmp;

        ydtmp = domain.yd(i) + domain.ydd(i) * dt;
        if (std::fabs(ydtmp) < u_cut) ydtmp = Real_t(0.0);
        domain.yd(i) = ydtmp;

        zdtmp = domain.zd(i) + domain.zdd(i) * dt;
        if (std::fabs(zdtmp) < u_cut) zdtmp = Real_t(0.0);
        domain.zd(i) = zdtmp;
    }
}

[[ferry::kernel]]
void CalcPositionForNodes(Domain &domain, const Real_t dt, Index_t numNode)
{
    for (Index_t i = 0; i < numNode; ++i) {
        domain.x(i) += domain.xd(i) * dt;
        domain.y(i) += domain.yd(i) * dt;
        domain.z(i) += domain.zd(i) * dt;
    }
}

int main()
{
    const Index_t numNode = LULESH_EDGE * LULESH_EDGE * LULESH_EDGE;
    const Real_t dt = 1.0e-2;
    Domain domain(numNode), check(numNode);
    for (int step = 0; step < 10; ++step) {
        CalcVelocityForNodes(domain, dt, domain.u_cut(), domain.numNode());
        CalcPositionForNodes(domain, dt, domain.numNode());
        // The same step on the host, as plain loops.
        for (Index_t i = 0; i < numNode; ++i) {
            Real_t v[3] = {check.xd(i) + check.xdd(i) * dt,
                           check.yd(i) + check.ydd(i) * dt,
                           check.zd(i) + check.zdd(i) * dt};
            for (Real_t &c : v)
                if (std::fabs(c) < check.u_cut())
                    c = 0.0;
            check.xd(i) = v[0];
            check.yd(i) = v[1];
            check.zd(i) = v[2];
            check.x(i) += v[0] * dt;
            check.y(i) += v[1] * dt;
            check.z(i) += v[2] * dt;
        }
    }
    Real_t sum = 0, worst = 0;
    for (Index_t i = 0; i < numNode; ++i) {
        sum += domain.x(i) + domain.y(i) + domain.z(i);
        worst = std::fmax(worst, std::fabs(domain.x(i) - check.x(i)) +
                                     std::fabs(domain.y(i) - check.y(i)) +
                                     std::fabs(domain.z(i) - check.z(i)));
    }
    std::printf("lulesh_nodes: sum of coordinates %.12g\n", sum);
    if (worst > 1e-12) {
        std::printf("lulesh_nodes: differs from the host by %g\n", worst);
        return 1;
    }
    std::printf("lulesh_nodes: OK\n");
    return 0;
}
