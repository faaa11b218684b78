// SPDX-License-Identifier: GPL-3.0-or-later
// Small questions about GENERIC trees that several stages ask.
#ifndef FERRY_PLUGIN_TREE_UTILS_H
#define FERRY_PLUGIN_TREE_UTILS_H

#include "gcc_compat.h"

#include <set>
#include <string>
#include <vector>

namespace ferry {

// Whether DECL occurs anywhere in EXPRESSION (which may be NULL_TREE).
bool mentions(tree expression, tree decl);

// DECL's name, "?" for an unnamed one, for messages.
std::string name_of(tree decl);

// An integer (enumerations and bool too) or a floating-point type.
bool is_number_type(tree type);

// A number of 4 or 8 bytes, which the GPU loads, stores and updates
// atomically (no bool).
bool is_atomic_word_type(tree type);

// EXPRESSION's location, or FALLBACK when it has none.
location_t location_or(tree expression, location_t fallback);

// The first step of every tree walk that reports where it is: false for a
// type, whose subtrees the walk skips (*WALK_SUBTREES = 0); otherwise
// *WHERE moves to T's location, when T has one, and the walk goes on.
bool enter_located(tree t, int *walk_subtrees, location_t *where);

// What an expression of CODE does to the object its operand 0 designates.
enum class Store {
  none,
  assignment,     // MODIFY_EXPR: written, not read
  initialization, // INIT_EXPR: a new object's first value
  increment,      // ++, -- before or after: read and written
};
Store store_of(tree_code code);

// EXPRESSION without location wrappers, conversions and SAVE_EXPRs: the
// value it forwards.
tree strip_value_wrappers(tree expression);

// EXPRESSION without its location wrappers and the parentheses that the C++
// front end keeps around an id-expression for decltype (the
// VIEW_CONVERT_EXPR of `(cc)` in a macro's `(cc).real += ...`): the object
// it designates is the same.
tree strip_lvalue_wrappers(tree expression);

// Adds to ASSIGNED the variables and parameters that BODY assigns,
// increments or takes the address of.
void collect_assigned(tree *body, std::set<tree> *assigned);

// The function that CALL, a CALL_EXPR or AGGR_INIT_EXPR, runs, as far as
// its body goes (nullptr for a call through a pointer): a constructor or
// destructor clone that GCC made an alias of its twin has no body of its
// own (the complete and base object constructors of a class without
// virtual bases are one), so the twin stands for it.
tree callee_of(tree call);

// Whether an object of TYPE holds a pointer or reference, in any member
// or element.
bool holds_pointers(tree type);

// STATEMENT without its CLEANUP_POINT_EXPR and EXPR_STMT wrappers.
tree strip_statement_wrappers(tree statement);

// What STATEMENT computes: without those wrappers, the front end's `(void)`
// conversion and location wrappers (`(void) (p = p + 8)`).
tree statement_expression(tree statement);

// The variable a loop condition tests, looking through integral
// conversions.
tree condition_variable(tree operand);

// Whether INCREMENT, a `for` statement's increment, is `++VAR`, `VAR++` or
// `VAR += 1`.
bool counts_up_by_one(tree increment, tree var);

// What INCREMENT, a `for` statement's increment, adds to VAR when that is
// a constant (`++VAR` 1, `VAR -= 2` -2, `VAR = VAR + 256` 256); else 0.
HOST_WIDE_INT constant_step(tree increment, tree var);

// 1 when INCREMENT, a `for` statement's increment, adds one to VAR (`++VAR`,
// `VAR++`, `VAR += 1`), -1 when it takes one away, else 0.
int unit_step(tree increment, tree var);

// The statement VAR = VALUE, VALUE converted to VAR's type.
tree assign(tree var, tree value);

// A new artificial local NAME of TYPE in FNDECL, declared at WHERE and
// chained into *VARS (for statement_block).
tree chained_local(location_t where, tree fndecl, const char *name, tree type,
                   tree *vars);

// The front end's `for (VAR = START; VAR < BOUND; VAR += STEP) BODY`.
tree counted_for(location_t where, tree var, tree start, tree bound, tree step,
                 tree body);

// The same loop, for a STEP known at run time only, counted by TRIPS (a
// local of VAR's unsigned type) so that GCC knows its trip count and
// device_loops.cc can unroll it UNROLL times (#pragma GCC unroll):
//   TRIPS = START < BOUND ? (BOUND - START - 1) / STEP + 1 : 0;
//   for (VAR = START, COUNTER = 0; COUNTER < TRIPS;
//        ++COUNTER, VAR += STEP) BODY
// The division is 32-bit where both sides fit, as they do on a GPU.
tree unrollable_for(location_t where, tree var, tree start, tree bound,
                    tree step, tree body, int unroll, tree trips,
                    tree counter);

// A BIND_EXPR with its own BLOCK declaring VARS around BODY: what every
// OpenMP construct body and every new scope must be.
tree statement_block(tree body, tree vars);

// The fields from an object of class RECORD to its member NAME, looking
// through base classes (a member of a base comes after its base field).
// False when RECORD has no such member.
bool member_path(tree record, const char *name, std::vector<tree> *fields);

// Whether TYPE is an instance of the standard library's class template
// NAME (std::span, std::vector, std::array).
bool is_std_template(tree type, const char *name);

// Template argument INDEX of TYPE, an instance of a class template (such
// as is_std_template finds); NULL_TREE past its last.
tree template_argument(tree type, int index);

// A variable of static storage in FNDECL's body, zero at the start, as
// `static TYPE name;` there: one per function (per instantiation of a
// template), emitted with the translation unit, with ATTRIBUTES (which
// varpool reads as it takes the variable: "omp declare target").
tree static_local(tree fndecl, const char *name, tree type,
                  tree attributes = NULL_TREE);

// The statements of FNDECL's body, inside its outermost scope.
tree *function_statements(tree fndecl);

// PROLOGUE, then BODY with CLEANUP run on every way out of it (return,
// exception): `prologue; try { body } finally { cleanup }`.
tree guarded_block(tree prologue, tree body, tree cleanup);

// Makes FNDECL's BLOCK tree mirror the nesting of its BIND_EXPRs again,
// after a rewrite moved or added scopes.
void rebuild_blocks(tree fndecl);

// The variables STATEMENTS declare: in declarations, in scopes, and as the
// front end's temporaries.
void collect_declared(tree statements, std::set<tree> *declared);

// The variables and parameters EXPRESSION names, each once, in the order of
// their first mention, appended to *NAMED.
void collect_named(tree expression, std::vector<tree> *named);

// The elements of an OpenMP array section of BYTES: the length as
// written when the front end multiplied it by the element's size.
tree section_length(tree bytes, tree element_size);

// Copies of code of function FROM for function TO (tree-inline's
// copy_tree_body_r): the decls MAP holds replaced, FROM's other automatic
// variables copied as TO's, each atomic construct's address shared again
// (reshare_atomic_addresses).  The copies made by one object share what
// their originals share (a SAVE_EXPR in a bound and in the body).
class FunctionCodeCopy {
public:
  FunctionCodeCopy(tree from, tree to, hash_map<tree, tree> *map);
  FunctionCodeCopy(const FunctionCodeCopy &) = delete;
  FunctionCodeCopy &operator=(const FunctionCodeCopy &) = delete;

