#include "io/scenario/series_csv.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "io/io_error.hpp"
#include "io/text_file.hpp"

namespace ria::io {
namespace {

std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r')) --e;
  return s.substr(b, e - b);
}

// Fields of a line: split on commas when there is one (so that an empty field is seen), else on
// runs of blanks.
std::vector<std::string> split_fields(const std::string& line) {
  std::vector<std::string> f;
  if (line.find(',') != std::string::npos) {
    std::size_t b = 0;
    for (;;) {
      const std::size_t e = line.find(',', b);
      f.push_back(trim(line.substr(b, e == std::string::npos ? std::string::npos : e - b)));
      if (e == std::string::npos) break;
      b = e + 1;
    }
    return f;
  }
  std::istringstream in(line);
  for (std::string w; in >> w;) f.push_back(w);
  return f;
}

bool to_number(const std::string& s, double& v) {
  if (s.empty()) return false;
  char* end = nullptr;
  v = std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size() && std::isfinite(v);
}

}  // namespace

std::vector<sim::SeriesPoint> parse_series(const std::string& text, const std::string& name, int column) {
  if (column < 1) throw InputError(name + ": the value column must be >= 1 (column 0 is the time), got " +
                                   std::to_string(column));
  std::vector<sim::SeriesPoint> pts;
  std::istringstream in(text);
  std::string line;
  int lineno = 0;
  bool seen_content = false;
  while (std::getline(in, line)) {
    ++lineno;
    if (lineno == 1 && line.compare(0, 3, "\xEF\xBB\xBF") == 0) line.erase(0, 3);  // UTF-8 byte-order mark
    const std::size_t hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    line = trim(line);
    const std::vector<std::string> f = split_fields(line);
    if (f.empty()) continue;  // blank: nothing but white space (form feeds, vertical tabs too)
    const bool first = !seen_content;
    seen_content = true;
    const std::string at = name + ":" + std::to_string(lineno) + ": ";
    double t = 0, v = 0;
    const bool t_ok = to_number(f[0], t);
    const bool v_ok = f.size() > static_cast<std::size_t>(column) && to_number(f[column], v);
    // A header has no number at all; a first line with one is data, its typo an error below.
    if (first && std::none_of(f.begin(), f.end(), [](const std::string& x) {
          double d;
          return to_number(x, d);
        }))
      continue;
    const std::string not_header = first ? " (a first line with a number in it is data, not a header)" : "";
    if (f.size() <= static_cast<std::size_t>(column))
      throw InputError(at + "expected at least " + std::to_string(column + 1) + " columns (time and value in column " +
                       std::to_string(column) + "), found " + std::to_string(f.size()));
    if (!t_ok) throw InputError(at + "bad number '" + f[0] + "' in column 0 (time [s])" + not_header);
    if (!v_ok) throw InputError(at + "bad number '" + f[column] + "' in column " + std::to_string(column) + not_header);
    if (!pts.empty() && t <= pts.back().t) {
      std::ostringstream m;
      m << at << "time " << t << " is not after the previous time " << pts.back().t << " (times must increase)";
      throw InputError(m.str());
    }
    pts.push_back({t, v});
  }
  if (pts.size() < 2)
    throw InputError(name + ":" + std::to_string(lineno > 0 ? lineno : 1) + ": expected at least 2 data points, found " +
                     std::to_string(pts.size()));
  return pts;
}

std::vector<sim::SeriesPoint> read_series(const std::string& path, int column) {
  return parse_series(read_text_file(path, "series file"), path, column);
}

}  // namespace ria::io
