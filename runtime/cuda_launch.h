// The direct launch path on NVIDIA: the plugin's per-loop device entries
// (plugin/lower_direct.cc), linked and launched through the CUDA driver API.
//
// libcuda is opened at run time (dlopen), so building ferry needs no CUDA
// SDK and a machine without a GPU never loads it.  The PTX comes from the
// program itself: libferry interposes GOMP_offload_register_ver, which the
// constructor that GCC's mkoffload adds to every offloading executable calls
// with the offload image, and passes the call on to libgomp.  All PTX
// objects of the image are linked into one module, as libgomp links them.
//
// One CUDA context is shared by libgomp, ferry and cudart/cuBLAS: ferry
// makes the device's primary context current before libgomp opens the
// device (libgomp adopts a current context), and launches on the legacy
// default stream, which orders them with libgomp's copies and kernels.
// Launches are asynchronous; reductions wait for their result.
#ifndef FERRY_RUNTIME_CUDA_LAUNCH_H
#define FERRY_RUNTIME_CUDA_LAUNCH_H

#include <cstddef>
#include <string>

namespace ferry::rt::cuda {

// Called before libgomp opens OpenMP device DEVICE_NUMBER: makes the
// primary context of that GPU current on this thread.  Does nothing when
// the direct path is off or libcuda is missing.
void prepare_context(int device_number);

// One parameter of an entry: the address of its value; for an object or a
// reduction variable also its size, since the entry gets the address of a
// device copy (and a reduction's comes back after the launch).
struct Argument {
  enum class Kind { value, object, reduction };
  const void *value = nullptr;
  std::size_t size = 0;
  Kind kind = Kind::value;
};

// Launches ENTRY over TOTAL iterations with ARGUMENTS; REQUESTED_BLOCKS and
// REQUESTED_THREADS are the kernel attribute's (0: one thread per
// iteration, 256 per block).  Returns false, with the reason in *WHY, when
// the entry cannot be launched (no libcuda, no PTX, the entry needs a stack
// frame, ...); the caller then runs the OpenMP region.  A failure after the
// launch was attempted stops the program with the driver's message.
bool launch(const char *entry, const Argument *arguments, unsigned count,
            unsigned long long total, int requested_blocks,
            int requested_threads, std::string *why);

// Blocks until every entry launched so far has finished.
void wait();

// Whether DEVICE_POINTER is memory of the context that the entries run in.
bool addresses_context_memory(const void *device_pointer);

// Sets BYTES bytes at DEVICE_POINTER to VALUE (cuMemsetD8); false when the
// driver cannot (no libcuda, or memory of another context).
bool fill(void *device_pointer, unsigned char value, std::size_t bytes);

} // namespace ferry::rt::cuda

#endif
