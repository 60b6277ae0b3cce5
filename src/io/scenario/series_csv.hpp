// Time series from text files: boundary water levels and river discharges.
//
// Format: one point per line, numbers separated by commas, tabs or spaces; '#' starts a comment;
// blank lines are skipped; a first line none of whose fields is a number is a header (a first line
// with a number and a typo is an error, not a header that drops the first point).
// Column 0 is the time [s since the scenario start], `column` the value; other columns are ignored.
// Times must increase strictly; at least 2 points.
#pragma once

#include <string>
#include <vector>

#include "ria/sim/scenario.hpp"

namespace ria::io {

/// Reads a series. Throws IoError if the file cannot be read, InputError ("FILE:LINE: ...") on a
/// bad number, a missing column, a non-increasing time or fewer than 2 points.
std::vector<sim::SeriesPoint> read_series(const std::string& path, int column = 1);

/// Same from text already in memory; `name` stands for the file in messages.
std::vector<sim::SeriesPoint> parse_series(const std::string& text, const std::string& name, int column = 1);

}  // namespace ria::io
