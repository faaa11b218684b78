// SPDX-License-Identifier: GPL-3.0-or-later
// See region_restrict.h.
#include "region_restrict.h"

#include "tree_utils.h"

#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace ferry {

namespace {

// Kernel assembler name -> its buffer parameters' names, by buffer index.
std::map<std::string, std::vector<std::string>> region_buffers;

// Bases this pass gives, above those points-to analysis numbers its own
// restrict pointers with (one per restrict parameter, from 1).
const unsigned short kFirstBase = 0x8000;

// What the SSA pointers of an outlined function are based on, and whether
// the claim "references through different buffers do not alias" may be
// written into its references.
class BufferBases {
public:
  BufferBases(function *fun, const std::vector<std::string> &buffers)
      : fun_(fun), buffers_(buffers), data_(data_block(fun)) {}

  // Every pointer SSA name: the buffer it is based on, if it is based on
  // exactly one.  An optimistic fixpoint, so that pointers stepped around a
  // loop (a PHI of the start and the stepped value) keep their buffer.
  void compute() {
    if (!data_)
      return;
    for (bool changed = true; changed;) {
      changed = false;
      basic_block block;
      FOR_EACH_BB_FN(block, fun_) {
        for (gphi_iterator it = gsi_start_phis(block); !gsi_end_p(it);
             gsi_next(&it))
          changed |= update(gimple_phi_result(it.phi()), of_phi(it.phi()));
        for (gimple_stmt_iterator it = gsi_start_bb(block); !gsi_end_p(it);
             gsi_next(&it))
          if (gassign *assign = dyn_cast<gassign *>(gsi_stmt(it)))
            if (TREE_CODE(gimple_assign_lhs(assign)) == SSA_NAME)
              changed |= update(gimple_assign_lhs(assign), of_assign(assign));
      }
    }
  }

  // Whether every dereferenced pointer is the data block or based on one
  // buffer, and no buffer pointer leaves the function's SSA values (stored
  // to memory, passed to a call, turned into an integer).  Otherwise a
  // reference this pass cannot see could reach a buffer, and giving the
  // buffers bases of their own would claim that it does not alias them.
  bool all_references_known() const {
    if (!data_)
      return false;
    basic_block block;
    FOR_EACH_BB_FN(block, fun_) {
      for (gimple_stmt_iterator it = gsi_start_bb(block); !gsi_end_p(it);
           gsi_next(&it)) {
        gimple *statement = gsi_stmt(it);
        if (is_gimple_debug(statement))
          continue;
        if (walk_stmt_load_store_ops(statement, const_cast<BufferBases *>(this),
                                     unknown_reference, unknown_reference))
          return false;
        ssa_op_iter iter;
        tree use;
        FOR_EACH_SSA_TREE_OPERAND(use, statement, iter, SSA_OP_USE) {
          if (buffer_of(use) >= 0 && !keeps_inside(statement, use))
            return false;
        }
      }
      for (gphi_iterator it = gsi_start_phis(block); !gsi_end_p(it);
           gsi_next(&it)) {
        gphi *phi = it.phi();
        // A PHI that mixes a buffer pointer with anything else loses it.
        if (buffer_of(gimple_phi_result(phi)) < 0)
          for (unsigned i = 0; i < gimple_phi_num_args(phi); ++i)
            if (buffer_of(gimple_phi_arg_def(phi, i)) >= 0)
              return false;
      }
    }
    return true;
  }

  // The buffer index NAME is based on, or -1.
  int buffer_of(tree name) const {
    auto found = values_.find(name);
    return found == values_.end() || found->second < 0 ? -1 : found->second;
  }

private:
  static constexpr int kUnknownYet = -2; // optimistic start
  static constexpr int kNone = -1;

  // The default definition of the .omp_data_i parameter.
  static tree data_block(function *fun) {
    tree parm = DECL_ARGUMENTS(fun->decl);
    if (!parm || !DECL_NAME(parm) ||
        std::strcmp(IDENTIFIER_POINTER(DECL_NAME(parm)), ".omp_data_i") != 0)
      return NULL_TREE;
    return ssa_default_def(fun, parm);
  }

