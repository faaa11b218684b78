// SPDX-License-Identifier: GPL-3.0-or-later
// Direct launch: for every parallel loop of a checked kernel, a plain device
// entry that libferry launches through the CUDA driver API
// (runtime/nvptx/cuda_launch.cc), at CUDA's launch cost instead of libgomp's.
//
// Input: the Kernel model and its KernelFacts (reductions, shared_mut
// updates).  Output: per loop, a new extern "C" function
//
//   void __ferry_direct_<kernel symbol>_<loop>(<kernel parameters>,
//       <locals of the kernel the loop reads>,
//       <tally and initial value of each reduction variable>,
//       <lower, extent of each collapsed level>, unsigned long long total)
//   {
//     <reduction variables = identity>
//     for (idx = thread_index(); idx < total; idx += thread_count())
//       { <loop variables from idx> <copy of the loop body> }
//     <reduce_OP(tally, variable, initial) for each reduction>
//   }
//
// compiled for the device ("omp declare target") with nvptx's `kernel`
// attribute, so that the offload compiler emits a PTX .entry; or the reason
// the loop keeps the OpenMP path only.  The body is a copy made with GCC's
// inliner (copy_tree_body_r), so the OpenMP region keeps the original.
// shared_mut updates become the PTX atomics of <ferry/direct.hpp>: GCC's own
// atomics under -mgomp depend on libgomp's per-warp state.
// The iteration space's mapping onto the grid is iteration_space.cc's; what
// the entries need of <ferry/direct.hpp> and the compilation around them
// is direct_header.cc's; how the entry is declared and defined,
// device_definitions.cc's.
#include "lower_direct.h"

#include "../runtime/abi.h"

#include "device_definitions.h"
#include "device_functions.h"
#include "device_loops.h"
#include "direct_header.h"
#include "iteration_space.h"
#include "kernel_views.h"
#include "narrow_atomics.h"
#include "tree_utils.h"

#include <set>

namespace ferry {

namespace {

// A trivially copyable struct without pointers or references, whose bytes
// mean the same on the device.
bool is_plain_object(tree type) {
  if (TREE_CODE(type) == ARRAY_TYPE)
    return COMPLETE_TYPE_P(type) && tree_fits_uhwi_p(TYPE_SIZE_UNIT(type)) &&
           (is_number_type(strip_array_types(type)) ||
            is_plain_object(strip_array_types(type)));
  if (TREE_CODE(type) != RECORD_TYPE || !COMPLETE_TYPE_P(type) ||
      !trivially_copyable_p(type) || !tree_fits_uhwi_p(TYPE_SIZE_UNIT(type)))
    return false;
  for (tree field = TYPE_FIELDS(type); field; field = DECL_CHAIN(field)) {
    if (TREE_CODE(field) != FIELD_DECL)
      continue;
    tree field_type = strip_array_types(TREE_TYPE(field));
    if (!is_number_type(field_type) && !is_plain_object(field_type))
      return false;
  }
  return true;
}

tree new_local(tree fndecl, const char *name, tree type) {
  tree var = build_decl(DECL_SOURCE_LOCATION(fndecl), VAR_DECL,
                        get_identifier(name), type);
  DECL_ARTIFICIAL(var) = 1;
  DECL_CONTEXT(var) = fndecl;
  TREE_USED(var) = 1;
  return var;
}

// What the loop body reads from the kernel's own locals: declared outside
// the loop, not its loop variables.
class OuterLocals {
public:
  OuterLocals(tree kernel, const ParallelLoop &loop) {
    std::set<tree> declared;
    for (const LoopLevel &level : loop.levels)
      declared.insert(level.var);
    collect_declared(loop.body, &declared);
    std::vector<tree> named;
    collect_named(loop.body, &named);
    for (tree t : named)
      if (VAR_P(t) && DECL_CONTEXT(t) == kernel && !TREE_STATIC(t) &&
          !DECL_EXTERNAL(t) && !declared.count(t))
        used_.push_back(t);
  }
  const std::vector<tree> &used() const { return used_; }

private:
  std::vector<tree> used_;
};

// Rewrites an entry's reads of memory that nvcc would load in one
// instruction where GCC 12's nvptx back end takes several or the
// coherent path:
// - a whole struct of 8 or 16 bytes aligned to its size (CUDA's float4,
//   md's positions) becomes ferry::direct::load_vector, one vector load,
//   where GCC loads each member the code uses on its own;
// - with NON_COHERENT (-fplugin-arg-ferry-nc-loads), a read of a `borrow`
//   buffer becomes ferry::direct::load_nc (a number) or load_vector_nc (a
//   struct as above), the non-coherent load.
// Only reads: a reference whose address is taken, or that is assigned or
// incremented, keeps its plain form (the checker lets nothing write a
// borrowed buffer, but its address may be passed on).  Volatile reads stay
// plain loads too.
class EntryLoads {
public:
  EntryLoads(std::set<tree> borrowed, bool non_coherent)
      : borrowed_(std::move(borrowed)), non_coherent_(non_coherent) {}

