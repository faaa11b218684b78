// Unit tests of the register caps of the direct entries
// (runtime/nvptx/register_caps.cc): the cap one step of warps below the
// JIT's choice, on an H200's register file (65,536 registers, 64 warps a
// multiprocessor), and the `.maxnreg` directive placed where ptxas reads
// it, between an entry's definition line and its body, in PTX shaped as
// GCC 12's nvptx back end writes it; which bodies wait on loads.
#define BOOST_TEST_MODULE register_caps
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "nvptx/register_caps.h"

#include <string>
#include <string_view>
#include <vector>

using ferry::rt::step_down_cap;
using ferry::rt::waits_on_loads;
using ferry::rt::warps_by_registers;
using ferry::rt::with_register_caps;

namespace {

constexpr unsigned kRegisterFile = 65536, kMaxWarps = 64;

const char *const kObject = R"(// BEGIN PREAMBLE
.version 7.0
.target sm_80
.address_size 64
// END PREAMBLE
// BEGIN GLOBAL FUNCTION DEF: helper
.visible .func helper (.param .u64 %in_ar0)
{
ret;
}
// BEGIN GLOBAL FUNCTION DEF: __ferry_direct_lookup_0
.visible .entry __ferry_direct_lookup_0 (.param .u64 %in_ar0, .param .u32 %in_ar1)
{
.reg .u64 %r22;
ret;
}
// BEGIN GLOBAL FUNCTION DEF: __ferry_direct_lookup_0_framed
.visible .entry __ferry_direct_lookup_0_framed (.param .u64 %in_ar0)
{
ret;
}
)";

std::size_t count(const std::string &text, const std::string &piece) {
  std::size_t found = 0;
  for (std::size_t at = text.find(piece); at != std::string::npos;
       at = text.find(piece, at + 1))
    ++found;
  return found;
}

} // namespace

BOOST_AUTO_TEST_CASE(warps_follow_the_register_file_in_units_of_256) {
  BOOST_TEST(warps_by_registers(32, kRegisterFile, kMaxWarps) == 64u);
  BOOST_TEST(warps_by_registers(60, kRegisterFile, kMaxWarps) == 32u);
  // 57 to 64 registers take the same 2,048 a warp.
  BOOST_TEST(warps_by_registers(57, kRegisterFile, kMaxWarps) == 32u);
  BOOST_TEST(warps_by_registers(56, kRegisterFile, kMaxWarps) == 36u);
  BOOST_TEST(warps_by_registers(255, kRegisterFile, kMaxWarps) == 8u);
  BOOST_TEST(warps_by_registers(0, kRegisterFile, kMaxWarps) == 64u);
}

BOOST_AUTO_TEST_CASE(the_cap_fits_one_step_more_of_warps) {
  // XSBench's lookup: 60 registers uncapped, 56 measured fastest.
  BOOST_TEST(step_down_cap(60, kRegisterFile, kMaxWarps) == 56u);
  BOOST_TEST(warps_by_registers(56, kRegisterFile, kMaxWarps) >
             warps_by_registers(60, kRegisterFile, kMaxWarps));
  // A docking kernel's 104 (nvcc gives the same loop 95).
  BOOST_TEST(step_down_cap(104, kRegisterFile, kMaxWarps) == 96u);
  BOOST_TEST(step_down_cap(40, kRegisterFile, kMaxWarps) == 32u);
  BOOST_TEST(step_down_cap(255, kRegisterFile, kMaxWarps) == 224u);
}

BOOST_AUTO_TEST_CASE(entries_that_fill_the_multiprocessor_get_no_cap) {
  BOOST_TEST(step_down_cap(32, kRegisterFile, kMaxWarps) == 0u);
  BOOST_TEST(step_down_cap(16, kRegisterFile, kMaxWarps) == 0u);
  BOOST_TEST(step_down_cap(0, kRegisterFile, kMaxWarps) == 0u);
}

BOOST_AUTO_TEST_CASE(the_directive_goes_before_the_named_entrys_body) {
  const std::vector<std::string> capped =
      with_register_caps({kObject}, {{"__ferry_direct_lookup_0", 56}});
  BOOST_REQUIRE_EQUAL(capped.size(), 1u);
  const std::string &object = capped[0];
  BOOST_TEST(count(object, ".maxnreg") == 1u);
  BOOST_TEST(object.find(".visible .entry __ferry_direct_lookup_0 (.param "
                         ".u64 %in_ar0, .param .u32 %in_ar1)\n.maxnreg 56\n{\n"
                         ".reg .u64 %r22;") != std::string::npos);
  // The rest is as it was.
  std::string without = object;
  without.erase(without.find(".maxnreg 56\n"), 12);
  BOOST_TEST(without == kObject);
}

BOOST_AUTO_TEST_CASE(entries_not_found_are_left_alone) {
  const std::vector<std::string> capped = with_register_caps(
      {kObject, "// BEGIN PREAMBLE\n.version 7.0\n"},
      {{"__ferry_direct_missing_0", 40}, {"helper_not_an_entry", 40}});
  BOOST_REQUIRE_EQUAL(capped.size(), 2u);
  BOOST_TEST(capped[0] == kObject);
  BOOST_TEST(count(capped[1], ".maxnreg") == 0u);
  // The twin's name extends the entry's: only the exact one is capped.
  const std::vector<std::string> twin =
      with_register_caps({kObject}, {{"__ferry_direct_lookup_0_framed", 255}});
  BOOST_TEST(count(twin[0], ".maxnreg 255\n{\nret;") == 1u);
  BOOST_TEST(count(twin[0], ".maxnreg") == 1u);
}

BOOST_AUTO_TEST_CASE(a_body_waits_on_loads_at_two_for_three_operations) {
  const std::string lookup = "{\n"
                             "ld.param.u64 %r1, [%in_ar0];\n"
                             "ld.param.u64 %r2, [%in_ar1];\n"
                             "ld.f64 %r3, [%r1];\n"
                             "@%r9 ld.f64 %r4, [%r2];\n"
                             "\tsub.f64 %r5, %r3, %r4;\n"
                             "fma.rn.f64 %r6, %r5, %r3, %r4;\n"
                             "add.u64 %r7, %r1, 8;\n"
                             "setp.lt.f64 %r8, %r6, %r3;\n"
                             "ret;\n}\n";
  BOOST_TEST(waits_on_loads(lookup)); // 2 loads, 2 operations
  // A third operation: 2 for 3 still waits; a fourth does not.
  const std::string three = lookup + "mul.f64 %r9, %r6, %r6;\n";
  BOOST_TEST(waits_on_loads(three));
  BOOST_TEST(!waits_on_loads(three + "@!%r8 div.rn.f32 %r10, %r11, %r12;\n"));
  // Parameters' loads and integer arithmetic do not count.
  const std::string score = "{\n"
                            "ld.param.u64 %r1, [%in_ar0];\n"
                            "ld.param.u64 %r2, [%in_ar1];\n"
                            "ld.param.u64 %r3, [%in_ar2];\n"
                            "ld.f32 %r4, [%r1];\n"
                            "mul.f32 %r5, %r4, %r4;\n"
                            "fma.rn.f32 %r6, %r5, %r4, %r4;\n"
                            "sqrt.approx.f32 %r7, %r6;\n"
                            "add.u64 %r8, %r1, 4;\n"
                            "add.u32 %r9, %r9, 1;\n"
                            "ret;\n}\n";
  BOOST_TEST(!waits_on_loads(score));
  BOOST_TEST(!waits_on_loads(""));
}
