// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Which device this process starts on: FERRY_DEVICE's kind and, for a
// GPU or one of FERRY_SIM_DEVICES sim devices, ferry::select_gpu's or
// FERRY_GPU's number, spread over node-local MPI ranks.  Makes the devices
// of the table of targets; the composition root (runtime.cc) keeps them.
#include "devices/device.h"

#include "core/ranks.h"
#include "core/scopes.h"
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

// Which of DEVICES (> 0) GPUs, or sim devices standing for them, this
// process uses: ferry::select_gpu's, else FERRY_GPU's.  Node-local MPI ranks
// spread over the GPUs of their node and share them when they outnumber
// them; otherwise OTHERWISE.  WHO_COUNTS says where DEVICES comes from,
// for the message.
int chosen_gpu(int devices, int requested, const char *who_counts,
               int otherwise) {
  if (requested >= 0)
    return requested % devices;
  const int local_rank = node_local_rank();
  switch (settings().gpu) {
  case GpuChoice::number:
    if (settings().gpu_number >= devices)
      no_gpu("FERRY_GPU=" + std::to_string(settings().gpu_number) +
             ", but " + who_counts + " " + std::to_string(devices) +
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
  return otherwise;
}

ChosenDevice open_gpu(int devices, int requested, Launcher &launcher) {
  const int number = chosen_gpu(devices, requested, "OpenMP reports",
                                omp_get_default_device());
  {
    // The program's own target regions go to the same GPU: ferry's call,
    // not the program's (hooks/openmp_hooks.cc).
    RuntimeScope ours;
    omp_set_default_device(number);
  }
  return {make_openmp_device(number, launcher), number, devices};
}

// Whether the process's targets are GPUs.
bool on_gpus() {
  switch (settings().device) {
  case DeviceKind::gpu:
    return true;
  case DeviceKind::automatic:
    return omp_get_num_devices() > 0;
  default:
    return false;
  }
}

} // namespace

ChosenDevice choose_device(int requested_gpu, Launcher &launcher) {
  const int devices = omp_get_num_devices();
  switch (settings().device) {
  case DeviceKind::host:
    return {make_host_device(), 0, 1};
  case DeviceKind::sim: {
    // Chosen as a GPU would be, so that the sim device tests a process on
    // its node's second GPU (FERRY_GPU=1, a second MPI rank); else the
    // first (OpenMP's default device names libgomp's devices, not these).
    const int count = settings().sim_devices;
    const int number =
        chosen_gpu(count, requested_gpu, "FERRY_SIM_DEVICES stands for", 0);
    return {make_device(number, launcher), number, count};
  }
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
  return {make_host_device(), 0, 1};
}

std::unique_ptr<Device> make_device(int number, Launcher &launcher) {
  if (on_gpus())
    return make_openmp_device(number, launcher);
  if (settings().device == DeviceKind::sim)
    return make_sim_device(number, settings().sim_devices,
                           settings().sim_memory);
  return make_host_device();
}

} // namespace ferry::rt
