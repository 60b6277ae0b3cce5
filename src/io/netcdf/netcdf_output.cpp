// CF-1.8 NetCDF-4 writer (netcdf-cxx4, plus the C API for error texts). See netcdf_output.hpp
// for the file layout. Standard names follow the CF standard name table:
//   depth -> sea_floor_depth_below_sea_surface (total water depth h, "including tides");
//   eta   -> water_surface_height_above_reference_datum (sea, lake or river surface above an
//            arbitrary datum: here the DEM's vertical datum, which need not be mean sea level);
//   u, v  -> sea_water_x_velocity, sea_water_y_velocity (grid x/y components, depth averaged);
//   concentration, bed_elevation: no CF name fits (a generic tracer; the height of the bed above
//            an arbitrary datum, positive up), so long_name and a comment only.
#include "io/netcdf/netcdf_output.hpp"

#include <cmath>
#include <stdexcept>

#include "io/netcdf/netcdf_common.hpp"

namespace ria::io {

bool netcdf_built() { return true; }

namespace {

using namespace nc_detail;

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

}  // namespace

struct NetcdfOutput::Impl {
  WriteFile file;
  Grid grid;
  std::string time_units;
  bool has_crs = false;
  std::size_t k = 0;   // time slices written
  bool open = false;
  nc::NcVar time, maps[5], max_depth, max_speed, max_conc, first_wet, arrival;

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
};

void NetcdfOutput::Impl::define_and_write_static(const NcHeader& h) {
  const Grid& g = grid;
  const auto nx = static_cast<std::size_t>(g.nx), ny = static_cast<std::size_t>(g.ny);

  // Global attributes: a gridded file, so no featureType (CF discrete sampling geometries only).
  put_global_attributes(file, h.title, h.source, h.history);

  // Dimensions and coordinates: cell centres along x and y, time (unlimited) since the start.
  const GridAxes axes = define_grid_axes(file, g);
  const nc::NcDim dx = axes.x_dim, dy = axes.y_dim;
  const nc::NcDim dt = file.addDim("time");  // unlimited
  time = time_variable(file, "time", dt, "time", time_units);
  if (has_crs) define_crs(file, h.crs_wkt, h.grid_mapping);

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
    maps[q] = add_field(Q.name, tyx, {1, ny, nx}, Q.long_name, Q.standard_name,
                        q == 4 ? h.concentration_units : Q.units);
  }
  maps[4].putAtt("comment", kConcComment);

  // Run-wide extremes (y, x), filled in by write_extremes.
  max_depth = add_field("max_depth", yx, {ny, nx}, "maximum water depth over the run", "", "m");
  max_depth.putAtt("cell_methods", "time: maximum");
  max_speed = add_field("max_speed", yx, {ny, nx}, "maximum water speed over the run", "", "m s-1");
  max_speed.putAtt("cell_methods", "time: maximum");
  max_conc = add_field("max_concentration", yx, {ny, nx},
                       "maximum pollutant concentration over the run", "", h.concentration_units);
  max_conc.putAtt("cell_methods", "time: maximum");
  max_conc.putAtt("comment", kConcComment);
  first_wet = add_field("first_wet_time", yx, {ny, nx}, "time the cell was first wet", "", time_units);
  first_wet.putAtt("calendar", kCalendar);
  arrival = add_field("arrival_time", yx, {ny, nx},
                      "time of first arrival of concentration above threshold", "", time_units);
  arrival.putAtt("calendar", kCalendar);

  // Data: coordinates and bed.
  put_cell_centres(axes, g);
  if (!h.bed_elevation.empty()) {
    check_size(h.bed_elevation, g.cells(), "bed_elevation");
    bed.putVar(to_float(h.bed_elevation).data());
  }
}

NetcdfOutput::NetcdfOutput(const std::string& path, const NcHeader& header)
    : path_(path), impl_(std::make_unique<Impl>()) {
  if (header.grid.nx <= 0 || header.grid.ny <= 0)
    throw std::invalid_argument("NetCDF output: empty grid");
  impl_->grid = header.grid;
  impl_->has_crs = !header.crs_wkt.empty();
  impl_->time_units = cf_time_units(header.start_iso);
  create_file(impl_->file, path_);
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

void NetcdfOutput::write_extremes(const swe::HostExtremes& e, double threshold) {
  if (!impl_->open) throw IoError("cannot write NetCDF file '" + path_ + "': already closed");
  const std::size_t n = impl_->grid.cells();
  const std::vector<double>* fields[5] = {&e.max_depth, &e.max_speed, &e.max_concentration, &e.first_wet_time,
                                          &e.arrival_time};
  const char* names[5] = {"max_depth", "max_speed", "max_concentration", "first_wet_time", "arrival_time"};
  for (int k = 0; k < 5; ++k)
    if (!fields[k]->empty()) check_size(*fields[k], n, names[k]);
  nc::NcVar* vars[5] = {&impl_->max_depth, &impl_->max_speed, &impl_->max_conc, &impl_->first_wet, &impl_->arrival};
  guarded(path_, "write", [&] {
    // The threshold defining the arrival (an attribute, set or replaced), then the maps.
    impl_->arrival.putAtt("threshold", nc::ncDouble, threshold);
    for (int k = 0; k < 5; ++k)
      if (!fields[k]->empty()) vars[k]->putVar(to_float(*fields[k]).data());
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
