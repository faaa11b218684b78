// Unit tests of the module cut (runtime/nvptx/ptx_prune.cc): the entries
// the launcher may run keep every definition they name, in any object,
// through calls, addresses taken and variables' initialisers, and the
// declarations of what they keep; what only other entries reach goes,
// with the declarations nothing kept names and the objects left without
// a definition.  The PTX is shaped as GCC 12's nvptx back end writes it:
// a program object, and two objects of the libraries it links; an OpenMP
// region's kernel stub follows a direct entry without a mark.  And the
// image libgomp gets: its regions and variables, without the direct
// entries.
#define BOOST_TEST_MODULE ptx_prune
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "nvptx/offload_images.h"
#include "nvptx/ptx_prune.h"

#include <string>
#include <string_view>
#include <vector>

using ferry::rt::prune_to_entries;
using ferry::rt::PrunedModule;

namespace {

const char *const kProgram = R"(// BEGIN PREAMBLE
.version 7.0
.target sm_80
.address_size 64
// END PREAMBLE
// BEGIN GLOBAL FUNCTION DECL: sin
.extern .func (.param .f64 %value_out) sin (.param .f64 %in_ar0);
// BEGIN GLOBAL FUNCTION DECL: GOMP_parallel
.extern .func GOMP_parallel (.param .u64 %in_ar0);
// BEGIN GLOBAL FUNCTION DEF: __ferry_direct_k_0
.visible .entry __ferry_direct_k_0 (.param .u64 %in_ar0)
{
{
.param .f64 %out_arg1;
call (%value_in), sin, (%out_arg1);
}
mov.u64 %r2, table;
ret;
}
// BEGIN GLOBAL FUNCTION DEF: __ferry_direct_k_0_framed
.visible .entry __ferry_direct_k_0_framed (.param .u64 %in_ar0)
{
call framed_body, (%out_arg1);
ret;
}
// BEGIN FUNCTION DEF: framed_body
.func framed_body (.param .u64 %in_ar0)
{
ret;
}
// BEGIN GLOBAL FUNCTION DEF: k$_omp_fn$0
.visible .entry k$_omp_fn$0 (.param .u64 %arg, .param .u64 %stack)
{
call GOMP_parallel, (%out_arg1);
ret;
}
// BEGIN VAR DEF: table
.global .align 8 .u64 table[1] = { generic(by_address) };
// BEGIN FUNCTION DEF: by_address
.func by_address
{
ret;
}
)";

const char *const kLibm = R"(// BEGIN PREAMBLE
.version 7.0
.target sm_80
.address_size 64
// END PREAMBLE
// BEGIN GLOBAL FUNCTION DECL: __kernel_sin
.extern .func (.param .f64 %value_out) __kernel_sin (.param .f64 %in_ar0);
// BEGIN GLOBAL FUNCTION DEF: sin
.visible .func (.param .f64 %value_out) sin (.param .f64 %in_ar0)
{
call (%value_in), __kernel_sin, (%out_arg1);
ret;
}
// BEGIN GLOBAL FUNCTION DEF: __kernel_sin
.visible .func (.param .f64 %value_out) __kernel_sin (.param .f64 %in_ar0)
{
ret;
}
// BEGIN GLOBAL FUNCTION DEF: cos
.visible .func (.param .f64 %value_out) cos (.param .f64 %in_ar0)
{
ret;
}
)";

const char *const kLibgomp = R"(// BEGIN PREAMBLE
.version 7.0
.target sm_80
.address_size 64
// END PREAMBLE
.file 1 "<dummy>"
// BEGIN GLOBAL FUNCTION DEF: GOMP_parallel
.visible .func GOMP_parallel (.param .u64 %in_ar0)
{
ret;
}
)";

bool direct_entry(std::string_view name) {
  return name.substr(0, 15) == "__ferry_direct_" &&
         name.find("_framed") == std::string_view::npos;
}

PrunedModule prune(std::vector<std::string_view> objects) {
  return prune_to_entries(objects, direct_entry);
}

bool has(const std::string &text, const char *piece) {
  return text.find(piece) != std::string::npos;
}

} // namespace

BOOST_AUTO_TEST_CASE(an_entry_keeps_what_it_names_in_any_object) {
  const PrunedModule pruned = prune({kProgram, kLibm, kLibgomp});
  BOOST_REQUIRE_EQUAL(pruned.objects.size(), 2u);
  const std::string &program = pruned.objects[0], &libm = pruned.objects[1];
  BOOST_TEST(has(program, ".visible .entry __ferry_direct_k_0 ("));
  BOOST_TEST(has(program, "DECL: sin"));
  // Through the variable whose initialiser takes its address.
  BOOST_TEST(has(program, "VAR DEF: table"));
  BOOST_TEST(has(program, ".func by_address"));
  BOOST_TEST(has(libm, "FUNCTION DEF: sin"));
  BOOST_TEST(has(libm, "FUNCTION DEF: __kernel_sin"));
  BOOST_TEST(has(libm, "DECL: __kernel_sin"));
  BOOST_TEST(has(program, ".address_size 64\n// END PREAMBLE\n"));
}

