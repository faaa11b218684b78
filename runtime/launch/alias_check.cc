// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See alias_check.h.
#include "launch/alias_check.h"

#include <ferry/ferry.hpp>

#include "abi.h"
#include "core/ranks.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>

namespace ferry::rt {

namespace {

bool overlap(const Buffer &a, const Buffer &b) {
  return a.bytes && b.bytes && a.host < b.host + b.bytes &&
         b.host < a.host + a.bytes;
}

std::atomic<AliasAction> action{AliasAction::exit};

} // namespace

bool is_written(unsigned ownership) {
  return kernel_writes(ownership) || ownership == FERRY_SCRATCH;
}

const char *ownership_name(unsigned ownership) {
  switch (ownership) {
  case FERRY_BORROW:
    return "borrow";
  case FERRY_BORROW_MUT:
    return "borrow_mut";
  case FERRY_OUT:
    return "out";
  case FERRY_SCRATCH:
    return "scratch";
  case FERRY_SHARED_MUT:
    return "shared_mut";
  default:
    return "?";
  }
}

AliasConflict find_alias(const std::vector<Buffer> &buffers) {
  for (const Buffer &written : buffers) {
    if (!is_written(written.ownership) || written.host_is_temporary)
      continue;
    for (const Buffer &other : buffers)
      if (&other != &written && overlap(written, other))
        return {&written, &other};
  }
  return {};
}

std::string describe_site(const LaunchSite &site) {
  std::string text = message_prefix();
  text += "kernel '";
  text += site.kernel;
  text += "' (";
  text += site.file;
  text += ":" + std::to_string(site.line) + ")";
  if (site.call_file)
    text += " called at " + std::string(site.call_file) + ":" +
            std::to_string(site.call_line);
  return text;
}

std::string range_text(const Buffer &buffer) {
  char text[160];
  std::snprintf(text, sizeof text, "'%s' (%s) covers [%p, %p), %zu bytes",
                buffer.name, ownership_name(buffer.ownership),
                static_cast<void *>(buffer.host),
                static_cast<void *>(buffer.host + buffer.bytes), buffer.bytes);
  return text;
}

std::string describe_alias(const LaunchSite &site,
                           const AliasConflict &conflict) {
  std::string text = describe_site(site);
  text += ": arguments overlap: " + range_text(*conflict.written) + ", and " +
          range_text(*conflict.other) + "; a buffer the kernel " +
          "writes must not overlap any other pointer argument (rule 6), so " +
          "the kernel did not run and no data was touched";
  return text;
}

AliasAction alias_action() { return action.load(std::memory_order_relaxed); }

void set_alias_action(AliasAction new_action) {
  action.store(new_action, std::memory_order_relaxed);
}

void report_alias(const std::string &message) {
  if (alias_action() == AliasAction::throw_error)
    throw ferry::alias_error(message);
  std::fprintf(stderr, "%s\n", message.c_str());
  std::exit(EXIT_FAILURE);
}

} // namespace ferry::rt
