// SPDX-License-Identifier: GPL-3.0-or-later
// The checker of one kernel loop (ownership_check.h), shared by the files
// of that stage: ownership_check.cc walks the loop body and applies rules
// 1, 3 and 5 as it goes; ownership_tracing.cc traces each access to what
// it touches; ownership_calls.cc follows buffer elements into the
// functions the loop calls; ownership_results.cc, once the body is
// walked, proves rule 2 over all the accesses, checks that `out` buffers
// are written whole and computes what the launch must check;
// ownership_openmp.cc reports the findings in a program's own OpenMP
// region (openmp_regions.h).
//
// Input: a Kernel model and one of its loops.  Output: errors at the
// expressions that break a rule (warnings in a region), and the loop's
// facts (KernelFacts).
#ifndef FERRY_PLUGIN_LOOP_CHECKER_H
#define FERRY_PLUGIN_LOOP_CHECKER_H

#include "definite_writes.h"
#include "gcc_compat.h"
#include "helper_effects.h"
#include "kernel_model.h"
#include "ownership_check.h"
#include "subscript_analysis.h"
#include "tree_utils.h"

#include <map>
#include <set>
#include <utility>
#include <vector>

namespace ferry {
// What an lvalue or a pointer refers to.
struct AccessTarget {
  enum Kind { element, private_var, loop_var, shared_var, global, unknown };
  Kind kind = unknown;
  const BufferParam *buffer = nullptr;
  tree offset = NULL_TREE; // bytes from the buffer's start, or NULL_TREE
  tree decl = NULL_TREE;
};

struct BufferAccess {
  AffineOffset offset;
  tree size = NULL_TREE;
  bool write = false;
  // Made by every iteration (not under a condition): its reach is checked
  // at the launch; a guarded one, as in[i - 1] under i > 0, may lie
  // outside what the loop reaches.
  bool every_path = false;
  // Under a program's `#pragma omp atomic`: iterations may share its
  // element, so rule 2 leaves it alone.
  bool atomic = false;
  // In the arm of an `if` that one iteration at most takes (`if (i == 0)`
  // of the loop's only variable): a buffer only such accesses touch is
  // no iteration's to share.
  bool single_iteration = false;
  location_t location = UNKNOWN_LOCATION;
  // For an access a helper makes: where, and which helper.
  location_t helper_location = UNKNOWN_LOCATION;
  tree helper = NULL_TREE;
};

class LoopChecker {
public:
  // WRITTEN_WHOLE: per buffer, whether an earlier loop wrote all of it;
  // updated for the loops after this one.
  // ASSIGNED_PARAMS: the parameters the kernel assigns anywhere.
  LoopChecker(const Kernel &kernel, const ParallelLoop &loop,
              KernelFacts *facts, LoopFacts *loop_facts,
              std::vector<bool> *written_whole,
              const std::set<tree> &assigned_params)
      : k_(kernel), loop_(loop), facts_(facts), loop_facts_(loop_facts),
        written_whole_(written_whole), assigned_params_(assigned_params),
        accesses_(kernel.buffers.size()), definite_(kernel.buffers.size()),
        current_location_(loop.location) {
    for (const LoopLevel &level : loop.levels) {
      IndexVariable v;
      static_cast<LoopLevel &>(v) = level;
      v.parallel = true;
      index_vars_.push_back(v);
    }
    // A region's private, firstprivate, lastprivate, linear and reduction
    // variables: each iteration's own, as a kernel's locals.
    if (kernel.region)
      private_vars_ = kernel.region->privatized;
  }

  bool run();

private:
  // ------------------------------------------------------------ walking

  // Locals that are assigned after their declaration, or whose address is
  // taken: their initialiser does not say what they point to.
  void collect_reassigned(tree *body) { collect_assigned(body, &reassigned_); }

  // The locals of the function around the loop that BODY reads and never
  // assigns: each keeps one value through the loop (`int base = k * n;`
  // before it, a host loop's variable around a region); and the borrow
  // buffers, whose memory no iteration writes (`prop->width`).
  void collect_unchanged(tree body);

  // Whether T has one value for the whole loop (is_invariant, with the
  // unchanged locals and buffers).
  bool invariant(tree t) const {
    return is_invariant(t, index_vars_, &unchanged_);
  }

  void walk(tree *node) { cp_walk_tree_without_duplicates(node, visit, this); }

  void reject_lambda(location_t where);

  static tree visit(tree *node, int *walk_subtrees, void *data);

  tree visit_node(tree *node, int *walk_subtrees);

  // Walks the parts of an lvalue that are evaluated (subscripts, pointer
  // arithmetic) without counting the lvalue itself as read.
  void walk_address_parts(tree lvalue);

