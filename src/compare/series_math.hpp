// Sampling and scoring of time series for `ria compare dambreak`: linear interpolation, the least-
// squares slope (a front's speed) and the root-mean-square difference from measurements.
#pragma once

#include <vector>

namespace ria::compare {

/// y(at) by linear interpolation of the points (x ascending); NaN outside [x front, x back] or
/// where a neighbouring y is NaN.
double interpolate(const std::vector<double>& x, const std::vector<double>& y, double at);

/// The least-squares slope of y over x (points with a NaN left out); NaN with fewer than 2 points.
double slope(const std::vector<double>& x, const std::vector<double>& y);

/// sqrt(mean (m(t_k) - y_k)^2) over the measurements (t_k, y_k) with t_k in [model t front, t_end],
/// m linear in the model's rows; a NaN model value counts as 0 (dry). NaN when no t_k is in range.
double rmse(const std::vector<double>& model_t, const std::vector<double>& model_y, const std::vector<double>& t,
            const std::vector<double>& y, double t_end);

}  // namespace ria::compare
