// The outputs of `ria run` (run_outputs.hpp).
#include "app/run_outputs.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <limits>

#include "app/default_scenario.hpp"
#include "app/restart_check.hpp"
#include "app/run_support.hpp"
#include "io/checkpoint/identity.hpp"
#include "io/io_error.hpp"
#include "io/maps/gif_animation.hpp"
#include "io/maps/image.hpp"
#include "io/netcdf/netcdf_input.hpp"
#include "io/output_names.hpp"
#include "ria/swe/wet_dry.hpp"

namespace ria::app {
namespace {

/// H:MM:SS, with hundredths of a second when t is not a whole second (laboratory-scale runs);
/// beyond 9999 days, seconds in exponent form.
std::string hms(double t) {
  char buf[40];
  if (!(std::fabs(t) < 9999 * 86400.0)) {
    std::snprintf(buf, sizeof buf, "%.6g s", t);
    return buf;
  }
  const long s = static_cast<long>(std::floor(t + 1e-9));
  const double frac = t - s;
  if (frac > 1e-6 && frac < 1 - 1e-6)
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%05.2f", s / 3600, (s / 60) % 60, s % 60 + frac);
  else
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, std::lround(t) % 60);
  return buf;
}

/// Frames of animation.gif: 0.15 s each (a week of hourly maps plays in 25 s), at most 640 pixels
/// on the longer side (a week of frames stays a few megabytes).
constexpr int kGifFrameCs = 15;
constexpr int kGifMaxPixels = 640;

/// The time of the first row of a time-series CSV (its second line), or +inf without one.
double first_row_time(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  if (!std::getline(in, line) || !std::getline(in, line) || line.empty()) return INFINITY;
  char* end = nullptr;
  const double t = std::strtod(line.c_str(), &end);
  return end == line.c_str() ? INFINITY : t;
}

}  // namespace

std::string ratio_text(double r) {
  char buf[32];
  std::snprintf(buf, sizeof buf, r >= 100 ? "%.0f" : "%.3g", r);
  return buf;
}

std::string duration_text(double s) {
  if (!(s < 9999 * 86400.0)) return ">9999 d";
  if (s < 86400) return hms(std::max(s, 0.0));
  const long days = static_cast<long>(s / 86400);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%ld d %s", days, hms(std::round(s - 86400.0 * days)).c_str());
  return buf;
}

