// SPDX-License-Identifier: GPL-3.0-or-later
// See source_tokens.h.
#include "source_tokens.h"

#include <cctype>
#include <cstring>

namespace ferry {

namespace {

bool starts_identifier(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}

bool continues_identifier(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Longest match first.
const char *const kPunctuators[] = {
    "<<=", ">>=", "...", "->*", "::", "->", "++", "--", "<<", ">>", "<=", ">=",
    "==",  "!=",  "&&",  "||",  "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^="};

class Lexer {
public:
  explicit Lexer(std::vector<SourceToken> *out) : out_(out) {}

  // Scans TEXT, which starts at LINE:COLUMN.  Block comments may continue
  // from one call to the next.
  void scan(const std::string &text, int line, int column) {
    std::size_t i = 0;
    const std::size_t n = text.size();
    while (i < n) {
      if (in_block_comment_) {
        std::size_t close = text.find("*/", i);
        if (close == std::string::npos)
          return;
        in_block_comment_ = false;
        i = close + 2;
        continue;
      }
      const char c = text[i];
      if (std::isspace(static_cast<unsigned char>(c))) {
        ++i;
      } else if (text.compare(i, 2, "//") == 0) {
        return;
      } else if (text.compare(i, 2, "/*") == 0) {
        in_block_comment_ = true;
        i += 2;
      } else if (c == '"' || c == '\'') {
        i = skip_literal(text, i);
      } else if (starts_identifier(c)) {
        std::size_t start = i;
        while (i < n && continues_identifier(text[i]))
          ++i;
        emit(SourceToken::identifier, text.substr(start, i - start), line,
             column + static_cast<int>(start));
      } else if (std::isdigit(static_cast<unsigned char>(c))) {
        std::size_t start = i;
        while (i < n && (continues_identifier(text[i]) || text[i] == '\'' ||
                         text[i] == '.'))
          ++i;
        emit(SourceToken::number, text.substr(start, i - start), line,
             column + static_cast<int>(start));
      } else {
        std::size_t length = 1;
        for (const char *p : kPunctuators)
          if (text.compare(i, std::strlen(p), p) == 0) {
            length = std::strlen(p);
            break;
          }
        emit(SourceToken::punctuator, text.substr(i, length), line,
             column + static_cast<int>(i));
        i += length;
      }
    }
  }

private:
  static std::size_t skip_literal(const std::string &text, std::size_t i) {
    const char quote = text[i++];
    while (i < text.size() && text[i] != quote)
      i += text[i] == '\\' ? 2 : 1;
    return i + 1;
  }

  void emit(SourceToken::Kind kind, std::string text, int line, int column) {
    SourceToken token;
    token.kind = kind;
    token.text = std::move(text);
    token.line = line;
    token.column = column;
    out_->push_back(std::move(token));
  }

  std::vector<SourceToken> *out_;
  bool in_block_comment_ = false;
};

void append_end(std::vector<SourceToken> *tokens, int line, int column) {
  SourceToken end;
  end.line = line;
  end.column = column;
  tokens->push_back(end);
}

} // namespace

std::vector<SourceToken> tokenize_lines(const std::vector<std::string> &lines,
                                        int first_line) {
  std::vector<SourceToken> tokens;
  Lexer lexer(&tokens);
  int line = first_line;
  for (const std::string &text : lines)
    lexer.scan(text, line++, 1);
  append_end(&tokens, line, 1);
  return tokens;
}

std::vector<SourceToken> tokenize_text(const std::string &text, int line,
                                       int column) {
  std::vector<SourceToken> tokens;
  Lexer lexer(&tokens);
  lexer.scan(text, line, column);
  append_end(&tokens, line, column + static_cast<int>(text.size()));
  return tokens;
}

} // namespace ferry