  static bool unknown_reference(gimple *, tree base, tree, void *data) {
    const auto *self = static_cast<const BufferBases *>(data);
    if (TREE_CODE(base) != MEM_REF && TREE_CODE(base) != TARGET_MEM_REF)
      return false; // a declared object, which no buffer is
    tree pointer = TREE_OPERAND(base, 0);
    return TREE_CODE(pointer) == SSA_NAME && pointer != self->data_ &&
           self->buffer_of(pointer) < 0;
  }

  // Whether STATEMENT only derives another pointer into the same buffer
  // from the buffer pointer USE, compares it, or dereferences it.
  bool keeps_inside(gimple *statement, tree use) const {
    if (gimple_code(statement) == GIMPLE_COND)
      return true;
    gassign *assign = dyn_cast<gassign *>(statement);
    if (!assign)
      return false;
    tree lhs = gimple_assign_lhs(assign);
    if (TREE_CODE_CLASS(gimple_assign_rhs_code(assign)) == tcc_comparison)
      return true;
    if (TREE_CODE(lhs) == SSA_NAME)
      return buffer_of(lhs) >= 0 ||
             is_load_through(gimple_assign_rhs1(assign), use);
    return gimple_assign_single_p(assign) && is_load_through(lhs, use) &&
           !mentions(gimple_assign_rhs1(assign), use);
  }

  // REF is a reference whose base is *USE (plus a constant), with USE
  // nowhere else in it.
  static bool is_load_through(tree ref, tree use) {
    tree base = ref;
    while (handled_component_p(base)) {
      for (int i = 1; i < TREE_OPERAND_LENGTH(base); ++i)
        if (mentions(TREE_OPERAND(base, i), use))
          return false;
      base = TREE_OPERAND(base, 0);
    }
    return TREE_CODE(base) == MEM_REF && TREE_OPERAND(base, 0) == use;
  }

  int value(tree operand) const {
    if (TREE_CODE(operand) != SSA_NAME)
      return kNone;
    auto found = values_.find(operand);
    return found == values_.end() ? kUnknownYet : found->second;
  }

  bool update(tree name, int next) {
    if (!POINTER_TYPE_P(TREE_TYPE(name)))
      return false;
    auto [slot, inserted] = values_.emplace(name, next);
    if (inserted)
      return true;
    if (slot->second == next || slot->second == kNone)
      return false;
    // Values only fall: unknown yet -> a buffer -> none.
    slot->second = slot->second == kUnknownYet ? next : kNone;
    return true;
  }

  static int meet(int a, int b) {
    if (a == kUnknownYet)
      return b;
    if (b == kUnknownYet)
      return a;
    return a == b ? a : kNone;
  }

  int of_phi(gphi *phi) const {
    int result = kUnknownYet;
    for (unsigned i = 0; i < gimple_phi_num_args(phi); ++i)
      result = meet(result, value(gimple_phi_arg_def(phi, i)));
    return result;
  }

  int of_assign(gassign *assign) const {
    tree rhs = gimple_assign_rhs1(assign);
    switch (gimple_assign_rhs_code(assign)) {
    case POINTER_PLUS_EXPR:
    case SSA_NAME:
      return value(rhs);
    CASE_CONVERT:
      return POINTER_TYPE_P(TREE_TYPE(rhs)) ? value(rhs) : kNone;
    case ADDR_EXPR: {
      // &p->field or &MEM[p + 8]: a pointer into p's buffer.
      tree base = get_base_address(TREE_OPERAND(rhs, 0));
      return base && TREE_CODE(base) == MEM_REF ? value(TREE_OPERAND(base, 0))
                                                : kNone;
    }
    case COMPONENT_REF:
      return field_of_data_block(rhs);
    default:
      return kNone;
    }
  }

