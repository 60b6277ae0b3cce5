#include "io/scenario/scenario_time.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "io/io_error.hpp"
#include "io/scenario/scenario_toml.hpp"

namespace ria::io::detail {
namespace {

struct Unit {
  const char* name;
  double seconds;
};
constexpr Unit kUnits[] = {{"s", 1},       {"sec", 1},      {"second", 1},   {"seconds", 1},
                           {"min", 60},    {"minute", 60},  {"minutes", 60}, {"h", 3600},
                           {"hr", 3600},   {"hour", 3600},  {"hours", 3600}, {"d", 86400},
                           {"day", 86400}, {"days", 86400}};

std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
long long days_from_civil(long long y, unsigned m, unsigned d) {
  y -= m <= 2;
  const long long era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<long long>(doe) - 719468;
}

void civil_from_days(long long z, long long& y, unsigned& m, unsigned& d) {
  z += 719468;
  const long long era = (z >= 0 ? z : z - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  y = static_cast<long long>(yoe) + era * 400 + (m <= 2);
}

// "YYYY-MM-DDTHH:MM:SSZ" of t seconds since 1970-01-01T00:00:00Z.
std::string format_seconds(long long t) {
  const long long days = (t >= 0 ? t : t - 86399) / 86400;
  const long long sod = t - days * 86400;
  long long y = 0;
  unsigned m = 0, d = 0;
  civil_from_days(days, y, m, d);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02lld:%02lld:%02lldZ", y, m, d, sod / 3600, sod / 60 % 60,
                sod % 60);
  return buf;
}

int days_in_month(int y, int m) {
  static const int n[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return m == 2 && leap ? 29 : n[m - 1];
}

// Reads exactly `n` digits at s[pos].
bool digits(const std::string& s, std::size_t& pos, int n, int& v) {
  v = 0;
  for (int k = 0; k < n; ++k, ++pos) {
    if (pos >= s.size() || !std::isdigit(static_cast<unsigned char>(s[pos]))) return false;
    v = v * 10 + (s[pos] - '0');
  }
  return true;
}

bool expect(const std::string& s, std::size_t& pos, char c) {
  if (pos < s.size() && s[pos] == c) {
    ++pos;
    return true;
  }
  return false;
}

}  // namespace

bool try_parse_duration(const std::string& text, double& seconds, std::string& why, const std::string& bound) {
  const std::string s = trim(text);
  why = "expected a duration: a number of seconds or \"<number> <unit>\" with unit s, min, h or d (e.g. \"6 h\"), got \"" +
        text + "\"";
  if (s.empty()) return false;
  // A plain decimal number: digits, one optional point, optional exponent (no hex, inf, nan).
  std::size_t pos = 0;
  if (s[pos] == '+' || s[pos] == '-') ++pos;
  const std::size_t mantissa = pos;
  while (pos < s.size() && (std::isdigit(static_cast<unsigned char>(s[pos])) || s[pos] == '.')) ++pos;
  if (pos == mantissa) return false;
  if (pos < s.size() && (s[pos] == 'e' || s[pos] == 'E') && pos + 1 < s.size() &&
      (std::isdigit(static_cast<unsigned char>(s[pos + 1])) ||
       ((s[pos + 1] == '-' || s[pos + 1] == '+') && pos + 2 < s.size() &&
        std::isdigit(static_cast<unsigned char>(s[pos + 2]))))) {
    pos += 2;
    while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos]))) ++pos;
  }
  const std::string number = s.substr(0, pos);
  char* end = nullptr;
  const double v = std::strtod(number.c_str(), &end);
  if (end != number.c_str() + number.size()) return false;
  const std::string unit = trim(s.substr(pos));
  double scale = unit.empty() ? 1.0 : 0.0;
  for (const Unit& u : kUnits)
    if (unit == u.name) scale = u.seconds;
  if (scale == 0.0) {
    why = "unknown time unit \"" + unit + "\" in \"" + text + "\" (use s, min, h or d)";
    // A date where a duration belongs (YYYY-MM-DD...): named as one.
    if (pos == 4 && mantissa == 0 && unit.size() >= 6 && unit[0] == '-' && std::isdigit(static_cast<unsigned char>(unit[1])))
      why = "expected a duration (e.g. \"2 h\"), got the date \"" + text + "\"";
    return false;
  }
  if (!std::isfinite(v)) return false;
  if (v < 0) {
    why = "expected a duration " + bound + ", got \"" + text + "\"";
    return false;
  }
  seconds = v * scale;
  if (!(seconds <= kMaxDurationSeconds)) {  // checked after the unit: "1e308 d" is inf seconds
    why = "expected a duration of at most 1000 years (" + describe_seconds(kMaxDurationSeconds) + "), got \"" + text + "\"";
    return false;
  }
  return true;
}

