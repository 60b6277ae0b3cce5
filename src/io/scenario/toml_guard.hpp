// A guard in front of toml++ 3.3 (Debian 12's libtomlplusplus-dev): where the parser looks for white
// space and meets a non-ASCII character of certain blocks (U+00A1-U+0499, U+2FDE-U+33D7 but U+3000,
// U+FB36-U+FEFE) it reaches __builtin_unreachable, i.e. undefined behaviour instead of a syntax
// error (toml++ issue 295, fixed upstream after 3.3; found here by fuzz/ scenario_toml). It looks for
// white space only outside strings, where TOML allows no non-ASCII character at all, and after a
// line-ending backslash in a multi-line basic string. This scan finds those places first.
#pragma once

#include <optional>
#include <string>

namespace ria::io {

struct TomlTextProblem {
  int line = 0, column = 0;  // 1-based; column in bytes
  std::string what;          // what is wrong and what TOML expects there
};

/// The first place where toml++ 3.3 would meet a non-ASCII character while looking for white space:
/// outside quotes and comments (invalid TOML, e.g. `name = Ría` without quotes), or first on the
/// line after a line-ending backslash in a """ string. nullopt when there is none.
std::optional<TomlTextProblem> toml_text_problem(const std::string& text);

}  // namespace ria::io
