// SPDX-License-Identifier: GPL-3.0-or-later
// See argument_parser.h.
#include "argument_parser.h"

#include "attributes.h"
#include "source_tokens.h"
#include "tree_utils.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace ferry {

namespace {

// The text is read from the source, before the preprocessor (see
// source_tokens.h), so its macros are expanded here as the preprocessor
// would: object-like and function-like macros of the user's, with their
// arguments expanded first, and none inside its own expansion.  A macro
// whose body stringizes or pastes (# and ##) stays unexpanded, and the
// parser then names it.  The expansion takes the place, for errors, of
// the macro's name.
class MacroExpansion {
public:
  std::vector<SourceToken> expand(const std::vector<SourceToken> &tokens) {
    std::vector<SourceToken> out;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      const SourceToken &token = tokens[i];
      cpp_hashnode *node = macro(token);
      if (!node) {
        out.push_back(token);
        continue;
      }
      std::vector<std::string> parameters;
      std::vector<SourceToken> body;
      if (!definition(node, &parameters, &body)) {
        out.push_back(token);
        continue;
      }
      if (cpp_fun_like_macro_p(node)) {
        std::vector<std::vector<SourceToken>> arguments;
        std::size_t next = i + 1;
        if (!read_arguments(tokens, &next, &arguments) ||
            arguments.size() != std::max<std::size_t>(parameters.size(), 1)) {
          out.push_back(token); // not a call of it: the name stays
          continue;
        }
        body = substitute(body, parameters, arguments);
        i = next - 1;
      }
      active_.push_back(token.text);
      for (SourceToken replaced : expand(body)) {
        if (replaced.kind == SourceToken::end)
          continue;
        replaced.line = token.line;
        replaced.column = token.column;
        out.push_back(replaced);
      }
      active_.pop_back();
    }
    return out;
  }

private:
  cpp_hashnode *macro(const SourceToken &token) const {
    if (token.kind != SourceToken::identifier ||
        std::find(active_.begin(), active_.end(), token.text) != active_.end())
      return nullptr;
    cpp_hashnode *node = cpp_lookup(
        parse_in, reinterpret_cast<const unsigned char *>(token.text.c_str()),
        token.text.size());
    return node && cpp_user_macro_p(node) ? node : nullptr;
  }

  // "NAME(a, b) body" or "NAME body", as cpp_macro_definition spells it.
  static bool definition(cpp_hashnode *node, std::vector<std::string> *params,
                         std::vector<SourceToken> *body) {
    std::string text =
        reinterpret_cast<const char *>(cpp_macro_definition(parse_in, node));
    std::size_t start = NODE_LEN(node);
    if (cpp_fun_like_macro_p(node)) {
      std::size_t close = text.find(')', start);
      if (close == std::string::npos)
        return false;
      for (const SourceToken &param :
           tokenize_text(text.substr(start + 1, close - start - 1), 1, 1))
        if (param.kind == SourceToken::identifier)
          params->push_back(param.text);
        else if (param.kind != SourceToken::end && param.text != ",")
          return false; // variadic
      start = close + 1;
    }
    if (text.find('#', start) != std::string::npos)
      return false;
    *body = tokenize_text(text.substr(start), 1, 1);
    return true;
  }

  // The parenthesised, comma-separated arguments at TOKENS[*NEXT].
  static bool read_arguments(const std::vector<SourceToken> &tokens,
                             std::size_t *next,
                             std::vector<std::vector<SourceToken>> *arguments) {
    if (*next >= tokens.size() || tokens[*next].text != "(")
      return false;
    arguments->emplace_back();
    int depth = 0;
    for (std::size_t i = *next + 1; i < tokens.size(); ++i) {
      const SourceToken &token = tokens[i];
      if (token.kind == SourceToken::end)
        return false;
      if (token.kind == SourceToken::punctuator) {
        if (token.text == "(")
          ++depth;
        else if (token.text == ")" && depth-- == 0) {
          *next = i + 1;
          return true;
        } else if (token.text == "," && depth == 0) {
          arguments->emplace_back();
          continue;
        }
      }
      arguments->back().push_back(token);
    }
    return false;
  }