RunOutputs::RunOutputs(const sim::Scenario& sc, const sim::Model& m, const RunContext& ctx, const swe::Totals& initial)
    : sc_(sc), m_(m), ctx_(ctx), initial_(initial) {
  if (ctx.resumed)
    extremes_ = ctx.resumed->extremes;
  else
    extremes_.reset(m.setup.grid.cells());
  checkpoint_path_ = ctx.dir + "/checkpoint.ckpt";
  const double t_resume = ctx.resumed ? ctx.resumed->t : -1.0;
  std::vector<std::string> names;
  for (const sim::GaugeCell& g : m.gauges) names.push_back(g.name);
  if (!m.gauges.empty() && sc.output.gauges_csv) {
    // A resumed run continues the rows of the newest gauge file: the partial one of a run that was
    // killed or failed after the last complete one, else the complete one.
    const std::string csv = ctx.dir + "/gauges.csv";
    const std::string from = PartialFiles::newest_of(csv);
    // Its columns go on at the gauges' cells: a gauge moved since the checkpoint would go on
    // elsewhere in the same column below the rows it keeps (those up to the restart).
    if (ctx.resumed && first_row_time(from) <= t_resume)
      if (const std::string moved = moved_gauge(*ctx.resumed, m); !moved.empty())
        throw io::InputError("cannot continue gauge file '" + from + "': " + moved +
                             "; keep the gauge where it was, or restart into another output directory");
    // Gauges every step (gauge_interval 0) have no fixed row interval: the continuity is not checked.
    // It must hold the row the checkpoint's run wrote last, where it holds rows up to then.
    csv_ = std::make_unique<io::GaugeCsv>(partial_.add(csv), names, t_resume, sc.pollutant.units, from,
                                          sc.output.gauge_interval,
                                          ctx.resumed ? io::identity_value(ctx.resumed->identity, kLastGaugeRowKey) : "");
    files_.push_back(csv);
  }
  // A resumed run also promotes what the run it continues left partial (killed or failed): the
  // maps it drew before its checkpoint, which this run does not draw again, and its NetCDF files
  // (ria.nc, or ria_restart_<T>s.nc of a part that itself started at T, before this one), which
  // this run continues in files of its own: those whose time axis starts before the checkpoint's
  // time and ends at most one output interval (and one gauge interval, for the samples written
  // with the maps) before it, as that run's did; a killed run's files that end earlier are another
  // run's and stay as they are.
  if (ctx.resumed) {
    const long long here = std::lround(t_resume);
    const double lag = sc.time.output_interval + std::max(0.0, sc.output.gauge_interval);
    // An adopted file may reach past the checkpoint (the killed run wrote on after it): this run's
    // files go on after its last time (what it writes up to there is the same, a restart being
    // bitwise the uninterrupted run), so that no time is in two files.
    // (With another forcing, changed at this restart, they are another run's from the checkpoint
    // on: this run's files then start there.)
    const bool same_forcing = forcing_changes(*ctx.resumed, sc).empty();
    const auto spans_restart = [&](const std::string& name, double& until) {
      const std::array<double, 2> span = io::netcdf_time_span(ctx.dir + "/" + name + ".partial");
      const double tol = 1e-6 * std::max(1.0, t_resume);
      const bool spans = span[0] <= t_resume + tol && span[1] >= t_resume - lag - tol;
      if (spans && same_forcing) until = std::max(until, span[1]);
      return spans;
    };
    // A ria.nc in place of another grid is another run's: named at the end. (Its times cannot
    // tell: after a chain of restarts the first part's ends before the latest checkpoint.)
    std::error_code ec;
    if (std::filesystem::exists(ctx.dir + "/ria.nc", ec) && io::netcdf_built()) {
      const std::array<double, 2> n = io::netcdf_grid_size(ctx.dir + "/ria.nc");
      if (!(n[0] == m.setup.grid.nx && n[1] == m.setup.grid.ny)) foreign_.push_back("ria.nc");
    }
    const std::vector<std::string> earlier = partial_.adopt(ctx.dir, [&](const std::string& name) -> std::string {
      std::string kind, ext;
      double t = 0;
      long long T = 0;
      if (io::parse_map_name(name, kind, t)) return t <= t_resume ? name : "";
      if (name == "ria.nc") return spans_restart(name, maps_until_) ? name : "";
      if (name == "gauges.nc") return spans_restart(name, gauges_until_) ? name : "";
      if (io::parse_restart_name(name, kind, T, ext) && T < here && ext == "nc" && (kind == "ria" || kind == "gauges") &&
          spans_restart(name, kind == "ria" ? maps_until_ : gauges_until_))
        return name;
      return "";
    });
    files_.insert(files_.end(), earlier.begin(), earlier.end());
    // A GIF cannot be continued: the animation the continued run left partial stays as it is, said.
    for (const std::string& name : PartialFiles::partials_in(ctx.dir)) {
      std::string stem, ext;
      long long T = 0;
      const std::string final_name = name.substr(0, name.size() - std::string(".partial").size());
      if (final_name == "animation.gif" ||
          (io::parse_restart_name(final_name, stem, T, ext) && stem == "animation" && ext == "gif" && T < here))
        std::fprintf(stderr, "ria run: warning: %s/%s, the animation of the run this continues, is left as it is (a GIF "
                             "cannot be continued; its frames reach to where that run stopped, its end may be missing)%s\n",
                     ctx.dir.c_str(), name.c_str(),
                     sc.output.animation != sim::OutputSpec::Animation::none && io::gif_built() && io::png_built()
                         ? ("; this run's frames go into animation" + io::restart_part(t_resume) + ".gif").c_str()
                         : "");
    }
  }
  // A build without NetCDF or GDAL still runs every scenario: what it cannot write is said once,
  // at the start, and the CSV gauges, checkpoints and summary are written as usual.
  if (sc.output.netcdf && !io::netcdf_built())
    std::fprintf(stderr, "ria run: warning: this ria was built without NetCDF (libnetcdf-c++4-dev, -DRIA_NETCDF=ON): "
                         "no ria.nc is written; set output.netcdf = false to silence this\n");
  if ((sc.output.png_at_end || !sc.output.png_times.empty()) && !io::png_built())
    std::fprintf(stderr, "ria run: warning: this ria was built without cairo (libcairo2-dev, -DRIA_CAIRO=ON): no PNG maps "
                         "are drawn; set output.png_times = [] and output.png_at_end = false to silence this\n");
  if (sc.output.netcdf && io::netcdf_built()) {
    io::NcHeader h;
    h.grid = m.setup.grid;
    h.crs_wkt = m.crs_wkt;
    h.grid_mapping = io::cf_grid_mapping(m.crs_wkt);
    h.start_iso = sc.time.start;
    h.title = sc.name.empty() ? "ria run" : sc.name;
    h.source = "ria 0.1.0 (first-order path-conservative Roe scheme, Vinas et al. 2012)";
    h.history = command_line("ria run", sc.file == kDefaultScenarioName ? "" : sc.file, sc.overrides) +
                (ctx.resumed ? " (restarted at t = " + std::to_string(t_resume) + " s)" : "");
    h.bed_elevation = m.bed_z;
    h.concentration_units = sc.pollutant.units;
    // A restarted run writes its own files, so the files of the first part stay as they were.
    const std::string part = ctx.resumed ? io::restart_part(t_resume) : "";
    const std::string nc = ctx.dir + "/ria" + part + ".nc";
    try {
      nc_ = std::make_unique<io::NetcdfOutput>(partial_.add(nc), h);
    } catch (...) {
      discard();
      throw;
    }
    files_.push_back(nc);
    if (!m.gauges.empty()) {
      io::NcGaugeHeader gh;
      static_cast<io::NcFileInfo&>(gh) = h;  // CRS, time origin, attributes and unit as ria.nc
      gh.title = h.title + ": gauges";
      for (const sim::GaugeCell& g : m.gauges) gh.stations.push_back({g.name, g.x, g.y});
      const std::string gnc = ctx.dir + "/gauges" + part + ".nc";
      try {
        gauge_nc_ = std::make_unique<io::GaugeNetcdf>(partial_.add(gnc), gh);
      } catch (...) {
        discard();
        throw;
      }
      files_.push_back(gnc);
    }
  }
  if (sc.output.animation != sim::OutputSpec::Animation::none) {
    if (!io::gif_built() || !io::png_built()) {
      std::fprintf(stderr, "ria run: warning: this ria was built without %s: no animation.gif is written; set "
                           "output.animation = \"none\" to silence this\n",
                   !io::gif_built() ? "giflib (libgif-dev, -DRIA_GIF=ON)" : "cairo (libcairo2-dev, -DRIA_CAIRO=ON), which draws its frames");
    } else {
      const std::string part = ctx.resumed ? io::restart_part(t_resume) : "";
      const std::string gif = ctx.dir + "/animation" + part + ".gif";
      try {
        gif_ = std::make_unique<io::GifAnimation>(partial_.add(gif), kGifFrameCs);
      } catch (...) {
        discard();
        throw;
      }
      files_.push_back(gif);
    }
  }
  c_scale_ = sim::largest_concentration_brought(sc, m);
}

