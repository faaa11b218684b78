// SPDX-License-Identifier: GPL-3.0-or-later
// See device_loops.h.
#include "device_loops.h"

#include "attributes.h"

#include <algorithm>

namespace ferry {

bool is_ferry_device_code(tree fndecl) {
  const tree attributes = DECL_ATTRIBUTES(fndecl);
  const bool offloaded = lookup_attribute("omp declare target", attributes) ||
                         lookup_attribute("omp target entrypoint", attributes);
  // A kernel's regions inherit its attributes; the kernel runs on the host.
  return offloaded && (lookup_attribute(kFerryDeviceCodeAttribute, attributes) ||
                       has_ferry_attribute(fndecl, "kernel"));
}

namespace {

// How many times LOOP's body runs when that is a known constant, else 0.
// After early inlining a `for` loop is not yet rotated: its exit test
// sits in the header, which runs once more than the latch and the body.
unsigned HOST_WIDE_INT trips(class loop *loop) {
  tree latches = number_of_latch_executions(loop);
  if (!latches || TREE_CODE(latches) != INTEGER_CST ||
      !tree_fits_uhwi_p(latches))
    return 0;
  const edge exit = single_exit(loop);
  const bool tested_in_header = exit && exit->src == loop->header;
  return tree_to_uhwi(latches) + (tested_in_header ? 0 : 1);
}

const pass_data kDeviceLoopsPassData =
    gcc::gimple_pass("ferry-device-loops", PROP_cfg | PROP_ssa, OPTGROUP_LOOP);

class DeviceLoopsPass : public gimple_opt_pass {
public:
  explicit DeviceLoopsPass(::gcc::context *context)
      : gimple_opt_pass(kDeviceLoopsPassData, context) {}

  bool gate(function *fun) override {
    return optimize > 0 && is_ferry_device_code(fun->decl);
  }

