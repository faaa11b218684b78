// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See ptx_index.h.
#include "ptx_index.h"

#include <cctype>
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
    const std::string name =
        defined_name(text.substr(line_start, line_end - line_start));
    line_start = line_end + 1;
    if (name.empty())
      continue;
    // GCC puts the body's braces on lines of their own.
    const std::size_t open = text.find("\n{", line_end);
    const std::size_t close =
        open == std::string::npos ? open : text.find("\n}", open);
    if (close == std::string::npos)
      break;
    bodies_[name] = text.substr(open, close - open);
    line_start = close + 2;
  }
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
    if (body.find("__nvptx_stacks") != std::string::npos)
      return "'" + name + "' needs a stack frame, which only libgomp sets up";
    if (body.find("__nvptx_uni") != std::string::npos)
      return "'" + name +
             "' uses GCC atomics, which depend on libgomp's per-warp state";
    for (const std::string &callee : callees(body))
      pending.push_back(callee);
  }
  return {};
}

} // namespace ferry::rt
