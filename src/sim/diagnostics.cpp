// Output diagnostics (diagnostics.hpp).
#include "ria/sim/diagnostics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "ria/swe/wet_dry.hpp"

namespace ria::sim {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// q/h of a wet cell, NaN of a dry one.
double ratio_if_wet(double q, double h, double h_dry) { return swe::is_wet(h, h_dry) ? q / h : kNaN; }

}  // namespace

Primitive primitive(const swe::Conserved<double>& w, double H, double h_dry) {
  const bool wet = swe::is_wet(w.h, h_dry);
  return {w.h, wet ? w.h - H : kNaN, ratio_if_wet(w.qx, w.h, h_dry), ratio_if_wet(w.qy, w.h, h_dry),
          ratio_if_wet(w.hc, w.h, h_dry)};
}

PrimitiveMaps primitive_maps(const swe::HostState& s, const std::vector<double>& H, double h_dry) {
  const std::size_t n = s.h.size();
  PrimitiveMaps m{std::vector<double>(n), std::vector<double>(n), std::vector<double>(n), std::vector<double>(n)};
  for (std::size_t k = 0; k < n; ++k) {
    const Primitive p = primitive({s.h[k], s.qx[k], s.qy[k], s.hc[k]}, H[k], h_dry);
    m.eta[k] = p.eta, m.u[k] = p.u, m.v[k] = p.v, m.c[k] = p.c;
  }
  return m;
}

std::vector<double> wet_depth(const swe::HostState& s, double h_dry) {
  std::vector<double> h(s.h.size());
  for (std::size_t k = 0; k < h.size(); ++k) h[k] = swe::is_wet(s.h[k], h_dry) ? s.h[k] : kNaN;
  return h;
}

double largest_concentration_brought(const Scenario& sc, const Model& m) {
  double c = 0;
  for (std::size_t k = 0; k < m.init.h.size(); ++k)
    if (swe::is_wet(m.init.h[k], m.setup.physics.h_dry)) c = std::max(c, m.init.hc[k] / m.init.h[k]);
  for (const PatchSpec& p : sc.patches) c = std::max(c, p.concentration);  // as given (hc / h may round)
  for (const ReleaseSpec& r : sc.releases) c = std::max(c, r.concentration);
  for (const BoundarySpec& b : sc.boundaries) c = std::max(c, b.concentration);
  return c > 0 ? c : 1.0;
}

}  // namespace ria::sim
