// SPDX-License-Identifier: GPL-3.0-or-later
// ferry: the GCC plugin.
//
// Turns [[ferry::kernel]] loop functions into OpenMP target regions whose
// data movement libferry manages, after checking that the kernel cannot
// race or alias (doc/rules.md).
//
// Usage (ferry-g++ adds all of this):
//   g++ -fopenmp -foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80
//       -fplugin=<libdir>/ferry/ferry.so -I<includedir> app.cc -lferry
//
// Options:
//   -fplugin-arg-ferry-explain   print, for every kernel, the equivalent
//                                #pragma omp line and why each parameter got
//                                its map kind
//   -fplugin-arg-ferry-nc-loads  read borrow buffers with non-coherent loads
//                                (ld.global.nc) in the direct entries
//   -fplugin-arg-ferry-library-maths
//                                device code calls the C library's expf,
//                                logf, sinf, cosf and exp, as GCC's does,
//                                not <ferry/device_maths.hpp>'s
//   -fplugin-arg-ferry-openmp-errors
//                                the mistakes found in the program's own
//                                OpenMP target loops are errors, not warnings
//   -fplugin-arg-ferry-c-source  the unit is a C source read as C++, with C
//                                linkage (ferry-gcc passes it; c_sources.cc)
//
// Stages, one file each, called in this order for every kernel at
// PLUGIN_PRE_GENERICIZE (while the body is still C++ front-end trees; for
// a kernel that calls a function defined later, once the unit is parsed):
//   attributes.cc        [[ferry::...]] registration, argument recovery
//   kernel_pragmas.cc    OpenMP loop constructs in a kernel -> plain loops
//   offload_limits.cc    what GCC 12 cannot offload: VLAs, long double, ...
//   kernel_views.cc      spans, vectors, structs, `this` -> local buffers
//   kernel_model.cc      parameters, ownership, loop nest (rule 4)
//   ownership_check.cc   walks each loop: rules 1, 3 and 5 at each access
//                        (what it touches: ownership_tracing.cc;
//                        subscripts: subscript_analysis.cc; calls:
//                        ownership_calls.cc; reductions and atomic updates:
//                        reductions.cc); rule 2 over all the accesses of a
//                        written buffer after the walk (ownership_results.cc;
//                        what only the launch decides: launch_disjointness.cc)
//   device_functions.cc  callees compiled for the device (simt_safety.cc)
//   map_kinds.cc         map kind per buffer
//   narrow_atomics.cc    updates of numbers narrower than 32 bits, as a
//                        compare-and-swap of their word, before both paths
//                        copy the body
//   lower_direct.cc      a plain device entry per loop, for the direct
//                        launch on NVIDIA (iteration_space.cc;
//                        device_definitions.cc declares and defines it;
//                        direct_header.cc, with the pass that keeps its
//                        PTX out of the host assembly)
//   explain.cc           -fplugin-arg-ferry-explain
//   lower_omp.cc         the target region and the libferry calls
// The program's own OpenMP target loops, in every other function, are
// read into the kernel model (region_reader.cc, its iterations' inner
// simd loops read in order by region_inner_loops.cc) and checked with OpenMP's
// meaning (openmp_regions.cc), and those shown right run as kernels
// (region_lowering.cc); CUDA-style team regions and serial
// target regions run as entries of their own (team_regions.cc, their
// threads' code team_device_code.cc, which keeps at each function's
// PRE_GENERICIZE the body of a helper that asks the runtime, for its
// twin).
// After points-to analysis, region_restrict.cc: the buffers' restrict
// in the host code GCC outlines from the region.  For every other
// function, host_sync.cc: a launch frame around the
// body of functions that call kernels (also at PLUGIN_PRE_GENERICIZE), and
// a GIMPLE pass after early inlining that inserts the host-sync calls.
// Device code, after early inlining: device_math.cc, the C library's
// square roots, fmax and fmin inlined; device_loops.cc, short counted
// loops marked for complete unrolling and, after early FRE, loops counted
// at run time unrolled where they ask for it; and device_selects.cc, short
// choices made selects (their dumps come with -fdump-tree-all).
//
// Debugging: -fdump-tree-original shows the rewritten kernel; compare it
// with the same pragma written by hand.
#include "gcc_compat.h"

