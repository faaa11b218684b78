// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Which kernel launches the host code around them still has to answer for.
//
// The plugin gives every function that calls a kernel a frame: entered when
// the function starts, left when it returns or an exception leaves it.  A
// launch from such a call (armed by __ferry_frame_call) records its buffers
// in the frame; while the frame lives, the host code of that function syncs
// what it touches itself (the plugin inserted those calls).  When the frame
// is left, its buffers are settled for the caller, who knows nothing of the
// kernels: what the device changed comes back, and the device copies count
// as stale, since the caller may write the buffers.  Buffers on the stack
// lose their device copies, as their memory dies with the function.
//
// A function whose pointer parameters only reach the device through its
// own instrumented code (a "launcher", such as a time step that calls three
// kernels) registers them with param().  An instrumented caller arms the
// call as it arms kernel calls; the callee's frame is then armed, and when
// it is left, the buffers around those parameters go to the caller's frame
// instead of back to the host.  A time loop around the launcher keeps its
// data on the device.
//
// A resident scope (ferry::resident_scope) is a frame that takes over the
// buffers of the frames left inside it and settles them only when it ends.
// While one is active, the syncs the plugin puts before calls are skipped:
// the user promises that the functions called in the scope touch the
// buffers only through kernels and instrumented code (check mode verifies).
//
// What comes back, and what counts as stale, goes through POLICY, the
// transfer policy's interface for host code (residency/transfers.h).
//
// A launch that is not armed comes from code the plugin did not instrument
// (a call through a pointer, a declaration without [[ferry::kernel]]): its
// buffers are settled as soon as it ends.
#ifndef FERRY_RUNTIME_FRAMES_H
#define FERRY_RUNTIME_FRAMES_H

#include "residency/residency_table.h"
#include "residency/transfers.h"

namespace ferry::rt::frames {

// A function with kernel calls starts (armed if its caller armed the
// call) and ends.
void enter();
void leave(HostAccess &policy);
// POINTER is a launcher parameter of the innermost frame.
void param(const void *pointer);
void enter_scope();
void leave_scope(HostAccess &policy);

// Where an instrumented call was made.
struct CallSite {
  const char *file = nullptr;
  unsigned line = 0;
};

// The next launch on this thread comes from an instrumented kernel call.
void arm(CallSite site);
// Whether the launch or frame now beginning was armed, and from where;
// disarms.
bool take_armed(CallSite *site = nullptr);
// Whether a resident scope is active on this thread.
bool in_scope();

// A buffer of an armed launch: answered for by the innermost frame, or
// settled now if there is none.
void record(Range buffer, HostAccess &policy);
// Settles a buffer of a launch that was not armed.
void settle(Range buffer, HostAccess &policy);

// The host may touch any buffer the innermost frame launched: ACCESS is an
// enum ferry_host_access.
void access_all(int access, HostAccess &policy);

} // namespace ferry::rt::frames

#endif
