#include "validate/validate.hpp"

#include <cstdio>
#include <functional>
#include <map>
#include <sstream>
#include <stdexcept>

#include "io/json.hpp"
#include "ria/sim/analytic_cases.hpp"
#include "validate/cases.hpp"

namespace ria::validate {
namespace {

std::vector<CaseResult> run_case(sim::AnalyticCase c, const Options& opt) {
  using sim::AnalyticCase;
  switch (c) {
    case AnalyticCase::lake_at_rest: return case_lake_at_rest(opt);
    case AnalyticCase::ritter: return case_ritter(opt);
    case AnalyticCase::stoker: return case_stoker(opt);
    case AnalyticCase::thacker: return case_thacker(opt);
    case AnalyticCase::tracer: return case_tracer(opt);
    case AnalyticCase::water_column: return case_water_column(opt);
    case AnalyticCase::bump: return case_bump(opt);
  }
  throw std::logic_error("run_case: not an analytic case");
}

}  // namespace

std::vector<CaseResult> run_case(const std::string& name, const Options& opt) {
  require_case(name);
  return run_case(*sim::analytic_case_named(name), opt);
}

void require_case(const std::string& name) {
  if (sim::analytic_case_named(name)) return;
  std::string known;
  for (const std::string& n : sim::analytic_case_names()) known += (known.empty() ? "" : ", ") + n;
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