  // .omp_data_i->NAME, where NAME is a buffer's: that buffer.
  int field_of_data_block(tree ref) const {
    tree object = TREE_OPERAND(ref, 0);
    tree field = TREE_OPERAND(ref, 1);
    if (TREE_CODE(object) != MEM_REF || TREE_OPERAND(object, 0) != data_ ||
        !integer_zerop(TREE_OPERAND(object, 1)) || !DECL_NAME(field) ||
        !POINTER_TYPE_P(TREE_TYPE(field)))
      return kNone;
    const char *name = IDENTIFIER_POINTER(DECL_NAME(field));
    for (std::size_t i = 0; i < buffers_.size(); ++i)
      if (buffers_[i] == name)
        return static_cast<int>(i);
    return kNone;
  }

  function *fun_;
  const std::vector<std::string> &buffers_;
  tree data_;
  std::map<tree, int> values_;
};

// Gives a reference through a buffer pointer the buffer's base in clique 1.
// Points-to analysis has put the function's references in clique 1
// (.omp_data_i is a restrict parameter), those not through .omp_data_i with
// base 0; all_references_known() made sure that no other reference can
// reach a buffer.
bool mark_reference(gimple *, tree base, tree, void *data) {
  const auto *bases = static_cast<const BufferBases *>(data);
  if (TREE_CODE(base) != MEM_REF || MR_DEPENDENCE_CLIQUE(base) > 1)
    return false;
  const int buffer = bases->buffer_of(TREE_OPERAND(base, 0));
  if (buffer < 0)
    return false;
  MR_DEPENDENCE_CLIQUE(base) = 1;
  MR_DEPENDENCE_BASE(base) = static_cast<unsigned short>(kFirstBase + buffer);
  return true;
}

const pass_data kRegionRestrictPassData =
    gcc::gimple_pass("ferry-region-restrict", PROP_cfg | PROP_ssa);

class RegionRestrictPass : public gimple_opt_pass {
public:
  explicit RegionRestrictPass(::gcc::context *context)
      : gimple_opt_pass(kRegionRestrictPassData, context) {}

  // Inserted after every instance of a pass (see the registration).
  opt_pass *clone() override { return new RegionRestrictPass(m_ctxt); }

  bool gate(function *fun) override { return buffers_of(fun) != nullptr; }

  unsigned execute(function *fun) override {
    BufferBases bases(fun, *buffers_of(fun));
    bases.compute();
    if (!bases.all_references_known()) {
      if (dump_file)
        fprintf(dump_file, "ferry: a reference or a use of a buffer pointer "
                           "cannot be followed; no clique\n");
      return 0;
    }
    unsigned marked = 0;
    basic_block block;
    FOR_EACH_BB_FN(block, fun) {
      for (gimple_stmt_iterator it = gsi_start_bb(block); !gsi_end_p(it);
           gsi_next(&it))
        marked += walk_stmt_load_store_ops(gsi_stmt(it), &bases, mark_reference,
                                           mark_reference);
    }
    if (marked && fun->last_clique == 0)
      fun->last_clique = 1;
    if (dump_file)
      fprintf(dump_file,
              "ferry: %u statements reference buffers under "
              "clique 1\n",
              marked);
    return 0;
  }

private:
  // The buffers of the kernel FUN was outlined from, if any.
  static const std::vector<std::string> *buffers_of(function *fun) {
    const char *name = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fun->decl));
    const char *suffix = std::strstr(name, "._omp_fn.");
    if (!suffix)
      return nullptr;
    auto found = region_buffers.find(std::string(name, suffix));
    return found == region_buffers.end() ? nullptr : &found->second;
  }
};

} // namespace

void note_region_buffers(const Kernel &kernel) {
  std::vector<std::string> &names =
      region_buffers[IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(kernel.fndecl))];
  names.assign(kernel.buffers.size(), std::string());
  for (const BufferParam &buffer : kernel.buffers)
    names[buffer.index] = IDENTIFIER_POINTER(DECL_NAME(buffer.decl));
}

opt_pass *make_region_restrict_pass(::gcc::context *context) {
  return new RegionRestrictPass(context);
}

} // namespace ferry