  std::vector<SourceToken>
  substitute(const std::vector<SourceToken> &body,
             const std::vector<std::string> &parameters,
             const std::vector<std::vector<SourceToken>> &arguments) {
    std::vector<SourceToken> out;
    for (const SourceToken &token : body) {
      auto parameter =
          std::find(parameters.begin(), parameters.end(), token.text);
      if (token.kind != SourceToken::identifier ||
          parameter == parameters.end()) {
        out.push_back(token);
        continue;
      }
      for (const SourceToken &argument :
           expand(arguments[parameter - parameters.begin()]))
        out.push_back(argument);
    }
    return out;
  }

  std::vector<std::string> active_; // the macros being expanded
};

class Parser {
public:
  Parser(const std::string &text, tree fndecl, location_t location,
         const char *attribute, const MemberScope *members = nullptr)
      : tokens_(MacroExpansion().expand(tokenize_text(text, 1, 1))),
        fndecl_(fndecl), location_(location), attribute_(attribute),
        members_(members) {}

  // The length is computed in the types the program declared, with C++'s
  // promotions and conversions (an unsigned product wraps as it does in
  // the loop), and handed on as a long long.
  tree length() {
    tree value = expression();
    if (value && !at_end()) {
      error_here("unexpected %qs", peek().text.c_str());
      return NULL_TREE;
    }
    return value ? fold_convert(result_type(), value) : NULL_TREE;
  }

  bool kernel_options(KernelOptions *options) {
    while (!at_end()) {
      const SourceToken &name = peek();
      if (name.kind != SourceToken::identifier) {
        error_here("expected %<threads(N)%> or %<teams(N)%>, not %qs",
                   name.text.c_str());
        return false;
      }
      tree *slot = name.text == "threads" ? &options->threads
                   : name.text == "teams" ? &options->teams
                                          : nullptr;
      if (!slot) {
        error_here("unknown kernel option %qs; the options are "
                   "%<threads(N)%> and %<teams(N)%>",
                   name.text.c_str());
        return false;
      }
      if (*slot) {
        error_here("kernel option %qs given twice", name.text.c_str());
        return false;
      }
      ++position_;
      if (!expect("("))
        return false;
      *slot = expression();
      if (!*slot || !expect(")"))
        return false;
      if (!at_end() && !expect(","))
        return false;
    }
    return true;
  }

private:
  // expression := term (('+' | '-') term)*
  tree expression() {
    tree left = term();
    while (left && (is("+") || is("-"))) {
      tree_code code = is("+") ? PLUS_EXPR : MINUS_EXPR;
      ++position_;
      tree right = term();
      if (!right)
        return NULL_TREE;
      left = arithmetic(code, left, right);
    }
    return left;
  }

  // term := unary (('*' | '/' | '%') unary)*
  tree term() {
    tree left = unary();
    while (left && (is("*") || is("/") || is("%"))) {
      tree_code code = is("*")   ? MULT_EXPR
                       : is("/") ? TRUNC_DIV_EXPR
                                 : TRUNC_MOD_EXPR;
      const SourceToken &op = peek();
      ++position_;
      tree right = unary();
      if (!right)
        return NULL_TREE;
      if (code != MULT_EXPR && integer_zerop(right)) {
        error_at_token(op, "division by zero");
        return NULL_TREE;
      }
      left = arithmetic(code, left, right);
    }
    return left;
  }

  // unary := ('+' | '-') unary | primary
  tree unary() {
    if (is("+") || is("-")) {
      bool negate = is("-");
      ++position_;
      tree operand = unary();
      if (!operand || !negate)
        return operand;
      operand = cp_perform_integral_promotions(operand, tf_none);
      return fold_build1(NEGATE_EXPR, TREE_TYPE(operand), operand);
    }
    return primary();
  }

  // LEFT CODE RIGHT after C++'s usual arithmetic conversions.
  static tree arithmetic(tree_code code, tree left, tree right) {
    left = cp_perform_integral_promotions(left, tf_none);
    right = cp_perform_integral_promotions(right, tf_none);
    tree type = common_type(TREE_TYPE(left), TREE_TYPE(right));
    return fold_build2(code, type, fold_convert(type, left),
                       fold_convert(type, right));
  }

