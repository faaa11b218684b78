// The port in examples/ports/hpcg_cg.cc, checked like every program: its
// answers on the host, on the sim device and on a GPU against its serial
// build.
// { dg-options "-std=c++20" }
// { ferry-tolerance 1e-9 }
#include "../../examples/ports/hpcg_cg.cc"
