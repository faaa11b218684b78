// SPDX-License-Identifier: GPL-3.0-or-later
// See region_lowering.h.
#include "region_lowering.h"

#include "attributes.h"
#include "device_functions.h"
#include "direct_header.h"
#include "ownership_check.h"
#include "region_clauses.h"
#include "runtime_calls.h"
#include "tree_utils.h"

#include <algorithm>
#include <memory>
#include <set>
#include <vector>

namespace ferry {

namespace {

// A statement or expression a kernel cannot hold, though GCC's region may:
// ferry's kernels refuse them, and the region keeps GCC's path.
tree unkept_statement(tree body) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      if (TYPE_P(*node)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      switch (TREE_CODE(*node)) {
      case CALL_EXPR: {
        // A kernel calls no kernel.
        tree callee = callee_of(*node);
        return callee && has_ferry_attribute(callee, "kernel") ? *node
                                                                : NULL_TREE;
      }
      case LAMBDA_EXPR:
      case TRY_BLOCK:
      case THROW_EXPR:
      case ASM_EXPR:
      case GOTO_EXPR:
      case RETURN_EXPR:
        return *node;
      default:
        return NULL_TREE;
      }
    }
  };
  return cp_walk_tree_without_duplicates(&body, Search::visit, nullptr);
}

// Whether evaluating EXPRESSION may change something: it stores, or calls
// a function that is neither const nor pure.  (The flag TREE_SIDE_EFFECTS
// stays set above a saved value that has been taken out.)
bool changes_something(tree expression) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      if (TYPE_P(*node)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      if (store_of(TREE_CODE(*node)) != Store::none ||
          TREE_CODE(*node) == AGGR_INIT_EXPR)
        return *node;
      if (TREE_CODE(*node) == CALL_EXPR) {
        tree callee = callee_of(*node);
        return callee && (TREE_READONLY(callee) || DECL_PURE_P(callee))
                   ? NULL_TREE
                   : *node;
      }
      return NULL_TREE;
    }
  };
  return expression &&
         cp_walk_tree_without_duplicates(&expression, Search::visit, nullptr);
}

// Gives each place of BODY that holds one of the expressions of SHARED
// (the copy puts a decl's stand-in everywhere the decl was) a copy of its
// own: GENERIC shares no expression between two places.
void unshare_uses(tree *body, const std::set<tree> &shared) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      if (static_cast<const std::set<tree> *>(data)->count(*node)) {
        *node = unshare_expr(*node);
        *walk_subtrees = 0;
      } else if (TYPE_P(*node)) {
        *walk_subtrees = 0;
      }
      return NULL_TREE;
    }
  };
  if (!shared.empty())
    cp_walk_tree(body, Search::visit, const_cast<std::set<tree> *>(&shared),
                 nullptr);
}

// A kernel outlined from a region, until the front end finishes it.
struct Outlined {
  std::unique_ptr<Kernel> kernel;
  tree stand_in = NULL_TREE; // the loop's place in the body
  // Per buffer: whether its length is where the program's mapped section
  // ends, found at run time, rather than a section of the region's own.
  std::vector<bool> mapped_extent;
  // Per buffer: whether the loop writes it, as the kernel's check found.
  std::vector<bool> written;
  KernelLowering lower;
  bool lowered = false;
};
std::map<tree, Outlined> outlined;

class Outliner {
public:
  Outliner(tree fndecl, const Kernel &checked,
           const std::vector<Reach> &reaches, const DataSections &present)
      : fndecl_(fndecl), checked_(checked),
        region_(*checked.region), loop_(checked.loops.front()),
        present_(present), reach_ends_(checked.buffers.size()) {
    for (const Reach &reach : reaches)
      reach_ends_[reach.buffer->index] = reach.end;
  }

