// Compiled instead of the SPH scenario reader when ria is built without toml++ (RIA_TOML=OFF).
#include "io/scenario/sph_scenario_toml.hpp"
#include "ria/errors.hpp"

namespace ria::io {
namespace {
[[noreturn]] void not_built(const std::string& what) {
  throw NotBuiltError("cannot read SPH scenario " + what +
                           ": ria was built without toml++ (install libtomlplusplus-dev and configure with -DRIA_TOML=ON)");
}
}  // namespace

sph::Scenario load_sph_scenario(const std::string& path, const std::vector<std::string>&) { not_built("'" + path + "'"); }

sph::Scenario parse_sph_scenario(const std::string&, const std::string& name, const std::string&,
                                 const std::vector<std::string>&) {
  not_built(name);
}

}  // namespace ria::io
