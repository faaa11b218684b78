// Every GCC header the plugin needs, in the order GCC requires, and every
// difference between GCC versions, in one place (as the Linux kernel's
// scripts/gcc-plugins/gcc-common.h does).
//
// Minimum GCC: 12.  Tested: GCC 12.2 (Debian 12).  The plugin builds OpenMP
// constructs from C++ front-end trees, whose shape changes between releases;
// a newer GCC needs its differences added here, not in the stages.
#ifndef FERRY_PLUGIN_GCC_COMPAT_H
#define FERRY_PLUGIN_GCC_COMPAT_H

// GCC requires this order; clang-format must not sort it.
// clang-format off
#include "gcc-plugin.h"
#include "plugin-version.h"

#if GCCPLUGIN_VERSION_MAJOR < 12
#error "ferry's plugin needs GCC 12 or newer"
#endif
#if GCCPLUGIN_VERSION_MAJOR > 12
#error "ferry's plugin is ported to GCC 12 only; add this version's \
differences (OpenMP array sections, clause splitting) to gcc_compat.h"
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
#include "tree-into-ssa.h"
#include "tree-ssa-alias.h"
#include "tree-dfa.h"
#include "tree-inline.h"
#include "real.h"
// clang-format on

namespace ferry::gcc {

// An OpenMP array section base[low:length] as the front end's
// finish_omp_clauses expects it: GCC 12 spells it as a TREE_LIST chained to
// the base; GCC 14 introduced OMP_ARRAY_SECTION.
inline tree array_section(tree base, tree low, tree length) {
  return tree_cons(low, length, base);
}

// Marks that this translation unit uses target regions, as the parser does
// for `#pragma omp target`.
inline void note_target_used() {
  omp_requires_mask =
      static_cast<omp_requires>(omp_requires_mask | OMP_REQUIRES_TARGET_USED);
}

} // namespace ferry::gcc

#endif
