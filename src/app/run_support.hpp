// What the commands that run a simulation share (`ria run`, `ria sph run`): the signals that stop
// a run with a checkpoint, and the output directory.
#pragma once

#include <atomic>
#include <exception>
#include <string>
#include <vector>

namespace ria::app {

/// Set to the signal number by a stop signal (catch_stop_signals) while a SignalsCaught lives, else 0.
const std::atomic<int>& stop_signal();

/// While a run lives: `handler` takes the signals that stop it with a checkpoint (SIGINT, SIGTERM,
/// SIGHUP: a closed terminal or a dropped ssh session, and SIGUSR1/SIGUSR2: a batch system's
/// warning before it kills a job), but a SIGHUP that the process was
/// started ignoring (`nohup`) stays ignored; release_stop_signals() gives them back what they did
/// before. (SIGPIPE is ignored by the whole process: main.cpp.)
void catch_stop_signals(void (*handler)(int));
void release_stop_signals();

/// catch_stop_signals setting stop_signal() while the object lives (from before the inputs are read).
struct SignalsCaught {
  SignalsCaught();
  ~SignalsCaught();
  SignalsCaught(const SignalsCaught&) = delete;
  SignalsCaught& operator=(const SignalsCaught&) = delete;
};

/// True (after saying so on stderr as "<cmd>: interrupted by signal N while <what>, ...") when a
/// signal came during set-up: the run ends before its first step.
bool interrupted_during(const char* cmd, const char* what);

/// The command as a shell would take it back: "ria run FILE --set 'KEY=VALUE' ..." (no FILE for
/// an empty one, the embedded default scenario), each word
/// quoted where it holds anything but letters, digits and -_./:=+,@% (outputs' history and
/// summary.json record the --set overrides with the file).
std::string command_line(const std::string& command, const std::string& file, const std::vector<std::string>& sets);

/// Creates `dir` (and its parents) and checks that a file can be written there; IoError otherwise.
void prepare_output_dir(const std::string& dir);

/// The key a summary.json names its command by ("command": "ria run"): the commands that write one
/// (`ria run`, `ria ensemble`, `ria sph run`) share the name in their output directories.
inline constexpr const char* kSummaryCommandKey = "command";
inline constexpr const char* kRunCommand = "ria run";
inline constexpr const char* kEnsembleCommand = "ria ensemble";
inline constexpr const char* kSphRunCommand = "ria sph run";

/// The command whose summary.json `dir` holds: its "command" value, or for a summary written before
/// that key, a key only that command writes ("members_per_hour": ria ensemble, "fluid_particles":
/// ria sph run, "pollutant": ria run); empty without a summary.json or when it names none of them.
std::string results_command(const std::string& dir);

/// IoError when `dir` holds another command's results (results_command): `command`'s summary.json
/// would replace that one beside the other command's files, which it would leave without theirs.
void require_no_other_results(const std::string& dir, const std::string& command);

/// True on rank 0 of an MPI job (the rank that writes) and in a one-process run.
bool is_root();

/// An MPI job's ranks agree on the set-up (one collective): when any failed, every rank ends with
/// the exit code of the lowest failing rank, and only that rank prints its message. Without MPI,
/// a failure is simply rethrown.
void agree_on_setup(std::exception_ptr failure);

}  // namespace ria::app
