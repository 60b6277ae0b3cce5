// NetCDF field reader (netcdf_input.hpp), with the netCDF C API.
#include "io/netcdf/netcdf_input.hpp"

#include <netcdf.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <functional>
#include <sstream>

#include "io/io_error.hpp"
#include "io/netcdf/netcdf_common.hpp"
#include "io/raster/raster.hpp"
#include "io/isolated_read.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "io/text_case.hpp"

namespace ria::io {
namespace {

struct File {
  int id = -1;
  ~File() {
    if (id >= 0) nc_close(id);
  }
};

std::vector<double> read_all(int id, int var, std::size_t n) {
  std::vector<double> v(n);
  if (n) nc_get_var_double(id, var, v.data());
  return v;
}

/// Checks a coordinate variable against the model's cell centres; returns true when it runs backwards.
bool check_axis(int id, const char* dim_name, std::size_t n, double first, double step, const std::string& what) {
  int var;
  if (nc_inq_varid(id, dim_name, &var) != NC_NOERR) return false;  // no coordinate variable: take the grid's
  const std::vector<double> c = read_all(id, var, n);
  const double tol = 1e-6 * std::fabs(step);
  const bool reversed = n > 1 && c[0] > c[n - 1];
  for (std::size_t k = 0; k < n; ++k) {
    const double want = first + step * static_cast<double>(reversed ? n - 1 - k : k);
    if (std::fabs(c[k] - want) > tol) {
      std::ostringstream o;
      o << what << ": coordinate " << dim_name << "[" << k << "] = " << c[k] << ", the model grid's cell centre is "
        << want << " (the field must be on the model grid)";
      throw InputError(o.str());
    }
  }
  return reversed;
}

/// A text attribute of a variable ("" when absent or not text).
std::string text_attribute(int id, int var, const char* name) {
  nc_type type;
  std::size_t len = 0;
  if (nc_inq_att(id, var, name, &type, &len) != NC_NOERR || type != NC_CHAR) return "";
  std::string s(len, '\0');
  if (len && nc_get_att_text(id, var, name, &s[0]) != NC_NOERR) return "";
  while (!s.empty() && (s.back() == '\0' || s.back() == ' ')) s.pop_back();
  return s;
}

/// The values of a numeric attribute of a variable (empty when absent or text).
std::vector<double> numeric_attribute(int id, int var, const char* name) {
  nc_type type;
  std::size_t len = 0;
  if (nc_inq_att(id, var, name, &type, &len) != NC_NOERR || type == NC_CHAR || type == NC_STRING || len == 0) return {};
  std::vector<double> v(len);
  if (nc_get_att_double(id, var, name, v.data()) != NC_NOERR) return {};
  return v;
}

/// 'X' or 'Y' when the dimension `dim_name` is that axis by its coordinate variable's `axis`
/// attribute (CF) or, without one, by its name (x, lon, longitude, easting; y, lat, latitude,
/// northing); 0 otherwise.
char axis_of(int id, const char* dim_name) {
  int var;
  if (nc_inq_varid(id, dim_name, &var) == NC_NOERR) {
    const std::string a = text_attribute(id, var, "axis");
    if (a == "X" || a == "x") return 'X';
    if (a == "Y" || a == "y") return 'Y';
    if (!a.empty()) return 0;
  }
  std::string n = dim_name;
  for (char& c : n) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (n == "x" || n == "lon" || n == "longitude" || n == "easting") return 'X';
  if (n == "y" || n == "lat" || n == "latitude" || n == "northing") return 'Y';
  return 0;
}

bool free_surface_name(const std::string& n) {
  return n == "water_surface_height_above_reference_datum" || n.rfind("sea_surface_height", 0) == 0 ||
         n == "sea_surface_elevation";
}


/// A CF standard name of the x (y) component of a water velocity: sea_water_x_velocity,
/// eastward_sea_water_velocity and their depth-averaged (barotropic_) and staggered-grid
/// (_at_u_location, ...) variants.
bool velocity_name(const std::string& n, bool x) {
  const bool water = n.find("water") != std::string::npos && n.find("velocity") != std::string::npos;
  const bool component = x ? n.find("x_velocity") != std::string::npos || n.find("eastward") != std::string::npos
                           : n.find("y_velocity") != std::string::npos || n.find("northward") != std::string::npos;
  return water && component;
}

/// What a field read for the initial state must be.
enum class Quantity { free_surface, velocity_x, velocity_y, concentration };

/// The scenario key that names the variable of q.
const char* key_of(Quantity q) {
  return q == Quantity::free_surface ? "initial.variable"
         : q == Quantity::velocity_x ? "initial.velocity[0]"
         : q == Quantity::velocity_y ? "initial.velocity[1]"
                                     : "initial.concentration";
}

/// InputError unless `var` may be the quantity q: a standard_name, when present, of one, and
/// units, when present, of its unit (so depth, eta, u or v of a ria.nc are refused where they
/// are not the quantity asked for). A concentration has no CF name (a generic tracer): its units,
/// when present, must be `c_units`, the scenario's pollutant.units, and its standard_name none of
/// a free surface's or a velocity's.
void check_quantity(int id, int var, const std::string& path, const std::string& variable, Quantity q,
                    const std::string& c_units) {
  const std::string standard_name = text_attribute(id, var, "standard_name"), units = text_attribute(id, var, "units");
  bool name_ok = true, units_ok = true;
  std::string expected;
  if (q == Quantity::concentration) {
    name_ok = standard_name.empty() ||
              !(free_surface_name(standard_name) || velocity_name(standard_name, true) || velocity_name(standard_name, false));
    // A run's maximum (max_concentration of a ria.nc, its ensemble statistics) is no state.
    if (text_attribute(id, var, "long_name").find("maximum") != std::string::npos)
      throw InputError("'" + path + "' variable '" + variable + "' (" + key_of(q) + ") is '" +
                       text_attribute(id, var, "long_name") + "', a run's maximum, not a state; give the "
                       "concentration of one time slice (`concentration` of a ria.nc)");
    units_ok = units.empty() || units == c_units;
    expected = "expected a concentration in pollutant.units = '" + c_units + "' (as `concentration` of a ria.nc written "
               "with the same units)";
  } else if (q == Quantity::free_surface) {
    name_ok = standard_name.empty() || free_surface_name(standard_name);
    units_ok = units.empty() || is_metres(units);
    expected = "it is not a free surface; expected a water level in m (standard_name "
               "water_surface_height_above_reference_datum or sea_surface_height*, as `eta` of a ria.nc)";
  } else {
    const bool x = q == Quantity::velocity_x;
    name_ok = standard_name.empty() || velocity_name(standard_name, x);
    units_ok = units.empty() || is_metres_per_second(units);
    expected = std::string("it is not the ") + (x ? "x" : "y") + " velocity; expected m s-1 (standard_name " +
               (x ? "sea_water_x_velocity, as `u`" : "sea_water_y_velocity, as `v`") + " of a ria.nc)";
  }
  if (!name_ok || !units_ok)
    throw InputError("'" + path + "' variable '" + variable + "' (" + key_of(q) + ") has standard_name '" +
                     (standard_name.empty() ? "(none)" : standard_name) + "' and units '" +
                     (units.empty() ? "(none)" : units) + "': " + expected);
}

/// Seconds in one unit of a time coordinate whose units are "<unit> since <date>" (CF), 1 when it
/// has none; InputError for units of another kind.
double seconds_per_unit(int id, int var, const std::string& what, const char* name) {
  const std::string units = text_attribute(id, var, "units");
  if (units.empty()) return 1;
  std::string unit = units.substr(0, units.find(' '));
  for (char& c : unit) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (unit == "seconds" || unit == "second" || unit == "s" || unit == "sec" || unit == "secs") return 1;
  if (unit == "minutes" || unit == "minute" || unit == "min" || unit == "mins") return 60;
  if (unit == "hours" || unit == "hour" || unit == "h" || unit == "hr" || unit == "hrs") return 3600;
  if (unit == "days" || unit == "day" || unit == "d") return 86400;
  throw InputError(what + ": the time coordinate '" + name + "' has units '" + units +
                   "'; expected seconds, minutes, hours or days since a date");
}

/// The seconds of the time coordinate `name` (len slices), converted from its units.
std::vector<double> slice_seconds(int id, const char* name, std::size_t len, const std::string& what) {
  int tv;
  if (nc_inq_varid(id, name, &tv) != NC_NOERR) return {};
  std::vector<double> t = read_all(id, tv, len);
  const double unit = seconds_per_unit(id, tv, what, name);
  for (double& x : t) x *= unit;
  return t;
}

/// The index of the slice of time coordinate `name` (len slices) at `time` seconds, or the last
/// one for time < 0; InputError when there is none (or no coordinate to find it by).
std::size_t slice_at(int id, const char* name, std::size_t len, double time, const std::string& what) {
  if (len == 0) throw InputError(what + " has no time slice");
  if (time < 0) return len - 1;
  const std::vector<double> t = slice_seconds(id, name, len, what);
  if (t.empty())
    throw InputError(what + ": no coordinate variable '" + std::string(name) + "' to find t = " + std::to_string(time) + " s");
  for (std::size_t k = t.size(); k-- > 0;)
    if (std::fabs(t[k] - time) <= 1e-6 * std::max(1.0, std::fabs(time))) return k;
  std::ostringstream o;
  o << what << " has no slice at " << name << " = " << time << " s (initial.time); its " << len << " slices run from "
    << t.front() << " to " << t.back() << " s";
  throw InputError(o.str());
}

/// read_netcdf_free_surface or read_netcdf_velocity in this process.
std::vector<double> read_field_here(const std::string& path, const std::string& variable, double time, const Grid& g,
                                    Quantity q, const std::string& c_units = "") {
  const std::string what = "'" + path + "' variable '" + variable + "'";
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) throw IoError("cannot read '" + path + "': " + std::strerror(ENOENT));
  File f;
  if (const int st = nc_open(nc_detail::library_path(path).c_str(), NC_NOWRITE, &f.id); st != NC_NOERR) {
    f.id = -1;
    throw InputError("'" + path + "' is not a NetCDF file that can be read (" + nc_strerror(st) + ")");
  }
  int var;
  if (nc_inq_varid(f.id, variable.c_str(), &var) != NC_NOERR)
    throw InputError("'" + path + "' has no variable '" + variable + "' (" + key_of(q) + ")");
  check_quantity(f.id, var, path, variable, q, c_units);
  int ndims = 0;
  nc_inq_varndims(f.id, var, &ndims);
  if (ndims != 2 && ndims != 3)
    throw InputError(what + " has " + std::to_string(ndims) + " dimensions; expected (time, y, x) or (y, x)");
  int dims[3];
  nc_inq_vardimid(f.id, var, dims);
  std::size_t len[3] = {1, 1, 1};
  char names[3][NC_MAX_NAME + 1];
  for (int d = 0; d < ndims; ++d) nc_inq_dim(f.id, dims[d], names[d], &len[d]);
  const int yd = ndims - 2, xd = ndims - 1;
  if (axis_of(f.id, names[yd]) == 'X' || axis_of(f.id, names[xd]) == 'Y')
    throw InputError(what + " has its dimensions in the order (" + (ndims == 3 ? std::string(names[0]) + ", " : "") +
                     names[yd] + ", " + names[xd] + "): expected (time, y, x) or (y, x), x varying fastest (reorder "
                     "it, e.g. `ncpdq -a " + (ndims == 3 ? std::string(names[0]) + "," : "") + names[xd] + "," +
                     names[yd] + "`)");
  if (len[yd] != static_cast<std::size_t>(g.ny) || len[xd] != static_cast<std::size_t>(g.nx)) {
    std::ostringstream o;
    o << what << " is " << len[xd] << " x " << len[yd] << " (x by y); the model grid is " << g.nx << " x " << g.ny;
    throw InputError(o.str());
  }
  const bool flip_x = check_axis(f.id, names[xd], len[xd], g.x_centre(0), g.dx, what);
  const bool flip_y = check_axis(f.id, names[yd], len[yd], g.y_centre(0), g.dy, what);