  // primary := number | identifier | '(' expression ')'
  tree primary() {
    const SourceToken &token = peek();
    if (is("(")) {
      ++position_;
      tree inner = expression();
      if (!inner || !expect(")"))
        return NULL_TREE;
      return inner;
    }
    if (token.kind == SourceToken::number) {
      ++position_;
      return number(token);
    }
    if (token.kind == SourceToken::identifier ||
        (is("::") && tokens_[position_ + 1].kind == SourceToken::identifier))
      return qualified_name();
    if (token.kind == SourceToken::end)
      error_here("expected an element count");
    else
      error_here("expected an element count, not %qs", token.text.c_str());
    return NULL_TREE;
  }

  tree number(const SourceToken &token) {
    std::string digits;
    for (char c : token.text)
      if (c != '\'')
        digits += c;
    // The integer suffixes (u, l, ll, z in any case and order).
    std::string suffix;
    while (!digits.empty() && std::strchr("uUlLzZ", digits.back())) {
      suffix.insert(suffix.begin(), std::tolower(digits.back()));
      digits.pop_back();
    }
    errno = 0;
    char *end = nullptr;
    unsigned long long value = std::strtoull(digits.c_str(), &end, 0);
    tree type = NULL_TREE;
    if (!digits.empty() && *end == '\0' && errno != ERANGE)
      type = literal_type(value, digits[0] != '0' || digits.size() == 1,
                          suffix);
    if (!type) {
      error_at_token(token, "%qs is not an integer element count",
                     token.text.c_str());
      return NULL_TREE;
    }
    return wide_int_to_tree(type, wi::uhwi(value, HOST_BITS_PER_WIDE_INT));
  }

  // The type C++ gives an integer literal of VALUE: the first of its
  // suffix's list that holds it, where octal and hexadecimal literals may
  // also take the unsigned types.
  static tree literal_type(unsigned long long value, bool decimal,
                           const std::string &suffix) {
    const bool is_unsigned = suffix.find('u') != std::string::npos;
    const std::size_t longs = std::count(suffix.begin(), suffix.end(), 'l');
    std::vector<tree> candidates;
    if (suffix.find('z') != std::string::npos) {
      candidates = {is_unsigned ? size_type_node : ptrdiff_type_node};
    } else {
      const tree signed_types[] = {integer_type_node, long_integer_type_node,
                                   long_long_integer_type_node};
      const tree unsigned_types[] = {unsigned_type_node,
                                     long_unsigned_type_node,
                                     long_long_unsigned_type_node};
      for (std::size_t rank = std::min<std::size_t>(longs, 2); rank < 3;
           ++rank) {
        if (!is_unsigned)
          candidates.push_back(signed_types[rank]);
        if (is_unsigned || !decimal)
          candidates.push_back(unsigned_types[rank]);
      }
    }
    for (tree type : candidates)
      if (wi::fits_to_tree_p(wi::uhwi(value, HOST_BITS_PER_WIDE_INT), type))
        return type;
    return NULL_TREE;
  }

  // name, ns::name, ::ns::Class::name
  tree qualified_name() {
    const SourceToken &first = peek();
    bool global = is("::");
    if (global)
      ++position_;
    std::vector<const SourceToken *> parts;
    parts.push_back(&peek());
    ++position_;
    while (is("::") && tokens_[position_ + 1].kind == SourceToken::identifier) {
      ++position_;
      parts.push_back(&peek());
      ++position_;
    }
    if (!global && parts.size() == 1)
      return name(*parts[0]);
    tree scope = global ? global_namespace : find_scope(*parts[0]);
    for (std::size_t i = global ? 0 : 1; scope && i + 1 < parts.size(); ++i)
      scope = member_scope(scope, *parts[i]);
    if (scope)
      if (tree value =
              constant_in(scope, get_identifier(parts.back()->text.c_str())))
        return value;
    std::string spelled = global ? "::" : "";
    for (std::size_t i = 0; i < parts.size(); ++i)
      spelled += (i ? "::" : "") + parts[i]->text;
    error_at_token(first, "%qs is not an integral constant", spelled.c_str());
    return NULL_TREE;
  }

