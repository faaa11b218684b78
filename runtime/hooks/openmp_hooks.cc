// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The program's choice of its OpenMP default device, which ferry's kernels
// follow, and the number of devices it may choose from (the sim device's
// under FERRY_DEVICE=sim with FERRY_SIM_DEVICES set).  The OpenMP calls
// that put work on the GPU's default stream or free device memory, seen
// by libferry: ferry's own copies and OpenMP regions, and the program's
// own target constructs and omp_target_memcpy.  During
// a run of a ferry::launch_graph the direct launcher may hold kernels back
// (runtime/nvptx/launch_graphs.h); each of these launches them first, so
// that the work lands after them, as the program ordered it.  Then each
// goes on to libgomp's definition.  Outside a run the cost is one atomic
// load.
//
// And the registration of the program's offload images, which the vendor
// launchers keep for the direct path, and which libgomp gets only when the
// first OpenMP construct that may need them comes (FERRY_DEFER_IMAGES;
// nvptx images of OpenMP code only):
// libgomp loads every image into every device it opens, and on NVIDIA that
// is the driver compiling all of the image's PTX, 1.6 s on a cold JIT
// cache for XSBench ported, in a program whose kernels may all take the
// direct path and never run any of it.  An image registered once a device
// is open is loaded into it then (GCC 12's GOMP_offload_register_ver).
// libgomp gets each image without the direct entries, which it never
// runs (Launcher::image_for_libgomp).
//
// And, for the program's own data constructs and regions: the sections
// they map, which residency/program_maps.h keeps for the regions ferry runs
// as kernels, the host bytes of those sections taken out of ferry's
// residency before libgomp maps them, and the time each takes
// (FERRY_STATS's ferry-openmp line), and the blocks of device memory the
// program's own omp_target_alloc gives it, on which ferry runs the target
// loops that name them in is_device_ptr clauses.
#include "hooks/interposer.h"

#include "abi.h"
#include "core/settings.h"
#include "core/stats.h"
#include "devices/launcher.h"
#include "residency/program_maps.h"
#include "residency/transfers.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

using ferry::rt::LibraryCall;
using ferry::rt::hooks::next;

namespace {

using Register = void (*)(unsigned, const void *, int, const void *);

struct Image {
  unsigned version;
  const void *host_table;
  int target_type;
  const void *target_data;
  bool operator==(const Image &other) const {
    return version == other.version && host_table == other.host_table &&
           target_type == other.target_type && target_data == other.target_data;
  }
};

// The images registered and not yet passed on to libgomp, in order.
class HeldImages {
public:
  // Holds IMAGE back where it is DEFERRABLE, or passes it on at once.
  void add(const Image &image, bool deferrable) {
    std::lock_guard<std::mutex> lock(mutex_);
    ferry::rt::count_image_registered();
    const bool defer = ferry::rt::settings().defer_images;
    if (forwarded_.load(std::memory_order_relaxed) || !defer || !deferrable) {
      ferry::rt::count_images_given(1, !defer ? "FERRY_DEFER_IMAGES=0"
                                       : !deferrable
                                           ? "not an OpenMP nvptx image"
                                           : "");
      pass_on(image);
      return;
    }
    held_.push_back(image);
  }

  // Passes every held image on before WHAT, the first construct that may
  // need them; after that, one atomic load.  Not in a forked child of a
  // process that had opened its device: libgomp would load them into the
  // parent's device, whose driver state does not work here (and hangs),
  // and the child's kernels run on the host.
  void release(const char *what) {
    if (forwarded_.load(std::memory_order_acquire) ||
        ferry::rt::device_inherited_at_fork())
      return;
    std::lock_guard<std::mutex> lock(mutex_);
    if (forwarded_.load(std::memory_order_relaxed))
      return;
    ferry::rt::count_images_given(held_.size(), std::string("before ") + what);
    for (const Image &image : held_)
      pass_on(image);
    held_.clear();
    forwarded_.store(true, std::memory_order_release);
  }