  unsigned int execute(function *fun) override {
    // Counting iterations needs each loop's exits.
    loop_optimizer_init(LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
    scev_initialize();
    if (is_constants_twin(fun->decl))
      mark_nests(fun);
    else
      for (class loop *loop : loops_list(fun, LI_ONLY_INNERMOST))
        if (!loop->unroll) // else the user's own pragma
          mark(loop, trips(loop), kMaxUnrolledTrips, body_size(loop));
    scev_finalize();
    loop_optimizer_finalize();
    return 0;
  }

private:
  static bool is_constants_twin(tree fndecl) {
    return lookup_attribute(kConstantsTwinAttribute, DECL_ATTRIBUTES(fndecl));
  }

  // The statements in LOOP's body, debug statements aside.
  static unsigned HOST_WIDE_INT body_size(class loop *loop) {
    basic_block *blocks = get_loop_body(loop);
    unsigned HOST_WIDE_INT size = 0;
    for (unsigned i = 0; i < loop->num_nodes; ++i)
      for (gimple_stmt_iterator gsi = gsi_start_nondebug_bb(blocks[i]);
           !gsi_end_p(gsi); gsi_next_nondebug(&gsi))
        ++size;
    free(blocks);
    return size;
  }

  // Marks LOOP for complete unrolling when it runs TRIPS (known) times, at
  // most LIMIT, and its SIZE statements copied TRIPS times stay within
  // kMaxUnrolledStatements; returns whether it did.
  static bool mark(class loop *loop, unsigned HOST_WIDE_INT trips,
                   unsigned HOST_WIDE_INT limit,
                   unsigned HOST_WIDE_INT size = 0) {
    if (trips == 0 || trips > limit || trips * size > kMaxUnrolledStatements)
      return false;
    loop->unroll = static_cast<unsigned short>(trips);
    if (dump_file)
      fprintf(dump_file, "loop %d: unrolled completely\n", loop->num);
    return true;
  }

  // Inner loops first: a loop is marked when all loops inside it are and
  // the copies of its body stay within kMaxConstantCopies.
  static void mark_nests(function *fun) {
    hash_map<int_hash<int, -1, -2>, unsigned HOST_WIDE_INT> copies;
    for (class loop *loop : loops_list(fun, LI_FROM_INNERMOST)) {
      unsigned HOST_WIDE_INT inside = 1;
      bool all_marked = true;
      for (class loop *inner = loop->inner; inner; inner = inner->next) {
        const unsigned HOST_WIDE_INT *count = copies.get(inner->num);
        all_marked = all_marked && count;
        if (count)
          inside = std::max(inside, *count);
      }
      const unsigned HOST_WIDE_INT own = trips(loop);
      if (all_marked && !loop->unroll &&
          mark(loop, own, kMaxConstantCopies / inside))
        copies.put(loop->num, own * inside);
    }
  }
};

const pass_data kDeviceUnrollPassData = gcc::gimple_pass(
    "ferry-device-unroll", PROP_cfg | PROP_ssa, OPTGROUP_LOOP);

// Whether LOOP's body reads memory: what its copies gain is loads in
// flight together.  A loop that only computes (RAJAPerf's PI_REDUCE,
// four iterations a thread) took 10% longer in copies, for the count's
// division and the loop of the rest.
bool loads_memory(class loop *loop) {
  basic_block *blocks = get_loop_body(loop);
  bool loads = false;
  for (unsigned i = 0; i < loop->num_nodes && !loads; ++i)
    for (gimple_stmt_iterator gsi = gsi_start_bb(blocks[i]);
         !gsi_end_p(gsi) && !loads; gsi_next(&gsi))
      loads = gimple_assign_load_p(gsi_stmt(gsi));
  free(blocks);
  return loads;
}

// Innermost loops marked for unrolling (`#pragma GCC unroll`, or
// unrollable_for's strided loops) whose trip count is known at run time
// only, and whose body loads: each becomes a loop of that many copies of
// its body while as many iterations remain, and a loop of one copy for
// the rest (GCC's tree_unroll_loop, as predictive commoning unrolls).
// The offload compiler would leave such a loop as it is (device_loops.h);
// the host compiler's RTL unroller would have, but the copies made here
// reach both.  Returns whether any loop was unrolled.
bool unroll_counted_loops(function *fun) {
  auto_vec<class loop *> marked;
  for (class loop *loop : loops_list(fun, LI_ONLY_INNERMOST))
    if (loop->unroll > 1 && trips(loop) == 0 && loads_memory(loop))
      marked.safe_push(loop);
  if (marked.is_empty())
    return false;
  // The values the loops leave go through the exits' PHIs, which the
  // copies' exits join.
  rewrite_into_loop_closed_ssa(NULL, TODO_update_ssa);
  const unsigned loops_before = number_of_loops(fun);
  bool unrolled = false;
  initialize_original_copy_tables(); // for the loops' copies
  for (class loop *loop : marked) {
    tree_niter_desc niter;
    const unsigned factor = loop->unroll;
    if (!can_unroll_loop_p(loop, factor, &niter))
      continue;
    tree_unroll_loop(loop, factor, &niter);
    loop->unroll = 1;
    unrolled = true;
    if (dump_file)
      fprintf(dump_file, "%s: loop %d: %u copies of its body a trip\n",
              IDENTIFIER_POINTER(DECL_NAME(fun->decl)), loop->num, factor);
  }
  free_original_copy_tables();
  // The loops of the rest took the mark with the rest of their loop's
  // information; they run fewer than FACTOR times.
  for (class loop *loop : loops_list(fun, 0))
    if (loop->num >= static_cast<int>(loops_before))
      loop->unroll = 1;
  return unrolled;
}

class DeviceUnrollPass : public gimple_opt_pass {
public:
  explicit DeviceUnrollPass(::gcc::context *context)
      : gimple_opt_pass(kDeviceUnrollPassData, context) {}

  bool gate(function *fun) override {
    return optimize > 0 && is_ferry_device_code(fun->decl);
  }

  unsigned int execute(function *fun) override {
    loop_optimizer_init(LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
    scev_initialize();
    const bool unrolled = unroll_counted_loops(fun);
    scev_finalize();
    loop_optimizer_finalize();
    return unrolled ? TODO_cleanup_cfg : 0;
  }
};

} // namespace

opt_pass *make_device_loops_pass(::gcc::context *context) {
  return new DeviceLoopsPass(context);
}

opt_pass *make_device_unroll_pass(::gcc::context *context) {
  return new DeviceUnrollPass(context);
}

} // namespace ferry
