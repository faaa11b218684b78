// Unit tests of how the direct launcher's module is linked
// (runtime/nvptx/module_plan.cc), with a linker that stands for the
// driver's JIT and for nvJitLink: the module is cut down to the entries,
// an entry that waits on loads is linked again under a register cap that
// is kept only where it spilled little, a cut-down module that does not
// link gives way to the whole PTX; the notes a build's cubin carries of
// its plan read back as written; the figures of known architectures.
#define BOOST_TEST_MODULE module_plan
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "nvptx/module_plan.h"

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

using namespace ferry::rt::nvptx;
using ferry::rt::PtxIndex;

namespace {

// An entry with three loads and two additions (it waits on loads), the
// framed twin the frames module never runs, and a function nothing calls.
const char *const kObject = R"(// BEGIN PREAMBLE
.version 7.0
.target sm_80
.address_size 64
// END PREAMBLE
// BEGIN GLOBAL FUNCTION DEF: unused_helper
.visible .func unused_helper (.param .u64 %in_ar0)
{
ret;
}
// BEGIN GLOBAL FUNCTION DEF: __ferry_direct_gather_0
.visible .entry __ferry_direct_gather_0 (.param .u64 %in_ar0)
{
.reg .f64 %r1;
.reg .f64 %r2;
.reg .f64 %r3;
ld.global.f64 %r1, [%r4];
ld.global.f64 %r2, [%r5];
ld.global.f64 %r3, [%r6];
add.f64 %r1, %r1, %r2;
add.f64 %r1, %r1, %r3;
ret;
}
// BEGIN GLOBAL FUNCTION DEF: __ferry_direct_gather_0_framed
.visible .entry __ferry_direct_gather_0_framed (.param .u64 %in_ar0)
{
ret;
}
)";

constexpr RegisterLimits kH200{65536, 2048};

// Links what it is given into a module that remembers its text; an entry
// has 40 registers, or the `.maxnreg` it is capped at with SPILL more
// bytes of frame.  Fails on text that contains FAIL_ON.
class FakeLinker final : public PtxLinker {
public:
  int spill = 8;
  std::string fail_on = "\x01";
  std::vector<std::string> linked; // each module's text, in order
  std::vector<std::string> discarded;

  std::string link(const std::vector<std::string_view> &objects,
                   Module *module) override {
    std::string text;
    for (std::string_view object : objects)
      text += object;
    if (text.find(fail_on) != std::string::npos) {
      *module = nullptr;
      return "refused";
    }
    linked.push_back(text);
    *module = reinterpret_cast<Module>(linked.size());
    return "";
  }

  RegisterUse register_use(Module module,
                           const std::string &function) override {
    const std::string &text = this->text(module);
    if (text.find(".entry " + function + " ") == std::string::npos)
      return {};
    const std::size_t cap = text.find(".maxnreg ");
    if (cap == std::string::npos)
      return {40, 16};
    return {std::stoi(text.substr(cap + 9)), 16 + spill};
  }

  void discard(Module module) override { discarded.push_back(text(module)); }

  const std::string &text(Module module) const {
    return linked.at(reinterpret_cast<std::size_t>(module) - 1);
  }
};

PlannedModule plan(FakeLinker &linker, PtxIndex &index,
                   const PlanSettings &settings = {}) {
  return plan_module(linker, {std::string_view(kObject)}, settings, kH200,
                     index);
}

} // namespace

BOOST_AUTO_TEST_CASE(the_module_keeps_the_entries_and_what_they_reach) {
  FakeLinker linker;
  PtxIndex index;
  const PlannedModule planned = plan(linker, index);
  BOOST_TEST(planned.failure.empty());
  const std::string &first = linker.linked.front();
  BOOST_TEST(first.find("__ferry_direct_gather_0 ") != std::string::npos);
  BOOST_TEST(first.find("unused_helper") == std::string::npos);
  BOOST_TEST(first.find("_framed") == std::string::npos);
  BOOST_TEST(planned.report.functions == 3u);
  BOOST_TEST(planned.report.functions_linked == 1u);
  BOOST_TEST(index.defines("__ferry_direct_gather_0"));
  // What the build's cubin is linked from is what the plan links.
  ModuleLink report;
  const std::vector<std::string> objects =
      linked_objects({std::string_view(kObject)}, PlanSettings{}, &report);
  BOOST_TEST(objects.size() == 1u);
  BOOST_TEST(objects.front() == first);
  BOOST_TEST(report.functions_linked == 1u);
}

