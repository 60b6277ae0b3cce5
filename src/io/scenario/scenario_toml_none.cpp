// Compiled instead of the TOML reader when ria is built without toml++ (RIA_TOML=OFF): scenario
// files cannot be read, and saying so is the whole behaviour.
#include "io/scenario/scenario_toml.hpp"
#include "ria/errors.hpp"

namespace ria::io {
namespace {
[[noreturn]] void not_built(const std::string& what) {
  throw NotBuiltError("cannot read scenario " + what +
                           ": ria was built without toml++ (install libtomlplusplus-dev and configure with -DRIA_TOML=ON)");
}
}  // namespace

sim::Scenario load_scenario(const std::string& path, const std::vector<std::string>&) { not_built("'" + path + "'"); }

sim::Scenario parse_scenario(const std::string&, const std::string& name, const std::string&,
                             const std::vector<std::string>&) {
  not_built(name);
}

}  // namespace ria::io