  void rewrite(tree *body) { walk(body); }

private:
  void walk(tree *node) { cp_walk_tree(node, visit, this, &visited_); }

  static tree visit(tree *node, int *walk_subtrees, void *data) {
    auto *self = static_cast<EntryLoads *>(data);
    tree t = *node;
    if (TYPE_P(t)) {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
    // What a store writes is never a borrowed read.
    if (store_of(TREE_CODE(t)) != Store::none) {
      self->walk_address_of(&TREE_OPERAND(t, 0));
      self->walk(&TREE_OPERAND(t, 1));
      *walk_subtrees = 0;
      return NULL_TREE;
    }
    switch (TREE_CODE(t)) {
    case ADDR_EXPR:
      self->walk_address_of(&TREE_OPERAND(t, 0));
      *walk_subtrees = 0;
      break;
    case INDIRECT_REF:
    case COMPONENT_REF:
    case ARRAY_REF:
      if (const char *helper = self->load_helper(t)) {
        tree load =
            call_direct_helper(helper, {cp_build_addr_expr(t, tf_none)});
        // The walk goes on into the call's argument, the address.
        if (load != error_mark_node)
          *node = load;
      }
      break;
    default:
      break;
    }
    return NULL_TREE;
  }

  // Walks what computing the address of LVALUE reads, but not LVALUE.
  void walk_address_of(tree *lvalue) {
    tree t = *lvalue;
    switch (TREE_CODE(t)) {
    case INDIRECT_REF:
      walk(&TREE_OPERAND(t, 0));
      break;
    case COMPONENT_REF:
      walk_address_of(&TREE_OPERAND(t, 0));
      break;
    case ARRAY_REF:
      walk_address_of(&TREE_OPERAND(t, 0));
      walk(&TREE_OPERAND(t, 1));
      break;
    default:
      // Decls need nothing; anything else (a conditional lvalue, a
      // compound expression) keeps plain loads rather than risk turning
      // an lvalue into a value.
      break;
    }
  }

  // The <ferry/direct.hpp> load that REFERENCE's read becomes, or null.
  const char *load_helper(tree reference) const {
    tree pointer = pointer_read(reference);
    if (!pointer || TREE_THIS_VOLATILE(reference))
      return nullptr;
    const bool borrowed = non_coherent_ && borrowed_.count(pointer) != 0;
    tree type = TREE_TYPE(reference);
    if (is_vector_struct(type))
      return borrowed ? "load_vector_nc" : "load_vector";
    return borrowed && is_atomic_word_type(type) ? "load_nc" : nullptr;
  }

  // A struct that one vector load reads whole: 8 or 16 bytes, aligned to
  // its size, copied as bytes.
  static bool is_vector_struct(tree type) {
    if (TREE_CODE(type) != RECORD_TYPE || TYPE_VOLATILE(type) ||
        !COMPLETE_TYPE_P(type) || !tree_fits_uhwi_p(TYPE_SIZE_UNIT(type)) ||
        !trivially_copyable_p(type))
      return false;
    const unsigned HOST_WIDE_INT bytes = tree_to_uhwi(TYPE_SIZE_UNIT(type));
    return (bytes == 8 || bytes == 16) && TYPE_ALIGN_UNIT(type) >= bytes;
  }

  // The pointer variable REFERENCE reads through (a buffer of the entry),
  // or null: a local of the entry (`force[i] = f` reads `f` through its
  // address), which GCC keeps in registers unless its address is taken.
  static tree pointer_read(tree reference) {
    tree base = reference;
    while (TREE_CODE(base) == COMPONENT_REF || TREE_CODE(base) == ARRAY_REF)
      base = TREE_OPERAND(base, 0);
    if (TREE_CODE(base) != INDIRECT_REF)
      return NULL_TREE;
    tree pointer = TREE_OPERAND(base, 0);
    while (CONVERT_EXPR_P(pointer) || TREE_CODE(pointer) == NON_LVALUE_EXPR ||
           TREE_CODE(pointer) == POINTER_PLUS_EXPR ||
           location_wrapper_p(pointer))
      pointer = TREE_OPERAND(pointer, 0);
    return DECL_P(pointer) && POINTER_TYPE_P(TREE_TYPE(pointer)) ? pointer
                                                                : NULL_TREE;
  }

  std::set<tree> borrowed_;
  const bool non_coherent_;
  hash_set<tree> visited_;
};

class EntryBuilder {
public:
  EntryBuilder(const Kernel &kernel, const ParallelLoop &loop,
               const LoopFacts &facts, unsigned loop_index,
               bool non_coherent_reads)
      : k_(kernel), loop_(loop), facts_(facts), loop_index_(loop_index),
        non_coherent_reads_(non_coherent_reads) {}

