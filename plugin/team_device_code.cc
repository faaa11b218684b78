// SPDX-License-Identifier: GPL-3.0-or-later
// The device code of CUDA-style team regions (team_regions.h).  A team
// entry runs its threads as one CUDA block, where libgomp's routines have
// no team to answer for: in the code the threads run, omp_get_thread_num()
// and its kin become the block's registers (ferry::direct::block_thread,
// ...), `#pragma omp barrier` becomes block_barrier(), atomic updates,
// reads and writes the header's PTX atomics or plain word accesses, and
// captures the header's updates that return the old value.
//
// The code the threads run includes the helpers they call.  A helper that
// asks the runtime itself (CUDA __device__ functions ported so: HeCBench's
// `estep1_kernel` calls omp_get_team_num(), `twoWayScan` holds barriers)
// is called through a twin, `__ferry_team_twin_<helper>`, a device
// function whose body is the helper's in these forms.  The twin's body is
// copied at the helper's PRE_GENERICIZE, while it is the front end's
// trees as the region's body is (keep_team_helper), and the twin is
// defined when an entry first calls it; a helper no entry calls keeps only
// an unused copy.  The helper itself stays as it is, for the host and for
// GCC's path.
#include "team_device_code.h"

#include "device_definitions.h"
#include "device_functions.h"
#include "device_loops.h"
#include "direct_header.h"
#include "reductions.h"
#include "tree_utils.h"

#include <algorithm>
#include <map>
#include <set>

