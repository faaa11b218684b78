// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Reads the FERRY_* environment variables (see settings.h).
#include "core/settings.h"

#include "core/ranks.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string>

namespace ferry::rt {

bool parse_flag(const char *text, bool *out) {
  static const char *const yes[] = {"1", "on", "yes", "true"};
  static const char *const no[] = {"0", "off", "no", "false"};
  for (const char *word : yes)
    if (std::strcmp(text, word) == 0)
      return *out = true, true;
  for (const char *word : no)
    if (std::strcmp(text, word) == 0)
      return *out = false, true;
  return false;
}

namespace {

template <class Value> struct Named {
  const char *name;
  Value value;
};

// Sets *OUT to the value named TEXT in CHOICES; false if none is.
template <class Value, std::size_t N>
bool parse_named(const char *text, const Named<Value> (&choices)[N],
                 Value *out) {
  for (const Named<Value> &choice : choices)
    if (std::strcmp(text, choice.name) == 0)
      return *out = choice.value, true;
  return false;
}

} // namespace

bool parse_device_kind(const char *text, DeviceKind *out) {
  static const Named<DeviceKind> kinds[] = {{"auto", DeviceKind::automatic},
                                            {"gpu", DeviceKind::gpu},
                                            {"host", DeviceKind::host},
                                            {"sim", DeviceKind::sim}};
  return parse_named(text, kinds, out);
}

bool parse_launch_path(const char *text, LaunchPath *out) {
  static const Named<LaunchPath> paths[] = {{"auto", LaunchPath::automatic},
                                            {"direct", LaunchPath::direct},
                                            {"omp", LaunchPath::omp}};
  return parse_named(text, paths, out);
}

bool parse_geometry(const char *text, int *teams, int *gpu_threads) {
  char *end = nullptr;
  long t = std::strtol(text, &end, 10);
  if (end == text || (*end != 'x' && *end != 'X'))
    return false;
  const char *second = end + 1;
  long g = std::strtol(second, &end, 10);
  if (end == second || *end != '\0' || t <= 0 || g <= 0 || t > 1 << 20 ||
      g > 1024)
    return false;
  *teams = int(t);
  *gpu_threads = int(g);
  return true;
}

bool parse_sim_devices(const char *text, int *out) {
  unsigned long long count = 0;
  if (!parse_byte_count(text, &count) || count == 0 ||
      count > static_cast<unsigned long long>(kMostSimDevices))
    return false;
  *out = static_cast<int>(count);
  return true;
}

bool parse_coherence(const char *text, Coherence *out) {
  static const Named<Coherence> kinds[] = {{"pages", Coherence::pages},
                                           {"compiler", Coherence::compiler}};
  return parse_named(text, kinds, out);
}

bool parse_gpu_choice(const char *text, GpuChoice *out, int *number) {
  static const Named<GpuChoice> choices[] = {
      {"auto", GpuChoice::automatic}, {"local-rank", GpuChoice::local_rank}};
  if (parse_named(text, choices, out))
    return true;
  char *end = nullptr;
  const long value = std::strtol(text, &end, 10);
  if (end == text || *end || *text == '-' || *text == '+' || value > 1 << 20)
    return false;
  *number = static_cast<int>(value);
  *out = GpuChoice::number;
  return true;
}

namespace {

// The variables libferry reads: here, and the last five in the NVIDIA
// launcher's own settings (nvptx/nvptx_settings.h).  Then those of
// ferry's tools (ferry-g++, the test drivers), which programs inherit
// from them.
const char *const kRuntimeVariables[] = {
    "FERRY_RESIDENCY",     "FERRY_STATS",        "FERRY_CHECK",
    "FERRY_TRACE",         "FERRY_DEVICE",       "FERRY_LAUNCH",
    "FERRY_COHERENCE",     "FERRY_GPU",          "FERRY_SIM_MEMORY",
    "FERRY_SIM_DEVICES",   "FERRY_GEOMETRY",     "FERRY_PINNED_COPIES",
    "FERRY_SMALL_BLOCKS",  "FERRY_DEFER_IMAGES", "FERRY_HUGE_PAGES",
    "FERRY_PEER_COPIES",   "FERRY_CLOCKS_WAIT",   "FERRY_FRAMES_MODULE",
    "FERRY_PRUNE_MODULE",  "FERRY_REGISTER_CAPS", "FERRY_AUTO_GRAPHS",
    "FERRY_CUBIN"};
const char *const kToolVariables[] = {
    "FERRY_CXX",           "FERRY_PLUGIN",    "FERRY_INCLUDE",
    "FERRY_LIBDIR",        "FERRY_GXX",       "FERRY_SRC_DIR",
    "FERRY_OFFLOAD_TOOLS", "FERRY_CUDA_ARCH", "FERRY_BUILD_DIR"};

// Letters to change, add or remove to turn A into B (Levenshtein).
std::size_t edit_distance(const char *a, const char *b) {
  const std::size_t m = std::strlen(a), n = std::strlen(b);
  std::size_t row[64];
  if (n >= sizeof row / sizeof row[0])
    return n;
  for (std::size_t j = 0; j <= n; ++j)
    row[j] = j;
  for (std::size_t i = 1; i <= m; ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= n; ++j) {
      const std::size_t above = row[j];
      row[j] = std::min(
          {row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = above;
    }
  }
  return row[n];
}

} // namespace

bool parse_byte_count(const char *text, unsigned long long *out) {
  // Digits only: strtoull reads "-1" as 2^64 - 1.
  if (*text < '0' || *text > '9')
    return false;
  char *end = nullptr;
  errno = 0;
  const unsigned long long value = std::strtoull(text, &end, 10);
  if (*end || errno == ERANGE)
    return false;
  *out = value;
  return true;
}

bool is_ferry_variable(const char *name) {
  auto known = [&](const char *variable) {
    return std::strcmp(name, variable) == 0;
  };
  return std::strncmp(name, "FERRY_TEST_", 11) == 0 ||
         std::any_of(std::begin(kRuntimeVariables), std::end(kRuntimeVariables),
                     known) ||
         std::any_of(std::begin(kToolVariables), std::end(kToolVariables),
                     known);
}

const char *closest_setting(const char *name) {
  const char *closest = kRuntimeVariables[0];
  for (const char *variable : kRuntimeVariables)
    if (edit_distance(name, variable) < edit_distance(name, closest))
      closest = variable;
  return edit_distance(name, closest) <= 3 ? closest : nullptr;
}

namespace {

[[noreturn]] void bad_setting(const char *variable, const char *value,
                              const char *expected) {
  std::fprintf(stderr, "%s%s=%s is not understood; expected %s\n",
               message_prefix(), variable, value, expected);
  std::exit(EXIT_FAILURE);
}

// One warning for each FERRY_* variable that no part of ferry reads (a
// misspelt FERRY_COHERENSE=pages would otherwise change nothing, silently).
void warn_unknown_variables() {
  for (char **entry = environ; *entry; ++entry) {
    const char *equals = std::strchr(*entry, '=');
    const std::string name(*entry,
                           equals ? equals - *entry : std::strlen(*entry));
    if (name.compare(0, 6, "FERRY_") != 0 || is_ferry_variable(name.c_str()))
      continue;
    const char *closest = closest_setting(name.c_str());
    std::fprintf(
        stderr, "%s%s is not a ferry setting and changes nothing%s%s%s\n",
        message_prefix(), name.c_str(), closest ? "; did you mean " : "",
        closest ? closest : "", closest ? "?" : "");
  }
}

} // namespace

void read_flag(const char *variable, bool *out) {
  if (const char *value = std::getenv(variable))
    if (*value && !parse_flag(value, out))
      bad_setting(variable, value, "1 or 0");
}

namespace {

// Out of line: inlined, it made every call of settings() -- dozens per
// launch -- save and restore six registers for a path taken once.
[[gnu::noinline, gnu::cold]] Settings read_environment() {
  Settings config;
  warn_unknown_variables();
  read_flag("FERRY_RESIDENCY", &config.residency);
  read_flag("FERRY_STATS", &config.stats);
  read_flag("FERRY_CHECK", &config.check);
  read_flag("FERRY_TRACE", &config.trace);
  read_flag("FERRY_DEFER_IMAGES", &config.defer_images);
  read_flag("FERRY_PINNED_COPIES", &config.pinned_copies);
  read_flag("FERRY_HUGE_PAGES", &config.huge_pages);
  read_flag("FERRY_SMALL_BLOCKS", &config.small_blocks);
  read_flag("FERRY_PEER_COPIES", &config.peer_copies);
  read_flag("FERRY_CLOCKS_WAIT", &config.clocks_wait);
  if (const char *value = std::getenv("FERRY_DEVICE"))
    if (*value && !parse_device_kind(value, &config.device))
      bad_setting("FERRY_DEVICE", value, "auto, gpu, host or sim");
  if (const char *value = std::getenv("FERRY_LAUNCH"))
    if (*value && !parse_launch_path(value, &config.launch))
      bad_setting("FERRY_LAUNCH", value, "auto, direct or omp");
  if (const char *value = std::getenv("FERRY_COHERENCE"))
    if (*value && !parse_coherence(value, &config.coherence))
      bad_setting("FERRY_COHERENCE", value, "pages or compiler");
  if (const char *value = std::getenv("FERRY_GPU"))
    if (*value && !parse_gpu_choice(value, &config.gpu, &config.gpu_number))
      bad_setting("FERRY_GPU", value,
                  "auto, local-rank or a GPU number (0, 1, ...)");
  if (const char *value = std::getenv("FERRY_SIM_MEMORY"))
    if (!parse_byte_count(value, &config.sim_memory) || config.sim_memory == 0)
      bad_setting("FERRY_SIM_MEMORY", value,
                  "a number of bytes from 1 to 18446744073709551615 (unset, "
                  "the sim device has no limit)");
  if (const char *value = std::getenv("FERRY_SIM_DEVICES")) {
    if (!parse_sim_devices(value, &config.sim_devices))
      bad_setting("FERRY_SIM_DEVICES", value,
                  "a number of sim devices from 1 to 16");
    config.sim_devices_set = true;
  }
  if (const char *value = std::getenv("FERRY_GEOMETRY"))
    if (*value && !parse_geometry(value, &config.geometry_teams,
                                  &config.geometry_gpu_threads))
      bad_setting("FERRY_GEOMETRY", value,
                  "TEAMSxTHREADS, such as 264x256 (GPU threads per team)");
  return config;
}

} // namespace

const Settings &settings() {
  // Never destroyed (lasting.h): kernels may run after main.
  static const Settings &values = *new Settings(read_environment());
  return values;
}

} // namespace ferry::rt
