// Gauge CSV files (gauge_csv.hpp).
#include "io/gauge_csv.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "io/io_error.hpp"
#include "io/json.hpp"

namespace ria::io {

GaugeCsv::GaugeCsv(const std::string& path, const std::vector<std::string>& names, double resume_after,
                   const std::string& conc_units)
    : path_(path) {
  std::string c = "_C";
  if (conc_units != "1")
    for (char ch : "_" + conc_units) c += ch == ' ' ? '_' : ch;
  std::ostringstream header;
  header << "t_s";
  for (const std::string& n : names)
    for (const std::string& q : {std::string("_h_m"), std::string("_eta_m"), std::string("_u_m_s"), std::string("_v_m_s"), c})
      header << "," << n << q;
  std::string kept = header.str() + "\n";
  if (resume_after >= 0) {
    std::ifstream in(path);
    if (!in) throw IoError("cannot reopen gauge file '" + path + "' to resume the run");
    std::string line;
    std::getline(in, line);
    if (line + "\n" != kept)
      throw InputError("gauge file '" + path + "' has other gauges than the scenario (header differs); move it away to restart");
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      const double t = std::strtod(line.c_str(), nullptr);
      if (t <= resume_after * (1 + 1e-12)) kept += line + "\n";
    }
  }
  write_file_atomic(path, kept);
  out_.open(path, std::ios::app);
  if (!out_) throw IoError("cannot open gauge file '" + path + "' for appending");
}

void GaugeCsv::append(double t, const std::vector<std::array<double, 5>>& values) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", t);
  std::string line = buf;
  for (const auto& g : values)
    for (double v : g) {
      line += ",";
      if (std::isfinite(v)) {
        std::snprintf(buf, sizeof buf, "%.9g", v);
        line += buf;
      }
    }
  out_ << line << '\n';
  out_.flush();
  if (!out_) throw IoError("write to gauge file '" + path_ + "' failed (disk full?); the rows written before are kept");
}

}  // namespace ria::io
