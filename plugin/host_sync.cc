// SPDX-License-Identifier: GPL-3.0-or-later
// Host sync: see host_sync.h; doc/host-sync.md gives the
// reasoning and doc/user-guide.md ("Residency") what is and is not covered.
//
// Two parts:
//  - add_launch_frame (GENERIC, PLUGIN_PRE_GENERICIZE): a function whose body
//    calls a kernel becomes
//      __ferry_frame_enter(); try { body } finally { __ferry_frame_leave(); }
//    so that its buffers are settled for the caller on every way out,
//    exceptions included.
//  - the GIMPLE pass "ferry-host-sync", after early inlining, in every
//    function that calls a kernel or a launcher (a function of this unit
//    whose pointer parameters only reach kernels; the pass marks those):
//      * __ferry_frame_call(file, line) right before each such call, which
//        tells the runtime that this function answers for its buffers;
//      * before each other statement that may touch memory a kernel call
//        argument points to, a __ferry_host_access (or, where no pointer
//        to name is at hand, __ferry_frame_access) saying whether the
//        statement reads, writes or overwrites it.
//    "May touch" is GCC's alias oracle on points-to sets computed with the
//    kernel calls treated as not capturing their pointers (the runtime is
//    the only one that keeps them, and it acts only at the calls inserted
//    here), so a printf in a time-step loop touches no buffer.
//    A sync for a statement inside a loop without calls that might launch
//    kernels moves to the loop's preheader, once per entry to the loop.
//    An OpenMP construct's body that GCC outlined after the first part
//    (a `parallel` around kernels) gets its frame here.
#include "host_sync.h"

#include "host_calls.h"
#include "kernel_views.h"
#include "resolvable_calls.h"
#include "runtime_calls.h"
#include "tree_utils.h"

#include "../runtime/abi.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace ferry {

namespace {

tree find_kernel_call(tree *node, int *, void *) {
  if (TREE_CODE(*node) == CALL_EXPR && is_kernel(get_callee_fndecl(*node)))
    return *node;
  return NULL_TREE;
}

} // namespace

void add_launch_frame(tree fndecl) {
  tree body = DECL_SAVED_TREE(fndecl);
  if (!body ||
      !cp_walk_tree_without_duplicates(&body, find_kernel_call, nullptr))
    return;
  struct NoteViews {
    static tree visit(tree *node, int *, void *) {
      if (TREE_CODE(*node) == CALL_EXPR)
        if (tree callee = get_callee_fndecl(*node))
          if (is_kernel(callee))
            note_view_members(callee);
      return NULL_TREE;
    }
  };
  cp_walk_tree_without_duplicates(&body, NoteViews::visit, nullptr);
  const location_t where = DECL_SOURCE_LOCATION(fndecl);
  tree *statements = function_statements(fndecl);
  *statements = guarded_block(runtime_calls::frame_enter(where), *statements,
                              runtime_calls::frame_leave(where));
}

namespace {

// A pointer argument of a kernel call.
struct Buffer {
  tree pointer;  // an SSA name or an invariant address
  ao_ref memory; // what it points to, from its target on
};

// What one statement may do to one buffer.
struct Touch {
  bool reads = false;
  bool writes = false;
  explicit operator bool() const { return reads || writes; }
};

// One host-sync call to insert.
struct Sync {
  tree address;        // NULL_TREE: every buffer of the frame
  HOST_WIDE_INT bytes; // 0: the whole resident buffer around ADDRESS
  int access;          // enum ferry_host_access
  bool before_call;    // only for calls (a resident scope skips it)
  bool may_only;       // the statement is not handed the buffer
  // For a call that is handed the buffer: where this holds, guarded pages
  // answer for what the callee does (resolvable_calls.h), as for may_only.
  tree resolvable = NULL_TREE;
  bool same_bytes(const Sync &other) const {
    return bytes == other.bytes &&
           (address == other.address ||
            (address && other.address &&
             operand_equal_p(address, other.address, 0)));
  }
};

class HostSync {
public:
  explicit HostSync(function *fun) : fun_(fun) {}

