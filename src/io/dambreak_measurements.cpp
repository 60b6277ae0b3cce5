#include "io/dambreak_measurements.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "io/io_error.hpp"
#include "io/scenario/scenario_toml.hpp"

namespace ria::io {
namespace {

std::string read_text(const std::string& path, const char* what) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw IoError("cannot read the " + std::string(what) + " '" + path + "': " + std::strerror(errno));
  std::stringstream s;
  s << f.rdbuf();
  if (f.bad()) throw IoError("cannot read the " + std::string(what) + " '" + path + "'");
  return s.str();
}

/// A whole-field number, or false.
bool number(const std::string& text, double& v) {
  const char* b = text.c_str();
  char* end = nullptr;
  v = std::strtod(b, &end);
  if (end == b) return false;
  while (*end == ' ' || *end == '\t' || *end == '\r') ++end;
  return *end == '\0';
}

/// The numbers of the markdown table row "| label | v | v | ... |".
std::vector<double> table_row(const std::string& text, const std::string& label, const std::string& file) {
  std::istringstream in(text);
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (line.rfind("| " + label + " |", 0) != 0) continue;
    std::vector<double> v;
    std::istringstream cells(line.substr(label.size() + 4));
    for (std::string cell; std::getline(cells, cell, '|');) {
      const std::size_t b = cell.find_first_not_of(" \t\r");
      if (b == std::string::npos) continue;
      double x;
      if (!number(cell.substr(b), x))
        throw InputError(file + ":" + std::to_string(line_no) + ": '" + cell + "' in the row '| " + label +
                         " |' is not a number");
      v.push_back(x);
    }
    return v;
  }
  throw InputError(file + ": no table row starting '| " + label + " |' (the Martin & Moyce table)");
}

}  // namespace

MartinMoyce read_martin_moyce(const std::string& path) {
  const std::string text = read_text(path, "Martin & Moyce table");
  MartinMoyce m;
  m.T = table_row(text, "T", path);
  m.Z = table_row(text, "Z", path);
  m.tau = table_row(text, "tau", path);
  m.H = table_row(text, "H/(n^2 a)", path);
  if (m.T.empty() || m.T.size() != m.Z.size())
    throw InputError(path + ": the rows '| T |' and '| Z |' hold " + std::to_string(m.T.size()) + " and " +
                     std::to_string(m.Z.size()) + " numbers; expected the same number, at least one");
  if (m.tau.empty() || m.tau.size() != m.H.size())
    throw InputError(path + ": the rows '| tau |' and '| H/(n^2 a) |' hold " + std::to_string(m.tau.size()) + " and " +
                     std::to_string(m.H.size()) + " numbers; expected the same number, at least one");
  return m;
}

const std::vector<double>& SphericTest2::column(const std::string& name) const {
  for (std::size_t k = 0; k < names.size(); ++k)
    if (names[k] == name) return cols[k];
  throw InputError(file + ": no column '" + name + "' in the header");
}

SphericTest2 read_spheric_test2(const std::string& path) {
  const std::string text = read_text(path, "SPHERIC Test 2 measurements");
  std::istringstream in(text);
  SphericTest2 d;
  d.file = path;
  std::string header;
  std::getline(in, header);
  // Names, each followed by its unit in parentheses.
  std::istringstream h(header);
  std::vector<std::string> all;
  for (std::string w; h >> w;)
    if (w.front() != '(') all.push_back(w);
  if (all.empty() || all.front() != "Time")
    throw InputError(path + ":1: the header does not start with 'Time (s)'; expected 'Time (s) P1 (Pa) ... H4 (m)'");
  d.names.assign(all.begin() + 1, all.end());
  d.cols.assign(d.names.size(), {});
  int line_no = 1;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    std::istringstream row(line);
    std::vector<double> v;
    for (std::string w; row >> w;) {
      double x;
      if (!number(w, x)) throw InputError(path + ":" + std::to_string(line_no) + ": '" + w + "' is not a number");
      v.push_back(x);
    }
    if (v.empty()) continue;
    if (v.size() != all.size())
      throw InputError(path + ":" + std::to_string(line_no) + ": " + std::to_string(v.size()) + " numbers; the header names " +
                       std::to_string(all.size()) + " columns");
    d.t.push_back(v[0]);
    for (std::size_t k = 1; k < v.size(); ++k) d.cols[k - 1].push_back(v[k]);
  }
  if (d.t.empty()) throw InputError(path + ": no rows of measurements after the header");
  return d;
}

std::string martin_moyce_path() {
  const std::string dir = data_dir(".");
  return dir.empty() ? "" : dir + "/README.md";
}

std::string spheric_test2_path() {
  const std::string dir = data_dir(".");
  return dir.empty() ? "" : dir + "/spheric_test2_kleefsman/test_case_2_exp_data.dat";
}

}  // namespace ria::io
