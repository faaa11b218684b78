// SPDX-License-Identifier: GPL-3.0-or-later
// See runtime_calls.h.  The types here must match runtime/abi.h.
#include "runtime_calls.h"

#include "../runtime/abi.h"

#include <cstring>

namespace ferry::runtime_calls {

namespace {

enum {
  kBegin,
  kBuffer,
  kReach,
  kDisjoint,
  kAcquire,
  kView,
  kEnd,
  kDirect,
  kGeometry,
  kAgain,
  kFrameEnter,
  kFrameLeave,
  kFrameCall,
  kFrameParam,
  kHostAccess,
  kHostAccessStatement,
  kFrameAccess,
  kMappedElements,
  kProgramAddress,
  kRegionDeviceEnter,
  kRegionDeviceLeave,
  kMpiLayer,
  kCount
};

// The declarations, built on first use.  A garbage-collection root (see
// gc_roots()), since a function that failed to compile may have been the
// only other reference.
tree declarations[kCount];

tree cached(tree *slot, const char *name, tree type, int flags = 0) {
  if (!*slot)
    *slot = build_library_fn_ptr(name, type, flags);
  return *slot;
}

// The same for calls made in GIMPLE passes, after the front end has let
// go of its language data: a plain external declaration that never throws.
tree cached_gimple(tree *slot, const char *name, tree type) {
  if (!*slot) {
    *slot = build_fn_decl(name, type);
    TREE_NOTHROW(*slot) = 1;
  }
  return *slot;
}

tree void_function_type() {
  return build_function_type_list(void_type_node, NULL_TREE);
}

tree access_mode(int access) {
  return build_int_cst(integer_type_node, access);
}

tree const_char_pointer() {
  return build_pointer_type(
      build_qualified_type(char_type_node, TYPE_QUAL_CONST));
}

tree string(const char *text) {
  return build_string_literal(std::strlen(text) + 1, text);
}

tree unsigned_int(unsigned value) {
  return build_int_cst(unsigned_type_node, value);
}

} // namespace

tree launch_begin(location_t location, const char *kernel, const char *file,
                  unsigned line, unsigned buffers) {
  tree type = build_function_type_list(
      void_type_node, unsigned_type_node, const_char_pointer(),
      const_char_pointer(), unsigned_type_node, unsigned_type_node, NULL_TREE);
  return build_call_expr_loc(
      location, cached(&declarations[kBegin], "__ferry_launch_begin", type), 5,
      unsigned_int(FERRY_ABI_VERSION), string(kernel), string(file),
      unsigned_int(line), unsigned_int(buffers));
}

tree launch_buffer(location_t location, unsigned index, const char *name,
                   unsigned ownership, tree host_pointer, tree count,
                   tree element_type) {
  tree type = build_function_type_list(
      void_type_node, unsigned_type_node, const_char_pointer(),
      unsigned_type_node, ptr_type_node, long_long_integer_type_node,
      long_long_unsigned_type_node, long_long_unsigned_type_node, NULL_TREE);
  return build_call_expr_loc(
      location, cached(&declarations[kBuffer], "__ferry_launch_buffer", type),
      7, unsigned_int(index), string(name), unsigned_int(ownership),
      fold_convert(ptr_type_node, host_pointer),
      fold_convert(long_long_integer_type_node, count),
      fold_convert(long_long_unsigned_type_node, TYPE_SIZE_UNIT(element_type)),
      build_int_cst(long_long_unsigned_type_node, TYPE_ALIGN_UNIT(element_type)));
}

tree launch_reach(location_t location, unsigned index, tree first, tree end,
                  unsigned line) {
  tree type = build_function_type_list(
      void_type_node, unsigned_type_node, long_long_integer_type_node,
      long_long_integer_type_node, unsigned_type_node, NULL_TREE);
  return build_call_expr_loc(
      location, cached(&declarations[kReach], "__ferry_launch_reach", type), 4,
      unsigned_int(index), first, end, unsigned_int(line));
}

tree launch_disjoint(location_t location, unsigned index, unsigned line,
                     unsigned nvars, unsigned nforms,
                     const std::vector<tree> &values) {
  tree type = build_varargs_function_type_list(
      void_type_node, unsigned_type_node, unsigned_type_node,
      unsigned_type_node, unsigned_type_node, NULL_TREE);
  std::vector<tree> arguments{unsigned_int(index), unsigned_int(line),
                              unsigned_int(nvars), unsigned_int(nforms)};
  for (tree value : values)
    arguments.push_back(fold_convert(long_long_integer_type_node, value));
  return build_call_expr_loc_array(
      location,
      cached(&declarations[kDisjoint], "__ferry_launch_disjoint", type),
      arguments.size(), arguments.data());
}

tree launch_acquire(location_t location) {
  tree type = build_function_type_list(integer_type_node, NULL_TREE);
  return build_call_expr_loc(
      location, cached(&declarations[kAcquire], "__ferry_launch_acquire", type),
      0);
}

tree launch_view(location_t location, unsigned index) {
  tree type =
      build_function_type_list(ptr_type_node, unsigned_type_node, NULL_TREE);
  return build_call_expr_loc(
      location,
      cached(&declarations[kView], "__ferry_launch_view", type, ECF_NOTHROW), 1,
      unsigned_int(index));
}

tree launch_end(location_t location) {
  tree type = build_function_type_list(void_type_node, NULL_TREE);
  return build_call_expr_loc(
      location,
      cached(&declarations[kEnd], "__ferry_launch_end", type, ECF_NOTHROW), 0);
}

tree launch_direct(location_t location, const char *entry, unsigned nargs,
                   tree args, const char *roles, tree requested_teams,
                   tree requested_threads) {
  tree type = build_function_type_list(
      integer_type_node, const_char_pointer(), unsigned_type_node,
      build_pointer_type(ptr_type_node), const_char_pointer(),
      integer_type_node, integer_type_node, NULL_TREE);
  return build_call_expr_loc(
      location, cached(&declarations[kDirect], "__ferry_launch_direct", type),
      6, string(entry), unsigned_int(nargs), args, string(roles),
      requested_teams, requested_threads);
}

tree launch_geometry(location_t location, tree trip_count, tree requested_teams,
                     tree requested_threads, unsigned flags) {
  tree type = build_function_type_list(
      long_long_unsigned_type_node, long_long_unsigned_type_node,
      integer_type_node, integer_type_node, unsigned_type_node, NULL_TREE);
  return build_call_expr_loc(
      location,
      cached(&declarations[kGeometry], "__ferry_launch_geometry", type,
             ECF_NOTHROW | ECF_LEAF),
      4, fold_convert(long_long_unsigned_type_node, trip_count),
      requested_teams, requested_threads, unsigned_int(flags));
}

tree launch_again(location_t location, tree site, tree key, unsigned nkey,
                  tree args) {
  tree type = build_function_type_list(
      integer_type_node, build_pointer_type(ptr_type_node),
      build_pointer_type(
          build_qualified_type(long_long_integer_type_node, TYPE_QUAL_CONST)),
      unsigned_type_node, build_pointer_type(ptr_type_node), NULL_TREE);
  return build_call_expr_loc(
      location,
      cached(&declarations[kAgain], "__ferry_launch_again", type, ECF_NOTHROW),
      4, site, key, unsigned_int(nkey), args);
}

tree frame_enter(location_t location) {
  return build_call_expr_loc(location,
                             cached(&declarations[kFrameEnter],
                                    "__ferry_frame_enter", void_function_type(),
                                    ECF_NOTHROW | ECF_LEAF),
                             0);
}

tree frame_leave(location_t location) {
  return build_call_expr_loc(location,
                             cached(&declarations[kFrameLeave],
                                    "__ferry_frame_leave", void_function_type(),
                                    ECF_NOTHROW),
                             0);
}

gcall *frame_call(location_t location) {
  tree type = build_function_type_list(void_type_node, const_char_pointer(),
                                       unsigned_type_node, NULL_TREE);
  expanded_location site = expand_location(location);
  return gimple_build_call(
      cached_gimple(&declarations[kFrameCall], "__ferry_frame_call", type), 2,
      string(site.file ? site.file : "?"), unsigned_int(site.line));
}

gcall *mpi_layer_linked() {
  tree type = build_function_type_list(void_type_node, NULL_TREE);
  return gimple_build_call(
      cached_gimple(&declarations[kMpiLayer], "__ferry_mpi_layer_linked", type),
      0);
}

gcall *frame_param(tree pointer) {
  tree type =
      build_function_type_list(void_type_node, const_ptr_type_node, NULL_TREE);
  return gimple_build_call(
      cached_gimple(&declarations[kFrameParam], "__ferry_frame_param", type), 1,
      pointer);
}

gcall *host_access(tree host_pointer, tree bytes, tree access) {
  tree type = build_function_type_list(void_type_node, const_ptr_type_node,
                                       long_long_unsigned_type_node,
                                       integer_type_node, NULL_TREE);
  return gimple_build_call(
      cached_gimple(&declarations[kHostAccess], "__ferry_host_access", type), 3,
      host_pointer, bytes, access);
}

gcall *host_access(tree host_pointer, tree bytes, int access) {
  return host_access(host_pointer, bytes, access_mode(access));
}

tree host_access_statement(location_t location, tree host_pointer,
                           tree bytes, int access) {
  tree type = build_function_type_list(void_type_node, const_ptr_type_node,
                                       long_long_unsigned_type_node,
                                       integer_type_node, NULL_TREE);
  return build_call_expr_loc(
      location,
      cached(&declarations[kHostAccessStatement], "__ferry_host_access", type,
             ECF_NOTHROW),
      3, fold_convert(const_ptr_type_node, host_pointer),
      fold_convert(long_long_unsigned_type_node, bytes), access_mode(access));
}

tree mapped_elements(location_t location, tree host_pointer) {
  tree type = build_function_type_list(long_long_integer_type_node,
                                       const_ptr_type_node,
                                       long_long_unsigned_type_node, NULL_TREE);
  return build_call_expr_loc(
      location,
      cached(&declarations[kMappedElements], "__ferry_mapped_elements", type,
             ECF_NOTHROW | ECF_LEAF),
      2, fold_convert(const_ptr_type_node, host_pointer),
      fold_convert(long_long_unsigned_type_node,
                   TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(host_pointer)))));
}

