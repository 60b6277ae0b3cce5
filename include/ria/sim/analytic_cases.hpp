// The analytic cases, by name: the one list from which `ria validate`, a scenario's
// domain.analytic (with source = "analytic"), the validation scenarios scenarios/validate/NAME.toml
// and the per-case ctest tests (tests/CMakeLists.txt reads the names from this file) take them.
// Each case is set up in src/validate/problems.cpp and scored in src/validate/case_*.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace ria::sim {

enum class AnalyticCase { lake_at_rest, ritter, stoker, thacker, tracer, water_column, bump };

struct NamedAnalyticCase {
  const char* name;
  AnalyticCase c;
};

/// Every case with its name, in the order `ria validate all` runs them.
inline constexpr NamedAnalyticCase kAnalyticCases[] = {
    {"lake_at_rest", AnalyticCase::lake_at_rest},
    {"ritter", AnalyticCase::ritter},
    {"stoker", AnalyticCase::stoker},
    {"thacker", AnalyticCase::thacker},
    {"tracer", AnalyticCase::tracer},
    {"water_column", AnalyticCase::water_column},
    {"bump", AnalyticCase::bump},
};

inline const char* name_of(AnalyticCase c) {
  for (const NamedAnalyticCase& n : kAnalyticCases)
    if (n.c == c) return n.name;
  return "unknown analytic case";  // not reached: kAnalyticCases names every case
}

inline std::optional<AnalyticCase> analytic_case_named(const std::string& name) {
  for (const NamedAnalyticCase& n : kAnalyticCases)
    if (name == n.name) return n.c;
  return std::nullopt;
}

inline std::vector<std::string> analytic_case_names() {
  std::vector<std::string> out;
  for (const NamedAnalyticCase& n : kAnalyticCases) out.push_back(n.name);
  return out;
}

}  // namespace ria::sim
