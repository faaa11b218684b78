// SPDX-License-Identifier: GPL-3.0-or-later
// A kernel loop after its body is walked (loop_checker.h): rule 2 over
// all the accesses of each written buffer, the coverage of `out` buffers,
// and what the launch checks (the reach of each buffer, and the
// disjointness that only the parameters' values decide), with the
// diagnostics that explain a failed proof.
#include "loop_checker.h"

#include "launch_disjointness.h"
#include "tree_utils.h"

#include <algorithm>

namespace ferry {

void LoopChecker::note_contract(const BufferParam &buffer) {
  if (buffer.ownership == Ownership::out)
    inform(DECL_SOURCE_LOCATION(buffer.decl),
           "%qD is declared %<ferry::out%>: nothing is copied to the device "
           "for it, so the kernel must write every element before reading "
           "it",
           buffer.decl);
  else
    inform(DECL_SOURCE_LOCATION(buffer.decl),
           "%qD is declared %<ferry::scratch%>: device-only storage that "
           "starts with no values",
           buffer.decl);
}

// An out buffer is copied back whole, so the loop that first writes it
// must write every element on every path; a scratch buffer written whole
// can be read by the loops after.
void LoopChecker::check_write_coverage() {
  for (const BufferParam &buffer : k_.buffers) {
    const std::vector<BufferAccess> &list = accesses_[buffer.index];
    auto first_write =
        std::find_if(list.begin(), list.end(),
                     [](const BufferAccess &a) { return a.write; });
    if (!definite_.tracked(buffer.index) || first_write == list.end() ||
        reported_contract_.count(buffer.index))
      continue;
    std::vector<ByteSpan> writes = definite_.writes(buffer.index);
    tree element = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(buffer.decl)));
    // A region's section that starts past the pointer (`map(from:
    // z[off:n])`) is written whole from its start.
    if (k_.region)
      if (tree bias = k_.region->maps[buffer.index].bias)
        for (ByteSpan &write : writes)
          write.offset.constant =
              fold_build2(MINUS_EXPR, sizetype, write.offset.constant,
                          fold_convert(sizetype, bias));
    Coverage coverage;
    if (!writes.empty())
      coverage = write_coverage(writes, element, buffer.length, index_vars_);
    if (coverage.kind == Coverage::whole) {
      (*written_whole_)[buffer.index] = true;
      continue;
    }
    if (buffer.ownership != Ownership::out || !ok_)
      continue;
    auto_diagnostic_group group;
    if (k_.region)
      report_region_partial_write(buffer, coverage);
    else
      fail(loop_.location,
           "this loop does not write every element of %qD on every path, "
           "but %qD is declared %<ferry::out(%s)%>",
           buffer.decl, buffer.decl, buffer.length_text.c_str());
    if (writes.empty())
      inform(first_write->location,
             "this write does not happen on every path: it is under a "
             "condition, in a loop that may end early, or after a "
             "%<continue%>");
    else if (coverage.kind == Coverage::gaps_inside)
      inform(writes.front().location,
             "each iteration writes only part of the elements it owns");
    else if (coverage.kind == Coverage::gaps_between)
      inform(writes.front().location,
             "the writes of successive iterations leave elements between them "
             "unwritten");
    else if (coverage.first_known && coverage.first != 0)
      inform(writes.front().location,
             "the writes start at element %wd, not at element 0",
             coverage.first);
    else if (coverage.end_known && coverage.end_minus_length < 0)
      inform_n(writes.front().location, -coverage.end_minus_length,
               "the writes stop %wd element short of the length %qs",
               "the writes stop %wd elements short of the length %qs",
               -coverage.end_minus_length, buffer.length_text.c_str());
    else if (coverage.end_known)
      inform_n(writes.front().location, coverage.end_minus_length,
               "the writes go %wd element past the length %qs",
               "the writes go %wd elements past the length %qs",
               coverage.end_minus_length, buffer.length_text.c_str());
    else
      inform(writes.front().location,
             "ferry cannot show that the writes end at the length %qs",
             buffer.length_text.c_str());
    if (k_.region) {
      note_map(buffer);
      inform(k_.region->maps[buffer.index].location,
             "map it %<tofrom%>, so that the elements the loop skips keep "
             "their values from the host%s",
             kAlreadyMapped);
      continue;
    }
    note_contract(buffer);
    inform(DECL_SOURCE_LOCATION(buffer.decl),
           "declare it %<ferry::borrow_mut(%s)%> if some elements keep the "
           "values the caller gave them, or give it the length the loop writes",
           buffer.length_text.c_str());
  }
}