  // Whether one of the COUNT ADDRESSES lies in a declare target variable
  // of a held image, from its host table (GCC's __offload_func_table,
  // __offload_funcs_end, __offload_var_table, __offload_vars_end; the
  // variables as address and size pairs, the size's top bit marking
  // `declare target link`).
  bool declares(std::size_t count, void *const *addresses) {
    if (forwarded_.load(std::memory_order_acquire))
      return false;
    std::lock_guard<std::mutex> lock(mutex_);
    for (const Image &image : held_) {
      const auto *table =
          static_cast<const std::uintptr_t *const *>(image.host_table);
      for (const std::uintptr_t *pair = table[2]; pair + 1 < table[3];
           pair += 2) {
        const std::uintptr_t size = pair[1] & (~std::uintptr_t(0) >> 1);
        for (std::size_t i = 0; i < count; ++i) {
          const auto at = reinterpret_cast<std::uintptr_t>(addresses[i]);
          if (at >= pair[0] && at - pair[0] < size)
            return true;
        }
      }
    }
    return false;
  }

  // Whether IMAGE was still held: then it is dropped, and libgomp, which
  // never saw it, must not be told to unload it.
  bool drop(const Image &image) {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto found = std::find(held_.begin(), held_.end(), image);
    if (found == held_.end())
      return false;
    held_.erase(found);
    return true;
  }

private:
  static void pass_on(const Image &image) {
    static const auto real = next<Register>("GOMP_offload_register_ver");
    if (real)
      real(image.version, image.host_table, image.target_type,
           ferry::rt::direct_launcher().image_for_libgomp(
               image.version, image.target_type, image.target_data));
  }

