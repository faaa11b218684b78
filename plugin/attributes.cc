// SPDX-License-Identifier: GPL-3.0-or-later
// Registers the [[ferry::...]] attributes and recovers their arguments.
//
// Input: attributes as GCC's C++ parser meets them on declarations.
// Output: each ferry attribute stored on its declaration with the text of
// its arguments and the location of its name (ferry_attributes()).
//
// Why the text: in `void k(std::size_t n, [[ferry::borrow(n)]] double *x)`
// GCC refuses `n` ("use of parameter outside function body"), because the
// argument is parsed before the function body exists.  The attributes are
// registered with max_length -2, which makes the parser skip their argument
// tokens silently, and the handler reads the arguments back from the source
// line (GCC 14 no longer calls such handlers: gcc_compat.h says what
// porting needs).  Only the lines the preprocessor took are read (an
// attribute under `#if 0` is not), and argument_parser.cc expands their
// macros.  kernel_model.cc parses that text against the parameters
// of the definition being compiled, which also works for templates and for
// attributes written on an earlier declaration.
#include "attributes.h"

#include "source_tokens.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace ferry {

namespace {

// How far above a declaration its attribute may be written.
constexpr int kLinesSearched = 60;

tree ferry_identifier() { return get_identifier("ferry"); }

// The name an attribute is stored under.  GCC 12's lookup_attribute ignores
// namespaces, so a stored `ferry::kernel` would read as the nvptx back
// end's own `kernel` attribute (and turn every outlined region into a PTX
// .entry); "ferry:kernel" cannot be written in source, so nothing matches it.
tree stored_name(const char *name) {
  return get_identifier((std::string("ferry:") + name).c_str());
}
const char kStoredPrefix[] = "ferry:";

// The source lines the preprocessor gave tokens of, per file: the lines
// of the branches of `#if` it took.  The text read back keeps only those,
// so an attribute in a branch not taken is not read, and a directive
// between an attribute and its declaration is not in the way.  C++ lexes
// the whole unit before it parses, so every line is known by the time a
// handler reads one.
std::map<std::string, std::vector<bool>> active_lines;
void (*next_line_change)(cpp_reader *, const cpp_token *, int);

void note_active_line(cpp_reader *reader, const cpp_token *token,
                      int parsing_args) {
  if (next_line_change)
    next_line_change(reader, token, parsing_args);
  expanded_location where = expand_location(token->src_loc);
  if (!where.file || where.line <= 0)
    return;
  std::vector<bool> &lines = active_lines[where.file];
  if (lines.size() <= static_cast<std::size_t>(where.line))
    lines.resize(where.line + 1);
  lines[where.line] = true;
}

// Whether LINE of FILE held tokens; true for a file nothing was noted of
// (preprocessed input, say), whose lines are then all read.
bool line_is_active(const char *file, int line) {
  auto found = active_lines.find(file);
  if (found == active_lines.end())
    return true;
  return static_cast<std::size_t>(line) < found->second.size() &&
         found->second[line];
}

} // namespace

void watch_active_lines() {
  cpp_callbacks *callbacks = cpp_get_callbacks(parse_in);
  if (callbacks->line_change == note_active_line)
    return;
  next_line_change = callbacks->line_change;
  callbacks->line_change = note_active_line;
}

location_t source_location_at(location_t anchor, int line, int column) {
  expanded_location where = expand_location(anchor);
  if (where.line == line && column >= where.column)
    return linemap_position_for_loc_and_offset(line_table, anchor,
                                               column - where.column);
  const line_map *map = linemap_lookup(line_table, anchor);
  if (!map || linemap_macro_expansion_map_p(map))
    return anchor;
  const line_map_ordinary *ordinary = linemap_check_ordinary(map);
  if (line < static_cast<int>(ORDINARY_MAP_STARTING_LINE_NUMBER(ordinary)))
    return anchor;
  location_t result =
      linemap_position_for_line_and_column(line_table, ordinary, line, column);
  expanded_location check = expand_location(result);
  if (check.line != line || check.column != column || !check.file ||
      !where.file || std::strcmp(check.file, where.file) != 0)
    return anchor;
  return result;
}

