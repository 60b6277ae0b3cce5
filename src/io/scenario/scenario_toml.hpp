// Scenario files: TOML -> sim::Scenario, with every key checked (docs/scenarios.md lists them).
// Errors are io::InputError whose message starts "FILE:LINE: " (or "--set KEY: " for a command-line
// override) and says what was expected; an unreadable scenario or series file is io::IoError.
#pragma once

#include <string>
#include <vector>

#include "ria/sim/scenario.hpp"

namespace ria::io {

/// Parses a scenario file. `overrides` are "dotted.key=VALUE" strings from `ria run --set`, applied
/// on top of the file: VALUE is parsed as a TOML value, and a bare word that is not valid TOML is
/// taken as a string (time.duration=2h, output.netcdf=false, boundary.0.kind=open). A numeric part
/// indexes an array of tables (gauge.1.x=4.5); an index past the end is an error.
sim::Scenario load_scenario(const std::string& path, const std::vector<std::string>& overrides = {});

/// Same from text (e.g. an embedded default scenario); `name` stands for the file in messages and
/// `base_dir` is the directory relative paths are resolved against ("" = the working directory).
sim::Scenario parse_scenario(const std::string& text, const std::string& name, const std::string& base_dir,
                             const std::vector<std::string>& overrides = {});

/// Where the value of `key` (dotted, e.g. "domain.cells") of a scenario came from, as the reader's
/// messages begin: "--set KEY: " when a --set gave it (or a table above it), else "FILE: ". For
/// checks made after reading (the memory a grid or an SPH set-up needs), which know no line. Any
/// scenario with `file` and `set_keys`: sim::Scenario, sph::Scenario.
template <class Scenario>
std::string where_given(const Scenario& sc, const std::string& key) {
  for (const std::string& s : sc.set_keys)
    if (key == s || key.compare(0, s.size() + 1, s + ".") == 0) return "--set " + s + ": ";
  return sc.file + ": ";
}

/// Parses a duration: a number of seconds or "<number> <unit>" with unit s, min, h, d (also "2h",
/// "90min", "1.5 d", "3600 s"). Throws InputError naming `what` on anything else or a negative value.
double parse_duration(const std::string& text, const std::string& what);

/// Parses an ISO 8601 date-time as time.start takes it ("2026-11-23T06:00:00Z", "2026-11-23",
/// "2026-11-23T06:00-08:00"; no offset = UTC) into seconds since 1970-01-01T00:00:00Z. Throws
/// InputError naming `what` on anything else.
double parse_utc_time(const std::string& text, const std::string& what);

/// Parses the reference date of CF time units ("<unit> since <date>") as UDUNITS writes and reads
/// it: "1970-1-1", "2026-11-23 00:00:00", "...T00:00:00.5Z", "... 00:00:00 UTC" (or GMT), an
/// offset "+00", "-8", "-08:00" or "+0530" after the time with or without a space; the seconds'
/// fraction is dropped. Seconds since 1970-01-01T00:00:00Z; InputError naming `what` otherwise.
double parse_cf_reference_date(const std::string& text, const std::string& what);

/// "YYYY-MM-DDTHH:MM:SSZ" of seconds since 1970-01-01T00:00:00Z, rounded to the second.
std::string format_utc_time(double unix_seconds);

/// The UTC calendar year that holds an instant, and the instant YEAR-01-01T00:00:00Z [s since 1970].
int utc_year(double unix_seconds);
double utc_year_start(int year);

/// Resolves a path from a scenario file: absolute paths stay; "${RIA_DATA_DIR}/x" or "$RIA_DATA_DIR/x"
/// go to data_dir(base_dir) (left as written when none is found, so the reader reports the file);
/// anything else is relative to base_dir.
std::string resolve_scenario_path(const std::string& path, const std::string& base_dir);

/// The shared data directory: $RIA_DATA_DIR if set, else the first existing of ./../shared/data and
/// <ancestor>/shared/data for base_dir and up to 5 of its ancestors (a "shared/data" sibling of
/// base_dir or of one of its 4 parents). "" when none exists.
std::string data_dir(const std::string& base_dir);

}  // namespace ria::io
