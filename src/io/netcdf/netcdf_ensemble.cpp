// CF-1.8 writer of ensemble.nc (netcdf_ensemble.hpp). CF 1.8 names no percentile cell method,
// so cell_methods says "time: maximum" (each member's maximum over its samples) and
// "realization: mean/median/minimum" where CF has the method; the percentiles say what they are
// in long_name and comment.
#include "io/netcdf/netcdf_ensemble.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "io/netcdf/netcdf_common.hpp"

namespace ria::io {
namespace {

using namespace nc_detail;

std::vector<float> to_float(const std::vector<double>& a) {
  std::vector<float> o(a.size());
  for (std::size_t k = 0; k < a.size(); ++k) o[k] = std::isnan(a[k]) ? NC_FILL_FLOAT : static_cast<float>(a[k]);
  return o;
}

void check_size(const std::vector<double>* a, std::size_t n, const std::string& what) {
  if (!a) throw std::invalid_argument("ensemble NetCDF: " + what + " not given");
  if (a->size() != n)
    throw std::invalid_argument("ensemble NetCDF: " + what + " has " + std::to_string(a->size()) + " values, the grid " +
                                std::to_string(n));
}

void write(nc::NcFile& file, const NcEnsemble& e) {
  const Grid& g = e.grid;
  const auto nx = static_cast<std::size_t>(g.nx), ny = static_cast<std::size_t>(g.ny);
  const bool has_crs = !e.crs_wkt.empty();
  // A date axis only where the members share their start: each member's arrivals count from its own.
  const std::string time_units = e.starts_differ ? "s" : cf_time_units(e.start_iso);
  put_global_attributes(file, e.title, e.source, e.history);
  file.putAtt("ensemble_members", nc::ncInt, e.members);
  file.putAtt("ensemble_members_finished", nc::ncInt, e.members_finished);

  const GridAxes axes = define_grid_axes(file, g);
  const nc::NcDim dx = axes.x_dim, dy = axes.y_dim;
  const nc::NcDim dk = file.addDim("threshold", e.thresholds.size());
  nc::NcVar thr = file.addVar("threshold", nc::ncDouble, dk);
  thr.putAtt("long_name", "pollutant concentration threshold");
  put_text(thr, "units", e.concentration_units);
  if (has_crs) define_crs(file, e.crs_wkt, e.grid_mapping);

  const std::vector<nc::NcDim> yx{dy, dx}, kyx{dk, dy, dx};
  auto field = [&](const std::string& name, const std::vector<nc::NcDim>& dims, const std::vector<std::size_t>& chunk,
                   const std::string& long_name, const std::string& units) {
    nc::NcVar v = file.addVar(name, nc::ncFloat, dims);
    std::vector<std::size_t> c = chunk;
    v.setChunking(nc::NcVar::nc_CHUNKED, c);
    v.setCompression(true, true, 4);
    v.putAtt("_FillValue", nc::ncFloat, NC_FILL_FLOAT);
    v.putAtt("long_name", long_name);
    put_text(v, "units", units);
    if (has_crs) v.putAtt("grid_mapping", "crs");
    return v;
  };
  nc::NcVar bed = field("bed_elevation", yx, {ny, nx}, "bed elevation above the vertical datum", "m");
  nc::NcVar ex = field("exceedance_probability", kyx, {1, ny, nx},
                       "probability that the maximum concentration exceeds the threshold", "1");
  ex.putAtt("comment", "fraction of the finished members whose maximum concentration over the run (every step's) is "
                       "above the threshold");
  ex.putAtt("cell_methods", "time: maximum realization: mean");
  nc::NcVar mean = field("max_concentration_mean", yx, {ny, nx}, "mean over the members of the maximum concentration",
                         e.concentration_units);
  mean.putAtt("cell_methods", "time: maximum realization: mean");
  const char* pname[3] = {"max_concentration_p10", "max_concentration_p50", "max_concentration_p90"};
  const char* plong[3] = {"10th percentile over the members of the maximum concentration",
                          "median over the members of the maximum concentration",
                          "90th percentile over the members of the maximum concentration"};
  nc::NcVar pv[3];
  for (int p = 0; p < 3; ++p) {
    pv[p] = field(pname[p], yx, {ny, nx}, plong[p], e.concentration_units);
    pv[p].putAtt("cell_methods", p == 1 ? "time: maximum realization: median" : "time: maximum");
    pv[p].putAtt("comment", "linear interpolation between order statistics (Hyndman and Fan 1996, type 7)");
  }
  nc::NcVar early = field("arrival_time_earliest", yx, {ny, nx},
                          "earliest first arrival of concentration above threshold over the members", time_units);
  early.putAtt("cell_methods", "realization: minimum");
  nc::NcVar median = field("arrival_time_median", yx, {ny, nx},
                           "time by which half of the members had concentration above threshold", time_units);
  median.putAtt("comment", std::string("the ceil(n/2)-th earliest first arrival of the n finished members; fill where "
                                       "fewer than half arrived") +
                               (e.starts_differ ? "; seconds after each member's own time.start (not every member starts "
                                                  "at the base scenario's date)" : ""));
  for (nc::NcVar* v : {&early, &median}) {
    if (!e.starts_differ) v->putAtt("calendar", kCalendar);
    v->putAtt("threshold", nc::ncDouble, e.arrival_threshold);
  }
  if (e.starts_differ)
    early.putAtt("comment",
                 "seconds after each member's own time.start (not every member starts at the base scenario's date)");

  put_cell_centres(axes, g);
  if (!e.thresholds.empty()) thr.putVar(e.thresholds.data());
  if (!e.bed_elevation.empty()) bed.putVar(to_float(e.bed_elevation).data());
  for (std::size_t k = 0; k < e.thresholds.size(); ++k)
    ex.putVar({k, 0, 0}, {1, ny, nx}, to_float((*e.exceedance)[k]).data());
  mean.putVar(to_float(*e.max_conc_mean).data());
  for (int p = 0; p < 3; ++p) pv[p].putVar(to_float(*e.max_conc_percentile[p]).data());
  early.putVar(to_float(*e.arrival_earliest).data());
  median.putVar(to_float(*e.arrival_median).data());
}

}  // namespace

void write_ensemble_netcdf(const std::string& path, const NcEnsemble& e) {
  if (e.grid.nx <= 0 || e.grid.ny <= 0) throw std::invalid_argument("ensemble NetCDF: empty grid");
  const std::size_t n = e.grid.cells();
  if (!e.bed_elevation.empty()) check_size(&e.bed_elevation, n, "bed_elevation");
  if (!e.exceedance || e.exceedance->size() != e.thresholds.size())
    throw std::invalid_argument("ensemble NetCDF: one exceedance field per threshold");
  for (const std::vector<double>& f : *e.exceedance) check_size(&f, n, "exceedance_probability");
  check_size(e.max_conc_mean, n, "max_concentration_mean");
  for (const std::vector<double>* p : e.max_conc_percentile) check_size(p, n, "max_concentration percentile");
  check_size(e.arrival_earliest, n, "arrival_time_earliest");
  check_size(e.arrival_median, n, "arrival_time_median");
  const std::string partial = path + ".partial";
  {
    WriteFile file;
    create_file(file, partial);
    try {
      guarded(path, "write", [&] {  // the file asked for; its temporary name is ours
        write(file, e);
        file.close();
      });
    } catch (...) {
      try {
        file.close();
      } catch (...) {
      }
      std::remove(partial.c_str());
      throw;
    }
  }
  std::error_code ec;
  std::filesystem::rename(partial, path, ec);
  if (ec) throw IoError("cannot rename '" + partial + "' to '" + path + "': " + ec.message());
}

}  // namespace ria::io
