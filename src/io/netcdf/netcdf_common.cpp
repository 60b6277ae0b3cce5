// Shared pieces of the NetCDF writers (netcdf_common.hpp).
#include "io/netcdf/netcdf_common.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <sys/resource.h>
#include <unistd.h>

#include "io/output_lock.hpp"

namespace ria::io::nc_detail {

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

std::string library_path(const std::string& path) {
  if (path.find('\\') != std::string::npos)
    throw IoError("'" + path + "': the NetCDF library takes '\\' in a path for a directory separator and would use "
                  "another file; rename the directory or file without it");
  if (path.empty() || path[0] == '/' || path.rfind("./", 0) == 0 || path.rfind("../", 0) == 0) return path;
  return "./" + path;
}

std::string nc_text(const nc::exceptions::NcException& e) {
  return e.errorCode() != 0 ? nc_strerror(e.errorCode()) : e.what();
}

std::string write_failure_cause(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::uintmax_t size = 0;
  for (const std::string& p : {path, path + ".partial"})
    if (const std::uintmax_t n = fs::file_size(p, ec); !ec) size = std::max(size, n);
  rlimit lim{};
  // An HDF5 chunk or metadata block that would have crossed the limit: within 1 MiB of it.
  if (getrlimit(RLIMIT_FSIZE, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY && size + (1u << 20) >= lim.rlim_cur)
    return " (the file has reached the file-size limit, ulimit -f, of " + std::to_string(lim.rlim_cur) + " bytes)";
  fs::path dir = fs::path(path).parent_path();
  if (dir.empty()) dir = ".";
  const fs::space_info space = fs::space(dir, ec);
  if (!ec && space.available < (std::uintmax_t(64) << 20))
    return " (its file system has " + std::to_string(space.available) + " bytes free)";
  return "";
}

void create_file(nc::NcFile& file, const std::string& path) {
  try {
    file.open(library_path(path), nc::NcFile::replace, nc::NcFile::nc4);
  } catch (const nc::exceptions::NcException& e) {
    const std::filesystem::path dir = std::filesystem::path(path).parent_path();
    std::error_code ec;
    const bool no_dir = !dir.empty() && !std::filesystem::is_directory(dir, ec);
    if (!no_dir && locked_by_another(path))
      throw IoError(path + " is open in another program (it holds HDF5's lock on the file); close it there");
    std::string why = no_dir ? std::strerror(ENOENT) : nc_text(e);
    // netCDF-4 reports every HDF5 create failure as EACCES: where the directory is writable, the
    // likelier cause is named.
    const bool denied = e.errorCode() == NC_EACCESS || e.errorCode() == EACCES;  // (netCDF 4.9 gives errno's)
    if (!no_dir && denied && ::access(dir.empty() ? "." : dir.c_str(), W_OK) == 0) {
      rlimit lim{};
      std::size_t open_fds = 0;
      namespace fs = std::filesystem;
      for (auto it = fs::directory_iterator("/proc/self/fd", ec); !ec && it != fs::directory_iterator(); it.increment(ec))
        ++open_fds;
      if (getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY && open_fds + 8 >= lim.rlim_cur)
        why += " (the directory is writable; this process has " + std::to_string(open_fds) + " files open of the " +
               std::to_string(lim.rlim_cur) + " it may: ulimit -n)";
      else
        why += " (the directory is writable; the NetCDF library reports other failures so too" + write_failure_cause(path) + ")";
    }
    throw IoError("cannot create NetCDF file '" + path + "': " + why);
  }
}

void put_global_attributes(nc::NcFile& file, const std::string& title, const std::string& source,
                           const std::string& history) {
  file.putAtt("Conventions", "CF-1.8");
  if (!title.empty()) file.putAtt("title", title);
  if (!source.empty()) file.putAtt("source", source);
  if (!history.empty()) file.putAtt("history", history);
  file.putAtt("references", kReferences);
}

nc::NcVar time_variable(nc::NcFile& file, const char* name, const nc::NcDim& d, const char* long_name,
                        const std::string& units) {
  nc::NcVar v = file.addVar(name, nc::ncDouble, d);
  std::vector<std::size_t> chunk{kSeriesChunk};
  v.setChunking(nc::NcVar::nc_CHUNKED, chunk);
  v.putAtt("standard_name", "time");
  v.putAtt("long_name", long_name);
  v.putAtt("units", units);
  v.putAtt("calendar", kCalendar);
  v.putAtt("axis", "T");
  return v;
}

GridAxes define_grid_axes(nc::NcFile& file, const Grid& g) {
  GridAxes a;
  a.x_dim = file.addDim("x", static_cast<std::size_t>(g.nx));
  a.y_dim = file.addDim("y", static_cast<std::size_t>(g.ny));
  a.x = file.addVar("x", nc::ncDouble, a.x_dim);
  a.y = file.addVar("y", nc::ncDouble, a.y_dim);
  const char* axis_std[2] = {"projection_x_coordinate", "projection_y_coordinate"};
  const char* axis_long[2] = {"x coordinate of cell centre", "y coordinate of cell centre"};
  nc::NcVar* axes[2] = {&a.x, &a.y};
  for (int k = 0; k < 2; ++k) {
    axes[k]->putAtt("standard_name", axis_std[k]);
    axes[k]->putAtt("long_name", axis_long[k]);
    axes[k]->putAtt("units", "m");
    axes[k]->putAtt("axis", k == 0 ? "X" : "Y");
  }
  return a;
}

void put_cell_centres(const GridAxes& axes, const Grid& g) {
  std::vector<double> xs(static_cast<std::size_t>(g.nx)), ys(static_cast<std::size_t>(g.ny));
  for (int i = 0; i < g.nx; ++i) xs[static_cast<std::size_t>(i)] = g.x_centre(i);
  for (int j = 0; j < g.ny; ++j) ys[static_cast<std::size_t>(j)] = g.y_centre(j);
  axes.x.putVar(xs.data());
  axes.y.putVar(ys.data());
}

void define_crs(nc::NcFile& file, const std::string& wkt, const std::vector<CfAttribute>& grid_mapping) {
  nc::NcVar crs = file.addVar("crs", nc::ncInt);
  crs.putAtt("long_name", "coordinate reference system");
  crs.putAtt("crs_wkt", wkt);
  crs.putAtt("spatial_ref", wkt);
  for (const CfAttribute& a : grid_mapping) {
    if (a.numbers.empty()) crs.putAtt(a.name, a.text);
    else crs.putAtt(a.name, nc::ncDouble, a.numbers.size(), a.numbers.data());
  }
}

}  // namespace ria::io::nc_detail
