// Gauge CSV files (gauge_csv.hpp).
#include "io/gauge_csv.hpp"

namespace ria::io {
namespace {

std::vector<std::string> gauge_columns(const std::vector<std::string>& names, const std::string& conc_units) {
  std::string c = "_C";
  if (conc_units != "1")
    for (char ch : "_" + conc_units) c += ch == ' ' ? '_' : ch;
  std::vector<std::string> columns;
  for (const std::string& n : names)
    for (const std::string& q : {std::string("_h_m"), std::string("_eta_m"), std::string("_u_m_s"), std::string("_v_m_s"), c})
      columns.push_back(n + q);
  return columns;
}

}  // namespace

GaugeCsv::GaugeCsv(const std::string& path, const std::vector<std::string>& names, double resume_after,
                   const std::string& conc_units, const std::string& resume_from, double row_interval,
                   const std::string& checkpoint_row)
    : table_(path, gauge_columns(names, conc_units), resume_after, resume_from, "gauge file", "gauges", row_interval, {},
             ResumeRow{checkpoint_row}) {}

void GaugeCsv::append(double t, const std::vector<std::array<double, 5>>& values) {
  std::vector<double> flat;
  flat.reserve(5 * values.size());
  for (const auto& g : values) flat.insert(flat.end(), g.begin(), g.end());
  table_.append(t, flat);
}

}  // namespace ria::io