#include "attributes.h"
#include "c_sources.h"
#include "device_functions.h"
#include "device_loops.h"
#include "device_math.h"
#include "device_selects.h"
#include "direct_header.h"
#include "explain.h"
#include "host_sync.h"
#include "kernel_model.h"
#include "kernel_pragmas.h"
#include "kernel_views.h"
#include "device_definitions.h"
#include "lower_direct.h"
#include "lower_omp.h"
#include "map_kinds.h"
#include "narrow_atomics.h"
#include "offload_limits.h"
#include "openmp_regions.h"
#include "ownership_check.h"
#include "region_lowering.h"
#include "region_restrict.h"
#include "runtime_calls.h"
#include "simt_safety.h"
#include "team_device_code.h"

#include <cstring>
#include <set>

int plugin_is_GPL_compatible;

namespace {

const char *const kVersion = "0.1.0";

const char *const kHelp =
    "ferry: safe, resident GPU offload for [[ferry::kernel]] functions.\n"
    "  -fplugin-arg-ferry-explain  explain the target region of each kernel\n"
    "  -fplugin-arg-ferry-nc-loads read borrow buffers with ld.global.nc on "
    "NVIDIA\n"
    "  -fplugin-arg-ferry-library-maths  the C library's expf, logf, sinf, "
    "cosf and exp in device code, as GCC's build has them\n"
    "  -fplugin-arg-ferry-openmp-errors  the mistakes found in the program's "
    "own OpenMP target loops are errors\n"
    "  -fplugin-arg-ferry-openmp-as-written  the program's own OpenMP target "
    "loops keep GCC's path\n"
    "  -fplugin-arg-ferry-c-source  the unit is C read as C++ (ferry-gcc)\n";

struct Options {
  bool explain = false;
  bool nc_loads = false;
  bool openmp_errors = false;
  bool openmp_as_written = false;
  bool c_source = false;
};

Options options;

bool parse_options(const plugin_name_args *info) {
  bool ok = true;
  for (int i = 0; i < info->argc; ++i) {
    const plugin_argument &argument = info->argv[i];
    if (std::strcmp(argument.key, "explain") == 0 && !argument.value) {
      options.explain = true;
    } else if (std::strcmp(argument.key, "nc-loads") == 0 && !argument.value) {
      options.nc_loads = true;
    } else if (std::strcmp(argument.key, "library-maths") == 0 &&
               !argument.value) {
      ferry::keep_library_maths();
    } else if (std::strcmp(argument.key, "openmp-errors") == 0 &&
               !argument.value) {
      options.openmp_errors = true;
    } else if (std::strcmp(argument.key, "openmp-as-written") == 0 &&
               !argument.value) {
      options.openmp_as_written = true;
    } else if (std::strcmp(argument.key, "c-source") == 0 && !argument.value) {
      options.c_source = true;
    } else {
      error("ferry: unknown plugin option %<-fplugin-arg-%s-%s%s%s%>; the "
            "options are %<-fplugin-arg-%s-explain%>, "
            "%<-fplugin-arg-%s-nc-loads%>, "
            "%<-fplugin-arg-%s-library-maths%>, "
            "%<-fplugin-arg-%s-openmp-errors%>, "
            "%<-fplugin-arg-%s-openmp-as-written%> and "
            "%<-fplugin-arg-%s-c-source%>",
            info->base_name, argument.key, argument.value ? "=" : "",
            argument.value ? argument.value : "", info->base_name,
            info->base_name, info->base_name, info->base_name,
            info->base_name, info->base_name);
      ok = false;
    }
  }
  return ok;
}

bool contains_errors(tree body) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      // The C++ parser keeps `sizeof (type)` in a call's arguments as
      // SIZEOF_EXPR <NOP_EXPR <type, error_mark_node>> for its memaccess
      // warnings (memcpy (d, s, n * sizeof (float))): no error.
      if (TREE_CODE(*node) == SIZEOF_EXPR && SIZEOF_EXPR_TYPE_P(*node))
        *walk_subtrees = 0;
      return *node == error_mark_node ? *node : NULL_TREE;
    }
  };
  return cp_walk_tree_without_duplicates(&body, Search::visit, nullptr);
}

// The kernel template FNDECL is an instance of; NULL_TREE for a kernel
// that is not one.
tree kernel_template(tree fndecl) {
  return DECL_LANG_SPECIFIC(fndecl) && DECL_TEMPLATE_INFO(fndecl) &&
                 DECL_TEMPLATE_INSTANTIATION(fndecl)
             ? most_general_template(DECL_TI_TEMPLATE(fndecl))
             : NULL_TREE;
}

// Kernel templates an instance of which had errors: the other instances
// would repeat them word for word at the same lines.  The compilation
// fails anyway.
std::set<tree> failed_templates;

void check_and_lower(tree fndecl);
bool lower_checked(ferry::Kernel &kernel, ferry::KernelFacts &facts);

