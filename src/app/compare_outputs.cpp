#include "app/compare_outputs.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

#include "compare/series_math.hpp"
#include "io/json.hpp"
#include "io/maps/image.hpp"

namespace ria::app {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr io::Rgb kMeasured{0, 0, 0}, kSph{30, 80, 200}, kSwe{210, 40, 40}, kRitter{110, 110, 110}, kDepth{235, 140, 20};

/// A CSV number: %.9g, empty when not finite.
std::string field(double v) {
  if (!std::isfinite(v)) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

/// A table cell: %.*f, "-" when not finite.
std::string cell(double v, int decimals = 2) {
  if (!std::isfinite(v)) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

/// The value of a record's series at time t, when it has a row there (same stop times).
double at_row(const compare::Record& r, const std::vector<double>& values, double t) {
  for (std::size_t k = 0; k < r.t.size(); ++k)
    if (std::fabs(r.t[k] - t) <= 1e-9 * std::max(1.0, t)) return values[k];
  return kNaN;
}

/// Z of x, NaN beyond the far wall (a front there has hit it).
double Z_in_tank(const compare::Column& c, double x) {
  return x <= c.x_wall + c.length * (1 + 1e-12) ? c.Z_of(x) : kNaN;
}

void write_csv(const std::string& path, const std::string& text, std::vector<std::string>& files) {
  io::write_file_atomic(path, text);
  files.push_back(path);
}

/// Writes a chart, or says once why not.
void write_chart(const std::string& path, const std::vector<io::Panel>& panels, int width, int height,
                 std::vector<std::string>& files) {
  if (!io::png_built()) {
    std::printf("(%s not drawn: this ria was built without cairo, RIA_CAIRO; the CSV files hold the same numbers)\n",
                path.c_str());
    return;
  }
  io::write_png(path, io::render_chart(panels, width, height));
  files.push_back(path);
}

std::vector<double> Z_of_fronts(const compare::Column& c, const compare::Record& r) {
  std::vector<double> z;
  for (double x : r.front) z.push_back(std::isfinite(x) ? c.Z_of(x) : kNaN);
  return z;
}

std::vector<double> T_of_rows(const compare::Column& c, const compare::Record& r) {
  std::vector<double> T;
  for (double t : r.t) T.push_back(c.T_of(t));
  return T;
}

/// The first time y exceeds `level` (linear between samples); NaN when it starts above or never does.
double arrival(const std::vector<double>& t, const std::vector<double>& y, double level, double t_end) {
  if (t.empty() || !(y[0] <= level)) return kNaN;
  for (std::size_t k = 1; k < t.size() && t[k] <= t_end; ++k)
    if (y[k] > level) return t[k - 1] + (t[k] - t[k - 1]) * (level - y[k - 1]) / (y[k] - y[k - 1]);
  return kNaN;
}

}  // namespace

/// Ritter's fronts of row r (its t): the tip, and the farthest points of the dry and front depths.
void set_ritter(FrontRow& r, const ColumnComparison& c) {
  const analytic::RitterColumn R = c.col.ritter();
  r.ritter_tip = Z_in_tank(c.col, R.tip(r.t));
  r.ritter_wet = Z_in_tank(c.col, R.front_at_depth(c.dry_depth, r.t));
  r.ritter_depth = Z_in_tank(c.col, R.front_at_depth(c.front_depth, r.t));
}

std::vector<FrontRow> front_rows(const ColumnComparison& c) {
  std::vector<FrontRow> rows;
  const std::vector<double> z_sph = Z_of_fronts(c.col, c.sph);
  for (std::size_t k = 0; k < c.swe.t.size(); ++k) {
    FrontRow r;
    r.t = c.swe.t[k];
    r.T = c.col.T_of(r.t);
    r.measured = kNaN;
    r.swe = std::isfinite(c.swe.front[k]) ? c.col.Z_of(c.swe.front[k]) : kNaN;
    r.sph = c.have_sph ? at_row(c.sph, z_sph, r.t) : kNaN;
    r.swe_depth = std::isfinite(c.swe.depth_front[k]) ? c.col.Z_of(c.swe.depth_front[k]) : kNaN;
    set_ritter(r, c);
    rows.push_back(r);
  }
  return rows;
}

std::vector<FrontRow> front_at_measurements(const ColumnComparison& c) {
  std::vector<FrontRow> rows;
  if (!c.have_measured) return rows;
  const std::vector<double> T_sph = T_of_rows(c.col, c.sph), Z_sph = Z_of_fronts(c.col, c.sph);
  const std::vector<double> T_swe = T_of_rows(c.col, c.swe), Z_swe = Z_of_fronts(c.col, c.swe);
  std::vector<double> Zd_swe;
  for (double x : c.swe.depth_front) Zd_swe.push_back(std::isfinite(x) ? c.col.Z_of(x) : kNaN);
  for (std::size_t k = 0; k < c.measured.T.size(); ++k) {
    FrontRow r;
    r.T = c.measured.T[k];
    r.t = c.col.t_of(r.T);
    r.measured = c.measured.Z[k];
    r.sph = c.have_sph ? compare::interpolate(T_sph, Z_sph, r.T) : kNaN;
    r.swe = compare::interpolate(T_swe, Z_swe, r.T);
    r.swe_depth = compare::interpolate(T_swe, Zd_swe, r.T);
    if (!c.swe.t.empty() && r.t <= c.swe.t.back() * (1 + 1e-12))
      set_ritter(r, c);
    else  // after the run
      r.ritter_tip = r.ritter_wet = r.ritter_depth = kNaN;
    rows.push_back(r);
  }
  return rows;
}

FrontSpeeds front_speeds(const ColumnComparison& c, double T_lo, double T_hi) {
  const auto columns = [](const FrontRow& r) {
    return std::array<double, 8>{r.measured, r.sph, r.swe, r.ritter_tip, r.ritter_wet, r.swe_depth, r.ritter_depth, r.T};
  };
  std::vector<std::array<double, 8>> in;
  std::array<bool, 8> present{};
  for (const FrontRow& r : front_at_measurements(c)) {
    if (r.T < T_lo || r.T > T_hi) continue;
    in.push_back(columns(r));
    for (int j = 0; j < 8; ++j) present[j] = present[j] || std::isfinite(in.back()[j]);
  }
  // The rows: where the measured and the runs (SPH, shallow water: columns 1, 2, 5) that have a
  // value in the window have one. Ritter's columns are fitted on those rows only where exact on all.
  std::vector<double> col[8];
  for (const std::array<double, 8>& v : in) {
    bool whole = std::isfinite(v[0]);
    for (int j : {1, 2, 5}) whole = whole && (!present[j] || std::isfinite(v[j]));
    if (!whole) continue;
    for (int j = 0; j < 8; ++j) col[j].push_back(v[j]);
  }
  for (int j : {3, 4, 6})
    for (double& z : col[j])
      if (!std::isfinite(z)) col[j].assign(col[j].size(), kNaN);
  FrontSpeeds s;
  const std::vector<double>& T = col[7];
  s.rows = static_cast<int>(T.size());
  s.first = T.empty() ? kNaN : T.front(), s.last = T.empty() ? kNaN : T.back();
  FrontRow& v = s.speed;
  v.T = kNaN, v.t = kNaN;
  v.measured = compare::slope(T, col[0]), v.sph = compare::slope(T, col[1]), v.swe = compare::slope(T, col[2]);
  v.ritter_tip = compare::slope(T, col[3]), v.ritter_wet = compare::slope(T, col[4]);
  v.swe_depth = compare::slope(T, col[5]), v.ritter_depth = compare::slope(T, col[6]);
  return s;
}

void report_column(const ColumnComparison& c, const std::string& dir, std::vector<std::string>& files) {
  const compare::Column& col = c.col;
  // Every row.
  const std::vector<FrontRow> rows = front_rows(c);
  const char* header = "T,t_s,Z_measured,Z_sph,Z_swe_wet,Z_ritter_tip,Z_ritter_wet,Z_swe_depth,Z_ritter_depth\n";
  auto csv_row = [](const FrontRow& r) {
    std::ostringstream o;
    o << field(r.T) << ',' << field(r.t) << ',' << field(r.measured) << ',' << field(r.sph) << ',' << field(r.swe) << ','
      << field(r.ritter_tip) << ',' << field(r.ritter_wet) << ',' << field(r.swe_depth) << ',' << field(r.ritter_depth)
      << '\n';
    return o.str();
  };
  std::ostringstream f;
  f << header;
  for (const FrontRow& r : rows) f << csv_row(r);
  write_csv(dir + "/front.csv", f.str(), files);

  // At the measured T: the table.
  char wet_label[64], depth_label[64];
  std::snprintf(wet_label, sizeof wet_label, "Ritter h = %g mm", c.dry_depth * 1e3);
  std::snprintf(depth_label, sizeof depth_label, "h = %g mm", c.front_depth * 1e3);
  const std::vector<FrontRow> at_m = front_at_measurements(c);
  // The table at the measured T, or without measurements at the first row of each half unit of T.
  std::vector<FrontRow> shown = at_m;
  if (at_m.empty())
    for (std::size_t k = 0; k < rows.size(); ++k)
      if (k == 0 || std::floor(2 * rows[k].T) > std::floor(2 * rows[k - 1].T)) shown.push_back(rows[k]);
  std::printf("\nFront Z = x/a against T = %s (%s; wet front: the farthest SPH particle, the farthest "
              "shallow-water cell with h > %g mm):\n\n",
              col.T_formula().c_str(), at_m.empty() ? "no measurements" : "Martin & Moyce 1952 measured",
              c.dry_depth * 1e3);
  std::printf("| T | measured | SPH | shallow water | Ritter tip | %s | shallow water %s | Ritter %s |\n"
              "|---|---|---|---|---|---|---|---|\n",
              wet_label, depth_label, depth_label);
  for (const FrontRow& r : shown)
    std::printf("| %.2f | %s | %s | %s | %s | %s | %s | %s |\n", r.T, cell(r.measured).c_str(), cell(r.sph).c_str(),
                cell(r.swe).c_str(), cell(r.ritter_tip).c_str(), cell(r.ritter_wet).c_str(), cell(r.swe_depth).c_str(),
                cell(r.ritter_depth).c_str());
  if (!at_m.empty()) {
    std::ostringstream m;
    m << header;
    for (const FrontRow& r : at_m) m << csv_row(r);
    write_csv(dir + "/front_measured.csv", m.str(), files);
    const FrontSpeeds fs = front_speeds(c, 1.4, 3.4);
    const FrontRow& s = fs.speed;
    std::printf("\nSpeed dZ/dT over the measured T in [1.4, 3.4] where the runs have a value (%d rows, T %s to %s; "
                "Ritter only where exact on all; least squares): measured %s, SPH %s, shallow water %s, Ritter tip %s, %s %s; at %s: shallow "
                "water %s, Ritter %s\n",
                fs.rows, cell(fs.first).c_str(), cell(fs.last).c_str(), cell(s.measured, 3).c_str(), cell(s.sph, 3).c_str(), cell(s.swe, 3).c_str(), cell(s.ritter_tip, 3).c_str(),
                wet_label, cell(s.ritter_wet, 3).c_str(), depth_label, cell(s.swe_depth, 3).c_str(),
                cell(s.ritter_depth, 3).c_str());
  }
  double early = 0, all = 0;
  for (const FrontRow& r : rows) {
    const double d = std::fabs(r.swe_depth - r.ritter_depth);
    if (!std::isfinite(d)) continue;
    all = std::max(all, d);
    if (r.T <= 1.0) early = std::max(early, d);
  }
  std::printf("Shallow water against Ritter at %s: largest |dZ| %.4f for T <= 1, %.4f over the run; one cell is "
              "%.4f in Z\n",
              depth_label, early, all, c.swe_dx / col.a);

  // Profiles.
  const analytic::RitterColumn ritter = col.ritter();
  std::ostringstream p;
  p << "T,t_s,x_m,Z,h_sph_m,h_swe_m,h_ritter_m\n";
  std::vector<io::Panel> panels;
  for (std::size_t k = 0; k < c.swe.profile_rows.size(); ++k) {
    if (c.swe.profiles[k].size() != c.profile_x.size()) continue;  // its row was not reached
    const double t = c.swe.t[c.swe.profile_rows[k]];
    const double T = col.T_of(t);
    io::Panel pn;
    char title[96];
    std::snprintf(title, sizeof title, "Depth at T = %.2f (t = %.4f s)", T, t);
    pn.title = title;
    pn.xlabel = "Z = x / a";
    pn.ylabel = "depth / a";
    io::Series s_sph{"SPH (surface above the floor)", {}, {}, kSph, false};
    io::Series s_swe{"shallow water", {}, {}, kSwe, false};
    io::Series s_rit{"Ritter (where exact)", {}, {}, kRitter, true};
    const bool sph_here = c.have_sph && k < c.sph.profiles.size() && c.sph.profiles[k].size() == c.profile_x.size();
    for (std::size_t i = 0; i < c.profile_x.size(); ++i) {
      const double x = c.profile_x[i], Z = col.Z_of(x);
      const double h_sph = sph_here ? c.sph.profiles[k][i] : kNaN;
      const double h_swe = c.swe.profiles[k][i];
      const double h_rit = ritter.depth(x, t);
      p << field(T) << ',' << field(t) << ',' << field(x) << ',' << field(Z) << ',' << field(h_sph) << ','
        << field(h_swe) << ',' << field(h_rit) << '\n';
      s_sph.x.push_back(Z), s_sph.y.push_back(h_sph / col.a);
      s_swe.x.push_back(Z), s_swe.y.push_back(h_swe / col.a);
      s_rit.x.push_back(Z), s_rit.y.push_back(h_rit / col.a);
    }
    if (c.have_sph) pn.series.push_back(s_sph);
    pn.series.push_back(s_swe);
    pn.series.push_back(s_rit);
    pn.xmin = 0, pn.xmax = col.length / col.a;
    panels.push_back(pn);
  }
  write_csv(dir + "/profiles.csv", p.str(), files);

  // Charts.
  io::Panel front;
  front.title = "Front of the collapsing column";
  front.xlabel = "T = " + col.T_formula();
  front.ylabel = "Z = x / a";
  io::Series meas{"Martin & Moyce (1952)", c.measured.T, c.measured.Z, kMeasured, false, true};
  io::Series s_sph{"SPH", T_of_rows(col, c.sph), Z_of_fronts(col, c.sph), kSph, false};
  io::Series s_swe{"shallow water", {}, {}, kSwe, false};
  io::Series s_tip{"Ritter tip, Z = 1 + 2T", {}, {}, kRitter, true};
  io::Series s_wet{wet_label, {}, {}, kSwe, true};
  io::Series s_swe_d{std::string("shallow water ") + depth_label, {}, {}, kDepth, false};
  io::Series s_rit_d{std::string("Ritter ") + depth_label, {}, {}, kDepth, true};
  for (const FrontRow& r : rows) {
    s_swe.x.push_back(r.T), s_swe.y.push_back(r.swe);
    s_tip.x.push_back(r.T), s_tip.y.push_back(r.ritter_tip);
    s_wet.x.push_back(r.T), s_wet.y.push_back(r.ritter_wet);
    s_swe_d.x.push_back(r.T), s_swe_d.y.push_back(r.swe_depth);
    s_rit_d.x.push_back(r.T), s_rit_d.y.push_back(r.ritter_depth);
  }
  s_swe.name = "shallow water (h > " + cell(c.dry_depth * 1e3, 1) + " mm)";
  if (c.have_measured) front.series.push_back(meas);
  if (c.have_sph) front.series.push_back(s_sph);
  front.series.push_back(s_swe);
  front.series.push_back(s_tip);
  front.series.push_back(s_wet);
  front.series.push_back(s_swe_d);
  front.series.push_back(s_rit_d);
  front.xmin = 0, front.xmax = rows.empty() ? 1.0 : rows.back().T;
  write_chart(dir + "/front.png", {front}, 900, 520, files);
  if (!panels.empty()) write_chart(dir + "/profiles.png", panels, 900, 280, files);
}

void report_tank(const TankComparison& c, const std::string& dir, std::vector<std::string>& files) {
  const std::vector<sph::Probe>& gauges = c.tank.gauges;
  std::ostringstream f;
  f << "t_s";
  for (const sph::Probe& g : gauges) f << ',' << g.name << "_measured_m," << g.name << "_swe_m," << g.name << "_sph_m";
  f << '\n';
  // The measured column of each gauge, or null.
  std::vector<const std::vector<double>*> meas(gauges.size(), nullptr);
  if (c.have_measured)
    for (std::size_t g = 0; g < gauges.size(); ++g)
      for (std::size_t n = 0; n < c.measured.names.size(); ++n)
        if (c.measured.names[n] == gauges[g].name) meas[g] = &c.measured.cols[n];
  // Model series per gauge: height above the floor.
  std::vector<std::vector<double>> swe(gauges.size()), sph(gauges.size());
  for (std::size_t g = 0; g < gauges.size(); ++g) {
    for (std::size_t k = 0; k < c.swe.t.size(); ++k)
      swe[g].push_back(g < c.swe.gauges[k].size() ? c.swe.gauges[k][g] : kNaN);
    if (c.have_sph)
      for (std::size_t k = 0; k < c.sph.t.size(); ++k) {
        const double z = c.sph.gauges[k].at(static_cast<std::size_t>(c.sph_probe[g]));
        sph[g].push_back(std::isfinite(z) ? z - c.tank.floor : 0.0);  // no fluid above the gauge: dry
      }
  }
  for (std::size_t k = 0; k < c.swe.t.size(); ++k) {
    const double t = c.swe.t[k];
    f << field(t);
    for (std::size_t g = 0; g < gauges.size(); ++g) {
      const double m = meas[g] ? compare::interpolate(c.measured.t, *meas[g], t) : kNaN;
      const double s = c.have_sph ? compare::interpolate(c.sph.t, sph[g], t) : kNaN;
      f << ',' << field(m) << ',' << field(swe[g][k]) << ',' << field(s);
    }
    f << '\n';
  }
  write_csv(dir + "/spheric_gauges.csv", f.str(), files);

  std::printf("\nSPHERIC Test 2 water heights over 0-%g s (RMSE against the measurements at their ~1 kHz samples):\n\n",
              c.duration);
  std::printf("| gauge | x, y [m] | arrival (> 1 cm) measured, shallow water, SPH [s] | max measured, shallow water, "
              "SPH [m] | RMSE shallow water, SPH [m] |\n");
  std::printf("|---|---|---|---|---|\n");
  std::vector<io::Panel> panels;
  for (std::size_t g = 0; g < gauges.size(); ++g) {
    double m_max = kNaN, swe_max = 0, sph_max = c.have_sph ? 0 : kNaN;
    if (meas[g]) {
      m_max = 0;
      for (std::size_t k = 0; k < c.measured.t.size() && c.measured.t[k] <= c.duration; ++k)
        m_max = std::max(m_max, (*meas[g])[k]);
    }
    for (double v : swe[g]) swe_max = std::max(swe_max, v);
    for (double v : sph[g]) sph_max = std::max(sph_max, v);
    const double r_swe = meas[g] ? compare::rmse(c.swe.t, swe[g], c.measured.t, *meas[g], c.duration) : kNaN;
    const double r_sph =
        meas[g] && c.have_sph ? compare::rmse(c.sph.t, sph[g], c.measured.t, *meas[g], c.sph.t.back()) : kNaN;
    const double a_m = meas[g] ? arrival(c.measured.t, *meas[g], 0.01, c.duration) : kNaN;
    const double a_swe = arrival(c.swe.t, swe[g], 0.01, c.duration);
    const double a_sph = c.have_sph ? arrival(c.sph.t, sph[g], 0.01, c.duration) : kNaN;
    std::printf("| %s | %.3f, %.3f | %s, %s, %s | %s, %s, %s | %s, %s |\n", gauges[g].name.c_str(), gauges[g].at[0],
                gauges[g].at[1], cell(a_m, 3).c_str(), cell(a_swe, 3).c_str(), cell(a_sph, 3).c_str(),
                cell(m_max, 3).c_str(), cell(swe_max, 3).c_str(), cell(sph_max, 3).c_str(), cell(r_swe, 3).c_str(),
                cell(r_sph, 3).c_str());
    io::Panel pn;
    pn.title = gauges[g].name + " (x = " + cell(gauges[g].at[0], 3) + " m, y = " + cell(gauges[g].at[1], 3) + " m)";
    pn.xlabel = "t [s]";
    pn.ylabel = "water height [m]";
    if (meas[g]) {
      io::Series s{"measured (Kleefsman et al. 2005)", {}, {}, kMeasured, false};
      for (std::size_t k = 0; k < c.measured.t.size() && c.measured.t[k] <= c.duration; ++k)
        s.x.push_back(c.measured.t[k]), s.y.push_back((*meas[g])[k]);
      pn.series.push_back(s);
    }
    pn.series.push_back({"shallow water", c.swe.t, swe[g], kSwe, false});
    if (c.have_sph) pn.series.push_back({"SPH 3-D", c.sph.t, sph[g], kSph, false});
    pn.xmin = 0, pn.xmax = c.duration;
    panels.push_back(pn);
  }
  write_chart(dir + "/spheric_gauges.png", panels, 900, 260, files);
}

}  // namespace ria::app
