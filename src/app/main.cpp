// ria: shallow water and pollutant transport. Subcommands are registered by their own files.
#include <CLI/CLI.hpp>
#include <fcntl.h>

#include <cerrno>
#include <csignal>
#include <iostream>
#include <sstream>

#include "app/options.hpp"
#include "mpi/job.hpp"
#include "ria/exec/threads.hpp"

int main(int argc, char** argv) {
  // A standard stream started closed (`ria run >&-`) would be the number of the next file opened
  // (the lock, a gauge file), and the console's lines would go into it: /dev/null takes its place.
  for (int fd = 0; fd <= 2; ++fd)
    if (fcntl(fd, F_GETFD) == -1 && errno == EBADF) open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
  // OpenMP threads sleep while they wait (ria/exec/threads.hpp).
  ria::exec::adopt_passive_wait(argv);
  // Under mpirun or srun MPI is started here (mpi/job.hpp); a plain start stays one process.
  ria::mpi::start(argc, argv);
  // A file-size limit (or a full disk) must make writes fail with an error, not kill the process;
  // so must a reader of the console lines that goes away (`ria run | head`, a dead tee).
  std::signal(SIGXFSZ, SIG_IGN);
  std::signal(SIGPIPE, SIG_IGN);
  CLI::App app{"ria: GPU shallow-water simulator with pollutant transport (Roe scheme, Viñas et al. 2012)"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "ria 0.1.0");
  int exit_code = ria::app::kOk;
  ria::app::register_run(app, exit_code);
  ria::app::register_ensemble(app, exit_code);
  ria::app::register_dem(app, exit_code);
  ria::app::register_validate(app, exit_code);
  ria::app::register_bench(app, exit_code);
  ria::app::register_sph(app, exit_code);
  ria::app::register_tide(app, exit_code);
  ria::app::register_compare(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Every rank of an MPI job parses the same command line: rank 0 alone says what is wrong (or
    // prints the help), as it does for the other input errors.
    std::ostringstream quiet;
    const int rc = ria::mpi::world().rank == 0 ? app.exit(e) : app.exit(e, quiet, quiet);
    ria::mpi::finish();
    return rc == 0 ? 0 : ria::app::kBadInput;
  }
  ria::mpi::finish();
  return exit_code;
}
