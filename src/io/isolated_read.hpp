// Reading a file through a C library that may crash on a damaged file (HDF5 under netCDF does, on
// inputs found by fuzz/ netcdf_initial; libtcd asserts on a truncated tide database) in a child process, so that a damaged input is a clear
// input error of ria and not a crash of the run.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace ria::io {

/// Runs `read` in a forked child and returns what it returned. An io::InputError or io::IoError
/// thrown there is thrown here with the same message; any other exception becomes a
/// std::runtime_error. A child that dies (a signal, or exits without an answer) becomes
/// InputError "<what>: <library> crashed reading it (...): the file is damaged or not what it claims".
/// IoError when no child can be started.
std::vector<double> read_in_child(const std::function<std::vector<double>()>& read, const std::string& what,
                                  const std::string& library);

/// Same for a reader that answers bytes (e.g. a record it encoded).
std::string read_bytes_in_child(const std::function<std::string()>& read, const std::string& what,
                                const std::string& library);

}  // namespace ria::io