BOOST_AUTO_TEST_CASE(what_only_other_entries_reach_goes) {
  const PrunedModule pruned = prune({kProgram, kLibm, kLibgomp});
  BOOST_REQUIRE_EQUAL(pruned.objects.size(), 2u);
  const std::string &program = pruned.objects[0], &libm = pruned.objects[1];
  BOOST_TEST(!has(program, "k$_omp_fn$0"));
  BOOST_TEST(!has(program, "__ferry_direct_k_0_framed"));
  BOOST_TEST(!has(program, "framed_body"));
  // Its declaration too: nothing kept names it.
  BOOST_TEST(!has(program, "GOMP_parallel"));
  BOOST_TEST(!has(libm, "cos"));
  // libgomp's object defined only GOMP_parallel: it is dropped.
  for (const std::string &object : pruned.objects)
    BOOST_TEST(!has(object, "GOMP_parallel"));
  BOOST_TEST(pruned.functions_given == 9u);
  BOOST_TEST(pruned.functions_kept == 4u);
  BOOST_TEST(pruned.entries == std::vector<std::string>{"__ferry_direct_k_0"},
             boost::test_tools::per_element());
  BOOST_TEST(pruned.bytes_kept == program.size() + libm.size());
  BOOST_TEST(pruned.bytes_given == std::string_view(kProgram).size() +
                                       std::string_view(kLibm).size() +
                                       std::string_view(kLibgomp).size());
}

BOOST_AUTO_TEST_CASE(the_launcher_decides_which_entries_stay) {
  const PrunedModule everything = prune_to_entries(
      {kProgram, kLibm, kLibgomp}, [](std::string_view) { return true; });
  BOOST_REQUIRE_EQUAL(everything.objects.size(), 3u);
  BOOST_TEST(has(everything.objects[0], "framed_body"));
  BOOST_TEST(has(everything.objects[2], "GOMP_parallel"));
  BOOST_TEST(!has(everything.objects[1], "FUNCTION DEF: cos"));
  const PrunedModule nothing = prune_to_entries(
      {kProgram, kLibm, kLibgomp}, [](std::string_view) { return false; });
  BOOST_TEST(nothing.objects.empty());
  BOOST_TEST(nothing.entries.empty());
  BOOST_TEST(everything.entries.size() == 3u);
  BOOST_TEST(nothing.functions_kept == 0u);
}

BOOST_AUTO_TEST_CASE(unmarked_text_is_kept_with_what_it_names) {
  // Text before the first mark belongs to no definition.
  std::string hand_written = kLibm;
  hand_written.insert(hand_written.find("// END PREAMBLE\n") + 16,
                      ".global .u64 hook = generic(cos);\n");
  const PrunedModule pruned = prune({kProgram, hand_written, kLibgomp});
  BOOST_REQUIRE_EQUAL(pruned.objects.size(), 2u);
  BOOST_TEST(has(pruned.objects[1], "FUNCTION DEF: cos"));
  BOOST_TEST(has(pruned.objects[1], ".global .u64 hook = generic(cos);"));
  // An object of unmarked text alone is linked as it is.
  const char *const unmarked = ".version 7.0\n.target sm_80\n"
                               ".visible .func mystery\n{\nret;\n}\n";
  const PrunedModule kept = prune({unmarked});
  BOOST_REQUIRE_EQUAL(kept.objects.size(), 1u);
  BOOST_TEST(kept.objects[0] == unmarked);
}

