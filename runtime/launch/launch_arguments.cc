// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See launch_arguments.h.
#include "launch/launch_arguments.h"

#include "abi.h"
#include "core/lasting.h"

#include <atomic>
#include <cstdint>
#include <cstring>

namespace ferry::rt {

namespace {

// The buffer ROLE names, of BUFFERS (const or not).
template <class Buffers> auto &buffer_of(Buffers &buffers, unsigned char role) {
  const unsigned index = role - FERRY_ROLE_BUFFER;
  if (role < FERRY_ROLE_BUFFER || index >= buffers.size())
    launch_internal_error("buffer index out of range");
  return buffers[index];
}

// The buffer of SUFFIX's FERRY_ROLE_ALIGNED part (the roles after the
// entry's parameters) whose device address is not aligned as the entry
// assumes, said as a reason not to launch it; empty when there is none.
std::string misaligned_buffer(std::vector<Buffer> &buffers,
                              const char *suffix) {
  const char *part = std::strchr(suffix, FERRY_ROLE_ALIGNED);
  if (!part)
    return {};
  for (const char *pair = part + 1; pair[0] && pair[1]; pair += 2) {
    const Buffer &buffer =
        buffer_of(buffers, static_cast<unsigned char>(pair[0]));
    const std::uintptr_t alignment = std::uintptr_t{1} << (pair[1] - '0');
    if (reinterpret_cast<std::uintptr_t>(buffer.direct_address) % alignment)
      return std::string("buffer '") + buffer.name +
             "' is at a device address not aligned to " +
             std::to_string(alignment) +
             " bytes, which the entry assumes of its packed elements";
  }
  return {};
}

} // namespace

std::string direct_arguments(const Target &target, std::vector<Buffer> &buffers,
                             unsigned nargs, void **args, const char *roles,
                             std::vector<LaunchArgument> *arguments) {
  const Device &device = *target.device;
  arguments->assign(nargs, LaunchArgument{});
  for (unsigned k = 0; k < nargs; ++k) {
    const unsigned char role = static_cast<unsigned char>(roles[k]);
    LaunchArgument &argument = (*arguments)[k];
    argument.value = args[k];
    if (role >= FERRY_ROLE_BUFFER) {
      Buffer &buffer = buffer_of(buffers, role);
      void *address = !buffer.bytes ? nullptr
                      : buffer.mapped_by_user
                          ? device.user_mapped_address(buffer.host)
                          : buffer.direct_address;
      if (buffer.bytes && !address)
        return std::string("buffer '") + buffer.name + "' has no device copy";
      // libgomp allocates all its device memory in one context: one
      // address answers for all.
      static std::atomic<bool> context_checked{false};
      if (address && !context_checked.load(std::memory_order_relaxed)) {
        if (!target.launcher->addresses_context_memory(address))
          return "libgomp's device memory is not in ferry's CUDA context";
        context_checked.store(true, std::memory_order_relaxed);
      }
      // The entry gets the address itself: keep it in the buffer.
      buffer.direct_address = address;
      argument.value = &buffer.direct_address;
      argument.kind = LaunchArgument::Kind::address;
    } else if (role > FERRY_ROLE_REDUCTION_BYTES &&
               role <= FERRY_ROLE_REDUCTION_BYTES + 8) {
      argument.kind = LaunchArgument::Kind::reduction;
      argument.size = role - FERRY_ROLE_REDUCTION_BYTES;
    } else if (role >= FERRY_ROLE_EXTENT && role <= FERRY_ROLE_EXTENT + 2) {
      argument.kind = LaunchArgument::Kind::extent;
      argument.axis = role - FERRY_ROLE_EXTENT;
    } else if (role >= FERRY_ROLE_FIRST && role <= FERRY_ROLE_FIRST + 2) {
      argument.kind = LaunchArgument::Kind::first;
      argument.axis = role - FERRY_ROLE_FIRST;
    } else if (role == FERRY_ROLE_TEAMS && k + 1 == nargs) {
      argument.kind = LaunchArgument::Kind::teams;
    } else if (role == FERRY_ROLE_OBJECT && k + 1 < nargs) {
      argument.kind = LaunchArgument::Kind::object;
      argument.size = *static_cast<const unsigned long long *>(args[k + 1]);
    } else if (role != FERRY_ROLE_VALUE) {
      launch_internal_error("unknown argument role of a direct launch");
    }
  }
  return misaligned_buffer(buffers, roles + nargs);
}

const std::vector<ConstantBuffer> &
constant_buffers(const std::vector<Buffer> &buffers, HostAccess &host_access,
                 const char *suffix) {
  thread_local ThreadLasting<std::vector<ConstantBuffer>> constants_state;
  thread_local ThreadLasting<std::vector<unsigned char>> current_state;
  std::vector<ConstantBuffer> &constants = constants_state.value;
  std::vector<unsigned char> &current = current_state.value;
  constants.clear();
  if (*suffix != FERRY_ROLE_CONSTANTS)
    return constants;
  std::size_t total = 0;
  for (const char *role = suffix + 1; *role && *role != FERRY_ROLE_ALIGNED;
       ++role)
    total += buffer_of(buffers, static_cast<unsigned char>(*role)).bytes;
  current.resize(total); // not moved below: the pointers into it stay
  std::size_t used = 0;
  for (const char *role = suffix + 1; *role && *role != FERRY_ROLE_ALIGNED;
       ++role) {
    const Buffer &buffer =
        buffer_of(buffers, static_cast<unsigned char>(*role));
    // The user's own mapping may hold bytes ferry does not track.
    if (!buffer.bytes || buffer.mapped_by_user) {
      constants.clear();
      break;
    }
    unsigned char *copy = current.data() + used;
    if (!host_access.read_current(buffer.host, buffer.bytes, copy))
      std::memcpy(copy, buffer.host, buffer.bytes); // all current: readable
    constants.push_back({copy, buffer.bytes});
    used += buffer.bytes;
  }
  return constants;
}

} // namespace ferry::rt
