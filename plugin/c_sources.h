// SPDX-License-Identifier: GPL-3.0-or-later
// A C source read by the C++ front end, so that its OpenMP target loops
// get ferry's checks and kernels (ferry-gcc passes -x c++ and
// -fplugin-arg-ferry-c-source, and keeps GCC's C compile for a file that
// is not also C++).  What keeps the C program's meaning:
//   - every declaration of the unit has C linkage, as if the file were
//     inside `extern "C" { }`: its functions and variables keep the names
//     the program's C files and libraries call them by (ferry's own
//     headers say `extern "C++"`);
//   - a file-scope `const` variable that is not `static` has external
//     linkage, as in C (C++ gives it internal linkage, and another file's
//     `extern const` would not find it);
// ferry-gcc itself passes -fpermissive for the conversions from `void *`
// that C makes silently (`double *x = malloc(...)`), and hides the
// warnings of those alone: anything else -fpermissive lets through makes
// it compile the file as C.
// Input: the start of the unit, each declaration as the front end
// finishes it.  Output: the front end's linkage and diagnostic state.
#ifndef FERRY_PLUGIN_C_SOURCES_H
#define FERRY_PLUGIN_C_SOURCES_H

#include "gcc_compat.h"

namespace ferry {

// Before the front end reads the unit.
void begin_c_source_unit();

// At PLUGIN_FINISH_DECL.
void finish_c_source_declaration(tree decl);

} // namespace ferry

#endif
