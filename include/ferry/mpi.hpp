// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// ferry with MPI: one GPU per rank.
//
//   MPI_Init(&argc, &argv);
//   ferry::mpi::select_gpu();   // before the first kernel
//
// The ranks of a node spread over its GPUs, and share them when they
// outnumber them.  Without this call libferry picks the GPU from the
// node-local rank that the MPI launcher puts in the environment
// (FERRY_GPU, doc/mpi.md); this call asks MPI itself, so it
// also works under launchers ferry does not know.
#ifndef FERRY_MPI_HPP
#define FERRY_MPI_HPP

#include <ferry/ferry.hpp>

#include <mpi.h>

namespace ferry::mpi {

// This process's rank among the ranks of COMM on its node.
inline int node_local_rank(MPI_Comm comm = MPI_COMM_WORLD) {
  MPI_Comm node;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int rank = 0;
  MPI_Comm_rank(node, &rank);
  MPI_Comm_free(&node);
  return rank;
}

// ferry::select_gpu(node_local_rank(COMM)).
inline void select_gpu(MPI_Comm comm = MPI_COMM_WORLD) {
  ferry::select_gpu(node_local_rank(comm));
}

} // namespace ferry::mpi

#endif // FERRY_MPI_HPP