void process_kernel(tree fndecl) {
  tree tmpl = kernel_template(fndecl);
  if (tmpl && failed_templates.count(tmpl))
    return;
  const int errors_before = errorcount;
  check_and_lower(fndecl);
  if (tmpl && errorcount > errors_before)
    failed_templates.insert(tmpl);
}

void check_and_lower(tree fndecl) {
  // Code the front end already rejected is not analysed again.
  if (contains_errors(DECL_SAVED_TREE(fndecl)))
    return;
  if (!flag_openmp) {
    error_at(DECL_SOURCE_LOCATION(fndecl),
             "kernel %qD needs %<-fopenmp%> (ferry-g++ adds it)", fndecl);
    return;
  }
  if (!ferry::lower_kernel_pragmas(fndecl, /*genericized=*/false) ||
      !ferry::check_offload_limits(fndecl, /*kernel=*/true))
    return;
  ferry::Kernel kernel;
  if (!ferry::build_kernel_model(fndecl, &kernel))
    return;
  ferry::KernelFacts facts;
  if (!ferry::check_ownership(kernel, &facts))
    return;
  lower_checked(kernel, facts);
}

// From the checked model to the lowered kernel; false, with errors, where
// a callee cannot become a device function.
bool lower_checked(ferry::Kernel &kernel, ferry::KernelFacts &facts) {
  // A span or vector the loops only read is borrowed, whatever its
  // constness: nothing of it is copied back.
  for (ferry::BufferParam &buffer : kernel.buffers)
    if (buffer.ownership_from_type && !facts.uses[buffer.index].written)
      buffer.ownership = ferry::Ownership::borrow;
  ferry::DeviceFunctions callees =
      ferry::prepare_device_functions(kernel, facts.callees);
  if (!callees.ok)
    return false;
  // A loop's own locals in memory (simt_safety.h): no simd, and no word
  // about it, since the direct entry is the path such kernels take.
  bool memory_locals = false;
  for (const ferry::ParallelLoop &loop : kernel.loops)
    memory_locals = memory_locals || ferry::memory_local(loop.body);
  // An atomic update of a number narrower than 32 bits is a loop of
  // compare-and-swaps on its word; inside `omp simd` on nvptx, lanes of a
  // warp that update different words never leave it (an H100 hung on
  // programs/shared_mut_narrow_signed): such a kernel, which has no
  // direct entry, runs one lane per thread.
  // The program's own `omp atomic` constructs in a region ferry runs as a
  // kernel, the same (simt_safety.h).
  bool narrow_atomics = false;
  for (const ferry::LoopFacts &loop : facts.loops)
    for (const ferry::AtomicUpdate &atomic : loop.atomics)
      narrow_atomics = narrow_atomics ||
                       ferry::is_narrow_atomic_type(TREE_TYPE(atomic.target));
  for (const ferry::ParallelLoop &loop : kernel.loops)
    narrow_atomics = narrow_atomics || ferry::narrow_atomic(loop.body);
  const bool simd = !callees.unsafe_in_simd && !memory_locals &&
                    !narrow_atomics && !kernel.promised;
  // An outlined region's OpenMP path is ferry's own choice: no word.
  if (callees.unsafe_in_simd && !kernel.quiet) {
    auto_diagnostic_group group;
    warning_at(kernel.location, 0,
               "kernel %qs runs without %<simd%> on the OpenMP path, one lane "
               "per thread",
               kernel.name().c_str());
    inform(callees.unsafe_location,
           "%qD takes the address of its local %qD, which GCC 12 can "
           "miscompile inside %<omp simd%> on nvptx; pass and return values "
           "instead",
           callees.unsafe_in_simd, callees.unsafe_local);
  }
  std::vector<ferry::MapDecision> maps = ferry::plan_maps(kernel, facts);
  // Before the entries copy the body: both paths update narrow numbers in
  // their words.
  for (ferry::ParallelLoop &loop : kernel.loops)
    ferry::narrow_atomics_in_words(&loop.body);
  std::vector<ferry::DirectEntry> entries =
      ferry::build_direct_entries(kernel, facts, options.nc_loads);
  // The OpenMP path's loops compute the maths as the direct entries do on
  // nvptx (the library's on the host and the sim device): left to the
  // library, GCC 12 joins a sinf and a cosf of one value into a sincosf
  // whose two results it returns through a frame that the 32 lanes of an
  // `omp simd` loop share, so lanes read one lane's sine (the program's
  // own region of programs/device_maths_functions on an H200).
  for (ferry::ParallelLoop &loop : kernel.loops)
    ferry::use_device_maths(&loop.body, ferry::Runs::on_host_too);
  if (options.explain)
    ferry::explain_kernel(kernel, facts, maps, simd, entries);
  ferry::lower_to_openmp(kernel, facts, maps, simd, entries);
  ferry::note_region_buffers(kernel);
  return true;
}

