#include "sph/step_checks.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>

#include "ria/sph/solver.hpp"

namespace ria::sph {
namespace {

std::string num(double v) {
  std::ostringstream o;
  o.precision(9);
  o << v;
  return o.str();
}

}  // namespace

void check_replacement(const Particles& p, int dim, const Particles* current) {
  if (p.dim != dim) throw std::invalid_argument("set_particles: particles of dimension " + std::to_string(p.dim) +
                                                " for a " + std::to_string(dim) + "-D solver");
  const std::size_t n = p.size();
  for (int d = 0; d < dim; ++d)
    if (p.r[d].size() != n || p.v[d].size() != n) throw std::invalid_argument("set_particles: arrays of unequal length");
  if (p.rho.size() != n || p.kind.size() != n || p.id.size() != n)
    throw std::invalid_argument("set_particles: arrays of unequal length");
  if (n >= (1u << 31)) throw std::invalid_argument("set_particles: more than 2^31 particles");
  // Fluid particles may have left the flow (Kind::out) since: the boundary particles are the same.
  if (current && (n != current->size() || p.count(Kind::boundary) != current->count(Kind::boundary)))
    throw std::invalid_argument("set_particles: " + std::to_string(n) + " particles (" +
                                std::to_string(p.count(Kind::boundary)) + " boundary) replace " +
                                std::to_string(current->size()) + " (" + std::to_string(current->count(Kind::boundary)) +
                                " boundary): a restart needs the set-up's particles");
}

void check_out_parked(const Particles& p, int dim, const DomainBox& box) {
  const double clear = 0.5 * box.park;
  for (std::size_t a = 0; a < p.size(); ++a) {
    if (!p.is_out(a)) continue;
    bool parked = false;
    for (int d = 0; d < dim; ++d) parked = parked || box.beyond(d, dim, p.r[d][a], clear);
    if (!parked)
      throw std::invalid_argument("set_particles: the " + particle_text(p, a) +
                                  " left the flow but lies within 2h of the domain (a restart with another "
                                  "[domain]?); out particles stay parked 4h beyond the face they crossed");
  }
}

std::string particle_text(const Particles& p, std::size_t a) {
  std::ostringstream o;
  o.precision(9);
  o << (p.is_fluid(a) ? "fluid" : p.is_out(a) ? "out" : "boundary") << " particle " << p.id[a] << " at (";
  for (int d = 0; d < p.dim; ++d) o << (d ? ", " : "") << p.r[d][a];
  o << ") m, velocity (";
  for (int d = 0; d < p.dim; ++d) o << (d ? ", " : "") << p.v[d][a];
  o << ") m/s, density " << p.rho[a] << " kg/m3";
  return o.str();
}

void check_state(const Particles& p, long steps, double t) {
  for (std::size_t a = 0; a < p.size(); ++a) {
    bool ok = std::isfinite(p.rho[a]) && p.rho[a] > 0;
    for (int d = 0; d < p.dim; ++d) ok = ok && std::isfinite(p.r[d][a]) && std::isfinite(p.v[d][a]);
    if (!ok) throw NumericalError("step " + std::to_string(steps) + ", t = " + num(t) + " s: " + particle_text(p, a));
  }
}

void fail_dt(double dt, const std::vector<double>& dtl, const Particles& p, long steps, double t) {
  std::size_t worst = 0;
  for (std::size_t a = 1; a < dtl.size(); ++a)
    if (!(dtl[a] >= dtl[worst])) worst = a;
  throw NumericalError("the time step is " + num(dt) + " s at step " + std::to_string(steps) + ", t = " + num(t) +
                       " s; the particle limiting it: " + particle_text(p, worst));
}

}  // namespace ria::sph