std::string RunOutputs::time_label(double t) const {
  std::tm tm{};
  int y, mo, d, h, mi, s;
  std::string label = "t = " + hms(t);
  if (std::sscanf(sc_.time.start.c_str(), "%d-%d-%dT%d:%d:%d", &y, &mo, &d, &h, &mi, &s) == 6) {
    tm.tm_year = y - 1900, tm.tm_mon = mo - 1, tm.tm_mday = d, tm.tm_hour = h, tm.tm_min = mi, tm.tm_sec = s;
    const std::time_t when = timegm(&tm) + static_cast<std::time_t>(std::lround(t));
    std::tm out{};
    gmtime_r(&when, &out);
    char buf[64];
    std::strftime(buf, sizeof buf, " (%Y-%m-%d %H:%M UTC)", &out);
    label += buf;
  }
  return label;
}

void RunOutputs::gauges(double t, const std::vector<swe::Conserved<double>>& values) {
  io::NcGaugeRecord r;
  r.t = t;
  for (std::size_t g = 0; g < values.size(); ++g) {
    const sim::Primitive p = sim::primitive(values[g], m_.setup.H[m_.gauges[g].cell], m_.setup.physics.h_dry);
    r.values.push_back({p.h, p.eta, p.u, p.v, p.c});
  }
  if (csv_) csv_->append(t, r.values);
  if (gauge_nc_ && t > gauges_until_ + 1e-6 * std::max(1.0, t)) pending_gauges_.push_back(std::move(r));
}

