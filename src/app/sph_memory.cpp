// The memory check of SPH set-ups (sph_memory.hpp).
#include "app/sph_memory.hpp"

#include <sstream>

#include "app/memory_check.hpp"
#include "io/io_error.hpp"
#include "ria/sph/memory.hpp"
#include "ria/sph/setup.hpp"

namespace ria::app {

void check_sph_memory(const sph::Scenario& sc, exec::Backend backend, sph::Search search, Precision precision,
                      bool driver, double extra_host, const std::string& what, const std::string& advice) {
  const sph::MemoryNeed need = sph::setup_memory(sc, backend, search, precision, driver);
  std::ostringstream subject;
  subject << "a set-up of about " << sph::lattice_particle_count(sc) << " particles";
  const std::string why = memory_shortfall(subject.str(), need.host + extra_host, need.device, advice,
                                           precision == Precision::mixed ? ", or --precision double" : "");
  if (!why.empty()) throw io::InputError(what + ": " + why);
}

}  // namespace ria::app
