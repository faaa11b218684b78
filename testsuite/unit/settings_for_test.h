// For unit tests that need libferry's settings (FERRY_DEVICE, ...): they
// are read as libferry loads, before main, so the test program runs
// itself again with them in its environment.  Use it from a global
// fixture: BOOST_TEST_GLOBAL_FIXTURE.
#ifndef FERRY_TEST_SETTINGS_FOR_TEST_H
#define FERRY_TEST_SETTINGS_FOR_TEST_H

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <utility>

// Runs the program again (the same arguments) with VARIABLES set, unless
// they are set already.
inline void run_with_settings(
    std::initializer_list<std::pair<const char *, const char *>> variables) {
  bool all_set = true;
  for (const auto &[name, value] : variables) {
    const char *now = std::getenv(name);
    all_set = all_set && now && std::strcmp(now, value) == 0;
  }
  if (all_set)
    return;
  for (const auto &[name, value] : variables)
    setenv(name, value, 1);
  static char path[4096];
  const ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
  if (length <= 0)
    return;
  path[length] = '\0';
  static char arguments[1 << 16];
  // /proc/self/cmdline: the arguments, NUL-separated.
  FILE *cmdline = std::fopen("/proc/self/cmdline", "r");
  const std::size_t bytes =
      cmdline ? std::fread(arguments, 1, sizeof arguments - 1, cmdline) : 0;
  if (cmdline)
    std::fclose(cmdline);
  static char *argv[256];
  std::size_t argc = 0;
  for (std::size_t at = 0; at < bytes && argc + 1 < 256;
       at += std::strlen(arguments + at) + 1)
    argv[argc++] = arguments + at;
  argv[argc] = nullptr;
  execv(path, argv);
  std::perror("run_with_settings: execv");
  std::exit(EXIT_FAILURE);
}

#endif