void RunOutputs::output(double t, long steps, const swe::HostState& s, const swe::Totals& totals,
                        const swe::Balance& b) {
  if (nc_ && t > maps_until_ + 1e-6 * std::max(1.0, t)) {
    const sim::PrimitiveMaps p = sim::primitive_maps(s, m_.setup.H, m_.setup.physics.h_dry);
    nc_->append(t, io::NcFields{&s.h, &p.eta, &p.u, &p.v, &p.c});
  }
  write_gauges_until(std::numeric_limits<double>::infinity());
  if (gif_) animate(t, s);
  describe(t, steps, totals, b);
  if (ctx_.quiet) return;
  std::printf("balance %s step %ld | water m3: stored %.6e in %.4e out %.4e released %.4e error %.2e (%.1e rel)\n",
              hms(t).c_str(), steps, totals.water, b.water_in, b.water_out, b.water_released, water_error_,
              water_error_ / std::max(totals.water, 1e-300));
  if (initial_.pollutant > 0 || b.pollutant_in > 0 || b.pollutant_released > 0)
    std::printf("        %s | pollutant: stored %.6e in %.4e out %.4e released %.4e decayed %.4e error %.2e (%.1e rel)\n",
                std::string(hms(t).size() + 5 + std::to_string(steps).size(), ' ').c_str(), totals.pollutant,
                b.pollutant_in, b.pollutant_out, b.pollutant_released, b.pollutant_decayed, pollutant_error_,
                pollutant_error_ / std::max({totals.pollutant, b.pollutant_in, b.pollutant_released, initial_.pollutant, 1e-300}));
  std::fflush(stdout);
}

io::MapStyle RunOutputs::concentration_style(double t) const {
  io::MapStyle cs;
  cs.title = (sc_.name.empty() ? std::string("ria") : sc_.name) + ": pollutant concentration";
  cs.time_label = time_label(t);
  cs.units = "C [" + sc_.pollutant.units + "]";
  for (const sim::GaugeCell& g : m_.gauges) cs.markers.push_back({io::MapMarker::Kind::gauge, g.x, g.y, g.name});
  for (const sim::ReleaseSpec& r : sc_.releases)
    cs.markers.push_back({io::MapMarker::Kind::release, r.x, r.y, r.name});
  // One log scale for every frame, to the largest source concentration: a diluted plume spans
  // decades, a linear bar hides it. Every cell the arrival map counts as reached is coloured.
  io::set_concentration_scale(cs, sc_.output.arrival_threshold, c_scale_);
  return cs;
}