// Whether T can be computed before the launch: constants and parameters
// the kernel never assigns.
bool LoopChecker::computable_at_launch(tree t) const {
  if (!is_invariant(t, {}))
    return false;
  for (const BufferParam &buffer : k_.buffers)
    if (mentions(t, buffer.decl))
      return false;
  return std::none_of(assigned_params_.begin(), assigned_params_.end(),
                      [&](tree param) { return mentions(t, param); });
}

tree LoopChecker::as_long_long(tree t) {
  return fold_convert(long_long_integer_type_node, unshare_expr(t));
}

// What each buffer's affine accesses reach over the loop's ranges, when
// the ranges are known at the launch.  The reach is built per group of
// accesses that move alike with the loop variables (the same
// coefficients): one test whether the loop runs and one range of the
// variables per group, and the distinct constant parts under one MIN and
// one MAX.  A stencil's hundreds of accesses (HeCBench's sw4ck) gave a
// conditional each, and GCC's value numbering, quadratic in them, took
// half a minute on one kernel.
void LoopChecker::compute_reaches() {
  tree type = long_long_integer_type_node;
  tree none_first = TYPE_MAX_VALUE(type), none_end = TYPE_MIN_VALUE(type);
  struct Group {
    const AffineOffset *form; // the first access's, for its terms
    tree runs, lowest, highest; // the variables' part
    std::vector<tree> lows, highs; // distinct constant parts
  };
  auto add_distinct = [](std::vector<tree> &list, tree value) {
    for (tree known : list)
      if (operand_equal_p(known, value, 0))
        return;
    list.push_back(value);
  };
  auto same_terms = [](const AffineOffset &a, const AffineOffset &b) {
    if (a.terms.size() != b.terms.size())
      return false;
    for (std::size_t i = 0; i < a.terms.size(); ++i)
      if (a.terms[i].first != b.terms[i].first ||
          !operand_equal_p(a.terms[i].second, b.terms[i].second, 0))
        return false;
    return true;
  };
  for (const BufferParam &buffer : k_.buffers) {
    std::vector<Group> groups;
    for (const BufferAccess &access : accesses_[buffer.index]) {
      const AffineOffset &offset = access.offset;
      if (!access.every_path || !offset.affine || !access.size ||
          !computable_at_launch(offset.constant))
        continue;
      tree low = as_long_long(offset.constant);
      tree high = fold_build2(PLUS_EXPR, type, low, as_long_long(access.size));
      auto group = std::find_if(groups.begin(), groups.end(),
                                [&](const Group &g) {
                                  return same_terms(*g.form, offset);
                                });
      if (group == groups.end()) {
        Group added{&offset, boolean_true_node, build_zero_cst(type),
                    build_zero_cst(type), {}, {}};
        bool known = true;
        for (const auto &[var, coefficient] : offset.terms) {
          auto v = std::find_if(
              index_vars_.begin(), index_vars_.end(),
              [&](const IndexVariable &i) { return i.var == var; });
          if (v == index_vars_.end() || !computable_at_launch(v->lower) ||
              !computable_at_launch(v->bound) ||
              !computable_at_launch(coefficient)) {
            known = false;
            break;
          }
          tree lower = as_long_long(v->lower), bound = as_long_long(v->bound);
          added.runs = fold_build2(
              TRUTH_ANDIF_EXPR, boolean_type_node, added.runs,
              fold_build2(LT_EXPR, boolean_type_node, lower, bound));
          tree c = as_long_long(coefficient);
          tree at_lower = fold_build2(MULT_EXPR, type, c, lower);
          tree at_last = fold_build2(
              MULT_EXPR, type, c,
              fold_build2(MINUS_EXPR, type, bound, build_one_cst(type)));
          added.lowest =
              fold_build2(PLUS_EXPR, type, added.lowest,
                          fold_build2(MIN_EXPR, type, at_lower, at_last));
          added.highest =
              fold_build2(PLUS_EXPR, type, added.highest,
                          fold_build2(MAX_EXPR, type, at_lower, at_last));
        }
        if (!known)
          continue;
        groups.push_back(added);
        group = groups.end() - 1;
      }
      add_distinct(group->lows, low);
      add_distinct(group->highs, high);
    }
    tree first = NULL_TREE, end = NULL_TREE;
    for (const Group &group : groups) {
      tree low = NULL_TREE, high = NULL_TREE;
      for (tree value : group.lows)
        low = low ? fold_build2(MIN_EXPR, type, low, value) : value;
      for (tree value : group.highs)
        high = high ? fold_build2(MAX_EXPR, type, high, value) : value;
      low = fold_build3(COND_EXPR, type, group.runs,
                        fold_build2(PLUS_EXPR, type, low, group.lowest),
                        none_first);
      high = fold_build3(COND_EXPR, type, unshare_expr(group.runs),
                         fold_build2(PLUS_EXPR, type, high, group.highest),
                         none_end);
      first = first ? fold_build2(MIN_EXPR, type, first, low) : low;
      end = end ? fold_build2(MAX_EXPR, type, end, high) : high;
    }
    if (first)
      facts_->reaches.push_back(Reach{&buffer, first, end, loop_.location});
  }
}

