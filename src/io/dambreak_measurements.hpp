// Measured dam breaks from the shared data directory (../shared/data/README.md describes them):
//  - Martin & Moyce (1952), the collapse of a column a x 2a: the markdown tables of the README,
//    front Z = x / a at T = t sqrt(2 g / a) (rows "| T |", "| Z |") and residual height
//    H / (n^2 a) at tau = t sqrt(g / a) (rows "| tau |", "| H/(n^2 a) |");
//  - SPHERIC Test 2 (Kleefsman et al. 2005): spheric_test2_kleefsman/test_case_2_exp_data.dat, a
//    header of names with units ("Time (s) P1 (Pa) ... H4 (m)") and rows of numbers separated by
//    blanks.
#pragma once

#include <string>
#include <vector>

namespace ria::io {

struct MartinMoyce {
  std::vector<double> T, Z;    // front
  std::vector<double> tau, H;  // residual height at the upstream wall
};

/// Reads the tables from the README at `path`. IoError when unreadable; InputError naming the file
/// and the row when a row is missing, holds a non-number, or the paired rows differ in length.
MartinMoyce read_martin_moyce(const std::string& path);

struct SphericTest2 {
  std::vector<double> t;                  // [s]
  std::vector<std::string> names;         // "P1" ... "H4", units dropped
  std::vector<std::vector<double>> cols;  // per name, per row
  /// The column of `name`; InputError naming the file when absent.
  const std::vector<double>& column(const std::string& name) const;
  std::string file;
};

/// Reads the measurement file. IoError when unreadable; InputError "FILE:LINE: ..." when the header
/// has no "Time" column or a row is not numbers, one per header name.
SphericTest2 read_spheric_test2(const std::string& path);

/// The README of the shared data directory (io::data_dir: $RIA_DATA_DIR, ../shared/data, ...),
/// and the SPHERIC Test 2 file in it; "" when there is no data directory.
std::string martin_moyce_path();
std::string spheric_test2_path();

}  // namespace ria::io