tree program_address(location_t location, tree host_pointer) {
  tree type = build_function_type_list(ptr_type_node, const_ptr_type_node,
                                       NULL_TREE);
  return build_call_expr_loc(
      location,
      cached(&declarations[kProgramAddress], "__ferry_program_address", type,
             ECF_NOTHROW | ECF_LEAF),
      1, fold_convert(const_ptr_type_node, host_pointer));
}

tree region_device_enter(location_t location, tree device) {
  tree type = build_function_type_list(integer_type_node, integer_type_node,
                                       NULL_TREE);
  return build_call_expr_loc(
      location,
      cached(&declarations[kRegionDeviceEnter], "__ferry_region_device_enter",
             type, ECF_NOTHROW | ECF_LEAF),
      1, fold_convert(integer_type_node, device));
}

tree region_device_leave(location_t location) {
  return build_call_expr_loc(
      location,
      cached(&declarations[kRegionDeviceLeave], "__ferry_region_device_leave",
             void_function_type(), ECF_NOTHROW | ECF_LEAF),
      0);
}

gcall *frame_access(int access) {
  tree type =
      build_function_type_list(void_type_node, integer_type_node, NULL_TREE);
  return gimple_build_call(
      cached_gimple(&declarations[kFrameAccess], "__ferry_frame_access", type),
      1, access_mode(access));
}

gcall *frame_enter_statement() {
  return gimple_build_call(cached_gimple(&declarations[kFrameEnter],
                                         "__ferry_frame_enter",
                                         void_function_type()),
                           0);
}

gcall *frame_leave_statement() {
  return gimple_build_call(cached_gimple(&declarations[kFrameLeave],
                                         "__ferry_frame_leave",
                                         void_function_type()),
                           0);
}

bool is_runtime_function(tree fndecl) {
  if (!fndecl)
    return false;
  const char *mangled = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fndecl));
  return std::strncmp(mangled, "__ferry_", 8) == 0 ||
         std::strncmp(mangled, "_ZN5ferry", 9) == 0;
}

const ggc_root_tab *gc_roots() {
  static const ggc_root_tab roots[] = {
      {&declarations[0], kCount, sizeof(declarations[0]), &gt_ggc_mx_tree_node,
       &gt_pch_nx_tree_node},
      LAST_GGC_ROOT_TAB};
  return roots;
}

} // namespace ferry::runtime_calls
