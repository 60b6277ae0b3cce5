// One libFuzzer binary per target: compiled with -DRIA_FUZZ_TARGET=<target function> (fuzz/CMakeLists.txt).
#include "fuzz/targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ria::fuzz::RIA_FUZZ_TARGET(data, size);
  return 0;
}