// The program's own target regions of a function that is not a kernel,
// and the launch frame of its calls of kernels.
void process_host_function(tree fndecl) {
  if (!contains_errors(DECL_SAVED_TREE(fndecl)) && !options.openmp_as_written)
    ferry::keep_team_helper(fndecl);
  if (!contains_errors(DECL_SAVED_TREE(fndecl)))
    ferry::check_openmp_regions(
        fndecl, {options.openmp_errors, options.explain,
                 options.openmp_as_written ? ferry::KernelLowering()
                                           : lower_checked});
  ferry::add_launch_frame(fndecl);
}

void process_function(tree fndecl) {
  if (ferry::has_ferry_attribute(fndecl, "kernel"))
    process_kernel(fndecl);
  else
    process_host_function(fndecl);
}

// A kernel, or a function whose target region, that calls a function
// defined later in the unit (which GCC's OpenMP accepts too) is compiled
// once the whole unit is parsed: its front-end body waits here while the
// front end folds and genericizes an empty stand-in, and
// parse_file_then_deferred_functions() compiles, folds and genericizes it
// before GCC gimplifies anything.  A TREE_LIST of function -> body, and a
// garbage-collection root.
tree deferred_functions;
// Set once the unit is parsed: a function met after that (an instance the
// last instantiation makes) is processed as it comes, since nothing would
// restore a body set aside then.
bool unit_parsed;
void (*front_end_parse_file)(void);

void parse_file_then_deferred_functions() {
  if (options.c_source)
    ferry::begin_c_source_unit();
  front_end_parse_file();
  unit_parsed = true;
  for (tree entry = nreverse(deferred_functions); entry;
       entry = TREE_CHAIN(entry)) {
    tree fndecl = TREE_PURPOSE(entry);
    DECL_SAVED_TREE(fndecl) = TREE_VALUE(entry);
    tree outer_function = current_function_decl;
    push_cfun(DECL_STRUCT_FUNCTION(fndecl));
    current_function_decl = fndecl;
    process_function(fndecl);
    // What finish_function does after the PRE_GENERICIZE callback: the
    // delayed folding (sizeof (type) in a call's arguments is still a
    // SIZEOF_EXPR, which the gimplifier cannot take), then genericizing.
    cp_fold_function(fndecl);
    cp_genericize(fndecl);
    current_function_decl = outer_function;
    pop_cfun();
  }
  deferred_functions = NULL_TREE;
  // The front end has instantiated the templates the unit used; the
  // direct helpers these kernels first use (reduce_plus<unsigned long>)
  // wait in its queue, and an always_inline call of one without its body
  // stops the build.  Instantiated here, outside any function.
  instantiate_pending_templates(0);
}

const ggc_root_tab deferred_roots[] = {
    {&deferred_functions, 1, sizeof(deferred_functions), &gt_ggc_mx_tree_node,
     &gt_pch_nx_tree_node},
    LAST_GGC_ROOT_TAB};

// Whether FNDECL, at PLUGIN_PRE_GENERICIZE, waits for the end of the unit.
bool waits_for_later_definitions(tree fndecl) {
  if (unit_parsed || contains_errors(DECL_SAVED_TREE(fndecl)))
    return false;
  if (ferry::has_ferry_attribute(fndecl, "kernel"))
    return ferry::undefined_callee(fndecl);
  return !options.openmp_as_written && ferry::region_calls_undefined(fndecl);
}

void on_pre_genericize(void *gcc_data, void *) {
  tree fndecl = static_cast<tree>(gcc_data);
  // Constructor and destructor clones repeat their abstract function.
  if (DECL_CLONED_FUNCTION_P(fndecl))
    return;
  if (ferry::finish_direct_entry(fndecl) ||
      ferry::finish_outlined_region(fndecl))
    return;
  if (waits_for_later_definitions(fndecl)) {
    deferred_functions =
        tree_cons(fndecl, DECL_SAVED_TREE(fndecl), deferred_functions);
    DECL_SAVED_TREE(fndecl) = alloc_stmt_list();
    return;
  }
  process_function(fndecl);
}