  tree copy(tree code);
  // After the last copy: the copied variables stop naming their originals
  // as abstract origins, which would tie TO's debug information to
  // FROM's, and their initializers are copied too.
  void finish();

private:
  copy_body_data id_;
  tree to_;
  hash_map<tree, tree> *map_;
};

// The one statement inside STATEMENT's braces, looking through nested
// braces; STATEMENT itself when it is not braces around one statement.
tree only_statement(tree statement);

// The first node of BODY, in the order of a tree walk (types not entered),
// whose code WANTED accepts; NULL_TREE if none.
tree first_node_of(tree body, bool (*wanted)(tree_code));

// Whether evaluating EXPR does more than compute a value: an assignment,
// increment or call in it, or a volatile access.  Its SAVE_EXPRs, which
// the front end wraps around an array section's base and bias, are
// evaluated once, by whichever use comes first.
bool has_effects_beyond_saves(tree expr);

// Whether CODE is an OpenMP or OpenACC construct other than an atomic one
// (an update, read, write or capture).
bool is_non_atomic_construct(tree_code code);

// Whether NODE lies in BODY inside an OpenMP construct other than a
// `target data` (a `parallel` around a target region, say).
bool inside_openmp_construct(tree body, tree node);

// An atomic construct that writes its element: an update, a write or a
// capture (not an atomic read).
bool writes_atomically(tree t);

// Makes a copy of a body (copy_tree_body_r) share each atomic construct's
// address again, as the front end built it: `TARGET_EXPR <D.1, &x[k]>`,
// one node in the address and in the value, by which the gimplifier tells
// the element's reads (goa_lhs_expr_p compares nodes).  A copy makes one
// node of each use, which would read the element outside the atomic and
// declare D.1 twice.
void reshare_atomic_addresses(tree body);


} // namespace ferry

#endif
