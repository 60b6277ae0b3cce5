// The memory check of SPH set-ups, made before any particle is generated (`ria sph run`, `ria
// bench sph`): what the set-up and its solver hold (ria/sph/memory.hpp) and what the command adds,
// against the memory there (memory_check.hpp).
#pragma once

#include <string>

#include "ria/config.hpp"
#include "ria/exec/backend.hpp"
#include "ria/sph/scenario.hpp"
#include "ria/sph/search.hpp"

namespace ria::app {

/// Refuses (io::InputError) an SPH set-up whose memory is more than this machine has:
/// sph::setup_memory(sc, backend, search, precision, driver) plus `extra_host` bytes on the host
/// (what the command holds besides: its outputs' writers, a restart's checkpoint). The message is
/// "<what>: a set-up of about N particles needs about X GiB of host memory, Y GiB are available
/// (or left under a limit: io::HostRoom::said); <advice>" (advice: what makes it smaller where it
/// was given, e.g. "use a larger particles.dp"; on the GPU in mixed precision "--precision double"
/// is offered too). Call it after
/// sph::check_set_up_limits, which refuses what no machine runs in its own words.
void check_sph_memory(const sph::Scenario& sc, exec::Backend backend, sph::Search search, Precision precision,
                      bool driver, double extra_host, const std::string& what, const std::string& advice);

}  // namespace ria::app
