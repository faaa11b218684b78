// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See ptx_prune.h.
#include "nvptx/ptx_prune.h"

#include <cctype>
#include <unordered_map>
#include <unordered_set>

namespace ferry::rt {

namespace {

// One block of an object: a marked definition or declaration, or the text
// between marks (the preamble, anything unmarked).
struct Block {
  enum class Kind { kDefinition, kDeclaration, kOther };
  std::string_view text; // from its mark to the next one
  Kind kind = Kind::kOther;
  bool function = false;
  bool entry = false; // a function defined as `.entry`
  std::string_view name;
};

constexpr std::string_view kMark = "// BEGIN ";

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

std::string_view first_line(std::string_view text) {
  return text.substr(0, text.find('\n'));
}

std::string_view after_first_line(std::string_view text) {
  const std::size_t end = text.find('\n');
  return end == std::string_view::npos ? std::string_view{}
                                       : text.substr(end + 1);
}

// What the mark at the start of TEXT says: `// BEGIN GLOBAL FUNCTION DEF:
// NAME`, `// BEGIN VAR DECL: NAME`.
Block classify(std::string_view text) {
  Block block;
  block.text = text;
  std::string_view mark = first_line(text).substr(kMark.size());
  if (starts_with(mark, "GLOBAL "))
    mark.remove_prefix(7);
  if (starts_with(mark, "FUNCTION "))
    block.function = true;
  else if (!starts_with(mark, "VAR "))
    return block;
  mark.remove_prefix(block.function ? 9 : 4);
  if (starts_with(mark, "DEF: "))
    block.kind = Block::Kind::kDefinition;
  else if (starts_with(mark, "DECL: "))
    block.kind = Block::Kind::kDeclaration;
  else
    return block;
  mark.remove_prefix(block.kind == Block::Kind::kDefinition ? 5 : 6);
  while (!mark.empty() && std::isspace(static_cast<unsigned char>(mark.back())))
    mark.remove_suffix(1);
  block.name = mark;
  if (block.function && block.kind == Block::Kind::kDefinition)
    block.entry = first_line(after_first_line(text)).find(".entry") !=
                  std::string_view::npos;
  return block;
}

// The name an `.entry` line defines, when LINE is one: GCC's back end
// writes the kernel stub of each OpenMP region (`.visible .entry
// f$_omp_fn$0`, which calls gomp_nvptx_main with `f$_omp_fn$0$impl`)
// without a mark of its own, after whatever function precedes it.
std::string_view entry_defined(std::string_view line) {
  constexpr std::string_view kVisible = ".visible ", kEntry = ".entry ";
  if (starts_with(line, kVisible))
    line.remove_prefix(kVisible.size());
  if (!starts_with(line, kEntry))
    return {};
  line.remove_prefix(kEntry.size());
  std::size_t end = 0;
  while (end < line.size() && line[end] != ' ' && line[end] != '(')
    ++end;
  return line.substr(0, end);
}

// Where the block starting at START ends: at the next line that is a mark,
// or an entry that follows no mark.
std::size_t block_end(std::string_view object, std::size_t start) {
  std::size_t line = start;
  bool after_mark = starts_with(object.substr(start), kMark);
  while (true) {
    line = object.find('\n', line);
    if (line == std::string_view::npos)
      return object.size();
    ++line;
    const std::string_view rest = object.substr(line);
    if (starts_with(rest, kMark))
      return line;
    if (!after_mark && !entry_defined(first_line(rest)).empty())
      return line;
    after_mark = false;
  }
}

std::vector<Block> blocks_of(std::string_view object) {
  std::vector<Block> blocks;
  std::size_t start = 0;
  while (start < object.size()) {
    const std::size_t end = block_end(object, start);
    const std::string_view text = object.substr(start, end - start);
    Block block;
    const std::string_view unmarked_entry = entry_defined(first_line(text));
    if (starts_with(text, kMark)) {
      block = classify(text);
    } else if (!unmarked_entry.empty()) {
      block.text = text;
      block.kind = Block::Kind::kDefinition;
      block.function = block.entry = true;
      block.name = unmarked_entry;
    } else {
      block.text = text;
    }
    blocks.push_back(block);
    start = end;
  }
  return blocks;
}

bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

// Calls F with every word of TEXT outside comments: names, and pieces of
// instructions and registers, which name nothing.  Comments name nothing
// the module needs (mkoffload's `//:FUNC_MAP "f$_omp_fn$0"` lines name
// every region's stub).
template <typename F> void for_each_word(std::string_view text, F &&f) {
  std::size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && !is_word_char(text[at])) {
      if (text[at] == '/' && at + 1 < text.size() && text[at + 1] == '/') {
        at = text.find('\n', at);
        if (at == std::string_view::npos)
          return;
      }
      ++at;
    }
    const std::size_t start = at;
    while (at < text.size() && is_word_char(text[at]))
      ++at;
    if (at > start)
      f(text.substr(start, at - start));
  }
}

