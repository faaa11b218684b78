// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The arguments of a direct launch (abi.h, __ferry_launch_direct),
// decoded for a vendor's launcher (devices/launcher.h): each argument's
// role becomes a LaunchArgument, each buffer its device address on the
// launch's target, and the buffers an entry's _constants twin takes by
// element their current bytes.  Vendor-neutral: what a launcher does with
// them is its own.
#ifndef FERRY_RUNTIME_LAUNCH_ARGUMENTS_H
#define FERRY_RUNTIME_LAUNCH_ARGUMENTS_H

#include "devices/launcher.h"
#include "residency/transfers.h"

#include <string>
#include <vector>

namespace ferry::rt {

// Fills ARGUMENTS from the NARGS values ARGS points to and their ROLES
// (abi.h, FERRY_ROLE_*), addressing BUFFERS, acquired on TARGET.  Returns
// why the loop cannot take the direct path there (a buffer without a
// device copy, memory outside the launcher's context, a buffer not
// aligned as the entry assumes); empty if it can.
std::string direct_arguments(const Target &target, std::vector<Buffer> &buffers,
                             unsigned nargs, void **args, const char *roles,
                             std::vector<LaunchArgument> *arguments);

// The current bytes of the buffers SUFFIX (the roles after the entry's
// parameters) names after FERRY_ROLE_CONSTANTS, copied: the host's where
// they are current, the device's where it holds newer ones (HOST_ACCESS).
// Empty when there are none, or one of them cannot be given.  Valid until
// the thread's next call.
const std::vector<ConstantBuffer> &
constant_buffers(const std::vector<Buffer> &buffers, HostAccess &host_access,
                 const char *suffix);

// The roles name a buffer or a role this libferry does not know: the
// generated code and the library disagree.  Defined with the launch's
// state (entry.cc), which names the kernel.
[[noreturn]] void launch_internal_error(const char *what);

} // namespace ferry::rt

#endif
