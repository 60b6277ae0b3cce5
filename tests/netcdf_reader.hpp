// Test helpers for NetCDF files: a temporary directory and a reader over the netCDF C API.
#pragma once

#include <netcdf.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <string>
#include <vector>

namespace ria::test {

/// A fresh directory under the system temp dir, removed at the end of the test.
class TempDir {
 public:
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "ria_nc_XXXXXX").string();
    dir_ = mkdtemp(tmpl.data());
  }
  ~TempDir() { std::filesystem::remove_all(dir_); }
  std::string file(const std::string& name) const { return dir_ + "/" + name; }

 private:
  std::string dir_;
};

/// Reader over the C API; every call must succeed.
struct Reader {
  int id = -1;
  explicit Reader(const std::string& path) { EXPECT_EQ(nc_open(path.c_str(), NC_NOWRITE, &id), NC_NOERR); }
  ~Reader() { nc_close(id); }
  int var(const char* name) const {
    int v = -1;
    EXPECT_EQ(nc_inq_varid(id, name, &v), NC_NOERR) << name;
    return v;
  }
  bool has_var(const char* name) const {
    int v;
    return nc_inq_varid(id, name, &v) == NC_NOERR;
  }
  std::size_t dim(const char* name) const {
    int d = -1;
    std::size_t n = 0;
    EXPECT_EQ(nc_inq_dimid(id, name, &d), NC_NOERR) << name;
    EXPECT_EQ(nc_inq_dimlen(id, d, &n), NC_NOERR);
    return n;
  }
  bool has_dim(const char* name) const {
    int d;
    return nc_inq_dimid(id, name, &d) == NC_NOERR;
  }
  /// Text attribute of variable `v` (NC_GLOBAL for the file); "<absent>" if missing.
  std::string att(int v, const char* name) const {
    std::size_t len = 0;
    if (nc_inq_attlen(id, v, name, &len) != NC_NOERR) return "<absent>";
    std::string s(len, '\0');
    EXPECT_EQ(nc_get_att_text(id, v, name, s.data()), NC_NOERR);
    return s;
  }
  std::string att(const char* var_name, const char* name) const { return att(var(var_name), name); }
  std::vector<float> floats(const char* name, std::size_t t, std::size_t n) const {
    std::vector<float> o(n);
    const std::size_t start[3] = {t, 0, 0}, count[3] = {1, 3, 4};
    EXPECT_EQ(nc_get_vara_float(id, var(name), start, count, o.data()), NC_NOERR);
    return o;
  }
  std::vector<float> map(const char* name) const {
    std::vector<float> o(12);
    EXPECT_EQ(nc_get_var_float(id, var(name), o.data()), NC_NOERR);
    return o;
  }
  std::vector<double> doubles(const char* name, std::size_t n) const {
    std::vector<double> o(n);
    EXPECT_EQ(nc_get_var_double(id, var(name), o.data()), NC_NOERR);
    return o;
  }
};

}  // namespace ria::test
