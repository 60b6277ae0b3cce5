// Options of the subcommands (option_checks.hpp).
#include "app/option_checks.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>

#include "ria/number_text.hpp"

namespace ria::app {
namespace {

/// A validator for the numbers `ok` accepts, described as "a number <range>".
CLI::Validator number_where(const std::function<bool(double)>& ok, const std::string& range) {
  return CLI::Validator(
      [ok, range](std::string& s) -> std::string {
        const char* begin = s.c_str();
        char* end = nullptr;
        errno = 0;
        const double v = std::strtod(begin, &end);
        if (end == begin || *end != '\0' || errno == ERANGE || !std::isfinite(v))
          return "expected a finite number " + range + ", got '" + s + "'";
        if (!ok(v)) return "expected a number " + range + ", got " + s;
        return "";
      },
      "NUMBER " + range);
}

}  // namespace

CLI::Validator number_in(double lo, double hi) {
  return number_where([lo, hi](double v) { return v >= lo && v <= hi; }, "in [" + number_text(lo) + ", " + number_text(hi) + "]");
}

CLI::Validator whole_number_in(long lo, long hi) {
  const std::string range = "in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
  return CLI::Validator(
      [lo, hi, range](std::string& s) -> std::string {
        const char* begin = s.c_str();
        char* end = nullptr;
        errno = 0;
        const long v = std::strtol(begin, &end, 10);
        if (end == begin || *end != '\0' || errno == ERANGE || v < lo || v > hi)
          return "expected a whole number " + range + ", got '" + s + "'";
        return "";
      },
      "INT " + range);
}

CLI::Validator number_above(double lo) {
  return number_where([lo](double v) { return v > lo; }, "> " + number_text(lo));
}

CLI::Validator whole_number_below_2_64() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        const std::string max = "18446744073709551615";  // 2^64 - 1
        const bool digits = !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
        const std::size_t first = s.find_first_not_of('0');  // leading zeros do not count
        const std::string v = first == std::string::npos ? "0" : s.substr(first);
        if (!digits || v.size() > max.size() || (v.size() == max.size() && v > max))
          return "expected a whole number from 0 to " + max + ", got '" + s + "'";
        return "";
      },
      "UINT64");
}

CLI::Validator non_empty_path() {
  return CLI::Validator([](std::string& s) -> std::string { return s.empty() ? "expected a path, got an empty string" : ""; },
                        "PATH");
}

CLI::Validator output_file_path() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        if (s.empty()) return "expected a path, got an empty string";
        const std::filesystem::path dir = std::filesystem::path(s).parent_path();
        std::error_code ec;
        if (!dir.empty() && !std::filesystem::is_directory(dir, ec))
          return "'" + s + "': the directory '" + dir.string() + "' does not exist";
        if (std::filesystem::is_directory(s, ec)) return "'" + s + "' is a directory; expected a file name";
        return "";
      },
      "PATH");
}

CLI::Validator non_blank_word() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        return s.find_first_not_of(" \t\r\n") == std::string::npos ? "expected a word, got an empty or blank string" : "";
      },
      "WORD");
}

}  // namespace ria::app
