// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See program_code.h.
#include "nvptx/program_code.h"

#include <dlfcn.h>
#include <link.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <vector>

namespace ferry::rt::nvptx {

namespace {

struct CodeRange {
  std::uintptr_t start, end;
};

// Written once, read by any thread.
std::atomic<const std::vector<CodeRange> *> program_ranges{nullptr};

bool driver_library(const char *path) {
  const char *slash = std::strrchr(path, '/');
  const char *name = slash ? slash + 1 : path;
  return std::strncmp(name, "libcuda.so", 10) == 0 ||
         std::strncmp(name, "libnvidia-", 10) == 0;
}

struct Reading {
  std::vector<CodeRange> *ranges;
  const char *libferry; // its path, as the loader has it
};

int add_program_ranges(struct dl_phdr_info *object, std::size_t, void *data) {
  const Reading &reading = *static_cast<Reading *>(data);
  if (object->dlpi_name &&
      (driver_library(object->dlpi_name) ||
       (reading.libferry &&
        std::strcmp(object->dlpi_name, reading.libferry) == 0)))
    return 0;
  std::vector<CodeRange> *ranges = reading.ranges;
  for (int i = 0; i < object->dlpi_phnum; ++i) {
    const ElfW(Phdr) &segment = object->dlpi_phdr[i];
    if (segment.p_type == PT_LOAD && (segment.p_flags & PF_X)) {
      const std::uintptr_t start = object->dlpi_addr + segment.p_vaddr;
      ranges->push_back({start, start + segment.p_memsz});
    }
  }
  return 0;
}

} // namespace

void read_program_code() {
  if (program_ranges.load(std::memory_order_acquire))
    return;
  Dl_info self;
  Reading reading{new std::vector<CodeRange>, nullptr};
  if (dladdr(reinterpret_cast<const void *>(&read_program_code), &self))
    reading.libferry = self.dli_fname;
  dl_iterate_phdr(add_program_ranges, &reading);
  program_ranges.store(reading.ranges, std::memory_order_release);
}

bool in_program_code(const void *address) {
  const std::vector<CodeRange> *ranges =
      program_ranges.load(std::memory_order_acquire);
  if (!ranges)
    return false;
  const auto at = reinterpret_cast<std::uintptr_t>(address);
  for (const CodeRange &range : *ranges)
    if (range.start <= at && at < range.end)
      return true;
  return false;
}

} // namespace ferry::rt::nvptx
