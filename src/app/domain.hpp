// The model domain of a scenario (sim::Domain): its bed from a DEM read through src/io (cropped,
// resampled, nodata filled as the scenario says), the synthetic estuary of bathymetry/ or an
// analytic case (with its initial state and boundaries); a Manning raster; and the memory check
// made before any grid-sized allocation.
#pragma once

#include <optional>

#include <string>
#include <vector>

#include "ria/exec/backend.hpp"
#include "ria/sim/model.hpp"
#include "ria/sim/scenario.hpp"

namespace ria::io {
struct SliceDate;
}

namespace ria::app {

/// Throws io::InputError / io::IoError naming the scenario key and the file.
/// With physics.manning a raster, also the per-cell Manning n (on the model grid, each in [0, 1]).
sim::Domain load_domain(const sim::Scenario& sc, exec::Backend backend, Precision precision);

/// For an analytic domain with an exact solution: sum |h - h_exact(t)| / sum |h_exact(t)| of the
/// state s at time t (the bump's exact solution is its steady state); else nullopt.
std::optional<double> exact_depth_error(const sim::Scenario& sc, const swe::HostState& s, double t);

/// The initial free surface (NaN: dry) and, with initial.velocity, the velocity fields of
/// initial.kind = raster or netcdf on the domain's grid; empty fields for the other kinds.
sim::InitialFields load_initial_fields(const sim::Scenario& sc, const sim::Domain& domain);

/// A warning when initial.kind = "netcdf" starts from a slice whose date (its time coordinate
/// after the date of the coordinate's units) is not time.start: the run's tide, releases and
/// output dates count from time.start, so a forecast continued without moving time.start to the
/// slice's date runs the tide of another time. Empty otherwise (also for a file whose time names
/// no date).
/// `slice`: the date of the scenario's initial slice where the caller read it already (an
/// ensemble's members share their base's file), else nullptr.
std::vector<std::string> initial_state_warnings(const sim::Scenario& sc, const io::SliceDate* slice = nullptr);

/// Refuses (io::InputError) a grid whose run would need more memory than is available, before
/// anything of that size is allocated: host ~ 15 doubles per cell (state copies, outputs, extremes)
/// plus, on the GPU, 2 x 4 state fields, bed and work arrays in the run's precision. The message
/// is "<what>: <need and have>; <advice>" (advice: what makes the grid smaller where it was given,
/// e.g. "use fewer domain.cells"; on the GPU "--precision float" is offered too). The comparison
/// with the memory there is memory_check.hpp's, which SPH set-ups share.
void check_memory(double cells, exec::Backend backend, Precision precision, const std::string& what,
                  const std::string& advice);

/// What check_memory would refuse, in words ("" when the memory is there).
std::string memory_shortfall(double cells, exec::Backend backend, Precision precision, const std::string& advice);

/// The advice of check_memory for a grid read from a DEM.
inline const char* kDemMemoryAdvice = "use a coarser domain.resolution or a smaller domain.bbox";

}  // namespace ria::app
