#include "validate/validate.hpp"

#include <cstdio>
#include <functional>
#include <map>
#include <sstream>
#include <stdexcept>

#include "io/json.hpp"
#include "validate/cases.hpp"

namespace ria::validate {
namespace {

using CaseFn = std::vector<CaseResult> (*)(const Options&);

const std::vector<std::pair<std::string, CaseFn>>& registry() {
  static const std::vector<std::pair<std::string, CaseFn>> r{
      {"lake_at_rest", case_lake_at_rest}, {"ritter", case_ritter}, {"stoker", case_stoker},
      {"thacker", case_thacker},           {"tracer", case_tracer}, {"water_column", case_water_column},
      {"bump", case_bump}};
  return r;
}

}  // namespace

std::vector<std::string> case_names() {
  std::vector<std::string> n;
  for (const auto& c : registry()) n.push_back(c.first);
  return n;
}

std::vector<CaseResult> run_case(const std::string& name, const Options& opt) {
  for (const auto& c : registry())
    if (c.first == name) return c.second(opt);
  std::string known;
  for (const auto& c : registry()) known += (known.empty() ? "" : ", ") + c.first;
  throw std::invalid_argument("unknown validation case '" + name + "' (expected all or one of: " + known + ")");
}

std::string format_table(const std::vector<CaseResult>& results) {
  std::ostringstream o;
  char line[256];
  std::snprintf(line, sizeof line, "%-18s %-12s %-30s %12s %10s  %s\n", "case", "resolution", "norm", "value",
                "bound", "result");
  o << line;
  for (const CaseResult& r : results) {
    for (const Norm& n : r.norms) {
      std::snprintf(line, sizeof line, "%-18s %-12s %-30s %12.4e %s%9.2e  %s\n", r.name.c_str(),
                    r.resolution.c_str(), n.name.c_str(), n.value, n.at_least ? ">=" : "<=", n.bound,
                    n.pass() ? "PASS" : "FAIL");
      o << line;
    }
    if (!r.note.empty()) o << "  " << r.name << ": " << r.note << "\n";
  }
  return o.str();
}

std::string to_json(const std::vector<CaseResult>& results, const Options& opt) {
  io::JsonWriter w;
  w.begin_object();
  w.value("backend", exec::to_string(opt.backend));
  w.value("kernel", opt.kernel);
  w.value("precision", precision_name(opt.precision));
  bool all = true;
  w.begin_array("cases");
  for (const CaseResult& r : results) {
    all = all && r.pass();
    w.begin_object();
    w.value("case", r.name).value("resolution", r.resolution).value("pass", r.pass()).value("note", r.note);
    w.begin_array("norms");
    for (const Norm& n : r.norms) {
      w.begin_object();
      w.value("name", n.name).value("value", n.value).value("bound", n.bound);
      w.value("comparison", n.at_least ? ">=" : "<=").value("pass", n.pass());
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.value("all_pass", all);
  w.end_object();
  return w.str();
}

}  // namespace ria::validate