  // A namespace or class named ID, looked up from the kernel outwards.
  tree find_scope(const SourceToken &token) {
    for (tree scope = CP_DECL_CONTEXT(fndecl_); scope;
         scope = CP_DECL_CONTEXT(scope)) {
      if (tree found = member_scope(scope, token))
        return found;
      if (scope == global_namespace)
        break;
    }
    return NULL_TREE;
  }

  static tree member_scope(tree scope, const SourceToken &token) {
    tree found = lookup_qualified_name(
        scope, get_identifier(token.text.c_str()), LOOK_want::NORMAL, false);
    if (!found || found == error_mark_node)
      return NULL_TREE;
    if (TREE_CODE(found) == NAMESPACE_DECL)
      return ORIGINAL_NAMESPACE(found);
    if (TREE_CODE(found) == TYPE_DECL && CLASS_TYPE_P(TREE_TYPE(found)))
      return TREE_TYPE(found);
    return NULL_TREE;
  }

  // The value of the integral constant ID declared in SCOPE.
  static tree constant_in(tree scope, tree id) {
    tree found = lookup_qualified_name(scope, id, LOOK_want::NORMAL, false);
    if (!found || found == error_mark_node)
      return NULL_TREE;
    tree value = NULL_TREE;
    if (TREE_CODE(found) == CONST_DECL)
      value = DECL_INITIAL(found);
    else if (VAR_P(found) && decl_constant_var_p(found))
      value = maybe_constant_value(found);
    if (value && TREE_CODE(value) == INTEGER_CST)
      return integral(value);
    return NULL_TREE;
  }

  // VALUE as an operand of the length's arithmetic: an enumerator as its
  // underlying type, as C++'s arithmetic takes it.
  static tree integral(tree value) {
    tree type = TREE_TYPE(value);
    if (TREE_CODE(type) == ENUMERAL_TYPE)
      return fold_convert(ENUM_UNDERLYING_TYPE(type), value);
    return value;
  }

  tree name(const SourceToken &token) {
    tree id = get_identifier(token.text.c_str());
    if (members_)
      return member(token, id);
    for (tree parm = DECL_ARGUMENTS(fndecl_); parm; parm = DECL_CHAIN(parm)) {
      if (DECL_NAME(parm) != id)
        continue;
      if (is("."))
        return member_of(parm);
      if (!INTEGRAL_TYPE_P(TREE_TYPE(parm))) {
        error_at_token(token,
                       "parameter %qD of type %qT cannot be an element count",
                       parm, TREE_TYPE(parm));
        return NULL_TREE;
      }
      return integral(parm);
    }
    if (tree value = template_argument(id))
      return value;
    if (tree value = named_constant(id))
      return value;
    error_at_token(token,
                   "%qs is not a parameter of %qD or an integral constant",
                   token.text.c_str(), fndecl_);
    return NULL_TREE;
  }

  // `d.n`, `mesh.field.nx`: an integral member of a struct parameter
  // (kernel_views.cc replaces it with the value read at the start).
  tree member_of(tree parm) {
    tree object = parm;
    if (TYPE_REF_P(TREE_TYPE(parm)))
      object = build1(INDIRECT_REF, TREE_TYPE(TREE_TYPE(parm)), parm);
    while (is(".")) {
      ++position_;
      const SourceToken &token = peek();
      tree type = TREE_TYPE(object);
      if (token.kind != SourceToken::identifier || !CLASS_TYPE_P(type)) {
        error_here("expected a member of %qT", type);
        return NULL_TREE;
      }
      ++position_;
      std::vector<tree> fields;
      if (!member_path(type, token.text.c_str(), &fields)) {
        error_at_token(token, "%qT has no member %qs", type,
                       token.text.c_str());
        return NULL_TREE;
      }
      for (tree field : fields)
        object =
            build3(COMPONENT_REF, TREE_TYPE(field), object, field, NULL_TREE);
    }
    if (!INTEGRAL_TYPE_P(TREE_TYPE(object))) {
      error_at_token(tokens_[position_ - 1],
                     "member of type %qT cannot be an element count",
                     TREE_TYPE(object));
      return NULL_TREE;
    }
    return integral(object);
  }

