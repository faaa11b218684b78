// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Which MPI rank this process is, read from the environment that MPI
// launchers give their processes (mpirun of Open MPI and MPICH, srun,
// MVAPICH2, Cray PALS), so that libferry can pick a GPU per node-local rank
// and name the rank in its messages before, or without, MPI_Init.
#ifndef FERRY_RUNTIME_RANKS_H
#define FERRY_RUNTIME_RANKS_H

#include <string>

namespace ferry::rt {

// The rank in MPI_COMM_WORLD, or -1 outside an MPI launcher.
int world_rank();
// The rank among the processes of this node, or -1 outside an MPI launcher.
int node_local_rank();
// The start of every libferry message: "ferry: ", or "ferry: rank 3: " in an
// MPI job, so that the failing rank of many is named.
const char *message_prefix();

} // namespace ferry::rt

#endif