  const std::size_t slice = ndims == 3 ? slice_at(f.id, names[0], len[0], time, what) : 0;
  const std::size_t start[3] = {slice, 0, 0}, count[3] = {1, len[yd], len[xd]};
  std::vector<double> v(g.cells());
  const int st = ndims == 3 ? nc_get_vara_double(f.id, var, start, count, v.data())
                            : nc_get_vara_double(f.id, var, start + 1, count + 1, v.data());
  if (st != NC_NOERR) throw IoError("cannot read " + what + ": " + nc_strerror(st));
  // CF: the stored value is compared with _FillValue and missing_value (NaN: dry or no data), and
  // a packed one is unpacked as stored * scale_factor + add_offset.
  const std::vector<double> fill = numeric_attribute(f.id, var, "_FillValue"),
                            missing = numeric_attribute(f.id, var, "missing_value"),  // CF: one or more
                            scale = numeric_attribute(f.id, var, "scale_factor"), offset = numeric_attribute(f.id, var, "add_offset");
  if (fill.size() > 1 || scale.size() > 1 || offset.size() > 1)
    throw InputError(what + ": its _FillValue, scale_factor and add_offset must be single numbers");
  const double a = scale.empty() ? 1.0 : scale[0], b = offset.empty() ? 0.0 : offset[0];
  const auto no_data = [&](double x) {
    return (!fill.empty() && x == fill[0]) || std::find(missing.begin(), missing.end(), x) != missing.end();
  };
  for (double& x : v) x = no_data(x) ? NAN : x * a + b;
  const auto row = [&](int j) { return v.begin() + static_cast<std::ptrdiff_t>(j) * g.nx; };
  if (flip_x)  // stored east-first
    for (int j = 0; j < g.ny; ++j) std::reverse(row(j), row(j + 1));
  if (flip_y)  // stored north-first
    for (int j = 0; j < g.ny / 2; ++j) std::swap_ranges(row(j), row(j + 1), row(g.ny - 1 - j));
  return v;
}

}  // namespace