namespace {

struct RecoveredText {
  bool has_arguments = false;
  std::string arguments;
  location_t name_location = UNKNOWN_LOCATION;
  location_t arguments_location = UNKNOWN_LOCATION;
};

bool is_punctuator(const SourceToken &token, const char *text) {
  return token.kind == SourceToken::punctuator && token.text == text;
}

// Finds `ferry :: NAME` written before the declaration at DECL_LOCATION
// and returns its argument text.  For a parameter the search stops at the
// `,` or `(` that starts the parameter, so a neighbour's attribute is never
// taken; for a function it stops at the previous `;`, `{` or `}`.
bool recover_text(location_t decl_location, const char *name, bool is_parameter,
                  RecoveredText *out) {
  if (from_macro_expansion_at(decl_location))
    return false;
  expanded_location where = expand_location(decl_location);
  if (!where.file || where.line <= 0)
    return false;
  const int first_line = std::max(1, where.line - kLinesSearched);
  std::vector<std::string> lines;
  for (int line = first_line; line <= where.line; ++line) {
    char_span text = location_get_source_line(where.file, line);
    if (!text)
      return false;
    if (line_is_active(where.file, line))
      lines.emplace_back(text.get_buffer(), text.length());
    else
      lines.emplace_back(); // a directive, or a branch not taken
  }
  std::vector<SourceToken> tokens = tokenize_lines(lines, first_line);

  // The token naming the declaration.
  std::size_t decl_index = tokens.size();
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i].line == where.line && tokens[i].column == where.column) {
      decl_index = i;
      break;
    }
  if (decl_index == tokens.size())
    return false;

  int depth = 0;
  for (std::size_t i = decl_index; i-- > 0;) {
    const SourceToken &token = tokens[i];
    if (token.kind == SourceToken::punctuator) {
      if (token.text == ")" || token.text == "]" || token.text == "}")
        ++depth;
      else if (token.text == "(" || token.text == "[" || token.text == "{")
        --depth;
      if (depth < 0 || (depth == 0 && (token.text == ";" || token.text == "}" ||
                                       (is_parameter && token.text == ","))))
        return false;
      continue;
    }
    if (token.kind != SourceToken::identifier || token.text != name || i < 2 ||
        !is_punctuator(tokens[i - 1], "::") || tokens[i - 2].text != "ferry")
      continue;

    out->name_location =
        source_location_at(decl_location, token.line, token.column);
    const SourceToken &open = tokens[i + 1];
    if (!is_punctuator(open, "("))
      return true;
    // Collect the balanced argument text, line by line.
    int nesting = 0;
    std::size_t close = i + 1;
    for (; close < tokens.size() && tokens[close].kind != SourceToken::end;
         ++close) {
      if (is_punctuator(tokens[close], "("))
        ++nesting;
      else if (is_punctuator(tokens[close], ")") && --nesting == 0)
        break;
    }
    if (close >= tokens.size() || tokens[close].kind == SourceToken::end)
      return false;
    out->has_arguments = true;
    out->arguments_location =
        source_location_at(decl_location, open.line, open.column + 1);
    const SourceToken &last = tokens[close];
    for (int line = open.line; line <= last.line; ++line) {
      const std::string &text = lines[line - first_line];
      std::size_t from = line == open.line ? open.column : 0;
      std::size_t to = line == last.line ? last.column - 1 : text.size();
      if (!out->arguments.empty())
        out->arguments += ' ';
      out->arguments += text.substr(from, to - from);
    }
    return true;
  }
  return false;
}

