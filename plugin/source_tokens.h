// SPDX-License-Identifier: GPL-3.0-or-later
// A small C++ tokenizer for the text of ferry attributes.
//
// GCC's parser cannot parse `[[ferry::borrow(n)]]`: in a parameter list the
// earlier parameter `n` may not be used outside the function body.  The
// attributes are therefore registered so that GCC skips their argument
// tokens (attributes.cc), and ferry reads them back from the source text.
// This tokenizer is enough for that text: identifiers, numbers, punctuators,
// with comments and string literals skipped.
#ifndef FERRY_PLUGIN_SOURCE_TOKENS_H
#define FERRY_PLUGIN_SOURCE_TOKENS_H

#include <string>
#include <vector>

namespace ferry {

struct SourceToken {
  enum Kind { identifier, number, punctuator, end } kind = end;
  std::string text;
  int line = 0;   // 1-based, as in GCC's locations
  int column = 0; // 1-based byte column
};

// Tokenizes LINES, which hold consecutive source lines starting at line
// FIRST_LINE.  The result always ends with an `end` token.
std::vector<SourceToken> tokenize_lines(const std::vector<std::string> &lines,
                                        int first_line);

// Tokenizes one string (an attribute's argument text); LINE and COLUMN are
// where it starts in the source.
std::vector<SourceToken> tokenize_text(const std::string &text, int line,
                                       int column);

} // namespace ferry

#endif