// The reads run in a child process: HDF5 crashes on some damaged files (isolated_read.hpp).
std::vector<double> read_netcdf_free_surface(const std::string& path, const std::string& variable, double time,
                                             const Grid& g) {
  return read_in_child([&] { return read_field_here(path, variable, time, g, Quantity::free_surface); },
                       "'" + path + "'", "the NetCDF/HDF5 library");
}

std::vector<double> read_netcdf_velocity(const std::string& path, const std::string& variable, int component,
                                         double time, const Grid& g) {
  const Quantity q = component == 0 ? Quantity::velocity_x : Quantity::velocity_y;
  return read_in_child([&] { return read_field_here(path, variable, time, g, q); }, "'" + path + "'",
                       "the NetCDF/HDF5 library");
}

std::vector<double> read_netcdf_concentration(const std::string& path, const std::string& variable, double time,
                                              const Grid& g, const std::string& units) {
  return read_in_child([&] { return read_field_here(path, variable, time, g, Quantity::concentration, units); },
                       "'" + path + "'", "the NetCDF/HDF5 library");
}

namespace {
/// What `probe` reads from the file `path`, opened read-only, in a child process (isolated_read.hpp,
/// as the fields are read); `none` when the file cannot be opened, the probe throws, or the child
/// fails: the reads of the fields say what is wrong with the file.
std::vector<double> probe_file(const std::string& path, const std::function<std::vector<double>(int)>& probe,
                               const std::vector<double>& none) {
  try {
    return read_in_child(
        [&]() -> std::vector<double> {
          File f;
          if (nc_open(nc_detail::library_path(path).c_str(), NC_NOWRITE, &f.id) != NC_NOERR) {
            f.id = -1;
            return none;
          }
          return probe(f.id);
        },
        "'" + path + "'", "the NetCDF/HDF5 library");
  } catch (const std::exception&) {
    return none;
  }
}
}  // namespace