tree handle_ferry_attribute(tree *node, tree name, tree, int,
                            bool *no_add_attrs) {
  // The attribute is stored below, with its recovered arguments.
  *no_add_attrs = true;
  tree decl = *node;
  const char *attribute = IDENTIFIER_POINTER(name);
  const bool kernel = std::strcmp(attribute, "kernel") == 0;
  location_t location =
      DECL_P(decl) ? DECL_SOURCE_LOCATION(decl) : input_location;

  if (kernel && TREE_CODE(decl) != FUNCTION_DECL) {
    error_at(location, "%<ferry::kernel%> applies to functions");
    inform(location, "put it before the loop function that should run on "
                     "the GPU");
    return NULL_TREE;
  }
  const bool parameter = TREE_CODE(decl) == PARM_DECL;
  if (!kernel && !parameter && TREE_CODE(decl) != FIELD_DECL) {
    error_at(location,
             "%<ferry::%s%> applies to pointer parameters of a "
             "%<[[ferry::kernel]]%> function and to pointer members of "
             "structs",
             attribute);
    inform(location, "move it onto the pointer parameter or member that "
                     "holds the array");
    return NULL_TREE;
  }

  RecoveredText text;
  if (!recover_text(location, attribute, parameter, &text)) {
    error_at(location,
             "cannot read the arguments of %<ferry::%s%> from the source",
             attribute);
    inform(location,
           "write the attribute as %<[[ferry::%s(...)]]%> in the declaration "
           "itself, not through a macro",
           attribute);
    return NULL_TREE;
  }

  tree value = tree_cons(
      NULL_TREE,
      text.has_arguments
          ? build_string(text.arguments.size(), text.arguments.c_str())
          : NULL_TREE,
      tree_cons(
          NULL_TREE, build_int_cst(unsigned_type_node, text.name_location),
          tree_cons(NULL_TREE,
                    build_int_cst(unsigned_type_node, text.arguments_location),
                    NULL_TREE)));
  // The same declaration seen again (a redeclaration) adds nothing.
  tree stored = stored_name(attribute);
  for (tree a = DECL_ATTRIBUTES(decl); a; a = TREE_CHAIN(a))
    if (get_attribute_namespace(a) == ferry_identifier() &&
        get_attribute_name(a) == stored &&
        simple_cst_equal(TREE_VALUE(TREE_VALUE(a)), TREE_VALUE(value)) == 1 &&
        tree_int_cst_equal(TREE_VALUE(TREE_CHAIN(TREE_VALUE(a))),
                           TREE_VALUE(TREE_CHAIN(value))))
      return NULL_TREE;
  DECL_ATTRIBUTES(decl) = tree_cons(build_tree_list(ferry_identifier(), stored),
                                    value, DECL_ATTRIBUTES(decl));
  return NULL_TREE;
}

// The parser skips the argument tokens (see the top).
constexpr attribute_spec ferry_attribute(const char *name) {
  return gcc::decl_attribute(name, gcc::unparsed_arguments,
                             handle_ferry_attribute);
}

const attribute_spec kFerryAttributes[] = {
    ferry_attribute("kernel"),     ferry_attribute("borrow"),
    ferry_attribute("borrow_mut"), ferry_attribute("out"),
    ferry_attribute("scratch"),    ferry_attribute("shared_mut"),
    gcc::end_of_attributes()};

} // namespace

void register_attributes() {
  gcc::register_scoped_attributes(kFerryAttributes, "ferry");
}

std::vector<FerryAttribute> ferry_attributes(tree decl) {
  std::vector<FerryAttribute> result;
  for (tree a = DECL_ATTRIBUTES(decl); a; a = TREE_CHAIN(a)) {
    const char *stored = IDENTIFIER_POINTER(get_attribute_name(a));
    if (get_attribute_namespace(a) != ferry_identifier() ||
        std::strncmp(stored, kStoredPrefix, sizeof kStoredPrefix - 1) != 0)
      continue;
    tree value = TREE_VALUE(a);
    FerryAttribute attribute;
    attribute.name = stored + sizeof kStoredPrefix - 1;
    if (tree text = TREE_VALUE(value)) {
      attribute.has_arguments = true;
      attribute.arguments.assign(TREE_STRING_POINTER(text),
                                 TREE_STRING_LENGTH(text));
    }
    attribute.location = TREE_INT_CST_LOW(TREE_VALUE(TREE_CHAIN(value)));
    attribute.arguments_location =
        TREE_INT_CST_LOW(TREE_VALUE(TREE_CHAIN(TREE_CHAIN(value))));
    result.push_back(std::move(attribute));
  }
  std::reverse(result.begin(), result.end());
  return result;
}

void add_kernel_attribute(tree fndecl) {
  location_t where = DECL_SOURCE_LOCATION(fndecl);
  tree value = tree_cons(
      NULL_TREE, NULL_TREE,
      tree_cons(NULL_TREE, build_int_cst(unsigned_type_node, where),
                tree_cons(NULL_TREE, build_int_cst(unsigned_type_node, where),
                          NULL_TREE)));
  DECL_ATTRIBUTES(fndecl) =
      tree_cons(build_tree_list(ferry_identifier(), stored_name("kernel")),
                value, DECL_ATTRIBUTES(fndecl));
}

bool has_ferry_attribute(tree decl, const char *name) {
  for (const FerryAttribute &attribute : ferry_attributes(decl))
    if (attribute.name == name)
      return true;
  return false;
}

location_t location_in_text(location_t location, int columns) {
  if (location == UNKNOWN_LOCATION || columns <= 0 ||
      from_macro_expansion_at(location))
    return location;
  return linemap_position_for_loc_and_offset(line_table, location, columns);
}

} // namespace ferry