bool format_utc(int year, int month, int day, int hour, int minute, int second, int offset_minutes,
                std::string& out, std::string& why) {
  if (year < 1 || year > 9999 || month < 1 || month > 12) {
    why = "invalid date (year 1..9999, month 1..12)";
    return false;
  }
  if (day < 1 || day > days_in_month(year, month)) {
    why = "invalid day " + std::to_string(day) + " for month " + std::to_string(month);
    return false;
  }
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) {
    why = "invalid time of day (hour 0..23, minute 0..59, second 0..59)";
    return false;
  }
  const long long t = days_from_civil(year, static_cast<unsigned>(month), static_cast<unsigned>(day)) * 86400LL +
                      hour * 3600LL + minute * 60LL + second - offset_minutes * 60LL;
  // The instant in UTC must lie in the years 1..9999 too (an offset moves it across a year's end).
  if (t < days_from_civil(1, 1, 1) * 86400LL || t >= days_from_civil(10000, 1, 1) * 86400LL) {
    why = "invalid date: in UTC it falls outside the years 1..9999";
    return false;
  }
  out = format_seconds(t);
  return true;
}

bool try_parse_iso8601(const std::string& text, std::string& out, std::string& why) {
  const std::string s = trim(text);
  why = "expected an ISO 8601 date-time such as \"2026-11-23T00:00:00Z\", got \"" + text + "\"";
  std::size_t p = 0;
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, sec = 0, off = 0;
  if (!digits(s, p, 4, y) || !expect(s, p, '-') || !digits(s, p, 2, mo) || !expect(s, p, '-') || !digits(s, p, 2, d))
    return false;
  if (p < s.size()) {
    if (s[p] != 'T' && s[p] != 't' && s[p] != ' ') return false;
    ++p;
    if (!digits(s, p, 2, h) || !expect(s, p, ':') || !digits(s, p, 2, mi)) return false;
    if (expect(s, p, ':')) {
      if (!digits(s, p, 2, sec)) return false;
      if (expect(s, p, '.') || expect(s, p, ',')) {
        const std::size_t f = p;
        while (p < s.size() && std::isdigit(static_cast<unsigned char>(s[p]))) ++p;
        if (p == f) return false;
      }
    }
    if (p < s.size()) {
      if (s[p] == 'Z' || s[p] == 'z') {
        ++p;
      } else if (s[p] == '+' || s[p] == '-') {
        const int sign = s[p] == '-' ? -1 : 1;
        ++p;
        int oh = 0, om = 0;
        if (!digits(s, p, 2, oh)) return false;
        expect(s, p, ':');
        if (!digits(s, p, 2, om) || oh > 23 || om > 59) return false;
        off = sign * (oh * 60 + om);
      } else {
        return false;
      }
    }
    if (p != s.size()) return false;
  }
  std::string reason;
  if (!format_utc(y, mo, d, h, mi, sec, off, out, reason)) {
    why = reason + " in \"" + text + "\"";
    return false;
  }
  return true;
}

std::string describe_seconds(double seconds) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g s", seconds);
  std::string s = buf;
  const double a = std::fabs(seconds);
  if (a >= 86400) std::snprintf(buf, sizeof buf, " (%g d)", seconds / 86400);
  else if (a >= 3600) std::snprintf(buf, sizeof buf, " (%g h)", seconds / 3600);
  else if (a >= 60) std::snprintf(buf, sizeof buf, " (%g min)", seconds / 60);
  else return s;
  return s + buf;
}

}  // namespace ria::io::detail

