// SPDX-License-Identifier: GPL-3.0-or-later
// See kernel_views.h.
//
// The rewrite walks the kernel body once, outermost expression first, so
// that `m.mesh.x[i]` is seen whole before its parts: a member path that
// ends at an annotated pointer becomes that buffer's local, one that ends
// at a number becomes a local copy, and `s[i]`, `s.size()` and `s.data()`
// on a span or vector become the subscript, length and pointer of its
// locals.  A struct handed whole to a helper that reads only numbers from
// it becomes a local copy too.  Whatever still names the parameter
// afterwards uses the object as a whole, which a kernel cannot (the device
// has no copy of it).
#include "kernel_views.h"

#include "argument_parser.h"
#include "device_functions.h"
#include "source_tokens.h"
#include "std_sequences.h"
#include "tree_utils.h"

#include <cstring>

namespace ferry {

namespace {

bool is_ownership(const FerryAttribute &attribute) {
  return attribute.name != "kernel";
}

bool has_ownership(tree field) {
  for (const FerryAttribute &attribute : ferry_attributes(field))
    if (is_ownership(attribute))
      return true;
  return false;
}

void collect_view_pointers(tree type, std::vector<tree> *prefix,
                           std::vector<std::vector<tree>> *paths, int depth) {
  if (sequence_kind(type) != SequenceKind::none) {
    std::vector<tree> data = data_path(type);
    if (!data.empty()) {
      paths->push_back(*prefix);
      paths->back().insert(paths->back().end(), data.begin(), data.end());
    }
    return;
  }
  if (!CLASS_TYPE_P(type) || !COMPLETE_TYPE_P(type) || depth > 4)
    return;
  for (tree field = TYPE_FIELDS(type); field; field = DECL_CHAIN(field)) {
    if (TREE_CODE(field) != FIELD_DECL)
      continue;
    prefix->push_back(field);
    tree field_type = TREE_TYPE(field);
    if (TREE_CODE(field_type) == POINTER_TYPE && has_ownership(field))
      paths->push_back(*prefix);
    else if (CLASS_TYPE_P(field_type))
      collect_view_pointers(field_type, prefix, paths, depth + 1);
    prefix->pop_back();
  }
}

// The object a member path starts from: the parameter, or what it points
// or refers to.
tree root_type(tree parm) {
  tree type = TREE_TYPE(parm);
  return POINTER_TYPE_P(type) ? TREE_TYPE(type) : type;
}

tree type_at(const std::vector<tree> &path) {
  return path.size() == 1 ? root_type(path[0]) : TREE_TYPE(path.back());
}

// The numbers of the kernel being compiled (trees of other functions
// may reuse these addresses later, so the set is emptied per kernel).
std::set<tree> view_constants;

} // namespace

bool is_view_constant(tree decl) { return view_constants.count(decl); }

namespace {

// What note_view_members() found, kept away from the kernel's declaration
// (the offload compiler streams that in, and cannot read fields there): a
// TREE_LIST of kernel -> TREE_LIST of argument index -> TREE_VEC of
// TREE_VECs of FIELD_DECLs.  A garbage-collection root (view_gc_roots()).
tree view_members_table;

tree view_members_entry(tree kernel) {
  for (tree entry = view_members_table; entry; entry = TREE_CHAIN(entry))
    if (TREE_PURPOSE(entry) == kernel)
      return entry;
  return NULL_TREE;
}

} // namespace

void note_view_members(tree kernel) {
  if (view_members_entry(kernel))
    return;
  tree arguments = NULL_TREE;
  unsigned index = 0;
  for (tree arg = TYPE_ARG_TYPES(TREE_TYPE(kernel));
       arg && arg != void_list_node; arg = TREE_CHAIN(arg), ++index) {
    tree type = TREE_VALUE(arg);
    if (POINTER_TYPE_P(type))
      type = TREE_TYPE(type);
    std::vector<std::vector<tree>> paths;
    std::vector<tree> prefix;
    collect_view_pointers(TYPE_MAIN_VARIANT(type), &prefix, &paths, 0);
    if (paths.empty())
      continue;
    tree vectors = make_tree_vec(paths.size());
    for (std::size_t i = 0; i < paths.size(); ++i) {
      tree fields = make_tree_vec(paths[i].size());
      for (std::size_t j = 0; j < paths[i].size(); ++j)
        TREE_VEC_ELT(fields, j) = paths[i][j];
      TREE_VEC_ELT(vectors, i) = fields;
    }
    arguments =
        tree_cons(build_int_cst(unsigned_type_node, index), vectors, arguments);
  }
  // Kept even when empty, so that the question is answered once.
  view_members_table = tree_cons(kernel, arguments, view_members_table);
}

std::vector<std::vector<tree>> view_members(tree kernel, unsigned index) {
  std::vector<std::vector<tree>> paths;
  tree entry = view_members_entry(kernel);
  if (!entry)
    return paths;
  for (tree argument = TREE_VALUE(entry); argument;
       argument = TREE_CHAIN(argument)) {
    if (TREE_INT_CST_LOW(TREE_PURPOSE(argument)) != index)
      continue;
    tree vectors = TREE_VALUE(argument);
    for (int i = 0; i < TREE_VEC_LENGTH(vectors); ++i) {
      tree fields = TREE_VEC_ELT(vectors, i);
      paths.emplace_back();
      for (int j = 0; j < TREE_VEC_LENGTH(fields); ++j)
        paths.back().push_back(TREE_VEC_ELT(fields, j));
    }
  }
  return paths;
}

const ggc_root_tab *view_gc_roots() {
  static const ggc_root_tab roots[] = {
      {&view_members_table, 1, sizeof(view_members_table), &gt_ggc_mx_tree_node,
       &gt_pch_nx_tree_node},
      LAST_GGC_ROOT_TAB};
  return roots;
}

KernelViews::KernelViews(tree fndecl) : fndecl_(fndecl) {
  view_constants.clear();
}

bool KernelViews::takes(tree parm) {
  if (is_this_parameter(parm))
    return true;
  tree type = TREE_TYPE(parm);
  if (TYPE_REF_P(type))
    return CLASS_TYPE_P(TREE_TYPE(type));
  return CLASS_TYPE_P(type) && !is_copyable_scalar(type);
}

bool KernelViews::add_root(tree parm,
                           const std::vector<FerryAttribute> &owned) {
  location_t where = DECL_SOURCE_LOCATION(parm);
  tree type = root_type(parm);
  const SequenceKind kind = sequence_kind(type);
  if (kind == SequenceKind::vector && !TYPE_REF_P(TREE_TYPE(parm))) {
    error_at(where, "kernel parameter %qD copies a %<std::vector%>", parm);
    inform(where, "pass it by reference: %<const std::vector<T> &%> to read "
                  "it, %<std::vector<T> &%> to update it");
    return ok_ = false;
  }
  if (kind == SequenceKind::none && !owned.empty()) {
    error_at(owned[0].location,
             "%<ferry::%s%> applies to pointers, spans and vectors, but %qD "
             "has type %qT",
             owned[0].name.c_str(), parm, TREE_TYPE(parm));
    inform(where,
           "annotate the pointer members of %qT instead, as in "
           "%<[[ferry::borrow(n)]] const double *x;%>",
           type);
    return ok_ = false;
  }
  Root root;
  root.parm = parm;
  root.owned = owned;
  roots_.push_back(root);
  return true;
}

const KernelViews::Root *KernelViews::root_of(tree parm) const {
  for (const Root &root : roots_)
    if (root.parm == parm)
      return &root;
  return nullptr;
}

bool KernelViews::designate_object(tree expression, Path *path) const {
  expression = tree_strip_any_location_wrapper(expression);
  switch (TREE_CODE(expression)) {
  case COMPONENT_REF: {
    tree field = TREE_OPERAND(expression, 1);
    if (TREE_CODE(field) != FIELD_DECL ||
        !designate_object(TREE_OPERAND(expression, 0), path))
      return false;
    path->push_back(field);
    return true;
  }
  case INDIRECT_REF: {
    tree pointer = strip_value_wrappers(TREE_OPERAND(expression, 0));
    // *&d, where an accessor's `this` was d's address
    if (TREE_CODE(pointer) == ADDR_EXPR)
      return designate_object(TREE_OPERAND(pointer, 0), path);
    if (!root_of(pointer) || !POINTER_TYPE_P(TREE_TYPE(pointer)))
      return false;
    path->assign(1, pointer);
    return true;
  }
  case PARM_DECL:
    if (!root_of(expression) || POINTER_TYPE_P(TREE_TYPE(expression)))
      return false;
    path->assign(1, expression);
    return true;
  default:
    return false;
  }
}

bool KernelViews::designate_address(tree expression, Path *path) const {
  expression = strip_value_wrappers(expression);
  if (TREE_CODE(expression) == ADDR_EXPR)
    return designate_object(TREE_OPERAND(expression, 0), path);
  if (TREE_CODE(expression) == PARM_DECL && root_of(expression) &&
      POINTER_TYPE_P(TREE_TYPE(expression))) {
    path->assign(1, expression);
    return true;
  }
  return false;
}

tree KernelViews::object(const Path &path) const {
  tree parm = path[0];
  tree result = POINTER_TYPE_P(TREE_TYPE(parm))
                    ? build1(INDIRECT_REF, root_type(parm), parm)
                    : parm;
  for (std::size_t i = 1; i < path.size(); ++i)
    result =
        build3(COMPONENT_REF, TREE_TYPE(path[i]), result, path[i], NULL_TREE);
  return result;
}

bool KernelViews::is_const(const Path &path) const {
  if (TYPE_READONLY(root_type(path[0])))
    return true;
  for (std::size_t i = 1; i < path.size(); ++i)
    if (TYPE_READONLY(TREE_TYPE(path[i])))
      return true;
  return false;
}

std::string KernelViews::spelling(const Path &path) const {
  std::string text = is_this_parameter(path[0])
                         ? "this"
                         : IDENTIFIER_POINTER(DECL_NAME(path[0]));
  const char *separator = is_this_parameter(path[0]) ? "->" : ".";
  for (std::size_t i = 1; i < path.size(); ++i) {
    if (DECL_FIELD_IS_BASE(path[i]) || !DECL_NAME(path[i]))
      continue;
    text += separator;
    text += IDENTIFIER_POINTER(DECL_NAME(path[i]));
    separator = ".";
  }
  return text;
}

const std::vector<FerryAttribute> &
KernelViews::attributes_of(const Path &path) {
  if (path.size() == 1)
    return root_of(path[0])->owned;
  auto found = field_attributes_.find(path.back());
  if (found == field_attributes_.end()) {
    std::vector<FerryAttribute> owned;
    for (FerryAttribute &attribute : ferry_attributes(path.back()))
      if (is_ownership(attribute))
        owned.push_back(std::move(attribute));
    found = field_attributes_.emplace(path.back(), std::move(owned)).first;
  }
  return found->second;
}

tree KernelViews::local(const Path &path, const std::string &name, tree type,
                        tree value) {
  location_t where = path.size() == 1 ? DECL_SOURCE_LOCATION(path[0])
                                      : DECL_SOURCE_LOCATION(path.back());
  tree var = build_decl(where, VAR_DECL, get_identifier(name.c_str()), type);
  DECL_CONTEXT(var) = fndecl_;
  TREE_USED(var) = 1;
  DECL_CHAIN(var) = vars_;
  vars_ = var;
  tree set = build2(MODIFY_EXPR, type, var, value);
  TREE_SIDE_EFFECTS(set) = 1;
  append_to_statement_list_force(set, &setup_);
  return var;
}

std::string KernelViews::spelled_in(const Path &owner,
                                    const std::string &length) const {
  if (is_this_parameter(owner[0]) && owner.size() == 1)
    return length; // as the member function itself writes it
  tree record = type_at(owner);
  std::string text = length;
  std::vector<SourceToken> tokens = tokenize_text(length, 1, 1);
  for (auto token = tokens.rbegin(); token != tokens.rend(); ++token) {
    std::vector<tree> fields;
    if (token->kind != SourceToken::identifier ||
        !member_path(record, token->text.c_str(), &fields))
      continue;
    Path member = owner;
    member.insert(member.end(), fields.begin(), fields.end());
    text.replace(token->column - 1, token->text.size(), spelling(member));
  }
  return text;
}

tree KernelViews::scalar(const Path &path) {
  auto found = locals_.find(path);
  if (found != locals_.end())
    return found->second;
  tree type = cv_unqualified(type_at(path));
  tree var = local(path, spelling(path), type, object(path));
  locals_.emplace(path, var);
  view_constants.insert(var);
  return var;
}

tree KernelViews::pointer_member(const Path &path) {
  auto found = locals_.find(path);
  if (found != locals_.end())
    return found->second;
  tree field = path.back();
  const std::string name = spelling(path);
  const std::vector<FerryAttribute> &owned = attributes_of(path);
  location_t declared = DECL_SOURCE_LOCATION(field);
  if (owned.size() != 1) {
    auto_diagnostic_group group;
    if (owned.empty())
      error_at(where_,
               "kernel %qD reads the pointer %qs, whose member %qD has no "
               "ownership attribute",
               fndecl_, name.c_str(), field);
    else
      error_at(owned[1].location, "member %qD has two ownership attributes",
               field);
    inform(declared,
           "give %qD of %qT exactly one, with its length an expression of "
           "the other members, as in %<[[ferry::borrow(n)]] const double "
           "*x;%>",
           field, DECL_CONTEXT(field));
    locals_.emplace(path, NULL_TREE);
    ok_ = false;
    return NULL_TREE;
  }
  const FerryAttribute &attribute = owned[0];
  ViewBuffer buffer;
  buffer.location = declared;
  if (!read_ownership(attribute, &buffer.ownership)) {
    locals_.emplace(path, NULL_TREE);
    ok_ = false;
    return NULL_TREE;
  }
  if (!attribute.has_arguments) {
    error_at(attribute.location,
             "%<ferry::%s%> needs the number of elements of %qD, as in "
             "%<[[ferry::%s(n)]]%> with %<n%> another member",
             attribute.name.c_str(), field, attribute.name.c_str());
    locals_.emplace(path, NULL_TREE);
    ok_ = false;
    return NULL_TREE;
  }
  Path owner(path.begin(), path.end() - 1);
  MemberScope members;
  members.record = DECL_CONTEXT(field);
  members.value = [this, owner](const std::vector<tree> &fields) {
    Path sibling = owner;
    sibling.insert(sibling.end(), fields.begin(), fields.end());
    return scalar(sibling);
  };
  buffer.length =
      parse_length(attribute.arguments, fndecl_, attribute.arguments_location,
                   attribute.name.c_str(), &members);
  if (!buffer.length) {
    locals_.emplace(path, NULL_TREE);
    ok_ = false;
    return NULL_TREE;
  }
  // One annotation serves every kernel the struct is passed to: a kernel
  // that only reads a borrow_mut member borrows it, without a warning.
  buffer.ownership_from_type = buffer.ownership == Ownership::borrow_mut;
  buffer.length_text = spelled_in(owner, attribute.arguments);
  buffer.local =
      local(path, name, cv_unqualified(TREE_TYPE(field)), object(path));
  buffers_.push_back(buffer);
  locals_.emplace(path, buffer.local);
  return buffer.local;
}

const KernelViews::Sequence *KernelViews::sequence(const Path &path) {
  auto found = sequences_.find(path);
  if (found != sequences_.end())
    return found->second.data ? &found->second : nullptr;
  Sequence &result = sequences_[path];
  tree type = type_at(path);
  const SequenceKind kind = sequence_kind(type);
  const std::string name = spelling(path);
  location_t declared = path.size() == 1 ? DECL_SOURCE_LOCATION(path[0])
                                         : DECL_SOURCE_LOCATION(path.back());
  SequenceParts parts;
  if (!sequence_parts(object(path), type, declared, &parts)) {
    error_at(declared,
             "ferry does not know the layout of %qT in this C++ library", type);
    ok_ = false;
    return nullptr;
  }
  tree element = parts.element;

  ViewBuffer buffer;
  buffer.location = declared;
  const bool read_only = TYPE_READONLY(element) || is_const(path);
  buffer.ownership = read_only ? Ownership::borrow : Ownership::borrow_mut;
  const std::vector<FerryAttribute> &owned = attributes_of(path);
  buffer.ownership_from_type = owned.empty();
  if (owned.size() > 1) {
    error_at(owned[1].location, "%qs has two ownership attributes",
             name.c_str());
    ok_ = false;
    return nullptr;
  }
  if (!owned.empty()) {
    const FerryAttribute &attribute = owned[0];
    if (!read_ownership(attribute, &buffer.ownership)) {
      ok_ = false;
      return nullptr;
    }
    if (attribute.has_arguments) {
      error_at(attribute.arguments_location,
               "the length of %qs comes from the %s itself", name.c_str(),
               sequence_name(kind));
      inform(attribute.location, "write %<[[ferry::%s]]%> without a length",
             attribute.name.c_str());
      ok_ = false;
      return nullptr;
    }
    if (read_only && buffer.ownership != Ownership::borrow) {
      error_at(attribute.location,
               "%<ferry::%s%> lets the kernel write %qs, whose elements are "
               "const here",
               attribute.name.c_str(), name.c_str());
      inform(declared, "use %<ferry::borrow%>, or drop the %<const%>");
      ok_ = false;
      return nullptr;
    }
  }
  tree pointer_type = build_pointer_type(
      cp_build_qualified_type(element, read_only ? TYPE_QUAL_CONST : 0));
  result.element = element;
  result.data =
      local(path, name, pointer_type, fold_convert(pointer_type, parts.data));
  result.length = local(path, name + ".size()", size_type_node,
                        fold_convert(size_type_node, parts.length));
  view_constants.insert(result.length);
  buffer.local = result.data;
  buffer.length = fold_convert(long_long_integer_type_node, result.length);
  buffer.length_text = name + ".size()";
  buffers_.push_back(buffer);
  return &result;
}

tree KernelViews::visit_node(tree *node, int *walk_subtrees, void *data) {
  return static_cast<KernelViews *>(data)->visit(node, walk_subtrees);
}

tree KernelViews::visit(tree *node, int *walk_subtrees) {
  tree t = *node;
  if (!enter_located(t, walk_subtrees, &where_))
    return NULL_TREE;
  if (TREE_CODE(t) == DECL_EXPR && !EXPR_HAS_LOCATION(t))
    where_ = DECL_SOURCE_LOCATION(DECL_EXPR_DECL(t));
  // An assignment or increment of what the kernel reads through its
  // parameters; an initialization makes a new object, never one of those.
  const Store store = store_of(TREE_CODE(t));
  if (store == Store::assignment || store == Store::increment) {
    Path path;
    if (designate_object(TREE_OPERAND(t, 0), &path)) {
      error_at(where_,
               "kernel %qD assigns %qs; what a kernel reads through its "
               "parameters is read-only there, except the elements of its "
               "buffers",
               fndecl_, spelling(path).c_str());
      inform(where_, "compute the value in a local variable");
      ok_ = false;
      *walk_subtrees = 0;
    }
    return NULL_TREE;
  }
  switch (TREE_CODE(t)) {
  case BIND_EXPR:
    // The initialisers in their DECL_EXPRs, in order and at their lines,
    // not from the scope's variables first.
    cp_walk_tree(&BIND_EXPR_BODY(t), visit_node, this, nullptr);
    *walk_subtrees = 0;
    break;
  case DECL_EXPR:
    if (VAR_P(DECL_EXPR_DECL(t)) && DECL_INITIAL(DECL_EXPR_DECL(t)))
      cp_walk_tree(&DECL_INITIAL(DECL_EXPR_DECL(t)), visit_node, this, nullptr);
    break;
  case INDIRECT_REF:
    if (replace_subscript(node))
      *walk_subtrees = 0;
    break;
  case CALL_EXPR:
    if (replace_method_call(node))
      *walk_subtrees = 0;
    else
      pass_copies(*node);
    break;
  case COMPONENT_REF:
    if (replace_member(node))
      *walk_subtrees = 0;
    break;
  case PARM_DECL: {
    if (!root_of(t) || !reported_.insert(spelling(Path(1, t))).second)
      break;
    auto_diagnostic_group group;
    if (is_this_parameter(t)) {
      error_at(where_,
               "kernel %qD uses the object %<*this%> as a whole; a kernel "
               "reaches only the members of its class",
               fndecl_);
      inform(where_, "read the members directly; a member function the "
                     "loop calls must be static and take the members it "
                     "needs as parameters");
    } else {
      error_at(where_,
               "kernel %qD uses %qD as a whole; a kernel reaches only its "
               "members",
               fndecl_, t);
      inform(where_,
             "use its members (%<%E.member%>), and pass the members a "
             "helper needs instead of the struct",
             DECL_NAME(t));
    }
    ok_ = false;
    break;
  }
  default:
    break;
  }
  return NULL_TREE;
}

namespace {

// The value a member function returns when its body is a single return
// statement, as accessors are (LULESH: `Real_t &x(Index_t i) { return
// m_x[i]; }`); NULL_TREE otherwise.
tree accessor_value(tree fn) {
  tree body = visible_body(fn);
  while (body) {
    switch (TREE_CODE(body)) {
    case BIND_EXPR:
      if (BIND_EXPR_VARS(body))
        return NULL_TREE;
      body = BIND_EXPR_BODY(body);
      break;
    case CLEANUP_POINT_EXPR:
    case EXPR_STMT:
      body = TREE_OPERAND(body, 0);
      break;
    case STATEMENT_LIST: {
      tree single = NULL_TREE;
      for (tree_stmt_iterator i = tsi_start(body); !tsi_end_p(i); tsi_next(&i))
        if (TREE_CODE(tsi_stmt(i)) != DEBUG_BEGIN_STMT) {
          if (single)
            return NULL_TREE;
          single = tsi_stmt(i);
        }
      body = single;
      break;
    }
    case RETURN_EXPR: {
      tree set = TREE_OPERAND(body, 0);
      if (!set ||
          (TREE_CODE(set) != INIT_EXPR && TREE_CODE(set) != MODIFY_EXPR) ||
          TREE_CODE(TREE_OPERAND(set, 0)) != RESULT_DECL)
        return NULL_TREE;
      return TREE_OPERAND(set, 1);
    }
    default:
      return NULL_TREE;
    }
  }
  return NULL_TREE;
}

} // namespace

// CALL of the accessor FN on an aggregate of the kernel, replaced with the
// accessor's return value for this object and these arguments, so that
// the members it reads are seen like the kernel's own.  NULL_TREE when FN
// is not such an accessor (virtual, more than a return statement,
// arguments with side effects, accessors calling accessors too deep).
tree KernelViews::inline_accessor(tree fn, tree call) {
  if (DECL_VIRTUAL_P(fn) || accessor_depth_ >= 4)
    return NULL_TREE;
  tree value = accessor_value(fn);
  if (!value)
    return NULL_TREE;
  std::vector<std::pair<tree, tree>> arguments;
  int i = 0;
  for (tree parm = DECL_ARGUMENTS(fn); parm; parm = DECL_CHAIN(parm), ++i) {
    if (i >= call_expr_nargs(call) || TREE_SIDE_EFFECTS(CALL_EXPR_ARG(call, i)))
      return NULL_TREE;
    arguments.emplace_back(parm, CALL_EXPR_ARG(call, i));
  }
  struct Substitute {
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      if (TYPE_P(*node)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      for (const auto &[parm, argument] :
           *static_cast<std::vector<std::pair<tree, tree>> *>(data))
        if (*node == parm) {
          *node = unshare_expr(argument);
          *walk_subtrees = 0;
        }
      return NULL_TREE;
    }
  };
  value = unshare_expr(value);
  cp_walk_tree(&value, Substitute::visit, &arguments, nullptr);
  return build_nop(TREE_TYPE(call), value);
}

bool KernelViews::replace_subscript(tree *node) {
  tree call = strip_value_wrappers(TREE_OPERAND(*node, 0));
  if (TREE_CODE(call) != CALL_EXPR || call_expr_nargs(call) != 2)
    return false;
  tree fn = callee_of(call);
  Path path;
  if (!fn || !DECL_OVERLOADED_OPERATOR_IS(fn, ARRAY_REF) ||
      !designate_address(CALL_EXPR_ARG(call, 0), &path) ||
      sequence_kind(type_at(path)) == SequenceKind::none)
    return false;
  const Sequence *view = sequence(path);
  if (!view)
    return true;
  tree index = CALL_EXPR_ARG(call, 1);
  cp_walk_tree(&index, visit_node, this, nullptr);
  *node = cp_build_array_ref(location_or(*node, where_), view->data, index,
                             tf_warning_or_error);
  return true;
}

bool KernelViews::replace_method_call(tree *node) {
  tree call = *node;
  tree fn = callee_of(call);
  Path path;
  if (!fn || !DECL_NONSTATIC_MEMBER_FUNCTION_P(fn) ||
      call_expr_nargs(call) == 0 ||
      !designate_address(CALL_EXPR_ARG(call, 0), &path))
    return false;
  const std::string name = spelling(path);
  const SequenceKind kind = sequence_kind(type_at(path));
  if (kind == SequenceKind::none && path.size() > 1 &&
      is_copyable_scalar(type_at(path)) && DECL_CONST_MEMFUNC_P(fn)) {
    // A const member function of a member of numbers (a std::array, a
    // small vector type) reads the kernel's copy of it.
    tree copy = scalar(path);
    CALL_EXPR_ARG(call, 0) =
        fold_convert(TREE_TYPE(CALL_EXPR_ARG(call, 0)),
                     cp_build_addr_expr(copy, tf_warning_or_error));
    for (int i = 1; i < call_expr_nargs(call); ++i)
      cp_walk_tree(&CALL_EXPR_ARG(call, i), visit_node, this, nullptr);
    return true;
  }
  if (kind == SequenceKind::none) {
    if (tree value = inline_accessor(fn, call)) {
      *node = value;
      ++accessor_depth_;
      cp_walk_tree(node, visit_node, this, nullptr);
      --accessor_depth_;
      return true;
    }
    auto_diagnostic_group group;
    error_at(where_, "kernel %qD calls %qE on %qs", fndecl_, DECL_NAME(fn),
             name.c_str());
    inform(where_,
           "an accessor whose body is one return statement is read as what "
           "it returns; another member function cannot reach the object of "
           "a kernel: make it static or a free function and pass it the "
           "members it needs");
    ok_ = false;
    return true;
  }
  const Sequence *view = sequence(path);
  if (!view)
    return true;
  for (int i = 1; i < call_expr_nargs(call); ++i)
    cp_walk_tree(&CALL_EXPR_ARG(call, i), visit_node, this, nullptr);
  location_t where = location_or(call, where_);
  tree type = TREE_TYPE(call);
  const char *method = DECL_NAME(fn) ? IDENTIFIER_POINTER(DECL_NAME(fn)) : "";
  auto element_at = [&](tree index) {
    return build_nop(type, cp_build_binary_op(where, PLUS_EXPR, view->data,
                                              index, tf_warning_or_error));
  };
  tree replacement = NULL_TREE;
  if (DECL_OVERLOADED_OPERATOR_IS(fn, ARRAY_REF) && call_expr_nargs(call) == 2)
    replacement = element_at(CALL_EXPR_ARG(call, 1));
  else if (!std::strcmp(method, "size"))
    replacement = fold_convert(type, view->length);
  else if (!std::strcmp(method, "data"))
    replacement = fold_convert(type, view->data);
  else if (!std::strcmp(method, "empty"))
    replacement =
        fold_convert(type, fold_build2(EQ_EXPR, boolean_type_node, view->length,
                                       build_zero_cst(size_type_node)));
  else if (!std::strcmp(method, "size_bytes"))
    replacement = fold_convert(
        type, fold_build2(
                  MULT_EXPR, size_type_node, view->length,
                  fold_convert(size_type_node, TYPE_SIZE_UNIT(view->element))));
  else if (!std::strcmp(method, "front"))
    replacement = element_at(size_zero_node);
  else if (!std::strcmp(method, "back"))
    replacement = element_at(
        fold_build2(MINUS_EXPR, size_type_node, view->length, size_one_node));
  if (!replacement) {
    auto_diagnostic_group group;
    error_at(where, "kernel %qD calls %qE on %qs", fndecl_, DECL_NAME(fn),
             name.c_str());
    inform(where,
           "a kernel reads a %s through %<[i]%>, %<size()%>, %<data()%>, "
           "%<empty()%>, %<front()%> and %<back()%>, and cannot resize it",
           sequence_name(kind));
    ok_ = false;
    return true;
  }
  *node = replacement;
  return true;
}

namespace {

// Where the helper FNDECL, handed a struct as parameter PARM, reads one of
// its arrays (a pointer, span or vector member) or lets the struct escape
// ferry's view; UNKNOWN_LOCATION when it only reads numbers from it.
location_t reaches_arrays(tree fndecl, tree parm, int depth, tree *array) {
  struct Search {
    tree parm;
    int depth;
    tree *array;
    location_t where;
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      auto *search = static_cast<Search *>(data);
      tree t = *node;
      if (!enter_located(t, walk_subtrees, &search->where))
        return NULL_TREE;
      if (TREE_CODE(t) == COMPONENT_REF) {
        tree base = TREE_OPERAND(t, 0);
        while (TREE_CODE(base) == COMPONENT_REF)
          base = TREE_OPERAND(base, 0);
        if (TREE_CODE(base) == INDIRECT_REF || TREE_CODE(base) == MEM_REF)
          base = TREE_OPERAND(base, 0);
        if (strip_value_wrappers(base) != search->parm)
          return NULL_TREE;
        tree type = TREE_TYPE(TREE_OPERAND(t, 1));
        if (POINTER_TYPE_P(type) || sequence_kind(type) != SequenceKind::none) {
          *search->array = TREE_OPERAND(t, 1);
          return t;
        }
        return NULL_TREE;
      }
      if (TREE_CODE(t) == CALL_EXPR) {
        tree callee = callee_of(t);
        for (int i = 0; i < call_expr_nargs(t); ++i) {
          tree argument = strip_value_wrappers(CALL_EXPR_ARG(t, i));
          if (TREE_CODE(argument) == ADDR_EXPR)
            argument = strip_value_wrappers(TREE_OPERAND(argument, 0));
          if (TREE_CODE(argument) == INDIRECT_REF)
            argument = strip_value_wrappers(TREE_OPERAND(argument, 0));
          if (argument != search->parm)
            continue;
          tree inner = callee && search->depth < 4 && DECL_SAVED_TREE(callee)
                           ? chain_index(i, DECL_ARGUMENTS(callee))
                           : NULL_TREE;
          if (!inner || reaches_arrays(callee, inner, search->depth + 1,
                                       search->array) != UNKNOWN_LOCATION)
            return t;
        }
        *walk_subtrees = 0;
        for (int i = 0; i < call_expr_nargs(t); ++i)
          if (tree found = cp_walk_tree_without_duplicates(&CALL_EXPR_ARG(t, i),
                                                           visit, data))
            return found;
        return NULL_TREE;
      }
      return NULL_TREE;
    }
  } search{parm, depth, array, DECL_SOURCE_LOCATION(fndecl)};
  tree body = DECL_SAVED_TREE(fndecl);
  if (!body)
    return DECL_SOURCE_LOCATION(fndecl);
  return cp_walk_tree_without_duplicates(&body, Search::visit, &search)
             ? search.where
             : UNKNOWN_LOCATION;
}

} // namespace