namespace ferry {

namespace {

// The routines of the OpenMP runtime a team's code asks where it runs,
// and the <ferry/direct.hpp> helpers that answer them in a block.
const char *block_helper_for(tree callee) {
  static const std::pair<const char *, const char *> kQueries[] = {
      {"omp_get_thread_num", "block_thread"},
      {"omp_get_num_threads", "block_threads"},
      {"omp_get_team_num", "block_index"},
      {"omp_get_num_teams", "block_count"}};
  if (!callee || !DECL_NAME(callee) || !DECL_EXTERN_C_P(callee))
    return nullptr;
  for (const auto &[routine, helper] : kQueries)
    if (id_equal(DECL_NAME(callee), routine))
      return helper;
  return nullptr;
}

// Whether E reads the element at ADDRESS, an atomic construct's: `*a`
// where a is ADDRESS itself or the variable its TARGET_EXPR sets.
bool is_atomic_element(tree e, tree address) {
  e = tree_strip_any_location_wrapper(e);
  while (CONVERT_EXPR_P(e) || TREE_CODE(e) == NON_LVALUE_EXPR)
    e = tree_strip_any_location_wrapper(TREE_OPERAND(e, 0));
  if (TREE_CODE(e) != INDIRECT_REF && TREE_CODE(e) != MEM_REF)
    return false;
  tree pointer = tree_strip_any_location_wrapper(TREE_OPERAND(e, 0));
  return pointer == address || (TREE_CODE(address) == TARGET_EXPR &&
                                pointer == TARGET_EXPR_SLOT(address));
}

// The address an atomic construct's element is named by, as the call of a
// helper takes it: the expression a TARGET_EXPR saves.
tree helper_address(tree address) {
  return TREE_CODE(address) == TARGET_EXPR ? TARGET_EXPR_INITIAL(address)
                                           : address;
}

// The kept helpers: a TREE_LIST of helper -> (twin . body), the body
// NULL_TREE once the twin is defined; a garbage-collection root.  The map
// finds a helper's (twin . body) node.
tree kept_helpers;
std::map<tree, tree> twin_of;
// The helpers whose twins are being defined (one calling another), to
// refuse recursion.
std::set<tree> defining;

const ggc_root_tab kept_helper_roots[] = {
    {&kept_helpers, 1, sizeof(kept_helpers), &gt_ggc_mx_tree_node,
     &gt_pch_nx_tree_node},
    LAST_GGC_ROOT_TAB};

// Whether a twin of a function of TYPE can take its parameters and give
// its result as the helper does: numbers, pointers, references and
// trivially copyable structs (HeCBench's uint4), which pass by value as
// bytes; no class whose copies the front end makes at the call.
bool passes_as_bytes(tree type) {
  return is_number_type(type) || POINTER_TYPE_P(type) ||
         (CLASS_TYPE_P(type) && COMPLETE_TYPE_P(type) &&
          trivially_copyable_p(type) && !TREE_ADDRESSABLE(type));
}

bool twin_can_have_type(tree type) {
  tree result = TREE_TYPE(type);
  if (!VOID_TYPE_P(result) && !passes_as_bytes(result))
    return false;
  for (tree arg = TYPE_ARG_TYPES(type); arg && arg != void_list_node;
       arg = TREE_CHAIN(arg))
    if (!passes_as_bytes(TREE_VALUE(arg)))
      return false;
  return TYPE_ARG_TYPES(type) != NULL_TREE; // no unprototyped or variadic
}

// Whether BODY asks the runtime outside any construct of its own: calls a
// query, holds a barrier, or calls a kept helper; and holds no construct
// but atomic ones (a function with its own parallel region is no helper
// of a team's threads), and none of what host code has and device code
// cannot (exceptions, cleanups of objects with destructors, lambdas): the
// host's OpenMP code asks omp_get_thread_num() in many functions, whose
// bodies need no copy.
bool asks_runtime_alone(tree body) {
  struct Search {
    bool asks = false;
    bool construct = false;
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      auto *search = static_cast<Search *>(data);
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      switch (TREE_CODE(t)) {
      case TRY_BLOCK:
      case HANDLER:
      case EH_SPEC_BLOCK:
      case THROW_EXPR:
      case CLEANUP_STMT:
      case LAMBDA_EXPR:
        search->construct = true;
        return t;
      default:
        break;
      }
      if (is_non_atomic_construct(TREE_CODE(t))) {
        search->construct = true;
        return t;
      }
      if (TREE_CODE(t) == CALL_EXPR)
        if (tree callee = callee_of(t))
          search->asks |= fndecl_built_in_p(callee, BUILT_IN_GOMP_BARRIER) ||
                          block_helper_for(callee) || twin_of.count(callee);
      return NULL_TREE;
    }
  } search;
  cp_walk_tree_without_duplicates(&body, Search::visit, &search);
  return search.asks && !search.construct;
}

// A device function of the helper's type, named for it, with the
// helper's parameters and result as its own (mapped in *MAP).
tree declare_twin(tree helper, hash_map<tree, tree> *map) {
  const std::string name =
      "__ferry_team_twin_" +
      std::string(IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(helper)));
  tree twin = build_lang_decl(FUNCTION_DECL, get_identifier(name.c_str()),
                              TREE_TYPE(helper));
  DECL_SOURCE_LOCATION(twin) = DECL_SOURCE_LOCATION(helper);
  DECL_CONTEXT(twin) = FROB_CONTEXT(global_namespace);
  SET_DECL_LANGUAGE(twin, lang_c);
  DECL_ARTIFICIAL(twin) = 1;
  DECL_IGNORED_P(twin) = 1;
  TREE_USED(twin) = 1;
  DECL_DECLARED_INLINE_P(twin) = 1;
  // Internal linkage, decided now: an inline function whose linkage is
  // left open is given it at the end of the unit, which asserts that it
  // is public (a twin defined while templates are instantiated there).
  DECL_INTERFACE_KNOWN(twin) = 1;
  // Its returns were not parsed, which the front end counts for
  // -Wreturn-type.
  suppress_warning(twin, OPT_Wreturn_type);
  DECL_ATTRIBUTES(twin) =
      tree_cons(get_identifier("omp declare target"), NULL_TREE,
                tree_cons(get_identifier(kFerryDeviceCodeAttribute), NULL_TREE,
                          NULL_TREE));
  tree *chain = &DECL_ARGUMENTS(twin);
  for (tree parm = DECL_ARGUMENTS(helper); parm; parm = DECL_CHAIN(parm)) {
    tree copy = cp_build_parm_decl(twin, DECL_NAME(parm), TREE_TYPE(parm));
    TREE_USED(copy) = 1;
    DECL_READ_P(copy) = 1;
    map->put(parm, copy);
    *chain = copy;
    chain = &DECL_CHAIN(copy);
  }
  // start_preparsed_function keeps a result the function has.
  tree result = build_decl(DECL_SOURCE_LOCATION(helper), RESULT_DECL,
                           NULL_TREE, TREE_TYPE(TREE_TYPE(helper)));
  DECL_ARTIFICIAL(result) = 1;
  DECL_IGNORED_P(result) = 1;
  DECL_CONTEXT(result) = twin;
  DECL_RESULT(twin) = result;
  if (DECL_RESULT(helper))
    map->put(DECL_RESULT(helper), result);
  return twin;
}

