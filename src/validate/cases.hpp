// The validation cases, one function each (the names: ria/sim/analytic_cases.hpp; run_case in
// validate.cpp calls them).
#pragma once

#include <vector>

#include "validate/validate.hpp"

namespace ria::validate {

std::vector<CaseResult> case_lake_at_rest(const Options& opt);
std::vector<CaseResult> case_ritter(const Options& opt);
std::vector<CaseResult> case_stoker(const Options& opt);
std::vector<CaseResult> case_thacker(const Options& opt);
std::vector<CaseResult> case_tracer(const Options& opt);
std::vector<CaseResult> case_water_column(const Options& opt);
std::vector<CaseResult> case_bump(const Options& opt);

}  // namespace ria::validate
