// The port in examples/ports/lulesh_nodes.cc (a Domain class with accessor
// member functions), checked like every program on a smaller mesh: its
// answers on the host, on the sim device and on a GPU against its serial
// build.
#define LULESH_EDGE 21
#include "../../examples/ports/lulesh_nodes.cc"