// A struct handed whole to a helper that reads only numbers from it: the
// helper gets the kernel's copy, which the device holds (its pointers are
// the host's, and nothing reads them).
void KernelViews::pass_copies(tree call) {
  tree callee = callee_of(call);
  if (!callee || fndecl_built_in_p(callee))
    return;
  const int first = DECL_NONSTATIC_MEMBER_FUNCTION_P(callee) ? 1 : 0;
  for (int i = first; i < call_expr_nargs(call); ++i) {
    tree *argument = &CALL_EXPR_ARG(call, i);
    // By value, the front end copies the struct into a temporary first.
    if (TREE_CODE(*argument) == TARGET_EXPR)
      argument = &TARGET_EXPR_INITIAL(*argument);
    Path path;
    const bool by_address = designate_address(*argument, &path);
    if (!by_address && !designate_object(*argument, &path))
      continue;
    tree type = type_at(path);
    if (!CLASS_TYPE_P(type) || sequence_kind(type) != SequenceKind::none ||
        is_copyable_scalar(type) || !trivially_copyable_p(type))
      continue;
    visible_body(callee); // a template instance gets its parameters
    tree parm = chain_index(i, DECL_ARGUMENTS(callee));
    tree array = NULL_TREE;
    location_t reached = parm ? reaches_arrays(callee, parm, 0, &array)
                              : DECL_SOURCE_LOCATION(callee);
    if (reached != UNKNOWN_LOCATION) {
      const std::string name = spelling(path);
      if (reported_
              .insert(name + " to " + IDENTIFIER_POINTER(DECL_NAME(callee)))
              .second) {
        auto_diagnostic_group group;
        error_at(where_,
                 "kernel %qD passes %qs to %qD, which reaches its arrays",
                 fndecl_, name.c_str(), callee);
        if (array)
          inform(reached,
                 "%qD reads the array member %qD here; pass the "
                 "array to it as a parameter of its own",
                 callee, array);
        else
          inform(reached,
                 "%qD hands it on where ferry cannot follow; pass "
                 "the members it needs",
                 callee);
        ok_ = false;
      }
      reported_.insert(spelling(Path(1, path[0]))); // no second error
      continue;
    }
    tree copy = scalar(path);
    *argument =
        by_address ? fold_convert(TREE_TYPE(*argument),
                                  cp_build_addr_expr(copy, tf_warning_or_error))
                   : copy;
  }
}