BOOST_AUTO_TEST_CASE(an_unmarked_region_stub_is_not_part_of_the_entry_before) {
  // GCC 12 writes `f$_omp_fn$0`, the kernel stub that starts libgomp's
  // device runtime, right after the function before it, unmarked.
  std::string program = kProgram;
  const std::string stub =
      ".visible .entry f$_omp_fn$0 (.param .u64 %arg, .param .u64 %stack)\n"
      "{\nmov.u64 %R0,f$_omp_fn$0$impl;\ncall.uni GOMP_parallel,(%P0);\n"
      "ret.uni;\n}\n// BEGIN FUNCTION DEF: f$_omp_fn$0$impl\n"
      ".func f$_omp_fn$0$impl (.param .u64 %in_ar0)\n{\nret;\n}\n";
  const std::string before_framed =
      "// BEGIN GLOBAL FUNCTION DEF: __ferry_direct_k_0_framed";
  program.insert(program.find(before_framed), stub);
  // mkoffload names each region in a comment of the preamble.
  const std::string preamble_end = "// END PREAMBLE\n";
  program.insert(program.find(preamble_end) + preamble_end.size(),
                 "//:FUNC_MAP \"f$_omp_fn$0\"\n");
  const PrunedModule pruned = prune({program, kLibm, kLibgomp});
  BOOST_REQUIRE_EQUAL(pruned.objects.size(), 2u);
  BOOST_TEST(has(pruned.objects[0], ".visible .entry __ferry_direct_k_0 ("));
  // The comment stays, as all text outside the blocks does; the stub and
  // what it calls go.
  BOOST_TEST(has(pruned.objects[0], "//:FUNC_MAP \"f$_omp_fn$0\""));
  for (const std::string &object : pruned.objects) {
    BOOST_TEST(!has(object, ".entry f$_omp_fn$0"));
    BOOST_TEST(!has(object, "f$_omp_fn$0$impl"));
    BOOST_TEST(!has(object, "GOMP_parallel"));
  }
  BOOST_TEST(pruned.functions_given == 11u);
  BOOST_TEST(pruned.functions_kept == 4u);
  // An entry the launcher keeps keeps its stub's callees.
  const PrunedModule with_stub =
      prune_to_entries({program, kLibm, kLibgomp}, [](std::string_view name) {
        return name == "f$_omp_fn$0";
      });
  BOOST_REQUIRE_EQUAL(with_stub.objects.size(), 2u);
  BOOST_TEST(has(with_stub.objects[0], "FUNCTION DEF: f$_omp_fn$0$impl"));
  BOOST_TEST(!has(with_stub.objects[0], "__ferry_direct_k_0"));
  BOOST_TEST(has(with_stub.objects[1], "FUNCTION DEF: GOMP_parallel"));
  BOOST_TEST(with_stub.entries == std::vector<std::string>{"f$_omp_fn$0"},
             boost::test_tools::per_element());
}

namespace {

// mkoffload's nvptx target data (GCC 12, GOMP_VERSION_NVIDIA_PTX 1).
struct Function {
  const char *name;
  unsigned short launch_dims[3];
};
struct TargetData {
  const ferry::rt::nvptx::PtxObject *objects;
  unsigned object_count;
  const char *const *variable_names;
  unsigned variable_count;
  const Function *functions;
  unsigned function_count;
};

} // namespace

BOOST_AUTO_TEST_CASE(libgomp_gets_its_regions_and_variables_only) {
  using ferry::rt::nvptx::image_for_libgomp;
  using ferry::rt::nvptx::PtxObject;
  const std::string program = std::string(kProgram) +
                              "// BEGIN VAR DEF: declared\n"
                              ".global .align 8 .u64 declared[1];\n";
  const PtxObject objects[] = {
      {program.c_str(), program.size() + 1},
      {kLibm, std::string_view(kLibm).size() + 1},
      {kLibgomp, std::string_view(kLibgomp).size() + 1}};
  const char *const variables[] = {"declared"};
  const Function functions[] = {{"k$_omp_fn$0", {0, 0, 0}}};
  const TargetData image = {objects, 3, variables, 1, functions, 1};
  constexpr unsigned kGcc12 = (1u << 16) | 1u;
  constexpr int kNvptx = 5;
  const auto *given = static_cast<const TargetData *>(
      image_for_libgomp(kGcc12, kNvptx, &image));
  BOOST_REQUIRE(given != &image);
  BOOST_TEST(image_for_libgomp(kGcc12, kNvptx, &image) == given);
  BOOST_TEST(given->functions == functions);
  BOOST_TEST(given->variable_names == variables);
  // libm's object serves only the direct entry.
  BOOST_REQUIRE_EQUAL(given->object_count, 2u);
  const std::string cut = given->objects[0].code;
  BOOST_TEST(given->objects[0].size == cut.size() + 1);
  BOOST_TEST(has(cut, ".visible .entry k$_omp_fn$0"));
  BOOST_TEST(has(cut, "VAR DEF: declared"));
  BOOST_TEST(!has(cut, "__ferry_direct_k_0"));
  BOOST_TEST(!has(cut, "framed_body"));
  BOOST_TEST(has(given->objects[1].code, "FUNCTION DEF: GOMP_parallel"));
  // Other layouts and other devices' images go as they are.
  BOOST_TEST(image_for_libgomp((2u << 16) | 1u, kNvptx, &image) == &image);
  BOOST_TEST(image_for_libgomp(kGcc12, 1, &image) == &image);
  // An image whose regions are not all found is not cut.
  const Function missing[] = {{"k$_omp_fn$0", {0, 0, 0}},
                              {"gone$_omp_fn$1", {0, 0, 0}}};
  const TargetData incomplete = {objects, 3, variables, 1, missing, 2};
  BOOST_TEST(image_for_libgomp(kGcc12, kNvptx, &incomplete) == &incomplete);
}
