// Time-series CSV files (time_series_csv.hpp).
#include "io/time_series_csv.hpp"

#include <algorithm>
#include <cmath>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iomanip>
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

/// The fields of a record as written (a quoted field keeps its quotes), split at the commas
/// outside quotes.
std::vector<std::string> fields_of(const std::string& record) {
  std::vector<std::string> fields;
  std::string field;
  bool quoted = false;
  for (const char ch : record + ",") {
    if (ch == '"') quoted = !quoted;
    if (ch == ',' && !quoted) fields.push_back(field), field.clear();
    else field += ch;
  }
  return fields;
}

/// Empty when a row at time t with `n` steps can belong to the run whose checkpoint holds
/// `ck.steps` at t_ck, else why not. The count is written with 9 significant digits (%.9g).
std::string steps_mismatch(double t, double n, double t_ck, const ResumeSteps& ck) {
  const double k = static_cast<double>(ck.steps), slack = 1e-8 * std::max(1.0, k);
  const bool at = std::fabs(t - t_ck) <= 1e-12 * std::max(1.0, std::fabs(t_ck));
  if (std::isnan(n)) return "has no step count";
  if (at && std::fabs(n - k) > slack) return "has another step count than the checkpoint's at that time";
  if (!at && t < t_ck && n > k + slack) return "has more steps than the checkpoint's, taken later";
  if (!at && t > t_ck && n <= k - slack) return "has no more steps than the checkpoint's, taken earlier";
  return "";
}

/// The end of every refusal of another run's file.
constexpr const char* kAnotherRun = ": it is another run's; move it away or restart into another output directory";

}  // namespace

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string q = "\"";
  for (char ch : text) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return q + "\"";
}

TimeSeriesCsv::TimeSeriesCsv(const std::string& path, const std::vector<std::string>& columns, double resume_after,
                             const std::string& resume_from, const std::string& noun, const std::string& columns_noun,
                             double row_interval, ResumeSteps steps, const ResumeRow& ck_row)
    : path_(path), noun_(noun) {
  std::ostringstream header;
  header << "t_s";
  for (const std::string& c : columns) header << "," << csv_field(c);
  std::string kept = header.str() + "\n";
  const std::string from = resume_from.empty() ? path : resume_from;
  std::error_code ec;
  if (resume_after >= 0 && std::filesystem::exists(from, ec)) {
    std::ifstream in(from, std::ios::binary);
    if (!in) throw IoError("cannot reopen " + noun + " '" + from + "' to resume the run");
    std::string record;
    read_record(in, record);
    if (record + "\n" != kept) {
      // The first column that differs, by name (the fields as RFC 4180 quotes them).
      const std::vector<std::string> there = fields_of(record);
      std::vector<std::string> here = {"t_s"};
      for (const std::string& c : columns) here.push_back(csv_field(c));
      std::size_t k = 0;
      while (k < there.size() && k < here.size() && there[k] == here[k]) ++k;
      const std::string what = k < there.size() && k < here.size()
                                   ? "column " + std::to_string(k + 1) + " is " + there[k] + " there, " + here[k] + " now"
                                   : std::to_string(there.size()) + " columns there, " + std::to_string(here.size()) + " now";
      throw InputError(noun + " '" + from + "' has other " + columns_noun + " than the scenario (" + what +
                       "); move it away, or restart into another output directory");
    }
    double last = -INFINITY, before = -INFINITY;  // the file's last two times
    // The checkpoint's run wrote `ck_row` at t_row: a file with rows up to then must hold it as written.
    const std::string t_row = ck_row.text.substr(0, ck_row.text.find(','));
    const double t_row_s = ck_row.text.empty() ? -INFINITY : std::strtod(t_row.c_str(), nullptr);
    bool row_seen = false;
    while (read_record(in, record)) {
      if (record.empty()) continue;
      const double t = std::strtod(record.c_str(), nullptr);
      if (!ck_row.text.empty() && !row_seen && t >= t_row_s) {
        row_seen = true;
        const bool same_time = record.compare(0, t_row.size() + 1, t_row + ",") == 0;
        if (record != ck_row.text && (same_time || last > -INFINITY))
          throw InputError(noun + " '" + from + "': " +
                           (same_time ? "its row at t = " + t_row + " s is not the one the checkpoint's run wrote then"
                                      : "it holds no row at t = " + t_row + " s, where the checkpoint's run wrote one") +
                           kAnotherRun);
      }
      // A row cut short (a disk that filled) carries no count to judge by.
      const std::vector<std::string> fields = steps.column > 0 ? fields_of(record) : std::vector<std::string>{};
      if (fields.size() == columns.size() + 1) {
        const char* text = fields[steps.column].c_str();
        char* end = nullptr;
        double n = std::strtod(text, &end);
        if (end == text) n = NAN;  // an empty field
        if (const std::string why = steps_mismatch(t, n, resume_after, steps); !why.empty()) {
          std::ostringstream o;
          o << std::setprecision(10) << noun << " '" << from << "': its row at t = " << t << " s (" << n
            << " steps) " << why << " (" << steps.steps << " steps at t = " << resume_after
            << " s)" << kAnotherRun;
          throw InputError(o.str());
        }
      }
      if (t <= resume_after * (1 + 1e-12)) kept += record + "\n", last_row_ = record;
      before = last, last = t;
    }
    if (in.bad()) throw IoError("cannot read " + noun + " '" + from + "' to resume the run");
    // One row: the scenario's interval, or the file's own last one (an interval changed for the restart).
    const double row = std::max(row_interval, before > -INFINITY ? last - before : 0.0);
    if (row_interval > 0 && last > -INFINITY && last < resume_after - row * (1 + 1e-9)) {
      std::ostringstream o;
      o << std::setprecision(10) << noun << " '" << from << "' ends at t = " << last << " s, more than one row ("
        << row << " s) before the restart at t = " << resume_after
        << " s" << kAnotherRun;
      throw InputError(o.str());
    }
    if (!ck_row.text.empty() && !row_seen && last > -INFINITY) {
      std::ostringstream o;
      o << std::setprecision(10) << noun << " '" << from << "' ends at t = " << last
        << " s, before the row the checkpoint's run wrote at t = " << t_row
        << " s" << kAnotherRun;
      throw InputError(o.str());
    }
  }
  write_file_atomic(path, kept);
  errno = 0;
  out_.open(path, std::ios::app | std::ios::binary);
  if (!out_)
    throw IoError("cannot open " + noun + " '" + path + "' for appending: " +
                  (errno ? std::strerror(errno) : "reason unknown") +
                  (errno == EACCES ? " (a umask such as 0222 makes the files ria writes read-only to it)" : ""));
}

void TimeSeriesCsv::append(double t, const std::vector<double>& values) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", t);
  std::string line = buf;
  for (double v : values) {
    line += ",";
    if (std::isfinite(v)) {
      std::snprintf(buf, sizeof buf, "%.9g", v);
      line += buf;
    }
  }
  out_ << line << '\n';
  out_.flush();
  if (!out_) throw IoError("write to " + noun_ + " '" + path_ + "' failed (disk full?); the rows written before are kept");
  last_row_ = std::move(line);
}

}  // namespace ria::io
