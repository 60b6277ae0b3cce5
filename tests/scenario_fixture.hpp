// Helpers of the scenario-reader tests (test_scenario.cpp, test_scenario_errors.cpp).
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "io/io_error.hpp"
#include "io/scenario/scenario_toml.hpp"

namespace ria::test {

namespace fs = std::filesystem;
using io::InputError;
using io::IoError;

/// A fresh directory under the test temp dir.
inline std::string temp_dir(const std::string& name) {
  const fs::path d = fs::path(testing::TempDir()) / ("ria_scenario_" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d.string();
}

inline void write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

inline bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

/// 1-based line of the first line containing `needle`.
inline int line_of(const std::string& text, const std::string& needle) {
  int line = 1;
  const auto pos = text.find(needle);
  for (std::size_t i = 0; i < pos && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

inline const std::string kMinimal = R"(
[domain]
source = "synthetic_estuary"
[time]
duration = "2 h"
)";

inline std::string error_of(const std::string& text, const std::vector<std::string>& overrides = {}) {
  try {
    io::parse_scenario(text, "scn.toml", "/base", overrides);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

/// Expects an InputError "scn.toml:LINE: ..." whose message has `words`.
inline void expect_error(const std::string& text, int line, const std::string& words) {
  const std::string m = error_of(text);
  const std::string prefix = "scn.toml:" + std::to_string(line) + ": ";
  EXPECT_EQ(m.rfind(prefix, 0), 0u) << "expected prefix " << prefix << "\n  got: " << m;
  EXPECT_TRUE(contains(m, words)) << "expected '" << words << "'\n  got: " << m;
}

/// Same where LINE is the first line of `text` that holds `at`.
inline void expect_error(const std::string& text, const std::string& at, const std::string& words) {
  expect_error(text, line_of(text, at), words);
}

}  // namespace ria::test
