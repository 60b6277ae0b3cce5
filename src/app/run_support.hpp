// What the commands that run a simulation share (`ria run`, `ria sph run`): the signals that stop
// a run with a checkpoint, and the output directory.
#pragma once

#include <atomic>
#include <exception>
#include <string>

namespace ria::app {

/// Set to the signal number by SIGINT or SIGTERM while a SignalsCaught lives, else 0.
const std::atomic<int>& stop_signal();

/// SIGINT and SIGTERM set stop_signal() while the object lives (from before the inputs are read).
struct SignalsCaught {
  SignalsCaught();
  ~SignalsCaught();
  SignalsCaught(const SignalsCaught&) = delete;
  SignalsCaught& operator=(const SignalsCaught&) = delete;
};

/// True (after saying so on stderr as "<cmd>: interrupted by signal N while <what>, ...") when a
/// signal came during set-up: the run ends before its first step.
bool interrupted_during(const char* cmd, const char* what);

/// Creates `dir` (and its parents) and checks that a file can be written there; IoError otherwise.
void prepare_output_dir(const std::string& dir);

/// True on rank 0 of an MPI job (the rank that writes) and in a one-process run.
bool is_root();

/// An MPI job's ranks agree on the set-up (one collective): when any failed, every rank ends with
/// the exit code of the lowest failing rank, and only that rank prints its message. Without MPI,
/// a failure is simply rethrown.
void agree_on_setup(std::exception_ptr failure);

}  // namespace ria::app
