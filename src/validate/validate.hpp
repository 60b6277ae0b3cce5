// `ria validate`: the exact-solution cases of the shallow-water solver.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ria/config.hpp"
#include "ria/exec/backend.hpp"

namespace ria::validate {

/// One measured number and its bound. at_least: pass when value >= bound (observed orders).
struct Norm {
  std::string name;
  double value = 0;
  double bound = 0;
  bool at_least = false;
  bool pass() const { return at_least ? value >= bound : value <= bound; }
};

struct CaseResult {
  std::string name;        // case name (with a suffix such as "/x" for variants)
  std::string resolution;  // e.g. "800x4" or "100,200,400"
  std::vector<Norm> norms;
  std::string note;
  bool pass() const {
    for (const Norm& n : norms)
      if (!n.pass()) return false;
    return !norms.empty();
  }
};

struct Options {
  exec::Backend backend = exec::Backend::serial;
  std::string kernel = "default";
  Precision precision = Precision::f64;
  int resolution = 0;  // 0: the case's default
};

/// Runs one case of sim/analytic_cases.hpp by its name (throws std::invalid_argument for an
/// unknown name).
std::vector<CaseResult> run_case(const std::string& name, const Options& opt);
/// std::invalid_argument naming the known cases unless `name` is one (what run_case refuses).
void require_case(const std::string& name);

std::string format_table(const std::vector<CaseResult>& results);
std::string to_json(const std::vector<CaseResult>& results, const Options& opt);

}  // namespace ria::validate