// HELPER's twin, defined on first use; NULL_TREE, with the reason in
// *WHY_NOT, where its code cannot run in a team entry.
tree define_twin(tree helper, std::string *why_not) {
  tree kept = twin_of.at(helper);
  tree twin = TREE_PURPOSE(kept);
  if (!TREE_VALUE(kept))
    return twin;
  const std::string where = "'" + name_of(helper) + "'";
  if (tree global = writable_device_global_in(TREE_VALUE(kept))) {
    *why_not = where + " uses '" + name_of(global) +
               "', a variable of 'omp declare target' (ferry's entries have "
               "copies of their own)";
    return NULL_TREE;
  }
  if (!defining.insert(helper).second) {
    *why_not = where + " calls itself";
    return NULL_TREE;
  }
  TeamDeviceCode code(&TREE_VALUE(kept), where);
  const bool runs = code.scan(why_not) && code.replace(why_not);
  defining.erase(helper);
  if (!runs)
    return NULL_TREE;
  tree body = TREE_VALUE(kept);
  TREE_VALUE(kept) = NULL_TREE;
  return define_device_function(twin, body, [](tree copied) { return copied; });
}

} // namespace

void keep_team_helper(tree fndecl) {
  if (TREE_CODE(TREE_TYPE(fndecl)) != FUNCTION_TYPE ||
      DECL_ARTIFICIAL(fndecl) || MAIN_NAME_P(DECL_NAME(fndecl)) ||
      twin_of.count(fndecl) || !twin_can_have_type(TREE_TYPE(fndecl)) ||
      !asks_runtime_alone(DECL_SAVED_TREE(fndecl)))
    return;
  hash_map<tree, tree> map;
  tree twin = declare_twin(fndecl, &map);
  FunctionCodeCopy copier(fndecl, twin, &map);
  tree body = copier.copy(DECL_SAVED_TREE(fndecl));
  copier.finish();
  kept_helpers =
      tree_cons(fndecl, tree_cons(twin, body, NULL_TREE), kept_helpers);
  twin_of[fndecl] = TREE_VALUE(kept_helpers);
}

const ggc_root_tab *team_helper_gc_roots() { return kept_helper_roots; }

bool TeamDeviceCode::refuse(const std::string &why) {
  why_ = why;
  return false;
}

bool TeamDeviceCode::scan(std::string *why_not) {
  // Once a node: the front end shares some (a block's capture `{x += 2;
  // v = x;}` is one SAVE_EXPR used twice), and each is replaced once.
  const bool runs =
      !cp_walk_tree_without_duplicates(body_, visit, this) && why_.empty();
  if (!runs)
    *why_not = why_;
  return runs;
}

