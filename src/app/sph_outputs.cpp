#include "app/sph_outputs.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "app/run_outputs.hpp"
#include "io/checkpoint/sph_checkpoint.hpp"
#include "io/particles_csv.hpp"
#include "io/maps/image.hpp"
#include "io/particles_vtu.hpp"
#include "ria/sph/memory.hpp"

namespace ria::app {

std::vector<std::string> sph_series_columns(const sph::Scenario& sc) {
  std::vector<std::string> c = {"steps",          "dt_s",          "front_m",         "u_max_m_s",
                                "kinetic_J",      "fluid_mass_kg", "fluid_volume_m3", "out_particles"};
  for (const sph::Probe& p : sc.probes) c.push_back(p.name + (p.kind == sph::Probe::Kind::height ? "_m" : "_Pa"));
  return c;
}

std::string snapshot_name(double t, const char* ext) {
  char buf[64];
  const long long ticks = std::llround(t * (1 / sph::kSnapshotTick));
  std::snprintf(buf, sizeof buf, "particles_%010lld.%s", ticks, ext);
  return buf;
}

namespace {
/// The time of a snapshot name that snapshot_name writes, in snapshot ticks; -1 for any other name.
long long snapshot_ticks(const std::string& name) {
  long long ticks = 0;
  char ext[8] = {};
  if (std::sscanf(name.c_str(), "particles_%10lld.%3s", &ticks, ext) != 2) return -1;
  return name == snapshot_name(ticks * sph::kSnapshotTick, ext) ? ticks : -1;
}
}  // namespace

double sph_outputs_bytes(const sph::Scenario& sc, double n) {
  double most = sph::particles_bytes(sc.dim, n) + io::sph_checkpoint_write_bytes(sc.dim, n);
  if (sc.snapshots && sc.snapshot_csv) most = std::max(most, io::particles_csv_bytes(sc.dim, n));
  if (sc.snapshots && sc.snapshot_vtu) most = std::max(most, io::particles_vtu_bytes(n));
  return most;
}

SphOutputs::SphOutputs(const sph::Scenario& sc, SphRunContext ctx)
    : ctx_(std::move(ctx)), csv_snapshots_(sc.snapshot_csv), vtu_snapshots_(sc.snapshot_vtu),
      png_snapshots_(sc.snapshot_png && io::png_built()), name_(sc.name), dp_(sc.dp),
      checkpoint_path_(ctx_.dir + "/checkpoint.sphck") {
  // A resumed run continues the rows of the newest series: the partial one of a run that was
  // killed or failed after the last complete one, else the complete one.
  const std::string csv = ctx_.dir + "/series.csv";
  const std::string from = PartialFiles::newest_of(csv);
  csv_ = std::make_unique<io::TimeSeriesCsv>(partial_.add(csv), sph_series_columns(sc), ctx_.resume_after, from,
                                             "series file", "probes", sc.output_interval,
                                             io::ResumeSteps{1, ctx_.resume_steps});  // steps: the first column
  files_.push_back(csv);
  // A run resumed after one that was killed: that run's snapshots up to the checkpoint are its
  // partial files, which this run renames with its own at the end (the later ones it writes again).
  if (ctx_.resume_after >= 0) {
    const long long last = std::llround(ctx_.resume_after * (1 / sph::kSnapshotTick));
    const std::vector<std::string> earlier = partial_.adopt(ctx_.dir, [&](const std::string& name) -> std::string {
      const long long ticks = snapshot_ticks(name);
      return ticks >= 0 && ticks <= last ? name : "";
    });
    files_.insert(files_.end(), earlier.begin(), earlier.end());
  }
}

const std::vector<std::string>& SphOutputs::finish() {
  csv_.reset();
  partial_.promote(ctx_.dir + "/summary.json");
  // Snapshots of an earlier run into this directory that this one did not write again (a resumed
  // run's before its checkpoint are the run it continues): said, not removed.
  const long long last = ctx_.resume_after < 0 ? -1 : std::llround(ctx_.resume_after * (1 / sph::kSnapshotTick));
  const std::vector<std::string> others =
      PartialFiles::others_in(ctx_.dir, [&](const std::string& name) { return snapshot_ticks(name) > last; }, files_);
  if (const std::string note = PartialFiles::others_note(ctx_.dir, others, "snapshot file(s)"); !note.empty())
    std::fprintf(stderr, "ria sph run: warning: %s\n", note.c_str());
  return files_;
}

std::string SphOutputs::abandon() {
  csv_.reset();
  return partial_.note(ctx_.dir);
}

void SphOutputs::discard() {
  abandon();
  // A resumed run's partial series may hold the only copy of the rows before its restart (a
  // killed run's): it stays.
  if (ctx_.resume_after < 0) partial_.remove();
}

void SphOutputs::series(double t, long steps, double dt, const sph::Measures& m) {
  std::vector<double> row = {static_cast<double>(steps), dt,           m.front,
                             m.u_max,                    m.kinetic,    m.fluid_mass,
                             m.fluid_volume,             static_cast<double>(m.out_particles)};
  row.insert(row.end(), m.probes.begin(), m.probes.end());
  csv_->append(t, row);
  u_max_ = std::max(u_max_, m.u_max);
}

void SphOutputs::snapshot(double t, long, const sph::Particles& p) {
  // Written as path.partial (finish() renames it), listed under its final name.
  const auto keep = [&](const std::string& path) {
    if (std::find(files_.begin(), files_.end(), path) == files_.end()) files_.push_back(path);
    return partial_.add(path);
  };
  if (csv_snapshots_) {
    const std::string path = ctx_.dir + "/" + snapshot_name(t, "csv");
    io::write_particles_csv(keep(path), p, ctx_.eos);
  }
  if (vtu_snapshots_) {
    const std::string path = ctx_.dir + "/" + snapshot_name(t, "vtu");
    io::write_particles_vtu(keep(path), p, ctx_.eos);
  }
  if (png_snapshots_) {
    const std::string path = ctx_.dir + "/" + snapshot_name(t, "png");
    char title[160];
    std::snprintf(title, sizeof title, "%s, t = %.4g s", name_.c_str(), t);
    io::write_png(keep(path), io::render_particles(p, ctx_.eos, dp_, title));
  }
}

void SphOutputs::checkpoint(double t, long steps, const sph::Particles& p) {
  io::SphCheckpoint c;
  c.t = t;
  c.steps = steps;
  c.particles = p;
  c.identity = ctx_.identity;
  io::write_sph_checkpoint(checkpoint_path_, c);
  checkpoint_t_ = t;
}

void SphOutputs::progress(const sph::Progress& p) {
  if (ctx_.quiet) return;
  std::printf("t = %.4f / %.4f s (%5.1f%%)  ETA %s  %.0f steps/s  dt %.3g s  %sx real time  step %ld\n", p.t, p.t_end,
              100 * p.t / p.t_end, duration_text(p.eta_s).c_str(), p.steps_per_s, p.dt, ratio_text(p.speedup).c_str(),
              p.steps);
  std::fflush(stdout);
}

}  // namespace ria::app
