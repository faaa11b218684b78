// SPDX-License-Identifier: GPL-3.0-or-later
// See device_functions.h.
#include "device_functions.h"

#include "attributes.h"
#include "device_loops.h"
#include "device_math.h"
#include "direct_header.h"
#include "kernel_pragmas.h"
#include "offload_limits.h"
#include "simt_safety.h"
#include "tree_utils.h"

#include <cstring>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ferry {

namespace {

// What one device function does, found once per translation unit.
struct FunctionFacts {
  std::vector<std::pair<tree, location_t>> callees;
  std::vector<location_t> indirect_calls;
  tree unsafe_local = NULL_TREE;
  location_t unsafe_location = UNKNOWN_LOCATION;
  // A construct or type the GPU cannot run (kernel_pragmas.h,
  // offload_limits.h), reported.
  bool refused = false;
};

// Device functions prepared so far.  The trees are function declarations of
// this unit, which stay referenced by its symbol table.
std::map<tree, FunctionFacts> prepared;

tree definition_of(tree fndecl) {
  return DECL_CLONED_FUNCTION_P(fndecl) ? DECL_CLONED_FUNCTION(fndecl) : fndecl;
}

// Instantiates a template callee whose body the kernel needs now.
void instantiate_if_needed(tree fndecl) {
  tree abstract = definition_of(fndecl);
  if (!DECL_SAVED_TREE(fndecl) && DECL_LANG_SPECIFIC(abstract) &&
      DECL_TEMPLATE_INFO(abstract) && DECL_TEMPLATE_INSTANTIATION(abstract) &&
      !DECL_SAVED_TREE(abstract))
    instantiate_decl(abstract, /*defer_ok=*/false, /*expl_inst=*/false);
}

void mark_offloadable(tree fndecl) {
  if (!lookup_attribute("omp declare target", DECL_ATTRIBUTES(fndecl)))
    DECL_ATTRIBUTES(fndecl) = tree_cons(get_identifier("omp declare target"),
                                        NULL_TREE, DECL_ATTRIBUTES(fndecl));
  if (!lookup_attribute(kFerryDeviceCodeAttribute, DECL_ATTRIBUTES(fndecl)))
    DECL_ATTRIBUTES(fndecl) =
        tree_cons(get_identifier(kFerryDeviceCodeAttribute), NULL_TREE,
                  DECL_ATTRIBUTES(fndecl));
  // Once a call-graph node exists the attribute alone is no longer read.
  if (cgraph_node *node = cgraph_node::get(fndecl)) {
    node->offloadable = 1;
    if (ENABLE_OFFLOADING)
      g->have_offload = true;
  }
}

const FunctionFacts &prepare(tree fndecl) {
  auto found = prepared.find(fndecl);
  if (found != prepared.end())
    return found->second;
  FunctionFacts &facts = prepared[fndecl];
  mark_offloadable(fndecl);

  facts.refused = !lower_kernel_pragmas(fndecl, /*genericized=*/true) |
                  !check_offload_limits(fndecl, /*kernel=*/false);
  tree *body = &DECL_SAVED_TREE(fndecl);
  if (TREE_CODE(*body) == BIND_EXPR)
    body = &BIND_EXPR_BODY(*body);
  select_values_instead_of_references(body);
  // Not in <ferry/device_maths.hpp> itself: its sinf calls the library's
  // for large arguments, which would become a call of its sinf again.
  if (!is_direct_header_function(fndecl))
    use_device_maths(body, Runs::on_host_too);
  tree rewritten = declare_scalar_temporaries(*body);
  if (rewritten != *body) {
    *body = rewritten;
    rebuild_blocks(fndecl);
  }
  facts.unsafe_local =
      local_whose_address_is_taken(fndecl, &facts.unsafe_location);

  struct Calls {
    FunctionFacts *facts;
    location_t where;
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      auto *calls = static_cast<Calls *>(data);
      tree t = *node;
      if (!enter_located(t, walk_subtrees, &calls->where))
        return NULL_TREE;
      if (TREE_CODE(t) == CALL_EXPR || TREE_CODE(t) == AGGR_INIT_EXPR) {
        tree callee = callee_of(t);
        // Internal calls (IFN_*) have no function at all.
        if (callee)
          calls->facts->callees.emplace_back(callee, calls->where);
        else if (TREE_CODE(t) != CALL_EXPR || CALL_EXPR_FN(t))
          calls->facts->indirect_calls.push_back(calls->where);
      }
      return NULL_TREE;
    }
  } calls{&facts, DECL_SOURCE_LOCATION(fndecl)};
  cp_walk_tree_without_duplicates(&DECL_SAVED_TREE(fndecl), Calls::visit,
                                  &calls);
  return facts;
}