io::MapStyle RunOutputs::depth_style(double t, double h_max) const {
  const double dry = m_.setup.physics.h_dry;
  io::MapStyle ds = concentration_style(t);
  ds.title = (sc_.name.empty() ? std::string("ria") : sc_.name) + ": water depth";
  ds.units = "depth [m]";
  // Linear from 0, or (map_depth_scale = "log") three decades below the deepest water, so that
  // shallows stay distinct next to a deep channel.
  ds.vmax = h_max > 0 ? h_max : 1.0;
  ds.log_scale = sc_.output.map_depth_log;
  ds.vmin = ds.log_scale ? std::max(dry, 1e-3 * ds.vmax) : 0;
  ds.threshold = dry;
  ds.palette = io::MapStyle::Palette::depth;
  return ds;
}

namespace {
double deepest(const std::vector<double>& h) {
  double h_max = 0;
  for (double v : h)
    if (v > h_max) h_max = v;  // NaN (dry) never is
  return h_max;
}
}  // namespace

// The maps are drawn as partial files, renamed into place with the rest when the run ends in order.
void RunOutputs::quicklook(double t, const swe::HostState& s) {
  if (!io::png_built()) return;
  const double dry = m_.setup.physics.h_dry;
  const std::vector<double> c = sim::primitive_maps(s, m_.setup.H, dry).c, h = sim::wet_depth(s, dry);
  const std::string cpath = ctx_.dir + "/" + io::map_name("concentration", t);
  io::write_png(partial_.add(cpath), io::render_map(m_.setup.grid, m_.bed_z, c, concentration_style(t)));
  const std::string dpath = ctx_.dir + "/" + io::map_name("depth", t);
  io::write_png(partial_.add(dpath), io::render_map(m_.setup.grid, m_.bed_z, h, depth_style(t, deepest(h))));
  files_.push_back(cpath);
  files_.push_back(dpath);
}

void RunOutputs::extremes(double, const swe::HostExtremes& e) { extremes_ = e; }

// A frame of animation.gif: the concentration or depth map as the quicklooks draw it, smaller; a
// depth animation keeps the colour bar of its first frame, so that the frames compare.
void RunOutputs::animate(double t, const swe::HostState& s) {
  const double dry = m_.setup.physics.h_dry;
  io::MapStyle style;
  std::vector<double> field;
  if (sc_.output.animation == sim::OutputSpec::Animation::depth) {
    field = sim::wet_depth(s, dry);
    if (gif_->frames() == 0) gif_depth_max_ = deepest(field);
    style = depth_style(t, gif_depth_max_);
  } else {
    field = sim::primitive_maps(s, m_.setup.H, dry).c;
    style = concentration_style(t);
  }
  style.max_pixels = kGifMaxPixels;
  gif_->add(io::render_map(m_.setup.grid, m_.bed_z, field, style));
}

void RunOutputs::write_gauges_until(double until) {
  if (!gauge_nc_) return;
  const auto later = std::find_if(pending_gauges_.begin(), pending_gauges_.end(),
                                  [&](const io::NcGaugeRecord& r) { return r.t > until; });
  gauge_nc_->append(std::vector<io::NcGaugeRecord>(pending_gauges_.begin(), later));
  pending_gauges_.erase(pending_gauges_.begin(), later);
}

void RunOutputs::describe(double t, long steps, const swe::Totals& totals, const swe::Balance& b) {
  last_t_ = t;
  last_steps_ = steps;
  last_balance_ = b;
  last_totals_ = totals;
  water_error_ = totals.water - b.water_expected;
  pollutant_error_ = totals.pollutant - b.pollutant_expected;
}

