// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Which device this process uses: FERRY_DEVICE's kind and, for a GPU,
// ferry::select_gpu's or FERRY_GPU's number, spread over node-local MPI
// ranks.  Makes the device; the composition root (runtime.cc) keeps it.
#include "devices/device.h"

#include "core/ranks.h"
#include "core/settings.h"

#include <omp.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace ferry::rt {

namespace {

[[noreturn]] void no_gpu(const std::string &why) {
  std::fprintf(stderr, "%s%s\n", message_prefix(), why.c_str());
  std::exit(EXIT_FAILURE);
}

// Which of DEVICES (> 0) GPUs this process uses: ferry::select_gpu's, else
// FERRY_GPU's.  Node-local MPI ranks spread over the GPUs of their node and
// share them when they outnumber them.
int chosen_gpu(int devices, int requested) {
  if (requested >= 0)
    return requested % devices;
  const int local_rank = node_local_rank();
  switch (settings().gpu) {
  case GpuChoice::number:
    if (settings().gpu_number >= devices)
      no_gpu("FERRY_GPU=" + std::to_string(settings().gpu_number) +
             ", but OpenMP reports " + std::to_string(devices) +
             " GPU(s), numbered from 0");
    return settings().gpu_number;
  case GpuChoice::local_rank:
    if (local_rank < 0)
      no_gpu("FERRY_GPU=local-rank, but no MPI launcher set a node-local "
             "rank (OMPI_COMM_WORLD_LOCAL_RANK, MPI_LOCALRANKID, "
             "SLURM_LOCALID, ...); call ferry::select_gpu instead");
    return local_rank % devices;
  case GpuChoice::automatic:
    break;
  }
  if (local_rank >= 0 && !std::getenv("OMP_DEFAULT_DEVICE"))
    return local_rank % devices;
  return omp_get_default_device();
}

std::unique_ptr<Device> open_gpu(int devices, int requested,
                                 Launcher &launcher) {
  const int number = chosen_gpu(devices, requested);
  // The program's own target regions go to the same GPU.
  omp_set_default_device(number);
  return make_openmp_device(number, launcher);
}

} // namespace

std::unique_ptr<Device> choose_device(int requested_gpu, Launcher &launcher) {
  const int devices = omp_get_num_devices();
  switch (settings().device) {
  case DeviceKind::host:
    return make_host_device();
  case DeviceKind::sim:
    return make_sim_device(settings().sim_memory);
  case DeviceKind::gpu:
    if (devices == 0)
      no_gpu("FERRY_DEVICE=gpu, but OpenMP reports no offload device (is "
             "libgomp-plugin-nvptx installed and the GPU visible?)");
    return open_gpu(devices, requested_gpu, launcher);
  case DeviceKind::automatic:
    break;
  }
  if (devices > 0)
    return open_gpu(devices, requested_gpu, launcher);
  return make_host_device();
}

} // namespace ferry::rt