  std::mutex mutex_;
  std::atomic<bool> forwarded_{false};
  std::vector<Image> held_;
};

// Never destroyed: images are unregistered by destructors at exit.
HeldImages &held_images() {
  static HeldImages *images = new HeldImages;
  return *images;
}

// libgomp's devices, whatever the program is told.
int libgomp_devices() {
  static auto real = next<int (*)()>("omp_get_num_devices");
  return real();
}

// Before a copy or a free: the launch graph's held kernels first.
void before_openmp(const char *what) {
  ferry::rt::direct_launcher().submit_held(what);
}

// Every region ferry-g++ compiles keeps ferry's larger per-lane stack
// reserve (-msoft-stack-reserve-local), the program's own regions too: a
// `target parallel for simd` of a program without ferry kernels stopped
// with an illegal memory access.  So before libgomp runs the first
// construct on the default device, the launcher shares that device's
// context with it and raises its stack limit, as when a ferry kernel
// opens the device first (Launcher::prepare_context).
void prepare_default_device(int device) {
  // After the first, one atomic load: every launch on FERRY_LAUNCH=omp
  // comes here.
  static std::atomic<bool> prepared{false};
  if (prepared.load(std::memory_order_acquire) ||
      ferry::rt::device_inherited_at_fork())
    return;
  constexpr int kDeviceIcv = -1; // GOMP_DEVICE_ICV: the default device
  const int number = device == kDeviceIcv ? omp_get_default_device() : device;
  if (number != omp_get_default_device() || number < 0 ||
      number >= libgomp_devices())
    return;
  static std::once_flag once;
  std::call_once(once, [number] {
    ferry::rt::direct_launcher().prepare_context(number);
    prepared.store(true, std::memory_order_release);
  });
}

// Before a construct on DEVICE that runs code or maps memory: libgomp
// needs the images for a region on a device, or for a map of a declare
// target variable (whose device copy is in the image), and for nothing
// else: not for a construct whose `if` is false (DEVICE is then
// GOMP_DEVICE_HOST_FALLBACK, and it runs on the host).  A program that
// maps its arrays with data constructs and runs every loop as a ferry
// kernel never has libgomp load them (TeaLeaf, whose halo updates run on
// the host with `if (is_offload)` false while it sets up: the driver
// compiling 819 KB of PTX on a cold JIT cache, 3 s).  COUNT ADDRESSES:
// the construct's maps, none for a region.
void before_construct(const char *what, int device, std::size_t count = 0,
                      void *const *addresses = nullptr) {
  constexpr int kHostFallback = -2; // GOMP_DEVICE_HOST_FALLBACK
  prepare_default_device(device);
  if (device != kHostFallback &&
      (!addresses || held_images().declares(count, addresses)))
    held_images().release(what);
  before_openmp(what);
}

// The host bytes a program's construct maps leave ferry's residency before
// libgomp sees them: what ferry's kernels left on the device comes back,
// and the device copy is dropped.  libgomp knows each resident copy
// (omp_target_associate_ptr, for the kernels' own regions), so a region
// on GCC's path would find its `map(tofrom: z)` present: no copy in, none
// back, and its writes in ferry's copy unknown to ferry (the host kept
// the old z on a GPU).  Released, the construct copies as OpenMP says,
// and the next kernel uploads again.  Called outside libgomp: a guarded
// page read inside libgomp's locks would fault into a copy that waits for
// the same locks (a program's region after a kernel on the same array
// hung on the H200).  A kernel's own region (inside its launch) and
// libferry's own constructs map what the launch made current already.
void release_mapped_host(std::size_t count, void *const *addresses,
                         const std::size_t *sizes,
                         const unsigned short *kinds) {
  if (ferry::rt::launches_open() > 0 || ferry::rt::inside_runtime() > 0)
    return;
  for (std::size_t i = 0; i < count; ++i)
    if (addresses[i] && sizes[i] && ferry::rt::is_data_map_kind(kinds[i]) &&
        ferry::rt::handed_range_resident(addresses[i], sizes[i]))
      ferry::rt::host_access().release_range(addresses[i], sizes[i]);
}

// The wall-clock time of one of the program's own constructs in its hook,
// for FERRY_STATS's ferry-openmp line; nothing for ferry's own (a kernel's
// OpenMP region, libferry's copies), nor without FERRY_STATS.
class ConstructTimer {
public:
  ConstructTimer(ferry::rt::OpenmpConstruct kind, bool begins)
      : kind_(kind), begins_(begins),
        timed_(ferry::rt::settings().stats &&
               ferry::rt::launches_open() == 0 &&
               ferry::rt::inside_runtime() == 0) {
    if (timed_)
      start_ = std::chrono::steady_clock::now();
  }
  ~ConstructTimer() {
    if (timed_)
      ferry::rt::count_openmp_construct(
          kind_, begins_,
          std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                        start_)
              .count());
  }
  ConstructTimer(const ConstructTimer &) = delete;
  ConstructTimer &operator=(const ConstructTimer &) = delete;

private:
  const ferry::rt::OpenmpConstruct kind_;
  const bool begins_;
  const bool timed_;
  std::chrono::steady_clock::time_point start_;
};

} // namespace

// The program chooses its default device: ferry's kernels follow it from
// now on, each thread its own, as OpenMP's constructs do (runtime.h,
// current_target).  ferry's own calls (the device it starts on) are not
// the program's choice.
FERRY_HOOK void omp_set_default_device(int number) {
  static auto real = next<void (*)(int)>("omp_set_default_device");
  if (ferry::rt::inside_runtime() == 0)
    ferry::rt::program_chose_default_device();
  real(number);
}

// The sim device stands for FERRY_SIM_DEVICES GPUs: where that is set, a
// program that counts its devices (a host thread each, `device(n)` for n
// below the count) runs there as on a node with as many.  Its regions on
// GCC's path still run on the host, as libgomp, without a device of that
// number, runs them; so a test that asks whether such a region ran on a
// device (OpenMP_VV's) is told there is none where FERRY_SIM_DEVICES is
// unset.
FERRY_HOOK int omp_get_num_devices(void) {
  const ferry::rt::Settings &settings = ferry::rt::settings();
  if (ferry::rt::inside_runtime() == 0 &&
      settings.device == ferry::rt::DeviceKind::sim && settings.sim_devices_set)
    return settings.sim_devices;
  return libgomp_devices();
}

