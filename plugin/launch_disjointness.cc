// SPDX-License-Identifier: GPL-3.0-or-later
// See launch_disjointness.h.
#include "launch_disjointness.h"

#include <algorithm>

namespace ferry {

namespace {

// VAR's step in FORM, zero when it does not move it.
tree step_of(const AffineOffset &form, tree var) {
  tree c = coefficient_of(form, var);
  return c ? c : size_zero_node;
}

tree sum(tree a, tree b) { return fold_build2(PLUS_EXPR, sizetype, a, b); }

tree product(tree a, tree b) {
  return fold_build2(MULT_EXPR, sizetype, a, fold_convert(sizetype, b));
}

bool is_zero(tree size) { return equal_sizes(size, size_zero_node); }

// READ is WRITE moved by a fixed distance along the same terms: a constant
// number of bytes (y[i - 1]) or one step of a loop variable
// (u[(i - 1)*m + j]).  Such a read meets the write of a neighbour for every
// size.
bool fixed_shift(const AffineOffset &read, const AffineOffset &write,
                 const std::vector<IndexVariable> &variables) {
  for (const IndexVariable &v : variables)
    if (!equal_sizes(step_of(read, v.var), step_of(write, v.var)))
      return false;
  tree distance =
      fold_build2(MINUS_EXPR, sizetype, read.constant, write.constant);
  if (is_zero(distance))
    return false; // the iteration's own element
  if (TREE_CODE(distance) == INTEGER_CST)
    return true;
  return std::any_of(write.terms.begin(), write.terms.end(),
                     [&](const auto &t) {
                       return equal_sizes(distance, t.second) ||
                              is_zero(sum(distance, t.second));
                     });
}

// READ is WRITE composed with a one-to-one map of the iteration space that
// is not the identity: variables of equal ranges swapped (the in-place
// transpose a[i*n + j] = a[j*n + i]) or walked backwards
// (y[n - 1 - i] = y[i]).  Its image is the write's, so two iterations meet
// whenever the map moves one.
bool same_image(const AffineOffset &read, const AffineOffset &write,
                const std::vector<IndexVariable> &variables) {
  const std::size_t n = variables.size();
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i)
    order[i] = i;
  auto same_range = [](const IndexVariable &a, const IndexVariable &b) {
    return equal_sizes(fold_convert(sizetype, a.lower),
                       fold_convert(sizetype, b.lower)) &&
           equal_sizes(fold_convert(sizetype, a.bound),
                       fold_convert(sizetype, b.bound));
  };
  // READ's variable v plays WRITE's variable order[v].
  do {
    tree moved = read.constant;
    bool identity = true, matches = true;
    for (std::size_t v = 0; v < n && matches; ++v) {
      const IndexVariable &from = variables[v], &to = variables[order[v]];
      tree c = step_of(read, from.var);
      tree target = step_of(write, to.var);
      if (is_zero(c)) {
        matches = is_zero(target);
        continue;
      }
      if (!same_range(from, to)) {
        matches = false;
      } else if (equal_sizes(c, target)) {
        identity = identity && order[v] == v;
      } else if (is_zero(sum(c, target))) {
        // v -> lower + bound - 1 - v turns c * v into -c * v.
        identity = false;
        tree ends = fold_build2(MINUS_EXPR, sizetype,
                                sum(fold_convert(sizetype, from.lower),
                                    fold_convert(sizetype, from.bound)),
                                size_one_node);
        moved = sum(moved, product(c, ends));
      } else {
        matches = false;
      }
    }
    if (matches && !identity && equal_sizes(moved, write.constant))
      return true;
  } while (std::next_permutation(order.begin(), order.end()));
  return false;
}

// Every step and the distance between them are numbers: the compile-time
// proof was complete, and its verdict stands (y[i] = y[2 * i]).
bool all_constant(const AffineOffset &read, const AffineOffset &write) {
  auto constant_terms = [](const AffineOffset &form) {
    return std::all_of(form.terms.begin(), form.terms.end(), [](const auto &t) {
      return TREE_CODE(t.second) == INTEGER_CST;
    });
  };
  tree distance =
      fold_build2(MINUS_EXPR, sizetype, read.constant, write.constant);
  return constant_terms(read) && constant_terms(write) &&
         TREE_CODE(distance) == INTEGER_CST;
}

tree as_long_long(tree t) {
  return fold_convert(long_long_integer_type_node, unshare_expr(t));
}

} // namespace