  // A length on a struct member names the struct's other members.
  tree member(const SourceToken &token, tree id) {
    std::vector<tree> fields;
    if (member_path(members_->record, IDENTIFIER_POINTER(id), &fields)) {
      tree field = fields.back();
      if (!INTEGRAL_TYPE_P(TREE_TYPE(field))) {
        error_at_token(token,
                       "member %qD of type %qT cannot be an element count",
                       field, TREE_TYPE(field));
        return NULL_TREE;
      }
      return integral(members_->value(fields));
    }
    if (tree value = constant_in(members_->record, id))
      return value;
    if (tree value = named_constant(id))
      return value;
    error_at_token(token,
                   "%qs is not a member of %qT or an integral constant; the "
                   "length of a member is an expression of the other members",
                   token.text.c_str(), members_->record);
    return NULL_TREE;
  }

  // A non-type template argument of the instantiation being compiled.
  tree template_argument(tree id) {
    if (!DECL_LANG_SPECIFIC(fndecl_) || !DECL_TEMPLATE_INFO(fndecl_) ||
        !DECL_TEMPLATE_INSTANTIATION(fndecl_))
      return NULL_TREE;
    tree tmpl = DECL_TI_TEMPLATE(fndecl_);
    tree args = DECL_TI_ARGS(fndecl_);
    if (TREE_CODE(tmpl) != TEMPLATE_DECL)
      return NULL_TREE;
    for (tree level = DECL_TEMPLATE_PARMS(tmpl); level;
         level = TREE_CHAIN(level)) {
      tree parms = TREE_VALUE(level);
      int depth = TMPL_PARMS_DEPTH(level);
      for (int i = 0; i < TREE_VEC_LENGTH(parms); ++i) {
        tree parm = TREE_VALUE(TREE_VEC_ELT(parms, i));
        if (TREE_CODE(parm) != PARM_DECL || DECL_NAME(parm) != id)
          continue;
        if (depth > TMPL_ARGS_DEPTH(args))
          return NULL_TREE;
        tree value = TMPL_ARG(args, depth, i);
        if (value && TREE_CODE(value) == INTEGER_CST)
          return integral(value);
      }
    }
    return NULL_TREE;
  }

  // An integral constant (constexpr variable or enumerator) visible from the
  // kernel's class or namespace.
  tree named_constant(tree id) {
    for (tree scope = CP_DECL_CONTEXT(fndecl_); scope;
         scope = CP_DECL_CONTEXT(scope)) {
      if (tree value = constant_in(scope, id))
        return value;
      if (scope == global_namespace)
        break;
    }
    return NULL_TREE;
  }

  static tree result_type() { return long_long_integer_type_node; }

  const SourceToken &peek() const { return tokens_[position_]; }
  bool at_end() const { return peek().kind == SourceToken::end; }
  bool is(const char *punctuator) const {
    return peek().kind == SourceToken::punctuator && peek().text == punctuator;
  }
  bool expect(const char *punctuator) {
    if (is(punctuator)) {
      ++position_;
      return true;
    }
    if (at_end())
      error_here("expected %qs", punctuator);
    else
      error_here("expected %qs, not %qs", punctuator, peek().text.c_str());
    return false;
  }

  template <typename... Args>
  void error_at_token(const SourceToken &token, const char *format,
                      Args... args) {
    auto_diagnostic_group group;
    error_at(location_in_text(location_, token.column - 1), format, args...);
    inform(location_, "in the arguments of %<ferry::%s%>", attribute_);
  }
  template <typename... Args>
  void error_here(const char *format, Args... args) {
    error_at_token(peek(), format, args...);
  }

  std::vector<SourceToken> tokens_;
  std::size_t position_ = 0;
  tree fndecl_;
  location_t location_;
  const char *attribute_;
  const MemberScope *members_;
};

} // namespace

tree parse_length(const std::string &text, tree fndecl, location_t location,
                  const char *attribute, const MemberScope *members) {
  return Parser(text, fndecl, location, attribute, members).length();
}

bool parse_kernel_options(const std::string &text, tree fndecl,
                          location_t location, KernelOptions *options) {
  return Parser(text, fndecl, location, "kernel").kernel_options(options);
}

} // namespace ferry