  // Whether a callee needs a stack frame is decided on the PTX, after
  // inlining (runtime/nvptx/ptx_index.cc): a helper that takes the address of a
  // local is often inlined and its local kept in registers.
  DirectEntry build() {
    if (!direct_namespace() || !declare_shared_variables(direct_namespace()))
      return refuse("<ferry/direct.hpp> is not included (include "
                    "<ferry/ferry.hpp>)");
    if (k_.buffers.size() > kMaxBuffers)
      return refuse("it has more than 60 pointer parameters");
    if (tree global = writable_device_global_in(loop_.body))
      return refuse("it uses '" + name_of(global) +
                    "', a variable of 'omp declare target', whose copy in "
                    "ferry's entries is not libgomp's");
    offload_constant_tables(loop_.body);
    if (!plan_parameters())
      return std::move(result_);
    result_.symbol = symbol();
    const bool frames_possible = may_take_frames(loop_.body);
    if (!define_copy(result_.symbol, /*kernel=*/true))
      return std::move(result_);
    if (frames_possible) {
      define_copy(result_.symbol + "_framed_body", /*kernel=*/false);
      define_framed_entry();
      result_.framed = true;
    }
    find_constant_buffers();
    if (!constant_buffers_.empty())
      define_constants_entry();
    return std::move(result_);
  }

private:
  static constexpr std::size_t kMaxBuffers = 60;
  // The most the entries assume of a packed struct's address: the widest
  // load (a float4's), and what every device copy's start has.
  static constexpr unsigned HOST_WIDE_INT kMaxAssumedAlignment = 16;

  // A borrowed buffer of COUNT numbers, COUNT known at compile time and
  // small: SYMBOL_constants takes its elements as parameters.
  struct ConstantBuffer {
    const BufferParam *buffer;
    tree element_type;
    unsigned count;
  };
  // Kernel parameters live in the GPU's constant bank, which the
  // multiprocessors read as instruction operands; 256 bytes of them per
  // buffer keep the launch's parameters far below the driver's limit.
  static constexpr unsigned long long kConstantBufferBytes = 256;

  struct Parameter {
    tree name;
    tree type;
    tree maps_from;          // kernel decl the body refers to, or NULL_TREE
    bool by_address = false; // the entry gets a pointer to MAPS_FROM's value
    tree decl = NULL_TREE;
  };

  DirectEntry refuse(const std::string &reason) {
    result_ = DirectEntry{};
    result_.reason = reason;
    return std::move(result_);
  }

  bool refused(const std::string &reason) {
    result_ = DirectEntry{};
    result_.reason = reason;
    return false;
  }

  void add_parameter(const char *name, tree type, tree maps_from, tree value,
                     char role) {
    parameters_.push_back({get_identifier(name), type, maps_from});
    result_.values.push_back(value);
    result_.roles.push_back(role);
  }