// Rule 2: in a loop that writes a buffer, every access to it must be to
// the elements the iteration owns.
void LoopChecker::check_races() {
  for (const BufferParam &buffer : k_.buffers) {
    if (buffer.ownership == Ownership::shared_mut)
      continue;
    // A program's atomic constructs share their elements by OpenMP's
    // meaning.
    std::vector<BufferAccess> list;
    std::copy_if(accesses_[buffer.index].begin(),
                 accesses_[buffer.index].end(), std::back_inserter(list),
                 [](const BufferAccess &a) { return !a.atomic; });
    bool written = std::any_of(list.begin(), list.end(),
                               [](const BufferAccess &a) { return a.write; });
    const bool one_iteration =
        std::all_of(list.begin(), list.end(), [](const BufferAccess &a) {
          return a.single_iteration;
        });
    if (!written || one_iteration)
      continue;
    tree element = ownership_unit(
        list, TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(buffer.decl))));
    const BufferAccess &first_write =
        *std::find_if(list.begin(), list.end(),
                      [](const BufferAccess &a) { return a.write; });
    tree span_start = owned_span_start(list, element);
    bool strided = false;
    for (const BufferAccess &access : list) {
      OwnershipFailure why;
      if (!owned(access, list, element, span_start, &why, &strided)) {
        if (!leave_to_launch(buffer, list))
          report_race(buffer, access, why);
        break;
      }
      // A strided set is the iteration's own only through one form.
      if (!same_parallel_terms(access.offset, first_write.offset,
                               index_vars_) ||
          (strided && !same_offset(access.offset, first_write.offset))) {
        if (!leave_to_launch(buffer, list))
          report_mismatch(buffer, access, first_write);
        break;
      }
    }
  }
}

// What each iteration owns of a buffer: whole elements, or, where every
// access of the loop is to one member of the same size and the parallel
// steps are multiples of it but not of the element, that member's bytes
// (an SU(3) code's iteration writes one complex number of a site's
// matrices: c[id / 36].link[(id % 36) / 9].e[(id % 9) / 3][id % 3]).
tree LoopChecker::ownership_unit(const std::vector<BufferAccess> &list,
                                 tree element) const {
  tree size = list.front().size;
  if (!size || TREE_CODE(size) != INTEGER_CST ||
      TREE_CODE(element) != INTEGER_CST || tree_int_cst_equal(size, element) ||
      integer_zerop(size) ||
      !integer_zerop(fold_build2(TRUNC_MOD_EXPR, sizetype, element, size)))
    return element;
  auto divides = [](tree step, tree unit) {
    return integer_zerop(fold_build2(TRUNC_MOD_EXPR, sizetype, step, unit));
  };
  bool within_elements = false; // a step whole elements cannot own
  for (const BufferAccess &access : list) {
    if (!access.size || !tree_int_cst_equal(access.size, size) ||
        !access.offset.affine)
      return element;
    for (const auto &term : access.offset.terms) {
      if (TREE_CODE(term.second) != INTEGER_CST || !divides(term.second, size))
        return element;
      within_elements |= !divides(term.second, element);
    }
  }
  return within_elements ? size : element;
}

