// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See module_plan.h.
#include "nvptx/module_plan.h"

#include "nvptx/ptx_prune.h"
#include "nvptx/register_caps.h"

#include <algorithm>
#include <sstream>

namespace ferry::rt::nvptx {

namespace {

// Register caps (cap_registers) for entries of at most this many
// registers, where a step down adds at least an eighth more warps; the
// compute-bound entries measured above it (miniBUDE's, bench/dock's at
// 104-114) lost 1.5-2% under a cap, and those at 47 and 63 1.2-2.4%,
// which waits_on_loads leaves out.  XSBench's lookup spilled 24 bytes
// under its cap and ran 33% faster: a few spilled registers, which L1
// holds, are allowed.
constexpr unsigned kMostRegistersCapped = 64;
constexpr int kSpillAllowance = 32;

class Planner {
public:
  Planner(PtxLinker &linker, const RegisterLimits &limits, PtxIndex &index)
      : linker_(linker), limits_(limits), index_(index) {}

  PlannedModule plan(const std::vector<std::string_view> &objects,
                     const PlanSettings &settings) {
    std::vector<std::string> entries;
    const std::vector<std::string> pruned =
        cut_down(objects, settings, &entries, &result_.report);
    std::vector<std::string_view> linked(pruned.begin(), pruned.end());
    std::string failure = settings.prune ? linker_.link(linked, &result_.module)
                                         : "FERRY_PRUNE_MODULE=0";
    const bool pruned_linked = failure.empty();
    if (!failure.empty()) {
      result_.report.note = "the whole PTX: " + failure;
      result_.report.functions_linked = result_.report.functions;
      result_.report.ptx_bytes_linked = result_.report.ptx_bytes;
      linked = objects;
      failure = linker_.link(linked, &result_.module);
    }
    for (std::string_view object : linked)
      index_.add(object.data(), object.size());
    if (pruned_linked && settings.register_caps)
      cap_registers(linked, entries);
    result_.failure = failure;
    return std::move(result_);
  }

  // OBJECTS cut down to what the direct entries reach, which *ENTRIES
  // gets; REPORT gets the counts.
  static std::vector<std::string>
  cut_down(const std::vector<std::string_view> &objects,
           const PlanSettings &settings, std::vector<std::string> *entries,
           ModuleLink *report) {
    // With a frames module the framed twins never run (find).
    const bool frames_module = settings.frames_module;
    auto launched = [frames_module](std::string_view name) {
      constexpr std::string_view kPrefix = "__ferry_direct_", kTwin = "_framed";
      return name.substr(0, kPrefix.size()) == kPrefix &&
             !(frames_module && name.size() > kTwin.size() &&
               name.substr(name.size() - kTwin.size()) == kTwin);
    };
    PrunedModule pruned = prune_to_entries(objects, launched);
    report->functions = pruned.functions_given;
    report->functions_linked = pruned.functions_kept;
    report->ptx_bytes = pruned.bytes_given;
    report->ptx_bytes_linked = pruned.bytes_kept;
    *entries = std::move(pruned.entries);
    return std::move(pruned.objects);
  }

private:
  // Links OBJECTS again, replacing the module, with a register cap on each of
  // ENTRIES whose registers limit its warps, and keeps the caps the JIT
  // met with little or no spilling (nvptx/register_caps.h): a second link
  // with those alone if some spilled more, none if that fails too.
  void cap_registers(const std::vector<std::string_view> &objects,
                     const std::vector<std::string> &entries) {
    if (limits_.register_file == 0 || limits_.threads_per_sm == 0)
      return;
    std::map<std::string, unsigned> caps;
    std::map<std::string, RegisterUse> uncapped;
    for (const std::string &entry : entries) {
      const RegisterUse use = linker_.register_use(result_.module, entry);
      const std::string &body = index_.body(entry);
      if (use.registers > static_cast<int>(kMostRegistersCapped) ||
          !PtxIndex::callees(body).empty() || !waits_on_loads(body))
        continue;
      if (const unsigned cap = step_down_cap(
              static_cast<unsigned>(use.registers), limits_.register_file,
              limits_.threads_per_sm / 32)) {
        caps[entry] = cap;
        uncapped[entry] = use;
      }
    }
    ModuleLink &report = result_.report;
    report.register_caps_tried = caps.size();
    PtxLinker::Module without_caps = result_.module;
    for (int attempt = 0; attempt < 2 && !caps.empty(); ++attempt) {
      const std::vector<std::string> capped = with_register_caps(objects, caps);
      PtxLinker::Module module = nullptr;
      const std::string failure =
          linker_.link({capped.begin(), capped.end()}, &module);
      if (!failure.empty()) {
        report.note = "no register caps: " + failure;
        break;
      }
      std::map<std::string, unsigned> met;
      for (const auto &[entry, cap] : caps) {
        const RegisterUse use = linker_.register_use(module, entry);
        const int spilled = use.local_bytes - uncapped[entry].local_bytes;
        const bool kept = use.registers > 0 && spilled <= kSpillAllowance;
        if (kept)
          met[entry] = cap;
        result_.register_notes[entry] =
            kept ? " (capped from " +
                       std::to_string(uncapped[entry].registers) + ", " +
                       std::to_string(std::max(spilled, 0)) + " bytes spilled)"
            : use.registers == 0
                ? " (uncapped: the capped module lacks it)"
                : " (uncapped: a cap of " + std::to_string(cap) + " spilled " +
                      std::to_string(spilled) + " bytes)";
      }
      if (met.size() == caps.size()) {
        linker_.discard(without_caps);
        result_.module = module;
        report.register_caps_kept = caps.size();
        return;
      }
      linker_.discard(module);
      caps = std::move(met);
    }
    for (auto &[entry, note] : result_.register_notes)
      if (note.rfind(" (capped", 0) == 0)
        note = " (uncapped: the module with its cap was not kept)";
  }

