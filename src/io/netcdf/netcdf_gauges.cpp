// CF-1.8 timeSeries writer of the gauges (netcdf_gauges.hpp), netcdf-cxx4.
#include "io/netcdf/netcdf_gauges.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "io/netcdf/netcdf_common.hpp"

namespace ria::io {

using namespace nc_detail;

struct GaugeNetcdf::Impl {
  WriteFile file;
  std::size_t stations = 0;
  std::size_t k = 0;  // records written
  bool open = false;
  nc::NcVar time, series[5];

  void define_and_write_static(const NcGaugeHeader& h);
};

void GaugeNetcdf::Impl::define_and_write_static(const NcGaugeHeader& h) {
  const bool has_crs = !h.crs_wkt.empty();
  const std::string time_units = cf_time_units(h.start_iso);
  put_global_attributes(file, h.title, h.source, h.history);
  file.putAtt("featureType", "timeSeries");

  // A name is stored in bytes (UTF-8 as given), padded with NUL to the longest one.
  std::size_t strlen = 1;
  for (const NcStation& s : h.stations) strlen = std::max(strlen, s.name.size());
  const nc::NcDim ds = file.addDim("station", stations);
  const nc::NcDim dt = file.addDim("time");  // unlimited
  const nc::NcDim dn = file.addDim("name_strlen", strlen);

  nc::NcVar name = file.addVar("station_name", nc::ncChar, std::vector<nc::NcDim>{ds, dn});
  name.putAtt("cf_role", "timeseries_id");
  name.putAtt("long_name", "gauge name");
  nc::NcVar sx = file.addVar("x", nc::ncDouble, ds), sy = file.addVar("y", nc::ncDouble, ds);
  sx.putAtt("standard_name", "projection_x_coordinate");
  sy.putAtt("standard_name", "projection_y_coordinate");
  sx.putAtt("long_name", "gauge x coordinate");
  sy.putAtt("long_name", "gauge y coordinate");
  sx.putAtt("units", "m");
  sy.putAtt("units", "m");
  time = time_variable(file, "time", dt, "time", time_units);
  if (has_crs) define_crs(file, h.crs_wkt, h.grid_mapping);

  for (int q = 0; q < 5; ++q) {
    const Quantity& Q = kQuantities[q];
    nc::NcVar v = file.addVar(Q.name, nc::ncDouble, std::vector<nc::NcDim>{ds, dt});
    std::vector<std::size_t> chunk{stations, kSeriesChunk};
    v.setChunking(nc::NcVar::nc_CHUNKED, chunk);
    v.putAtt("_FillValue", nc::ncDouble, NC_FILL_DOUBLE);
    v.putAtt("long_name", std::string(Q.long_name) + " at the gauge");
    put_text(v, "standard_name", Q.standard_name);
    v.putAtt("units", q == 4 ? h.concentration_units : std::string(Q.units));
    v.putAtt("coordinates", "time x y station_name");
    if (has_crs) v.putAtt("grid_mapping", "crs");
    if (q == 4) v.putAtt("comment", kConcComment);
    series[q] = v;
  }

  std::vector<char> names(stations * strlen, '\0');
  std::vector<double> xs(stations), ys(stations);
  for (std::size_t s = 0; s < stations; ++s) {
    std::copy(h.stations[s].name.begin(), h.stations[s].name.end(), names.begin() + s * strlen);
    xs[s] = h.stations[s].x;
    ys[s] = h.stations[s].y;
  }
  name.putVar({0, 0}, {stations, strlen}, names.data());
  sx.putVar(xs.data());
  sy.putVar(ys.data());
}

GaugeNetcdf::GaugeNetcdf(const std::string& path, const NcGaugeHeader& header)
    : path_(path), impl_(std::make_unique<Impl>()) {
  if (header.stations.empty()) throw std::invalid_argument("gauge NetCDF output: no stations");
  impl_->stations = header.stations.size();
  create_file(impl_->file, path_);
  impl_->open = true;
  guarded(path_, "write", [&] {
    impl_->define_and_write_static(header);
    impl_->file.sync();
  });
}

GaugeNetcdf::~GaugeNetcdf() {
  try {
    close();
  } catch (...) {  // a destructor never throws; close() reports errors to callers who call it
  }
}

void GaugeNetcdf::append(const std::vector<NcGaugeRecord>& records) {
  if (!impl_->open) throw IoError("cannot write NetCDF file '" + path_ + "': already closed");
  const std::size_t ns = impl_->stations, nr = records.size();
  if (nr == 0) return;
  // Gather (station, record) arrays: time[k + r], <q>[s, k + r].
  std::vector<double> t(nr), v[5];
  for (auto& a : v) a.resize(ns * nr);
  for (std::size_t r = 0; r < nr; ++r) {
    if (records[r].values.size() != ns)
      throw std::invalid_argument("gauge NetCDF output: a record with " + std::to_string(records[r].values.size()) +
                                  " stations, expected " + std::to_string(ns));
    t[r] = records[r].t;
    for (std::size_t s = 0; s < ns; ++s)
      for (int q = 0; q < 5; ++q) {
        const double x = records[r].values[s][q];
        v[q][s * nr + r] = std::isnan(x) ? NC_FILL_DOUBLE : x;
      }
  }
  const std::size_t k = impl_->k;
  guarded(path_, "write", [&] {
    impl_->time.putVar({k}, {nr}, t.data());
    for (int q = 0; q < 5; ++q) impl_->series[q].putVar({0, k}, {ns, nr}, v[q].data());
    impl_->file.sync();
  });
  impl_->k = k + nr;
}

void GaugeNetcdf::close() {
  if (!impl_ || !impl_->open) return;
  impl_->open = false;
  guarded(path_, "close", [&] { impl_->file.close(); });
}

std::size_t GaugeNetcdf::records() const { return impl_ ? impl_->k : 0; }

}  // namespace ria::io