  // A number is passed by value; a struct of numbers by address, which the
  // runtime copies to the device.
  bool add_value(const std::string &name, tree decl, const char *what) {
    tree type = TREE_TYPE(decl);
    if (is_number_type(type)) {
      add_parameter(name.c_str(), type, decl, decl, FERRY_ROLE_VALUE);
      return true;
    }
    // A kernel's copy of a struct parameter (kernel_views.h) goes as its
    // bytes: the helpers it is handed to read only its numbers.
    if (!is_plain_object(type) &&
        !(is_view_constant(decl) && TREE_CODE(type) == RECORD_TYPE &&
          tree_fits_uhwi_p(TYPE_SIZE_UNIT(type))))
      return refused(std::string(what) + " '" + name_of(decl) +
                     "', which is neither a number nor a struct of numbers");
    add_parameter(
        name.c_str(),
        build_pointer_type(cp_build_qualified_type(type, TYPE_QUAL_CONST)),
        decl, decl, FERRY_ROLE_OBJECT);
    parameters_.back().by_address = true;
    add_parameter(
        ("__ferry_bytes_" + name).c_str(), long_long_unsigned_type_node,
        NULL_TREE,
        fold_convert(long_long_unsigned_type_node, TYPE_SIZE_UNIT(type)),
        FERRY_ROLE_VALUE);
    return true;
  }

  // The entry's parameters and what the host passes for each.
  bool plan_parameters() {
    for (const BufferParam &buffer : k_.buffers) {
      // Proven exclusive, as on the OpenMP path (lower_omp.cc); here the
      // pointers are the entry's own parameters, where GCC keeps it.
      tree type = TREE_TYPE(buffer.decl);
      type = cp_build_qualified_type(type,
                                     cp_type_quals(type) | TYPE_QUAL_RESTRICT);
      add_parameter(name_of(buffer.decl).c_str(), type, buffer.decl,
                    NULL_TREE,
                    static_cast<char>(FERRY_ROLE_BUFFER + buffer.index));
      if (const unsigned log2 = assumed_alignment_log2(TREE_TYPE(type))) {
        aligned_.push_back({name_of(buffer.decl), log2});
        result_.aligned_buffers +=
            static_cast<char>(FERRY_ROLE_BUFFER + buffer.index);
        result_.aligned_buffers += static_cast<char>('0' + log2);
      }
    }
    for (tree parm : k_.scalars)
      if (!add_value(name_of(parm), parm, "parameter"))
        return false;
    const OuterLocals locals(k_.fndecl, loop_);
    for (tree local : locals.used()) {
      if (k_.buffer_for(local))
        continue; // a view, passed above
      const Reduction *reduction = reduction_of(local);
      const std::string name = name_of(local);
      if (reduction) {
        if (!is_atomic_word_type(TREE_TYPE(local)))
          return refused("reduction variable '" + name +
                         "' is not a 4- or 8-byte number");
        reductions_.push_back({reduction, local});
        continue;
      }
      if (!add_value("__ferry_local_" + name, local, "the loop reads local"))
        return false;
    }
    for (const ReductionPlan &plan : reductions_) {
      tree type = TREE_TYPE(plan.var);
      const std::string name = name_of(plan.var);
      add_parameter(("__ferry_tally_" + name).c_str(), ptr_type_node, NULL_TREE,
                    plan.var,
                    static_cast<char>(FERRY_ROLE_REDUCTION_BYTES +
                                      tree_to_uhwi(TYPE_SIZE_UNIT(type))));
      add_parameter(("__ferry_initial_" + name).c_str(), type, NULL_TREE,
                    plan.var, FERRY_ROLE_VALUE);
    }
    result_.x_along_next = x_along_next_level(loop_);
    plan_iteration_parameters(
        loop_, !reductions_.empty(), result_.x_along_next,
        [this](const char *name, tree type, tree value, char role) {
          add_parameter(name, type, NULL_TREE, value, role);
        });
    return true;
  }

  // log2 of the alignment in bytes that every element of an array of
  // ELEMENT has when the array's start has it, where that exceeds
  // ELEMENT's own: a packed struct's (__attribute__((packed)), #pragma
  // pack) is that of its fields' types, as far as its size allows.  nvcc
  // loads such fields whole; GCC, knowing only the struct's alignment of 1,
  // byte by byte (4 loads and 6 shifts and ors for a float).  0 otherwise.
  static unsigned assumed_alignment_log2(tree element) {
    if (TREE_CODE(element) != RECORD_TYPE || !COMPLETE_TYPE_P(element) ||
        !tree_fits_uhwi_p(TYPE_SIZE_UNIT(element)))
      return 0;
    unsigned HOST_WIDE_INT fields = 1;
    for (tree field = TYPE_FIELDS(element); field; field = DECL_CHAIN(field))
      if (TREE_CODE(field) == FIELD_DECL)
        fields = std::max<unsigned HOST_WIDE_INT>(
            fields, TYPE_ALIGN_UNIT(TREE_TYPE(field)));
    const unsigned HOST_WIDE_INT size = tree_to_uhwi(TYPE_SIZE_UNIT(element));
    unsigned HOST_WIDE_INT alignment =
        std::min<unsigned HOST_WIDE_INT>(fields, kMaxAssumedAlignment);
    while (alignment > 1 && size % alignment)
      alignment /= 2;
    if (alignment <= TYPE_ALIGN_UNIT(element))
      return 0;
    return floor_log2(alignment);
  }