// Accesses whose disjointness only the launch's values decide: checked
// there (launch_disjointness.h).
bool LoopChecker::leave_to_launch(const BufferParam &buffer,
                                  const std::vector<BufferAccess> &list) {
  // A program's region runs on its pragma's promise that the iterations
  // are apart, as GCC runs it: a launch must not stop it where the
  // elements meet on purpose (Floyd-Warshall's row and column k, which
  // pass k rewrites with what they hold).  What ferry cannot show stays a
  // possible race, which explain reports.
  if (k_.from_openmp_region())
    return false;
  std::vector<LaunchAccess> accesses;
  for (const BufferAccess &access : list)
    accesses.push_back(
        {access.offset, access.size, access.write, access.location});
  DisjointCheck check;
  if (!ferry::leave_to_launch(
          buffer, loop_.location, accesses, index_vars_,
          [this](tree t) { return computable_at_launch(t); }, &check))
    return false;
  facts_->disjoint_checks.push_back(std::move(check));
  return true;
}

// Where, from its parallel terms, the span each iteration owns starts:
// 0 (y[i], y[2 * i + 1]), or a shift that moves every access alike
// (y[i - 1] over i = 1 .. n).
tree LoopChecker::owned_span_start(const std::vector<BufferAccess> &list,
                                   tree element) const {
  std::vector<tree> candidates{size_zero_node};
  for (const BufferAccess &access : list)
    if (access.offset.affine)
      candidates.push_back(access.offset.constant);
  for (tree start : candidates)
    if (std::all_of(list.begin(), list.end(), [&](const BufferAccess &access) {
          OwnershipFailure ignored;
          return owned(access, list, element, start, &ignored);
        }))
      return start;
  return size_zero_node;
}

bool LoopChecker::owned(const BufferAccess &access,
                        const std::vector<BufferAccess> &list, tree element,
                        tree span_start, OwnershipFailure *why,
                        bool *strided) const {
  if (is_owned_by_iteration(access.offset, element, access.size, span_start,
                            index_vars_, why, strided))
    return true;
  // A row's strided walk would need every access in one form.
  if (strided && *strided)
    return false;
  std::vector<tree> others;
  for (const BufferAccess &other : list)
    if (&other != &access && other.offset.affine)
      others.push_back(other.offset.constant);
  AffineOffset row;
  OwnershipFailure ignored;
  return shift_to_owned_row(access.offset, span_start, index_vars_, others,
                            &row) &&
         is_owned_by_iteration(row, element, access.size, span_start,
                               index_vars_, &ignored);
}

void LoopChecker::report_race(const BufferParam &buffer,
                              const BufferAccess &access,
                              const OwnershipFailure &why) {
  // In a region, a write that every iteration makes to one fixed element
  // is certain to race; one under a condition, or moved by an inner loop
  // whose range the iteration picks, may not be.
  if (k_.region && access.write && access.every_path &&
      why.kind == OwnershipFailure::missing_index && access.offset.affine &&
      access.offset.terms.empty() &&
      invariant(access.offset.constant)) {
    report_region_same_element(buffer, access);
    return;
  }
  auto_diagnostic_group group;
  ++facts_->unshown_races;
  fail(access.location,
       "possible data race: this %s of %qD is not at an element that only "
       "the current iteration touches",
       access_kind(access), buffer.decl);
  explain_failure(why, access.location);
  note_collapse();
  suggest_own_elements(buffer, access);
}

