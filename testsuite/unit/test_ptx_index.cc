// Unit tests of the PTX index (runtime/nvptx/ptx_index.cc): an entry that
// uses GCC's atomics, itself or through the functions it calls, must be
// refused by the direct launch path, and a clean one accepted; the stack
// its threads need is the deepest chain of frames below it, found past
// the blocks GCC opens inside a body.  The PTX below
// is shaped as GCC 12's nvptx back end writes it.
#define BOOST_TEST_MODULE ptx_index
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "nvptx/ptx_index.h"

#include <cstring>

using ferry::rt::PtxIndex;

namespace {

const char *const kModule = R"(// BEGIN PREAMBLE
.version 7.0
.target sm_80
// BEGIN GLOBAL FUNCTION DECL: helper
.visible .func (.param .f64 %value_out) helper (.param .f64 %in_ar0);
.extern .shared .u64 __nvptx_stacks[32];
// BEGIN GLOBAL FUNCTION DEF: clean
.visible .entry clean (.param .u64 %in_ar0)
{
.reg .u64 %ar0;
ld.param.u64 %ar0,[%in_ar0];
call.uni (%value_in), leaf, (%out_arg1);
ret;
}
// BEGIN FUNCTION DEF: leaf
.func (.param .f64 %value_out) leaf (.param .f64 %in_ar0)
{
mov.f64 %r1,%r2;
ret;
}
// BEGIN GLOBAL FUNCTION DEF: framed
.visible .entry framed (.param .u64 %in_ar0)
{
{
.param .f64 %out_arg1;
call (%value_in), helper, (%out_arg1);
}
ret;
}
// BEGIN GLOBAL FUNCTION DEF: framed_late
.visible .entry framed_late (.param .u64 %in_ar0)
{
{
.param .f64 %out_arg1;
call (%value_in), leaf, (%out_arg1);
}
{
.param .f64 %out_arg1;
call (%value_in), helper, (%out_arg1);
}
ret;
}
// BEGIN GLOBAL FUNCTION DEF: helper
.visible .func (.param .f64 %value_out) helper (.param .f64 %in_ar0)
{
.reg.u64 %stack;
.reg.u64 %frame;
.reg.u64 %sspslot;
.reg.u64 %sspprev;
	{
.reg.u32 %fstmp0;
.reg.u64 %fstmp1;
.reg.u64 %fstmp2;
mov.u32 %fstmp0, %tid.y;
mul.wide.u32 %fstmp1, %fstmp0, 8;
mov.u64 %fstmp2, __nvptx_stacks;
add.u64 %sspslot, %fstmp2, %fstmp1;
ld.shared.u64 %sspprev, [%sspslot];
sub.u64 %frame, %sspprev, 48;
sub.u64 %stack, %frame, 16;
st.shared.u64 [%sspslot], %stack;
	}
call (%value_in), inner, (%out_arg1);
call (%value_in), leaf, (%out_arg1);
ret;
}
// BEGIN FUNCTION DEF: inner
.func (.param .f64 %value_out) inner (.param .f64 %in_ar0)
{
ld.shared.u64 %sspprev, [%sspslot];
sub.u64 %frame, %sspprev, 200;
sub.u64 %stack, %frame, 0;
ret;
}
// BEGIN GLOBAL FUNCTION DEF: grows
.visible .entry grows (.param .u64 %in_ar0)
{
ld.shared.u64 %sspprev, [%sspslot];
sub.u64 %frame, %sspprev, 32;
sub.u64 %stack, %frame, 0;
sub.u64 %stack, %stack, %r9;
ret;
}
// BEGIN GLOBAL FUNCTION DEF: loops
.visible .entry loops (.param .u64 %in_ar0)
{
ld.shared.u64 %sspprev, [%sspslot];
sub.u64 %frame, %sspprev, 8;
sub.u64 %stack, %frame, 0;
call loops, (%out_arg1);
ret;
}
// BEGIN GLOBAL FUNCTION DEF: atomic
.visible .entry atomic (.param .u64 %in_ar0)
{
ld.shared.u32 %r3,[__nvptx_uni];
ret;
}
// BEGIN GLOBAL FUNCTION DEF: recall
.visible .entry recall
{
mov.u32 %r1,%tid.x;
ret;
}
)";

PtxIndex indexed() {
  PtxIndex index;
  index.add(kModule, std::strlen(kModule) + 1); // as mkoffload stores it
  return index;
}

} // namespace

BOOST_AUTO_TEST_CASE(a_frame_free_entry_and_its_callees_pass) {
  BOOST_TEST(indexed().obstacle("clean").empty());
  BOOST_TEST(indexed().obstacle("recall").empty());
}

