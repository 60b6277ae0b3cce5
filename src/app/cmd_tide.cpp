// ria tide STATION --from DATE --to DATE [--step MIN] [--datum msl|chart] [--csv]
// ria tide --search WORD
// The predicted level of a tide station of XTide's database (the constants a level boundary takes
// with station = "..."), its high and low waters, or the stations whose name contains a word. A
// subordinate station gets its high and low waters: the reference's, with the station's offsets.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "app/option_checks.hpp"
#include "app/options.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "io/tide/tide_database.hpp"
#include "ria/sim/tide.hpp"
#include "ria/number_text.hpp"

namespace ria::app {
namespace {

/// Longest interval `ria tide` predicts (a printed table, not a data set).
constexpr double kMaxSpan = 366.0 * 86400.0 * 10;
constexpr double kMaxRows = 1e6;

struct TideArgs {
  std::string station, search, from, to, datum = "msl";
  double step_minutes = 60;
  bool csv = false;
};

std::string position(double lat, double lon) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4f %c, %.4f %c", std::fabs(lat), lat >= 0 ? 'N' : 'S', std::fabs(lon), lon >= 0 ? 'E' : 'W');
  return buf;
}

std::string minutes(double unix_seconds) {  // "2016-07-13T08:17Z", to the nearest minute
  const std::string s = io::format_utc_time(std::round(unix_seconds / 60) * 60);
  return s.substr(0, 16) + "Z";
}

std::string metres(double v, int width = 0) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%*.3f", width, v);
  return buf;
}

int run_search(const std::string& word) {
  const std::vector<io::TideStationInfo> found = io::search_tide_stations(io::list_tide_stations(), word);
  for (const io::TideStationInfo& s : found) {
    std::cout << s.name << "  (" << position(s.latitude, s.longitude) << "; ";
    if (s.current) std::cout << "currents, not levels";
    else if (s.reference) std::cout << "reference station";
    else std::cout << "subordinate to " << s.reference_name << ": high and low waters only, not usable for a boundary";
    std::cout << ")\n";
  }
  std::cerr << found.size() << " station" << (found.size() == 1 ? "" : "s") << " of the tide database contain \"" << word
            << "\"\n";
  return kOk;
}

// The harmonic constants of the station `a` names (or of `reference`, a subordinate station's) for
// the years [y0, y1]; years outside the database's are told as those of --from and --to (widened by
// a subordinate station's time offsets).
sim::StationTide read_station(const TideArgs& a, int y0, int y1, const std::string& reference = "") {
  try {
    return io::read_tide_station(reference.empty() ? a.station : reference, y0, y1);
  } catch (const io::TideYearsError& e) {
    throw io::TideYearsError(std::string(e.what()) + " (the years of --from " + a.from + " to --to " + a.to +
                             (reference.empty() ? ")" : ", widened by the station's time offsets)"));
  }
}

std::string signed_minutes(double seconds) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.0f min", seconds / 60);
  return buf;
}

// A subordinate station: the reference station's high and low waters above its chart datum, moved
// and scaled by the station's offsets (sim::subordinate_extrema). Only high and low waters: the
// database defines no curve between them. Its levels are above the reference's chart datum
// whatever --datum says: the database gives a subordinate station no mean level.
int run_subordinate(const TideArgs& a, double t0, double t1) {
  const sim::SubordinateStation sub = io::read_subordinate_station(a.station);
  const auto [s0, s1] = sim::subordinate_search_interval(sub, 0, t1 - t0);
  const int y0 = io::utc_year(t0 + s0), y1 = io::utc_year(t0 + s1);
  const sim::StationTide ref = read_station(a, y0, y1, sub.reference_name);
  std::vector<std::pair<int, double>> years;
  for (int y = y0; y <= y1; ++y) years.push_back({y, io::utc_year_start(y) - t0});
  const sim::StationPrediction p = sim::predict_station(ref, years, ref.datum_offset);
  const std::vector<sim::TideExtremum> extrema = sim::subordinate_extrema(sub, p.extrema(s0, s1), 0, t1 - t0);
  if (a.csv) {
    std::cout << "time_utc,level_m,event\n";
    for (const sim::TideExtremum& x : extrema)
      std::cout << io::format_utc_time(t0 + x.t) << "," << metres(x.level) << "," << (x.high ? "high" : "low") << "\n";
    return kOk;
  }
  std::cout << "station   " << sub.name << " (" << position(sub.latitude, sub.longitude) << "), subordinate to "
            << sub.reference_name << "\n"
            << "offsets   high water " << signed_minutes(sub.high_time) << ", level x " << metres(sub.high_multiply)
            << " + " << metres(sub.high_add) << " m; low water " << signed_minutes(sub.low_time) << ", level x "
            << metres(sub.low_multiply) << " + " << metres(sub.low_add) << " m\n"
            << "levels    metres above " << ref.datum << " of " << sub.reference_name
            << " (the database gives a subordinate station no mean sea level)\n"
            << "times     UTC\n\nhigh and low waters\n";
  for (const sim::TideExtremum& x : extrema)
    std::cout << "  " << minutes(t0 + x.t) << "  " << (x.high ? "high" : "low ") << " " << metres(x.level, 7) << "\n";
  return kOk;
}

