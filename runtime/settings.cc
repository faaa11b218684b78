// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Reads the FERRY_* environment variables (see settings.h).
#include "settings.h"

#include "geometry.h"
#include "ranks.h"

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>

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

[[noreturn]] void bad_setting(const char *variable, const char *value,
                              const char *expected) {
  std::fprintf(stderr, "%s%s=%s is not understood; expected %s\n",
               message_prefix(), variable, value, expected);
  std::exit(EXIT_FAILURE);
}

void read_flag(const char *variable, bool *out) {
  if (const char *value = std::getenv(variable))
    if (*value && !parse_flag(value, out))
      bad_setting(variable, value, "1 or 0");
}

// Out of line: inlined, it made every call of settings() -- dozens per
// launch -- save and restore six registers for a path taken once.
[[gnu::noinline, gnu::cold]] Settings read_environment() {
  Settings config;
  read_flag("FERRY_RESIDENCY", &config.residency);
  read_flag("FERRY_STATS", &config.stats);
  read_flag("FERRY_CHECK", &config.check);
  read_flag("FERRY_TRACE", &config.trace);
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
  if (const char *value = std::getenv("FERRY_SIM_MEMORY")) {
    char *end = nullptr;
    config.sim_memory = std::strtoull(value, &end, 10);
    if (!*value || *end)
      bad_setting("FERRY_SIM_MEMORY", value, "a number of bytes");
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
  static const Settings values = read_environment();
  return values;
}

} // namespace ferry::rt
