// `ria ensemble` end to end through the executable, against the same members run one by one with
// `ria run --set ...`: the ensemble's statistics per cell (ensemble.nc) and per gauge
// (gauges_percentiles.csv) are those of the members' own ria.nc and gauges.csv.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "ensemble/statistics.hpp"
#include "io/table_csv.hpp"
#include "netcdf_reader.hpp"

using namespace ria;

namespace {

int run(const std::string& command) {
  const int rc = std::system(command.c_str());
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream o;
  o << in.rdbuf();
  return o.str();
}

/// A float field of n values, the fill value as NaN.
std::vector<double> field(const test::Reader& r, const char* name, std::size_t n, std::size_t slice = 0) {
  std::vector<float> v(n);
  int dims = 0;
  nc_inq_varndims(r.id, r.var(name), &dims);
  if (dims == 3) {
    const std::size_t start[3] = {slice, 0, 0}, count[3] = {1, 40, 40};
    EXPECT_EQ(nc_get_vara_float(r.id, r.var(name), start, count, v.data()), NC_NOERR);
  } else {
    EXPECT_EQ(nc_get_var_float(r.id, r.var(name), v.data()), NC_NOERR);
  }
  std::vector<double> d(n);
  for (std::size_t k = 0; k < n; ++k) d[k] = v[k] == NC_FILL_FLOAT ? NAN : v[k];
  return d;
}

}  // namespace