// Text outside the marked blocks that asks nothing of the module: the
// preamble's directives, debug file names, comments, blank lines.
bool is_preamble_only(std::string_view text) {
  while (!text.empty()) {
    std::string_view line = first_line(text);
    text = after_first_line(text);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line[0])))
      line.remove_prefix(1);
    if (!line.empty() && !starts_with(line, "//") &&
        !starts_with(line, ".version") && !starts_with(line, ".target") &&
        !starts_with(line, ".address_size") && !starts_with(line, ".file"))
      return false;
  }
  return true;
}

} // namespace

PrunedModule
prune_to_entries(const std::vector<std::string_view> &objects,
                 const std::function<bool(std::string_view)> &keep) {
  std::vector<std::vector<Block>> blocks;
  std::unordered_map<std::string_view, std::vector<const Block *>> definitions;
  PrunedModule pruned;
  blocks.reserve(objects.size());
  for (std::string_view object : objects) {
    pruned.bytes_given += object.size();
    blocks.push_back(blocks_of(object));
  }
  for (const std::vector<Block> &object : blocks)
    for (const Block &block : object)
      if (block.kind == Block::Kind::kDefinition) {
        definitions[block.name].push_back(&block);
        pruned.functions_given += block.function;
      }

  // Every word of the kept text, and the definitions they name, from the
  // entries and the unmarked text outward.
  std::unordered_set<std::string_view> named;
  std::vector<std::string_view> pending;
  auto keep_words_of = [&](std::string_view text) {
    for_each_word(text, [&](std::string_view word) {
      if (named.insert(word).second && definitions.count(word))
        pending.push_back(word);
    });
  };
  for (const std::vector<Block> &object : blocks)
    for (const Block &block : object)
      if (block.kind == Block::Kind::kOther)
        keep_words_of(block.text);
      else if ((block.entry ||
                (block.kind == Block::Kind::kDefinition && !block.function)) &&
               keep(block.name) && named.insert(block.name).second) {
        pending.push_back(block.name);
        if (block.entry)
          pruned.entries.emplace_back(block.name);
      }
  while (!pending.empty()) {
    const std::string_view name = pending.back();
    pending.pop_back();
    for (const Block *block : definitions.find(name)->second)
      keep_words_of(after_first_line(block->text));
  }

  for (const std::vector<Block> &object : blocks) {
    std::string text;
    bool needed = false;
    for (const Block &block : object) {
      const bool kept =
          block.kind == Block::Kind::kOther || named.count(block.name);
      if (!kept)
        continue;
      text += block.text;
      // Declarations alone are no reason to link an object.
      if (block.kind == Block::Kind::kDefinition ||
          (block.kind == Block::Kind::kOther && !is_preamble_only(block.text)))
        needed = true;
      if (block.kind == Block::Kind::kDefinition)
        pruned.functions_kept += block.function;
    }
    if (!needed)
      continue;
    pruned.bytes_kept += text.size();
    pruned.objects.push_back(std::move(text));
  }
  return pruned;
}

} // namespace ferry::rt