BOOST_AUTO_TEST_CASE(a_cap_that_spills_little_is_kept) {
  FakeLinker linker;
  PtxIndex index;
  const PlannedModule planned = plan(linker, index);
  BOOST_TEST_REQUIRE(linker.linked.size() == 2u);
  BOOST_TEST(planned.module == reinterpret_cast<PtxLinker::Module>(2));
  BOOST_TEST(linker.linked[1].find(".maxnreg 32") != std::string::npos);
  BOOST_TEST(linker.discarded == std::vector<std::string>{linker.linked[0]});
  BOOST_TEST(planned.report.register_caps_tried == 1u);
  BOOST_TEST(planned.report.register_caps_kept == 1u);
  BOOST_TEST(planned.register_notes.at("__ferry_direct_gather_0") ==
             " (capped from 40, 8 bytes spilled)");
}

BOOST_AUTO_TEST_CASE(a_cap_that_spills_much_is_dropped) {
  FakeLinker linker;
  linker.spill = 64;
  PtxIndex index;
  const PlannedModule planned = plan(linker, index);
  BOOST_TEST(planned.module == reinterpret_cast<PtxLinker::Module>(1));
  BOOST_TEST(planned.report.register_caps_kept == 0u);
  BOOST_TEST(planned.register_notes.at("__ferry_direct_gather_0") ==
             " (uncapped: a cap of 32 spilled 64 bytes)");
}

BOOST_AUTO_TEST_CASE(no_caps_where_the_settings_or_the_gpu_give_none) {
  FakeLinker linker;
  PtxIndex index;
  PlanSettings settings;
  settings.register_caps = false;
  plan(linker, index, settings);
  BOOST_TEST(linker.linked.size() == 1u);
  FakeLinker unknown_gpu;
  plan_module(unknown_gpu, {std::string_view(kObject)}, PlanSettings{},
              register_limits_of("sm_1000"), index);
  BOOST_TEST(unknown_gpu.linked.size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_cut_down_module_that_fails_gives_way_to_the_whole) {
  FakeLinker linker;
  // The cut-down module, where the entry follows the preamble, fails.
  linker.fail_on = "// END PREAMBLE\n// BEGIN GLOBAL FUNCTION DEF: __ferry";
  PtxIndex index;
  const PlannedModule planned = plan(linker, index);
  BOOST_TEST(planned.failure.empty());
  BOOST_TEST_REQUIRE(!linker.linked.empty());
  BOOST_TEST(linker.linked.front().find("unused_helper") != std::string::npos);
  BOOST_TEST(planned.report.note == "the whole PTX: refused");
  BOOST_TEST(planned.report.functions_linked == planned.report.functions);
  // Caps are tried only on a cut-down module.
  BOOST_TEST(linker.linked.size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_cubins_notes_read_back_as_written) {
  PlannedModule planned;
  planned.report.register_caps_tried = 2;
  planned.report.register_caps_kept = 1;
  planned.report.note = "the whole PTX: refused";
  planned.register_notes["__ferry_direct_a_0"] =
      " (capped from 40, 8 bytes spilled)";
  planned.register_notes["__ferry_direct_b_1"] =
      " (uncapped: a cap of 32 spilled 64 bytes)";
  std::uint64_t tried = 0, kept = 0;
  std::string note;
  const std::string notes = plan_notes(planned);
  const std::map<std::string, std::string> read =
      read_plan_notes(notes.c_str(), &tried, &kept, &note);
  BOOST_TEST(tried == 2u);
  BOOST_TEST(kept == 1u);
  BOOST_TEST(note == planned.report.note);
  BOOST_TEST((read == planned.register_notes));
}

BOOST_AUTO_TEST_CASE(known_architectures_have_their_figures) {
  BOOST_TEST(register_limits_of("sm_90").register_file == 65536u);
  BOOST_TEST(register_limits_of("sm_90").threads_per_sm == 2048u);
  BOOST_TEST(register_limits_of("sm_89").threads_per_sm == 1536u);
  BOOST_TEST(register_limits_of("sm_9").register_file == 0u);
}
