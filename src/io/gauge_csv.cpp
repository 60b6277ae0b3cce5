// Gauge CSV files (gauge_csv.hpp).
#include "io/gauge_csv.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "io/io_error.hpp"
#include "io/json.hpp"

namespace ria::io {
namespace {

/// The next record of a CSV stream, line breaks inside quoted fields included, without its
/// terminating line break; false at the end of the stream.
bool read_record(std::istream& in, std::string& record) {
  record.clear();
  bool quoted = false, any = false;
  for (char ch; in.get(ch);) {
    any = true;
    if (ch == '"') quoted = !quoted;
    if (ch == '\n' && !quoted) return true;
    record += ch;
  }
  return any;
}

}  // namespace

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string q = "\"";
  for (char ch : text) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return q + "\"";
}

GaugeCsv::GaugeCsv(const std::string& path, const std::vector<std::string>& names, double resume_after,
                   const std::string& conc_units, const std::string& resume_from)
    : path_(path) {
  std::string c = "_C";
  if (conc_units != "1")
    for (char ch : "_" + conc_units) c += ch == ' ' ? '_' : ch;
  std::ostringstream header;
  header << "t_s";
  for (const std::string& n : names)
    for (const std::string& q : {std::string("_h_m"), std::string("_eta_m"), std::string("_u_m_s"), std::string("_v_m_s"), c})
      header << "," << csv_field(n + q);
  std::string kept = header.str() + "\n";
  const std::string from = resume_from.empty() ? path : resume_from;
  std::error_code ec;
  if (resume_after >= 0 && std::filesystem::exists(from, ec)) {
    std::ifstream in(from, std::ios::binary);
    if (!in) throw IoError("cannot reopen gauge file '" + from + "' to resume the run");
    std::string record;
    read_record(in, record);
    if (record + "\n" != kept)
      throw InputError("gauge file '" + from + "' has other gauges than the scenario (header differs); move it away to restart");
    while (read_record(in, record)) {
      if (record.empty()) continue;
      const double t = std::strtod(record.c_str(), nullptr);
      if (t <= resume_after * (1 + 1e-12)) kept += record + "\n";
    }
    if (in.bad()) throw IoError("cannot read gauge file '" + from + "' to resume the run");
  }
  write_file_atomic(path, kept);
  out_.open(path, std::ios::app | std::ios::binary);
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
