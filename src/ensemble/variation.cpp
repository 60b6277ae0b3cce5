// Varied keys and member values (variation.hpp).
#include "ensemble/variation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <stdexcept>

#include "io/io_error.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "io/table_csv.hpp"

namespace ria::ensemble {
namespace {

constexpr double kPi = 3.14159265358979323846;

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

/// A finite number written as the whole text, or false.
bool plain_number(const std::string& text, double& v) {
  if (text.empty()) return false;
  char* end = nullptr;
  v = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() && std::isfinite(v);
}

/// A duration with an optional sign ("-6h", "+90min", "3600"); false with `why` otherwise.
bool signed_duration(const std::string& text, double& seconds, std::string& why) {
  std::string t = text;
  double sign = 1;
  if (!t.empty() && (t[0] == '-' || t[0] == '+')) {
    sign = t[0] == '-' ? -1 : 1;
    t = trim(t.substr(1));
  }
  try {
    seconds = sign * io::parse_duration(t, "offset");
    return true;
  } catch (const io::InputError& e) {
    why = e.what();
    return false;
  }
}

/// The value text of range r at u in [0, 1).
std::string value_at(const VaryRange& r, double u, const sim::Scenario& base) {
  const double v = r.lo + u * (r.hi - r.lo);
  if (r.kind == VaryRange::Kind::date_shift) return shift_date(base.time.start, std::llround(v));
  return shortest_text(v);
}

}  // namespace

std::string shift_date(const std::string& iso, long long seconds) {
  int y, mo, d, h, mi, s;
  char z = 0;
  if (std::sscanf(iso.c_str(), "%d-%d-%dT%d:%d:%d%c", &y, &mo, &d, &h, &mi, &s, &z) != 7 || z != 'Z')
    throw std::invalid_argument("expected a date-time YYYY-MM-DDTHH:MM:SSZ, got '" + iso + "'");
  std::tm tm{};
  tm.tm_year = y - 1900, tm.tm_mon = mo - 1, tm.tm_mday = d, tm.tm_hour = h, tm.tm_min = mi, tm.tm_sec = s;
  const std::time_t when = timegm(&tm) + static_cast<std::time_t>(seconds);
  std::tm out{};
  gmtime_r(&when, &out);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02dZ", out.tm_year + 1900, out.tm_mon + 1, out.tm_mday,
                out.tm_hour, out.tm_min, out.tm_sec);
  return buf;
}

VaryRange parse_vary(const std::string& spec) {
  const std::string at = "--vary " + spec + ": ";
  const auto eq = spec.find('=');
  if (eq == std::string::npos) throw io::InputError(at + "expected KEY=LO:HI, e.g. --vary physics.manning=0.02:0.04");
  VaryRange r;
  r.spec = spec;
  r.key = trim(spec.substr(0, eq));
  const std::string range = trim(spec.substr(eq + 1));
  if (r.key.empty()) throw io::InputError(at + "no key before '='");
  const auto colon = range.find(':');
  if (colon == std::string::npos || range.find(':', colon + 1) != std::string::npos)
    throw io::InputError(at + "expected one LO:HI after '='" +
                         (r.key == "time.start" ? std::string(" (time.start takes offsets from the scenario's date, e.g. -6h:6h)")
                                                : std::string("")));
  const std::string lo = trim(range.substr(0, colon)), hi = trim(range.substr(colon + 1));
  std::string why;
  if (r.key == "time.start") {
    r.kind = VaryRange::Kind::date_shift;
    if (!signed_duration(lo, r.lo, why) || !signed_duration(hi, r.hi, why))
      throw io::InputError(at + "time.start takes offsets from the scenario's date as signed durations (e.g. -6h:6h): " + why);
  } else if (plain_number(lo, r.lo) && plain_number(hi, r.hi)) {
    r.kind = VaryRange::Kind::number;
  } else {
    r.kind = VaryRange::Kind::duration;
    for (const std::string* t : {&lo, &hi}) {
      double v = 0;
      if (!plain_number(*t, v) && !signed_duration(*t, v, why))
        throw io::InputError(at + "'" + *t + "' is neither a number nor a duration (e.g. 0.03, 3600, 90min, 2 h)");
    }
    r.lo = io::parse_duration(lo, at + "LO");
    r.hi = io::parse_duration(hi, at + "HI");
  }
  if (!(r.lo < r.hi))
    throw io::InputError(at + "expected LO < HI, got " + lo + " and " + hi + " (a fixed value is --set " + r.key + "=VALUE)");
  check_varied_keys({r.key}, "--vary " + spec);
  return r;
}

VaryPoint parse_vary_point(const std::string& spec) {
  const std::string at = "--vary-point " + spec + ": ";
  const auto eq = spec.find('=');
  if (eq == std::string::npos) throw io::InputError(at + "expected RELEASE_NAME=RADIUS (metres), e.g. --vary-point outfall=500");
  VaryPoint p;
  p.spec = spec;
  p.release = trim(spec.substr(0, eq));
  if (p.release.empty()) throw io::InputError(at + "no release name before '='");
  if (!plain_number(trim(spec.substr(eq + 1)), p.radius) || !(p.radius > 0))
    throw io::InputError(at + "expected a radius in metres > 0 after '=', got '" + trim(spec.substr(eq + 1)) + "'");
  return p;
}

