// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See ptx_index.h.
#include "nvptx/ptx_index.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <set>

namespace ferry::rt {

namespace {

bool is_name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '.';
}

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)); }

std::size_t skip_spaces(const std::string &text, std::size_t at) {
  while (at < text.size() && is_space(text[at]))
    ++at;
  return at;
}

std::string name_at(const std::string &text, std::size_t at) {
  std::string name;
  while (at < text.size() && is_name_char(text[at]))
    name += text[at++];
  return name;
}

} // namespace

std::string PtxIndex::defined_name(const std::string &line) {
  if (line.rfind("//", 0) == 0 || line.empty() || line.back() == ';')
    return {}; // a comment or a declaration
  std::size_t at = line.find(".entry");
  if (at != std::string::npos) {
    at += 6;
  } else if ((at = line.find(".func")) != std::string::npos) {
    at = skip_spaces(line, at + 5);
    if (at < line.size() && line[at] == '(') { // the return value
      at = line.find(')', at);
      if (at == std::string::npos)
        return {};
      ++at;
    }
  } else {
    return {};
  }
  return name_at(line, skip_spaces(line, at));
}

void PtxIndex::add(const char *code, std::size_t size) {
  const std::string text(code, strnlen(code, size));
  std::size_t line_start = 0;
  while (line_start < text.size()) {
    std::size_t line_end = text.find('\n', line_start);
    if (line_end == std::string::npos)
      line_end = text.size();
    const std::string line = text.substr(line_start, line_end - line_start);
    const std::string name = defined_name(line);
    line_start = line_end + 1;
    if (name.empty())
      continue;
    definitions_[name] = line;
    const std::size_t open = text.find("\n{", line_end);
    const std::size_t close =
        open == std::string::npos ? open : closing_brace(text, open + 1);
    if (close == std::string::npos)
      break;
    bodies_[name] = text.substr(open, close - open);
    line_start = close + 1;
  }
}

// GCC puts a body's braces on lines of their own, and those of the blocks
// inside it (call sequences, a frame's prologue): the line that closes
// the brace line at OPEN, or npos.
std::size_t PtxIndex::closing_brace(const std::string &text, std::size_t open) {
  int depth = 0;
  for (std::size_t at = open; at < text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos)
      end = text.size();
    std::size_t first = at, last = end;
    while (first < last && is_space(text[first]))
      ++first;
    while (last > first && is_space(text[last - 1]))
      --last;
    if (last - first == 1 && text[first] == '{')
      ++depth;
    else if (last - first == 1 && text[first] == '}' && --depth == 0)
      return at;
    at = end + 1;
  }
  return std::string::npos;
}

const std::string &PtxIndex::body(const std::string &name) const {
  static const std::string none;
  const auto found = bodies_.find(name);
  return found == bodies_.end() ? none : found->second;
}

std::vector<std::string> PtxIndex::callees(const std::string &body) {
  std::vector<std::string> names;
  std::size_t at = 0;
  while ((at = body.find("call", at)) != std::string::npos) {
    const bool starts_instruction = at == 0 || is_space(body[at - 1]);
    at += 4;
    if (!starts_instruction || at >= body.size() ||
        !(is_space(body[at]) || body[at] == '.'))
      continue; // part of a name, such as "recall"
    while (at < body.size() && !is_space(body[at]))
      ++at; // call.uni
    at = skip_spaces(body, at);
    if (at < body.size() && body[at] == '(') { // call (%retval), NAME, ...
      at = body.find(')', at);
      at = at == std::string::npos ? at : body.find(',', at);
      if (at == std::string::npos)
        break;
      at = skip_spaces(body, at + 1);
    }
    const std::string name = name_at(body, at);
    if (!name.empty())
      names.push_back(name);
  }
  return names;
}

std::string PtxIndex::obstacle(const std::string &entry) const {
  std::set<std::string> seen;
  std::vector<std::string> pending{entry};
  while (!pending.empty()) {
    const std::string name = pending.back();
    pending.pop_back();
    if (!seen.insert(name).second)
      continue;
    auto found = bodies_.find(name);
    if (found == bodies_.end())
      continue;
    const std::string &body = found->second;
    if (body.find("__nvptx_uni") != std::string::npos)
      return "'" + name +
             "' uses GCC atomics, which depend on libgomp's per-warp state";
    for (const std::string &callee : callees(body))
      pending.push_back(callee);
  }
  return {};
}

