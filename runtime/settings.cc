// Reads the FERRY_* environment variables (see settings.h).
#include "settings.h"

#include "geometry.h"

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

bool parse_device_kind(const char *text, DeviceKind *out) {
  static const struct {
    const char *name;
    DeviceKind kind;
  } kinds[] = {{"auto", DeviceKind::automatic},
               {"gpu", DeviceKind::gpu},
               {"host", DeviceKind::host},
               {"sim", DeviceKind::sim}};
  for (const auto &entry : kinds)
    if (std::strcmp(text, entry.name) == 0)
      return *out = entry.kind, true;
  return false;
}

bool parse_launch_path(const char *text, LaunchPath *out) {
  static const struct {
    const char *name;
    LaunchPath path;
  } paths[] = {{"auto", LaunchPath::automatic},
               {"direct", LaunchPath::direct},
               {"omp", LaunchPath::omp}};
  for (const auto &entry : paths)
    if (std::strcmp(text, entry.name) == 0)
      return *out = entry.path, true;
  return false;
}

namespace {

[[noreturn]] void bad_setting(const char *variable, const char *value,
                              const char *expected) {
  std::fprintf(stderr, "ferry: %s=%s is not understood; expected %s\n",
               variable, value, expected);
  std::exit(EXIT_FAILURE);
}

void read_flag(const char *variable, bool *out) {
  if (const char *value = std::getenv(variable))
    if (*value && !parse_flag(value, out))
      bad_setting(variable, value, "1 or 0");
}

Settings read_environment() {
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