bool KernelViews::replace_member(tree *node) {
  Path path;
  if (!designate_object(*node, &path) || path.size() < 2)
    return false;
  tree type = TREE_TYPE(path.back());
  if (TREE_CODE(type) == POINTER_TYPE) {
    // After an error the member stays as written, which the front end
    // can still compile (and the kernel is not lowered).
    if (tree local = pointer_member(path))
      *node = local;
    return true;
  }
  if (is_copyable_scalar(type)) {
    *node = scalar(path);
    return true;
  }
  if (CLASS_TYPE_P(type))
    return false; // its members are rewritten one by one
  const std::string name = spelling(path);
  if (reported_.insert(name).second) {
    error_at(where_,
             "kernel %qD reads %qs of type %qT, which the device "
             "cannot hold",
             fndecl_, name.c_str(), type);
    inform(DECL_SOURCE_LOCATION(path.back()),
           "a kernel reads numbers, structs of numbers, annotated pointers, "
           "spans and vectors from its parameters");
    ok_ = false;
  }
  return true;
}

void KernelViews::rewrite_expression(tree *expression) {
  if (!roots_.empty())
    cp_walk_tree(expression, visit_node, this, nullptr);
}

bool KernelViews::rewrite() {
  if (roots_.empty())
    return ok_;
  cp_walk_tree(function_statements(fndecl_), visit_node, this, nullptr);
  // The front end's fold cache maps the expressions changed in place to
  // their folded forms from before; later folds must not bring those back.
  clear_fold_cache();
  // Declared even after errors: the front end still gimplifies the body.
  if (!vars_)
    return ok_;
  tree outer = DECL_SAVED_TREE(fndecl_);
  if (TREE_CODE(outer) != BIND_EXPR) {
    DECL_SAVED_TREE(fndecl_) = statement_block(outer, nreverse(vars_));
    return ok_;
  }
  tree *last = &BIND_EXPR_VARS(outer);
  while (*last)
    last = &DECL_CHAIN(*last);
  *last = nreverse(vars_);
  if (tree block = BIND_EXPR_BLOCK(outer))
    if (!BLOCK_VARS(block))
      BLOCK_VARS(block) = BIND_EXPR_VARS(outer);
  return ok_;
}

} // namespace ferry