  // In each copy of the loop: the pointers to packed structs (aligned_)
  // declared aligned as the runtime checks they are.
  tree assume_alignments() {
    tree statements = NULL_TREE;
    for (const auto &[name, log2] : aligned_) {
      tree pointer = parameter_named(name);
      tree call =
          build_call_expr(builtin_decl_explicit(BUILT_IN_ASSUME_ALIGNED), 2,
                          pointer, size_int(1u << log2));
      append_to_statement_list_force(
          assign(pointer, fold_convert(TREE_TYPE(pointer), call)), &statements);
    }
    return statements;
  }

  const Reduction *reduction_of(tree var) const {
    for (const Reduction &reduction : facts_.reductions)
      if (reduction.var == var)
        return &reduction;
    return nullptr;
  }

  std::string symbol() const {
    std::string name = "__ferry_direct_";
    name += IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(k_.fndecl));
    name += "_" + std::to_string(loop_index_);
    // A kernel with internal linkage may share its name with another
    // translation unit's.
    if (!TREE_PUBLIC(k_.fndecl)) {
      char unit[16];
      std::snprintf(unit, sizeof unit, "_%08x",
                    crc32_string(0, main_input_filename));
      name += unit;
    }
    return name;
  }

  // A device function NAME with PARAMETERS (whose decls it sets): a PTX
  // .entry when KERNEL, else a function only the framed entry calls.
  tree declare_function(const std::string &name,
                        std::vector<Parameter> *parameters, bool kernel) {
    std::vector<std::pair<tree, tree>> names_and_types;
    for (const Parameter &parameter : *parameters)
      names_and_types.emplace_back(parameter.name, parameter.type);
    std::vector<tree> decls;
    tree function =
        declare_device_function(name, loop_.location, names_and_types, kernel,
                                k_.fndecl, &decls);
    if (with_constants_)
      DECL_ATTRIBUTES(function) =
          tree_cons(get_identifier(kConstantsTwinAttribute), NULL_TREE,
                    DECL_ATTRIBUTES(function));
    for (std::size_t i = 0; i < decls.size(); ++i)
      (*parameters)[i].decl = decls[i];
    return function;
  }

  // One copy of the loop as the device function NAME: the .entry itself
  // (KERNEL), or the body that the framed entry calls.  False, with the
  // reason, when an atomic update has no device helper.
  bool define_copy(const std::string &name, bool kernel) {
    entry_ = declare_function(name, &parameters_, kernel);
    framed_ = !kernel;
    loop_vars_.clear();
    if (!replace_atomics())
      return false;
    tree body = copy_body();
    restore_atomics();
    define(body);
    return true;
  }

  // Whether the device code of BODY may take stack frames once compiled:
  // it calls functions (a callee, or GCC's inlined copy of it, may keep
  // arrays or address-taken locals in memory; newlib's sin does), or has
  // locals of its own that may live in memory.  Only then does the loop
  // get a framed entry too: a frame-free .entry is what the launcher
  // prefers, and libferry decides on the PTX which one runs.
  static bool may_take_frames(tree body) {
    struct Search {
      static tree visit(tree *node, int *walk_subtrees, void *) {
        tree t = *node;
        if (TYPE_P(t)) {
          *walk_subtrees = 0;
          return NULL_TREE;
        }
        switch (TREE_CODE(t)) {
        case CALL_EXPR:
        case AGGR_INIT_EXPR:
          return t;
        case ADDR_EXPR:
          return VAR_P(TREE_OPERAND(t, 0)) ? t : NULL_TREE;
        case DECL_EXPR: {
          tree decl = DECL_EXPR_DECL(t);
          return VAR_P(decl) && (AGGREGATE_TYPE_P(TREE_TYPE(decl)) ||
                                 TREE_ADDRESSABLE(decl))
                     ? t
                     : NULL_TREE;
        }
        default:
          return NULL_TREE;
        }
      }
    };
    return cp_walk_tree_without_duplicates(&body, Search::visit, nullptr) !=
           NULL_TREE;
  }

