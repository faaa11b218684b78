// SPDX-License-Identifier: GPL-3.0-or-later
// See std_sequences.h.
#include "std_sequences.h"

#include "tree_utils.h"

namespace ferry {

namespace {

tree member_ref(tree object, const std::vector<tree> &fields) {
  for (tree field : fields)
    object = build3(COMPONENT_REF, TREE_TYPE(field), object, field, NULL_TREE);
  return object;
}

// OBJECT.NAME through base classes, or NULL_TREE.
tree library_member(tree object, const char *name) {
  std::vector<tree> fields;
  return member_path(TREE_TYPE(object), name, &fields)
             ? member_ref(object, fields)
             : NULL_TREE;
}

} // namespace

SequenceKind sequence_kind(tree type) {
  if (is_std_template(type, "span"))
    return SequenceKind::span;
  if (is_std_template(type, "vector"))
    return SequenceKind::vector;
  return SequenceKind::none;
}

const char *sequence_name(SequenceKind kind) {
  return kind == SequenceKind::span ? "std::span" : "std::vector";
}

std::vector<tree> data_path(tree type) {
  std::vector<tree> fields;
  if (sequence_kind(type) == SequenceKind::span) {
    if (!member_path(type, gcc::libstdcxx::span_data, &fields))
      fields.clear();
    return fields;
  }
  if (!member_path(type, gcc::libstdcxx::vector_impl, &fields) ||
      !member_path(TREE_TYPE(fields.back()), gcc::libstdcxx::vector_start,
                   &fields))
    fields.clear();
  return fields;
}

bool sequence_parts(tree whole, tree type, location_t location,
                    SequenceParts *parts) {
  const SequenceKind kind = sequence_kind(type);
  std::vector<tree> data_fields = data_path(type);
  tree data = data_fields.empty() ? NULL_TREE : member_ref(whole, data_fields);
  tree storage = kind == SequenceKind::span
                     ? whole
                     : library_member(whole, gcc::libstdcxx::vector_impl);
  tree element = template_argument(type, 0);
  tree length = NULL_TREE;
  if (kind == SequenceKind::span) {
    tree extent = template_argument(type, 1);
    if (extent && TREE_CODE(extent) == INTEGER_CST &&
        !integer_all_onesp(extent))
      length = fold_convert(size_type_node, extent);
    else if (tree storage = library_member(whole, gcc::libstdcxx::span_extent))
      length = library_member(storage, gcc::libstdcxx::span_extent_value);
  } else if (tree finish = storage ? library_member(
                                         storage, gcc::libstdcxx::vector_finish)
                                   : NULL_TREE) {
    length = data ? cp_build_binary_op(location, MINUS_EXPR, finish, data,
                                       tf_warning_or_error)
                  : NULL_TREE;
  }
  if (!data || !length || !element || !POINTER_TYPE_P(TREE_TYPE(data)) ||
      !same_type_ignoring_top_level_qualifiers_p(TREE_TYPE(TREE_TYPE(data)),
                                                 element))
    return false;
  *parts = {data, length, element};
  return true;
}

} // namespace ferry