tree TeamDeviceCode::visit(tree *node, int *walk_subtrees, void *data) {
  auto *self = static_cast<TeamDeviceCode *>(data);
  tree t = *node;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  switch (TREE_CODE(t)) {
  case OMP_ATOMIC:
  case OMP_ATOMIC_READ:
  case OMP_ATOMIC_CAPTURE_OLD:
  case OMP_ATOMIC_CAPTURE_NEW:
    self->atomics_.push_back(node);
    return NULL_TREE;
  case CALL_EXPR:
    return self->call(node) ? NULL_TREE : t;
  case ASM_EXPR:
    self->refuse(self->where_ + " holds an 'asm' statement");
    return t;
  default:
    if (is_non_atomic_construct(TREE_CODE(t))) {
      std::string name = get_tree_code_name(TREE_CODE(t));
      std::replace(name.begin(), name.end(), '_', ' ');
      self->refuse(self->where_ + " holds a '#pragma " + name +
                   "', which ferry's entry does not run");
      return t;
    }
    return NULL_TREE;
  }
}

bool TeamDeviceCode::call(tree *node) {
  tree callee = callee_of(*node);
  if (!callee)
    return refuse(where_ + " calls through a pointer");
  if (fndecl_built_in_p(callee, BUILT_IN_GOMP_BARRIER)) {
    barriers_.push_back(node);
    return true;
  }
  if (block_helper_for(callee)) {
    queries_.push_back(node);
    return true;
  }
  if (twin_of.count(callee)) {
    helpers_.push_back(node);
    return true;
  }
  // <ferry/direct.hpp>'s block helpers, which a team loop's body calls
  // (team_loops.h): their .shared scratch is the block's.
  if (is_direct_header_function(callee))
    return true;
  // What the runtime answers, directly or in a helper without a twin,
  // depends on libgomp's state, which a launch of the entry does not set
  // up.  The callee's code, not the arguments' (`f(omp_get_team_num())`
  // asks in the body, which the walk goes on to).
  tree callee_only = build_call_array_loc(
      EXPR_LOCATION(*node), TREE_TYPE(*node), CALL_EXPR_FN(*node), 0, nullptr);
  if (tree asked = openmp_query_in(callee_only))
    return refuse(asked == callee
                      ? where_ + " calls '" + name_of(callee) +
                            "', which ferry's entry cannot answer"
                      : where_ + " calls '" + name_of(callee) +
                            "', which calls '" + name_of(asked) + "'");
  if (tree global = writable_device_global_in(callee_only))
    return refuse(where_ + " calls '" + name_of(callee) + "', which uses '" +
                  name_of(global) + "', a variable of 'omp declare target' "
                  "(ferry's entries have copies of their own)");
  return true;
}

bool TeamDeviceCode::replace(std::string *why_not) {
  const bool replaced = [this] {
    for (tree *node : queries_) {
      tree callee = callee_of(*node);
      tree helper = call_direct_helper(block_helper_for(callee), {});
      if (helper == error_mark_node)
        return refuse("<ferry/direct.hpp> has no block helpers");
      replace(node, fold_convert(TREE_TYPE(*node), helper));
    }
    for (tree *node : barriers_) {
      tree helper = call_direct_helper("block_barrier", {});
      if (helper == error_mark_node)
        return refuse("<ferry/direct.hpp> has no block barrier");
      replace(node, helper);
    }
    for (tree *node : atomics_)
      if (!replace_atomic(node))
        return false;
    for (tree *node : helpers_) {
      std::string why;
      tree twin = define_twin(callee_of(*node), &why);
      if (!twin)
        return refuse(why);
      tree call = copy_node(*node);
      CALL_EXPR_FN(call) =
          build1(ADDR_EXPR, build_pointer_type(TREE_TYPE(twin)), twin);
      replace(node, call);
    }
    return true;
  }();
  if (!replaced) {
    restore();
    *why_not = why_;
  }
  return replaced;
}