  PtxLinker &linker_;
  const RegisterLimits limits_;
  PtxIndex &index_;
  PlannedModule result_;
};

} // namespace

std::vector<std::string>
linked_objects(const std::vector<std::string_view> &objects,
               const PlanSettings &settings, ModuleLink *report) {
  std::vector<std::string> entries;
  return Planner::cut_down(objects, settings, &entries, report);
}

PlannedModule plan_module(PtxLinker &linker,
                          const std::vector<std::string_view> &objects,
                          const PlanSettings &settings,
                          const RegisterLimits &limits, PtxIndex &index) {
  return Planner(linker, limits, index).plan(objects, settings);
}

// A line a fact: "caps TRIED KEPT", "note TEXT", "entry NAME NOTE".
std::string plan_notes(const PlannedModule &planned) {
  std::string notes = "caps " +
                      std::to_string(planned.report.register_caps_tried) + " " +
                      std::to_string(planned.report.register_caps_kept) + "\n";
  if (!planned.report.note.empty())
    notes += "note " + planned.report.note + "\n";
  for (const auto &[entry, note] : planned.register_notes)
    notes += "entry " + entry + note + "\n";
  return notes;
}

std::map<std::string, std::string> read_plan_notes(const char *notes,
                                                   std::uint64_t *tried,
                                                   std::uint64_t *kept,
                                                   std::string *note) {
  std::map<std::string, std::string> entries;
  std::istringstream lines(notes ? notes : "");
  std::string line;
  while (std::getline(lines, line)) {
    const std::size_t space = line.find(' ');
    const std::string kind = line.substr(0, space);
    const std::string rest =
        space == std::string::npos ? "" : line.substr(space + 1);
    if (kind == "caps") {
      std::istringstream counts(rest);
      counts >> *tried >> *kept;
    } else if (kind == "note") {
      *note = rest;
    } else if (kind == "entry") {
      const std::size_t name_end = rest.find(' ');
      if (name_end != std::string::npos)
        entries[rest.substr(0, name_end)] = rest.substr(name_end);
    }
  }
  return entries;
}

RegisterLimits register_limits_of(std::string_view arch) {
  // The CUDA C Programming Guide's table of compute capabilities: 64 K
  // registers a multiprocessor; 2,048 threads but on sm_75 (1,024) and
  // sm_86, sm_89 and sm_120 (1,536).
  struct Known {
    std::string_view arch;
    unsigned threads;
  };
  static constexpr Known kKnown[] = {
      {"sm_70", 2048}, {"sm_75", 1024},  {"sm_80", 2048},
      {"sm_86", 1536}, {"sm_87", 2048},  {"sm_89", 1536},
      {"sm_90", 2048}, {"sm_100", 2048}, {"sm_120", 1536}};
  for (const Known &known : kKnown)
    if (known.arch == arch)
      return {65536, known.threads};
  return {};
}

} // namespace ferry::rt::nvptx
