// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See ranks.h.
#include "core/ranks.h"

#include <cstdlib>
#include <initializer_list>

namespace ferry::rt {

namespace {

// The first of VARIABLES that holds a non-negative number.
int first_number(std::initializer_list<const char *> variables) {
  for (const char *variable : variables) {
    const char *text = std::getenv(variable);
    if (!text || !*text)
      continue;
    char *end = nullptr;
    const long value = std::strtol(text, &end, 10);
    if (!*end && value >= 0 && value < (1L << 30))
      return static_cast<int>(value);
  }
  return -1;
}

} // namespace

int world_rank() {
  static const int rank =
      first_number({"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK",
                    "MV2_COMM_WORLD_RANK", "PALS_RANKID", "SLURM_PROCID"});
  return rank;
}

int node_local_rank() {
  static const int rank = first_number(
      {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID",
       "MV2_COMM_WORLD_LOCAL_RANK", "PALS_LOCAL_RANKID", "SLURM_LOCALID"});
  return rank;
}

const char *message_prefix() {
  // Never destroyed (lasting.h): messages may come after main.
  static const std::string &prefix = *new std::string(
      world_rank() < 0 ? std::string("ferry: ")
                       : "ferry: rank " + std::to_string(world_rank()) + ": ");
  return prefix.c_str();
}

} // namespace ferry::rt