bool TeamDeviceCode::replace_atomic(tree *node) {
  tree t = *node;
  tree address = tree_strip_any_location_wrapper(TREE_OPERAND(t, 0));
  tree element_type = TREE_TYPE(TREE_TYPE(address));
  if (!is_atomic_word_type(element_type))
    return refuse(where_ + " updates atomically a value that is not a 4- or "
                  "8-byte number");
  tree element = build1(INDIRECT_REF, element_type,
                        unshare_expr(helper_address(address)));
  if (TREE_CODE(t) == OMP_ATOMIC_READ) {
    // A word's load is atomic on the GPU.
    replace(node, element);
    return true;
  }
  tree update = TREE_OPERAND(t, 1);
  tree combined = bare(update);
  tree value = NULL_TREE;
  const char *helper = nullptr;
  if (BINARY_CLASS_P(combined) &&
      TYPE_MAIN_VARIANT(TREE_TYPE(combined)) ==
          TYPE_MAIN_VARIANT(element_type) &&
      (helper = atomic_device_helper(TREE_CODE(combined)))) {
    if (is_atomic_element(TREE_OPERAND(combined, 0), address))
      value = TREE_OPERAND(combined, 1);
    else if (commutative_tree_code(TREE_CODE(combined)) &&
             is_atomic_element(TREE_OPERAND(combined, 1), address))
      value = TREE_OPERAND(combined, 0);
  }
  const bool reads_element =
      mentions(value ? value : update,
               TREE_CODE(address) == TARGET_EXPR ? TARGET_EXPR_SLOT(address)
                                                 : address);
  const bool captures = TREE_CODE(t) == OMP_ATOMIC_CAPTURE_OLD ||
                        TREE_CODE(t) == OMP_ATOMIC_CAPTURE_NEW;
  if (!value && !reads_element && !captures) {
    // An atomic write: a word's store is atomic on the GPU.
    replace(node, build2(MODIFY_EXPR, element_type, element, update));
    return true;
  }
  if (reads_element || (!value && !captures))
    return refuse(where_ + "'s atomic construct is not an update 'x op= v' "
                  "of a number");
  if (captures)
    return replace_capture(
        node, address, value ? value : update,
        value ? atomic_capture_helper(TREE_CODE(combined)) : nullptr);
  tree call = call_direct_helper(
      helper, {unshare_expr(helper_address(address)), value});
  if (call == error_mark_node)
    return refuse(std::string("<ferry/direct.hpp> has no ") + helper +
                  " for an atomic construct's types");
  replace(node, call);
  return true;
}

// `v = x++`, `{v = x; x op= e;}`, `{x op= e; v = x;}` and `{v = x; x =
// e;}`: the header's update that returns the old value (HELPER,
// atomic_capture_helper's; an exchange for a write, HELPER null), and for
// a capture of the new value the old combined with VALUE as the
// construct combines them.
bool TeamDeviceCode::replace_capture(tree *node, tree address, tree value,
                                     const char *helper) {
  tree t = *node;
  const char *fetch = helper ? helper : "atomic_exchange";
  value = save_expr(value);
  tree old = call_direct_helper(
      fetch, {unshare_expr(helper_address(address)), value});
  if (old == error_mark_node)
    return refuse(std::string("<ferry/direct.hpp> has no ") + fetch +
                  " for an atomic construct's types");
  tree captured = old;
  if (TREE_CODE(t) == OMP_ATOMIC_CAPTURE_NEW) {
    tree combined = bare(TREE_OPERAND(t, 1));
    captured = !helper ? build2(COMPOUND_EXPR, TREE_TYPE(value), old, value)
               : is_atomic_element(TREE_OPERAND(combined, 0), address)
                   ? build2(TREE_CODE(combined), TREE_TYPE(combined),
                            fold_convert(TREE_TYPE(combined), old), value)
                   : build2(TREE_CODE(combined), TREE_TYPE(combined), value,
                            fold_convert(TREE_TYPE(combined), old));
  }
  replace(node, fold_convert(TREE_TYPE(t), captured));
  return true;
}

void TeamDeviceCode::replace(tree *node, tree by) {
  replaced_.emplace_back(node, *node);
  *node = by;
}

void TeamDeviceCode::restore() {
  for (auto it = replaced_.rbegin(); it != replaced_.rend(); ++it)
    *it->first = it->second;
  replaced_.clear();
}

} // namespace ferry
