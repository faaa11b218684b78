// SPDX-License-Identifier: GPL-3.0-or-later
// Every GCC header the plugin needs, in the order GCC requires, and every
// difference between GCC versions, in one place (as the Linux kernel's
// scripts/gcc-plugins/gcc-common.h does).
//
// Tested: GCC 12.2 (Debian 12).  Prepared, never compiled here: GCC 13 and
// 14, with the differences below (configure --enable-untested-gcc).  The
// plugin builds OpenMP constructs from C++ front-end trees, whose shape
// changes between releases; a newer GCC needs its differences added here,
// not in the stages.  doc/design.md ("GCC versions") lists each one.
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
--enable-untested-gcc to try GCC 13 or 14 (doc/design.md, GCC versions)"
#endif
#if GCCPLUGIN_VERSION_MAJOR > 14
#error "ferry's plugin is not ported to GCC 15 or newer; add this version's \
differences to gcc_compat.h (doc/design.md, GCC versions)"
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
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimplify-me.h"
#include "ssa.h"
#include "cfgloop.h"
#include "tree-scalar-evolution.h"
#include "tree-into-ssa.h"
#include "tree-ssa-alias.h"
#include "tree-dfa.h"
#include "tree-inline.h"
#include "real.h"
// clang-format on

namespace ferry::gcc {

// An OpenMP array section base[low:length] as the front end's
// finish_omp_clauses expects it: GCC 12 and 13 spell it as a TREE_LIST
// chained to the base; GCC 14 introduced OMP_ARRAY_SECTION.
inline tree array_section(tree base, tree low, tree length) {
#if GCCPLUGIN_VERSION_MAJOR >= 14
  return build_omp_array_section(UNKNOWN_LOCATION, base, low, length);
#else
  return tree_cons(low, length, base);
#endif
}

// The max_length of an attribute whose argument tokens the C++ parser
// skips unparsed while GCC 12 and 13 still call its handler: that is how
// attributes.cc reads `borrow(n)`, which the parser would refuse ("use of
// parameter outside function body").  GCC 14 takes -2 to mean "ignored"
// (-Wno-attributes=ns::name) and no longer calls the handler, so ferry
// would see none of its attributes and every kernel would run serially,
// silently.  Porting means recovering the attributes from the source text
// of each declaration instead (attributes.cc already reads their
// arguments from there); until then a GCC 14 build stops here.
#if GCCPLUGIN_VERSION_MAJOR >= 14
#error "GCC 14 never calls the handlers of ferry's attributes (max_length \
-2); port attributes.cc first (see gcc_compat.h, unparsed_arguments)"
#endif
constexpr int unparsed_arguments = -2;

// Registers the attribute table SPECS (terminated by a null name) under
// the namespace NS.  GCC 14 takes a scoped_attribute_specs of an
// array_slice, without the terminator.
template <std::size_t N>
void register_scoped_attributes(const attribute_spec (&specs)[N],
                                const char *ns) {
#if GCCPLUGIN_VERSION_MAJOR >= 14
  static const scoped_attribute_specs scoped = {ns, {specs, N - 1}};
  ::register_scoped_attributes(scoped);
#else
  ::register_scoped_attributes(specs, ns);
#endif
}

// Marks that this translation unit uses target regions, as the parser does
// for `#pragma omp target`.
inline void note_target_used() {
  omp_requires_mask =
      static_cast<omp_requires>(omp_requires_mask | OMP_REQUIRES_TARGET_USED);
}

} // namespace ferry::gcc

#endif
