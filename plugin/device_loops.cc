// SPDX-License-Identifier: GPL-3.0-or-later
// See device_loops.h.
#include "device_loops.h"

namespace ferry {

namespace {

bool compiled_for_device(tree fndecl) {
  return lookup_attribute("omp declare target", DECL_ATTRIBUTES(fndecl)) ||
         lookup_attribute("omp target entrypoint", DECL_ATTRIBUTES(fndecl));
}

const pass_data device_loops_pass_data = {GIMPLE_PASS,
                                          "ferry-device-loops",
                                          OPTGROUP_LOOP,
                                          TV_NONE,
                                          PROP_cfg | PROP_ssa,
                                          0,
                                          0,
                                          0,
                                          0};

class DeviceLoopsPass : public gimple_opt_pass {
public:
  explicit DeviceLoopsPass(::gcc::context *context)
      : gimple_opt_pass(device_loops_pass_data, context) {}

  bool gate(function *fun) override {
    return optimize > 0 && compiled_for_device(fun->decl);
  }

  unsigned int execute(function *fun) override {
    // Counting iterations needs each loop's exits.
    loop_optimizer_init(LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
    scev_initialize();
    for (class loop *loop : loops_list(fun, LI_ONLY_INNERMOST)) {
      if (loop->unroll) // the user's own pragma
        continue;
      tree latches = number_of_latch_executions(loop);
      if (latches && TREE_CODE(latches) == INTEGER_CST &&
          tree_fits_uhwi_p(latches) &&
          tree_to_uhwi(latches) < kMaxUnrolledTrips) {
        loop->unroll = static_cast<unsigned short>(tree_to_uhwi(latches) + 1);
        if (dump_file)
          fprintf(dump_file, "loop %d: unrolled completely\n", loop->num);
      }
    }
    scev_finalize();
    loop_optimizer_finalize();
    return 0;
  }
};

} // namespace

opt_pass *make_device_loops_pass(::gcc::context *context) {
  return new DeviceLoopsPass(context);
}

} // namespace ferry