class Preparation {
public:
  explicit Preparation(const Kernel &kernel) : k_(kernel) {}

  void function(tree fndecl, location_t call_site) {
    if (fndecl_built_in_p(fndecl) || device_library_function(fndecl) ||
        !visited_.insert(fndecl).second)
      return;
    if (has_ferry_attribute(definition_of(fndecl), "kernel")) {
      error_at(call_site,
               "kernel %qs calls kernel %qD; call kernels from host code",
               k_.name().c_str(), fndecl);
      result_.ok = false;
      return;
    }
    if (!visible_body(fndecl)) {
      auto_diagnostic_group group;
      if (is_host_assert(fndecl)) {
        refuse_assert(call_site, "a kernel or a function it calls");
      } else {
        error_at(call_site,
                 "kernel %qs calls %qD, which is not defined in this "
                 "translation unit; the device needs its body",
                 k_.name().c_str(), fndecl);
        if (throws_library_exception(fndecl))
          inform(call_site,
                 "device code cannot throw: checked accessors such as "
                 "%<at()%> throw when out of range; index with %<[]%>");
        else
          inform(DECL_SOURCE_LOCATION(fndecl),
                 "define %qD in this file or in a header it includes",
                 fndecl);
      }
      // The calls that lead there, from the innermost out: the error may
      // be deep in a library header.
      for (auto call = callers_.rbegin(); call != callers_.rend(); ++call)
        inform(call->second, "through %qD, called here", call->first);
      result_.ok = false;
      return;
    }
    const FunctionFacts &facts = prepare(fndecl);
    if (facts.refused)
      result_.ok = false;
    for (location_t where : facts.indirect_calls) {
      auto_diagnostic_group group;
      error_at(where,
               "%qD, called by kernel %qs, calls through a function "
               "pointer or a virtual function",
               fndecl, k_.name().c_str());
      inform(where, "the device needs to know every function it runs; call "
                    "a function by name");
      result_.ok = false;
    }
    if (facts.unsafe_local && !result_.unsafe_in_simd) {
      result_.unsafe_in_simd = fndecl;
      result_.unsafe_local = facts.unsafe_local;
      result_.unsafe_location = facts.unsafe_location;
    }
    callers_.emplace_back(fndecl, call_site);
    for (const auto &callee : facts.callees)
      function(callee.first, callee.second);
    callers_.pop_back();
  }

  DeviceFunctions result() const { return result_; }

private:
  // The standard library's __throw_* helpers, which its checked
  // operations call.
  static bool throws_library_exception(tree fndecl) {
    return DECL_NAME(fndecl) && decl_in_std_namespace_p(fndecl) &&
           std::strncmp(IDENTIFIER_POINTER(DECL_NAME(fndecl)), "__throw_", 8) ==
               0;
  }

  const Kernel &k_;
  std::set<tree> visited_;
  std::vector<std::pair<tree, location_t>> callers_; // the calls being walked
  DeviceFunctions result_;
};

} // namespace

bool NoInstantiation::active = false;

namespace {

// A template argument that brings no namespace to argument-dependent
// lookup: a number, a pointer to one, or a constant.
bool brings_no_namespace(tree argument) {
  if (!TYPE_P(argument))
    return TREE_CODE(argument) == INTEGER_CST;
  while (POINTER_TYPE_P(argument))
    argument = TREE_TYPE(argument);
  return TREE_CODE(argument) == INTEGER_TYPE ||
         TREE_CODE(argument) == REAL_TYPE ||
         TREE_CODE(argument) == BOOLEAN_TYPE;
}

// Whether the instance FNDECL means the same wherever it is instantiated:
// its arguments bring no namespace, and its template calls nothing whose
// lookup waits for them (every call in the pattern names its function),
// so a later declaration cannot change it.  HeCBench's s3d divides
// through `template <class T1, class T2> T1 DIV(T1, T2)` in every loop.
bool same_at_any_point(tree fndecl) {
  tree abstract = definition_of(fndecl);
  if (!DECL_LANG_SPECIFIC(abstract) || !DECL_TEMPLATE_INFO(abstract) ||
      !DECL_TEMPLATE_INSTANTIATION(abstract))
    return false;
  tree args = DECL_TI_ARGS(abstract);
  for (int level = 1; level <= TMPL_ARGS_DEPTH(args); ++level) {
    tree arguments = TMPL_ARGS_LEVEL(args, level);
    for (int i = 0; i < TREE_VEC_LENGTH(arguments); ++i)
      if (!brings_no_namespace(TREE_VEC_ELT(arguments, i)))
        return false;
  }
  tree pattern = DECL_TEMPLATE_RESULT(most_general_template(
      DECL_TI_TEMPLATE(abstract)));
  if (!pattern || !DECL_SAVED_TREE(pattern))
    return false;
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      if (TREE_CODE(t) != CALL_EXPR)
        return NULL_TREE;
      tree function = CALL_EXPR_FN(t);
      if (function && TREE_CODE(function) == ADDR_EXPR)
        function = TREE_OPERAND(function, 0);
      return !function || TREE_CODE(function) != FUNCTION_DECL ? t
                                                                : NULL_TREE;
    }
  };
  return !cp_walk_tree_without_duplicates(&DECL_SAVED_TREE(pattern),
                                          Search::visit, nullptr);
}