SliceDate netcdf_slice_date(const std::string& path, const std::string& variable, double time) {
  // {t}; or {NaN, 1, bytes of the units} for a reference date ria cannot read, {NaN, 2, bytes of the
  // calendar} for another calendar (the probe runs in a child that returns numbers only).
  const auto text = [](double code, const std::string& s) {
    std::vector<double> v{NAN, code};
    for (const unsigned char ch : s) v.push_back(ch);
    return v;
  };
  const std::vector<double> d = probe_file(path, [&](int id) -> std::vector<double> {
    int var = 0, ndims = 0, dims[3];
    if (nc_inq_varid(id, variable.c_str(), &var) != NC_NOERR || nc_inq_varndims(id, var, &ndims) != NC_NOERR ||
        ndims != 3 || nc_inq_vardimid(id, var, dims) != NC_NOERR)
      return {NAN};
    char name[NC_MAX_NAME + 1];
    std::size_t len = 0;
    int tv = 0;
    if (nc_inq_dim(id, dims[0], name, &len) != NC_NOERR || nc_inq_varid(id, name, &tv) != NC_NOERR) return {NAN};
    const std::string what = "'" + path + "' variable '" + variable + "'";
    const std::size_t k = slice_at(id, name, len, time, what);
    // "<unit> since <date>" in the Gregorian calendar (proleptic, as ria counts: the same dates
    // after 1582-10-15).
    const std::string units = text_attribute(id, tv, "units");
    const std::size_t since = units.find(" since ");
    if (since == std::string::npos) return {NAN};
    const std::string calendar = text_attribute(id, tv, "calendar");
    const std::string cal = lower_case(calendar);
    if (!cal.empty() && cal != "standard" && cal != "gregorian" && cal != "proleptic_gregorian")
      return text(2, calendar);
    double t0 = NAN;
    try {
      t0 = parse_cf_reference_date(units.substr(since + 7), what + " time units");
    } catch (const InputError&) {
      return text(1, units);
    }
    return {t0 + slice_seconds(id, name, len, what)[k]};
  }, {NAN});
  if (d.size() >= 2) {
    std::string said;
    for (std::size_t i = 2; i < d.size(); ++i) said += static_cast<char>(d[i]);
    return {NAN, d[1] == 2 ? "its time coordinate's calendar = \"" + said + "\" is not the Gregorian one"
                           : "its time coordinate's units = \"" + said +
                                 "\" name no date ria reads (\"seconds since 2026-01-01 00:00:00\")"};
  }
  return {d.size() == 1 ? d[0] : NAN, ""};
}

