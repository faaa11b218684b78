// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See cuda_driver.h.
#include "nvptx/cuda_driver.h"

#include "core/ranks.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <type_traits>

namespace ferry::rt::nvptx {

bool Driver::load(std::string *why) {
  void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL);
  if (!library) {
    *why = "libcuda.so.1 cannot be loaded";
    return false;
  }
  const char *missing = nullptr;
  auto bind = [&](auto *function, const char *symbol) {
    *function = reinterpret_cast<std::remove_reference_t<decltype(*function)>>(
        dlsym(library, symbol));
    if (!*function && !missing)
      missing = symbol;
  };
#define FERRY_CUDA_CALL(name, symbol, parameters) bind(&name, symbol);
#include "nvptx/cuda_driver.def"
#undef FERRY_CUDA_CALL
  if (missing) {
    *why = std::string("libcuda has no ") + missing;
    return false;
  }
  return true;
}

void Driver::check(CUresult result, const char *what,
                   const char *subject) const {
  if (result == kSuccess)
    return;
  const char *message = "unknown error";
  cuGetErrorString(result, &message);
  std::fprintf(stderr, "%s%s %s failed: %s\n", message_prefix(), what, subject,
               message);
  std::exit(EXIT_FAILURE);
}

} // namespace ferry::rt::nvptx