int run_predict(const TideArgs& a) {
  if (a.station.empty()) throw std::invalid_argument("give a STATION (or --search WORD)");
  if (a.from.empty() || a.to.empty()) throw std::invalid_argument("give the interval as --from DATE --to DATE");
  const double t0 = io::parse_utc_time(a.from, "--from"), t1 = io::parse_utc_time(a.to, "--to");
  if (!(t1 > t0)) throw std::invalid_argument("--to (" + a.to + ") must come after --from (" + a.from + ")");
  if (t1 - t0 > kMaxSpan) throw std::invalid_argument("--from to --to spans more than 10 years; predict less at a time");
  if (!(a.step_minutes > 0)) throw std::invalid_argument("--step must be > 0 minutes");
  // The table prints whole seconds: a step that is not one would print times rounded, repeated.
  if (const double s = a.step_minutes * 60; std::fabs(s - std::round(s)) > 1e-9 * s || s < 1)
    throw std::invalid_argument("--step " + number_text(a.step_minutes) + ": expected a whole number of seconds (" +
                                number_text(s) + " s given; times are printed to the second)");
  if ((t1 - t0) / (a.step_minutes * 60) > kMaxRows)
    throw std::invalid_argument("--step " + number_text(a.step_minutes) + " min from --from to --to makes more than " +
                                std::to_string(static_cast<long long>(kMaxRows)) + " levels; give a longer --step");
  const std::vector<io::TideStationInfo> stations = io::list_tide_stations();
  const io::TideStationInfo& info = io::match_tide_station(stations, a.station);
  if (!info.reference && !info.current) return run_subordinate(a, t0, t1);
  const int y0 = io::utc_year(t0), y1 = io::utc_year(t1);
  const sim::StationTide st = read_station(a, y0, y1);
  std::vector<std::pair<int, double>> years;
  for (int y = y0; y <= y1; ++y) years.push_back({y, io::utc_year_start(y) - t0});
  const bool chart = a.datum == "chart";
  const sim::StationPrediction p = sim::predict_station(st, years, chart ? st.datum_offset : 0.0);
  const std::vector<sim::TideExtremum> extrema = p.extrema(0, t1 - t0);
  const double step = a.step_minutes * 60;

  if (p.dropped_count > 0)
    std::cerr << "ria tide: warning: the " << p.dropped_count << " smallest constituents of '" << st.name
              << "' are left out (at most " << swe::kMaxConstituents << "); their amplitudes add up to "
              << metres(p.dropped) << " m\n";
  if (a.csv) {  // levels and extrema in time order
    struct Row {
      double t, level;
      const char* event;
    };
    std::vector<Row> rows;
    for (long long k = 0; k * step <= t1 - t0; ++k) rows.push_back({k * step, p.level(k * step), ""});
    for (const sim::TideExtremum& x : extrema) rows.push_back({x.t, x.level, x.high ? "high" : "low"});
    std::stable_sort(rows.begin(), rows.end(), [](const Row& l, const Row& r) { return l.t < r.t; });
    std::cout << "time_utc,level_m,event\n";
    for (const Row& r : rows) std::cout << io::format_utc_time(t0 + r.t) << "," << metres(r.level) << "," << r.event << "\n";
    return kOk;
  }
  std::cout << "station   " << st.name << " (" << position(st.latitude, st.longitude) << "), "
            << p.pieces.front().tide.count << " constituents\n";
  if (chart)
    std::cout << "levels    metres above " << st.datum << " (the station's mean level is " << metres(st.datum_offset)
              << " m above it)\n";
  else
    std::cout << "levels    metres above the station's mean sea level (--datum chart: above " << st.datum << ")\n";
  std::cout << "times     UTC\n\nhigh and low waters\n";
  for (const sim::TideExtremum& x : extrema)
    std::cout << "  " << minutes(t0 + x.t) << "  " << (x.high ? "high" : "low ") << " " << metres(x.level, 7) << "\n";
  std::cout << "\nlevel every " << a.step_minutes << " min\n";
  for (long long k = 0; k * step <= t1 - t0; ++k)
    std::cout << "  " << io::format_utc_time(t0 + k * step) << " " << metres(p.level(k * step), 7) << "\n";
  return kOk;
}

}  // namespace

void register_tide(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<TideArgs>();
  CLI::App* cmd = app.add_subcommand(
      "tide", "predict the tide of a station of XTide's harmonics database (levels, high and low waters), or list stations");
  cmd->add_option("station", a->station, "station name, or a part of it that only one station's name contains");
  CLI::Option* search =
      cmd->add_option("--search", a->search, "list the stations whose name contains WORD")->check(non_blank_word());
  cmd->add_option("--from", a->from, "start, ISO 8601 (e.g. 2026-11-23 or 2026-11-23T06:00:00Z; no offset = UTC)");
  cmd->add_option("--to", a->to, "end, ISO 8601");
  cmd->add_option("--step", a->step_minutes, "interval of the level table [min]")->check(number_above(0))->capture_default_str();
  cmd->add_option("--datum", a->datum, "msl: levels above the station's mean level (as a boundary takes them); "
                                       "chart: above its chart datum (tide tables' heights)")
      ->check(CLI::IsMember({"msl", "chart"}))
      ->capture_default_str();
  cmd->add_flag("--csv", a->csv, "print time_utc,level_m,event (event: high, low or empty) as CSV");
  cmd->callback([a, search, &exit_code] {
    exit_code = guarded("ria tide", [&] {
      if (search->count() > 0) {
        if (!a->station.empty()) throw std::invalid_argument("give either a STATION or --search WORD, not both");
        return run_search(a->search);
      }
      return run_predict(*a);
    });
  });
}

}  // namespace ria::app
