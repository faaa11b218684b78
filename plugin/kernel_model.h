// SPDX-License-Identifier: GPL-3.0-or-later
// What one kernel is, as the stages after attribute parsing see it: its
// parameters with their ownership, the loop nest that becomes the parallel
// region, and the options of its [[ferry::kernel(...)]] attribute.
//
// build_kernel_model() (kernel_model.cc) fills it from a [[ferry::kernel]]
// function at PLUGIN_PRE_GENERICIZE, reporting every shape it cannot
// offload as an error at the offending line; openmp_regions.cc fills it
// from a program's own OpenMP target loop, for the checks alone.  The
// check, lowering and explain stages only read it.
//
// The trees referenced here are owned by the function being compiled; a
// Kernel lives only during the plugin callback for that function, when no
// garbage collection can run.
#ifndef FERRY_PLUGIN_KERNEL_MODEL_H
#define FERRY_PLUGIN_KERNEL_MODEL_H

#include "gcc_compat.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ferry {

enum class Ownership { borrow, borrow_mut, out, scratch, shared_mut };

// "borrow", "borrow_mut", ...: the attribute's name.
const char *ownership_name(Ownership ownership);
// The matching enum ferry_ownership value of runtime/abi.h.
unsigned ownership_abi_value(Ownership ownership);
// The ownership an attribute named NAME gives; false for other names.
bool ownership_from_name(const std::string &name, Ownership *out);
// The same for a [[ferry::NAME]] written in the source: an error at the
// attribute for an unknown name.
struct FerryAttribute;
bool read_ownership(const FerryAttribute &attribute, Ownership *out);

// Whether a value of TYPE can be copied to the device as it is: numbers,
// and arrays and structs of them (no pointers, no references).
bool is_copyable_scalar(tree type);

// A pointer parameter with its ownership attribute, or an array reached
// through a span, a vector or a struct member (kernel_views.h), whose local
// pointer stands in for the parameter.
struct BufferParam {
  tree decl = NULL_TREE; // PARM_DECL, or the view's VAR_DECL
  Ownership ownership = Ownership::borrow;
  tree length = NULL_TREE; // element count, an expression of parameters
  std::string length_text; // the length as written, for messages
  unsigned index = 0;      // position among the buffer parameters
  // The ownership comes with a type, not this kernel: from the constness
  // of a span or vector, or from the annotation of a struct member, which
  // serves every kernel.  borrow_mut is narrowed to borrow when the loops
  // only read the buffer.
  bool ownership_from_type = false;
};

// One level of a perfectly nested loop nest: for (T var = lower; var < bound;
// ++var), with `<=` turned into `< bound + 1`.
struct LoopLevel {
  tree var = NULL_TREE;
  tree lower = NULL_TREE;
  tree bound = NULL_TREE; // exclusive
  // A constant above 1 when the loop counts up by it (`var += 256`),
  // which only team loops ask read_loop_level to read; else null, for 1.
  tree step = NULL_TREE;
  location_t location = UNKNOWN_LOCATION;
};

// A top-level loop of the kernel body: the statement to replace, its levels
// and the body of the innermost level.
struct ParallelLoop {
  tree *statement = nullptr; // slot in the kernel body holding the loop
  std::vector<LoopLevel> levels;
  tree body = NULL_TREE;
  location_t location = UNKNOWN_LOCATION;
};

// A program's own OpenMP target loop is read into this model too
// (openmp_regions.h), with the map of each buffer and what the checker
// must know of the region besides.

// The map of one buffer of a region.
struct RegionMap {
  const char *kind = nullptr; // "to", "from", "tofrom", "alloc"; null: none
  location_t location = UNKNOWN_LOCATION; // the clause
  tree bytes = NULL_TREE; // the section's length in bytes
  tree bias = NULL_TREE;  // bytes from the pointer to the section's start
  // An enclosing `target data` region maps it: this map copies nothing.
  bool present = false;
  // The section's bounds hold values the front end saved at the directive
  // (a start known only at run time): the call that runs the region as a
  // kernel evaluates them again.
  bool saved_bounds = false;
};