// Whether FNDECL is <ferry/direct.hpp>'s, which the plugin's own calls
// reach in the program's regions (the templates behind sin and pow of
// <ferry/device_maths.hpp>): its lookups find the header's declarations
// only, wherever it is instantiated.
bool in_ferry_header(tree fndecl) {
  tree direct = direct_namespace();
  return direct && is_nested_namespace(direct, decl_namespace_context(fndecl));
}

} // namespace

tree visible_body(tree fndecl) {
  // The standard library's templates (std::max<double>) look nothing up in
  // the program's later declarations that their arguments do not bring.
  if (!NoInstantiation::active || decl_in_std_namespace_p(fndecl) ||
      in_ferry_header(fndecl) || same_at_any_point(fndecl))
    instantiate_if_needed(fndecl);
  return DECL_SAVED_TREE(fndecl);
}

bool device_library_function(tree fndecl) {
  if (!DECL_NAME(fndecl) || !DECL_EXTERN_C_P(fndecl) ||
      !DECL_IN_SYSTEM_HEADER(fndecl) || DECL_SAVED_TREE(fndecl))
    return false;
  // The one routine of the OpenMP runtime whose answer does not depend on
  // the construct that runs the code: 0 on the device (libgomp's nvptx
  // library, which the direct entries link too), 1 where the kernel runs
  // on the host, as in GCC's host fallback.  RSBench asks it in its loop.
  if (id_equal(DECL_NAME(fndecl), "omp_is_initial_device"))
    return true;
  // The library names of GCC's builtins, once.
  static const std::set<std::string> &names = *[] {
    auto *found = new std::set<std::string>;
    constexpr char prefix[] = "__builtin_";
    for (int code = 0; code < static_cast<int>(END_BUILTINS); ++code) {
      const auto function = static_cast<built_in_function>(code);
      tree decl = builtin_decl_explicit_p(function)
                      ? builtin_decl_explicit(function)
                      : NULL_TREE;
      if (!decl || !DECL_NAME(decl))
        continue;
      const std::string name = IDENTIFIER_POINTER(DECL_NAME(decl));
      if (name.compare(0, sizeof prefix - 1, prefix) == 0)
        found->insert(name.substr(sizeof prefix - 1));
    }
    return found;
  }();
  return names.count(IDENTIFIER_POINTER(DECL_NAME(fndecl))) != 0;
}

tree undefined_callee(tree fndecl) {
  return undefined_callee_in(DECL_SAVED_TREE(fndecl));
}

namespace {

// The first function BODY calls, directly or through the bodies of its
// callees (each looked at once), that PICK picks: PICK (CALLEE, ITS_BODY)
// sees a builtin, a device library function or a kernel with ITS_BODY
// NULL_TREE and none of their calls, and any other callee with the body
// the unit has so far (but <ferry/direct.hpp>'s, which it skips),
// NULL_TREE if none.
template <class Pick> tree find_callee(tree body, Pick pick) {
  struct Search {
    Pick pick;
    std::set<tree> seen;
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      auto *search = static_cast<Search *>(data);
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      if (TREE_CODE(t) != CALL_EXPR && TREE_CODE(t) != AGGR_INIT_EXPR)
        return NULL_TREE;
      tree callee = callee_of(t);
      // <ferry/direct.hpp>'s helpers, which ferry's own code calls, are
      // neither looked into nor instantiated here.
      if (!callee || is_direct_header_function(callee) ||
          !search->seen.insert(callee).second)
        return NULL_TREE;
      if (fndecl_built_in_p(callee) || device_library_function(callee) ||
          has_ferry_attribute(definition_of(callee), "kernel"))
        return search->pick(callee, NULL_TREE) ? callee : NULL_TREE;
      tree body = visible_body(callee);
      if (search->pick(callee, body))
        return callee;
      return body ? cp_walk_tree_without_duplicates(&body, visit, data)
                  : NULL_TREE;
    }
  } search{pick, {}};
  return cp_walk_tree_without_duplicates(&body, Search::visit, &search);
}

} // namespace

