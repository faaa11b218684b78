// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See messages.h.
#include "core/messages.h"

#include "core/ranks.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace ferry::rt {

namespace {

void tell_lines(const char *format, va_list arguments) {
  va_list again;
  va_copy(again, arguments);
  const int length = std::vsnprintf(nullptr, 0, format, arguments);
  std::string text(length > 0 ? static_cast<std::size_t>(length) : 0, '\0');
  std::vsnprintf(text.data(), text.size() + 1, format, again);
  va_end(again);
  // One write per message, so that threads' messages do not interleave.
  std::string out;
  std::size_t begin = 0;
  while (begin < text.size()) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string::npos)
      end = text.size();
    out += message_prefix();
    out.append(text, begin, end - begin);
    out += '\n';
    begin = end + 1;
  }
  std::fputs(out.c_str(), stderr);
}

} // namespace

void tell(const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  tell_lines(format, arguments);
  va_end(arguments);
}

void fatal(const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  tell_lines(format, arguments);
  va_end(arguments);
  std::exit(EXIT_FAILURE);
}

} // namespace ferry::rt