TEST(EnsembleCli, StatisticsEqualThoseOfTheMembersRunOneByOne) {
  const test::TempDir dir;
  const std::string ria = RIA_EXECUTABLE;
  const std::string common = " --backend serial --quiet --set domain.cells=40 --set time.duration=2h";
  const std::string ens = dir.file("ens");
  ASSERT_EQ(run(ria + " ensemble" + common +
                " --members 4 --vary physics.manning=0.02:0.04 --vary-point outfall=500 --thresholds 0.01,0.001"
                " --output " + ens + " > " + dir.file("ens.txt") + " 2>&1"),
            0)
      << slurp(dir.file("ens.txt"));

  // The members, each through `ria run` with the same overrides.
  const io::CsvTable members = io::read_csv_table(ens + "/members.csv");
  ASSERT_EQ(members.rows.size(), 4u);
  ASSERT_EQ(members.header, (std::vector<std::string>{"member", "physics.manning", "release.0.x", "release.0.y", "status",
                                                      "wall_s", "message"}));
  const std::size_t n = 40 * 40;
  std::vector<std::vector<double>> max_c, arrival;
  std::vector<io::CsvTable> gauges;
  for (std::size_t m = 0; m < 4; ++m) {
    EXPECT_EQ(members.rows[m][4], "finished");
    std::string sets;
    for (std::size_t k = 1; k <= 3; ++k) sets += " --set " + members.header[k] + "=" + members.rows[m][k];
    const std::string out = dir.file("m" + std::to_string(m));
    ASSERT_EQ(run(ria + " run" + common + sets + " --output " + out + " > " + out + ".txt 2>&1"), 0) << slurp(out + ".txt");
    const test::Reader r(out + "/ria.nc");
    max_c.push_back(field(r, "max_concentration", n));
    arrival.push_back(field(r, "arrival_time", n));
    gauges.push_back(io::read_csv_table(out + "/gauges.csv"));
  }

  const test::Reader e(ens + "/ensemble.nc");
  EXPECT_EQ(e.dim("threshold"), 2u);
  EXPECT_EQ(e.doubles("threshold", 2), (std::vector<double>{0.001, 0.01}));  // sorted
  const std::vector<double> mean = field(e, "max_concentration_mean", n), p50 = field(e, "max_concentration_p50", n);
  const std::vector<double> p_low = field(e, "exceedance_probability", n, 0), p_high = field(e, "exceedance_probability", n, 1);
  const std::vector<double> early = field(e, "arrival_time_earliest", n), median = field(e, "arrival_time_median", n);
  int compared = 0, arrived = 0, plume = 0;
  for (std::size_t k = 0; k < n; ++k) {
    std::vector<double> c = {max_c[0][k], max_c[1][k], max_c[2][k], max_c[3][k]};
    std::sort(c.begin(), c.end());
    if (std::isnan(mean[k])) {  // dry in every member: ria.nc holds a maximum of 0 there
      EXPECT_EQ(c[3], 0.0) << "cell " << k;
      continue;
    }
    ++compared;
    // Both files store floats: the ensemble's statistics of the double maxima, rounded once, and
    // the members' maxima, each rounded; they agree to a few float roundings (6e-8 relative).
    const double tol = 1e-6 * c[3] + 1e-44;
    EXPECT_NEAR(mean[k], (c[0] + c[1] + c[2] + c[3]) / 4, tol) << "cell " << k;
    EXPECT_NEAR(p50[k], (c[1] + c[2]) / 2, tol) << "cell " << k;
    // Exceedance: members above each threshold (none of the maxima lies within a float rounding
    // of a threshold, checked, so rounding cannot move a member across one).
    for (double thr : {0.001, 0.01})
      for (double v : c) ASSERT_GT(std::fabs(v - thr), 1e-6 * thr) << "cell " << k;
    EXPECT_EQ(p_low[k], std::count_if(c.begin(), c.end(), [](double v) { return v > 0.001; }) / 4.0) << "cell " << k;
    EXPECT_EQ(p_high[k], std::count_if(c.begin(), c.end(), [](double v) { return v > 0.01; }) / 4.0) << "cell " << k;
    plume += p_low[k] > 0;
    // Arrival: the earliest and the 2nd earliest of 4 (half the members); the times are whole
    // output times, exact in float.
    std::vector<double> a;
    for (const auto& am : arrival)
      if (!std::isnan(am[k])) a.push_back(am[k]);
    std::sort(a.begin(), a.end());
    if (a.empty()) {
      EXPECT_TRUE(std::isnan(early[k])) << "cell " << k;
      continue;
    }
    ++arrived;
    EXPECT_EQ(early[k], a[0]) << "cell " << k;
    if (a.size() >= 2) EXPECT_EQ(median[k], a[1]) << "cell " << k;
    else EXPECT_TRUE(std::isnan(median[k])) << "cell " << k;
  }
  EXPECT_GT(compared, 700);  // the estuary's water (777 of the 1600 cells)
  EXPECT_GT(plume, 10);      // the spill and the release: cells where the statistics are not all zero
  EXPECT_GT(arrived, 10);

  // Gauges: percentiles over the members' gauges.csv at each record (values written with 9
  // significant digits there).
  const io::CsvTable gp = io::read_csv_table(ens + "/gauges_percentiles.csv");
  ASSERT_EQ(gp.header[0], "t_s");
  ASSERT_EQ(gp.rows.size(), gauges[0].rows.size() * 3);  // 3 gauges per record
  std::map<std::string, std::size_t> col;
  for (std::size_t c = 0; c < gauges[0].header.size(); ++c) col[gauges[0].header[c]] = c;
  for (std::size_t i = 0; i < gp.rows.size(); ++i) {
    const auto& row = gp.rows[i];
    const std::size_t rec = i / 3;
    ASSERT_EQ(std::stod(row[0]), std::stod(gauges[0].rows[rec][0]));
    EXPECT_EQ(row[2], "4");
    std::vector<double> h, conc;
    for (const io::CsvTable& g : gauges) {
      h.push_back(std::stod(g.rows[rec][col.at(row[1] + "_h_m")]));
      const std::string cv = g.rows[rec][col.at(row[1] + "_C")];
      conc.push_back(cv.empty() ? 0.0 : std::stod(cv));  // dry: no value in gauges.csv, 0 in the percentiles
    }
    std::sort(h.begin(), h.end());
    std::sort(conc.begin(), conc.end());
    for (std::size_t p = 0; p < 3; ++p) {
      EXPECT_NEAR(std::stod(row[3 + p]), ensemble::percentile_sorted(h, ensemble::kPercentiles[p]), 2e-8 * h[3]) << i;
      EXPECT_NEAR(std::stod(row[6 + p]), ensemble::percentile_sorted(conc, ensemble::kPercentiles[p]),
                  2e-8 * conc[3] + 1e-300) << i;
    }
  }
}
