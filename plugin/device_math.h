// SPDX-License-Identifier: GPL-3.0-or-later
// Square roots in device entries without the errno check (device_math.cc).
#ifndef FERRY_PLUGIN_DEVICE_MATH_H
#define FERRY_PLUGIN_DEVICE_MATH_H

#include "gcc_compat.h"

namespace ferry {

// Replaces in *BODY, code for a device function of ferry's, each call of
// sqrt or sqrtf (the C library's, or std::sqrt of a float or double) by
// the square-root instruction, unless the body reads errno.
void square_roots_without_errno(tree *body);

} // namespace ferry

#endif