  // A pointer expression: addresses of elements inside it are not reads.
  void walk_pointer(tree pointer);

  void declare(tree decl, location_t where);

  // A serial loop inside the body: its variable can index chunks, when it
  // runs over [lower, bound) by one, the body leaving it alone.
  void inner_loop(tree for_statement);

  // Pointers walked down a column by an inner loop over INDEX, with what
  // each stands for in its body (walks_).
  void find_walks(tree body, const IndexVariable &index);
  static bool pointer_step(tree statement, tree *pointer, tree *stride);
  static bool declares(tree body, tree decl);
  int assignments_in_loop(tree decl) const;

  // Whether STATEMENT assigns or increments VAR, or takes its address.
  static bool assigns(tree statement, tree var);

  static bool leaves_early(tree statement);
  // Whether CONDITION holds for one iteration at most: it requires the
  // loop's only variable to equal a value no iteration changes.
  bool pins_one_iteration(tree condition) const;

  // Both arms of an `if` are walked from the same writes; what both write
  // is written on every path.
  void if_statement(tree t);

  // ------------------------------------------------------------ tracing

  bool is_parallel_var(tree decl) const;

  // OFFSET (bytes from a buffer) as the subscript analysis reads it, with
  // each integer local of the loop that is never assigned after its
  // initialisation standing for that initialisation, as a `const` one does
  // (`int base = i * m; y[base + j]`, as C codes write it).
  AffineOffset affine(tree offset) const;

  // A variable whose value never changes after its initialisation: a
  // reference, or a local pointer never assigned again.
  tree single_definition(tree decl) const;

  AccessTarget trace_pointer(tree pointer, int depth = 0) const;

  // A struct of the iteration whose pointer member the body sets once to
  // an array of the iteration (bonds' `cashFlows.legs = cashLegs;`): the
  // member's one value, by struct and field (field_pointers_).  A struct
  // assigned whole, initialised, or whose address the body takes keeps
  // none: a call could set the member.
  void collect_field_pointers(tree body);
  tree field_pointer(tree object, tree field) const;

  // Whether CALL is one of std::array's element accessors (operator[], at,
  // front, back, data), which return a reference or pointer into the
  // object their first argument points to.
  static bool is_array_element_access(tree call);

  AccessTarget classify(tree lvalue, int depth = 0) const;

  // ------------------------------------------------------------ rules

  void record(const AccessTarget &target, tree lvalue, bool write,
              location_t where, bool atomic = false);

  // Rule 2 sees every access; the out/scratch contract sees reads, and the
  // writes that happen on every path (DEFINITE).
  void note_access(const BufferParam &buffer, const BufferAccess &access,
                   bool definite);

  bool on_every_path() const { return conditional_ == 0 && !continued_; }
  // Not even in an arm of an if.
  bool unguarded() const { return on_every_path() && arms_ == 0; }

  // The writes of the statement just walked count for the statements after
  // it (a statement's own reads come before its writes: y[i] = y[i] + 1).
  void settle_writes();

  void note_parameter(const BufferParam &buffer);

  void store(tree lvalue, location_t where);

  // A pointer into a buffer must not be stored where ferry cannot follow it.
  void store_escape_check(tree decl, tree value, location_t where);

  // An assignment or increment: a reduction, an atomic update of a
  // shared_mut element, or a plain store.
  void update(tree t, location_t where);

  bool is_kernel_local(tree decl) const;

  // Recognises T as a reduction into VAR and records it; false if T is not
  // one of the reduction forms.
  bool reduction(tree t, tree var, location_t where);

  // Rule 2 does not apply to shared_mut: iterations may update the same
  // element, and each update becomes atomic.  That needs the update to be a
  // statement of its own, on a number.
  void atomic_update(tree t, const AccessTarget &target, location_t where);

  // `#pragma omp atomic` (an update, a write or a capture) in a program's
  // region: OpenMP's way to share an element.  Its element counts as read
  // and written, for the maps and what the loop reaches, but not for
  // rule 2; an atomic read counts as a read.
  void atomic_construct(tree t, location_t where);
  void atomic_read(tree t, location_t where);
  // The element an atomic construct's ADDRESS names, as *TARGET and
  // *LVALUE; false, after an error, where it is no element of a mapped
  // array.
  bool atomic_element(tree address, location_t where, AccessTarget *target,
                      tree *lvalue);

  // A plain store whose element does not move with some parallel loop
  // variable is made by many iterations; unless they all store the same
  // value, which one remains depends on their order.  Stores through an
  // index list (x[perm[i]] = v) are trusted: doc/rules.md says why.
  bool stores_race(const AccessTarget &target, tree value) const;