  // The framed .entry, SYMBOL_framed: gives each thread its stack from the
  // frame arena, then calls the body, which may take frames from it.  The
  // launcher appends the arena's address and bytes per thread to the
  // arguments the host passes.
  void define_framed_entry() {
    std::vector<Parameter> parameters = parameters_;
    for (const char *name : {"__ferry_stack", "__ferry_stack_bytes"})
      parameters.push_back(
          {get_identifier(name), long_long_unsigned_type_node, NULL_TREE});
    tree wrapper = declare_function(result_.symbol + "_framed", &parameters,
                                    /*kernel=*/true);
    push_to_top_level();
    start_preparsed_function(wrapper, NULL_TREE, SF_PRE_PARSED);
    tree compound = begin_compound_stmt(BCS_FN_BODY);
    const std::size_t forwarded = parameters_.size();
    finish_expr_stmt(
        call_direct_helper("enter_frame", {parameters[forwarded].decl,
                                           parameters[forwarded + 1].decl}));
    releasing_vec args;
    for (std::size_t i = 0; i < forwarded; ++i)
      vec_safe_push(args, parameters[i].decl);
    finish_expr_stmt(finish_call_expr(entry_, &args, false, false, tf_none));
    finish_compound_stmt(compound);
    wrapper = finish_function(/*inline_p=*/false);
    expand_or_defer_fn(wrapper);
    pop_from_top_level();
  }

  void find_constant_buffers() {
    for (const BufferParam &buffer : k_.buffers) {
      if (buffer.ownership != Ownership::borrow || !buffer.length ||
          !POINTER_TYPE_P(TREE_TYPE(buffer.decl)))
        continue;
      tree element = TYPE_MAIN_VARIANT(TREE_TYPE(TREE_TYPE(buffer.decl)));
      tree length = maybe_constant_value(
          fold(tree_strip_any_location_wrapper(buffer.length)));
      if (!is_atomic_word_type(element) || TREE_CODE(length) != INTEGER_CST ||
          !tree_fits_uhwi_p(length) || integer_zerop(length))
        continue;
      const unsigned HOST_WIDE_INT count = tree_to_uhwi(length);
      if (count * tree_to_uhwi(TYPE_SIZE_UNIT(element)) > kConstantBufferBytes)
        continue;
      constant_buffers_.push_back(
          {&buffer, element, static_cast<unsigned>(count)});
    }
  }

  // SYMBOL_constants: the plain entry's parameters, then the elements of
  // each constant buffer; its body reads a local array made of them
  // instead of the buffer.  Unrolled loops over such an array read the
  // parameters themselves, which ptxas takes from the constant bank as
  // operands (nvcc's code for a __constant__ array).  Where the array
  // stays in memory the entry takes a frame, and libferry launches the
  // plain entry instead.
  void define_constants_entry() {
    const std::vector<Parameter> plain = parameters_;
    for (const ConstantBuffer &constant : constant_buffers_) {
      const std::string name = name_of(constant.buffer->decl);
      for (unsigned i = 0; i < constant.count; ++i)
        parameters_.push_back({get_identifier(("__ferry_constant_" + name +
                                               "_" + std::to_string(i))
                                                  .c_str()),
                               constant.element_type, NULL_TREE});
      result_.constant_buffers.push_back(
          static_cast<char>(FERRY_ROLE_BUFFER + constant.buffer->index));
    }
    with_constants_ = true;
    if (!define_copy(result_.symbol + "_constants", /*kernel=*/true))
      result_.constant_buffers.clear();
    with_constants_ = false;
    parameters_ = plain;
  }