BOOST_AUTO_TEST_CASE(frames_are_no_obstacle_but_a_stack_depth) {
  const PtxIndex index = indexed();
  BOOST_TEST(index.obstacle("framed").empty());
  // helper's 48 + 16 bytes above inner's 200; leaf takes none.
  BOOST_TEST(index.stack_bytes("framed") == 264u);
  // A call after a block of its own (GCC wraps every call sequence in
  // braces) is part of the body too.
  BOOST_TEST(index.stack_bytes("framed_late") == 264u);
  BOOST_TEST(index.stack_bytes("clean") == 0u);
  BOOST_TEST(index.stack_bytes("recall") == 0u);
}

BOOST_AUTO_TEST_CASE(dynamic_frames_and_recursion_have_no_known_depth) {
  const PtxIndex index = indexed();
  BOOST_TEST(index.stack_bytes("grows") == PtxIndex::kUnknownStack);
  BOOST_TEST(index.stack_bytes("loops") == PtxIndex::kUnknownStack);
}

BOOST_AUTO_TEST_CASE(a_frame_is_read_from_the_prologue) {
  BOOST_TEST(PtxIndex::frame_bytes("\nmov.u32 %r1, %tid.x;\n") == 0u);
  BOOST_TEST(PtxIndex::frame_bytes("\nld.shared.u64 %sspprev, [%sspslot];\n"
                                   "sub.u64 %frame, %sspprev, 96;\n"
                                   "sub.u64 %stack, %frame, 8;\n") == 104u);
  BOOST_TEST(PtxIndex::frame_bytes("\nsub.u64 %frame, %sspprev, %r3;\n") ==
             PtxIndex::kUnknownStack);
  // As mkoffload stores it: no blanks after the commas.
  BOOST_TEST(PtxIndex::frame_bytes("\nld.shared.u64 %sspprev,[%sspslot];\n"
                                   "sub.u64 %frame,%sspprev,48;\n"
                                   "sub.u64 %stack,%frame,0;\n") == 48u);
  // The frames module, without a soft stack: a per-thread .local array.
  BOOST_TEST(PtxIndex::frame_bytes("\n.local .align 16 .b8 %frame_ar[48];\n"
                                   ".reg .u64 %frame;\n"
                                   "cvta.local.u64 %frame,%frame_ar;\n") ==
             48u);
}

BOOST_AUTO_TEST_CASE(gcc_atomics_are_found) {
  BOOST_TEST(indexed().obstacle("atomic").find("GCC atomics") !=
             std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_unknown_entry_is_left_to_the_module_lookup) {
  BOOST_TEST(indexed().obstacle("missing").empty());
}

BOOST_AUTO_TEST_CASE(definitions_are_told_from_declarations_and_comments) {
  BOOST_TEST(PtxIndex::defined_name(".visible .entry clean (.param .u64 %a)") ==
             "clean");
  BOOST_TEST(PtxIndex::defined_name(
                 ".func (.param .f64 %value_out) leaf (.param .f64 %in)") ==
             "leaf");
  BOOST_TEST(PtxIndex::defined_name(
                 ".weak .func f$omp_fn$0 (.param .u64 %a)") == "f$omp_fn$0");
  BOOST_TEST(
      PtxIndex::defined_name(".visible .func (.param .f64 %value_out) helper;")
          .empty());
  BOOST_TEST(PtxIndex::defined_name("// BEGIN FUNCTION DEF: leaf").empty());
}

BOOST_AUTO_TEST_CASE(calls_are_read_in_every_form) {
  const auto names =
      PtxIndex::callees("\ncall f1, (%a);\ncall.uni (%r), f2, (%b);\n"
                        "call (%value_in), f3, (%c);\nmov.u32 %recall, 1;\n");
  BOOST_TEST(names.size() == 3u);
  BOOST_TEST(names.at(0) == "f1");
  BOOST_TEST(names.at(1) == "f2");
  BOOST_TEST(names.at(2) == "f3");
}

BOOST_AUTO_TEST_CASE(parameter_sizes_are_read_from_the_definition) {
  const char *const module =
      ".visible .entry step (.param .u64 %in_ar0, .param .f64 %in_ar1, "
      ".param .u32 %in_ar2, .param .align 8 .b8 %in_ar3[24], "
      ".param .u16 %in_ar4)\n{\nret;\n}\n"
      ".func (.param .f64 %value_out) leaf (.param .f32 %in_ar0)\n{\nret;\n}\n"
      ".visible .entry none ()\n{\nret;\n}\n";
  PtxIndex index;
  index.add(module, std::strlen(module));
  const std::vector<std::size_t> expected{8, 8, 4, 24, 2};
  BOOST_TEST(index.parameter_bytes("step") == expected,
             boost::test_tools::per_element());
  // A function's return value is not one of its parameters.
  BOOST_TEST(index.parameter_bytes("leaf") == std::vector<std::size_t>{4},
             boost::test_tools::per_element());
  BOOST_TEST(index.parameter_bytes("none").empty());
  BOOST_TEST(index.parameter_bytes("missing").empty());
}