  // Rule for reductions: the accumulator is private to each thread, so any
  // other use of it inside the loop would see a partial value.
  void check_reduction_uses();

  void report_shared_read(const BufferParam &buffer, location_t where);

  void load(tree lvalue, location_t where);

  // A read ferry cannot trace to an element may still be of a buffer the
  // address mentions: it counts as a read anywhere in each, so that the
  // buffer is mapped and the rules see it.
  void unfollowed_reads(tree expression, location_t where);

  void read_variable(tree decl, location_t where);

  void call(tree call_expression, location_t where);

  // Whether parameter INDEX of CALLEE points to const.
  // The fix for a helper that only reads through parameter INDEX, but
  // whose parameter is not a pointer to const: a note at the parameter
  // with a fix-it that adds the const.  False when there is no such
  // parameter to point at.
  static bool suggest_const(tree callee, unsigned index);

  static bool reads_only_through(tree callee, unsigned index);

  // A pointer into a buffer that ferry cannot trace to an element: a
  // helper may only read through it.
  void unfollowed_argument(tree callee, unsigned index, tree argument,
                           location_t where);

  void helper_accesses(tree call_expression, tree callee, unsigned index,
                       const AccessTarget &target, location_t where);

  // Where ACCESS of a helper lies, from the buffer's start, in bytes: the
  // helper's multiples of its integer parameters become multiples of the
  // call's arguments (e[group * 4 + l] called with group = g).
  static tree helper_offset(tree call_expression, const AccessTarget &target,
                            const HelperAccess &access);

  void note_contract(const BufferParam &buffer);

  void report_read_before_write(const BufferParam &buffer,
                                const BufferAccess &access);

  // An out buffer is copied back whole, so the loop that first writes it
  // must write every element on every path; a scratch buffer written whole
  // can be read by the loops after.
  void check_write_coverage();

  // ------------------------------------------------------------ reaches

  // Whether T can be computed before the launch: constants and parameters
  // the kernel never assigns.
  bool computable_at_launch(tree t) const;

  static tree as_long_long(tree t);

  // What each buffer's affine accesses reach over the loop's ranges, when
  // the ranges are known at the launch.
  void compute_reaches();

  // Rule 2: in a loop that writes a buffer, every access to it must be to
  // the elements the iteration owns.
  void check_races();

  // Whether ACCESS, one of LIST, stays in what its iteration owns from
  // SPAN_START (is_owned_by_iteration), there or at the same place of
  // another row (shift_to_owned_row: a grid's first and last rows).
  bool owned(const BufferAccess &access, const std::vector<BufferAccess> &list,
             tree element, tree span_start, OwnershipFailure *why,
             bool *strided = nullptr) const;

  // The bytes an iteration owns at a time: ELEMENT, or one member of it.
  tree ownership_unit(const std::vector<BufferAccess> &list,
                      tree element) const;

  // Accesses whose disjointness only the launch's values decide: checked
  // there (launch_disjointness.h).
  bool leave_to_launch(const BufferParam &buffer,
                       const std::vector<BufferAccess> &list);

  // Where, from its parallel terms, the span each iteration owns starts:
  // 0 (y[i], y[2 * i + 1]), or a shift that moves every access alike
  // (y[i - 1] over i = 1 .. n).
  tree owned_span_start(const std::vector<BufferAccess> &list,
                        tree element) const;

  void report_race(const BufferParam &buffer, const BufferAccess &access,
                   const OwnershipFailure &why);

  // A nest ferry collapsed: every combination of its variables is one
  // iteration (after a loop interchange, say, the outer variable may not
  // move the access at all).
  void note_collapse() const;

  // Both accesses pass alone but move differently with the parallel loop
  // variables, so one iteration's element is another's.
  void report_mismatch(const BufferParam &buffer, const BufferAccess &access,
                       const BufferAccess &write);

  static const char *access_kind(const BufferAccess &access);

  void suggest_own_elements(const BufferParam &buffer,
                            const BufferAccess &access);

  static void explain_failure(const OwnershipFailure &why, location_t where);

