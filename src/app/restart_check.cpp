// Restart checks (restart_check.hpp).
#include "app/restart_check.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "io/checkpoint/identity.hpp"
#include "io/io_error.hpp"

namespace ria::app {
namespace {

std::string exact(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string hash_text(const std::vector<double>& v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "FNV-1a %016llx",
                static_cast<unsigned long long>(io::fnv1a(v.data(), v.size() * sizeof(double))));
  return buf;
}

}  // namespace

std::uint64_t run_fingerprint(const sim::Model& m) {
  const swe::SolverSetup& s = m.setup;
  const Grid& g = s.grid;
  std::uint64_t h = io::fnv1a(&g.nx, sizeof g.nx);
  for (const void* p : {static_cast<const void*>(&g.ny), static_cast<const void*>(&g.dx), static_cast<const void*>(&g.dy),
                        static_cast<const void*>(&g.x0), static_cast<const void*>(&g.y0)})
    h = io::fnv1a(p, 8, h);
  h = io::fnv1a(s.H.data(), s.H.size() * sizeof(double), h);
  const std::vector<double>& n = s.manning.per_cell;
  if (!n.empty()) h = io::fnv1a(n.data(), n.size() * sizeof(double), h);
  const swe::Physics<double>& p = s.physics;
  const double phys[] = {p.g, p.h_dry, s.manning.uniform, p.diffusivity, p.decay_rate};
  return io::fnv1a(phys, sizeof phys, h);
}

namespace {
/// A gauge's cell as the checkpoint lists it: "<i> <j>".
std::string cell_text(const sim::GaugeCell& g, int nx) { return std::to_string(g.cell % nx) + " " + std::to_string(g.cell / nx); }

/// The gauges' cells as the checkpoint lists them (kGaugeCellsKey): "<i> <j>\t<name>" a line.
std::string gauge_cells_text(const sim::Model& m) {
  std::string text;
  for (const sim::GaugeCell& g : m.gauges) text += cell_text(g, m.setup.grid.nx) + "\t" + g.name + "\n";
  return text;
}

/// "(i, j)" of a cell_text.
std::string as_pair(std::string cell) { return "(" + cell.replace(cell.find(' '), 1, ", ") + ")"; }
}  // namespace

std::vector<std::pair<std::string, std::string>> run_identity(const sim::Scenario& sc, const sim::Model& m) {
  const swe::Physics<double>& p = m.setup.physics;
  const swe::Manning& n = m.setup.manning;
  return {{"time.start", sc.time.start},
          {"bed (domain)", hash_text(m.setup.H)},
          {"physics.gravity", exact(p.g)},
          {"physics.dry_depth", exact(p.h_dry)},
          {"physics.manning", n.per_cell.empty() ? exact(n.uniform) : "per-cell raster, " + hash_text(n.per_cell)},
          {"physics.diffusivity", exact(p.diffusivity)},
          {"physics.half_life", "decay rate " + exact(p.decay_rate) + " 1/s"},
          // The arrival times carried on are those of this threshold.
          {"output.arrival_threshold", exact(m.setup.extremes.arrival_threshold)},
          {kGaugeCellsKey, gauge_cells_text(m)}};
}


std::string moved_gauge(const io::Checkpoint& ck, const sim::Model& m) {
  // Empty in a checkpoint written before its gauges were listed: nothing to compare.
  const int nx = m.setup.grid.nx;
  std::istringstream in(io::identity_value(ck.identity, kGaugeCellsKey));
  for (std::string line; std::getline(in, line);) {
    const std::size_t tab = line.find('\t');
    if (tab == std::string::npos) continue;
    const std::string name = line.substr(tab + 1), then = line.substr(0, tab);
    for (const sim::GaugeCell& g : m.gauges)
      if (g.name == name && cell_text(g, nx) != then && then.find(' ') != std::string::npos)
        return "gauge '" + name + "' was at cell (i, j) = " + as_pair(then) + " in the run that wrote the checkpoint, and is at " +
               as_pair(cell_text(g, nx)) + " now";
  }
  return "";
}

RunKey run_key(const sim::Scenario& sc, const sim::Model& m) { return {run_fingerprint(m), run_identity(sc, m)}; }

std::string forcing_text(const sim::Scenario& sc) {
  std::string text;
  for (std::size_t k = 0; k < sc.boundaries.size(); ++k) {
    const sim::BoundarySpec& b = sc.boundaries[k];
    std::vector<double> v = {static_cast<double>(b.side), static_cast<double>(b.kind), b.has_segment ? 1.0 : 0.0, b.from,
                             b.to, b.mean_level, b.station_lead, b.radiating ? 1.0 : 0.0, b.discharge, b.concentration};
    for (const sim::ConstituentSpec& c : b.constituents) v.insert(v.end(), {c.amplitude, c.period, c.phase});
    for (const sim::SeriesPoint& p : b.series) v.insert(v.end(), {p.t, p.value});
    text += "boundary." + std::to_string(k) + "\t" + hash_text(v) + "\n";
  }
  for (std::size_t k = 0; k < sc.releases.size(); ++k) {
    const sim::ReleaseSpec& r = sc.releases[k];
    text += "release." + std::to_string(k) + "\t" +
            hash_text({r.x, r.y, r.radius, r.discharge, r.concentration, r.start, r.duration}) + "\n";
  }
  return text + "time.cfl\t" + exact(sc.time.cfl) + "\n";
}

std::string forcing_changes(const io::Checkpoint& ck, const sim::Scenario& sc) {
  const std::string stored = io::identity_value(ck.identity, kForcingKey);
  if (stored.empty()) return "";  // a checkpoint written before the forcing was stored
  const std::map<std::string, std::string> then = io::keyed_lines(stored), now = io::keyed_lines(forcing_text(sc));
  std::string changed;
  const auto add = [&](const std::string& key) { changed += (changed.empty() ? "" : ", ") + key; };
  for (const auto& [key, value] : then)
    if (const auto it = now.find(key); it == now.end() || it->second != value) add(key);
  for (const auto& [key, value] : now)
    if (then.find(key) == then.end()) add(key);
  return changed;
}

void check_restart_time(const io::Checkpoint& ck, const std::string& path, const sim::Scenario& sc) {
  if (!(ck.t < sc.time.duration))
    throw io::InputError("checkpoint '" + path + "' is at t = " + exact(ck.t) + " s, not before time.duration = " +
                         exact(sc.time.duration) + " s: nothing left to run");
}

void check_restart(const io::Checkpoint& ck, const std::string& path, const sim::Scenario& sc, const sim::Model& m,
                   const RunKey& key, const std::string& precision, bool check_time) {
  const std::string head = "checkpoint '" + path + "' ";
  const Grid& g = m.setup.grid;
  const Grid& c = ck.grid;
  if (c.nx != g.nx || c.ny != g.ny)
    throw io::InputError(head + "(" + std::to_string(c.nx) + " x " + std::to_string(c.ny) + ") was written for another grid than " +
                         sc.file + " (" + std::to_string(g.nx) + " x " + std::to_string(g.ny) + ")");
  const std::pair<const char*, std::pair<double, double>> coords[] = {
      {"dx", {c.dx, g.dx}}, {"dy", {c.dy, g.dy}}, {"x0", {c.x0, g.x0}}, {"y0", {c.y0, g.y0}}};
  for (const auto& [name, v] : coords)
    if (v.first != v.second)
      throw io::InputError(head + "was written for another grid: grid " + name + " = " + exact(v.first) + " there, " +
                           exact(v.second) + " in " + sc.file);
  for (const auto& [name, now] : key.identity)
    for (const auto& [ck_name, then] : ck.identity)
      if (ck_name == name && then != now && name != kGaugeCellsKey) {
        if (name == "time.start")
          throw io::InputError(head + "continues a run that started at time.start = " + then + ", but " + sc.file +
                               " has time.start = " + now + "; a restart keeps the start (the time axis)");
        throw io::InputError(head + "was written with another " + name + " than " + sc.file + ": " + then + " there, " +
                             now + " now; a restart must keep the grid, bed, physics and arrival threshold");
      }
  if (ck.fingerprint != key.fingerprint)
    throw io::InputError(head + "(" + std::to_string(c.nx) + " x " + std::to_string(c.ny) +
                         ") was written for another grid, bed or physics than " + sc.file + " (" + std::to_string(g.nx) +
                         " x " + std::to_string(g.ny) + ")");
  if (ck.precision != precision)
    throw io::InputError(head + "was written by a " + ck.precision + " run; restart it with --precision " + ck.precision +
                         " to continue it bitwise");
  if (m.setup.extremes.track && ck.extremes.max_depth.size() != g.cells())
    throw io::InputError(head + "carries no run extremes (max_depth, max_speed, max_concentration, first_wet_time, "
                                "arrival_time), which " + sc.file + " records and continues");
  if (check_time) check_restart_time(ck, path, sc);
}

}  // namespace ria::app
