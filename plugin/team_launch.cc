// SPDX-License-Identifier: GPL-3.0-or-later
// See team_launch.h.
#include "team_launch.h"

#include "../runtime/abi.h"

#include "region_data.h"
#include "runtime_calls.h"
#include "tree_utils.h"

#include <string>

namespace ferry {

tree team_parameter_type(const TeamArgument &argument) {
  switch (argument.pass) {
  case TeamArgument::Pass::array_address:
    return build_pointer_type(TREE_TYPE(argument.decl));
  case TeamArgument::Pass::object:
    return build_pointer_type(cp_build_qualified_type(
        TYPE_MAIN_VARIANT(TREE_TYPE(argument.decl)), TYPE_QUAL_CONST));
  default:
    return TYPE_MAIN_VARIANT(TREE_TYPE(argument.decl));
  }
}

tree team_host_copy_type(const TeamArgument &argument) {
  return argument.pass == TeamArgument::Pass::object
             ? TYPE_MAIN_VARIANT(TREE_TYPE(argument.decl))
             : team_parameter_type(argument);
}

namespace {

class TeamLaunchBuilder {
public:
  explicit TeamLaunchBuilder(const TeamLaunch &launch) : in_(launch) {}

  tree launch_or_region() {
    tree statements = NULL_TREE, vars = NULL_TREE, launch = NULL_TREE;
    tree launched = launch_local("__ferry_launched", integer_type_node, &vars);
    append_to_statement_list_force(assign(launched, integer_zero_node),
                                   &statements);
    // A `device` clause is evaluated once, as the construct does (the
    // region on GCC's path and the data construct around it read the
    // value), and its target entered before the program's addresses are
    // looked up on it.
    tree present = NULL_TREE, entered = NULL_TREE, device = NULL_TREE;
    tree device_number = NULL_TREE;
    if (in_.device_clause) {
      tree number = OMP_CLAUSE_DEVICE_ID(in_.device_clause);
      device = launch_local("__ferry_device_number", TREE_TYPE(number), &vars);
      device_number = assign(device, number);
      OMP_CLAUSE_DEVICE_ID(in_.device_clause) = device;
      entered = launch_local("__ferry_entered", integer_type_node, &vars);
      append_to_statement_list_force(
          assign(entered, runtime_calls::region_device_enter(in_.location, device)),
          &statements);
      present = build2(NE_EXPR, boolean_type_node, entered, integer_zero_node);
    }
    // One argument for each of the entry's parameters (declare_entry).
    const unsigned count = in_.parameter_count;
    tree args = launch_local("__ferry_args",
                             build_array_type_nelts(ptr_type_node, count),
                             &vars);
    TREE_ADDRESSABLE(args) = 1;
    std::string roles;
    unsigned next = 0;
    // ARGS[next] is COPY's address, which the entry's parameter of ROLE
    // takes (runtime/abi.h).
    auto add_argument = [&](tree copy, char role) {
      append_to_statement_list_force(
          assign(build4(ARRAY_REF, ptr_type_node, args, size_int(next++),
                        NULL_TREE, NULL_TREE),
                 build_fold_addr_expr(copy)),
          &launch);
      roles += role;
    };
    auto argument_local = [&](tree type) {
      tree copy = launch_local("__ferry_arg", type, &vars);
      TREE_ADDRESSABLE(copy) = 1;
      return copy;
    };
    // An argument that the launch copies VALUE, of TYPE, into.
    auto add_value = [&](tree value, tree type, char role) {
      tree copy = argument_local(type);
      append_to_statement_list_force(assign(copy, value), &launch);
      add_argument(copy, role);
    };
    for (const TeamArgument &outer : *in_.arguments) {
      tree decl = outer.decl;
      switch (outer.pass) {
      case TeamArgument::Pass::value:
        add_value(decl, team_host_copy_type(outer), FERRY_ROLE_VALUE);
        break;
      case TeamArgument::Pass::object:
        // Its bytes, which libferry copies to the device for the entry:
        // a struct's copy, or a read-only array itself.
        if (TREE_CODE(TREE_TYPE(decl)) == ARRAY_TYPE) {
          cxx_mark_addressable(decl);
          add_argument(decl, FERRY_ROLE_OBJECT);
        } else {
          add_value(decl, team_host_copy_type(outer), FERRY_ROLE_OBJECT);
        }
        add_value(fold_convert(long_long_unsigned_type_node,
                               TYPE_SIZE_UNIT(team_host_copy_type(outer))),
                  long_long_unsigned_type_node, FERRY_ROLE_VALUE);
        break;
      case TeamArgument::Pass::array_address:
      case TeamArgument::Pass::device_address: {
        // libgomp's address for the data, null outside the program's
        // sections: then the region runs as GCC compiled it.
        tree copy = argument_local(team_host_copy_type(outer));
        tree value = decl;
        if (outer.pass == TeamArgument::Pass::array_address) {
          cxx_mark_addressable(decl);
          value = build_fold_addr_expr(decl);
        }
        // A section of the region's own that starts past its pointer
        // (`map(to: x[first:count])`): the section's start is what is
        // mapped, the pointer that far before its copy.  (An array's
        // section past its start keeps GCC's path.)
        tree bias = outer.pass == TeamArgument::Pass::device_address
                        ? section_bias(decl)
                        : NULL_TREE;
        if (bias)
          value = fold_build_pointer_plus(value, bias);
        append_to_statement_list_force(
            assign(copy, runtime_calls::program_address(in_.location, value)),
            &statements);
        tree found = build2(NE_EXPR, boolean_type_node, copy,
                            build_zero_cst(TREE_TYPE(copy)));
        present = present ? build2(TRUTH_ANDIF_EXPR, boolean_type_node,
                                   present, found)
                          : found;
        if (bias)
          append_to_statement_list_force(
              assign(copy, fold_build_pointer_plus(
                               copy, fold_build1(NEGATE_EXPR, sizetype, bias))),
              &launch);
        add_argument(copy, FERRY_ROLE_VALUE);
        break;
      }
      }
    }
    add_value(fold_convert(long_long_unsigned_type_node,
                           unshare_expr(in_.teams)),
              long_long_unsigned_type_node, FERRY_ROLE_TEAMS);
    gcc_assert(next == count);
    expanded_location source = expand_location(in_.location);
    tree begin = runtime_calls::launch_begin(in_.location, in_.symbol,
                                             source.file ? source.file : "?",
                                             source.line, 0);
    tree acquired = launch_local("__ferry_device", integer_type_node, &vars);
    tree launch_block = NULL_TREE;
    append_to_statement_list_force(begin, &launch_block);
    append_to_statement_list_force(
        assign(acquired, runtime_calls::launch_acquire(in_.location)), &launch_block);
    append_to_statement_list_force(launch, &launch_block);
    append_to_statement_list_force(
        assign(launched,
               runtime_calls::launch_direct(
                   in_.location, in_.symbol, count,
                   build_fold_addr_expr(build4(ARRAY_REF, ptr_type_node, args,
                                               size_zero_node, NULL_TREE,
                                               NULL_TREE)),
                   roles.c_str(), integer_zero_node,
                   fold_convert(integer_type_node, in_.threads))),
        &launch_block);
    append_to_statement_list_force(runtime_calls::launch_end(in_.location),
                                   &launch_block);
    append_to_statement_list_force(
        present ? build3(COND_EXPR, void_type_node, present, launch_block,
                         NULL_TREE)
                : launch_block,
        &statements);
    if (entered)
      append_to_statement_list_force(
          build3(COND_EXPR, void_type_node,
                 build2(NE_EXPR, boolean_type_node, entered, integer_zero_node),
                 runtime_calls::region_device_leave(in_.location), NULL_TREE),
          &statements);
    append_to_statement_list_force(
        build3(COND_EXPR, void_type_node,
               build2(EQ_EXPR, boolean_type_node, launched, integer_zero_node),
               in_.target, NULL_TREE),
        &statements);
    // The region's own maps, made before the addresses are looked up.
    tree replacement = NULL_TREE;
    if (device_number)
      append_to_statement_list_force(device_number, &replacement);
    append_to_statement_list_force(
        within_region_data(in_.fndecl, in_.target, device, statements),
        &replacement);
    return statement_block(replacement, vars);
  }

private:
  // A local of the function for the launch, chained into *VARS.
  tree launch_local(const char *name, tree type, tree *vars) {
    return chained_local(in_.location, in_.fndecl, name, type, vars);
  }

  // The bias, in bytes, of the section of what POINTER points to that the
  // target's own map clauses name, where it is not 0; else null.
  tree section_bias(tree pointer) const {
    for (tree c = OMP_TARGET_CLAUSES(in_.target); c; c = OMP_CLAUSE_CHAIN(c))
      if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP &&
          OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_FIRSTPRIVATE_POINTER &&
          OMP_CLAUSE_DECL(c) == pointer && OMP_CLAUSE_SIZE(c) &&
          !integer_zerop(OMP_CLAUSE_SIZE(c)) &&
          !has_effects_beyond_saves(OMP_CLAUSE_SIZE(c)))
        return fold_convert(sizetype, unshare_expr(OMP_CLAUSE_SIZE(c)));
    return NULL_TREE;
  }

  const TeamLaunch &in_;
};

} // namespace

tree team_launch_or_region(const TeamLaunch &launch) {
  return TeamLaunchBuilder(launch).launch_or_region();
}

} // namespace ferry
