// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Rule 6 at run time: a buffer a kernel writes (borrow_mut, out,
// shared_mut, scratch) must not overlap any other pointer argument of the
// same launch.  Checked at kernel entry, before any data moves.
#ifndef FERRY_RUNTIME_ALIAS_CHECK_H
#define FERRY_RUNTIME_ALIAS_CHECK_H

#include "residency/transfers.h"

#include <string>
#include <vector>

namespace ferry::rt {

struct AliasConflict {
  const Buffer *written = nullptr; // a buffer the kernel writes
  const Buffer *other = nullptr;   // an argument that overlaps it
};

// The first conflict among BUFFERS; written is null when there is none.
AliasConflict find_alias(const std::vector<Buffer> &buffers);

// Where a launch comes from, for the message.
struct LaunchSite {
  const char *kernel = nullptr;
  const char *file = nullptr; // the kernel's definition
  unsigned line = 0;
  const char *call_file = nullptr; // the call, when the caller was compiled
  unsigned call_line = 0;          // with ferry-g++
};

// "ferry: kernel 'K' (file:line) called at file:line", the start of every
// message about one launch.
std::string describe_site(const LaunchSite &site);
// "'x' (borrow) covers [p, q), N bytes"
std::string range_text(const Buffer &buffer);
// Whether a kernel with OWNERSHIP writes the buffer (scratch included).
bool is_written(unsigned ownership);
const char *ownership_name(unsigned ownership);

std::string describe_alias(const LaunchSite &site,
                           const AliasConflict &conflict);

// What a conflict does: print and exit (the default), or throw
// ferry::alias_error (ferry::set_alias_action).
enum class AliasAction { exit, throw_error };
AliasAction alias_action();
void set_alias_action(AliasAction action);

// Reports MESSAGE (from describe_alias) as alias_action() says: prints it
// and exits, or throws.
[[noreturn]] void report_alias(const std::string &message);

} // namespace ferry::rt

#endif