FERRY_HOOK void GOMP_target_ext(int device, void (*region)(void *),
                                std::size_t count, void **addresses,
                                std::size_t *sizes, unsigned short *kinds,
                                unsigned flags, void **depend, void **args) {
  ConstructTimer timer(ferry::rt::OpenmpConstruct::region, true);
  release_mapped_host(count, addresses, sizes, kinds);
  LibraryCall call; // runtime.h: in libgomp's locks
  static auto real =
      next<void (*)(int, void (*)(void *), std::size_t, void **, std::size_t *,
                    unsigned short *, unsigned, void **, void **)>(
          "GOMP_target_ext");
  before_construct("an OpenMP target region", device);
  real(device, region, count, addresses, sizes, kinds, flags, depend, args);
}

FERRY_HOOK void GOMP_target_data_ext(int device, std::size_t count,
                                     void **addresses, std::size_t *sizes,
                                     unsigned short *kinds) {
  ConstructTimer timer(ferry::rt::OpenmpConstruct::data, true);
  release_mapped_host(count, addresses, sizes, kinds);
  LibraryCall call; // runtime.h: in libgomp's locks
  static auto real = next<void (*)(int, std::size_t, void **, std::size_t *,
                                   unsigned short *)>("GOMP_target_data_ext");
  before_construct("an OpenMP target data construct", device, count, addresses);
  real(device, count, addresses, sizes, kinds);
  ferry::rt::begin_data_maps(count, addresses, sizes, kinds);
}

FERRY_HOOK void GOMP_target_end_data(void) {
  ConstructTimer timer(ferry::rt::OpenmpConstruct::data, false);
  LibraryCall call; // runtime.h: in libgomp's locks
  static auto real = next<void (*)(void)>("GOMP_target_end_data");
  before_openmp("the end of an OpenMP target data construct");
  ferry::rt::end_data_maps();
  real();
}

FERRY_HOOK void GOMP_target_update_ext(int device, std::size_t count,
                                       void **addresses, std::size_t *sizes,
                                       unsigned short *kinds, unsigned flags,
                                       void **depend) {
  ConstructTimer timer(ferry::rt::OpenmpConstruct::update, true);
  release_mapped_host(count, addresses, sizes, kinds);
  LibraryCall call; // runtime.h: in libgomp's locks
  static auto real =
      next<void (*)(int, std::size_t, void **, std::size_t *, unsigned short *,
                    unsigned, void **)>("GOMP_target_update_ext");
  before_construct("an OpenMP target update", device, count, addresses);
  real(device, count, addresses, sizes, kinds, flags, depend);
}

FERRY_HOOK void GOMP_target_enter_exit_data(int device, std::size_t count,
                                            void **addresses,
                                            std::size_t *sizes,
                                            unsigned short *kinds,
                                            unsigned flags, void **depend) {
  ConstructTimer timer(ferry::rt::OpenmpConstruct::enter_exit, true);
  release_mapped_host(count, addresses, sizes, kinds);
  LibraryCall call; // runtime.h: in libgomp's locks
  static auto real =
      next<void (*)(int, std::size_t, void **, std::size_t *, unsigned short *,
                    unsigned, void **)>("GOMP_target_enter_exit_data");
  before_construct("an OpenMP target enter or exit data construct", device,
                   count, addresses);
  real(device, count, addresses, sizes, kinds, flags, depend);
  constexpr unsigned kExitData = 1u << 1; // GOMP_TARGET_FLAG_EXIT_DATA
  ferry::rt::enter_exit_maps(count, addresses, sizes, kinds,
                             (flags & kExitData) != 0);
}

FERRY_HOOK int omp_target_memcpy(void *destination, const void *source,
                                 std::size_t bytes,
                                 std::size_t destination_offset,
                                 std::size_t source_offset,
                                 int destination_device, int source_device) {
  LibraryCall call; // runtime.h: in libgomp's locks
  static auto real =
      next<int (*)(void *, const void *, std::size_t, std::size_t, std::size_t,
                   int, int)>("omp_target_memcpy");
  before_openmp("a copy between host and device");
  return real(destination, source, bytes, destination_offset, source_offset,
              destination_device, source_device);
}

