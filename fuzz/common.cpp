// Shared pieces of the fuzz targets (targets.hpp).
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "fuzz/targets.hpp"
#include "io/io_error.hpp"

namespace ria::fuzz {

const std::vector<NamedTarget>& targets() {
  static const std::vector<NamedTarget> t{
      {"scenario_toml", scenario_toml, "scenario TOML file"},
      {"raster_ascii", raster_ascii, "ESRI ASCII grid"},
      {"series_csv", series_csv, "time-series CSV"},
      {"netcdf_initial", netcdf_initial, "NetCDF initial state"},
      {"checkpoint", checkpoint, "checkpoint payload"},
      {"table_csv", table_csv, "CSV table with a header (ria ensemble --members-csv)"},
      {"sph_scenario_toml", sph_scenario_toml, "SPH scenario TOML file"},
      {"sph_checkpoint", sph_checkpoint, "SPH checkpoint payload"},
  };
  return t;
}

std::string scratch_file(const std::string& name, const std::uint8_t* data, std::size_t size) {
  static const std::string dir = [] {
    char tmpl[] = "/tmp/ria_fuzz_XXXXXX";
    const char* d = mkdtemp(tmpl);
    if (!d) std::abort();
    return std::string(d);
  }();
  const std::string path = dir + "/" + name;
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) std::abort();
  if (size && std::fwrite(data, 1, size, f) != size) std::abort();
  std::fclose(f);
  return path;
}

namespace {
bool g_refused = false;
}  // namespace

bool last_input_refused() { return g_refused; }

void expect_only_project_errors(const std::uint8_t* data, std::size_t size, void (*f)(const std::string&)) {
  g_refused = false;
  try {
    f(std::string(reinterpret_cast<const char*>(data), size));
  } catch (const io::InputError&) {
    g_refused = true;
  } catch (const io::IoError&) {
    g_refused = true;
  }
  // Anything else propagates: libFuzzer reports the uncaught exception as a crash, ria_fuzz_replay
  // names the input and the exception.
}

}  // namespace ria::fuzz
