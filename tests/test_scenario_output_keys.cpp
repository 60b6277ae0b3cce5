// Scenario keys that only change how outputs are labelled and drawn: pollutant.units,
// output.map_depth_scale and output.animation.
#include "scenario_fixture.hpp"

namespace ria::test {
namespace {

sim::Scenario parse(const std::string& text, const std::vector<std::string>& overrides = {}) {
  return io::parse_scenario(text, "scn.toml", "/base", overrides);
}

TEST(ScenarioOutputKeys, PollutantUnitsDefaultToDimensionless) {
  EXPECT_EQ(parse(kMinimal).pollutant.units, "1");
  EXPECT_EQ(parse(kMinimal + "[pollutant]\nunits = \"kg m-3\"\n").pollutant.units, "kg m-3");
  EXPECT_EQ(parse(kMinimal, {"pollutant.units=\"ppm\""}).pollutant.units, "ppm");
  expect_error(kMinimal + "[pollutant]\nunits = \"\"\n", "units = ", "pollutant.units");
  expect_error(kMinimal + "[pollutant]\nunits = \"kg, m-3\"\n", "units = ", "without commas");
  expect_error(kMinimal + "[pollutant]\nunit = \"ppm\"\n", "unit = ", "did you mean 'units'?");
}

TEST(ScenarioOutputKeys, MapDepthScaleIsLinearOrLog) {
  EXPECT_FALSE(parse(kMinimal).output.map_depth_log);
  EXPECT_TRUE(parse(kMinimal + "[output]\nmap_depth_scale = \"log\"\n").output.map_depth_log);
  EXPECT_FALSE(parse(kMinimal + "[output]\nmap_depth_scale = \"linear\"\n").output.map_depth_log);
  expect_error(kMinimal + "[output]\nmap_depth_scale = \"logarithmic\"\n", "map_depth_scale", "map_depth_scale");
}

TEST(ScenarioOutputKeys, AnimationIsNoneConcentrationOrDepth) {
  using A = sim::OutputSpec::Animation;
  EXPECT_EQ(parse(kMinimal).output.animation, A::none);
  EXPECT_EQ(parse(kMinimal + "[output]\nanimation = \"concentration\"\n").output.animation, A::concentration);
  EXPECT_EQ(parse(kMinimal, {"output.animation=depth"}).output.animation, A::depth);
  EXPECT_EQ(parse(kMinimal + "[output]\nanimation = \"none\"\n").output.animation, A::none);
  expect_error(kMinimal + "[output]\nanimation = \"plume\"\n", "animation", "animation");
  expect_error(kMinimal + "[output]\nanimation = true\n", "animation", "animation");
}

}  // namespace
}  // namespace ria::test
