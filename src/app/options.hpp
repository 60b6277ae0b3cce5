// Command-line pieces shared by the subcommands.
#pragma once

#include <exception>
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

/// Ends a command with this exit code and no message (the message was given elsewhere, e.g. by
/// another rank of an MPI job).
struct QuietExit {
  int code;
};

/// The exit code of an exception (below) and its message; QuietExit gives its code and no message.
int exit_code_of(std::exception_ptr e, std::string& message);

/// Runs `body` and maps its exceptions to exit codes with one message on stderr "<cmd>: <what>":
/// bad input 2, I/O failure 3, numerical failure 4 (shallow water or SPH), not built 5, anything else 1.
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
/// `ria bench sph` under the bench command (bench_sph.cpp); returns it.
CLI::App* register_bench_sph(CLI::App& bench, int& exit_code);
void register_run(CLI::App& app, int& exit_code);
void register_dem(CLI::App& app, int& exit_code);
void register_sph(CLI::App& app, int& exit_code);
void register_tide(CLI::App& app, int& exit_code);
void register_ensemble(CLI::App& app, int& exit_code);

}  // namespace ria::app