  bool run(tree *slot, const KernelLowering &lower, std::string *why_not) {
    if (!optimize) {
      *why_not = "the unit is compiled with -O0";
      return false;
    }
    if (const char *other = other_offload_target()) {
      *why_not = std::string("the unit is compiled for ") + other;
      return false;
    }
    if (tree statement = unkept_statement(loop_.body)) {
      *why_not = std::string("its loop holds a '") +
                 get_tree_code_name(TREE_CODE(statement)) +
                 "', which ferry's kernels do not take";
      return false;
    }
    if (tree query = openmp_query_in(loop_.body)) {
      *why_not = std::string("it calls '") +
                 IDENTIFIER_POINTER(DECL_NAME(query)) +
                 "', whose answer depends on the teams and threads that "
                 "GCC's region runs";
      return false;
    }
    if (tree callee = undefined_callee_in(loop_.body)) {
      *why_not = std::string("it calls '") +
                 lang_hooks.decl_printable_name(callee, 2) +
                 "', whose body is not defined before it in this file";
      return false;
    }
    if (!read_kept_clauses(checked_, loop_, &clauses_, why_not))
      return false;
    for (const BufferParam &buffer : checked_.buffers) {
      // The call evaluates the bounds the front end saved at the
      // directive again, in the same place: the same values, unless
      // evaluating them changes something.
      const RegionMap &map = region_.maps[buffer.index];
      if (map.saved_bounds &&
          (changes_something(map.bytes) || changes_something(map.bias))) {
        *why_not = "the bounds of its section of '" + name_of(buffer.decl) +
                   "' have side effects";
        return false;
      }
    }
    find_lengths();
    for (const BufferParam &buffer : checked_.buffers)
      if (TYPE_REF_P(TREE_TYPE(buffer.decl)) && starts_[buffer.index]) {
        *why_not = "its section of '" + name_of(buffer.decl) +
                   "', a reference, starts past the object";
        return false;
      }
    if (!variables_kept(why_not))
      return false;
    declare();
    Outlined &entry = outlined[function_];
    entry.kernel = std::make_unique<Kernel>();
    entry.lower = lower;
    entry.stand_in = build_model(entry.kernel.get());
    for (tree length : lengths_)
      entry.mapped_extent.push_back(length == NULL_TREE);
    define(entry.stand_in);
    const bool lowered = entry.lowered;
    written_ = entry.written;
    outlined.erase(function_);
    if (!lowered) {
      *why_not = "ferry could not show its loop as a kernel";
      return false;
    }
    std::string unmapped;
    for (const BufferParam &buffer : checked_.buffers)
      if (!lengths_[buffer.index])
        unmapped += (unmapped.empty() ? "'" : ", '") + name_of(buffer.decl) +
                    "'";
    why_not->clear();
    if (!unmapped.empty())
      *why_not = "where the program's data directives have mapped " +
                 unmapped + " or its omp_target_alloc gave the memory, and "
                 "as GCC compiles it elsewhere";
    if (clauses_.device_clause)
      *why_not += std::string(why_not->empty() ? "" : "; ") +
                  "on the device its 'device' clause names where that is one "
                  "of ferry's targets (a GPU, or one of FERRY_SIM_DEVICES), "
                  "and as GCC compiles it for other numbers";
    *slot = call(*slot);
    return true;
  }

private:

  // ------------------------------------------------------------- buffers

  // A buffer the function holds by reference (aobench's `const Plane
  // &plane`, mapped whole) is the kernel's pointer to the object: its
  // type, and its value at the call site.
  static tree pointer_type_of(const BufferParam &buffer) {
    tree type = TREE_TYPE(buffer.decl);
    return TYPE_REF_P(type) ? build_pointer_type(TREE_TYPE(type)) : type;
  }
  static tree host_pointer(const BufferParam &buffer) {
    return TYPE_REF_P(TREE_TYPE(buffer.decl))
               ? build_nop(pointer_type_of(buffer), buffer.decl)
               : buffer.decl;
  }

