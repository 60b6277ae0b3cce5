// Particle snapshot .vtu files (particles_vtu.hpp).
#include "io/particles_vtu.hpp"

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "io/json.hpp"

namespace ria::io {
namespace {

bool little_endian() {
  const std::uint16_t one = 1;
  unsigned char first;
  std::memcpy(&first, &one, 1);
  return first == 1;
}

/// The appended data section: each array as its byte count (UInt64) and its bytes; `offsets`
/// gets the offset of each array from the section's start, as the XML header gives it.
class Appended {
 public:
  template <class V>
  std::size_t add(const std::vector<V>& values) {
    const std::size_t at = bytes_.size();
    const std::uint64_t n = values.size() * sizeof(V);
    append(&n, sizeof n);
    append(values.data(), n);
    return at;
  }
  const std::string& bytes() const { return bytes_; }

 private:
  void append(const void* p, std::size_t n) { bytes_.append(static_cast<const char*>(p), n); }
  std::string bytes_;
};

std::string array_tag(const char* type, const char* name, int components, std::size_t offset) {
  std::string s = std::string("<DataArray type=\"") + type + "\"";
  if (name[0]) s += std::string(" Name=\"") + name + "\"";
  if (components > 1) s += " NumberOfComponents=\"" + std::to_string(components) + "\"";
  return s + " format=\"appended\" offset=\"" + std::to_string(offset) + "\"/>\n";
}

}  // namespace

std::string particles_vtu(const sph::Particles& p, const sph::Tait& eos) {
  const std::size_t n = p.size();
  std::vector<std::size_t> by_id(n, n);
  for (std::size_t a = 0; a < n; ++a) {
    if (p.id[a] >= n) throw std::invalid_argument("particles_vtu: particle id out of range");
    by_id[p.id[a]] = a;
  }
  // 2-D runs are in the vertical plane: their second coordinate is the height z.
  const int zc = p.dim == 2 ? 1 : 2;
  std::vector<double> points(3 * n), velocity(3 * n), density(n), pressure(n);
  std::vector<std::uint8_t> kind(n), types(n, 1);  // VTK_VERTEX
  std::vector<std::uint32_t> id(n);
  std::vector<std::int64_t> connectivity(n), offsets(n);
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t a = by_id[k];
    if (a == n) throw std::invalid_argument("particles_vtu: particle ids are not a permutation");
    points[3 * k] = p.r[0][a], velocity[3 * k] = p.v[0][a];
    points[3 * k + 1] = p.dim == 3 ? p.r[1][a] : 0.0, velocity[3 * k + 1] = p.dim == 3 ? p.v[1][a] : 0.0;
    points[3 * k + 2] = p.r[zc][a], velocity[3 * k + 2] = p.v[zc][a];
    density[k] = p.rho[a];
    pressure[k] = eos.pressure(p.rho[a]);
    kind[k] = p.kind[a];
    id[k] = p.id[a];
    connectivity[k] = static_cast<std::int64_t>(k);
    offsets[k] = static_cast<std::int64_t>(k + 1);
  }
  Appended data;
  const std::size_t o_points = data.add(points), o_conn = data.add(connectivity), o_off = data.add(offsets),
                    o_types = data.add(types), o_vel = data.add(velocity), o_rho = data.add(density),
                    o_p = data.add(pressure), o_kind = data.add(kind), o_id = data.add(id);
  std::string x = "<?xml version=\"1.0\"?>\n<VTKFile type=\"UnstructuredGrid\" version=\"1.0\" byte_order=\"";
  x += little_endian() ? "LittleEndian" : "BigEndian";
  x += "\" header_type=\"UInt64\">\n<UnstructuredGrid>\n<Piece NumberOfPoints=\"" + std::to_string(n) +
       "\" NumberOfCells=\"" + std::to_string(n) + "\">\n<Points>\n";
  x += array_tag("Float64", "", 3, o_points);
  x += "</Points>\n<Cells>\n";
  x += array_tag("Int64", "connectivity", 1, o_conn);
  x += array_tag("Int64", "offsets", 1, o_off);
  x += array_tag("UInt8", "types", 1, o_types);
  x += "</Cells>\n<PointData Scalars=\"density\" Vectors=\"velocity\">\n";
  x += array_tag("Float64", "velocity", 3, o_vel);
  x += array_tag("Float64", "density", 1, o_rho);
  x += array_tag("Float64", "pressure", 1, o_p);
  x += array_tag("UInt8", "kind", 1, o_kind);
  x += array_tag("UInt32", "id", 1, o_id);
  x += "</PointData>\n</Piece>\n</UnstructuredGrid>\n<AppendedData encoding=\"raw\">\n_";
  x += data.bytes();
  x += "\n</AppendedData>\n</VTKFile>\n";
  return x;
}

double particles_vtu_bytes(double n) {
  // points, velocity (3 doubles each), density, pressure (doubles), kind, types (1 byte), id (4),
  // connectivity, offsets (8 each), and by_id (8).
  const double arrays = 2 * 24 + 2 * 8 + 2 * 1 + 4 + 2 * 8 + 8;
  const double data = 2 * 24 + 2 * 8 + 2 * 1 + 4 + 2 * 8;  // the appended section (its 9 headers aside)
  return (arrays + 2 * data + data + 2 * data) * n;
}

void write_particles_vtu(const std::string& path, const sph::Particles& p, const sph::Tait& eos) {
  write_file_atomic(path, particles_vtu(p, eos));
}

}  // namespace ria::io