  // In SYMBOL_constants: maps each constant buffer to a local pointer to
  // a local array of its elements, set from the parameters in
  // constants_setup_ before the loops.
  void map_constant_buffers(hash_map<tree, tree> *map) {
    constants_setup_ = NULL_TREE;
    constants_locals_.clear();
    std::size_t next = parameters_.size();
    for (const ConstantBuffer &constant : constant_buffers_)
      next -= constant.count;
    for (const ConstantBuffer &constant : constant_buffers_) {
      const std::string name = name_of(constant.buffer->decl);
      tree array_type =
          build_array_type_nelts(constant.element_type, constant.count);
      tree array =
          new_local(entry_, ("__ferry_constants_" + name).c_str(), array_type);
      tree pointer =
          new_local(entry_, name.c_str(),
                    TYPE_MAIN_VARIANT(TREE_TYPE(constant.buffer->decl)));
      for (unsigned i = 0; i < constant.count; ++i)
        append_to_statement_list_force(
            assign(build4(ARRAY_REF, constant.element_type, array, size_int(i),
                          NULL_TREE, NULL_TREE),
                   parameters_[next++].decl),
            &constants_setup_);
      append_to_statement_list_force(
          assign(pointer, build_fold_addr_expr(
                              build4(ARRAY_REF, constant.element_type, array,
                                     size_zero_node, NULL_TREE, NULL_TREE))),
          &constants_setup_);
      constants_locals_.push_back(array);
      constants_locals_.push_back(pointer);
      map->put(constant.buffer->decl, pointer);
    }
  }

  // Swaps the shared_mut updates of the original body for the PTX atomics;
  // restore_atomics() puts the originals back once the body is copied.
  bool replace_atomics() {
    for (const AtomicUpdate &atomic : facts_.atomics) {
      tree element_type = TREE_TYPE(atomic.target);
      if (atomic.op == NOP_EXPR)
        continue; // a plain store of a word is atomic on the GPU
      // A 1- or 2-byte integer's update is a compare-and-swap of the word
      // around it (<ferry/direct.hpp>, atomic_apply_in_word), as on the
      // OpenMP path (narrow_atomics.h).
      const char *helper = atomic_device_helper(atomic.op);
      if (!(is_atomic_word_type(element_type) ||
            is_narrow_integer(element_type)) ||
          !helper) {
        restore_atomics();
        return refused("buffer '" + name_of(atomic.buffer->decl) +
                       "' is updated atomically, which the direct path does "
                       "for 4- and 8-byte numbers and 1- and 2-byte "
                       "integers only");
      }
      tree call = call_direct_helper(
          helper, {cp_build_addr_expr(atomic.target, tf_none), atomic.value});
      if (call == error_mark_node) {
        restore_atomics();
        return refused("no ferry::direct::" + std::string(helper) +
                       " for this update's types");
      }
      replaced_.emplace_back(atomic.statement, *atomic.statement);
      *atomic.statement = call;
    }
    return true;
  }

  void restore_atomics() {
    for (auto &replaced : replaced_)
      *replaced.first = replaced.second;
    replaced_.clear();
  }

  // The loop body, with the kernel's decls replaced by the entry's.
  tree copy_body() {
    hash_map<tree, tree> map;
    for (const Parameter &parameter : parameters_)
      if (parameter.by_address)
        map.put(parameter.maps_from,
                build1(INDIRECT_REF, TREE_TYPE(parameter.maps_from),
                       parameter.decl));
      else if (parameter.maps_from)
        map.put(parameter.maps_from, parameter.decl);
    for (const LoopLevel &level : loop_.levels) {
      tree var =
          new_local(entry_, name_of(level.var).c_str(), TREE_TYPE(level.var));
      loop_vars_.push_back(var);
      map.put(level.var, var);
    }
    for (ReductionPlan &plan : reductions_) {
      plan.private_var =
          new_local(entry_, name_of(plan.var).c_str(), TREE_TYPE(plan.var));
      map.put(plan.var, plan.private_var);
    }
    if (with_constants_)
      map_constant_buffers(&map);

    FunctionCodeCopy copier(k_.fndecl, entry_, &map);
    tree body = copier.copy(loop_.body);
    copier.finish();
    EntryLoads(borrowed_parameters(), non_coherent_reads_).rewrite(&body);
    return body;
  }

  std::set<tree> borrowed_parameters() const {
    std::set<tree> borrowed;
    for (const Parameter &parameter : parameters_)
      if (parameter.maps_from && !parameter.by_address)
        if (const BufferParam *buffer = k_.buffer_for(parameter.maps_from))
          if (buffer->ownership == Ownership::borrow)
            borrowed.insert(parameter.decl);
    return borrowed;
  }

  tree parameter_named(const std::string &name) const {
    for (const Parameter &parameter : parameters_)
      if (IDENTIFIER_POINTER(parameter.name) == name)
        return parameter.decl;
    gcc_unreachable();
  }

  tree add_local(const char *name, tree type) {
    tree var = new_local(entry_, name, type);
    entry_locals_.push_back(var);
    return var;
  }