std::size_t PtxIndex::frame_bytes(const std::string &body) {
  // mkoffload's image drops the spaces after commas that GCC's assembly
  // output has: compare without blanks.
  std::string text;
  for (char c : body)
    if (!is_space(c))
      text += c;
  // The constant after the first PREFIX, up to END; kUnknownStack when it
  // is not a number, 0 without one.
  auto operand = [&text](const char *prefix, char end_mark = ';') {
    const std::size_t at = text.find(prefix);
    if (at == std::string::npos)
      return std::size_t{0};
    const std::size_t start = at + std::strlen(prefix);
    const std::size_t end = text.find(end_mark, start);
    if (end == std::string::npos || end == start)
      return kUnknownStack;
    std::size_t bytes = 0;
    for (std::size_t i = start; i < end; ++i) {
      if (!std::isdigit(static_cast<unsigned char>(text[i])))
        return kUnknownStack;
      bytes = bytes * 10 + static_cast<std::size_t>(text[i] - '0');
    }
    return bytes;
  };
  // Without -mgomp (the frames module) a frame is a per-thread array,
  // `.local .align 16 .b8 %frame_ar[48];`.
  if (text.find("%sspprev") == std::string::npos)
    return operand(".b8%frame_ar[", ']');
  // A prologue of another shape: its size cannot be read.
  if (text.find("sub.u64%frame,%sspprev,") == std::string::npos)
    return kUnknownStack;
  const std::size_t frame = operand("sub.u64%frame,%sspprev,");
  const std::size_t outgoing = operand("sub.u64%stack,%frame,");
  // alloca moves %stack by a register.
  const bool dynamic = text.find("sub.u64%stack,%stack,") != std::string::npos;
  if (frame == kUnknownStack || outgoing == kUnknownStack || dynamic)
    return kUnknownStack;
  return frame + outgoing;
}

std::size_t PtxIndex::stack_bytes(const std::string &entry) const {
  // Depth-first, with the chain of calls open on the path for recursion.
  std::map<std::string, std::size_t> depth;
  std::set<std::string> open;
  auto visit = [&](const std::string &name, auto &self) -> std::size_t {
    if (auto known = depth.find(name); known != depth.end())
      return known->second;
    auto found = bodies_.find(name);
    if (found == bodies_.end())
      return 0; // declared only: libgomp's or the driver's, no soft stack
    if (!open.insert(name).second)
      return kUnknownStack;
    std::size_t deepest = 0;
    for (const std::string &callee : callees(found->second)) {
      const std::size_t below = self(callee, self);
      if (below == kUnknownStack) {
        deepest = kUnknownStack;
        break;
      }
      deepest = std::max(deepest, below);
    }
    open.erase(name);
    const std::size_t own = frame_bytes(found->second);
    const std::size_t total = own == kUnknownStack || deepest == kUnknownStack
                                  ? kUnknownStack
                                  : own + deepest;
    depth[name] = total;
    return total;
  };
  return visit(entry, visit);
}

std::vector<std::size_t>
PtxIndex::parameter_bytes(const std::string &name) const {
  auto found = definitions_.find(name);
  if (found == definitions_.end())
    return {};
  const std::string &line = found->second;
  // The parameter list follows the name (a .func's return value, in
  // parentheses too, comes before it).
  std::size_t at = line.find('(', line.find(name) + name.size());
  const std::size_t end = line.rfind(')');
  std::vector<std::size_t> sizes;
  if (at == std::string::npos || end == std::string::npos || end < at)
    return sizes;
  while (at < end) {
    std::size_t next = line.find(',', at + 1);
    if (next == std::string::npos || next > end)
      next = end;
    const std::string parameter = line.substr(at + 1, next - at - 1);
    at = next;
    // The width of the type (.u64, .f32, .b8, .pred), times an array's
    // length.
    std::size_t bits = 0, count = 1;
    for (std::size_t dot = parameter.find('.'); dot != std::string::npos;
         dot = parameter.find('.', dot + 1)) {
      const std::string word = name_at(parameter, dot + 1);
      if (word.size() >= 2 && std::strchr("usbf", word[0]) &&
          std::all_of(word.begin() + 1, word.end(),
                      [](unsigned char c) { return std::isdigit(c); }))
        bits = std::stoul(word.substr(1));
    }
    const std::size_t bracket = parameter.find('[');
    if (bracket != std::string::npos)
      count = std::strtoul(parameter.c_str() + bracket + 1, nullptr, 10);
    if (bits == 0) // a .param without a type this reader knows
      return {};
    sizes.push_back((bits + 7) / 8 * count);
  }
  return sizes;
}

} // namespace ferry::rt
