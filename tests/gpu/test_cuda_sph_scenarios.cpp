// The SPH CUDA backend against the CPU solver over 50 steps of the shipped 2-D scenarios: the
// hydrostatic tank and the Martin & Moyce column collapse at a/20 (bounds in sph_compare.hpp).
#include <gtest/gtest.h>

#include <string>

#include "io/scenario/sph_scenario_toml.hpp"
#include "ria/sph/setup.hpp"
#include "sph_compare.hpp"

using namespace ria;

namespace {

sph::Setup shipped(const std::string& file, const std::vector<std::string>& sets) {
  const sph::Scenario sc = io::load_sph_scenario(std::string(RIA_SOURCE_DIR) + "/scenarios/sph/" + file, sets);
  std::vector<std::string> warnings;
  return sph::make_setup(sc, exec::Backend::serial, warnings);
}

}  // namespace

TEST(SphCudaScenarios, HydrostaticTankMatchesTheCpuOverFiftySteps) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  test::check_gpu_against_cpu(shipped("hydrostatic_tank_2d.toml", {}), 50, "hydrostatic tank", true);
}

TEST(SphCudaScenarios, MartinMoyceAtA20MatchesTheCpuOverFiftySteps) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  test::check_gpu_against_cpu(shipped("martin_moyce_2d.toml", {"particles.dp=0.0073"}), 50, "Martin & Moyce a/20", true);
}
