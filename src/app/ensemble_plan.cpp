// The members of an ensemble from its command line (ensemble_plan.hpp).
#include "app/ensemble_plan.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "app/default_scenario.hpp"
#include "ensemble/sampling.hpp"
#include "io/io_error.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "io/table_csv.hpp"

namespace ria::app {

using ensemble::shortest_text;

/// InputError for a key that --set gives and the members vary (`source`): the members' values
/// would replace the --set one without a word.
void check_not_set(const std::vector<std::string>& sets, const std::vector<std::string>& varied, const std::string& source) {
  for (const std::string& kv : sets) {
    const std::string key = kv.substr(0, kv.find('='));
    for (const std::string& v : varied)
      if (v == key || v.compare(0, key.size() + 1, key + ".") == 0)
        throw io::InputError("--set " + kv + ": " + source + " varies " + v +
                             " in every member, which would replace this value; leave it out of --set");
  }
}

sim::Scenario load_ensemble_scenario(const EnsembleArgs& a, const std::vector<std::string>& sets) {
  try {
    return a.scenario.empty() ? io::parse_scenario(kDefaultScenario, "<embedded default scenario>", ".", sets)
                              : io::load_scenario(a.scenario, sets);
  } catch (const io::InputError& e) {
    // --sample-interval reaches the members as --set time.output_interval, which the user did not give.
    const std::string set = "--set time.output_interval: time.output_interval: ";
    std::string m = e.what();
    if (const std::size_t at = m.find(set); at != std::string::npos && !a.sample_interval.empty()) {
      m.replace(at, set.size(), "--sample-interval " + a.sample_interval + " (the members' time.output_interval): ");
      throw io::InputError(m);
    }
    throw;
  }
}

std::vector<std::string> joined(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

namespace {

/// Each --vary range read with its end values, so that a range the reader refuses is named
/// before any member is made.
void check_range_ends(const EnsembleArgs& a, const Plan& p, const ensemble::VaryRange& r) {
  const ensemble::MemberTable ends = ensemble::members_from_points({r}, {}, p.base, {{0.0}, {1.0}});
  for (std::size_t e = 0; e < 2; ++e) {
    try {
      load_ensemble_scenario(a, joined(p.base_sets, ends.sets(e)));
    } catch (const io::InputError& x) {
      throw io::InputError("--vary " + r.spec + ": " + (e == 0 ? "LO" : "HI") + " (" + r.key + " = " + ends.values[e][0] +
                           ") is refused: " + x.what());
    }
  }
}

/// The concentrations of --thresholds: each occurrence a comma-separated list. An empty or blank
/// entry ("", "0.1,,0.2", "0.1,") is refused: CLI11 would read "" as 0 and drop empty pieces.
std::vector<double> read_thresholds(const std::vector<std::string>& given) {
  std::vector<double> v;
  for (const std::string& text : given) {
    std::size_t begin = 0;
    for (int k = 1;; ++k) {
      const std::size_t comma = text.find(',', begin);
      std::string entry = text.substr(begin, comma == std::string::npos ? std::string::npos : comma - begin);
      entry.erase(0, entry.find_first_not_of(" \t"));
      entry.erase(entry.find_last_not_of(" \t") + 1);
      const std::string at = "--thresholds '" + text + "': entry " + std::to_string(k);
      if (entry.empty()) throw io::InputError(at + " is empty; expected concentrations > 0, comma separated");
      char* end = nullptr;
      const double x = std::strtod(entry.c_str(), &end);
      if (*end != '\0' || !std::isfinite(x))
        throw io::InputError(at + " ('" + entry + "') is not a finite number; expected concentrations > 0, comma separated");
      v.push_back(x);
      if (comma == std::string::npos) break;
      begin = comma + 1;
    }
  }
  return v;
}

}  // namespace

Plan make_plan(const EnsembleArgs& a) {
  Plan p;
  if (a.concurrent != "auto") {
    // The whole value, digits only (no sign, no spaces), a number >= 1 that fits an int.
    const char* first = a.concurrent.data();
    const char* last = first + a.concurrent.size();
    int k = 0;
    const auto [end, ec] = std::from_chars(first, last, k);
    if (a.concurrent.empty() || ec != std::errc() || end != last || k < 1)
      throw io::InputError("--concurrent '" + a.concurrent + "': expected the number of members run at once, >= 1, or auto");
    p.concurrent = k;
  }
  p.base_sets = a.sets;
  if (!a.sample_interval.empty()) {
    const double d = io::parse_duration(a.sample_interval, "--sample-interval");
    const sim::Scenario probe = load_ensemble_scenario(a, a.sets);
    if (!(d > 0) || d > probe.time.duration)
      throw io::InputError("--sample-interval " + a.sample_interval + ": expected a duration > 0 and <= time.duration (" +
                           shortest_text(probe.time.duration) + " s)");
    p.base_sets.push_back("time.output_interval=" + shortest_text(d));
  }
  p.base = load_ensemble_scenario(a, p.base_sets);
  if (p.base.initial.kind == sim::InitialSpec::Kind::checkpoint)
    throw io::InputError(p.base.file + ": initial.kind = \"checkpoint\" is not supported by ria ensemble (members start "
                         "from the scenario's own initial state; initial.kind = \"netcdf\" starts from an earlier run's "
                         "free surface)");
  p.thresholds = a.thresholds.empty() ? std::vector<double>{p.base.output.arrival_threshold} : read_thresholds(a.thresholds);
  for (double t : p.thresholds)
    if (!(t > 0) || !std::isfinite(t))
      throw io::InputError("--thresholds: expected concentrations > 0, got " + shortest_text(t));
  std::sort(p.thresholds.begin(), p.thresholds.end());
  p.thresholds.erase(std::unique(p.thresholds.begin(), p.thresholds.end()), p.thresholds.end());

  if (!a.members_csv.empty()) {
    if (!a.vary.empty() || !a.vary_point.empty() || a.grid || a.seed_set)
      throw io::InputError("--members-csv " + a.members_csv + " gives the members: --vary, --vary-point, --grid and --seed do not apply");
    p.table = ensemble::members_from_table(io::read_csv_table(a.members_csv));
    if (a.members > 0 && static_cast<std::size_t>(a.members) != p.table.size())
      throw io::InputError("--members " + std::to_string(a.members) + ": " + a.members_csv + " has " +
                           std::to_string(p.table.size()) + " members (leave --members out)");
    p.sampling = "csv";
    check_not_set(a.sets, p.table.keys, "--members-csv " + a.members_csv);
    return p;
  }
  for (const std::string& v : a.vary) p.ranges.push_back(ensemble::parse_vary(v));
  for (const std::string& v : a.vary_point) p.points.push_back(ensemble::parse_vary_point(v));
  if (p.ranges.empty() && p.points.empty())
    throw io::InputError("nothing varies: give --vary KEY=LO:HI, --vary-point RELEASE=RADIUS or --members-csv FILE");
  if (a.members < 1) throw io::InputError("--members N (>= 1) is required with --vary and --vary-point");
  const int dims = ensemble::dimensions(p.ranges, p.points);
  std::vector<std::vector<double>> u;
  if (a.grid) {
    try {
      u = ensemble::grid_points(a.members, dims);
    } catch (const std::invalid_argument& e) {
      throw io::InputError(e.what());
    }
    p.sampling = "grid";
  } else {
    u = ensemble::latin_hypercube(a.members, dims, a.seed);
    p.sampling = "latin_hypercube";
  }
  p.table = ensemble::members_from_points(p.ranges, p.points, p.base, u);
  // (A --vary-point moves a release about its point, and --vary time.start shifts the start:
  // both from the base scenario, --set included.)
  std::vector<std::string> replaced;
  for (const ensemble::VaryRange& r : p.ranges)
    if (r.kind != ensemble::VaryRange::Kind::date_shift) replaced.push_back(r.key);
  check_not_set(a.sets, replaced, "--vary");
  for (const ensemble::VaryRange& r : p.ranges) check_range_ends(a, p, r);
  return p;
}

std::string member_label(const ensemble::MemberTable& t, std::size_t m) {
  std::string s;
  for (const std::string& kv : t.sets(m)) s += (s.empty() ? "" : ", ") + kv;
  return "member " + std::to_string(m) + " (" + s + ")";
}

std::string member_error(const ensemble::MemberTable& t, std::size_t m, const std::string& what) {
  if (m >= t.origin.size()) return member_label(t, m) + ": " + what;
  for (const std::string& key : t.keys)
    if (const std::string given = "--set " + key + ": "; what.compare(0, given.size(), given) == 0)
      return member_label(t, m) + ": " + t.origin[m] + ": " + what.substr(given.size());
  return member_label(t, m) + " of " + t.origin[m] + ": " + what;
}

}  // namespace ria::app
