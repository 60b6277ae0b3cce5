// Gauge time series as one wide CSV file: t_s, then <name>_h_m, <name>_eta_m, <name>_u_m_s,
// <name>_v_m_s, <name>_C for each gauge (<name>_C_<units> when the concentration unit is not "1",
// spaces as '_', e.g. _C_kg_m-3). Each record is flushed when written, so a run that stops keeps every
// record written so far; a restarted run keeps the rows up to the restart time and appends.
#pragma once

#include <array>
#include <fstream>
#include <string>
#include <vector>

namespace ria::io {

class GaugeCsv {
 public:
  /// Creates `path` with its header, or, when resume_after >= 0, keeps the existing rows with
  /// t <= resume_after (rewritten atomically) and appends after them. IoError on failure.
  GaugeCsv(const std::string& path, const std::vector<std::string>& names, double resume_after = -1,
           const std::string& conc_units = "1");
  /// Values per gauge {h, eta, u, v, C}; NaN is written as an empty field.
  void append(double t, const std::vector<std::array<double, 5>>& values);
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::ofstream out_;
};

}  // namespace ria::io
