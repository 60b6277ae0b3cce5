// The lower case of a file's words (keys, units, station names), compared without regard to case.
#pragma once

#include <cctype>
#include <string>

namespace ria::io {

/// `s` with its ASCII letters in lower case (bytes of other encodings unchanged).
inline std::string lower_case(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace ria::io