std::array<double, 2> netcdf_grid_size(const std::string& path) {
  const std::vector<double> n = probe_file(path, [](int id) -> std::vector<double> {
    int dx = 0, dy = 0;
    std::size_t nx = 0, ny = 0;
    if (nc_inq_dimid(id, "x", &dx) != NC_NOERR || nc_inq_dimid(id, "y", &dy) != NC_NOERR ||
        nc_inq_dimlen(id, dx, &nx) != NC_NOERR || nc_inq_dimlen(id, dy, &ny) != NC_NOERR)
      return {NAN, NAN};
    return {static_cast<double>(nx), static_cast<double>(ny)};
  }, {NAN, NAN});
  return n.size() == 2 ? std::array<double, 2>{n[0], n[1]} : std::array<double, 2>{NAN, NAN};
}

std::array<double, 2> netcdf_time_span(const std::string& path) {
  const std::vector<double> span = probe_file(path, [](int id) -> std::vector<double> {
    int var = 0, dim = 0, ndims = 0;
    std::size_t n = 0;
    if (nc_inq_varid(id, "time", &var) != NC_NOERR || nc_inq_varndims(id, var, &ndims) != NC_NOERR || ndims != 1 ||
        nc_inq_vardimid(id, var, &dim) != NC_NOERR || nc_inq_dimlen(id, dim, &n) != NC_NOERR || n == 0)
      return {NAN, NAN};
    double first = NAN, last = NAN;
    const std::size_t k0 = 0, k1 = n - 1;
    if (nc_get_var1_double(id, var, &k0, &first) != NC_NOERR || nc_get_var1_double(id, var, &k1, &last) != NC_NOERR)
      return {NAN, NAN};
    return {first, last};
  }, {NAN, NAN});
  return span.size() == 2 ? std::array<double, 2>{span[0], span[1]} : std::array<double, 2>{NAN, NAN};
}

}  // namespace ria::io