FERRY_HOOK int omp_target_memcpy_rect(void *destination, const void *source,
                                      std::size_t element_size, int dimensions,
                                      const std::size_t *volume,
                                      const std::size_t *destination_offsets,
                                      const std::size_t *source_offsets,
                                      const std::size_t *destination_dimensions,
                                      const std::size_t *source_dimensions,
                                      int destination_device,
                                      int source_device) {
  LibraryCall call; // runtime.h: in libgomp's locks
  static auto real =
      next<int (*)(void *, const void *, std::size_t, int, const std::size_t *,
                   const std::size_t *, const std::size_t *,
                   const std::size_t *, const std::size_t *, int, int)>(
          "omp_target_memcpy_rect");
  before_openmp("a copy between host and device");
  return real(destination, source, element_size, dimensions, volume,
              destination_offsets, source_offsets, destination_dimensions,
              source_dimensions, destination_device, source_device);
}

// The program's own blocks of device memory, which its target loops may
// name in is_device_ptr clauses (residency/program_maps.h); libferry's
// copies are its own.
FERRY_HOOK void *omp_target_alloc(std::size_t bytes, int device) {
  LibraryCall call; // runtime.h: in libgomp's locks
  static auto real = next<void *(*)(std::size_t, int)>("omp_target_alloc");
  void *memory = real(bytes, device);
  if (ferry::rt::inside_runtime() == 0 && ferry::rt::own_allocations() == 0)
    ferry::rt::program_block_allocated(memory, bytes, device);
  return memory;
}

FERRY_HOOK void omp_target_free(void *memory, int device) {
  LibraryCall call; // runtime.h: in libgomp's locks
  static auto real = next<void (*)(void *, int)>("omp_target_free");
  before_openmp("device memory is freed");
  if (ferry::rt::program_block_freed(memory).associated)
    omp_target_disassociate_ptr(memory, device);
  real(memory, device);
}

// A declare target variable is present once its image is loaded; other
// memory (libferry asks of every buffer) needs no image.
FERRY_HOOK int omp_target_is_present(const void *pointer, int device) {
  LibraryCall call; // runtime.h: in libgomp's locks
  static auto real = next<int (*)(const void *, int)>("omp_target_is_present");
  // A block libferry made present for its kernels' regions is not
  // present to the program, which never mapped it.
  if (ferry::rt::program_block_at(pointer, device).associated)
    return 0;
  void *const address = const_cast<void *>(pointer);
  if (held_images().declares(1, &address))
    held_images().release("omp_target_is_present of a declare target variable");
  return real(pointer, device);
}

// GCC's offload constructors call this before main, once per offload image
// of the program and its libraries: the vendor launchers keep their images,
// and libgomp gets them before the first construct that may need them.
FERRY_HOOK void GOMP_offload_register_ver(unsigned version,
                                          const void *host_table,
                                          int target_type,
                                          const void *target_data) {
  LibraryCall call; // runtime.h: in libgomp's locks
  const bool deferrable = ferry::rt::direct_launcher().image_registered(
      version, target_type, target_data);
  held_images().add({version, host_table, target_type, target_data},
                    deferrable);
}

// Their destructors call this at exit, or at dlclose of a library.
FERRY_HOOK void GOMP_offload_unregister_ver(unsigned version,
                                            const void *host_table,
                                            int target_type,
                                            const void *target_data) {
  LibraryCall call; // runtime.h: in libgomp's locks
  static const auto real = next<Register>("GOMP_offload_unregister_ver");
  if (!held_images().drop({version, host_table, target_type, target_data}) &&
      real)
    real(version, host_table, target_type,
         ferry::rt::direct_launcher().image_for_libgomp(version, target_type,
                                                        target_data));
}
