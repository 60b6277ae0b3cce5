#include "app/options.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <new>
#include <stdexcept>

#include "io/io_error.hpp"
#include "ria/errors.hpp"

namespace ria::app {

void add_backend_options(CLI::App& cmd, BackendChoice& c) {
  cmd.add_option("--backend", c.backend, "execution backend")
      ->check(CLI::IsMember({"serial", "openmp", "cuda"}))
      ->capture_default_str();
  cmd.add_option("--kernel", c.kernel, "kernel variant (CUDA: naive, optimized, fused, ...; CPU: default)")
      ->capture_default_str();
  cmd.add_option("--precision", c.precision,
                 "floating-point precision: float, double, or mixed (float fluxes; water and pollutant kept "
                 "to 48 bits and updated in double, momentum in float: conserves like double; CPU backends "
                 "and the CUDA fused kernel)")
      ->check(CLI::IsMember({"float", "double", "mixed"}))
      ->capture_default_str();
}

Precision parse_precision(const std::string& s) {
  if (const std::optional<Precision> p = precision_named(s)) return *p;
  throw std::invalid_argument("unknown precision '" + s + "' (expected float, double or mixed)");
}

int exit_code_of(std::exception_ptr e, std::string& message) {
  try {
    std::rethrow_exception(e);
  } catch (const QuietExit& q) {
    message.clear();
    return q.code;
  } catch (const NotBuiltError& e) {
    message = e.what();
    return kNotBuilt;
  } catch (const NumericalError& e) {
    message = std::string("numerical failure: ") + e.what();
    return kNumericalError;
  } catch (const io::IoError& e) {
    message = e.what();
    return kIoError;
  } catch (const std::invalid_argument& e) {
    message = e.what();
    return kBadInput;
  } catch (const std::bad_alloc&) {
    message = "out of host memory (an allocation failed; a memory limit such as ulimit -v, or the machine's memory, "
              "is too small for this run: use a smaller grid or fewer members at once)";
    return kFail;
  } catch (const std::exception& e) {
    message = e.what();
    return kFail;
  }
}

int guarded(const std::string& cmd, const std::function<int()>& body) {
  try {
    return body();
  } catch (...) {
    std::string message;
    const int code = exit_code_of(std::current_exception(), message);
    if (!message.empty()) std::cerr << cmd << ": " << message << "\n";
    return code;
  }
}

}  // namespace ria::app
