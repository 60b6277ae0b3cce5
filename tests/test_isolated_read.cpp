// Reads in a child process (src/io/isolated_read.hpp): values and the project's errors come back
// as they were; a reader that crashes is an input error naming the file, not a crash of ria.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>

#include "io/io_error.hpp"
#include "io/isolated_read.hpp"

using namespace ria;

TEST(IsolatedRead, ValuesAndErrorsComeBackAsTheyWere) {
  std::vector<double> big(300000);  // more than a pipe holds at once
  for (std::size_t k = 0; k < big.size(); ++k) big[k] = 0.5 * static_cast<double>(k) - 7.25;
  EXPECT_EQ(io::read_in_child([&] { return big; }, "'x.nc'", "lib"), big);
  EXPECT_TRUE(io::read_in_child([] { return std::vector<double>{}; }, "'x.nc'", "lib").empty());
  try {
    io::read_in_child([]() -> std::vector<double> { throw io::InputError("'x.nc' variable 'eta' is missing"); }, "'x.nc'", "lib");
    ADD_FAILURE() << "no InputError";
  } catch (const io::InputError& e) {
    EXPECT_STREQ(e.what(), "'x.nc' variable 'eta' is missing");
  }
  EXPECT_THROW(io::read_in_child([]() -> std::vector<double> { throw io::IoError("cannot read"); }, "'x.nc'", "lib"),
               io::IoError);
}

TEST(IsolatedRead, ACrashingReaderIsAnInputErrorNamingTheFile) {
  try {
    io::read_in_child([]() -> std::vector<double> {
      std::raise(SIGSEGV);
      return {};
    }, "'damaged.nc'", "the NetCDF/HDF5 library");
    ADD_FAILURE() << "no InputError";
  } catch (const io::InputError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("'damaged.nc': the NetCDF/HDF5 library crashed reading it (signal 11"), std::string::npos) << m;
  }
  EXPECT_THROW(io::read_in_child([]() -> std::vector<double> { std::_Exit(3); }, "'x.nc'", "lib"), io::InputError);
}
