// CF-1.8 NetCDF-4 writer (netcdf-cxx4, plus the C API for error texts). See netcdf_output.hpp
// for the file layout. Standard names follow the CF standard name table:
//   depth -> sea_floor_depth_below_sea_surface (total water depth h, "including tides");
//   eta   -> water_surface_height_above_reference_datum (sea, lake or river surface above an
//            arbitrary datum: here the DEM's vertical datum, which need not be mean sea level);
//   u, v  -> sea_water_x_velocity, sea_water_y_velocity (grid x/y components, depth averaged);
//   concentration, bed_elevation: no CF name fits (a generic tracer; the height of the bed above
//            an arbitrary datum, positive up), so long_name and a comment only.
#include "io/netcdf_output.hpp"

#include <netcdf.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <netcdf>
#include <stdexcept>

#include "io/io_error.hpp"
#include "io/output_lock.hpp"

namespace ria::io {

bool netcdf_built() { return true; }

namespace {

namespace nc = netCDF;

constexpr std::size_t kNameLen = 64;       // name_strlen: characters kept of a station name
constexpr std::size_t kSeriesChunk = 512;  // records per chunk of the 1-D time and gauge series
constexpr const char* kReferences =
    "Viñas et al. 2012, A multi-GPU shallow water simulation with transport of contaminants";

/// "2000-01-01T00:00:00Z" -> "seconds since 2000-01-01 00:00:00" (CF/udunits reference time).
std::string cf_time_units(std::string s) {
  if (s.empty()) throw std::invalid_argument("NetCDF output: empty start date-time");
  std::replace(s.begin(), s.end(), 'T', ' ');
  if (s.back() == 'Z' || s.back() == 'z') s.pop_back();
  if (s.size() > 6 && s.compare(s.size() - 6, 6, "+00:00") == 0) s.resize(s.size() - 6);
  // Any other UTC offset after the time of day (position > 10) is kept, separated by a space.
  const std::size_t sign = s.find_last_of("+-");
  if (sign != std::string::npos && sign > 10 && s[sign - 1] != ' ') s.insert(sign, " ");
  return "seconds since " + s;
}

/// What the five per-time maps and their gauge series are: name, long_name, standard_name, units.
struct Quantity {
  const char* name;
  const char* long_name;
  const char* standard_name;  // "" when no CF name fits
  const char* units;
};
constexpr Quantity kQuantities[5] = {
    {"depth", "water depth", "sea_floor_depth_below_sea_surface", "m"},
    {"eta", "free-surface elevation above the vertical datum",
     "water_surface_height_above_reference_datum", "m"},
    {"u", "depth-averaged velocity, x component", "sea_water_x_velocity", "m s-1"},
    {"v", "depth-averaged velocity, y component", "sea_water_y_velocity", "m s-1"},
    {"concentration", "pollutant concentration", "", "1"},
};
constexpr const char* kConcComment =
    "depth-averaged concentration C = hc/h, in the units of the scenario's concentrations";

std::string nc_text(const nc::exceptions::NcException& e) {
  return e.errorCode() != 0 ? nc_strerror(e.errorCode()) : e.what();
}

/// Runs f; a netCDF failure becomes IoError("cannot <verb> NetCDF file '<path>': <reason>").
template <class F>
void guarded(const std::string& path, const char* verb, F&& f) {
  try {
    f();
  } catch (const nc::exceptions::NcException& e) {
    throw IoError(std::string("cannot ") + verb + " NetCDF file '" + path + "': " + nc_text(e));
  }
}

std::vector<float> to_float(const std::vector<double>& a) {
  std::vector<float> o(a.size());
  for (std::size_t k = 0; k < a.size(); ++k)
    o[k] = std::isnan(a[k]) ? NC_FILL_FLOAT : static_cast<float>(a[k]);
  return o;
}

void check_size(const std::vector<double>& a, std::size_t n, const char* what) {
  if (a.size() != n)
    throw std::invalid_argument(std::string("NetCDF output: ") + what + " has " +
                                std::to_string(a.size()) + " values, the grid " +
                                std::to_string(n));
}

/// A CF time coordinate along the unlimited dimension d, chunked by kSeriesChunk records.
nc::NcVar time_variable(nc::NcFile& file, const char* name, const nc::NcDim& d, const char* long_name,
                        const std::string& units) {
  nc::NcVar v = file.addVar(name, nc::ncDouble, d);
  std::vector<std::size_t> chunk{kSeriesChunk};
  v.setChunking(nc::NcVar::nc_CHUNKED, chunk);
  v.putAtt("standard_name", "time");
  v.putAtt("long_name", long_name);
  v.putAtt("units", units);
  v.putAtt("calendar", "standard");
  return v;
}

void put_text(const nc::NcVar& v, const char* name, const std::string& value) {
  if (!value.empty()) v.putAtt(name, value);
}

}  // namespace

struct NetcdfOutput::Impl {
  nc::NcFile file;
  Grid grid;
  std::string time_units;
  bool has_crs = false;
  std::size_t stations = 0;
  std::size_t k = 0;   // time slices written
  std::size_t gk = 0;  // gauge records written
  bool open = false;
  nc::NcVar time, maps[5], max_depth, max_conc, arrival;
  nc::NcVar gauge_time, gauges[5];

