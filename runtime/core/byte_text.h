// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Byte counts as libferry's messages write them: "20000 bytes",
// "1.5 MiB", "139.8 GiB".
#ifndef FERRY_RUNTIME_CORE_BYTE_TEXT_H
#define FERRY_RUNTIME_CORE_BYTE_TEXT_H

#include <string>

namespace ferry::rt {

std::string byte_text(unsigned long long bytes);

} // namespace ferry::rt

#endif