  // A rule the loop breaks, or a shape ferry cannot show safe: an error in
  // a kernel.  In a program's own OpenMP region (openmp_regions.h) it is no
  // mistake of the program, whose pragma promises the loop is parallel:
  // under explain a note, else nothing, with the notes that follow it.  In
  // a region outlined as a kernel (region_lowering.h) nothing: the region
  // keeps GCC's path.
  template <typename... Args>
  void fail(location_t where, const char *format, Args... args) {
    ok_ = false;
    ++facts_->unshown;
    if (k_.quiet) {
      global_dc->inhibit_notes_p = !k_.explain_quiet;
      if (k_.explain_quiet)
        emit_diagnostic(DK_NOTE, where, 0, format, args...);
      return;
    }
    if (!k_.region) {
      error_at(where, format, args...);
      return;
    }
    global_dc->inhibit_notes_p = !k_.region->explain || k_.region->quiet;
    if (k_.region->explain && !k_.region->quiet)
      emit_diagnostic(DK_NOTE, where, 0, format, args...);
  }

  // ------------------------------------ a program's own OpenMP region
  // (ownership_openmp.cc): the mistakes OpenMP's meaning makes certain, as
  // warnings (errors under -fplugin-arg-ferry-openmp-errors) with the fix.

  template <typename... Args>
  void mistake(location_t where, const char *format, Args... args) {
    ok_ = false;
    facts_->certain_mistake = true;
    global_dc->inhibit_notes_p = notes_inhibited_ || k_.region->quiet;
    if (!k_.region->quiet)
      emit_diagnostic(k_.region->mistake_kind(), where, 0, format, args...);
  }

  // Where BUFFER is mapped, and how.
  void note_map(const BufferParam &buffer);

  void report_region_write(const BufferParam &buffer, location_t where);

  void report_region_unset_read(const BufferParam &buffer,
                                const BufferAccess &access);

  // A section mapped `from` that the loop may leave partly unwritten: a
  // mistake where the writes certainly miss elements.
  void report_region_partial_write(const BufferParam &buffer,
                                   const Coverage &coverage);

  // A store of VALUE (NULL_TREE: an increment, or not known) to a shared
  // variable of the region's function: a certain race when the iterations
  // store different values.
  void report_region_shared_write(tree decl, tree value, location_t where);

  // A store to the loop's own variable DECL, which OpenMP's loop form
  // forbids: the iterations are counted apart from it, so what the loop
  // does is unspecified.
  void report_region_loop_variable_write(tree decl, location_t where);

  // Whether VALUE can differ between iterations: it reads a loop variable,
  // a variable of the iteration, or memory.
  bool varies_by_iteration(tree value) const;

  void report_missing_reduction(tree var, tree_code op, location_t where);

  void report_region_same_element(const BufferParam &buffer,
                                  const BufferAccess &access);

  const Kernel &k_;
  const ParallelLoop &loop_;
  KernelFacts *facts_;
  LoopFacts *loop_facts_;
  std::vector<bool> *written_whole_;
  const std::set<tree> &assigned_params_;
  std::vector<std::vector<BufferAccess>> accesses_;
  DefiniteWrites definite_;
  std::vector<std::pair<unsigned, ByteSpan>> pending_writes_;
  std::set<unsigned> reported_contract_; // buffers with a contract error
  int conditional_ = 0;    // inside a branch, or a loop that may end early
  int arms_ = 0;           // inside an arm of an if
  int single_arms_ = 0;    // inside an arm one iteration at most takes
  bool continued_ = false; // a `continue` of this iteration may have run
  std::vector<IndexVariable> index_vars_;
  std::set<tree> private_vars_;
  std::set<tree> reassigned_;
  std::set<tree> unchanged_;
  std::map<tree, tree> bindings_; // references bound after their declaration
  std::map<tree, tree> walks_;    // walked pointers in the inner loop's body
  // (struct, pointer field) -> its one assignment's value; NULL_TREE where
  // it has several.  Structs that keep none (collect_field_pointers).
  std::map<std::pair<tree, tree>, tree> field_pointers_;
  std::set<tree> unfollowed_structs_;
  // Variables already reported (a global, a shared local, the loop's own
  // variable): one diagnostic each, not one at every use.
  std::set<tree> reported_variables_;
  std::map<tree, location_t> local_reads_; // kernel locals read in the loop
  tree *statement_ = nullptr;              // the statement being walked
  // While the value of an atomic construct is walked: its element's
  // address, whose read there is the construct's own (atomic_construct).
  tree atomic_address_ = NULL_TREE;
  location_t current_location_ = UNKNOWN_LOCATION;
  int breakable_depth_ = 0;
  bool ok_ = true;
  // Whether notes were shown before the checker silenced any (fail()).
  const bool notes_inhibited_ = global_dc->inhibit_notes_p;
};

// The end of each fix of a region's map kind (ownership_openmp.cc).
extern const char *const kAlreadyMapped;

// A region's section mapped `from` that its loop never writes
// (ownership_openmp.cc).
void report_region_unwritten(const Kernel &kernel, const BufferParam &buffer);

} // namespace ferry

#endif
