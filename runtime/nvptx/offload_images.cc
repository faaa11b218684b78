// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See offload_images.h.
#include "nvptx/offload_images.h"

#include "nvptx/nvptx_settings.h"
#include "nvptx/ptx_prune.h"

#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string_view>
#include <unordered_set>

namespace ferry::rt::nvptx {

namespace {

// GOMP_DEVICE_NVIDIA_PTX and the layout of mkoffload's nvptx target data
// (gcc/config/nvptx/mkoffload.cc, GOMP_VERSION_NVIDIA_PTX 1).  The version
// word packs libgomp's interface version (GOMP_VERSION, high 16 bits) with
// the device's (low 16 bits).  From GOMP_VERSION 2 (GCC 13) the target
// data starts with one more word, the `omp requires` mask; the nvptx
// layout after it is unchanged through GCC 14 (which appends tables).
constexpr int kGompDeviceNvidiaPtx = 5;
constexpr unsigned kGompVersionNvidiaPtx = 1;
constexpr unsigned kGompVersionWithRequiresMask = 2;
struct NvptxFunction {
  const char *name;
  unsigned short launch_dims[3]; // OpenACC's gang, worker, vector; else 0
};
struct NvptxTargetData {
  const PtxObject *objects;
  unsigned object_count;
  const char *const *variable_names;
  unsigned variable_count;
  const NvptxFunction *functions;
  unsigned function_count;
};

// The offload images the program registered, in order.
std::vector<const NvptxTargetData *> &registered_images() {
  static auto *images = new std::vector<const NvptxTargetData *>;
  return *images;
}

// The frames modules (tools/ferry-mkoffload.in) the program registered, one
// an image where ferry-g++ linked it: NUL-separated PTX objects.
std::vector<PtxObject> &registered_frames_modules() {
  static auto *modules = new std::vector<PtxObject>;
  return *modules;
}

// The cubins ferry's mkoffload built of frames modules.
std::vector<FramesCubin> &registered_cubins() {
  static auto *cubins = new std::vector<FramesCubin>;
  return *cubins;
}

// An image's target data with its objects cut (image_for_libgomp).
struct CutImage {
  std::vector<std::string> code; // each NUL-terminated, as mkoffload's
  std::vector<PtxObject> objects;
  NvptxTargetData data;
};

std::unique_ptr<CutImage> cut_image(const NvptxTargetData &image) {
  // libgomp looks these up by name in every module it loads, if present.
  std::unordered_set<std::string_view> named = {"__gomp_device_num",
                                                "__nvptx_clocktick"};
  for (unsigned i = 0; i < image.function_count; ++i)
    named.insert(image.functions[i].name);
  for (unsigned i = 0; i < image.variable_count; ++i)
    named.insert(image.variable_names[i]);
  std::vector<std::string_view> objects;
  for (unsigned i = 0; i < image.object_count; ++i)
    objects.emplace_back(image.objects[i].code,
                         strnlen(image.objects[i].code, image.objects[i].size));
  PrunedModule pruned = prune_to_entries(
      objects, [&named](std::string_view name) { return named.count(name); });
  // Every region libgomp may launch must be there.
  if (pruned.entries.size() != image.function_count || pruned.objects.empty())
    return nullptr;
  auto cut = std::make_unique<CutImage>();
  cut->code = std::move(pruned.objects);
  for (const std::string &code : cut->code)
    cut->objects.push_back({code.c_str(), code.size() + 1});
  cut->data = image;
  cut->data.objects = cut->objects.data();
  cut->data.object_count = static_cast<unsigned>(cut->objects.size());
  return cut;
}

} // namespace

const void *image_for_libgomp(unsigned version, int target_type,
                              const void *target_data) {
  // From GOMP_VERSION 2 the layout may carry more than this copy would.
  if (target_type != kGompDeviceNvidiaPtx ||
      (version & 0xffff) != kGompVersionNvidiaPtx ||
      (version >> 16) >= kGompVersionWithRequiresMask ||
      !nvptx_settings().prune_module)
    return target_data;
  static std::mutex mutex;
  static auto *cuts = new std::map<const void *, std::unique_ptr<CutImage>>;
  std::lock_guard<std::mutex> lock(mutex);
  auto found = cuts->find(target_data);
  if (found == cuts->end())
    found =
        cuts->emplace(
                target_data,
                cut_image(*static_cast<const NvptxTargetData *>(target_data)))
            .first;
  return found->second ? &found->second->data : target_data;
}

bool image_registered(unsigned version, int target_type,
                      const void *target_data) {
  if (target_type != kGompDeviceNvidiaPtx ||
      (version & 0xffff) != kGompVersionNvidiaPtx)
    return false;
  const void *words = target_data;
  if ((version >> 16) >= kGompVersionWithRequiresMask)
    words = static_cast<const void *const *>(target_data) + 1;
  const auto *image = static_cast<const NvptxTargetData *>(words);
  registered_images().push_back(image);
  // OpenACC's constructs are not among those that release held images.
  for (unsigned i = 0; i < image->function_count; ++i)
    for (unsigned short dim : image->functions[i].launch_dims)
      if (dim != 0)
        return false;
  return true;
}

void frames_module_registered(const char *ptx, std::size_t bytes) {
  registered_frames_modules().push_back({ptx, bytes});
}

void frames_cubin_registered(const FramesCubin &cubin) {
  registered_cubins().push_back(cubin);
}

const FramesCubin *frames_cubin() {
  if (registered_frames_modules().size() != 1 ||
      registered_images().size() != 1)
    return nullptr;
  for (const FramesCubin &cubin : registered_cubins())
    if (cubin.module == registered_frames_modules().front().code)
      return &cubin;
  return nullptr;
}

std::size_t registered_image_count() { return registered_images().size(); }

std::string why_no_frames_module() {
  if (!nvptx_settings().frames_module)
    return "FERRY_FRAMES_MODULE=0";
  const std::size_t images = registered_images().size(),
                    modules = registered_frames_modules().size();
  if (modules == 0)
    return "linked without ferry-g++'s link flags, or the second nvptx "
           "compilation failed: see the link's note";
  return std::to_string(images - modules) + " of " + std::to_string(images) +
         " offload images have none: linked without ferry-g++'s link flags";
}

std::vector<PtxObject> objects_to_link(bool *frames_modules) {
  std::vector<PtxObject> objects;
  *frames_modules =
      !registered_frames_modules().empty() &&
      registered_frames_modules().size() == registered_images().size() &&
      nvptx_settings().frames_module;
  if (!*frames_modules) {
    for (const NvptxTargetData *image : registered_images())
      for (unsigned i = 0; i < image->object_count; ++i)
        objects.push_back(image->objects[i]);
    return objects;
  }
  for (const PtxObject &module : registered_frames_modules()) {
    const char *at = module.code, *end = module.code + module.size;
    while (at < end) {
      const char *nul = static_cast<const char *>(std::memchr(at, 0, end - at));
      const char *stop = nul ? nul : end;
      if (stop > at)
        objects.push_back({at, static_cast<std::size_t>(stop - at)});
      at = stop + 1;
    }
  }
  return objects;
}

} // namespace ferry::rt::nvptx