  // The loops around BODY, and the reductions after them.
  tree entry_statements(tree body) {
    entry_locals_.clear();

    tree statements = assume_alignments();
    // The mark that tells ferry's mkoffload to compile the entry's
    // single-precision division and square roots as nvcc's
    // --use_fast_math does (<ferry/direct.hpp>, mark_fast_math).
    if (opt_for_fn(k_.fndecl, flag_unsafe_math_optimizations))
      append_to_statement_list_force(call_direct_helper("mark_fast_math", {}),
                                     &statements);
    if (with_constants_) {
      append_to_statement_list_force(constants_setup_, &statements);
      entry_locals_.insert(entry_locals_.end(), constants_locals_.begin(),
                           constants_locals_.end());
    }
    for (const ReductionPlan &plan : reductions_)
      append_to_statement_list_force(
          assign(plan.private_var,
                 reduction_identity(plan.reduction->op, TREE_TYPE(plan.var))),
          &statements);
    const IterationSpace space{
        loop_.location,
        loop_vars_,
        framed_,
        !reductions_.empty(),
        result_.x_along_next,
        [this](const std::string &name) { return parameter_named(name); },
        [this](const char *name, tree type) { return add_local(name, type); }};
    append_to_statement_list_force(iterations_around(space, body), &statements);
    for (const ReductionPlan &plan : reductions_) {
      const std::string name = name_of(plan.var);
      tree call = call_direct_helper(
          reduction_device_helper(plan.reduction->op),
          {parameter_named("__ferry_tally_" + name), plan.private_var,
           parameter_named("__ferry_initial_" + name)});
      append_to_statement_list_force(call, &statements);
    }

    tree vars = NULL_TREE;
    for (tree var : loop_vars_)
      entry_locals_.push_back(var);
    for (const ReductionPlan &plan : reductions_)
      entry_locals_.push_back(plan.private_var);
    for (tree var : entry_locals_) {
      DECL_CHAIN(var) = vars;
      vars = var;
    }
    return statement_block(statements, vars);
  }

  void define(tree body) {
    entry_ = define_device_function(
        entry_, body, [this](tree copied) { return entry_statements(copied); });
  }

  struct ReductionPlan {
    const Reduction *reduction;
    tree var;
    tree private_var = NULL_TREE;
  };

  const Kernel &k_;
  const ParallelLoop &loop_;
  const LoopFacts &facts_;
  const unsigned loop_index_;
  const bool non_coherent_reads_;
  std::vector<ConstantBuffer> constant_buffers_;
  bool with_constants_ = false; // building SYMBOL_constants
  tree constants_setup_ = NULL_TREE;
  std::vector<tree> constants_locals_;
  DirectEntry result_;
  std::vector<Parameter> parameters_;
  // Buffers whose device addresses the entries assume aligned: the
  // parameter's name, log2 of the bytes.
  std::vector<std::pair<std::string, unsigned>> aligned_;
  std::vector<ReductionPlan> reductions_;
  std::vector<tree> loop_vars_;
  std::vector<tree> entry_locals_; // every local of the entry being built
  std::vector<std::pair<tree *, tree>> replaced_;
  tree entry_ = NULL_TREE;
  bool framed_ = false; // entry_ is the body of the framed entry
};

} // namespace

std::vector<DirectEntry> build_direct_entries(const Kernel &kernel,
                                              const KernelFacts &facts,
                                              bool non_coherent_reads) {
  std::vector<DirectEntry> entries;
  if (const char *other = other_offload_target()) {
    DirectEntry omp_only;
    omp_only.reason = std::string("the unit is compiled for ") + other +
                      ", and direct entries exist only for NVIDIA";
    entries.assign(kernel.loops.size(), omp_only);
    return entries;
  }
  // At -O0 the entries read and write through frames and helpers that the
  // direct launch does not set up: on the H200 all 58 of a fuzz corpus's
  // -O0 kernels stopped with an illegal memory access there, and ran right
  // on the OpenMP path.
  if (!optimize) {
    DirectEntry omp_only;
    omp_only.reason = "the unit is compiled with -O0; direct entries need "
                      "-O1 or more";
    entries.assign(kernel.loops.size(), omp_only);
    return entries;
  }
  for (std::size_t i = 0; i < kernel.loops.size(); ++i)
    entries.push_back(EntryBuilder(kernel, kernel.loops[i], facts.loops[i], i,
                                   non_coherent_reads)
                          .build());
  return entries;
}

} // namespace ferry
