// The validation cases as scenario files (scenarios/validate/*.toml) through the `ria run` pipeline
// (reader, analytic domain, model, driver with its output stops): each must meet the bound of the
// same case in `ria validate` (src/validate/tolerances.hpp) against its exact solution.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "app/domain.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "run_fixture.hpp"
#include "validate/tolerances.hpp"

namespace ria::test {
namespace {

struct Outcome {
  std::optional<double> exact_error;
  swe::Totals start, end;
};

Outcome run_file(const std::string& name) {
  const sim::Scenario sc = io::load_scenario(RIA_SOURCE_DIR "/scenarios/validate/" + name + ".toml");
  EXPECT_STREQ(sim::name_of(sc.domain.analytic), name.c_str());
  sim::Model m = sim::build_model(sc, app::load_domain(sc, exec::Backend::openmp, Precision::f64));
  auto solver = start_solver(m, exec::Backend::openmp, "default", Precision::f64);
  Outcome o;
  o.start = solver->totals();
  RecordingObserver obs;
  EXPECT_EQ(sim::run(*solver, sc, m, obs, {}), sim::RunEnd::finished);
  EXPECT_DOUBLE_EQ(solver->time(), sc.time.duration);
  EXPECT_EQ(obs.output_times.back(), sc.time.duration);
  swe::HostState s;
  solver->get_state(s);
  o.exact_error = app::exact_depth_error(sc, s, solver->time());
  o.end = solver->totals();
  return o;
}

double exact_error(const char* name) {
  const Outcome o = run_file(name);
  EXPECT_TRUE(o.exact_error.has_value()) << name;
  std::printf("%s: relative L1 error of the depth %.4e\n", name, o.exact_error.value_or(NAN));
  return o.exact_error.value_or(INFINITY);
}

TEST(ValidationScenarios, MeetTheBoundsOfRiaValidate) {
  using namespace validate;
  const Precision p = Precision::f64;
  EXPECT_LE(exact_error("lake_at_rest"), kLakeAtRest.of(p));
  EXPECT_LE(exact_error("ritter"), kDamBreakL1.of(p));
  EXPECT_LE(exact_error("stoker"), kDamBreakL1.of(p));
  EXPECT_LE(exact_error("thacker"), kThackerL1.of(p));
  EXPECT_LE(exact_error("tracer"), kMass.of(p));  // uniform flow: the depth stays 1 m
  EXPECT_LE(exact_error("bump"), kBumpL1.of(p));
  const Outcome wc = run_file("water_column");  // no exact solution: conservation in a closed tank
  EXPECT_FALSE(wc.exact_error.has_value());
  EXPECT_LE(std::fabs(wc.end.water - wc.start.water) / wc.start.water, kMass.of(p));
  EXPECT_LE(std::fabs(wc.end.pollutant - wc.start.pollutant) / wc.start.pollutant, kMass.of(p));
}

TEST(ValidationScenarios, OneFilePerAnalyticCase) {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(RIA_SOURCE_DIR "/scenarios/validate"))
    if (e.path().extension() == ".toml") files.push_back(e.path().stem().string());
  std::sort(files.begin(), files.end());
  std::vector<std::string> cases = sim::analytic_case_names();
  std::sort(cases.begin(), cases.end());
  EXPECT_EQ(files, cases);
}

TEST(ValidationScenarios, AnalyticDomainRefusesBoundaryTables) {
  sim::Scenario sc = io::load_scenario(RIA_SOURCE_DIR "/scenarios/validate/ritter.toml");
  sim::BoundarySpec b;
  b.side = sim::BoundarySpec::Side::west;
  b.kind = sim::BoundarySpec::Kind::open;
  sc.boundaries.push_back(b);
  try {
    sim::build_model(sc, app::load_domain(sc, exec::Backend::serial, Precision::f64));
    FAIL() << "expected a ModelError";
  } catch (const sim::ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("analytic domain brings its own boundaries"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ria::test
