// Fuzz targets of ria's readers: each takes arbitrary bytes as one input file and must either read
// it or throw the project's own io::InputError / io::IoError. Anything else (another exception, a
// crash, a sanitizer report, a hang) is a bug. Built as libFuzzer binaries by scripts/fuzz.sh
// (RIA_FUZZ=ON, clang, ASan + UBSan) and, in every build, as `ria_fuzz_replay`, which runs the seed
// and regression inputs in ctest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ria::fuzz {

using Target = void (*)(const std::uint8_t* data, std::size_t size);

struct NamedTarget {
  const char* name;
  Target run;
  const char* what;
};

void scenario_toml(const std::uint8_t* data, std::size_t size);  // a scenario TOML file
void raster_ascii(const std::uint8_t* data, std::size_t size);   // an ESRI ASCII grid (GDAL or built-in)
void series_csv(const std::uint8_t* data, std::size_t size);     // a time-series CSV
void netcdf_initial(const std::uint8_t* data, std::size_t size); // a NetCDF initial state
void checkpoint(const std::uint8_t* data, std::size_t size);     // a checkpoint payload (header and CRC made valid)
void table_csv(const std::uint8_t* data, std::size_t size);      // a CSV table with a header (--members-csv)
void sph_scenario_toml(const std::uint8_t* data, std::size_t size);  // an SPH scenario TOML file
void sph_checkpoint(const std::uint8_t* data, std::size_t size);     // an SPH checkpoint payload (header and CRC made valid)

const std::vector<NamedTarget>& targets();

/// Writes valid inputs of the generated kinds (checkpoint payloads, small ria.nc) into dir/<target>/.
void write_generated_seeds(const std::string& dir);

/// Runs f on the input bytes; returns normally when f read them or threw io::InputError/IoError.
void expect_only_project_errors(const std::uint8_t* data, std::size_t size, void (*f)(const std::string& bytes));

/// True when the last expect_only_project_errors call ended in an input or I/O error (the input was
/// refused), false when it was read.
bool last_input_refused();

/// A file in this process's scratch directory holding the bytes (overwritten at each call).
std::string scratch_file(const std::string& name, const std::uint8_t* data, std::size_t size);

}  // namespace ria::fuzz