  /// A float field (dims) with _FillValue, units, names, deflate 4 + shuffle, chunks `chunk`.
  nc::NcVar add_field(const std::string& name, const std::vector<nc::NcDim>& dims,
                      const std::vector<std::size_t>& chunk, const char* long_name,
                      const char* standard_name, const std::string& units) {
    nc::NcVar v = file.addVar(name, nc::ncFloat, dims);
    std::vector<std::size_t> c = chunk;
    v.setChunking(nc::NcVar::nc_CHUNKED, c);
    v.setCompression(true, true, 4);
    v.putAtt("_FillValue", nc::ncFloat, NC_FILL_FLOAT);
    put_text(v, "long_name", long_name);
    put_text(v, "standard_name", standard_name);
    put_text(v, "units", units);
    if (has_crs) v.putAtt("grid_mapping", "crs");
    return v;
  }

  void define_and_write_static(const NcHeader& h);
  void define_gauges(const NcHeader& h, const nc::NcDim& station_dim);
};

void NetcdfOutput::Impl::define_and_write_static(const NcHeader& h) {
  const Grid& g = grid;
  const auto nx = static_cast<std::size_t>(g.nx), ny = static_cast<std::size_t>(g.ny);

  // Global attributes.
  file.putAtt("Conventions", "CF-1.8");
  if (!h.title.empty()) file.putAtt("title", h.title);
  if (!h.source.empty()) file.putAtt("source", h.source);
  if (!h.history.empty()) file.putAtt("history", h.history);
  file.putAtt("references", kReferences);
  if (!h.stations.empty()) file.putAtt("featureType", "timeSeries");

  // Dimensions.
  const nc::NcDim dx = file.addDim("x", nx), dy = file.addDim("y", ny);
  const nc::NcDim dt = file.addDim("time");  // unlimited

  // Coordinates: cell centres along x and y, time since the start.
  nc::NcVar x = file.addVar("x", nc::ncDouble, dx), y = file.addVar("y", nc::ncDouble, dy);
  const char* axis_std[2] = {"projection_x_coordinate", "projection_y_coordinate"};
  const char* axis_long[2] = {"x coordinate of cell centre", "y coordinate of cell centre"};
  nc::NcVar* axes[2] = {&x, &y};
  for (int a = 0; a < 2; ++a) {
    axes[a]->putAtt("standard_name", axis_std[a]);
    axes[a]->putAtt("long_name", axis_long[a]);
    axes[a]->putAtt("units", "m");
    axes[a]->putAtt("axis", a == 0 ? "X" : "Y");
  }
  time = time_variable(file, "time", dt, "time", time_units);
  time.putAtt("axis", "T");

  // Grid mapping: the CRS as WKT, for CF readers (crs_wkt) and GDAL (spatial_ref).
  if (has_crs) {
    nc::NcVar crs = file.addVar("crs", nc::ncInt);
    crs.putAtt("long_name", "coordinate reference system");
    crs.putAtt("crs_wkt", h.crs_wkt);
    crs.putAtt("spatial_ref", h.crs_wkt);
    for (const CfAttribute& a : h.grid_mapping) {
      if (a.numbers.empty()) crs.putAtt(a.name, a.text);
      else crs.putAtt(a.name, nc::ncDouble, a.numbers.size(), a.numbers.data());
    }
  }

  // Bed elevation (y, x): static.
  const std::vector<nc::NcDim> yx{dy, dx}, tyx{dt, dy, dx};
  nc::NcVar bed = add_field("bed_elevation", yx, {ny, nx},
                            "bed elevation above the vertical datum", "", "m");
  bed.putAtt("comment",
             "height of the bed above the vertical datum of the DEM, positive up; no CF standard "
             "name describes a bed above an arbitrary datum");

  // Maps (time, y, x), one chunk per time slice.
  for (int q = 0; q < 5; ++q) {
    const Quantity& Q = kQuantities[q];
    maps[q] = add_field(Q.name, tyx, {1, ny, nx}, Q.long_name, Q.standard_name, Q.units);
  }
  maps[4].putAtt("comment", kConcComment);

  // Run-wide extremes (y, x), filled in by write_extremes.
  max_depth = add_field("max_depth", yx, {ny, nx}, "maximum water depth over the run", "", "m");
  max_depth.putAtt("cell_methods", "time: maximum");
  max_conc = add_field("max_concentration", yx, {ny, nx},
                       "maximum pollutant concentration over the run", "", "1");
  max_conc.putAtt("cell_methods", "time: maximum");
  max_conc.putAtt("comment", kConcComment);
  arrival = add_field("arrival_time", yx, {ny, nx},
                      "time of first arrival of concentration above threshold", "", time_units);
  arrival.putAtt("calendar", "standard");

  if (!h.stations.empty()) define_gauges(h, file.addDim("station", h.stations.size()));

  // Data: coordinates and bed.
  std::vector<double> xs(nx), ys(ny);
  for (std::size_t i = 0; i < nx; ++i) xs[i] = g.x_centre(static_cast<int>(i));
  for (std::size_t j = 0; j < ny; ++j) ys[j] = g.y_centre(static_cast<int>(j));
  x.putVar(xs.data());
  y.putVar(ys.data());
  if (!h.bed_elevation.empty()) {
    check_size(h.bed_elevation, g.cells(), "bed_elevation");
    bed.putVar(to_float(h.bed_elevation).data());
  }
}

void NetcdfOutput::Impl::define_gauges(const NcHeader& h, const nc::NcDim& ds) {
  // CF discrete sampling geometry, timeSeries, orthogonal multidimensional representation.
  stations = h.stations.size();
  const nc::NcDim dg = file.addDim("gauge_time");  // unlimited
  const nc::NcDim dn = file.addDim("name_strlen", kNameLen);

  nc::NcVar name = file.addVar("station_name", nc::ncChar, std::vector<nc::NcDim>{ds, dn});
  name.putAtt("cf_role", "timeseries_id");
  name.putAtt("long_name", "gauge name");
  nc::NcVar sx = file.addVar("station_x", nc::ncDouble, ds);
  nc::NcVar sy = file.addVar("station_y", nc::ncDouble, ds);
  sx.putAtt("standard_name", "projection_x_coordinate");
  sy.putAtt("standard_name", "projection_y_coordinate");
  sx.putAtt("long_name", "gauge x coordinate");
  sy.putAtt("long_name", "gauge y coordinate");
  sx.putAtt("units", "m");
  sy.putAtt("units", "m");

  gauge_time = time_variable(file, "gauge_time", dg, "gauge time", time_units);

  // Gauge series (gauge_time, station), double, same names and units as the maps.
  for (int q = 0; q < 5; ++q) {
    const Quantity& Q = kQuantities[q];
    nc::NcVar v = file.addVar(std::string("gauge_") + Q.name, nc::ncDouble,
                              std::vector<nc::NcDim>{dg, ds});
    std::vector<std::size_t> chunk{kSeriesChunk, stations};
    v.setChunking(nc::NcVar::nc_CHUNKED, chunk);
    v.putAtt("_FillValue", nc::ncDouble, NC_FILL_DOUBLE);
    v.putAtt("long_name", std::string(Q.long_name) + " at gauge");
    put_text(v, "standard_name", Q.standard_name);
    v.putAtt("units", Q.units);
    v.putAtt("coordinates", "gauge_time station_x station_y station_name");
    if (has_crs) v.putAtt("grid_mapping", "crs");
    if (q == 4) v.putAtt("comment", kConcComment);
    gauges[q] = v;
  }

  // Station names (zero padded to name_strlen) and positions.
  std::vector<char> names(stations * kNameLen, '\0');
  std::vector<double> xs(stations), ys(stations);
  for (std::size_t s = 0; s < stations; ++s) {
    const std::string& n = h.stations[s].name;
    std::copy_n(n.begin(), std::min(n.size(), kNameLen), names.begin() + s * kNameLen);
    xs[s] = h.stations[s].x;
    ys[s] = h.stations[s].y;
  }
  name.putVar({0, 0}, {stations, kNameLen}, names.data());
  sx.putVar(xs.data());
  sy.putVar(ys.data());
}

NetcdfOutput::NetcdfOutput(const std::string& path, const NcHeader& header)
    : path_(path), impl_(std::make_unique<Impl>()) {
  if (header.grid.nx <= 0 || header.grid.ny <= 0)
    throw std::invalid_argument("NetCDF output: empty grid");
  impl_->grid = header.grid;
  impl_->has_crs = !header.crs_wkt.empty();
  impl_->time_units = cf_time_units(header.start_iso);
  try {
    impl_->file.open(path_, nc::NcFile::replace, nc::NcFile::nc4);
  } catch (const nc::exceptions::NcException& e) {
    // netCDF-4 reports every HDF5 create failure as EACCES; name a missing directory instead.
    const std::filesystem::path dir = std::filesystem::path(path_).parent_path();
    std::error_code ec;
    const bool no_dir = !dir.empty() && !std::filesystem::is_directory(dir, ec);
    if (!no_dir && locked_by_another(path_))
      throw IoError(path_ + " is open in another program (it holds HDF5's lock on the file); close it there");
    throw IoError("cannot create NetCDF file '" + path_ +
                  "': " + (no_dir ? std::strerror(ENOENT) : nc_text(e)));
  }
  impl_->open = true;
  guarded(path_, "write", [&] {
    impl_->define_and_write_static(header);
    impl_->file.sync();
  });
}

NetcdfOutput::~NetcdfOutput() {
  try {
    close();
  } catch (...) {  // a destructor never throws; close() reports errors to callers who call it
  }
}

void NetcdfOutput::append(double t, const NcFields& f) {
  if (!impl_->open) throw IoError("cannot write NetCDF file '" + path_ + "': already closed");
  const std::size_t n = impl_->grid.cells();
  const std::vector<double>* fields[5] = {f.depth, f.eta, f.u, f.v, f.conc};
  for (int q = 0; q < 5; ++q)
    if (fields[q]) check_size(*fields[q], n, kQuantities[q].name);
  const std::size_t k = impl_->k;
  const auto nx = static_cast<std::size_t>(impl_->grid.nx);
  const auto ny = static_cast<std::size_t>(impl_->grid.ny);
  guarded(path_, "write", [&] {
    // time[k], then each map's slice [k, :, :] (a null field stays _FillValue), then sync.
    impl_->time.putVar({k}, t);
    for (int q = 0; q < 5; ++q)
      if (fields[q]) impl_->maps[q].putVar({k, 0, 0}, {1, ny, nx}, to_float(*fields[q]).data());
    impl_->file.sync();
  });
  impl_->k = k + 1;
}

void NetcdfOutput::append_gauges(const std::vector<NcGaugeRecord>& records) {
  if (!impl_->open) throw IoError("cannot write NetCDF file '" + path_ + "': already closed");
  const std::size_t ns = impl_->stations, nr = records.size();
  if (ns == 0 || nr == 0) return;
  // Gather (record, station) arrays: gauge_time[gk + r], gauge_<q>[gk + r, s].
  std::vector<double> t(nr), v[5];
  for (auto& a : v) a.resize(nr * ns);
  for (std::size_t r = 0; r < nr; ++r) {
    if (records[r].values.size() != ns)
      throw std::invalid_argument("NetCDF output: gauge record with " +
                                  std::to_string(records[r].values.size()) + " stations, expected " +
                                  std::to_string(ns));
    t[r] = records[r].t;
    for (std::size_t s = 0; s < ns; ++s)
      for (int q = 0; q < 5; ++q) {
        const double x = records[r].values[s][q];
        v[q][r * ns + s] = std::isnan(x) ? NC_FILL_DOUBLE : x;
      }
  }
  const std::size_t gk = impl_->gk;
  guarded(path_, "write", [&] {
    impl_->gauge_time.putVar({gk}, {nr}, t.data());
    for (int q = 0; q < 5; ++q) impl_->gauges[q].putVar({gk, 0}, {nr, ns}, v[q].data());
    impl_->file.sync();
  });
  impl_->gk = gk + nr;
}

void NetcdfOutput::write_extremes(const std::vector<double>& max_depth,
                                  const std::vector<double>& max_conc,
                                  const std::vector<double>& arrival_time, double threshold) {
  if (!impl_->open) throw IoError("cannot write NetCDF file '" + path_ + "': already closed");
  const std::size_t n = impl_->grid.cells();
  const std::vector<double>* fields[3] = {&max_depth, &max_conc, &arrival_time};
  const char* names[3] = {"max_depth", "max_concentration", "arrival_time"};
  for (int e = 0; e < 3; ++e)
    if (!fields[e]->empty()) check_size(*fields[e], n, names[e]);
  nc::NcVar* vars[3] = {&impl_->max_depth, &impl_->max_conc, &impl_->arrival};
  guarded(path_, "write", [&] {
    // The threshold defining the arrival (an attribute, set or replaced), then the three maps.
    impl_->arrival.putAtt("threshold", nc::ncDouble, threshold);
    for (int e = 0; e < 3; ++e)
      if (!fields[e]->empty()) vars[e]->putVar(to_float(*fields[e]).data());
    impl_->file.sync();
  });
}

void NetcdfOutput::close() {
  if (!impl_ || !impl_->open) return;
  impl_->open = false;
  guarded(path_, "close", [&] { impl_->file.close(); });
}

std::size_t NetcdfOutput::slices() const { return impl_ ? impl_->k : 0; }

}  // namespace ria::io
