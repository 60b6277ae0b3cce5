// The files of `ria ensemble` (ensemble_outputs.hpp).
#include "app/ensemble_outputs.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "app/partial_files.hpp"
#include "app/run_support.hpp"
#include "ensemble/statistics.hpp"
#include "io/gauge_csv.hpp"
#include "io/io_error.hpp"
#include "io/json.hpp"
#include "io/maps/image.hpp"
#include "io/netcdf/netcdf_ensemble.hpp"
#include "io/netcdf/netcdf_output.hpp"
#include "io/raster/crs.hpp"
#include "io/scenario/scenario_toml.hpp"

namespace ria::app {
namespace {

using ensemble::shortest_text;

std::string number(double v, const char* format = "%.9g") {
  if (!std::isfinite(v)) return "";
  char buf[40];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string members_csv(const EnsembleRecord& r) {
  std::ostringstream o;
  o << "member";
  for (const std::string& k : r.table->keys) o << "," << io::csv_field(k);
  o << ",status,wall_s,message\n";
  for (std::size_t m = 0; m < r.table->size(); ++m) {
    const MemberOutcome& out = (*r.members)[m];
    o << m;
    for (const std::string& v : r.table->values[m]) o << "," << io::csv_field(v);
    const bool ran = out.status != MemberOutcome::Status::not_run;
    o << "," << status_name(out.status) << "," << (ran ? number(out.wall_s, "%.3f") : "") << "," << io::csv_field(out.message) << "\n";
  }
  return o.str();
}

/// "_C" or "_C_<units>" with spaces as '_' (as gauges.csv).
std::string conc_suffix(const std::string& units) {
  std::string c = "C";
  if (units != "1")
    for (char ch : "_" + units) c += ch == ' ' ? '_' : ch;
  return c;
}

std::string gauges_csv(const EnsembleRecord& r, const std::vector<ensemble::GaugePercentiles>& rows) {
  const std::string c = conc_suffix(r.base->pollutant.units);
  std::ostringstream o;
  o << "t_s,gauge,members";
  for (const char* q : {"p10", "p50", "p90"}) o << ",depth_" << q << "_m";
  for (const char* q : {"p10", "p50", "p90"}) o << "," << io::csv_field(c + "_" + q);
  o << "\n";
  for (const ensemble::GaugePercentiles& row : rows)
    for (std::size_t g = 0; g < row.depth.size(); ++g) {
      o << number(row.t, "%.17g") << "," << io::csv_field(r.model->gauges[g].name) << "," << row.members;
      for (double v : row.depth[g]) o << "," << number(v);
      for (double v : row.conc[g]) o << "," << number(v);
      o << "\n";
    }
  return o.str();
}

io::MapStyle map_style(const EnsembleRecord& r, int finished) {
  io::MapStyle s;
  const std::string name = r.base->name.empty() ? std::string("ria") : r.base->name;
  s.title = name;
  s.time_label = std::to_string(finished) + " of " + std::to_string(r.table->size()) + " members";
  for (const sim::GaugeCell& g : r.model->gauges) s.markers.push_back({io::MapMarker::Kind::gauge, g.x, g.y, g.name});
  for (const sim::ReleaseSpec& rel : r.base->releases)
    s.markers.push_back({io::MapMarker::Kind::release, rel.x, rel.y, rel.name});
  return s;
}

bool starts_differ(const EnsembleRecord& r);

/// Exceedance maps (one per threshold) and the median arrival map. Cells dry in every member are
/// land (NaN); water where the probability is 0, or no median arrival, is clean water.
/// The maps, drawn as partial files of `partial`; returns their final names.
std::vector<std::string> draw_maps(const EnsembleRecord& r, const ensemble::CellStatistics& s, PartialFiles& partial) {
  std::vector<std::string> files;
  const Grid& g = r.model->setup.grid;
  for (std::size_t k = 0; k < s.thresholds.size(); ++k) {
    io::MapStyle st = map_style(r, s.members);
    const std::string& u = r.base->pollutant.units;
    st.title += ": P(max C > " + shortest_text(s.thresholds[k]) + (u == "1" ? std::string("") : " " + u) + ")";
    st.units = "probability";
    st.vmin = 0, st.vmax = 1, st.threshold = 0;
    const std::string path = r.dir + "/exceedance_C_gt_" + shortest_text(s.thresholds[k]) + ".png";
    io::write_png(partial.add(path), io::render_map(g, r.model->bed_z, s.exceedance[k], st));
    files.push_back(path);
  }
  // Water without a median arrival: below the threshold of the map, drawn as clean water; the
  // colour bar spans the run, so that maps of ensembles of one scenario compare.
  std::vector<double> hours(s.mean.size());
  for (std::size_t c = 0; c < hours.size(); ++c)
    hours[c] = std::isnan(s.mean[c]) ? NAN : std::isnan(s.arrival_median[c]) ? -1.0 : s.arrival_median[c] / 3600.0;
  const double h_max = r.base->time.duration / 3600.0;
  io::MapStyle st = map_style(r, s.members);
  const std::string& u = r.base->pollutant.units;
  st.title += ": median first arrival (C > " + shortest_text(r.base->output.arrival_threshold) +
              (u == "1" ? std::string("") : " " + u) + ")";
  // The start the hours count from: the base's date, or each member's own where they differ.
  const double base_start = io::parse_utc_time(r.base->time.start, "time.start");
  st.units = starts_differ(r) ? "hours after each member's start" : "hours after " + io::format_utc_time(base_start);
  st.vmin = 0, st.vmax = h_max > 0 ? h_max : 1, st.threshold = -0.5;
  const std::string path = r.dir + "/arrival_time_median.png";
  io::write_png(partial.add(path), io::render_map(g, r.model->bed_z, hours, st));
  files.push_back(path);
  return files;
}

/// Whether a member's time.start (--vary time.start, or a members CSV column) is another date
/// than the base scenario's: then each member's arrival times count from a start of its own.
bool starts_differ(const EnsembleRecord& r) {
  const ensemble::MemberTable& t = *r.table;
  const double base = io::parse_utc_time(r.base->time.start, "time.start");
  for (std::size_t k = 0; k < t.keys.size(); ++k)
    if (t.keys[k] == "time.start")
      for (const std::vector<std::string>& row : t.values) {
        std::string v = row[k];
        if (v.size() >= 2 && v.front() == '"' && v.back() == '"') v = v.substr(1, v.size() - 2);  // a TOML string
        try {
          if (io::parse_utc_time(v, "time.start") != base) return true;
        } catch (const io::InputError&) {
          return true;  // a member that could not start: its date is not the base's either
        }
      }
  return false;
}

void write_netcdf(const EnsembleRecord& r, const ensemble::CellStatistics& s, const std::string& path) {
  io::NcEnsemble e;
  e.grid = r.model->setup.grid;
  e.crs_wkt = r.model->crs_wkt;
  e.grid_mapping = io::cf_grid_mapping(r.model->crs_wkt);
  e.start_iso = r.base->time.start;
  e.title = (r.base->name.empty() ? std::string("ria") : r.base->name) + ": ensemble statistics";
  e.source = "ria 0.1.0 (first-order path-conservative Roe scheme, Vinas et al. 2012)";
  e.history = "ria ensemble " + r.base->file + " (" + r.sampling + ", " + std::to_string(r.table->size()) + " members)";
  e.concentration_units = r.base->pollutant.units;
  e.bed_elevation = r.model->bed_z;
  e.members = static_cast<int>(r.table->size());
  e.members_finished = s.members;
  e.arrival_threshold = r.base->output.arrival_threshold;
  e.starts_differ = starts_differ(r);
  e.thresholds = s.thresholds;
  e.exceedance = &s.exceedance;
  e.max_conc_mean = &s.mean;
  for (int p = 0; p < 3; ++p) e.max_conc_percentile[p] = &s.percentile[p];
  e.arrival_earliest = &s.arrival_earliest;
  e.arrival_median = &s.arrival_median;
  io::write_ensemble_netcdf(path, e);
}

std::string summary_json(const EnsembleRecord& r, const std::vector<std::string>& files) {
  int count[4] = {0, 0, 0, 0};
  for (const MemberOutcome& m : *r.members) ++count[static_cast<int>(m.status)];
  io::JsonWriter w;
  w.begin_object().value(kSummaryCommandKey, kEnsembleCommand).value("scenario", r.base->name).value("file", r.base->file).value("backend", r.backend);
  w.value("ranks", r.ranks).value("concurrent", r.concurrent).value("dry_skip", r.model->setup.dry_skip);
  w.value("interrupted", r.interrupted);
  if (!r.error.empty()) w.value("stopped_by_error", r.error);
  w.value("wall_s", r.wall_s);
  const int finished = count[static_cast<int>(MemberOutcome::Status::finished)];
  w.value("members_per_hour", r.wall_s > 0 ? 3600.0 * finished / r.wall_s : 0.0);
  w.begin_object("members").value("planned", static_cast<int>(r.table->size())).value("finished", finished);
  w.value("failed", count[static_cast<int>(MemberOutcome::Status::failed)]);
  w.value("interrupted", count[static_cast<int>(MemberOutcome::Status::interrupted)]);
  w.value("not_run", count[static_cast<int>(MemberOutcome::Status::not_run)]).end_object();
  w.begin_object("sampling").value("method", r.sampling);
  if (r.sampling == "latin_hypercube") w.value("seed", static_cast<long long>(r.seed));
  if (!r.members_csv.empty()) w.value("members_csv", r.members_csv);
  w.begin_array("vary");
  for (const ensemble::VaryRange& v : r.ranges) {
    const char* kind = v.kind == ensemble::VaryRange::Kind::number     ? "number"
                       : v.kind == ensemble::VaryRange::Kind::duration ? "duration_s"
                                                                       : "date_offset_s";
    w.begin_object().value("key", v.key).value("kind", kind).value("lo", v.lo).value("hi", v.hi).end_object();
  }
  w.end_array().begin_array("vary_point");
  for (const ensemble::VaryPoint& p : r.points) w.begin_object().value("release", p.release).value("radius_m", p.radius).end_object();
  w.end_array().begin_array("keys");
  for (const std::string& k : r.table->keys) w.value("", k);
  w.end_array().end_object();
  w.value("sample_interval_s", r.base->time.output_interval).value("arrival_threshold", r.base->output.arrival_threshold);
  w.begin_array("thresholds");
  for (double t : r.thresholds) w.value("", t);
  w.end_array().begin_array("files");
  for (const std::string& f : files) w.value("", f);
  w.end_array().end_object();
  return w.str();
}

/// Removes the statistics files of an earlier ensemble in the directory that this one did not
/// write (fewer thresholds, no finished member, the table of an earlier ensemble without one,
/// ...), so that every file there is of this run.
void remove_stale(const std::string& dir, const std::vector<std::string>& written) {
  namespace fs = std::filesystem;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    const bool ours = name == "ensemble.nc" || name == "gauges_percentiles.csv" || name == "arrival_time_median.png" ||
                      name == "members_unfinished.csv" ||
                      (name.rfind("exceedance_C_gt_", 0) == 0 && e.path().extension() == ".png");
    if (!ours) continue;
    bool keep = false;
    for (const std::string& w : written) keep = keep || fs::path(w).filename() == e.path().filename();
    if (!keep) fs::remove(e.path(), ec);
  }
}

}  // namespace

std::vector<std::string> write_ensemble_outputs(const EnsembleRecord& r) {
  // Every file but summary.json is written partial and renamed into place once all are written:
  // an ensemble that fails to write (a full disk) leaves an earlier ensemble's files as they were.
  PartialFiles partial;
  std::vector<std::string> files;
  std::vector<const ensemble::MemberFields*> done;
  for (const MemberOutcome& m : *r.members)
    if (m.status == MemberOutcome::Status::finished) done.push_back(&m.fields);
  // An ensemble without a finished member has no statistics: an earlier ensemble's in the
  // directory stay, and with them the members.csv and summary.json that describe them; this one's
  // table goes to members_unfinished.csv.
  std::error_code ec;
  const bool keep_earlier = done.empty() && (std::filesystem::exists(r.dir + "/ensemble.nc", ec) ||
                                             std::filesystem::exists(r.dir + "/gauges_percentiles.csv", ec));
  try {
    const std::string members_path = r.dir + (keep_earlier ? "/members_unfinished.csv" : "/members.csv");
    io::write_file_atomic(partial.add(members_path), members_csv(r));
    files.push_back(members_path);
    if (!done.empty()) {
      const ensemble::CellStatistics s = ensemble::cell_statistics(done, r.thresholds);
      if (r.base->output.netcdf && io::netcdf_built()) {
        const std::string path = r.dir + "/ensemble.nc";
        write_netcdf(r, s, partial.add(path));
        files.push_back(path);
      } else if (r.base->output.netcdf) {
        std::fprintf(stderr, "ria ensemble: warning: this ria was built without NetCDF (libnetcdf-c++4-dev, -DRIA_NETCDF=ON): "
                             "no ensemble.nc is written; set output.netcdf = false to silence this\n");
      }
      if (r.base->output.png_at_end && io::png_built()) {
        for (const std::string& f : draw_maps(r, s, partial)) files.push_back(f);
      } else if (r.base->output.png_at_end) {
        std::fprintf(stderr, "ria ensemble: warning: this ria was built without cairo (libcairo2-dev, -DRIA_CAIRO=ON): no PNG "
                             "maps are drawn; set output.png_at_end = false to silence this\n");
      }
      if (!r.model->gauges.empty()) {
        const std::string path = r.dir + "/gauges_percentiles.csv";
        io::write_file_atomic(partial.add(path), gauges_csv(r, ensemble::gauge_percentiles(done)));
        files.push_back(path);
      }
    }
    // (An ensemble started into a directory whose renames were cut short names the partial files left.)
    partial.promote(keep_earlier ? "" : r.dir + "/summary.json");
    if (!keep_earlier) remove_stale(r.dir, files);
  } catch (const io::IoError& e) {
    partial.remove();
    if (!partial.moved().empty())  // a rename failed part way
      throw io::IoError(std::string(e.what()) + "; " + r.dir + "/ now holds this ensemble's " + partial.moved().front() +
                        (partial.moved().size() > 1 ? " .. " + partial.moved().back() : "") +
                        " but not its other files, and no summary.json: run the ensemble again");
    throw io::IoError(std::string(e.what()) + "; no statistics file of this ensemble was put in place: the files of an "
                                              "earlier ensemble in " + r.dir + "/ are kept as they were");
  }
  if (keep_earlier) return files;
  const std::string summary = r.dir + "/summary.json";
  files.push_back(summary);
  io::write_file_atomic(summary, summary_json(r, files));
  return files;
}

}  // namespace ria::app
