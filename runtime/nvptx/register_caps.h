// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Register caps for the direct entries of the module the direct launcher
// links (cuda_launch.cc, link_module).
//
// Left to itself, the driver's JIT gives an entry of GCC's PTX the
// registers its schedule wants, and the schedule it makes then is not
// the one it makes under a cap.  XSBench's lookup (ncu, H200, repeated):
// 60 registers and 82 ms uncapped, 56 registers (24 bytes spilled) and
// 55 ms under `.maxnreg 56`, where nvcc's build of the same loop takes
// 63 ms.  So an entry whose registers limit the warps a multiprocessor
// holds is linked again with the cap that fits one step more of them, and
// keeps that cap only if the JIT placed it with at most a few bytes more
// local memory.  The launcher tries it only on entries of 64 registers or
// fewer that call no function (the JIT refuses a cap on an entry whose
// callees it compiled without one) and that wait on loads
// (waits_on_loads): the compute-bound docking loops of miniBUDE and
// bench/dock at 47 and 63 registers ran 1.2-2.4% slower under a cap
// (cuda_launch.cc, cap_registers).
// FERRY_REGISTER_CAPS=0 links without caps.
//
// Input: what the first link gave each entry (registers, local bytes) and
// the device's registers per multiprocessor; output: the caps to try, and
// the PTX objects with a `.maxnreg N` directive on each capped entry.
#ifndef FERRY_RUNTIME_REGISTER_CAPS_H
#define FERRY_RUNTIME_REGISTER_CAPS_H

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace ferry::rt {

// Warps of threads with REGISTERS each that fit in a multiprocessor's
// REGISTER_FILE registers (allocated per warp in units of 256), at most
// MAX_WARPS.
unsigned warps_by_registers(unsigned registers, unsigned register_file,
                            unsigned max_warps);

// The most registers a thread may have for one more warp than REGISTERS
// gives to fit; 0 when REGISTERS already lets MAX_WARPS fit.
unsigned step_down_cap(unsigned registers, unsigned register_file,
                       unsigned max_warps);

// Whether BODY, a function's PTX, has at least two loads from memory for
// every three floating-point operations (parameters' loads not counted):
// a loop whose time goes into waiting for loads, which more warps hide.
// XSBench's lookup has 22 loads to 21 operations; the docking loops and
// the suite's VOL3D and DEL_DOT_VEC_2D fewer than one to two.
bool waits_on_loads(const std::string &body);

// OBJECTS (GCC's nvptx PTX) with `.maxnreg CAP` before the body of each
// entry that CAPS names; an entry not found is left alone.
std::vector<std::string>
with_register_caps(const std::vector<std::string_view> &objects,
                   const std::map<std::string, unsigned> &caps);

} // namespace ferry::rt

#endif
