// Gauge time series as one wide CSV file (time_series_csv.hpp): t_s, then <name>_h_m, <name>_eta_m,
// <name>_u_m_s, <name>_v_m_s, <name>_C for each gauge (<name>_C_<units> when the concentration
// unit is not "1", spaces as '_', e.g. _C_kg_m-3); a header field whose name holds a comma, a
// double quote or a line break is quoted (quotes doubled), the name kept whole. Each record is
// flushed when written, so a run that stops keeps every record written so far; a restarted run
// keeps the rows of the earlier file up to the restart time and appends.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "io/time_series_csv.hpp"

namespace ria::io {

class GaugeCsv {
 public:
  /// Creates `path` with its header, or, when resume_after >= 0, first copies the rows of
  /// `resume_from` (default: `path`) with t <= resume_after; when that file does not exist (a
  /// restart into a new directory) the new file starts with the header alone. IoError on failure;
  /// InputError when the earlier file has other gauges, ends more than row_interval (> 0: the
  /// gauge interval) before resume_after, or holds rows up to the time of `checkpoint_row` (the
  /// last row the checkpoint's run wrote, when known) but not that row (TimeSeriesCsv).
  GaugeCsv(const std::string& path, const std::vector<std::string>& names, double resume_after = -1,
           const std::string& conc_units = "1", const std::string& resume_from = "", double row_interval = 0,
           const std::string& checkpoint_row = "");
  /// Values per gauge {h, eta, u, v, C}; NaN is written as an empty field.
  void append(double t, const std::vector<std::array<double, 5>>& values);
  const std::string& path() const { return table_.path(); }
  /// The file's last row as written; empty before the first.
  const std::string& last_row() const { return table_.last_row(); }

 private:
  TimeSeriesCsv table_;
};

}  // namespace ria::io
