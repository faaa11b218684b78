// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See module_linker.h.
#include "nvptx/module_linker.h"

#include "nvptx/module_report.h"
#include "nvptx/nvptx_settings.h"
#include "nvptx/offload_images.h"
#include "nvptx/ptx_prune.h"
#include "nvptx/register_caps.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

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

class ModuleLinker {
public:
  ModuleLinker(Driver &driver, PtxIndex &index)
      : driver_(driver), index_(index) {}

  LinkedModule link() {
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::string_view> objects;
    for (const PtxObject &object : objects_to_link(&result_.frames_module))
      objects.emplace_back(object.code, strnlen(object.code, object.size));
    // With a frames module the framed twins never run (find).
    const bool frames_module = result_.frames_module;
    auto launched = [frames_module](std::string_view name) {
      constexpr std::string_view kPrefix = "__ferry_direct_", kTwin = "_framed";
      return name.substr(0, kPrefix.size()) == kPrefix &&
             !(frames_module && name.size() > kTwin.size() &&
               name.substr(name.size() - kTwin.size()) == kTwin);
    };
    const PrunedModule pruned = prune_to_entries(objects, launched);
    ModuleLink report;
    report.functions = pruned.functions_given;
    report.functions_linked = pruned.functions_kept;
    report.ptx_bytes = pruned.bytes_given;
    report.ptx_bytes_linked = pruned.bytes_kept;
    std::vector<std::string_view> linked(pruned.objects.begin(),
                                         pruned.objects.end());
    std::string failure = nvptx_settings().prune_module
                              ? link_objects(linked)
                              : "FERRY_PRUNE_MODULE=0";
    const bool pruned_linked = failure.empty();
    if (!failure.empty()) {
      report.note = "the whole PTX: " + failure;
      report.functions_linked = report.functions;
      report.ptx_bytes_linked = report.ptx_bytes;
      linked = objects;
      failure = link_objects(linked);
    }
    for (std::string_view object : linked)
      index_.add(object.data(), object.size());
    if (pruned_linked && nvptx_settings().register_caps)
      cap_registers(linked, pruned.entries, &report);
    report.milliseconds = static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - start)
            .count());
    report_module_link(report);
    result_.failure = failure;
    return std::move(result_);
  }

private:
  struct RegisterUse {
    int registers = 0;
    int local_bytes = 0;
  };
  RegisterUse register_use(const std::string &entry) {
    RegisterUse use;
    CUfunction function = nullptr;
    if (driver_.cuModuleGetFunction(&function, result_.module, entry.c_str()) !=
            kSuccess ||
        driver_.cuFuncGetAttribute(&use.registers, kFunctionAttributeRegisters,
                                   function) != kSuccess ||
        driver_.cuFuncGetAttribute(&use.local_bytes,
                                   kFunctionAttributeLocalBytes,
                                   function) != kSuccess)
      return {};
    return use;
  }

  // Links OBJECTS again, replacing the module, with a register cap on each of
  // ENTRIES whose registers limit its warps, and keeps the caps the JIT
  // met with little or no spilling (nvptx/register_caps.h): a second link
  // with those alone if some spilled more, none if that fails too.
  void cap_registers(const std::vector<std::string_view> &objects,
                     const std::vector<std::string> &entries,
                     ModuleLink *report) {
    CUdevice device = 0;
    int register_file = 0, threads = 0;
    if (driver_.cuCtxGetDevice(&device) != kSuccess ||
        driver_.cuDeviceGetAttribute(&register_file,
                                     kDeviceAttributeRegistersPerSM,
                                     device) != kSuccess ||
        driver_.cuDeviceGetAttribute(&threads, kDeviceAttributeMaxThreadsPerSM,
                                     device) != kSuccess)
      return;
    std::map<std::string, unsigned> caps;
    std::map<std::string, RegisterUse> uncapped;
    for (const std::string &entry : entries) {
      const RegisterUse use = register_use(entry);
      const std::string &body = index_.body(entry);
      if (use.registers > static_cast<int>(kMostRegistersCapped) ||
          !PtxIndex::callees(body).empty() || !waits_on_loads(body))
        continue;
      if (const unsigned cap =
              step_down_cap(static_cast<unsigned>(use.registers),
                            static_cast<unsigned>(register_file),
                            static_cast<unsigned>(threads) / 32)) {
        caps[entry] = cap;
        uncapped[entry] = use;
      }
    }
    report->register_caps_tried = caps.size();
    CUmodule without_caps = result_.module;
    for (int attempt = 0; attempt < 2 && !caps.empty(); ++attempt) {
      const std::vector<std::string> capped = with_register_caps(objects, caps);
      result_.module = nullptr;
      const std::string failure = link_objects({capped.begin(), capped.end()});
      if (!failure.empty()) {
        report->note = "no register caps: " + failure;
        break;
      }
      std::map<std::string, unsigned> met;
      for (const auto &[entry, cap] : caps) {
        const RegisterUse use = register_use(entry);
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
        driver_.cuModuleUnload(without_caps);
        report->register_caps_kept = caps.size();
        return;
      }
      driver_.cuModuleUnload(result_.module);
      caps = std::move(met);
    }
    for (auto &[entry, note] : result_.register_notes)
      if (note.rfind(" (capped", 0) == 0)
        note = " (uncapped: the module with its cap was not kept)";
    result_.module = without_caps;
  }

  // Links OBJECTS into the module; what failed, or empty.
  std::string link_objects(const std::vector<std::string_view> &objects) {
    char error_log[8192] = "";
    int options[] = {kJitErrorLogBuffer, kJitErrorLogBufferSize};
    void *values[] = {error_log, reinterpret_cast<void *>(sizeof error_log)};
    CUlinkState link = nullptr;
    if (driver_.cuLinkCreate(2, options, values, &link) != kSuccess)
      return "cuLinkCreate failed";
    std::string failure;
    for (std::string_view object : objects)
      if (driver_.cuLinkAddData(
              link, kJitInputPtx, const_cast<char *>(object.data()),
              object.size(), "ferry", 0, nullptr, nullptr) != kSuccess) {
        failure = std::string("the PTX does not compile: ") + error_log;
        break;
      }
    void *image = nullptr;
    std::size_t image_size = 0;
    if (failure.empty() &&
        driver_.cuLinkComplete(link, &image, &image_size) != kSuccess)
      failure = std::string("the PTX does not link: ") + error_log;
    if (failure.empty() &&
        driver_.cuModuleLoadData(&result_.module, image) != kSuccess)
      failure = "cuModuleLoadData failed";
    driver_.cuLinkDestroy(link);
    return failure;
  }

  Driver &driver_;
  PtxIndex &index_;
  LinkedModule result_;
};

} // namespace

LinkedModule link_module(Driver &driver, PtxIndex &index) {
  return ModuleLinker(driver, index).link();
}

} // namespace ferry::rt::nvptx
