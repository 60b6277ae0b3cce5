// Particle snapshot CSV files (particles_csv.hpp).
#include "io/particles_csv.hpp"

#include <cstdio>
#include <stdexcept>
#include <vector>

#include "io/json.hpp"

namespace ria::io {
namespace {
/// The text reserved per row: a row is up to ~12 characters of id and kind, then a value of up to
/// 16 characters (%.9g) per column; typical rows are shorter.
std::size_t row_bytes(int dim) { return dim == 2 ? 90 : 130; }
}  // namespace

double particles_csv_bytes(int dim, double n) { return (sizeof(std::size_t) + row_bytes(dim)) * n; }

void write_particles_csv(const std::string& path, const sph::Particles& p, const sph::Tait& eos) {
  const std::size_t n = p.size();
  std::vector<std::size_t> by_id(n, n);
  for (std::size_t a = 0; a < n; ++a) {
    if (p.id[a] >= n) throw std::invalid_argument("write_particles_csv: particle id out of range");
    by_id[p.id[a]] = a;
  }
  std::string out = p.dim == 2 ? "id,kind,x,z,vx,vz,rho,p\n" : "id,kind,x,y,z,vx,vy,vz,rho,p\n";
  out.reserve(out.size() + n * row_bytes(p.dim));
  char buf[64];
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t a = by_id[k];
    if (a == n) throw std::invalid_argument("write_particles_csv: particle ids are not a permutation");
    std::snprintf(buf, sizeof buf, "%u,%u", static_cast<unsigned>(p.id[a]), static_cast<unsigned>(p.kind[a]));
    out += buf;
    for (const std::vector<double>* col : {&p.r[0], &p.r[1], &p.r[2], &p.v[0], &p.v[1], &p.v[2]}) {
      if (col->empty()) continue;  // the unused third component of 2-D runs
      std::snprintf(buf, sizeof buf, ",%.9g", (*col)[a]);
      out += buf;
    }
    std::snprintf(buf, sizeof buf, ",%.9g,%.9g\n", p.rho[a], eos.pressure(p.rho[a]));
    out += buf;
  }
  write_file_atomic(path, out);
}

}  // namespace ria::io