// Every GIMPLE pass of the plugin and where it runs: the pass table, in
// pipeline order.
struct PassPlacement {
  opt_pass *(*make)(::gcc::context *);
  const char *after; // the pass it follows
  int instance;      // which run of that pass (0: every run)
};
const PassPlacement kPasses[] = {
    // After early inlining, so that the alias oracle sees through the
    // helpers that touch buffers.
    {ferry::make_host_sync_pass, "einline", 1},
    // The C library's maths inlined where ferry's device code calls it
    // (device_math.h), once early inlining brought the helpers' calls in.
    {ferry::make_device_math_pass, "einline", 1},
    // Before the streamed device code meets late SRA (device_loops.h).
    {ferry::make_device_loops_pass, "einline", 1},
    // Loops counted at run time unrolled where they ask for it
    // (device_loops.h), once the early redundancy elimination has made
    // their exit tests comparisons that GCC can count.
    {ferry::make_device_unroll_pass, "fre", 1},
    // Selects for short choices (device_selects.h), once the early
    // redundancy elimination has removed the arms' repeated loads.
    {ferry::make_device_selects_pass, "phiopt", 1},
    // Points-to analysis runs again, and clears clique 1, as PRE starts
    // and after the SSA-form OpenMP expansion that precedes the vectorizer.
    {ferry::make_region_restrict_pass, "alias", 1},
    {ferry::make_region_restrict_pass, "pre", 1},
    {ferry::make_region_restrict_pass, "ompexpssa", 0},
    // At the end of the host pipeline, after the device code went to the
    // offload compiler.
    {ferry::make_direct_asm_pass, "optimized", 1},
};

void register_passes(const char *plugin_name) {
  for (const PassPlacement &placement : kPasses) {
    // GCC keeps the pointer until the pass manager is set up.
    auto *info =
        new register_pass_info{placement.make(g), placement.after,
                               placement.instance, PASS_POS_INSERT_AFTER};
    register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, nullptr, info);
  }
}

void on_attributes(void *, void *) { ferry::register_attributes(); }

void on_finish_decl(void *gcc_data, void *) {
  ferry::finish_c_source_declaration(static_cast<tree>(gcc_data));
}

void on_ipa_start(void *, void *) { ferry::unlist_shared_offload_variables(); }

// Lets <ferry/ferry.hpp> know that the plugin reads the attributes.
// PLUGIN_PRAGMAS comes before the source is read both when compiling and
// when only preprocessing (-E, -save-temps); preprocessed input already
// carries the result.
void on_pragmas(void *, void *) {
  if (!cpp_get_options(parse_in)->preprocessed)
    cpp_define(parse_in, "__FERRY_PLUGIN__=1");
  ferry::watch_active_lines();
}

} // namespace

int plugin_init(plugin_name_args *info, plugin_gcc_version *version) {
  if (!plugin_default_version_check(version, &gcc_version)) {
    error("ferry: this plugin was built for GCC %s and cannot run in GCC %s; "
          "rebuild ferry with this compiler",
          gcc_version.basever, version->basever);
    return 1;
  }
  if (!parse_options(info))
    return 1;

  static plugin_info about = {kVersion, kHelp};
  register_callback(info->base_name, PLUGIN_INFO, nullptr, &about);
  register_callback(info->base_name, PLUGIN_ATTRIBUTES, on_attributes, nullptr);
  register_callback(info->base_name, PLUGIN_PRAGMAS, on_pragmas, nullptr);
  register_callback(info->base_name, PLUGIN_ALL_IPA_PASSES_START, on_ipa_start,
                    nullptr);
  register_callback(info->base_name, PLUGIN_PRE_GENERICIZE, on_pre_genericize,
                    nullptr);
  if (options.c_source)
    register_callback(info->base_name, PLUGIN_FINISH_DECL, on_finish_decl,
                      nullptr);
  register_passes(info->base_name);
  register_callback(
      info->base_name, PLUGIN_REGISTER_GGC_ROOTS, nullptr,
      const_cast<ggc_root_tab *>(ferry::runtime_calls::gc_roots()));
  register_callback(info->base_name, PLUGIN_REGISTER_GGC_ROOTS, nullptr,
                    const_cast<ggc_root_tab *>(ferry::view_gc_roots()));
  register_callback(info->base_name, PLUGIN_REGISTER_GGC_ROOTS, nullptr,
                    const_cast<ggc_root_tab *>(deferred_roots));
  register_callback(info->base_name, PLUGIN_REGISTER_GGC_ROOTS, nullptr,
                    const_cast<ggc_root_tab *>(ferry::team_helper_gc_roots()));
  front_end_parse_file = lang_hooks.parse_file;
  lang_hooks.parse_file = parse_file_then_deferred_functions;
  return 0;
}
