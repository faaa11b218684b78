// SPDX-License-Identifier: GPL-3.0-or-later
// Aggregates at the kernel boundary: std::span and std::vector parameters,
// structs whose pointer members carry ownership attributes (one or more
// levels deep), parameters passed by reference to a struct, and the
// members of `this` in a member-function kernel.
//
// Input: a kernel definition at PLUGIN_PRE_GENERICIZE and those of its
// parameters that are such aggregates.  Output: the body rewritten so that
// every array the loops reach through an aggregate is a local pointer (a
// "view" buffer, named as the user writes it: `m.x`, `this->x`, `v`) with
// its ownership and length, and every number read from one is a local copy;
// and the statements that set these locals, which the lowering puts before
// everything else the kernel does.  The
// stages after the model then see plain pointer buffers and scalars, and
// check each view like a parameter (rules 1-6).  Errors name the member
// and point at its declaration.
#ifndef FERRY_PLUGIN_KERNEL_VIEWS_H
#define FERRY_PLUGIN_KERNEL_VIEWS_H

#include "attributes.h"
#include "gcc_compat.h"
#include "kernel_model.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace ferry {

// A buffer reached through an aggregate.
struct ViewBuffer {
  tree local = NULL_TREE; // the pointer the rewritten body uses
  Ownership ownership = Ownership::borrow;
  bool ownership_from_type = false; // see BufferParam
  tree length = NULL_TREE;          // element count, long long
  std::string length_text;
  location_t location = UNKNOWN_LOCATION; // the member or parameter
};

// Whether DECL is a local copy of a number read through an aggregate of
// the kernel being compiled: set once before the loops, never written, so
// loop-invariant.
bool is_view_constant(tree decl);

// For the host-sync pass, which runs after the front end's data about
// types is gone: note_view_members() records, on the declaration of KERNEL
// (defined in this unit or not), the fields from each of its arguments (or
// what the argument points to) to every array pointer a kernel may reach
// through it: annotated pointer members and the data pointers of spans and
// vectors, in nested structs too; view_members() reads them back for
// argument INDEX.
void note_view_members(tree kernel);
std::vector<std::vector<tree>> view_members(tree kernel, unsigned index);
// The garbage-collection root of what note_view_members() keeps.
const ggc_root_tab *view_gc_roots();

class KernelViews {
public:
  explicit KernelViews(tree fndecl);

  // Whether PARM is handled here: `this`, a reference to a class, or a
  // class passed by value that is not a plain struct of numbers.
  static bool takes(tree parm);

  // Records PARM; OWNED are its ferry attributes (a span or a vector may
  // carry one, without a length).  Returns false after reporting errors.
  bool add_root(tree parm, const std::vector<FerryAttribute> &owned);

  // Rewrites EXPRESSION, a length written on a parameter (`d.n`), like the
  // body.  Call before rewrite().
  void rewrite_expression(tree *expression);

  // Rewrites the body over the recorded parameters and declares the
  // locals.  Returns false after reporting errors.
  bool rewrite();

  const std::vector<ViewBuffer> &buffers() const { return buffers_; }
  // The statements that set the locals (NULL_TREE when there are none).
  tree setup() const { return setup_; }

private:
  struct Root {
    tree parm = NULL_TREE;
    std::vector<FerryAttribute> owned;
  };
  // A parameter and the fields from it to an object: {m, field, x}.
  using Path = std::vector<tree>;
  // The data pointer and the length of a span or vector.
  struct Sequence {
    tree data = NULL_TREE;   // local pointer
    tree length = NULL_TREE; // local size_t
    tree element = NULL_TREE;
  };

  static tree visit_node(tree *node, int *walk_subtrees, void *data);
  tree visit(tree *node, int *walk_subtrees);
  bool replace_subscript(tree *node);
  bool replace_method_call(tree *node);
  tree inline_accessor(tree fn, tree call);
  bool replace_member(tree *node);
  void pass_copies(tree call);

  const Root *root_of(tree parm) const;
  bool designate_object(tree expression, Path *path) const;
  bool designate_address(tree expression, Path *path) const;
  tree object(const Path &path) const;
  bool is_const(const Path &path) const;
  std::string spelling(const Path &path) const;
  // LENGTH, written on a member of OWNER, with the members it names
  // spelled from the parameter: `3 * n` -> `3 * forces.n`.
  std::string spelled_in(const Path &owner, const std::string &length) const;
  const std::vector<FerryAttribute> &attributes_of(const Path &path);

  tree local(const Path &path, const std::string &name, tree type, tree value);
  tree scalar(const Path &path);
  tree pointer_member(const Path &path);
  const Sequence *sequence(const Path &path);

  tree fndecl_;
  std::vector<Root> roots_;
  std::map<Path, tree> locals_;
  std::map<Path, Sequence> sequences_;
  std::map<tree, std::vector<FerryAttribute>> field_attributes_;
  std::vector<ViewBuffer> buffers_;
  tree vars_ = NULL_TREE;
  tree setup_ = NULL_TREE;
  std::set<std::string> reported_; // names whose misuse was reported
  location_t where_ = UNKNOWN_LOCATION;
  int accessor_depth_ = 0; // accessors being inlined into each other
  bool ok_ = true;
};

} // namespace ferry

#endif