// A nest ferry collapsed: every combination of its variables is one
// iteration (after a loop interchange, say, the outer variable may not
// move the access at all).
void LoopChecker::note_collapse() const {
  const std::vector<LoopLevel> &levels = loop_.levels;
  if (levels.size() == 2)
    inform(loop_.location,
           "ferry runs this nest as one parallel loop over %qD and %qD "
           "together: each pair of values is an iteration of its own, and "
           "must write elements no other pair writes",
           levels[0].var, levels[1].var);
  else if (levels.size() == 3)
    inform(loop_.location,
           "ferry runs this nest as one parallel loop over %qD, %qD and "
           "%qD together: each combination of values is an iteration of "
           "its own, and must write elements no other combination writes",
           levels[0].var, levels[1].var, levels[2].var);
}

// Both accesses pass alone but move differently with the parallel loop
// variables, so one iteration's element is another's.
void LoopChecker::report_mismatch(const BufferParam &buffer,
                                  const BufferAccess &access,
                                  const BufferAccess &write) {
  auto_diagnostic_group group;
  ++facts_->unshown_races;
  fail(access.location,
       "possible data race: this %s of %qD and the write of %qD on line "
       "%d can touch the same element in different iterations",
       access_kind(access), buffer.decl, buffer.decl,
       LOCATION_LINE(write.location));
  inform(write.location, "the write; its subscript moves differently with "
                         "the parallel loop variables");
  note_collapse();
  suggest_own_elements(buffer, access);
}

const char *LoopChecker::access_kind(const BufferAccess &access) {
  return access.write ? "write" : "read";
}

void LoopChecker::suggest_own_elements(const BufferParam &buffer,
                                       const BufferAccess &access) {
  if (access.helper)
    inform(access.helper_location, "%qD makes the %s here", access.helper,
           access_kind(access));
  note_parameter(buffer);
  // shared_mut lets iterations update shared elements, never read what
  // others update: for a read it would only move the refusal.
  if (access.write)
    inform(access.location,
           "each iteration may only access its own elements, such as "
           "%<%E[%E]%>; use %<ferry::shared_mut%> if iterations really share "
           "elements",
           DECL_NAME(buffer.decl), DECL_NAME(loop_.levels.back().var));
  else
    inform(access.location,
           "each iteration may only access its own elements, such as "
           "%<%E[%E]%>; to read what other iterations write, read it from a "
           "copy made before the kernel (a second buffer), or split the loop "
           "in two kernels",
           DECL_NAME(buffer.decl), DECL_NAME(loop_.levels.back().var));
}

void LoopChecker::explain_failure(const OwnershipFailure &why,
                                  location_t where) {
  switch (why.kind) {
  case OwnershipFailure::not_affine:
    inform(where, "the subscript is not a sum of loop variables times "
                  "sizes that do not change in the loop");
    break;
  case OwnershipFailure::shifted:
    inform(where, "the subscript is shifted by whole elements, so it "
                  "reaches an element of another iteration");
    break;
  case OwnershipFailure::missing_index:
    inform(where,
           "the subscript does not depend on %qD, so all values of "
           "%qD touch the same element",
           why.variable, why.variable);
    break;
  case OwnershipFailure::stride_too_small:
    inform(where,
           "ferry cannot show that the stride of %qD covers the "
           "whole range of %qD; bound %qD by that stride, as in "
           "%<y[i*ld + j]%> with %<j < ld%>",
           why.variable, why.inner_variable, why.inner_variable);
    break;
  case OwnershipFailure::serial_outside:
    inform(where,
           "the inner loop variable %qD strides across the elements "
           "of other iterations",
           why.variable);
    break;
  case OwnershipFailure::decreasing:
    inform(where,
           "the subscript decreases as %qD grows, and ferry proves only "
           "subscripts that grow with each loop variable; to reverse, "
           "write %<out[%E] = in[n - 1 - %E]%> with %<in%> a "
           "%<ferry::borrow%> buffer",
           why.variable, DECL_NAME(why.variable), DECL_NAME(why.variable));
    break;
  case OwnershipFailure::none:
    break;
  }
}

} // namespace ferry
