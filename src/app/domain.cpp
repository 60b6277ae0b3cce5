// Scenario domain -> the model domain: grid, bed, Manning raster (domain.hpp).
#include "app/domain.hpp"

#include "ria/grid/cell_text.hpp"

#include <cmath>
#include <sstream>

#include "app/memory_check.hpp"
#include "io/raster/crs.hpp"
#include "io/io_error.hpp"
#include "io/netcdf/netcdf_input.hpp"
#include "io/raster/raster.hpp"
#include "io/scenario/scenario_reader.hpp"
#include "io/scenario/scenario_time.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "ria/number_text.hpp"
#include "synthetic_estuary.hpp"
#include "validate/problems.hpp"

namespace ria::app {
namespace {

sim::Domain domain_from_raster(const io::Raster& r) {
  sim::Domain b;
  b.grid = r.grid();
  b.bed_z = r.v;
  b.crs_wkt = r.crs_wkt;
  return b;
}

}  // namespace

std::string memory_shortfall(double cells, exec::Backend backend, Precision precision, const std::string& advice) {
  // Host: ~15 doubles per cell (state copies, outputs, extremes); GPU: 12 arrays of the state's
  // precision (two state buffers of 4, the bed, the local dt and the partial minima, Manning's n),
  // or with mixed two buffers of 6 floats and those 4 arrays in float (swe/mixed_fields.hpp).
  const double gpu_bytes = precision == Precision::f32 ? 12.0 * 4.0 : precision == Precision::mixed ? 16.0 * 4.0 : 12.0 * 8.0;
  std::ostringstream subject;
  subject << "a grid of " << cells << " cells";
  return app::memory_shortfall(subject.str(), 15.0 * 8.0 * cells, backend == exec::Backend::cuda ? gpu_bytes * cells : 0.0,
                               advice, precision == Precision::f32 ? "" : ", or --precision float");
}

void check_memory(double cells, exec::Backend backend, Precision precision, const std::string& what,
                  const std::string& advice) {
  const std::string why = memory_shortfall(cells, backend, precision, advice);
  if (!why.empty()) throw io::InputError(what + ": " + why);
}

namespace {
/// InputError unless every valid cell of `r` (after the bbox crop, before resampling) gives a bed
/// within +-kMaxElevation as sign * value + offset: naming the count, the first cell and its bed.
void check_elevations(const io::Raster& r, double sign, double offset, bool cropped, const std::string& what) {
  long long beyond = 0;
  std::size_t first = 0;
  for (std::size_t k = 0; k < r.v.size(); ++k)
    if (std::isfinite(r.v[k]) && !(std::fabs(sign * r.v[k] + offset) <= io::detail::kMaxElevation) && beyond++ == 0)
      first = k;
  if (beyond == 0) return;
  std::ostringstream o;
  o << what << ": " << beyond << " cell(s) have a bed elevation beyond +-" << io::detail::kMaxElevation << " "
    << io::detail::kMaxElevationWhy << "; the first, cell " << cell_at(r.grid(), first) << " of the raster"
    << (cropped ? " cropped to domain.bbox" : "") << ", is " << sign * r.v[first] + offset
    << " m. Declare the raster's nodata value (domain.nodata and fill_elevation then apply), or fix its unit";
  throw io::InputError(o.str());
}

sim::Domain domain_of(const sim::Scenario& sc, exec::Backend backend, Precision precision) {
  const sim::DomainSpec& d = sc.domain;
  if (d.source == sim::DomainSpec::Source::synthetic_estuary) {
    const int n = d.cells > 0 ? d.cells : 200;
    check_memory(double(n) * n, backend, precision, io::where_given(sc, "domain.cells") + "domain.cells",
                 "use fewer domain.cells");
    const bathymetry::Estuary e = bathymetry::make_estuary(n, n);
    sim::Domain b;
    b.grid = e.grid;
    b.bed_z.resize(e.H.size());
    for (std::size_t k = 0; k < e.H.size(); ++k) b.bed_z[k] = -e.H[k];
    return b;
  }
  if (d.source == sim::DomainSpec::Source::analytic) {
    check_memory(validate::problem_cells(d.analytic, d.cells), backend, precision,
                 io::where_given(sc, "domain.cells") + "domain.cells", "use fewer domain.cells");
    const validate::Problem p = validate::make_problem(d.analytic, d.cells, validate::Options{backend, "default", precision});
    sim::Domain b;
    b.grid = p.setup.grid;
    for (double H : p.setup.H) b.bed_z.push_back(-H);
    b.state = p.init;
    b.bc = p.setup.bc;
    return b;
  }

  const std::string what = io::where_given(sc, "domain.dem") + "domain.dem '" + d.dem + "'";
  io::RasterInfo info;
  io::Raster r = io::read_elevation_raster(d.dem, &info);  // the reader refuses sizes that do not fit in memory
  check_memory(double(info.nx) * info.ny, exec::Backend::serial, precision, what, kDemMemoryAdvice);
  // Declared nodata follows domain.nodata; a NaN the file does not declare is damage, never land.
  if (info.nan_cells + info.inf_cells > 0)
    throw io::InputError(what + " holds " + std::to_string(info.nan_cells + info.inf_cells) +
                         " NaN or infinite elevation(s) that are not its declared nodata value; repair the raster or "
                         "`ria dem prepare --fill-nodata` it");
  if (const std::string why = io::crs_unusable_reason(r.crs_wkt, r.x0 + 0.5 * r.nx * r.dx, r.y0 + 0.5 * r.ny * r.dy);
      !why.empty())
    throw io::InputError(what + " " + why);
  if (d.node_registered) io::shift_to_node_registration(r, info, what + " (domain.node_registered = true)");
  if (d.has_bbox) r = io::crop(r, d.bbox);
  if (!info.has_nodata_value) io::check_undeclared_nodata(r, io::metres_per_unit(info.unit, what), what);
  // Before resampling, which would blend an undeclared nodata value (-32767) into its neighbours.
  const double sign = d.values == sim::DomainSpec::Values::depth ? -1.0 : 1.0;
  check_elevations(r, sign, d.vertical_offset, d.has_bbox, what);
  if (d.resolution > 0) {
    const double cells = std::round((r.nx * r.dx) / d.resolution) * std::round((r.ny * r.dy) / d.resolution);
    check_memory(cells, backend, precision, what + " resampled to " + number_text(d.resolution) + " m",
                 kDemMemoryAdvice);
    r = io::resample_bilinear(r, d.resolution);
  } else {
    check_memory(double(r.nx) * r.ny, backend, precision, what, kDemMemoryAdvice);
  }
  std::size_t nodata = 0;
  for (double v : r.v) nodata += std::isfinite(v) ? 0 : 1;
  if (nodata == r.v.size())
    throw io::InputError(what + " holds no valid elevation (all " + std::to_string(nodata) + " cells are nodata or NaN)");
  if (nodata > 0 && d.nodata == sim::DomainSpec::Nodata::error)
    throw io::InputError(what + " has " + std::to_string(nodata) +
                         " nodata/NaN cells and domain.nodata = \"error\"; use nodata = \"land\" with a fill_elevation");
  // The beds are the checked elevations, bilinear blends of them, or fill_elevation: all within
  // +-kMaxElevation.
  for (double& v : r.v) v = std::isfinite(v) ? sign * v + d.vertical_offset : d.fill_elevation;
  return domain_from_raster(r);
}
}  // namespace

namespace {
/// What a raster read onto the model grid holds: an elevation or level (converted to metres from
/// its band's unit), a velocity (metres per second, the only unit taken), or a number without unit.
enum class OnGrid { level, velocity, plain };

/// A raster that must lie on the model grid cell for cell (same size, cell sizes and origin).

io::Raster read_on_grid(const std::string& path, const Grid& m, const std::string& what, OnGrid kind = OnGrid::plain) {
  io::Raster r;
  io::RasterInfo info;
  try {
    r = kind == OnGrid::level ? io::read_elevation_raster(path, &info) : io::read_raster(path, &info);
  } catch (const io::InputError& e) {
    throw io::InputError(what + ": " + e.what());
  } catch (const io::IoError& e) {
    throw io::IoError(what + ": " + e.what());
  }
  if (kind == OnGrid::velocity && !info.unit.empty() && !io::is_metres_per_second(info.unit))
    throw io::InputError(what + ": its values are in '" + info.unit + "'; expected metres per second (m s-1)");
  if (r.nx != m.nx || r.ny != m.ny || std::fabs(r.dx - m.dx) > 1e-9 * m.dx || std::fabs(r.dy - m.dy) > 1e-9 * m.dy ||
      std::fabs(r.x0 - m.x0) > 1e-6 * m.dx || std::fabs(r.y0 - m.y0) > 1e-6 * m.dy) {
    std::ostringstream o;
    o << what << " is a " << r.nx << " x " << r.ny << " raster of " << r.dx;
    if (r.dy != r.dx) o << " x " << r.dy;
    o << " m cells at (" << r.x0 << ", " << r.y0 << "); the model grid is " << m.nx << " x " << m.ny << " of " << m.dx
      << " m at (" << m.x0 << ", " << m.y0 << ") (`ria dem prepare` with the domain's resolution and bbox makes one)";
    throw io::InputError(o.str());
  }
  if (info.inf_cells > 0)  // NaN and nodata are dry cells; an infinity is damage
    throw io::InputError(what + " holds " + std::to_string(info.inf_cells) +
                         " infinite value(s) that are not its declared nodata value; repair the raster");
  return r;
}

/// InputError unless every level of an initial free surface is NaN (dry) or within
/// +-detail::kMaxLevel m, as initial.level and mean_level are.
void check_levels(const std::vector<double>& eta, const Grid& g, const std::string& what) {
  for (std::size_t k = 0; k < eta.size(); ++k)
    if (!std::isnan(eta[k]) && !(std::fabs(eta[k]) <= io::detail::kMaxLevel)) {
      std::ostringstream o;
      o << what << ": the level " << eta[k] << " m at cell " << cell_at(g, k) << " is not within +-"
        << io::detail::kMaxLevel << " m (" << io::detail::kMaxLevelWhy << ")";
      throw io::InputError(o.str());
    }
}
}  // namespace

sim::InitialFields load_initial_fields(const sim::Scenario& sc, const sim::Domain& domain) {
  const sim::InitialSpec& in = sc.initial;
  sim::InitialFields f;
  if (in.kind == sim::InitialSpec::Kind::netcdf) {
    f.eta = io::read_netcdf_free_surface(in.path, in.variable, in.time, domain.grid);
    check_levels(f.eta, domain.grid, sc.file + ": initial.path '" + in.path + "' variable '" + in.variable + "'");
    if (!in.velocity.empty()) {
      f.u = io::read_netcdf_velocity(in.path, in.velocity[0], 0, in.time, domain.grid);
      f.v = io::read_netcdf_velocity(in.path, in.velocity[1], 1, in.time, domain.grid);
    }
    if (!in.concentration.empty())
      f.c = io::read_netcdf_concentration(in.path, in.concentration, in.time, domain.grid, sc.pollutant.units);
  } else if (in.kind == sim::InitialSpec::Kind::raster) {
    f.eta = read_on_grid(in.path, domain.grid, sc.file + ": initial.path '" + in.path + "'", OnGrid::level).v;
    check_levels(f.eta, domain.grid, sc.file + ": initial.path '" + in.path + "'");
    if (!in.velocity.empty()) {
      const auto velocity = [&](const std::string& path) {
        return read_on_grid(path, domain.grid, sc.file + ": initial.velocity '" + path + "'", OnGrid::velocity).v;
      };
      f.u = velocity(in.velocity[0]);
      f.v = velocity(in.velocity[1]);
    }
    if (!in.concentration.empty())
      f.c = read_on_grid(in.concentration, domain.grid, sc.file + ": initial.concentration '" + in.concentration + "'").v;
  }
  return f;
}

std::vector<std::string> initial_state_warnings(const sim::Scenario& sc, const io::SliceDate* slice_date) {
  const sim::InitialSpec& in = sc.initial;
  if (in.kind != sim::InitialSpec::Kind::netcdf) return {};
  const io::SliceDate d = slice_date ? *slice_date : io::netcdf_slice_date(in.path, in.variable, in.time);
  if (!d.unreadable.empty())
    return {io::where_given(sc, "initial.path") + "initial.path '" + in.path + "': " + d.unreadable +
            ", so the state's date is not checked against time.start = \"" + sc.time.start +
            "\" (the tide, the releases and the outputs' dates count from time.start)"};
  const double slice = d.t;
  const double start = io::parse_utc_time(sc.time.start, io::where_given(sc, "time.start") + "time.start");
  if (!std::isfinite(slice) || std::fabs(slice - start) < 1) return {};
  const std::string date = io::format_utc_time(slice);
  return {io::where_given(sc, "initial.path") + "initial.path '" + in.path + "' holds the state of " + date +
          " (its time coordinate), but time.start = \"" + sc.time.start + "\" is " +
          io::detail::describe_seconds(std::fabs(start - slice)) + (start < slice ? " before" : " after") +
          " it: the tide, the releases and the outputs' dates count from time.start. To go on from "
          "the slice, set time.start = \"" + date + "\" (constituents written in the scenario count from it: "
          "shift their phases by the time elapsed)"};
}

namespace {
void load_manning(const sim::Scenario& sc, sim::Domain& domain) {
  if (sc.physics.manning_raster.empty()) return;
  const std::string what = sc.file + ": physics.manning '" + sc.physics.manning_raster + "'";
  const io::Raster r = read_on_grid(sc.physics.manning_raster, domain.grid, what);
  for (std::size_t k = 0; k < r.v.size(); ++k) {
    const double n = r.v[k];
    if (!(n >= 0 && n <= 1)) {  // NaN (nodata) included
      std::ostringstream o;
      o << what << ": cell " << cell_at(r.grid(), k) << " holds " << n
        << "; expected a Manning n in [0, 1] s/m^(1/3) in every cell (typical 0.01-0.1)";
      throw io::InputError(o.str());
    }
  }
  domain.manning = r.v;
}

}  // namespace

sim::Domain load_domain(const sim::Scenario& sc, exec::Backend backend, Precision precision) {
  sim::Domain b = domain_of(sc, backend, precision);
  load_manning(sc, b);
  return b;
}

std::optional<double> exact_depth_error(const sim::Scenario& sc, const swe::HostState& s, double t) {
  if (sc.domain.source != sim::DomainSpec::Source::analytic) return std::nullopt;
  const validate::Problem p = validate::make_problem(sc.domain.analytic, sc.domain.cells, validate::Options{});
  if (!p.exact_depth || s.h.size() != p.setup.grid.cells()) return std::nullopt;
  return validate::exact_depth_error(p, s.h, t);
}

}  // namespace ria::app
