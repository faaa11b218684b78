// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// How the direct launcher's module is linked, by whichever JIT links it:
// the PTX objects cut down to what the direct entries reach (ptx_prune.h),
// linked, and linked again with register caps on the entries whose
// registers limit their warps (register_caps.h), keeping the caps the JIT
// met with little or no spilling.  The driver's JIT runs it at the first
// direct launch (module_linker.h); nvJitLink runs it when the program is
// built, where the CUDA toolkit is there (tools/ferry-cubin.cc), so that
// the launch loads the cubin instead of compiling the PTX.  Both make the
// same module of the same PTX.
#ifndef FERRY_RUNTIME_NVPTX_MODULE_PLAN_H
#define FERRY_RUNTIME_NVPTX_MODULE_PLAN_H

#include "nvptx/module_report.h"
#include "nvptx/ptx_index.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace ferry::rt::nvptx {

// What the JIT gave one function of a linked module.
struct RegisterUse {
  int registers = 0;   // 0: the module has no such function
  int local_bytes = 0; // its stack frame, spills included
};

// The figures of the GPU a module is for that its register caps depend
// on; 0 in either leaves the module uncapped.
struct RegisterLimits {
  unsigned register_file = 0;  // registers a multiprocessor has
  unsigned threads_per_sm = 0; // threads a multiprocessor holds at most
};

// A JIT that links PTX objects into modules for one GPU.
class PtxLinker {
public:
  using Module = void *; // nullptr: none
  virtual ~PtxLinker() = default;
  // Links OBJECTS into a module (*MODULE); what failed, or empty.
  virtual std::string link(const std::vector<std::string_view> &objects,
                           Module *module) = 0;
  virtual RegisterUse register_use(Module module,
                                   const std::string &function) = 0;
  virtual void discard(Module module) = 0;
};

struct PlannedModule {
  PtxLinker::Module module = nullptr; // nullptr where FAILURE says why
  // What the register caps did to each entry tried, for FERRY_STATS.
  std::map<std::string, std::string> register_notes;
  ModuleLink report; // milliseconds left to the caller
  std::string failure;
};

// How a plan may link.
struct PlanSettings {
  bool prune = true;         // FERRY_PRUNE_MODULE
  bool register_caps = true; // FERRY_REGISTER_CAPS
  // The objects are the frames modules' (offload_images.h): their framed
  // twins of the entries never run, and are left out.
  bool frames_module = true;
};

// OBJECTS cut down to what the direct entries reach, as plan_module
// links them where the cut-down module links (SETTINGS' prune is not
// read: a build's cubin is always of the cut-down objects); REPORT gets
// the counts.
std::vector<std::string>
linked_objects(const std::vector<std::string_view> &objects,
               const PlanSettings &settings, ModuleLink *report);

// Links OBJECTS with LINKER: cut down to what the direct entries reach
// (all of them if that fails to link), capped for LIMITS; INDEX gets the
// objects that were linked.
PlannedModule plan_module(PtxLinker &linker,
                          const std::vector<std::string_view> &objects,
                          const PlanSettings &settings,
                          const RegisterLimits &limits, PtxIndex &index);

// The notes a cubin carries of the plan it was linked by (the build writes
// them, tools/ferry-cubin.cc; the launcher reads them): the register caps
// tried and kept, the report's note, and each capped entry's note.
std::string plan_notes(const PlannedModule &planned);
// NOTES read back: each entry's note; *TRIED, *KEPT and *NOTE the rest.
std::map<std::string, std::string> read_plan_notes(const char *notes,
                                                   std::uint64_t *tried,
                                                   std::uint64_t *kept,
                                                   std::string *note);

// The register file and threads per multiprocessor of the NVIDIA
// architecture ARCH ("sm_90"), for a plan made without the GPU; zeros for
// one it does not know.
RegisterLimits register_limits_of(std::string_view arch);

} // namespace ferry::rt::nvptx

#endif
