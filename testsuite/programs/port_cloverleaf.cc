// The port in examples/ports/cloverleaf.cc, checked like every program: its
// answers on the host, on the sim device and on a GPU against its serial
// build.
// { ferry-tolerance 1e-12 }
#include "../../examples/ports/cloverleaf.cc"
