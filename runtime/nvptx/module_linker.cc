// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See module_linker.h.
#include "nvptx/module_linker.h"

#include "nvptx/module_plan.h"
#include "nvptx/module_report.h"
#include "nvptx/nvptx_settings.h"
#include "nvptx/offload_images.h"

#include <chrono>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace ferry::rt::nvptx {

namespace {

// The driver's JIT, linking into the current context.
class DriverLinker final : public PtxLinker {
public:
  explicit DriverLinker(Driver &driver) : driver_(driver) {}

  std::string link(const std::vector<std::string_view> &objects,
                   Module *module) override {
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
    CUmodule loaded = nullptr;
    if (failure.empty() &&
        driver_.cuLinkComplete(link, &image, &image_size) != kSuccess)
      failure = std::string("the PTX does not link: ") + error_log;
    if (failure.empty() && driver_.cuModuleLoadData(&loaded, image) != kSuccess)
      failure = "cuModuleLoadData failed";
    driver_.cuLinkDestroy(link);
    *module = loaded;
    return failure;
  }

  RegisterUse register_use(Module module,
                           const std::string &function) override {
    RegisterUse use;
    CUfunction handle = nullptr;
    if (driver_.cuModuleGetFunction(&handle, static_cast<CUmodule>(module),
                                    function.c_str()) != kSuccess ||
        driver_.cuFuncGetAttribute(&use.registers, kFunctionAttributeRegisters,
                                   handle) != kSuccess ||
        driver_.cuFuncGetAttribute(
            &use.local_bytes, kFunctionAttributeLocalBytes, handle) != kSuccess)
      return {};
    return use;
  }

  void discard(Module module) override {
    if (module)
      driver_.cuModuleUnload(static_cast<CUmodule>(module));
  }

private:
  Driver &driver_;
};

// The figures of the current context's GPU: its architecture ("sm_90")
// and what its register caps depend on.
struct ContextGpu {
  std::string arch;
  RegisterLimits limits;
};
ContextGpu context_gpu(Driver &driver) {
  ContextGpu gpu;
  CUdevice device = 0;
  int major = 0, minor = 0, register_file = 0, threads = 0;
  if (driver.cuCtxGetDevice(&device) != kSuccess)
    return gpu;
  if (driver.cuDeviceGetAttribute(
          &major, kDeviceAttributeComputeCapabilityMajor, device) == kSuccess &&
      driver.cuDeviceGetAttribute(
          &minor, kDeviceAttributeComputeCapabilityMinor, device) == kSuccess)
    gpu.arch = "sm_" + std::to_string(major) + std::to_string(minor);
  if (driver.cuDeviceGetAttribute(
          &register_file, kDeviceAttributeRegistersPerSM, device) == kSuccess &&
      driver.cuDeviceGetAttribute(&threads, kDeviceAttributeMaxThreadsPerSM,
                                  device) == kSuccess &&
      register_file > 0 && threads > 0)
    gpu.limits = {static_cast<unsigned>(register_file),
                  static_cast<unsigned>(threads)};
  return gpu;
}

// Loads the build's cubin (CUBIN) of OBJECTS in place of linking them, if
// it is for ARCH and the plan it was made by is this process's; *RESULT
// and *REPORT get the module and what its plan did, INDEX the objects it
// was linked from.  Why not, or empty.
std::string load_cubin(Driver &driver, const FramesCubin &cubin,
                       const std::string &arch,
                       const std::vector<std::string_view> &objects,
                       const PlanSettings &settings, PtxIndex &index,
                       LinkedModule *result, ModuleLink *report) {
  if (!nvptx_settings().cubin)
    return "FERRY_CUBIN=0";
  if (!settings.prune || !settings.register_caps)
    return "FERRY_PRUNE_MODULE or FERRY_REGISTER_CAPS asks for another link "
           "than the build's cubin";
  if (arch != cubin.arch)
    return "the build's cubin is for " + std::string(cubin.arch) +
           ", this GPU is " + arch;
  CUmodule module = nullptr;
  if (driver.cuModuleLoadData(&module, cubin.image) != kSuccess)
    return "the build's " + std::string(cubin.arch) + " cubin did not load";
  std::string note;
  std::map<std::string, std::string> notes =
      read_plan_notes(cubin.notes, &report->register_caps_tried,
                      &report->register_caps_kept, &note);
  for (const std::string &object : linked_objects(objects, settings, report))
    index.add(object.data(), object.size());
  report->note = "the build's " + std::string(cubin.arch) + " cubin" +
                 (note.empty() ? "" : "; " + note);
  result->module = module;
  result->register_notes = std::move(notes);
  return "";
}

} // namespace

LinkedModule link_module(Driver &driver, PtxIndex &index) {
  const auto start = std::chrono::steady_clock::now();
  LinkedModule result;
  std::vector<std::string_view> objects;
  for (const PtxObject &object : objects_to_link(&result.frames_module))
    objects.emplace_back(object.code, strnlen(object.code, object.size));
  const PlanSettings settings{nvptx_settings().prune_module,
                              nvptx_settings().register_caps,
                              result.frames_module};
  const ContextGpu gpu = context_gpu(driver);
  ModuleLink report;
  std::string why_not_cubin;
  const FramesCubin *cubin = result.frames_module ? frames_cubin() : nullptr;
  if (cubin)
    why_not_cubin = load_cubin(driver, *cubin, gpu.arch, objects, settings,
                               index, &result, &report);
  if (!cubin || !why_not_cubin.empty()) {
    DriverLinker linker(driver);
    PlannedModule planned =
        plan_module(linker, objects, settings, gpu.limits, index);
    result.module = static_cast<CUmodule>(planned.module);
    result.register_notes = std::move(planned.register_notes);
    result.failure = std::move(planned.failure);
    report = planned.report;
    if (!why_not_cubin.empty())
      report.note =
          why_not_cubin + (report.note.empty() ? "" : "; " + report.note);
  }
  report.milliseconds = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(
          std::chrono::steady_clock::now() - start)
          .count());
  report_module_link(report);
  return result;
}

} // namespace ferry::rt::nvptx