namespace ria::io {

double parse_duration(const std::string& text, const std::string& what) {
  double s = 0;
  std::string why;
  if (!detail::try_parse_duration(text, s, why)) throw InputError(what + ": " + why);
  return s;
}

double parse_utc_time(const std::string& text, const std::string& what) {
  std::string normal, why;
  if (!detail::try_parse_iso8601(text, normal, why)) throw InputError(what + ": " + why);
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
  std::sscanf(normal.c_str(), "%d-%d-%dT%d:%d:%dZ", &y, &mo, &d, &h, &mi, &s);  // the normal form, always 6 fields
  return static_cast<double>(detail::days_from_civil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d)) * 86400LL +
                             h * 3600LL + mi * 60LL + s);
}

double parse_cf_reference_date(const std::string& text, const std::string& what) {
  std::size_t p = 0;
  const auto skip_spaces = [&] {
    while (p < text.size() && std::isspace(static_cast<unsigned char>(text[p]))) ++p;
  };
  // A run of 1 .. max digits as a number, or false.
  const auto number = [&](std::size_t max, int& v) {
    const std::size_t b = p;
    v = 0;
    while (p < text.size() && p - b < max && std::isdigit(static_cast<unsigned char>(text[p]))) v = 10 * v + (text[p++] - '0');
    return p > b;
  };
  const auto bad = [&](const char* expected) {
    return InputError(what + ": '" + text + "' is not a reference date (expected " + expected + ")");
  };
  skip_spaces();
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, sec = 0, zh = 0, zm = 0;
  char zone = '+';
  if (!number(4, y) || p >= text.size() || text[p++] != '-' || !number(2, mo) || p >= text.size() || text[p++] != '-' ||
      !number(2, d))
    throw bad("a date Y-M-D");
  if (p < text.size() && (text[p] == 'T' || text[p] == 't' || text[p] == ' ')) {
    const std::size_t before = p++;
    skip_spaces();
    if (number(2, h)) {
      if (p < text.size() && text[p] == ':' && (++p, !number(2, mi))) throw bad("h:m[:s] after the date");
      if (p < text.size() && text[p] == ':' && (++p, !number(2, sec))) throw bad("h:m[:s] after the date");
      if (p < text.size() && text[p] == '.')
        for (++p; p < text.size() && std::isdigit(static_cast<unsigned char>(text[p]));) ++p;  // the fraction, dropped
    } else {
      p = before;
    }
  }
  skip_spaces();
  const std::size_t zone_at = p;
  std::string rest = text.substr(p);
  while (!rest.empty() && std::isspace(static_cast<unsigned char>(rest.back()))) rest.pop_back();
  std::string upper;
  for (char c : rest) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (!rest.empty() && upper != "Z" && upper != "UTC" && upper != "GMT") {
    if (rest[0] != '+' && rest[0] != '-') throw bad("a time zone Z, UTC, GMT or an offset such as -08:00");
    zone = rest[0];
    p = zone_at + 1;
    if (!number(2, zh)) throw bad("an offset such as -08:00");
    if (p < text.size() && text[p] == ':') ++p;
    if (p < text.size() && !number(2, zm)) throw bad("an offset such as -08:00");
    skip_spaces();
    if (p != text.size()) throw bad("nothing after the offset");
  }
  char iso[64];
  std::snprintf(iso, sizeof iso, "%04d-%02d-%02dT%02d:%02d:%02d%c%02d:%02d", y, mo, d, h, mi, sec, zone, zh, zm);
  return parse_utc_time(iso, what + " ('" + text + "')");
}

std::string format_utc_time(double unix_seconds) { return detail::format_seconds(std::llround(unix_seconds)); }

int utc_year(double unix_seconds) {
  const long long t = static_cast<long long>(std::floor(unix_seconds));
  long long y = 0;
  unsigned m = 0, d = 0;
  detail::civil_from_days((t >= 0 ? t : t - 86399) / 86400, y, m, d);
  return static_cast<int>(y);
}

double utc_year_start(int year) { return static_cast<double>(detail::days_from_civil(year, 1, 1) * 86400LL); }

}  // namespace ria::io
