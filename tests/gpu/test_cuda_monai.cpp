// Monai Valley benchmark on the GPU (fused kernel, float and double): the same bounds as the CPU
// test (tests/test_monai.cpp, tests/monai_case.hpp) against the wave-tank measurements.
#include <gtest/gtest.h>

#include "../monai_case.hpp"
#include "ria/exec/backend.hpp"

using namespace ria;

TEST(CudaMonaiValley, GaugesMatchTheMeasurementsInFloatAndDouble) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const std::string meas_path = test::monai_measurements();
  if (meas_path.empty()) GTEST_SKIP() << "okushiri_monai not found under ../shared/data (set RIA_DATA_DIR)";
  const auto meas = test::read_monai_measurements(meas_path);
  const auto f64 = test::run_monai(exec::Backend::cuda, "fused", Precision::f64);
  test::check_monai_scores(f64, meas, "cuda fused/double");
  const auto f32 = test::run_monai(exec::Backend::cuda, "fused", Precision::f32);
  test::check_monai_scores(f32, meas, "cuda fused/float");
  if (io::png_built())
    test::write_monai_figure("monai_gauges_cuda.png", meas, {{"cuda double", f64}, {"cuda float", f32}});
}