void RunOutputs::checkpoint(double t, long steps, const swe::HostState& s, const swe::Balance& b,
                            const swe::HostExtremes& e) {
  // A checkpoint after the last map output (a signal's stop, a failure's last good state) is what
  // the summary then describes: its totals summed here from the state (the solver's reduction's
  // sums, up to the order of the additions).
  if (t > last_t_) {
    swe::Totals totals;
    for (std::size_t i = 0; i < s.h.size(); ++i) totals.water += s.h[i], totals.pollutant += s.hc[i];
    const double area = m_.setup.grid.area();
    describe(t, steps, {totals.water * area, totals.pollutant * area}, b);
  }
  if (!e.max_depth.empty()) extremes_ = e;
  // The gauge samples up to the checkpoint go into gauges.nc with it (they are otherwise written
  // with the maps): a run killed after it leaves them in its partial gauges.nc, which a run resumed
  // from it puts in place beside its own (the constructor's spans_restart).
  write_gauges_until(t);
  io::Checkpoint c;
  c.fingerprint = ctx_.fingerprint;
  c.identity = ctx_.identity;
  // The gauge row of time t or before (a failure's checkpoint of an earlier state may follow rows
  // after it, and then carries none).
  if (csv_ && !csv_->last_row().empty() && std::strtod(csv_->last_row().c_str(), nullptr) <= t)
    c.identity.emplace_back(kLastGaugeRowKey, csv_->last_row());
  c.precision = ctx_.precision;
  c.grid = m_.setup.grid;
  c.t = t;
  c.steps = steps;
  c.balance = b;
  c.initial = initial_;
  c.state = s;
  c.extremes = e;
  io::write_checkpoint(checkpoint_path_, c);
  checkpoint_t_ = t;
}

void RunOutputs::progress(const sim::Progress& p) {
  if (ctx_.quiet) return;
  std::printf("t = %s / %s (%5.1f%%)  ETA %s  %.0f steps/s  %sx real time  step %ld\n", duration_text(p.t).c_str(),
              duration_text(p.t_end).c_str(), 100 * p.t / p.t_end, duration_text(p.eta_s).c_str(), p.steps_per_s,
              ratio_text(p.speedup).c_str(), p.steps);
  std::fflush(stdout);
}

std::vector<std::string> RunOutputs::finish() {
  if (gauge_nc_) {
    write_gauges_until(std::numeric_limits<double>::infinity());
    gauge_nc_->close();
  }
  if (nc_) {
    nc_->write_extremes(extremes_, sc_.output.arrival_threshold);
    nc_->close();
  }
  csv_.reset();
  if (gif_) gif_->close();
  gif_.reset();
  partial_.promote(ctx_.dir + "/summary.json");
  // Outputs of an earlier run into this directory that this one did not write again (maps at
  // other times, a ria.nc under output.netcdf = false; a resumed run's maps before its checkpoint
  // and the files of its earlier parts are the run it continues): said, not removed.
  const double t_resume = ctx_.resumed ? ctx_.resumed->t : -1.0;
  const long long here = std::lround(t_resume);
  const std::vector<std::string> others = PartialFiles::others_in(ctx_.dir, [&](const std::string& name) {
    std::string kind, ext;
    double t = 0;
    long long T = 0;
    if (io::parse_map_name(name, kind, t)) return t > t_resume;
    if (io::parse_restart_name(name, kind, T, ext)) return T > here;
    if (ctx_.resumed) return std::find(foreign_.begin(), foreign_.end(), name) != foreign_.end();
    return name == "ria.nc" || name == "gauges.nc" || name == "gauges.csv" || name == "animation.gif";
  }, files_);
  if (const std::string note = PartialFiles::others_note(ctx_.dir, others, "output file(s)"); !note.empty())
    std::fprintf(stderr, "ria run: warning: %s\n", note.c_str());
  return files_;
}

std::string RunOutputs::abandon() {
  gauge_nc_.reset();  // closes, never throws
  nc_.reset();
  csv_.reset();
  gif_.reset();  // closes, never throws
  return partial_.note(ctx_.dir);
}

void RunOutputs::discard() {
  abandon();
  // A resumed run's partial gauges may hold the only copy of the rows before its restart.
  if (!ctx_.resumed) partial_.remove();
}

}  // namespace ria::app
