// SPDX-License-Identifier: GPL-3.0-or-later
// Every GCC header the plugin needs, in the order GCC requires, and every
// difference between GCC versions, in one place (as the Linux kernel's
// scripts/gcc-plugins/gcc-common.h does).
//
// Tested: GCC 12.2 (Debian 12).  Prepared, never compiled here: GCC 13
// (configure --enable-untested-gcc).  GCC 14 is refused below: it no longer
// calls the handlers of ferry's attributes.  The plugin builds OpenMP
// constructs from C++ front-end trees, whose shape changes between
// releases; a newer GCC needs its differences added here, not in the
// stages, and so do the layouts GCC gives by position (pass_data,
// attribute_spec) and libstdc++'s member names.  doc/design.md ("GCC
// versions") lists each one.
#ifndef FERRY_PLUGIN_GCC_COMPAT_H
#define FERRY_PLUGIN_GCC_COMPAT_H

// GCC requires this order; clang-format must not sort it.
// clang-format off
#include "gcc-plugin.h"
#include "plugin-version.h"

#if GCCPLUGIN_VERSION_MAJOR < 12
#error "ferry's plugin needs GCC 12 or newer"
#endif
#if GCCPLUGIN_VERSION_MAJOR > 12 && !defined(FERRY_UNTESTED_GCC)
#error "ferry's plugin is tested with GCC 12 only; configure with \
--enable-untested-gcc to try GCC 13 (doc/design.md, GCC versions)"
#endif
// GCC 14 takes the max_length -2 of ferry's attributes (unparsed_arguments
// below) to mean "ignored" (-Wno-attributes=ns::name) and no longer calls
// their handler, so ferry would see none of its attributes and every
// kernel would run serially, silently.  Porting means recovering the
// attributes from the source text of each declaration instead
// (attributes.cc already reads their arguments from there).
#if GCCPLUGIN_VERSION_MAJOR >= 14
#error "ferry's plugin is not ported to GCC 14 or newer: GCC 14 never calls \
the handlers of ferry's attributes; port attributes.cc first, then add this \
version's differences to gcc_compat.h (doc/design.md, GCC versions)"
#endif

#include "tree.h"
#include "cp/cp-tree.h"
#include "c-family/c-common.h"
#include "c-family/c-pragma.h"
#include "stringpool.h"
#include "attribs.h"
#include "diagnostic.h"
#include "diagnostic-core.h"
#include "input.h"
#include "tree-iterator.h"
#include "omp-general.h"
#include "omp-offload.h"
#include "gomp-constants.h"
#include "cgraph.h"
#include "cpplib.h"
#include "langhooks.h"
#include "context.h"
#include "function.h"
#include "gimplify.h"
#include "ggc.h"
#include "gtype-desc.h"
#include "tree-pass.h"
#include "gimple.h"
#include "internal-fn.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimplify-me.h"
#include "ssa.h"
#include "cfgloop.h"
#include "tree-scalar-evolution.h"
#include "tree-ssa-loop.h"
#include "tree-ssa-loop-manip.h"
#include "tree-ssa-loop-niter.h"
#include "tree-into-ssa.h"
#include "tree-ssa-alias.h"
#include "tree-dfa.h"
#include "tree-inline.h"
#include "tree-cfg.h"
#include "tree-cfgcleanup.h"
#include "tree-eh.h"
#include "real.h"
#include "varasm.h"
// clang-format on

namespace ferry::gcc {

// An OpenMP array section base[low:length] as the front end's
// finish_omp_clauses expects it in GCC 12 and 13: a TREE_LIST chained to
// the base.
inline tree array_section(tree base, tree low, tree length) {
  return tree_cons(low, length, base);
}

// The max_length of an attribute whose argument tokens the C++ parser
// skips unparsed while GCC still calls its handler: that is how
// attributes.cc reads `borrow(n)`, which the parser would refuse ("use of
// parameter outside function body").
constexpr int unparsed_arguments = -2;

// An attribute of declarations named NAME with at most MAX_LENGTH
// arguments, handled by HANDLER; GCC gives the fields by position.
constexpr attribute_spec
decl_attribute(const char *name, int max_length,
               decltype(attribute_spec::handler) handler) {
  return {name, 0, max_length, false, false, false, false, handler, nullptr};
}
// The null entry that ends an attribute table.
constexpr attribute_spec end_of_attributes() {
  return {nullptr, 0, 0, false, false, false, false, nullptr, nullptr};
}

// Registers the attribute table SPECS (ended by end_of_attributes()) under
// the namespace NS.
template <std::size_t N>
void register_scoped_attributes(const attribute_spec (&specs)[N],
                                const char *ns) {
  ::register_scoped_attributes(specs, ns);
}

// A GIMPLE pass named NAME that needs the properties REQUIRED (PROP_cfg,
// PROP_ssa) and provides, destroys and asks for nothing else; OPTGROUP
// says which -fopt-info group its remarks belong to.
constexpr pass_data gimple_pass(const char *name, unsigned required,
                                optgroup_flags_t optgroup = OPTGROUP_NONE) {
  return {GIMPLE_PASS, name, optgroup, TV_NONE, required, 0, 0, 0, 0};
}

// libstdc++'s members that hold a std::span's and a std::vector's data and
// length (kernel_views.cc): span {_M_ptr, _M_extent {_M_extent_value}},
// vector {_M_impl {_M_start, _M_finish}}.
namespace libstdcxx {
constexpr const char *span_data = "_M_ptr";
constexpr const char *span_extent = "_M_extent";
constexpr const char *span_extent_value = "_M_extent_value";
constexpr const char *vector_impl = "_M_impl";
constexpr const char *vector_start = "_M_start";
constexpr const char *vector_finish = "_M_finish";
} // namespace libstdcxx

// Marks that this translation unit uses target regions, as the parser does
// for `#pragma omp target`.
inline void note_target_used() {
  omp_requires_mask =
      static_cast<omp_requires>(omp_requires_mask | OMP_REQUIRES_TARGET_USED);
}

} // namespace ferry::gcc

#endif