std::vector<std::string> MemberTable::sets(std::size_t m) const {
  std::vector<std::string> s;
  for (std::size_t k = 0; k < keys.size(); ++k) s.push_back(keys[k] + "=" + values.at(m)[k]);
  return s;
}

int dimensions(const std::vector<VaryRange>& ranges, const std::vector<VaryPoint>& points) {
  return static_cast<int>(ranges.size() + 2 * points.size());
}

MemberTable members_from_points(const std::vector<VaryRange>& ranges, const std::vector<VaryPoint>& points,
                                const sim::Scenario& base, const std::vector<std::vector<double>>& u) {
  MemberTable t;
  std::vector<std::size_t> release_of(points.size());
  for (const VaryRange& r : ranges) t.keys.push_back(r.key);
  for (std::size_t p = 0; p < points.size(); ++p) {
    std::size_t i = 0;
    while (i < base.releases.size() && base.releases[i].name != points[p].release) ++i;
    if (i == base.releases.size()) {
      std::string names;
      for (const sim::ReleaseSpec& r : base.releases) names += (names.empty() ? "" : ", ") + ("'" + r.name + "'");
      throw io::InputError("--vary-point " + points[p].spec + ": the scenario has no release named '" + points[p].release +
                           "' (" + (names.empty() ? std::string("it has no [[release]]") : "its releases: " + names) + ")");
    }
    release_of[p] = i;
    t.keys.push_back("release." + std::to_string(i) + ".x");
    t.keys.push_back("release." + std::to_string(i) + ".y");
  }
  check_varied_keys(t.keys, "--vary/--vary-point");
  const std::size_t dims = static_cast<std::size_t>(dimensions(ranges, points));
  for (const std::vector<double>& row : u) {
    if (row.size() != dims) throw std::logic_error("members_from_points: a point of the wrong dimension");
    std::vector<std::string> v;
    for (std::size_t k = 0; k < ranges.size(); ++k) v.push_back(value_at(ranges[k], row[k], base));
    for (std::size_t p = 0; p < points.size(); ++p) {
      const sim::ReleaseSpec& rel = base.releases[release_of[p]];
      const double r = points[p].radius * std::sqrt(row[ranges.size() + 2 * p]);
      const double a = 2 * kPi * row[ranges.size() + 2 * p + 1];
      v.push_back(shortest_text(rel.x + r * std::cos(a)));
      v.push_back(shortest_text(rel.y + r * std::sin(a)));
    }
    t.values.push_back(std::move(v));
  }
  return t;
}

MemberTable members_from_table(const io::CsvTable& csv) {
  static const std::vector<std::string> kBookkeeping = {"member", "status", "wall_s", "message"};
  MemberTable t;
  std::vector<std::size_t> cols;
  for (std::size_t c = 0; c < csv.header.size(); ++c) {
    if (std::find(kBookkeeping.begin(), kBookkeeping.end(), csv.header[c]) != kBookkeeping.end()) continue;
    cols.push_back(c);
    t.keys.push_back(csv.header[c]);
  }
  if (t.keys.empty())
    throw io::InputError(csv.file + ": no column names a scenario key (expected a header such as physics.manning,release.0.x)");
  if (csv.rows.empty()) throw io::InputError(csv.file + ": no members (a header and no rows)");
  check_varied_keys(t.keys, csv.file);
  for (std::size_t r = 0; r < csv.rows.size(); ++r) {
    std::vector<std::string> v;
    for (std::size_t c : cols) {
      if (csv.rows[r][c].empty())
        throw io::InputError(csv.file + ":" + std::to_string(csv.lines[r]) + ": no value for " + csv.header[c]);
      v.push_back(csv.rows[r][c]);
    }
    t.values.push_back(std::move(v));
    t.origin.push_back(csv.file + ":" + std::to_string(csv.lines[r]));
  }
  return t;
}

void check_varied_keys(const std::vector<std::string>& keys, const std::string& source) {
  auto starts = [](const std::string& s, const char* p) { return s.compare(0, std::char_traits<char>::length(p), p) == 0; };
  for (std::size_t k = 0; k < keys.size(); ++k) {
    const std::string& key = keys[k];
    std::string why;
    if (starts(key, "domain.") || key == "domain")
      why = "the members of an ensemble share one grid (per-cell statistics); set the domain with --set";
    else if (starts(key, "gauge.") || key == "gauge")
      why = "the gauges are the stations of the percentiles over the members; set them with --set";
    else if (starts(key, "output.") || key == "output")
      why = "members write no outputs; the ensemble's are set by --thresholds and the base scenario";
    else if (key == "time.output_interval")
      why = "the members sample their maxima at --sample-interval";
    if (!why.empty()) throw io::InputError(source + ": " + key + " cannot vary: " + why);
    for (std::size_t j = 0; j < k; ++j)
      if (keys[j] == key) throw io::InputError(source + ": " + key + " is varied twice");
  }
}

}  // namespace ria::ensemble
