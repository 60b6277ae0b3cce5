// Command-line pieces shared by the subcommands.
#pragma once

#include <functional>
#include <string>

#include "ria/config.hpp"
#include "ria/exec/backend.hpp"

namespace CLI {
class App;
}

namespace ria::app {

/// Exit codes of `ria` (documented in README.md).
enum ExitCode : int {
  kOk = 0, kFail = 1, kBadInput = 2, kIoError = 3, kNumericalError = 4, kNotBuilt = 5, kInterrupted = 6
};

/// Runs `body` and maps its exceptions to exit codes with one message on stderr "<cmd>: <what>":
/// bad input 2, I/O failure 3, numerical failure 4, not built 5, anything else 1.
int guarded(const std::string& cmd, const std::function<int()>& body);

struct BackendChoice {
  std::string backend = "serial";
  std::string kernel = "default";
  std::string precision = "double";
};

/// Adds --backend, --kernel, --precision.
void add_backend_options(CLI::App& cmd, BackendChoice& c);
Precision parse_precision(const std::string& s);

void register_validate(CLI::App& app, int& exit_code);
void register_bench(CLI::App& app, int& exit_code);
void register_run(CLI::App& app, int& exit_code);
void register_dem(CLI::App& app, int& exit_code);
void register_tide(CLI::App& app, int& exit_code);

}  // namespace ria::app