tree undefined_callee_in(tree body) {
  return find_callee(body, [](tree callee, tree body) {
    return !body && !fndecl_built_in_p(callee) &&
           !device_library_function(callee) &&
           !has_ferry_attribute(definition_of(callee), "kernel");
  });
}

void use_device_maths_in_callees(tree body) {
  // Each helper once in the unit: its body changes in place, before
  // find_callee walks it for the helpers it calls in turn.
  static std::set<tree> done;
  find_callee(body, [](tree callee, tree helper_body) {
    if (!helper_body || !done.insert(callee).second)
      return false;
    // ferry's device code, whose passes fold the maths' SIMT test.
    mark_offloadable(callee);
    tree *statements = &DECL_SAVED_TREE(callee);
    if (TREE_CODE(*statements) == BIND_EXPR)
      statements = &BIND_EXPR_BODY(*statements);
    use_device_maths(statements, Runs::on_host_too);
    return false;
  });
}

tree openmp_query_in(tree body) {
  return find_callee(body, [](tree callee, tree) {
    if (!DECL_NAME(callee))
      return false;
    const char *name = IDENTIFIER_POINTER(DECL_NAME(callee));
    // A construct in a helper (`#pragma omp barrier`) calls libgomp's
    // entry points through GCC's builtins.
    if (fndecl_built_in_p(callee, BUILT_IN_NORMAL))
      return !strncmp(name, "__builtin_GOMP_", 15);
    return DECL_EXTERN_C_P(callee) && !strncmp(name, "omp_", 4) &&
           !id_equal(DECL_NAME(callee), "omp_is_initial_device");
  });
}

tree writable_device_global_in(tree body) {
  struct Named {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      tree t = *node;
      if (TYPE_P(t))
        *walk_subtrees = 0;
      return VAR_P(t) && (TREE_STATIC(t) || DECL_EXTERNAL(t)) &&
                     !TREE_READONLY(t) &&
                     (lookup_attribute("omp declare target",
                                       DECL_ATTRIBUTES(t)) ||
                      lookup_attribute("omp declare target link",
                                       DECL_ATTRIBUTES(t)))
                 ? t
                 : NULL_TREE;
    }
  };
  tree global =
      cp_walk_tree_without_duplicates(&body, Named::visit, nullptr);
  if (!global)
    find_callee(body, [&global](tree, tree callee_body) {
      return callee_body &&
             (global = cp_walk_tree_without_duplicates(&callee_body,
                                                       Named::visit, nullptr));
    });
  return global;
}

void offload_constant_tables(tree body) {
  struct Named {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      tree t = *node;
      if (TYPE_P(t))
        *walk_subtrees = 0;
      if (VAR_P(t) && TREE_STATIC(t) && !DECL_EXTERNAL(t) &&
          TREE_READONLY(t) && DECL_INITIAL(t) &&
          !DECL_THREAD_LOCAL_P(t) && !TREE_THIS_VOLATILE(t) &&
          (!DECL_CONTEXT(t) || TREE_CODE(DECL_CONTEXT(t)) == NAMESPACE_DECL ||
           TREE_CODE(DECL_CONTEXT(t)) == TRANSLATION_UNIT_DECL) &&
          !lookup_attribute("omp declare target", DECL_ATTRIBUTES(t)) &&
          !lookup_attribute("omp declare target link", DECL_ATTRIBUTES(t))) {
        DECL_ATTRIBUTES(t) = tree_cons(get_identifier("omp declare target"),
                                       NULL_TREE, DECL_ATTRIBUTES(t));
        varpool_node::get_create(t)->offloadable = 1;
        if (ENABLE_OFFLOADING) {
          g->have_offload = true;
          vec_safe_push(offload_vars, t);
        }
      }
      return NULL_TREE;
    }
  };
  cp_walk_tree_without_duplicates(&body, Named::visit, nullptr);
  find_callee(body, [](tree, tree callee_body) {
    if (callee_body)
      cp_walk_tree_without_duplicates(&callee_body, Named::visit, nullptr);
    return false;
  });
}

DeviceFunctions prepare_device_functions(
    const Kernel &kernel,
    const std::vector<std::pair<tree, location_t>> &callees) {
  Preparation preparation(kernel);
  for (const auto &callee : callees)
    preparation.function(callee.first, callee.second);
  return preparation.result();
}

} // namespace ferry
