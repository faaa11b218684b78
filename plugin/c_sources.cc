// SPDX-License-Identifier: GPL-3.0-or-later
// A C source read by the C++ front end (c_sources.h).
#include "c_sources.h"

#include <cctype>
#include <string>

namespace ferry {

namespace {

// Whether the declaration of DECL, a variable of the file's scope, says
// `static`: the front end marks a `const` one static too, and only the
// source tells them apart.  Reads back from the name to the end of the
// previous statement or brace, at most a few lines up.
bool written_static(tree decl) {
  const expanded_location at = expand_location(DECL_SOURCE_LOCATION(decl));
  if (!at.file || at.line <= 0)
    return true;
  std::string text;
  for (int line = at.line; line > 0 && line > at.line - 8; --line) {
    char_span span = location_get_source_line(at.file, line);
    if (!span)
      return true;
    std::string part(span.get_buffer(), span.length());
    if (line == at.line)
      part.resize(std::min<std::size_t>(part.size(), at.column - 1));
    text = part + "\n" + text;
    const std::size_t end = text.find_last_of(";{}");
    if (end != std::string::npos) {
      text.erase(0, end + 1);
      break;
    }
  }
  for (std::size_t at_word = text.find("static"); at_word != std::string::npos;
       at_word = text.find("static", at_word + 1)) {
    const std::size_t after = at_word + 6;
    const auto part_of_word = [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    };
    if ((at_word == 0 || !part_of_word(text[at_word - 1])) &&
        (after == text.size() || !part_of_word(text[after])))
      return true;
  }
  return false;
}

} // namespace

void begin_c_source_unit() { push_lang_context(lang_name_c); }

void finish_c_source_declaration(tree decl) {
  if (!VAR_P(decl) || DECL_ARTIFICIAL(decl) || !DECL_NAMESPACE_SCOPE_P(decl) ||
      TREE_PUBLIC(decl) || DECL_EXTERNAL(decl) ||
      DECL_IN_SYSTEM_HEADER(decl) || written_static(decl))
    return;
  // A `const` variable, which C++ gives internal linkage.
  TREE_PUBLIC(decl) = 1;
  DECL_THIS_STATIC(decl) = 0;
  // The front end has named it already, as a symbol of this file only
  // (_ZL6rounds); a C variable's symbol is its name.
  if (DECL_ASSEMBLER_NAME_SET_P(decl))
    symtab->change_decl_assembler_name(decl, DECL_NAME(decl));
}

} // namespace ferry
