#include "app/options.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <stdexcept>

#include "io/io_error.hpp"
#include "ria/swe/solver.hpp"

namespace ria::app {

void add_backend_options(CLI::App& cmd, BackendChoice& c) {
  cmd.add_option("--backend", c.backend, "execution backend")
      ->check(CLI::IsMember({"serial", "openmp", "cuda"}))
      ->capture_default_str();
  cmd.add_option("--kernel", c.kernel, "kernel variant (CUDA: naive, optimized, fused, ...; CPU: default)")
      ->capture_default_str();
  cmd.add_option("--precision", c.precision, "floating-point precision")
      ->check(CLI::IsMember({"float", "double"}))
      ->capture_default_str();
}

Precision parse_precision(const std::string& s) {
  for (Precision p : {Precision::f32, Precision::f64})
    if (s == precision_name(p)) return p;
  throw std::invalid_argument("unknown precision '" + s + "' (expected float or double)");
}

int guarded(const std::string& cmd, const std::function<int()>& body) {
  try {
    return body();
  } catch (const swe::NotBuiltError& e) {
    std::cerr << cmd << ": " << e.what() << "\n";
    return kNotBuilt;
  } catch (const swe::NumericalError& e) {
    std::cerr << cmd << ": numerical failure: " << e.what() << "\n";
    return kNumericalError;
  } catch (const io::IoError& e) {
    std::cerr << cmd << ": " << e.what() << "\n";
    return kIoError;
  } catch (const std::invalid_argument& e) {
    std::cerr << cmd << ": " << e.what() << "\n";
    return kBadInput;
  } catch (const std::exception& e) {
    std::cerr << cmd << ": " << e.what() << "\n";
    return kFail;
  }
}

}  // namespace ria::app
