// The fuzz targets of the text readers: scenario TOML, ESRI ASCII grids, time-series CSV, CSV tables.
#include "fuzz/targets.hpp"
#include "io/raster/raster.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "io/scenario/series_csv.hpp"
#include "io/table_csv.hpp"
#include "io/scenario/sph_scenario_toml.hpp"

namespace ria::fuzz {

void scenario_toml(const std::uint8_t* data, std::size_t size) {
#if defined(RIA_HAVE_TOML)
  // Relative paths in the scenario (DEMs, series) resolve in a directory of no such files.
  expect_only_project_errors(data, size, [](const std::string& text) {
    io::parse_scenario(text, "fuzz.toml", "/nonexistent-ria-fuzz", {});
  });
#else
  (void)data, (void)size;  // this build reads no TOML
#endif
}

void sph_scenario_toml(const std::uint8_t* data, std::size_t size) {
#if defined(RIA_HAVE_TOML)
  expect_only_project_errors(data, size, [](const std::string& text) {
    io::parse_sph_scenario(text, "fuzz.toml", "/nonexistent-ria-fuzz", {});
  });
#else
  (void)data, (void)size;  // this build reads no TOML
#endif
}

void raster_ascii(const std::uint8_t* data, std::size_t size) {
  expect_only_project_errors(data, size, [](const std::string& text) {
    const std::string path = scratch_file("grid.asc", reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
    const io::Raster r = io::read_raster(path);  // GDAL's path in a GDAL build
    io::format_raster_info(io::raster_info(path));
    (void)r;
  });
  expect_only_project_errors(data, size, [](const std::string& text) {
    const std::string path = scratch_file("grid2.asc", reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
    io::read_esri_ascii(path);  // the built-in reader
  });
}

void series_csv(const std::uint8_t* data, std::size_t size) {
  expect_only_project_errors(data, size, [](const std::string& text) {
    io::parse_series(text, "fuzz.csv", 1);
    io::parse_series(text, "fuzz.csv", 2);
  });
}

void table_csv(const std::uint8_t* data, std::size_t size) {
  expect_only_project_errors(data, size, [](const std::string& text) { io::parse_csv_table(text, "fuzz.csv"); });
}

}  // namespace ria::fuzz