  // Every buffer's section: its own map's, or an enclosing data region's;
  // none for a pointer used without a map.  The kernel's buffer is the
  // section, from its start: one that starts past the pointer (`map(from:
  // a[id * chunk:chunk]) device(id)`, a GPU's share) moves none of the
  // elements before it, which other regions, on other devices, may be
  // writing meanwhile.
  void find_lengths() {
    for (const BufferParam &buffer : checked_.buffers) {
      const RegionMap &map = region_.maps[buffer.index];
      tree bias = map.bias, bytes = map.bytes;
      if (!bytes) {
        auto found = present_.find(buffer.decl);
        if (found != present_.end()) {
          bias = found->second.bias;
          bytes = found->second.bytes;
        }
      }
      if (!bytes) {
        // Used without a map, as inside a data region of a caller: the
        // section the program mapped around it, found at run time.
        lengths_.push_back(NULL_TREE);
        starts_.push_back(NULL_TREE);
        continue;
      }
      tree element = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(buffer.decl)));
      lengths_.push_back(maybe_constant_value(
          section_length(unshare_expr(bytes), element)));
      starts_.push_back(bias && !integer_zerop(bias)
                            ? fold_convert(sizetype, unshare_expr(bias))
                            : NULL_TREE);
    }
  }

  // ----------------------------------------------------------- variables

  // The variables the loop uses that it does not declare: buffers,
  // numbers it reads, privates and reductions; anything else keeps GCC's
  // path.
  bool variables_kept(std::string *why_not) {
    std::set<tree> declared;
    collect_declared(loop_.body, &declared);
    std::vector<tree> used;
    collect_named(loop_.body, &used);
    for (const LoopLevel &level : loop_.levels) {
      collect_named(level.lower, &used);
      collect_named(level.bound, &used);
      for (const BufferParam &buffer : checked_.buffers)
        if (mentions(level.lower, buffer.decl) ||
            mentions(level.bound, buffer.decl)) {
          *why_not = "its loop's bounds read '" + name_of(buffer.decl) + "'";
          return false;
        }
    }
    for (tree var : used) {
      if (declared.count(var) || is_level_var(loop_, var) ||
          checked_.buffer_for(var))
        continue;
      if (!variable_kept(var, why_not))
        return false;
    }
    // A section's length and start are expressions of the kernel's
    // numbers where they can be, so that the check relates them to the
    // loop's bounds; otherwise (`v.size()`) numbers of their own.
    for (std::size_t i = 0; i < lengths_.size(); ++i) {
      opaque_length_.push_back(!lengths_[i] || !in_kernel_terms(lengths_[i]));
      opaque_start_.push_back(starts_[i] && !in_kernel_terms(starts_[i]));
    }
    return true;
  }

  // Whether EXPRESSION reads only constants and numbers the kernel takes
  // by value, which it then takes.  A call's value is the host's: the
  // function need not be one the device has.
  bool in_kernel_terms(tree expression) {
    struct Calls {
      static tree visit(tree *node, int *walk_subtrees, void *) {
        if (TYPE_P(*node))
          *walk_subtrees = 0;
        return TREE_CODE(*node) == CALL_EXPR ||
                       TREE_CODE(*node) == AGGR_INIT_EXPR
                   ? *node
                   : NULL_TREE;
      }
    };
    if (cp_walk_tree_without_duplicates(&expression, Calls::visit, nullptr))
      return false;
    std::vector<tree> named;
    collect_named(expression, &named);
    for (tree var : named)
      if (!is_constant(var) && !note_constant(var) && !is_scalar(var) &&
          !passes_as_value(var))
        return false;
    for (tree var : named)
      if (!is_constant(var) && !is_scalar(var))
        scalars_.push_back(var);
    return true;
  }

  bool is_scalar(tree var) const {
    return std::find(scalars_.begin(), scalars_.end(), var) != scalars_.end();
  }

  bool is_constant(tree var) const {
    return constants_.count(var) != 0;
  }

  // A number of the function, which the kernel takes by value.
  bool passes_as_value(tree var) const {
    tree type = TREE_TYPE(var);
    return DECL_CONTEXT(var) == fndecl_ && !TREE_STATIC(var) &&
           !DECL_EXTERNAL(var) &&
           !(VAR_P(var) && DECL_HAS_VALUE_EXPR_P(var)) &&
           !clauses_.reductions.count(var) && !clauses_.privates.count(var) &&
           !TYPE_REF_P(type) && !POINTER_TYPE_P(type) &&
           TREE_CODE(type) != ARRAY_TYPE && is_copyable_scalar(type);
  }

  // A constant (`const int n = 64;`) is its value in the kernel too, as
  // the check saw it; false for other variables.
  bool note_constant(tree var) {
    if (!VAR_P(var) || !decl_constant_var_p(var))
      return false;
    tree value = scalar_constant_value(var);
    if (value == var || !CONSTANT_CLASS_P(value))
      return false;
    constants_[var] = value;
    return true;
  }

  bool variable_kept(tree var, std::string *why_not) {
    const std::string name = "'" + name_of(var) + "'";
    tree type = TREE_TYPE(var);
    if (note_constant(var))
      return true;
    if (DECL_CONTEXT(var) != fndecl_ || TREE_STATIC(var) ||
        DECL_EXTERNAL(var)) {
      // A constant table, which kernels read as they are.
      if (VAR_P(var) && TREE_READONLY(var))
        return true;
      *why_not = "it uses " + name + ", a variable of static storage";
      return false;
    }
    if (VAR_P(var) && DECL_HAS_VALUE_EXPR_P(var)) {
      *why_not = "it uses " + name + ", which stands for another object";
      return false;
    }
    if (clauses_.reductions.count(var)) {
      reduction_vars_.push_back(var);
      return true;
    }
    if (clauses_.privates.count(var)) {
      private_vars_.push_back(var);
      return true;
    }
    if (TYPE_REF_P(type) || POINTER_TYPE_P(type) ||
        TREE_CODE(type) == ARRAY_TYPE || !is_copyable_scalar(type)) {
      *why_not = "it uses " + name + " of type '" +
                 type_as_string(type, 0) +
                 "', which a kernel does not take as a value";
      return false;
    }
    scalars_.push_back(var);
    return true;
  }

  // ------------------------------------------------------------ function

  void declare() {
    static unsigned count = 0;
    // Not __ferry_..., which host_sync.cc takes for libferry's own calls,
    // which keep their books themselves.
    std::string name = std::string("__ferryomp_") +
                       IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fndecl_)) + "_" +
                       std::to_string(LOCATION_LINE(region_.location)) + "_" +
                       std::to_string(count++);
    std::vector<std::pair<std::string, tree>> parameters;
    for (const BufferParam &buffer : checked_.buffers)
      parameters.emplace_back(name_of(buffer.decl),
                              TYPE_MAIN_VARIANT(pointer_type_of(buffer)));
    for (const BufferParam &buffer : checked_.buffers)
      if (opaque_length_[buffer.index])
        parameters.emplace_back("__ferry_length_" + name_of(buffer.decl),
                                sizetype);
    for (const BufferParam &buffer : checked_.buffers)
      if (opaque_start_[buffer.index])
        parameters.emplace_back("__ferry_start_" + name_of(buffer.decl),
                                sizetype);
    for (tree scalar : scalars_)
      parameters.emplace_back(name_of(scalar), TREE_TYPE(scalar));
    for (tree var : reduction_vars_)
      parameters.emplace_back("__ferry_result_" + name_of(var),
                              build_pointer_type(TREE_TYPE(var)));

    tree types = void_list_node;
    for (auto it = parameters.rbegin(); it != parameters.rend(); ++it)
      types = tree_cons(NULL_TREE, it->second, types);
    function_ = build_lang_decl(FUNCTION_DECL, get_identifier(name.c_str()),
                                build_function_type(void_type_node, types));
    DECL_SOURCE_LOCATION(function_) = region_.location;
    DECL_CONTEXT(function_) = FROB_CONTEXT(global_namespace);
    SET_DECL_LANGUAGE(function_, lang_c);
    DECL_ARTIFICIAL(function_) = 1;
    DECL_IGNORED_P(function_) = 1;
    TREE_USED(function_) = 1;
    add_kernel_attribute(function_);
    tree *chain = &DECL_ARGUMENTS(function_);
    for (const auto &[parameter_name, type] : parameters) {
      tree parm = cp_build_parm_decl(
          function_, get_identifier(parameter_name.c_str()), type);
      DECL_SOURCE_LOCATION(parm) = region_.location;
      TREE_USED(parm) = 1;
      DECL_READ_P(parm) = 1;
      *chain = parm;
      chain = &DECL_CHAIN(parm);
      parms_.push_back(parm);
    }
  }

  tree local(tree like) {
    tree var = build_decl(DECL_SOURCE_LOCATION(like), VAR_DECL,
                          DECL_NAME(like), TREE_TYPE(like));
    DECL_CONTEXT(var) = function_;
    TREE_USED(var) = 1;
    DECL_READ_P(var) = 1;
    return var;
  }

  // The kernel model of the outlined function, and the stand-in for its
  // loop in the body: the loop body with the loop's variables declared
  // (never run: the pipeline puts the launch in its place).
  tree build_model(Kernel *kernel) {
    kernel->fndecl = function_;
    kernel->location = region_.location;
    kernel->quiet = true;
    // A promised region's notes were given at the region already.
    kernel->promised = checked_.promised;
    kernel->explain_quiet =
        region_.explain && !region_.quiet && !checked_.promised;

    hash_map<tree, tree> map;
    for (const auto &[var, value] : constants_)
      map.put(var, value);
    std::size_t next = checked_.buffers.size();
    std::vector<tree> opaque_lengths;
    for (const BufferParam &buffer : checked_.buffers) {
      // The body's uses of a reference read the object through the
      // pointer, as a reference is one.
      map.put(buffer.decl, TYPE_REF_P(TREE_TYPE(buffer.decl))
                               ? build_nop(TREE_TYPE(buffer.decl),
                                           parms_[buffer.index])
                               : parms_[buffer.index]);
      if (opaque_length_[buffer.index]) {
        opaque_lengths.push_back(parms_[next]);
        kernel->scalars.push_back(parms_[next++]);
      } else {
        opaque_lengths.push_back(NULL_TREE);
      }
    }
    std::vector<tree> opaque_starts(checked_.buffers.size(), NULL_TREE);
    for (const BufferParam &buffer : checked_.buffers)
      if (opaque_start_[buffer.index]) {
        opaque_starts[buffer.index] = parms_[next];
        kernel->scalars.push_back(parms_[next++]);
      }
    for (tree scalar : scalars_) {
      map.put(scalar, parms_[next]);
      kernel->scalars.push_back(parms_[next++]);
    }
    for (tree var : reduction_vars_) {
      tree copy = local(var);
      map.put(var, copy);
      reduction_locals_.push_back({copy, parms_[next]});
      kernel->host_pointers.push_back(parms_[next++]);
    }
    tree privates = NULL_TREE;
    for (tree var : private_vars_) {
      tree copy = local(var);
      map.put(var, copy);
      DECL_CHAIN(copy) = privates;
      privates = copy;
    }
    ParallelLoop loop;
    loop.location = loop_.location;
    tree level_vars = NULL_TREE;
    for (const LoopLevel &level : loop_.levels) {
      tree copy = local(level.var);
      map.put(level.var, copy);
      DECL_CHAIN(copy) = level_vars;
      level_vars = copy;
    }

    FunctionCodeCopy copier(fndecl_, function_, &map);
    auto copy = [&copier](tree t) { return copier.copy(t); };
    // Lengths and bounds with the constants in place, folded as the
    // check folds them in the region.
    auto copy_folded = [&copy](tree t) { return fold(copy(t)); };
    std::set<tree> section_pointers;
    for (const BufferParam &buffer : checked_.buffers) {
      BufferParam outlined = buffer;
      // A section mapped tofrom that the loop only reads is borrowed:
      // nothing of it is copied back, and no word about it.
      outlined.ownership_from_type = true;
      // The kernel's buffer is the section; the loop's pointer lies its
      // start before it, `a[i]` of the region the buffer's `i - start`.
      if (tree start = starts_[buffer.index]) {
        tree bytes = opaque_starts[buffer.index]
                         ? opaque_starts[buffer.index]
                         : copy_folded(unshare_expr(start));
        tree parm = parms_[buffer.index];
        tree pointer = build2(POINTER_PLUS_EXPR, TREE_TYPE(parm), parm,
                              fold_build1(NEGATE_EXPR, sizetype, bytes));
        map.put(buffer.decl, pointer);
        section_pointers.insert(pointer);
        // Where the check cannot relate the start to the loop's bounds,
        // it cannot show a `from` section written whole: it goes up too.
        if (opaque_starts[buffer.index] &&
            outlined.ownership == Ownership::out)
          outlined.ownership = Ownership::borrow_mut;
      }
      outlined.decl = parms_[buffer.index];
      outlined.length = opaque_lengths[buffer.index]
                            ? opaque_lengths[buffer.index]
                            : copy_folded(unshare_expr(lengths_[buffer.index]));
      outlined.length_text =
          lengths_[buffer.index]
              ? expr_as_string(lengths_[buffer.index], 0)
              : "the section mapped around '" + name_of(buffer.decl) + "'";
      kernel->buffers.push_back(outlined);
    }
    for (const LoopLevel &level : loop_.levels) {
      LoopLevel outlined = level;
      outlined.var = *map.get(level.var);
      outlined.lower = copy_folded(level.lower);
      outlined.bound = copy_folded(level.bound);
      loop.levels.push_back(outlined);
    }
    tree body = copy(loop_.body);
    copier.finish();
    unshare_uses(&body, section_pointers);
    loop.body = privates ? statement_block(body, privates) : body;
    kernel->loops.push_back(loop);
    return statement_block(loop.body, level_vars);
  }

  // `T s = *__ferry_result_s;`, the loop, `*__ferry_result_s = s;`.
  void define(tree stand_in) {
    push_to_top_level();
    start_preparsed_function(function_, NULL_TREE, SF_PRE_PARSED);
    tree compound = begin_compound_stmt(BCS_FN_BODY);
    tree statements = NULL_TREE, vars = NULL_TREE;
    for (const auto &[var, result] : reduction_locals_) {
      tree target = build1(INDIRECT_REF, TREE_TYPE(var), result);
      append_to_statement_list_force(assign(var, target), &statements);
      DECL_CHAIN(var) = vars;
      vars = var;
    }
    append_to_statement_list_force(stand_in, &statements);
    for (const auto &[var, result] : reduction_locals_)
      append_to_statement_list_force(
          assign(build1(INDIRECT_REF, TREE_TYPE(var), result), var),
          &statements);
    add_stmt(statement_block(statements, vars));
    finish_compound_stmt(compound);
    function_ = finish_function(/*inline_p=*/false);
    expand_or_defer_fn(function_);
    pop_from_top_level();
  }

  // `!(P < Q + Q_BYTES && Q < P + P_BYTES)`: two sections that share no
  // byte.
  static tree apart(tree p, tree p_bytes, tree q, tree q_bytes) {
    tree type = pointer_sized_int_node;
    auto address = [type](tree pointer) {
      return fold_convert(type, pointer);
    };
    auto end = [&](tree pointer, tree bytes) {
      return fold_build2(PLUS_EXPR, type, address(pointer),
                         fold_convert(type, bytes));
    };
    return build2(TRUTH_ORIF_EXPR, boolean_type_node,
                  build2(GE_EXPR, boolean_type_node, address(p), end(q, q_bytes)),
                  build2(GE_EXPR, boolean_type_node, address(q), end(p, p_bytes)));
  }

  // Whether the sections of the region's own maps that the loop writes
  // share no byte with the others: OpenMP lets one region map one array
  // under two names (`map(to: a[0:n]) map(from: b[0:n])`, b == a, an
  // update in place), which a kernel's rule 6 refuses at the launch.
  // NULL_TREE when there is nothing to test.  Each section's bytes are
  // set in a local of the call site first (*STATEMENTS, *VARS): the tests
  // are arms of `||` and `&&`, and a value saved where one arm first
  // meets it would be unset in the others (a public function's three
  // sections read one of an arm not taken, and the region took GCC's
  // path).
  tree sections_apart(tree *statements, tree *vars) {
    const std::vector<BufferParam> &buffers = checked_.buffers;
    std::vector<tree> bytes(buffers.size(), NULL_TREE);
    auto bytes_of = [&](const BufferParam &buffer) {
      tree &local = bytes[buffer.index];
      if (local)
        return local;
      tree section = fold_build2(
          MULT_EXPR, sizetype, fold_convert(sizetype, lengths_[buffer.index]),
          TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(buffer.decl))));
      // A section found at run time runs to where the program's ends; the
      // loop may reach less of it (`axpy(z, z + half, half)`).
      if (tree reached = reach_ends_[buffer.index];
          found_at_run_time_[buffer.index] && reached)
        section = fold_build2(MIN_EXPR, sizetype, section,
                              fold_convert(sizetype, unshare_expr(reached)));
      local = call_site_local("__ferry_bytes", sizetype, vars);
      append_to_statement_list_force(assign(local, section), statements);
      return local;
    };
    tree all = NULL_TREE;
    for (const BufferParam &written : buffers) {
      if (!written_[written.index] || !lengths_[written.index])
        continue;
      for (const BufferParam &other : buffers) {
        if (&other == &written || !lengths_[other.index] ||
            (written_[other.index] && other.index < written.index))
          continue;
        tree test = apart(host_pointers_[written.index], bytes_of(written),
                          host_pointers_[other.index], bytes_of(other));
        all = all ? build2(TRUTH_ANDIF_EXPR, boolean_type_node, all, test)
                  : test;
      }
    }
    return all;
  }

  // A local of the caller for the call site, chained into *VARS.
  tree call_site_local(const char *name, tree type, tree *vars) {
    return chained_local(region_.location, fndecl_, name, type, vars);
  }

  // The call that replaces the region.  A pointer used without a map
  // takes the section the program's data directives mapped around it;
  // when they mapped none, or the sections overlap where it writes, the
  // region runs as GCC compiled it, as it does when its `if` clause is
  // false.
  tree call(tree region) {
    for (tree &length : lengths_)
      if (length)
        length = save_expr(length);
    tree statements = NULL_TREE, vars = NULL_TREE;
    // The `if` clause is evaluated once, first, as the construct does: the
    // region on GCC's path reads the value.
    tree on_device = NULL_TREE;
    if (clauses_.device_if) {
      tree condition = OMP_CLAUSE_IF_EXPR(clauses_.device_if);
      tree var = call_site_local("__ferry_if", TREE_TYPE(condition), &vars);
      append_to_statement_list_force(assign(var, condition), &statements);
      OMP_CLAUSE_IF_EXPR(clauses_.device_if) = var;
      on_device = fold_convert(boolean_type_node, var);
    }
    // So is the `device` clause; the target is entered last, once every
    // other condition holds, and left when the kernel's call ends.
    tree device_number = NULL_TREE;
    if (clauses_.device_clause) {
      tree number = OMP_CLAUSE_DEVICE_ID(clauses_.device_clause);
      device_number =
          call_site_local("__ferry_device", TREE_TYPE(number), &vars);
      append_to_statement_list_force(assign(device_number, number),
                                     &statements);
      OMP_CLAUSE_DEVICE_ID(clauses_.device_clause) = device_number;
    }
    // A section that starts past the pointer is the kernel's buffer from
    // its start (find_lengths), which is evaluated once.
    for (const BufferParam &buffer : checked_.buffers) {
      tree pointer = host_pointer(buffer);
      if (tree start = starts_[buffer.index]) {
        tree bytes = call_site_local("__ferry_start", sizetype, &vars);
        append_to_statement_list_force(assign(bytes, start), &statements);
        starts_[buffer.index] = bytes;
        pointer = build2(POINTER_PLUS_EXPR, TREE_TYPE(pointer), pointer, bytes);
      }
      host_pointers_.push_back(pointer);
    }
    tree mapped = on_device;
    found_at_run_time_.assign(lengths_.size(), false);
    for (const BufferParam &buffer : checked_.buffers) {
      if (lengths_[buffer.index])
        continue;
      found_at_run_time_[buffer.index] = true;
      tree var = call_site_local("__ferry_mapped", long_long_integer_type_node,
                                 &vars);
      append_to_statement_list_force(
          assign(var, runtime_calls::mapped_elements(region_.location,
                                                     host_pointer(buffer))),
          &statements);
      tree found = build2(GE_EXPR, boolean_type_node, var,
                          build_zero_cst(TREE_TYPE(var)));
      mapped = mapped ? build2(TRUTH_ANDIF_EXPR, boolean_type_node, mapped,
                               found)
                      : found;
      lengths_[buffer.index] = fold_convert(sizetype, var);
    }
    // Sections found at run time too: one array under two names through
    // a caller's data region (`twice(y, y)`) is an update in place, which
    // a kernel's rule 6 would refuse at the launch.
    if (tree apart = sections_apart(&statements, &vars))
      mapped = mapped ? build2(TRUTH_ANDIF_EXPR, boolean_type_node, mapped,
                               apart)
                      : apart;
    releasing_vec args;
    for (tree pointer : host_pointers_)
      vec_safe_push(args, pointer);
    for (std::size_t i = 0; i < lengths_.size(); ++i)
      if (opaque_length_[i])
        vec_safe_push(args, lengths_[i]);
    for (std::size_t i = 0; i < starts_.size(); ++i)
      if (opaque_start_[i])
        vec_safe_push(args, starts_[i]);
    for (tree scalar : scalars_)
      vec_safe_push(args, scalar);
    for (tree var : reduction_vars_) {
      cxx_mark_addressable(var);
      vec_safe_push(args, build_fold_addr_expr(var));
    }
    tree call = build_call_vec(void_type_node,
                               build_fold_addr_expr(function_), args.get());
    SET_EXPR_LOCATION(call, region_.location);
    if (device_number) {
      tree entered = build2(
          NE_EXPR, boolean_type_node,
          runtime_calls::region_device_enter(region_.location, device_number),
          integer_zero_node);
      mapped = mapped ? build2(TRUTH_ANDIF_EXPR, boolean_type_node, mapped,
                               entered)
                      : entered;
      // Left however the call ends: an alias_error thrown from the launch
      // (ferry::set_alias_action) must not leave this thread's later
      // kernels on the region's target.
      call = build2(TRY_FINALLY_EXPR, void_type_node, call,
                    runtime_calls::region_device_leave(region_.location));
    }
    if (!mapped) {
      append_to_statement_list_force(call, &statements);
      return statement_block(statements, vars);
    }
    append_to_statement_list_force(
        build3(COND_EXPR, void_type_node, mapped, call, region), &statements);
    return statement_block(statements, vars);
  }

  const tree fndecl_;
  const Kernel &checked_;
  const OpenmpRegion &region_;
  const ParallelLoop &loop_;
  const DataSections &present_;
  KeptClauses clauses_;
  std::vector<tree> lengths_; // per buffer, in elements, in the caller
  // Per buffer: the bytes from its pointer to its section's start, in the
  // caller (null: none); in the call site, the local that holds them.
  std::vector<tree> starts_;
  // Per buffer: whether the kernel takes its length, or its start, as a
  // number of its own.
  std::vector<bool> opaque_length_;
  std::vector<bool> opaque_start_;
  // Per buffer: the host address of its section, in the call site.
  std::vector<tree> host_pointers_;
  std::map<tree, tree> constants_; // constant variables, with their values
  std::vector<tree> scalars_;
  std::vector<tree> private_vars_;
  std::vector<tree> reduction_vars_;
  std::vector<std::pair<tree, tree>> reduction_locals_; // local, result
  std::vector<tree> parms_;
  std::vector<bool> written_; // per buffer, as the kernel's check found
  // Per buffer: the bytes from its pointer to the end of what the loop
  // reaches, in the function's terms (null: not known).
  std::vector<tree> reach_ends_;
  std::vector<bool> found_at_run_time_; // lengths from the program's maps
  tree function_ = NULL_TREE;
};

} // namespace

