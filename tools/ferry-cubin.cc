// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// ferry-cubin: links a program's frames module for one NVIDIA GPU when the
// program is built, as libferry's direct launcher would link it at the
// first launch (runtime/nvptx/module_plan.h), with the CUDA toolkit's
// nvJitLink in place of the driver's JIT.  ferry's mkoffload
// (ferry-mkoffload.in) runs it and puts the cubin into the program, so the
// first launch loads it in a few milliseconds: on a machine whose JIT
// cache is cold the driver took 474 ms to link RSBench's lookup there,
// inside the program's timer, which nvcc's SASS never pays.
//
//   ferry-cubin ARCH MODULE CUBIN NOTES
//
// ARCH: the GPU's architecture ("sm_90"); MODULE: the frames module, its
// NUL-separated PTX objects; CUBIN and NOTES: the files it writes, the
// cubin and the text of what its register caps did (module_plan.h,
// plan_notes).  Exits 1, saying why, where the module does not link.
#include "nvptx/module_plan.h"

#include <nvJitLink.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

using ferry::rt::PtxIndex;
using namespace ferry::rt::nvptx;

// nvJitLink's link, with what the verbose info log says of each function.
class NvJitLinker final : public PtxLinker {
public:
  explicit NvJitLinker(std::string arch) : arch_option_("-arch=" + arch) {}

  struct Cubin {
    std::vector<char> bytes;
    std::string info_log;
  };

  std::string link(const std::vector<std::string_view> &objects,
                   Module *module) override {
    const char *options[] = {arch_option_.c_str(), "-verbose"};
    nvJitLinkHandle handle = nullptr;
    if (nvJitLinkCreate(&handle, 2, options) != NVJITLINK_SUCCESS)
      return "nvJitLinkCreate failed for " + arch_option_;
    std::string failure;
    for (std::string_view object : objects)
      if (nvJitLinkAddData(handle, NVJITLINK_INPUT_PTX, object.data(),
                           object.size(), "ferry") != NVJITLINK_SUCCESS) {
        failure = "the PTX does not compile: " + error_log(handle);
        break;
      }
    auto cubin = std::make_unique<Cubin>();
    std::size_t bytes = 0;
    if (failure.empty() && nvJitLinkComplete(handle) != NVJITLINK_SUCCESS)
      failure = "the PTX does not link: " + error_log(handle);
    if (failure.empty() &&
        (nvJitLinkGetLinkedCubinSize(handle, &bytes) != NVJITLINK_SUCCESS ||
         (cubin->bytes.resize(bytes),
          nvJitLinkGetLinkedCubin(handle, cubin->bytes.data())) !=
             NVJITLINK_SUCCESS))
      failure = "nvJitLink gave no cubin";
    std::size_t log_bytes = 0;
    if (nvJitLinkGetInfoLogSize(handle, &log_bytes) == NVJITLINK_SUCCESS &&
        log_bytes > 0) {
      cubin->info_log.resize(log_bytes);
      if (nvJitLinkGetInfoLog(handle, cubin->info_log.data()) !=
          NVJITLINK_SUCCESS)
        cubin->info_log.clear();
    }
    nvJitLinkDestroy(&handle);
    *module = failure.empty() ? cubin.release() : nullptr;
    return failure;
  }

  // From the log's summary of the linked function:
  //   info    : Function properties for 'NAME':
  //   info    : used 110 registers, used 0 barriers, 72 stack, ...
  RegisterUse register_use(Module module,
                           const std::string &function) override {
    const std::string &log = static_cast<Cubin *>(module)->info_log;
    const std::string heading = "Function properties for '" + function + "':";
    RegisterUse use;
    const std::size_t at = log.find(heading);
    if (at == std::string::npos)
      return use;
    const std::size_t next = log.find('\n', at);
    if (next == std::string::npos)
      return use;
    std::istringstream line(
        log.substr(next + 1, log.find('\n', next + 1) - next - 1));
    std::string word;
    int number = 0;
    while (line >> word) {
      if (word.rfind("register", 0) == 0)
        use.registers = number;
      else if (word.rfind("stack", 0) == 0)
        use.local_bytes = number;
      try {
        number = std::stoi(word);
      } catch (const std::exception &) {
        number = 0;
      }
    }
    return use;
  }

  void discard(Module module) override { delete static_cast<Cubin *>(module); }

private:
  static std::string error_log(nvJitLinkHandle handle) {
    std::size_t bytes = 0;
    if (nvJitLinkGetErrorLogSize(handle, &bytes) != NVJITLINK_SUCCESS ||
        bytes == 0)
      return "(no log)";
    std::string log(bytes, '\0');
    if (nvJitLinkGetErrorLog(handle, log.data()) != NVJITLINK_SUCCESS)
      return "(no log)";
    log.resize(log.find('\0') == std::string::npos ? log.size()
                                                   : log.find('\0'));
    return log;
  }

  std::string arch_option_;
};

// The frames module's objects, split at their NULs as the launcher splits
// them (runtime/nvptx/offload_images.cc, objects_to_link).
std::vector<std::string_view> split_objects(const std::string &module) {
  std::vector<std::string_view> objects;
  std::size_t at = 0;
  while (at < module.size()) {
    std::size_t nul = module.find('\0', at);
    if (nul == std::string::npos)
      nul = module.size();
    if (nul > at)
      objects.emplace_back(module.data() + at, nul - at);
    at = nul + 1;
  }
  return objects;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: ferry-cubin ARCH MODULE CUBIN NOTES\n");
    return 2;
  }
  const std::string arch = argv[1];
  std::ifstream in(argv[2], std::ios::binary);
  const std::string module((std::istreambuf_iterator<char>(in)),
                           std::istreambuf_iterator<char>());
  if (!in && !in.eof()) {
    std::fprintf(stderr, "ferry-cubin: cannot read %s\n", argv[2]);
    return 1;
  }
  NvJitLinker linker(arch);
  PtxIndex index;
  // The launcher's defaults (FERRY_PRUNE_MODULE, FERRY_REGISTER_CAPS):
  // under others it links the PTX itself.
  PlannedModule planned =
      plan_module(linker, split_objects(module), PlanSettings{},
                  register_limits_of(arch), index);
  if (!planned.failure.empty()) {
    std::fprintf(stderr, "ferry-cubin: %s\n", planned.failure.c_str());
    return 1;
  }
  const auto *cubin = static_cast<NvJitLinker::Cubin *>(planned.module);
  std::ofstream cubin_file(argv[3], std::ios::binary);
  cubin_file.write(cubin->bytes.data(),
                   static_cast<std::streamsize>(cubin->bytes.size()));
  std::ofstream notes_file(argv[4], std::ios::binary);
  notes_file << plan_notes(planned);
  linker.discard(planned.module);
  if (!cubin_file.flush() || !notes_file.flush()) {
    std::fprintf(stderr, "ferry-cubin: cannot write %s or %s\n", argv[3],
                 argv[4]);
    return 1;
  }
  return 0;
}
