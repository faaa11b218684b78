// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Run-time settings of libferry, read once from the environment.
//
// Every FERRY_* variable is read here and nowhere else, so the set of
// settings and their defaults is one list.  A value that is not understood
// stops the program with a message, and a FERRY_* variable that no part of
// ferry reads gets a warning naming the closest setting: a typo must not
// silently select another mode.
#ifndef FERRY_RUNTIME_SETTINGS_H
#define FERRY_RUNTIME_SETTINGS_H

namespace ferry::rt {

enum class DeviceKind {
  automatic, // the OpenMP default device if there is one, else the host
  gpu,       // an OpenMP offload device; an error if none is available
  host,      // run kernels on the host, on the host's memory
  sim        // run kernels on the host, on separate "device" memory
};

// Where the correctness of host access to resident buffers comes from.
enum class Coherence {
  pages,   // the run time: host pages of device-newer data are protected,
           // clean ones read-only, and a fault copies back or marks stale
  compiler // only the syncs the plugin inserts (and the API's)
};

enum class LaunchPath {
  automatic, // the direct launch where it can be taken, else OpenMP
  direct,    // the direct launch; on a GPU, a kernel that cannot take it is
             // an error
  omp        // always the OpenMP target region
};

// Which GPU of several this process uses (FERRY_GPU).
enum class GpuChoice {
  automatic, // the node-local MPI rank's, if a launcher set one (unless
             // OMP_DEFAULT_DEVICE is set), else the OpenMP default device
  number,    // Settings::gpu_number
  local_rank // the node-local MPI rank's; an error outside an MPI launcher
};

struct Settings {
  bool residency = true; // FERRY_RESIDENCY: keep buffers on the device
  bool stats = false;    // FERRY_STATS: print the ferry-stats line at exit
  bool check = false;    // FERRY_CHECK: trap host access to stale memory
  bool trace = false;    // FERRY_TRACE: print every copy as it happens
  // FERRY_DEFER_IMAGES: libgomp gets the offload images only before the
  // first OpenMP construct that may need them (hooks/openmp_hooks.cc)
  bool defer_images = true;
  // FERRY_PINNED_COPIES: page-lock large resident buffers, so that copies
  // reach them, closed or not, by DMA (residency/resident_transfers.cc)
  bool pinned_copies = true;
  // FERRY_HUGE_PAGES: ask for transparent huge pages on the large buffers
  // it page-locks, where the kernel gives them on request (pages/page_guard.h)
  bool huge_pages = true;
  // FERRY_SMALL_BLOCKS: heap blocks under a page come from libferry's own
  // allocator while pages are guarded (pages/small_blocks.h)
  bool small_blocks = true;
  // FERRY_PEER_COPIES: a buffer moves between two targets by a copy
  // between their devices, where they can make one; 0: through the host
  // (residency/resident_transfers.cc, come_to)
  bool peer_copies = true;
  // FERRY_CLOCKS_WAIT: the program's read of a wall clock waits for the
  // direct launches still running, as if each had returned when done
  // (hooks/clock_hooks.cc)
  bool clocks_wait = true;
  DeviceKind device = DeviceKind::automatic; // FERRY_DEVICE
  LaunchPath launch = LaunchPath::automatic; // FERRY_LAUNCH
  Coherence coherence = Coherence::pages;    // FERRY_COHERENCE
  GpuChoice gpu = GpuChoice::automatic;      // FERRY_GPU
  int gpu_number = 0;                        // FERRY_GPU=N
  // FERRY_SIM_MEMORY: bytes the sim device can hold (0: unlimited), to test
  // eviction and running out of device memory
  unsigned long long sim_memory = 0;
  // FERRY_SIM_DEVICES: how many GPUs FERRY_DEVICE=sim stands for, each
  // with memory of its own, so that tests see buffers move between them;
  // set, it is also what omp_get_num_devices() answers the program
  int sim_devices = 1;
  bool sim_devices_set = false;
  // FERRY_GEOMETRY=TEAMSxTHREADS: fixed geometry for every region (0: none)
  int geometry_teams = 0;
  int geometry_gpu_threads = 0;
};

// The settings of this process.  The first call reads the environment.
const Settings &settings();

// Reads the flag VARIABLE into *OUT where it is set, stopping the program
// with a message where its value is not one; for the settings of a
// vendor's folder (nvptx/nvptx_settings.h).
void read_flag(const char *variable, bool *out);

// Parses one setting; exposed for the unit tests.  Returns false and leaves
// *out alone when TEXT is not a valid value.
bool parse_flag(const char *text, bool *out);
bool parse_device_kind(const char *text, DeviceKind *out);
bool parse_launch_path(const char *text, LaunchPath *out);
bool parse_coherence(const char *text, Coherence *out);
// "auto", "local-rank" or a GPU number N (sets *NUMBER).
bool parse_gpu_choice(const char *text, GpuChoice *out, int *number);
// Parses "TEAMSxTHREADS" (GPU threads), as FERRY_GEOMETRY holds it.
bool parse_geometry(const char *text, int *teams, int *gpu_threads);
// FERRY_SIM_DEVICES: 1 to kMostSimDevices.
constexpr int kMostSimDevices = 16; // as bad_setting says
bool parse_sim_devices(const char *text, int *out);
// A count of bytes: digits only, within unsigned long long.
bool parse_byte_count(const char *text, unsigned long long *out);
// Whether NAME (FERRY_...) is read by libferry or set by ferry's tools.
bool is_ferry_variable(const char *name);
// The setting of libferry closest to NAME, a FERRY_* variable it does not
// read, when a few letters tell them apart; nullptr if none is.
const char *closest_setting(const char *name);

} // namespace ferry::rt

#endif