  unsigned run() {
    note_resolvable(fun_);
    std::vector<gimple *> launch_calls = collect_launch_calls();
    if (launch_calls.empty()) {
      // MPI calls in a function without kernels need the layer all the
      // same: it stages what they hand MPI from guarded pages.
      if (reference_mpi_layer()) {
        mark_virtual_operands_for_renaming(fun_);
        update_ssa(TODO_update_ssa_only_virtuals);
        cgraph_edge::rebuild_edges();
      }
      return 0;
    }
    collect_buffers(launch_calls);
    if (!buffers_.empty()) {
      compute_points_to_without_capture();
      plan_and_insert();
    }
    for (gimple *call : launch_calls)
      arm(call);
    reference_mpi_layer();
    if (gimple *own_frame = own_frame_enter()) {
      // Frames of inlined launchers hand their buffers to this one.
      for (gimple *frame : inlined_frame_enters())
        arm(frame);
      declare_launcher_params(own_frame);
    } else if (cgraph_node::get(fun_->decl)->parallelized_function) {
      add_frame();
    }
    mark_virtual_operands_for_renaming(fun_);
    update_ssa(TODO_update_ssa_only_virtuals);
    // Points-to sets for the optimizers that follow, with the kernel calls
    // capturing their pointers again (they do: the runtime keeps them).
    compute_may_aliases();
    cgraph_edge::rebuild_edges();
    cgraph_edge::rebuild_references(); // the callees' markers
    return 0;
  }

private:
  // A call of __ferry_mpi_layer_linked before each MPI call the layer wraps,
  // so that the program cannot link without the layer, and takes it from
  // wherever the archive stands on the link line.  Whether there was one.
  bool reference_mpi_layer() {
    std::vector<gimple *> calls = statements_where([](gimple *statement) {
      return is_gimple_call(statement) &&
             is_synced_by_mpi_layer(gimple_call_fndecl(statement));
    });
    for (gimple *call : calls) {
      gimple_stmt_iterator at = gsi_for_stmt(call);
      gsi_insert_before(&at, runtime_calls::mpi_layer_linked(), GSI_SAME_STMT);
    }
    return !calls.empty();
  }

  template <class Predicate>
  std::vector<gimple *> statements_where(Predicate wanted) {
    std::vector<gimple *> found;
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun_) {
      for (gimple_stmt_iterator it = gsi_start_bb(bb); !gsi_end_p(it);
           gsi_next(&it))
        if (wanted(gsi_stmt(it)))
          found.push_back(gsi_stmt(it));
    }
    return found;
  }

  std::vector<gimple *> collect_launch_calls() {
    return statements_where(is_launch_call);
  }