struct OpenmpRegion {
  location_t location = UNKNOWN_LOCATION;
  std::string directive;       // "target teams distribute parallel for"
  std::vector<RegionMap> maps; // indexed like Kernel::buffers
  // Variables of which each thread or iteration has its own copy.
  std::set<tree> privatized;
  // The clauses of the target construct, then of each construct around
  // the loop, outermost first.
  std::vector<tree> clause_lists;
  // Variables of the function mapped by a clause: one copy for all teams.
  std::set<tree> mapped;
  // Whether a `parallel` or `loop` construct runs the iterations of a team
  // on several threads; under `teams distribute` alone each team runs its
  // iterations in turn, on its own firstprivate copies of the function's
  // variables.
  bool threads_share = false;
  bool errors = false;  // -fplugin-arg-ferry-openmp-errors
  bool explain = false; // -fplugin-arg-ferry-explain
  // Another instance of a template whose region was reported already: the
  // check says nothing, it only decides whether ferry takes the region.
  bool quiet = false;
  // The `simd` and `loop bind(thread)` constructs inside the iterations
  // that the reader replaced by the plain loops one thread runs
  // (region_inner_loops.h), each slot with its construct: put back unless
  // ferry takes the region.
  std::vector<std::pair<tree *, tree>> inner_loops;

  // Whether the iterations that write DECL, a variable of the function
  // without a data-sharing clause, write one copy at the same time.
  bool shared_by_iterations(tree decl) const {
    return threads_share || mapped.count(decl);
  }
  // How a certain mistake is reported: a warning, or an error under
  // -fplugin-arg-ferry-openmp-errors.
  diagnostic_t mistake_kind() const { return errors ? DK_ERROR : DK_WARNING; }
};

struct KernelOptions {
  tree threads = NULL_TREE; // threads(N): threads per team
  tree teams = NULL_TREE;   // teams(N): number of teams
};

struct Kernel {
  tree fndecl = NULL_TREE;
  location_t location = UNKNOWN_LOCATION;
  std::vector<BufferParam> buffers;
  std::vector<tree> scalars; // by-value parameters
  // Pointers to numbers without ownership that only the statements
  // outside the loops use (`*norm += sum;`): those run on the host, so
  // the pointers stay there.
  std::vector<tree> host_pointers;
  std::vector<ParallelLoop> loops;
  KernelOptions options;
  // Sets the locals that stand for arrays and numbers reached through
  // spans, vectors and structs (kernel_views.h); runs before anything else.
  tree setup = NULL_TREE;
  // The program's own OpenMP target region this model was read from, to be
  // checked with OpenMP's meaning (openmp_regions.h); null for a kernel.
  const OpenmpRegion *region = nullptr;
  // A region outlined as a kernel of its own (region_lowering.h): what
  // the checker cannot show is no error, since the region then keeps
  // GCC's path.  Under -fplugin-arg-ferry-explain (EXPLAIN_QUIET) it is a
  // note.
  bool quiet = false;
  bool explain_quiet = false;
  // A region whose checks showed everything but whether each iteration
  // touches only its own elements (KernelFacts::only_races_unshown): the
  // program's pragma promises that, so ferry takes it on the pragma's
  // word, as OpenMP does, and without `simd` on its OpenMP path.
  bool promised = false;

  // Whether the loop is a program's target region, read to be checked or
  // outlined: its pragma, not ferry, answers for what the checks leave.
  bool from_openmp_region() const { return region || quiet; }

  const BufferParam *buffer_for(tree decl) const;
  // The kernel's name as users write it, for messages and the runtime.
  std::string name() const;
};

// Builds the model of the [[ferry::kernel]] function FNDECL.  Returns false
// after reporting errors when FNDECL cannot be offloaded as written.
bool build_kernel_model(tree fndecl, Kernel *kernel);

} // namespace ferry

#endif
