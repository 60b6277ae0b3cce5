// ria validate [CASE|all] [--backend B] [--kernel K] [--precision P] [--resolution N] [--json FILE]
#include <CLI/CLI.hpp>
#include <iostream>

#include "app/option_checks.hpp"
#include "app/domain.hpp"
#include "app/options.hpp"
#include "io/io_error.hpp"
#include "io/json.hpp"
#include "ria/sim/analytic_cases.hpp"
#include "ria/sim/scenario.hpp"
#include "ria/swe/solver.hpp"
#include "validate/problems.hpp"
#include "validate/validate.hpp"

namespace ria::app {
namespace {

struct ValidateArgs {
  std::string which = "all";
  BackendChoice backend;
  int resolution = 0;
  std::string json;
};

/// The fewest cells along a case's main axis that --resolution takes (as domain.cells).
constexpr int kMinResolution = sim::DomainSpec::kMinCells;

int run_validate(const ValidateArgs& a) {
  validate::Options opt;
  opt.backend = exec::parse_backend(a.backend.backend);
  exec::require_backend(opt.backend);
  opt.kernel = a.backend.kernel;
  if (opt.backend == exec::Backend::cuda && opt.kernel == "default") opt.kernel = "fused";
  opt.precision = parse_precision(a.backend.precision);
  opt.resolution = a.resolution;
  std::vector<std::string> names = a.which == "all" ? sim::analytic_case_names() : std::vector<std::string>{a.which};
  // The resolution of every case is checked (the memory too) before the first runs.
  if (a.resolution != 0 && a.resolution < kMinResolution)
    throw io::InputError("--resolution " + std::to_string(a.resolution) + ": expected 0 (each case's default) or at least " +
                         std::to_string(kMinResolution) + " cells");
  for (const std::string& n : names) validate::require_case(n);  // before any case runs
  for (const std::string& n : names)
    if (const std::optional<sim::AnalyticCase> c = sim::analytic_case_named(n); c && a.resolution > 0)
      check_memory(validate::problem_cells(*c, a.resolution), opt.backend, opt.precision,
                   "--resolution " + std::to_string(a.resolution) + " (" + n + ")", "use a smaller --resolution");
  std::vector<validate::CaseResult> results;
  for (const std::string& n : names) {
    std::cerr << "running " << n << " (" << a.backend.backend << ", " << opt.kernel << ", " << a.backend.precision
              << ")...\n";
    for (auto& r : validate::run_case(n, opt)) results.push_back(std::move(r));
  }
  std::cout << validate::format_table(results);
  if (!a.json.empty()) io::write_file_atomic(a.json, validate::to_json(results, opt));
  bool all = true;
  for (const auto& r : results) all = all && r.pass();
  std::cout << (all ? "all cases PASS" : "some cases FAIL") << "\n";
  return all ? kOk : kFail;
}

}  // namespace

void register_validate(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ValidateArgs>();
  CLI::App* cmd = app.add_subcommand("validate", "run the exact-solution validation cases and check their error norms");
  std::string names = "all";
  for (const auto& n : sim::analytic_case_names()) names += ", " + n;
  cmd->add_option("case", args->which, "case to run: " + names)->capture_default_str();
  add_backend_options(*cmd, args->backend);
  cmd->add_option("--resolution", args->resolution, "cells along the case's main axis (0: the case's default)")
      ->check(number_in(0, 100000));
  cmd->add_option("--json", args->json, "also write the results as JSON to this file")->check(output_file_path());
  cmd->callback([args, &exit_code] {
    exit_code = guarded("ria validate", [&] { return run_validate(*args); });
  });
}

}  // namespace ria::app
