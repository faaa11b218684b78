// SPDX-License-Identifier: GPL-3.0-or-later
// The device code of CUDA-style team regions (team_device_code.cc): in a
// team's parallel body and in the helpers it calls, the OpenMP runtime's
// queries, barriers and atomic constructs in the forms a block of CUDA
// threads runs, and the twins of helpers that ask the runtime themselves.
#ifndef FERRY_PLUGIN_TEAM_DEVICE_CODE_H
#define FERRY_PLUGIN_TEAM_DEVICE_CODE_H

#include "gcc_compat.h"

#include <string>
#include <utility>
#include <vector>

namespace ferry {

// At FNDECL's PRE_GENERICIZE: keeps a copy of its body, as its twin's, if
// it asks the OpenMP runtime outside any construct of its own (a CUDA
// __device__ function ported with omp_get_thread_num() and `#pragma omp
// barrier` in it), so that a team entry can call the twin.
void keep_team_helper(tree fndecl);

// The garbage collector's roots of the kept bodies.
const ggc_root_tab *team_helper_gc_roots();

// The statements a team's threads run, in one body: the region's parallel
// body, a serial region's body, or a helper's twin's.
class TeamDeviceCode {
public:
  // WHERE names the body in reasons ("its parallel body").
  TeamDeviceCode(tree *body, std::string where)
      : body_(body), where_(std::move(where)) {}

  // Finds the runtime's queries, the barriers, the atomic constructs and
  // the calls of helpers with twins; false, with the reason in *WHY_NOT,
  // for code the entry cannot run.
  bool scan(std::string *why_not);

  // Puts their device forms in the body, defining the twins the body
  // calls: omp_get_thread_num() the block's register, a barrier
  // `barrier.sync`, an atomic update the header's PTX atomic.  False, with
  // the reason, where a form has no device helper (the body is restored).
  bool replace(std::string *why_not);

  // Puts the originals back.
  void restore();

private:
  static tree visit(tree *node, int *walk_subtrees, void *data);
  bool call(tree *node);
  bool replace_atomic(tree *node);
  bool replace_capture(tree *node, tree address, tree value,
                       const char *helper);
  bool refuse(const std::string &why);
  void replace(tree *node, tree by);

  tree *body_;
  std::string where_;
  std::string why_;
  std::vector<tree *> queries_; // omp_get_thread_num() and the like
  std::vector<tree *> barriers_;
  std::vector<tree *> atomics_; // updates, reads, writes and captures
  std::vector<tree *> helpers_; // calls of helpers with twins
  std::vector<std::pair<tree *, tree>> replaced_;
};

} // namespace ferry

#endif