  static bool is_frame_enter(const gimple *statement) {
    tree callee =
        is_gimple_call(statement) ? gimple_call_fndecl(statement) : NULL_TREE;
    return callee &&
           std::strcmp(IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(callee)),
                       "__ferry_frame_enter") == 0;
  }

  static bool is_inlined(const gimple *statement) {
    for (tree block = gimple_block(statement);
         block && TREE_CODE(block) == BLOCK; block = BLOCK_SUPERCONTEXT(block))
      if (inlined_function_outer_scope_p(block))
        return true;
    return false;
  }

  // The frame add_launch_frame gave this function, if it has one.
  gimple *own_frame_enter() {
    std::vector<gimple *> own = statements_where([](gimple *statement) {
      return is_frame_enter(statement) && !is_inlined(statement);
    });
    return own.empty() ? nullptr : own.front();
  }

  // A frame for an OpenMP construct's body that GCC outlined (a `parallel`
  // around target regions ferry runs as kernels): the front end saw it as
  // part of its function, whose frame it shares on the thread that meets
  // the construct, but that function's instrumentation, after the
  // outlining, cannot name the buffers the body launched.  Its own frame
  // settles them when the body ends, on every thread.  (No exception
  // leaves such a body: OpenMP ends the program first.)
  void add_frame() {
    gimple_stmt_iterator start =
        gsi_after_labels(single_succ(ENTRY_BLOCK_PTR_FOR_FN(fun_)));
    gsi_insert_before(&start, runtime_calls::frame_enter_statement(),
                      GSI_SAME_STMT);
    edge way_out;
    edge_iterator it;
    FOR_EACH_EDGE(way_out, it, EXIT_BLOCK_PTR_FOR_FN(fun_)->preds) {
      gimple_stmt_iterator end = gsi_last_bb(way_out->src);
      if (!gsi_end_p(end) && gimple_code(gsi_stmt(end)) == GIMPLE_RETURN)
        gsi_insert_before(&end, runtime_calls::frame_leave_statement(),
                          GSI_SAME_STMT);
    }
  }

  std::vector<gimple *> inlined_frame_enters() {
    return statements_where([](gimple *statement) {
      return is_frame_enter(statement) && is_inlined(statement);
    });
  }

  static void arm(gimple *call) {
    gimple_stmt_iterator at = gsi_for_stmt(call);
    gsi_insert_before(&at, runtime_calls::frame_call(gimple_location(call)),
                      GSI_SAME_STMT);
  }

  // Pointer parameters that reach nothing but launch calls and the memory
  // accesses this pass instrumented become launcher parameters: they are
  // registered with the frame, and callers learn of them from the
  // attribute (the pass sees callees before callers).
  void declare_launcher_params(gimple *own_frame) {
    unsigned HOST_WIDE_INT mask = 0;
    unsigned index = 0;
    gimple_stmt_iterator after = gsi_for_stmt(own_frame);
    for (tree parm = DECL_ARGUMENTS(fun_->decl); parm;
         parm = DECL_CHAIN(parm), ++index) {
      tree value = ssa_default_def(fun_, parm);
      if (!value || index >= HOST_BITS_PER_WIDE_INT || !is_buffer(value) ||
          !only_reaches_launches(value))
        continue;
      mask |= HOST_WIDE_INT_1U << index;
      gsi_insert_after(&after, runtime_calls::frame_param(value), GSI_NEW_STMT);
    }
    if (!mask)
      return;
    DECL_ATTRIBUTES(fun_->decl) = tree_cons(
        get_identifier(kLauncherAttribute),
        build_tree_list(NULL_TREE,
                        build_int_cstu(long_long_unsigned_type_node, mask)),
        DECL_ATTRIBUTES(fun_->decl));
    if (touches_only_what_it_syncs())
      DECL_ATTRIBUTES(fun_->decl) =
          tree_cons(get_identifier(kClosedLauncherAttribute), NULL_TREE,
                    DECL_ATTRIBUTES(fun_->decl));
  }

  // Whether this function reaches host memory only through its own
  // variables, launch calls (of kernels and of closed launchers) and
  // libferry's calls, with no sync of its frame's buffers as a whole: a
  // caller then needs no sync of its own buffers around a call of it (a
  // helper that runs a field's halo kernels, called with a vector's
  // data in a time loop), though they escaped to memory it could read.
  bool touches_only_what_it_syncs() {
    return statements_where([](gimple *statement) {
             if (is_gimple_call(statement)) {
               tree callee = gimple_call_fndecl(statement);
               if (gimple_call_internal_p(statement) ||
                   (gimple_call_flags(statement) & ECF_CONST) ||
                   is_kernel_call(statement) || is_closed_launcher(callee))
                 return false;
               return !runtime_calls::is_runtime_function(callee) ||
                      std::strcmp(IDENTIFIER_POINTER(DECL_NAME(callee)),
                                  "__ferry_frame_access") == 0;
             }
             return !is_gimple_debug(statement) && gimple_vuse(statement) &&
                    !only_own_variables(statement);
           })
        .empty();
  }

  // Whether the memory STATEMENT loads or stores is the function's own
  // variables (or parameters), which no buffer can be.
  static bool only_own_variables(gimple *statement) {
    if (!gimple_assign_single_p(statement))
      return gimple_code(statement) == GIMPLE_RETURN;
    for (tree operand :
         {gimple_assign_lhs(statement), gimple_assign_rhs1(statement)}) {
      if (is_gimple_reg(operand) || is_gimple_min_invariant(operand))
        continue;
      tree base = get_base_address(operand);
      if (!base || !(VAR_P(base) || TREE_CODE(base) == PARM_DECL) ||
          is_global_var(base))
        return false;
    }
    return true;
  }

  bool is_buffer(tree pointer) const {
    return std::any_of(buffers_.begin(), buffers_.end(),
                       [&](const Buffer &buffer) {
                         return operand_equal_p(buffer.pointer, pointer, 0);
                       });
  }

  // Whether every use of POINTER, and of pointers computed from it, is a
  // buffer argument of a launch call, an address the function loads or
  // stores through, or a comparison: nothing keeps or passes it on.
  static bool only_reaches_launches(tree pointer) {
    std::vector<tree> work{pointer}, seen{pointer};
    auto follow = [&](tree derived) {
      if (std::find(seen.begin(), seen.end(), derived) == seen.end()) {
        seen.push_back(derived);
        work.push_back(derived);
      }
    };
    while (!work.empty()) {
      tree name = work.back();
      work.pop_back();
      imm_use_iterator uses;
      gimple *user;
      FOR_EACH_IMM_USE_STMT(user, uses, name) {
        if (is_gimple_debug(user))
          continue;
        if (gimple_code(user) == GIMPLE_PHI) {
          follow(gimple_phi_result(user));
          continue;
        }
        if (gimple_code(user) == GIMPLE_COND)
          continue;
        if (is_gimple_call(user)) {
          if (syncs_itself(gimple_call_fndecl(user)))
            continue;
          if (!is_launch_call(user))
            return false;
          for (unsigned i = 0; i < gimple_call_num_args(user); ++i)
            if (gimple_call_arg(user, i) == name && !launches_argument(user, i))
              return false;
          continue;
        }
        if (!is_gimple_assign(user))
          return false;
        tree lhs = gimple_assign_lhs(user);
        const tree_code code = gimple_assign_rhs_code(user);
        if (TREE_CODE(lhs) == SSA_NAME) {
          if (POINTER_TYPE_P(TREE_TYPE(lhs)))
            follow(lhs); // a copy, an offset, a cast
          else if (CONVERT_EXPR_CODE_P(code) || code == VIEW_CONVERT_EXPR)
            return false; // an integer that could become a pointer again
          continue;       // a load through it, a comparison, a difference
        }
        // A store: through the pointer is fine, of the pointer is not.
        tree stored = gimple_assign_rhs1(user);
        if (stored == name ||
            (TREE_CODE(stored) == ADDR_EXPR && mentions(stored, name)))
          return false;
      }
    }
    return true;
  }

  void collect_buffers(const std::vector<gimple *> &launch_calls) {
    for (gimple *call : launch_calls)
      for (unsigned i = 0; i < gimple_call_num_args(call); ++i) {
        if (!launches_argument(call, i))
          continue;
        tree argument = copied_value(gimple_call_arg(call, i));
        if (TREE_CODE(argument) != SSA_NAME && TREE_CODE(argument) != ADDR_EXPR)
          continue;
        if (std::any_of(buffers_.begin(), buffers_.end(),
                        [&](const Buffer &known) {
                          return operand_equal_p(known.pointer, argument, 0);
                        }))
          continue;
        add_buffer(argument);
      }
    bool loaded = false;
    for (gimple *call : launch_calls)
      if (is_kernel_call(call))
        for (unsigned i = 0; i < gimple_call_num_args(call); ++i)
          loaded |= load_view_pointers(call, i);
    if (loaded) {
      mark_virtual_operands_for_renaming(fun_);
      update_ssa(TODO_update_ssa_only_virtuals);
    }
  }

  void add_buffer(tree pointer) {
    Buffer buffer;
    buffer.pointer = pointer;
    ao_ref_init_from_ptr_and_size(&buffer.memory, pointer, NULL_TREE);
    buffers_.push_back(buffer);
  }

  // A struct, span or vector handed to a kernel (by value, by reference,
  // or as `this`) holds the pointers of its buffers: they are loaded right
  // before the call, and what they point to is a buffer of the call.
  bool load_view_pointers(gimple *call, unsigned index) {
    tree argument = gimple_call_arg(call, index);
    const bool by_address = POINTER_TYPE_P(TREE_TYPE(argument));
    if (by_address && TREE_CODE(argument) != SSA_NAME &&
        TREE_CODE(argument) != ADDR_EXPR)
      return false;
    gimple_stmt_iterator before = gsi_for_stmt(call);
    bool loaded = false;
    for (const std::vector<tree> &fields :
         view_members(gimple_call_fndecl(call), index)) {
      tree member =
          by_address ? build_simple_mem_ref(argument) : unshare_expr(argument);
      for (tree field : fields)
        member =
            build3(COMPONENT_REF, TREE_TYPE(field), member, field, NULL_TREE);
      tree pointer = make_ssa_name(TREE_TYPE(member));
      gsi_insert_before(&before, gimple_build_assign(pointer, member),
                        GSI_SAME_STMT);
      add_buffer(pointer);
      loaded = true;
    }
    return loaded;
  }

  // Points-to sets as if launch calls and ferry's own functions kept no
  // buffer pointer ("fn spec" 'w' on each): only then can a call like
  // printf be told apart from one that sees the buffers.  (libferry does
  // keep them, but acts on them only inside such calls.)
  void compute_points_to_without_capture() {
    std::vector<gimple *> calls = statements_where([](gimple *statement) {
      return is_launch_call(statement) ||
             (is_gimple_call(statement) &&
              syncs_itself(gimple_call_fndecl(statement)));
    });
    std::vector<tree> saved;
    for (gimple *call : calls) {
      gcall *launch_call = as_a<gcall *>(call);
      tree type = gimple_call_fntype(launch_call);
      saved.push_back(type);
      const bool ferry_function = !is_launch_call(call);
      std::string spec = ". ";
      for (unsigned i = 0; i < gimple_call_num_args(launch_call); ++i)
        spec += launches_argument(launch_call, i) ||
                        (ferry_function &&
                         POINTER_TYPE_P(TREE_TYPE(gimple_call_arg(call, i))))
                    ? "w "
                    : ". ";
      tree attribute = tree_cons(
          get_identifier("fn spec"),
          build_tree_list(NULL_TREE, build_string(spec.size(), spec.c_str())),
          TYPE_ATTRIBUTES(type));
      gimple_call_set_fntype(launch_call,
                             build_type_attribute_variant(type, attribute));
    }
    compute_may_aliases();
    for (std::size_t i = 0; i < calls.size(); ++i)
      gimple_call_set_fntype(as_a<gcall *>(calls[i]), saved[i]);
  }

  Touch touch(gimple *statement, Buffer &buffer) {
    Touch result;
    if (const OutputFunction *output = output_function(statement)) {
      for (unsigned i = 0; i < gimple_call_num_args(statement); ++i) {
        tree argument = gimple_call_arg(statement, i);
        if (static_cast<int>(i) != output->stream &&
            POINTER_TYPE_P(TREE_TYPE(argument)) &&
            !is_string_literal(argument) &&
            ptr_derefs_may_alias_p(argument, buffer.pointer))
          result.reads = true;
      }
      return result;
    }
    if (launcher_answers_for(statement, buffer))
      return result;
    result.reads = ref_maybe_used_by_stmt_p(statement, &buffer.memory);
    result.writes = stmt_may_clobber_ref_p_1(statement, &buffer.memory);
    return result;
  }

  // Whether STATEMENT calls a launcher that answers for BUFFER itself: it
  // gets the buffer's pointer as a launcher parameter, and has no other way
  // to reach the buffer (another argument, or memory the buffer escaped
  // to).  A closed launcher answers for every buffer that reaches it only
  // as launcher parameters, or not at all: what it does not launch it
  // syncs by address.
  static bool launcher_answers_for(gimple *statement, const Buffer &buffer) {
    if (!is_gimple_call(statement) || is_kernel_call(statement) ||
        !is_launch_call(statement))
      return false;
    const bool closed = is_closed_launcher(gimple_call_fndecl(statement));
    if (!closed && ptr_deref_may_alias_global_p(buffer.pointer, true))
      return false;
    bool passed = false;
    for (unsigned i = 0; i < gimple_call_num_args(statement); ++i) {
      tree argument = gimple_call_arg(statement, i);
      if (launches_argument(statement, i) &&
          (closed ||
           operand_equal_p(copied_value(argument), buffer.pointer, 0)))
        passed = true;
      else if (POINTER_TYPE_P(TREE_TYPE(argument)) &&
               ptr_derefs_may_alias_p(argument, buffer.pointer))
        return false;
    }
    return passed || closed;
  }

  static bool needs_no_sync(gimple *statement) {
    return is_gimple_debug(statement) || gimple_clobber_p(statement) ||
           !gimple_vuse(statement) || gimple_code(statement) == GIMPLE_RETURN ||
           is_kernel_call(statement) || frees_memory(statement) ||
           (is_gimple_call(statement) &&
            syncs_itself(gimple_call_fndecl(statement)));
  }

  // Marks the loops that contain a call that might launch a kernel: a sync
  // may move out of the others.
  void find_launching_loops() {
    launching_.assign(number_of_loops(fun_), false);
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun_) {
      for (gimple_stmt_iterator it = gsi_start_bb(bb); !gsi_end_p(it);
           gsi_next(&it))
        if (may_launch(gsi_stmt(it)))
          for (class loop *l = bb->loop_father; loop_outer(l);
               l = loop_outer(l))
            launching_[l->num] = true;
    }
  }

  // The outermost loop around BB that launches nothing inside, or nullptr.
  class loop *hoist_target(basic_block bb) const {
    class loop *target = nullptr;
    for (class loop *l = bb->loop_father; loop_outer(l) && !launching_[l->num];
         l = loop_outer(l))
      target = l;
    return target;
  }

  // Whether BUFFER's pointer names, at a point in block BB (before the
  // statement numbered UID there, or at its end for UID 0), the one object
  // every kernel call with it used: an invariant address, or an SSA name
  // set once per call of the function before that point.
  bool names_buffer_at(const Buffer &buffer, basic_block bb,
                       unsigned uid) const {
    tree pointer = buffer.pointer;
    if (TREE_CODE(pointer) != SSA_NAME)
      return is_gimple_min_invariant(pointer);
    if (SSA_NAME_IS_DEFAULT_DEF(pointer))
      return true;
    gimple *definition = SSA_NAME_DEF_STMT(pointer);
    basic_block home = gimple_bb(definition);
    if (!home || bb_loop_depth(home) != 0)
      return false;
    if (home != bb)
      return dominated_by_p(CDI_DOMINATORS, bb, home);
    return uid == 0 || gimple_code(definition) == GIMPLE_PHI ||
           gimple_uid(definition) < uid;
  }

  // For a call, a sync of the whole resident buffer around each pointer
  // argument that may point into BUFFER: the runtime finds the buffer the
  // argument points into when the call runs, where the compiler may only
  // know that it is one of several (a pointer swapped in a time loop).
  // What the call reaches otherwise is left to a sync marked may-only,
  // and so is what a launcher is handed for its kernels.
  static bool passed_syncs(gimple *statement, const Buffer &buffer, int access,
                           std::vector<Sync> *syncs) {
    if (!is_gimple_call(statement))
      return false;
    const bool launches = is_launch_call(statement);
    bool found = false;
    for (unsigned i = 0; i < gimple_call_num_args(statement); ++i) {
      tree argument = gimple_call_arg(statement, i);
      if (!POINTER_TYPE_P(TREE_TYPE(argument)) ||
          (launches && launches_argument(statement, i)) ||
          is_string_literal(argument) ||
          !(TREE_CODE(argument) == SSA_NAME ||
            is_gimple_min_invariant(argument)) ||
          !ptr_derefs_may_alias_p(argument, buffer.pointer))
        continue;
      merge(*syncs, {argument, 0, access, true, false,
                     resolvable_callee(gimple_call_fndecl(statement))});
      found = true;
    }
    return found;
  }

  // For a load or store, the accesses that may touch BUFFER, as syncs of
  // exactly the bytes accessed.  False when there is one whose address
  // cannot be taken (a bit-field, a register) or for other statements.
  static bool exact_syncs(gimple *statement, Buffer &buffer,
                          std::vector<Sync> *syncs) {
    if (!gimple_assign_single_p(statement))
      return false;
    std::vector<Sync> found;
    for (bool store : {true, false}) {
      tree ref =
          store ? gimple_assign_lhs(statement) : gimple_assign_rhs1(statement);
      if (!(REFERENCE_CLASS_P(ref) || DECL_P(ref)) || is_gimple_reg(ref))
        continue;
      ao_ref accessed;
      ao_ref_init(&accessed, ref);
      if (!refs_may_alias_p_1(&accessed, &buffer.memory, false))
        continue;
      tree base = get_base_address(ref);
      if (!base || (DECL_P(base) && !TREE_ADDRESSABLE(base)) ||
          TREE_CODE(ref) == BIT_FIELD_REF ||
          (TREE_CODE(ref) == COMPONENT_REF &&
           DECL_BIT_FIELD(TREE_OPERAND(ref, 1))) ||
          !tree_fits_uhwi_p(TYPE_SIZE_UNIT(TREE_TYPE(ref))))
        return false;
      found.push_back({build_fold_addr_expr(unshare_expr(ref)),
                       tree_to_shwi(TYPE_SIZE_UNIT(TREE_TYPE(ref))),
                       store ? FERRY_HOST_OVERWRITES : FERRY_HOST_READS,
                       false, false});
    }
    if (found.empty())
      return false;
    for (const Sync &sync : found)
      merge(*syncs, sync);
    return true;
  }

  // The syncs STATEMENT needs, placed in block AT before the statement
  // numbered UID there (0: at its end, for a sync hoisted to a preheader,
  // where nothing about the statement's own addresses is known).
  std::vector<Sync> syncs_for(gimple *statement, basic_block at, unsigned uid) {
    std::vector<Sync> syncs;
    for (Buffer &buffer : buffers_) {
      const Touch touched = touch(statement, buffer);
      if (!touched)
        continue;
      if (uid && exact_syncs(statement, buffer, &syncs))
        continue;
      const int access = touched.writes ? FERRY_HOST_WRITES : FERRY_HOST_READS;
      const bool passed =
          uid && passed_syncs(statement, buffer, access, &syncs);
      merge(syncs,
            {names_buffer_at(buffer, at, uid) ? buffer.pointer : NULL_TREE, 0,
             access, is_gimple_call(statement),
             passed || !hands_over(statement, buffer.pointer),
             is_gimple_call(statement)
                 ? resolvable_callee(gimple_call_fndecl(statement))
                 : NULL_TREE});
    }
    return syncs;
  }

  void plan_and_insert() {
    loop_optimizer_init(LOOPS_NORMAL);
    calculate_dominance_info(CDI_DOMINATORS);
    find_launching_loops();

    struct Planned {
      gimple *before; // or, if null, the preheader edge of LOOP
      class loop *loop;
      std::vector<Sync> syncs;
    };
    std::vector<Planned> plan;
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun_) {
      unsigned uid = 1;
      for (gimple_stmt_iterator it = gsi_start_bb(bb); !gsi_end_p(it);
           gsi_next(&it))
        gimple_set_uid(gsi_stmt(it), uid++);
    }
    FOR_EACH_BB_FN(bb, fun_) {
      class loop *target = hoist_target(bb);
      for (gimple_stmt_iterator it = gsi_start_bb(bb); !gsi_end_p(it);
           gsi_next(&it)) {
        gimple *statement = gsi_stmt(it);
        if (needs_no_sync(statement))
          continue;
        std::vector<Sync> syncs =
            target ? syncs_for(statement, loop_preheader_edge(target)->src, 0)
                   : syncs_for(statement, bb, gimple_uid(statement));
        if (!syncs.empty())
          plan.push_back({target ? nullptr : statement, target, syncs});
      }
    }

    // Hoisted syncs: once per loop, merged.
    std::vector<std::pair<class loop *, std::vector<Sync>>> per_loop;
    for (Planned &planned : plan) {
      if (planned.before) {
        insert_before(planned.before, planned.syncs);
        continue;
      }
      auto it =
          std::find_if(per_loop.begin(), per_loop.end(),
                       [&](const auto &p) { return p.first == planned.loop; });
      if (it == per_loop.end()) {
        per_loop.push_back({planned.loop, {}});
        it = per_loop.end() - 1;
      }
      for (const Sync &sync : planned.syncs)
        merge(it->second, sync);
    }
    for (auto &[target, syncs] : per_loop)
      for (const Sync &sync : ordered(syncs))
        gsi_insert_on_edge(loop_preheader_edge(target),
                           call_for(sync, nullptr));
    gsi_commit_edge_inserts();
    free_dominance_info(CDI_DOMINATORS);
    loop_optimizer_finalize();
  }

  // Adds SYNC to SYNCS, or widens the access of the one for the same
  // bytes: any two different accesses make a read and a write.
  static void merge(std::vector<Sync> &syncs, const Sync &sync) {
    for (Sync &known : syncs)
      if (known.same_bytes(sync)) {
        if (known.access != sync.access)
          known.access = FERRY_HOST_WRITES;
        known.before_call = known.before_call && sync.before_call;
        known.resolvable = both_resolvable(known, sync);
        known.may_only = known.may_only && sync.may_only;
        return;
      }
    syncs.push_back(sync);
  }

  // Where guarded pages answer for both of two syncs of the same bytes.
  static tree both_resolvable(const Sync &a, const Sync &b) {
    if ((!a.may_only && !a.resolvable) || (!b.may_only && !b.resolvable))
      return NULL_TREE;
    if (a.may_only)
      return b.resolvable;
    if (b.may_only || operand_equal_p(a.resolvable, b.resolvable, 0))
      return a.resolvable;
    return NULL_TREE; // two callees: one condition would do for neither
  }

  // Reads first: a read must see the device's data before a later call
  // on the same bytes declares them overwritten.
  static std::vector<Sync> ordered(std::vector<Sync> syncs) {
    std::stable_sort(
        syncs.begin(), syncs.end(),
        [](const Sync &a, const Sync &b) { return a.access < b.access; });
    return syncs;
  }

  void insert_before(gimple *statement, const std::vector<Sync> &syncs) {
    gimple_stmt_iterator at = gsi_for_stmt(statement);
    for (const Sync &sync : ordered(syncs)) {
      gcall *call = call_for(sync, &at);
      gimple_set_location(call, gimple_location(statement));
      gsi_insert_before(&at, call, GSI_SAME_STMT);
    }
  }

  // The call for SYNC; an address, and a callee's marker test, are
  // gimplified before AT when given (a sync hoisted to a preheader is
  // never a call's: a loop with a call that might launch keeps its syncs).
  static gcall *call_for(const Sync &sync, gimple_stmt_iterator *at) {
    const bool resolvable = sync.resolvable == boolean_true_node;
    const int access = sync.access |
                       (sync.before_call ? FERRY_HOST_BEFORE_CALL : 0) |
                       (sync.may_only || resolvable ? FERRY_HOST_MAY : 0);
    if (!sync.address)
      return runtime_calls::frame_access(access);
    tree address = sync.address;
    if (at && !is_gimple_val(address))
      address = force_gimple_operand_gsi(at, address, true, NULL_TREE, true,
                                         GSI_SAME_STMT);
    tree bytes = build_int_cst(long_long_unsigned_type_node, sync.bytes);
    if (!at || !sync.resolvable || resolvable || sync.may_only)
      return runtime_calls::host_access(address, bytes, access);
    // FERRY_HOST_MAY where the callee's unit published its marker.
    tree may = fold_build2(
        LSHIFT_EXPR, integer_type_node,
        fold_convert(integer_type_node, unshare_expr(sync.resolvable)),
        build_int_cst(integer_type_node, exact_log2(FERRY_HOST_MAY)));
    tree value = force_gimple_operand_gsi(
        at,
        fold_build2(BIT_IOR_EXPR, integer_type_node, may,
                    build_int_cst(integer_type_node, access)),
        true, NULL_TREE, true, GSI_SAME_STMT);
    return runtime_calls::host_access(address, bytes, value);
  }

  function *fun_;
  std::vector<Buffer> buffers_;
  std::vector<bool> launching_; // by loop number
};

const pass_data kHostSyncPassData =
    gcc::gimple_pass("ferry-host-sync", PROP_ssa | PROP_cfg);

class HostSyncPass : public gimple_opt_pass {
public:
  explicit HostSyncPass(::gcc::context *context)
      : gimple_opt_pass(kHostSyncPassData, context) {}
  unsigned execute(function *fun) override { return HostSync(fun).run(); }
};

} // namespace

opt_pass *make_host_sync_pass(::gcc::context *context) {
  return new HostSyncPass(context);
}

} // namespace ferry