bool leave_to_launch(const BufferParam &buffer, location_t loop,
                     const std::vector<LaunchAccess> &accesses,
                     const std::vector<IndexVariable> &variables,
                     const std::function<bool(tree)> &computable,
                     DisjointCheck *check) {
  if (buffer.ownership != Ownership::borrow_mut)
    return false;
  const LaunchAccess *write = nullptr;
  for (const LaunchAccess &access : accesses) {
    if (!access.offset.affine || !access.size)
      return false;
    if (!access.write)
      continue;
    if (write && !same_offset(write->offset, access.offset))
      return false; // two different writes
    write = &access;
  }
  if (!write)
    return false;
  OwnershipFailure why;
  tree element = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(buffer.decl)));
  // A write that a parallel variable does not move, or whose steps and
  // size are numbers (a helper's chunk one element too long), fails the
  // compile-time proof for every size; one that falls as a variable grows
  // may still visit each element once.
  auto numbers = [](const AffineOffset &form) {
    return std::all_of(form.terms.begin(), form.terms.end(), [](const auto &t) {
      return TREE_CODE(t.second) == INTEGER_CST;
    });
  };
  if (!is_owned_by_iteration(write->offset, element, write->size,
                             size_zero_node, variables, &why) &&
      (why.kind == OwnershipFailure::missing_index ||
       why.kind == OwnershipFailure::not_affine ||
       (why.kind != OwnershipFailure::decreasing && numbers(write->offset) &&
        TREE_CODE(write->size) == INTEGER_CST)))
    return false;
  for (const LaunchAccess &access : accesses)
    if (&access != write && !same_offset(access.offset, write->offset) &&
        (fixed_shift(access.offset, write->offset, variables) ||
         same_image(access.offset, write->offset, variables) ||
         all_constant(access.offset, write->offset)))
      return false;

  // The variables the accesses use, and the parallel ones, which must
  // move every write.
  std::vector<const IndexVariable *> used;
  for (const IndexVariable &v : variables) {
    const bool in_terms = std::any_of(
        accesses.begin(), accesses.end(), [&](const LaunchAccess &a) {
          return !is_zero(step_of(a.offset, v.var));
        });
    if (!in_terms && !v.parallel)
      continue;
    if (!computable(v.lower) || !computable(v.bound))
      return false;
    used.push_back(&v);
  }
  check->buffer = &buffer;
  check->location = loop;
  check->nvars = used.size();
  check->nforms = accesses.size();
  std::vector<tree> &values = check->values;
  for (const IndexVariable *v : used) {
    values.push_back(as_long_long(v->lower));
    values.push_back(as_long_long(v->bound));
    values.push_back(v->parallel ? integer_one_node : integer_zero_node);
  }
  for (const LaunchAccess &access : accesses) {
    if (!computable(access.offset.constant) || !computable(access.size))
      return false;
    values.push_back(access.write ? integer_one_node : integer_zero_node);
    values.push_back(
        build_int_cst(integer_type_node, LOCATION_LINE(access.location)));
    values.push_back(as_long_long(access.offset.constant));
    values.push_back(as_long_long(access.size));
    for (const IndexVariable *v : used) {
      tree c = step_of(access.offset, v->var);
      if (!computable(c))
        return false;
      values.push_back(as_long_long(c));
    }
  }
  return true;
}

} // namespace ferry
