#include "app/options.hpp"

#include <CLI/CLI.hpp>
#include <stdexcept>

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
  if (s == "float") return Precision::f32;
  if (s == "double") return Precision::f64;
  throw std::invalid_argument("unknown precision '" + s + "' (expected float or double)");
}

}  // namespace ria::app