bool outline_region(tree fndecl, tree *slot, const Kernel &checked,
                    const std::vector<Reach> &reaches,
                    const DataSections &present, const KernelLowering &lower,
                    std::string *why_not) {
  return Outliner(fndecl, checked, reaches, present).run(slot, lower, why_not);
}

bool finish_outlined_region(tree fndecl) {
  auto found = outlined.find(fndecl);
  if (found == outlined.end())
    return false;
  Outlined &entry = found->second;
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      if (TYPE_P(*node))
        *walk_subtrees = 0;
      return *node == static_cast<Outlined *>(data)->stand_in
                 ? reinterpret_cast<tree>(node)
                 : NULL_TREE;
    }
  };
  tree *slot = reinterpret_cast<tree *>(cp_walk_tree_without_duplicates(
      &DECL_SAVED_TREE(fndecl), Search::visit, &entry));
  if (!slot)
    return true;
  Kernel &kernel = *entry.kernel;
  kernel.loops.front().statement = slot;
  KernelFacts facts;
  if (!check_ownership(kernel, &facts) &&
      !(kernel.promised && facts.only_races_unshown()))
    return true;
  // A pointer used without a map takes what its loop reaches of the
  // section mapped around it: two such pointers into one array
  // (`axpy(z, z + half, half)`) overlap in their sections, not in what
  // the loop touches, and rule 6's check at the launch compares lengths.
  for (const Reach &reach : facts.reaches) {
    BufferParam &buffer = kernel.buffers[reach.buffer->index];
    if (!entry.mapped_extent[buffer.index])
      continue;
    tree element = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(buffer.decl)));
    tree reached = fold_build2(CEIL_DIV_EXPR, sizetype,
                               fold_convert(sizetype, unshare_expr(reach.end)),
                               element);
    buffer.length = fold_build2(MIN_EXPR, sizetype, buffer.length, reached);
  }
  for (const BufferUse &use : facts.uses)
    entry.written.push_back(use.written);
  entry.lowered = entry.lower(kernel, facts);
  return true;
}

} // namespace ferry
