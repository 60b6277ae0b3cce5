// toml_guard.hpp: a small TOML lexer that knows strings and comments, nothing else.
#include "io/scenario/toml_guard.hpp"

#include <cstdio>

namespace ria::io {
namespace {

bool non_ascii(char c) { return static_cast<unsigned char>(c) >= 0x80; }

/// "U+00ED" of the UTF-8 sequence at s[k] (or the byte when it is not valid UTF-8).
std::string code_point(const std::string& s, std::size_t k) {
  const unsigned char b = static_cast<unsigned char>(s[k]);
  const int len = b >= 0xF8 ? 0 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : b >= 0x80 ? 0 : 1;
  char buf[48];
  // A byte that starts no UTF-8 sequence (a continuation byte, 0xF8-0xFF), or a sequence cut short,
  // overlong or past U+10FFFF, is no character: the file is not UTF-8 (UTF-16, Latin-1).
  std::snprintf(buf, sizeof buf, "byte 0x%02X (not UTF-8)", b);
  if (len == 0 || k + len > s.size()) return buf;
  unsigned cp = len == 1 ? b : b & (0x7F >> len);
  for (int i = 1; i < len; ++i) {
    const unsigned char c = static_cast<unsigned char>(s[k + i]);
    if ((c & 0xC0) != 0x80) return buf;
    cp = (cp << 6) | (c & 0x3F);
  }
  const unsigned least[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (len > 1 && (cp < least[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))) return buf;
  std::snprintf(buf, sizeof buf, len == 1 ? "byte 0x%02X" : "U+%04X", cp);
  return buf;
}

}  // namespace

std::optional<TomlTextProblem> toml_text_problem(const std::string& s) {
  enum class In { code, comment, basic, literal, ml_basic, ml_literal } in = In::code;
  // A quote opens a string only where a key or value starts (line start, after = [ { , or a dot);
  // elsewhere it is part of a bare token (6599'0), which toml++ reads on as a number or key.
  char prev = '\n';
  auto token_start = [&] { return prev == '\n' || prev == '=' || prev == '[' || prev == '{' || prev == ',' || prev == '.'; };
  int line = 1;
  std::size_t line_start = 0;
  auto problem = [&](std::size_t k, const std::string& why) {
    return TomlTextProblem{line, static_cast<int>(k - line_start) + 1, "the character " + code_point(s, k) + " " + why};
  };
  const std::string ml_basic = "\"\"\"", ml_literal = "'''";
  auto starts = [&](std::size_t k, const std::string& q) { return s.compare(k, q.size(), q) == 0; };
  for (std::size_t k = 0; k < s.size(); ++k) {
    const char c = s[k];
    if (c == '\n') {
      ++line, line_start = k + 1, prev = '\n';
      if (in == In::comment || in == In::basic || in == In::literal) in = In::code;  // (an open string is toml++'s error)
      continue;
    }
    switch (in) {
      case In::code:
        if (c == '#') {
          in = In::comment;
        } else if (token_start() && starts(k, ml_basic)) {
          in = In::ml_basic, k += 2;
        } else if (token_start() && starts(k, ml_literal)) {
          in = In::ml_literal, k += 2;
        } else if (token_start() && c == '"') {
          in = In::basic;
        } else if (token_start() && c == '\'') {
          in = In::literal;
        } else if (non_ascii(c)) {
          return problem(k, "is outside quotes: TOML allows non-ASCII text only in \"strings\" and # comments "
                            "(a name or unit without its quotes?)");
        }
        if (c != ' ' && c != '\t' && c != '\r') prev = in == In::code ? c : 'q';  // 'q': a string was opened
        break;
      case In::comment: break;
      case In::basic:
        if (c == '\\') ++k;
        else if (c == '"') in = In::code;
        break;
      case In::literal:
        if (c == '\'') in = In::code;
        break;
      case In::ml_literal:
        if (starts(k, ml_literal)) in = In::code, k += 2;
        break;
      case In::ml_basic:
        if (starts(k, ml_basic)) {
          in = In::code, k += 2;
        } else if (c == '\\') {
          // A line-ending backslash: toml++ skips the white space and newlines that follow.
          std::size_t j = k + 1;
          while (j < s.size() && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r')) ++j;
          if (j < s.size() && s[j] == '\n') {
            while (j < s.size() && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r' || s[j] == '\n')) {
              if (s[j] == '\n') ++line, line_start = j + 1;
              ++j;
            }
            if (j < s.size() && non_ascii(s[j]))
              return problem(j, "follows a line-ending backslash in a \"\"\" string, which this toml++ (3.3) cannot "
                                "read; move it to the end of the previous line");
            k = j - 1;
          } else {
            ++k;  // an escape such as \" or \\ .
          }
        }
        break;
    }
  }
  return std::nullopt;
}

}  // namespace ria::io
