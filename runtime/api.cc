// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The C++ API of <ferry/ferry.hpp>.
#include <ferry/ferry.hpp>

#include "abi.h"
#include "core/ranks.h"
#include "devices/device.h"
#include "devices/launcher.h"
#include "devices/target.h"
#include "launch/alias_check.h"
#include "launch/frames.h"
#include "pages/heap_blocks.h"
#include "pages/page_guard.h"
#include "residency/transfers.h"
#include "runtime.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace ferry {

static_assert(static_cast<int>(access::read) == FERRY_HOST_READS &&
                  static_cast<int>(access::write) == FERRY_HOST_WRITES &&
                  static_cast<int>(access::overwrite) == FERRY_HOST_OVERWRITES,
              "ferry::access must match enum ferry_host_access");

std::string device_name() { return rt::current_target().device->describe(); }

void select_gpu(int index) {
  if (index < 0)
    throw std::invalid_argument("ferry::select_gpu: the GPU index " +
                                std::to_string(index) + " is negative");
  rt::select_target(index);
}

int openmp_device() {
  return rt::current_target().device->openmp_device_number();
}

void sync_all() { rt::host_access().sync_all(); }

void wait() { rt::direct_launcher().wait(); }

void set_alias_action(alias_action action) {
  rt::set_alias_action(action == alias_action::throw_error
                           ? rt::AliasAction::throw_error
                           : rt::AliasAction::exit);
}

namespace detail {

namespace {

// A range past the end of the heap block it starts in would make ferry
// copy other data to and from the device (a device copy of what lies
// beyond, copied back over it).  Where ferry knows the block (blocks of a
// page or more while pages are guarded, every block with FERRY_CHECK=1),
// that is an error at the call, as is a range that runs into memory that
// is not mapped at all.
void check_own_length(const char *call, const void *data, std::size_t bytes) {
  std::size_t room = 0;
  if (rt::heap_blocks::runs_past(data, bytes, &room)) {
    std::fprintf(stderr,
                 "%s%s: %zu bytes from %p, but the heap block they lie in "
                 "ends %zu bytes after it; pass the buffer's own length, "
                 "which must not run past its allocation\n",
                 rt::message_prefix(), call, bytes, data, room);
    std::exit(EXIT_FAILURE);
  }
  if (const std::uintptr_t hole =
          rt::page_guard::first_unmapped_page(rt::range_of(data, bytes))) {
    std::fprintf(stderr,
                 "%s%s: %zu bytes from %p, but the memory from %#lx on is not "
                 "mapped; pass the buffer's own length, which must not run "
                 "past its allocation\n",
                 rt::message_prefix(), call, bytes, data,
                 static_cast<unsigned long>(hole));
    std::exit(EXIT_FAILURE);
  }
}

} // namespace

void sync_bytes(const void *data, std::size_t bytes, access how) {
  if (bytes)
    __ferry_host_access(data, bytes, static_cast<int>(how));
}

void prefetch_bytes(const void *data, std::size_t bytes) {
  check_own_length("ferry::prefetch", data, bytes);
  rt::api_transfers().prefetch(rt::current_target(), data, bytes);
}

void release_bytes(const void *data, std::size_t bytes) {
  if (!bytes)
    return;
  check_own_length("ferry::release", data, bytes);
  rt::host_access().release_range(data, bytes);
}

void *device_pointer_bytes(const void *data, std::size_t bytes) {
  check_own_length("ferry::device_pointer", data, bytes);
  // A vendor library's call that follows may read what held kernels write.
  rt::direct_launcher().submit_held("ferry::device_pointer");
  rt::direct_launcher().program_works_on_device();
  return rt::api_transfers().device_address(rt::current_target(), data, bytes);
}

void device_wrote_bytes(const void *data, std::size_t bytes) {
  check_own_length("ferry::device_wrote", data, bytes);
  rt::direct_launcher().submit_held("ferry::device_wrote");
  rt::api_transfers().device_wrote(data, bytes);
}

void enter_resident_scope() { rt::frames::enter_scope(); }
void leave_resident_scope() { rt::frames::leave_scope(rt::host_access()); }

void *create_launch_graph(const char *file, unsigned line) {
  const std::string where = std::string(file) + ":" + std::to_string(line);
  return rt::direct_launcher().create_graph(where.c_str());
}

void destroy_launch_graph(void *graph) {
  rt::direct_launcher().destroy_graph(graph);
}

void begin_launch_graph_run(void *graph) {
  rt::direct_launcher().begin_graph_run(graph);
}

void end_launch_graph_run(void *graph) {
  rt::direct_launcher().end_graph_run(graph);
}

} // namespace detail

} // namespace ferry
