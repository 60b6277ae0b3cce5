// Particle snapshots as .vtu (io/particles_vtu.hpp): the XML header and the appended arrays read
// back as a VTK reader reads them (each array at its offset after the '_' marker: a UInt64 byte
// count, then the values), in id order, 2-D runs in the x-z plane.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <regex>
#include <string>
#include <vector>

#include "io/particles_vtu.hpp"

using namespace ria;

namespace {

/// The values of the appended array whose tag matches `tag_regex` (its offset="..." attribute).
template <class V>
std::vector<V> array_of(const std::string& file, const std::string& tag_regex) {
  std::smatch m;
  EXPECT_TRUE(std::regex_search(file, m, std::regex(tag_regex + "[^>]*offset=\"([0-9]+)\""))) << tag_regex;
  if (m.empty()) return {};
  const std::size_t data = file.find("<AppendedData encoding=\"raw\">\n_") + std::strlen("<AppendedData encoding=\"raw\">\n_");
  const std::size_t at = data + std::stoull(m[1].str());
  std::uint64_t bytes = 0;
  std::memcpy(&bytes, file.data() + at, sizeof bytes);
  EXPECT_EQ(bytes % sizeof(V), 0u);
  std::vector<V> out(bytes / sizeof(V));
  std::memcpy(out.data(), file.data() + at + sizeof bytes, bytes);
  return out;
}

}  // namespace

TEST(ParticlesVtu, TwoDimensionalParticlesLieInTheXzPlaneInIdOrder) {
  sph::Particles p;
  p.dim = 2;
  p.push({0.1, 0.2, 0}, {1.0, -2.0, 0}, 1000.5, sph::Kind::fluid);
  p.push({0.3, 0.4, 0}, {3.0, 4.0, 0}, 999.0, sph::Kind::boundary);
  p.push({0.5, 0.6, 0}, {5.0, 6.0, 0}, 1001.0, sph::Kind::fluid);
  // Stored out of id order, as a solver sorted by cell holds them: the file is in id order.
  for (auto* v : {&p.r[0], &p.r[1], &p.v[0], &p.v[1], &p.rho}) std::swap((*v)[0], (*v)[2]);
  std::swap(p.kind[0], p.kind[2]);
  std::swap(p.id[0], p.id[2]);
  const sph::Tait eos = sph::Tait::make(1000.0, 20.0, 7.0);
  const std::string f = io::particles_vtu(p, eos);
  EXPECT_NE(f.find("<VTKFile type=\"UnstructuredGrid\""), std::string::npos);
  EXPECT_NE(f.find("NumberOfPoints=\"3\" NumberOfCells=\"3\""), std::string::npos);
  EXPECT_EQ(array_of<double>(f, "<Points>\n<DataArray type=\"Float64\""),
            (std::vector<double>{0.1, 0, 0.2, 0.3, 0, 0.4, 0.5, 0, 0.6}));
  EXPECT_EQ(array_of<double>(f, "Name=\"velocity\""), (std::vector<double>{1, 0, -2, 3, 0, 4, 5, 0, 6}));
  EXPECT_EQ(array_of<double>(f, "Name=\"density\""), (std::vector<double>{1000.5, 999.0, 1001.0}));
  EXPECT_EQ(array_of<double>(f, "Name=\"pressure\""),
            (std::vector<double>{eos.pressure(1000.5), eos.pressure(999.0), eos.pressure(1001.0)}));
  EXPECT_EQ(array_of<std::uint8_t>(f, "Name=\"kind\""), (std::vector<std::uint8_t>{0, 1, 0}));
  EXPECT_EQ(array_of<std::uint32_t>(f, "Name=\"id\""), (std::vector<std::uint32_t>{0, 1, 2}));
  EXPECT_EQ(array_of<std::int64_t>(f, "Name=\"connectivity\""), (std::vector<std::int64_t>{0, 1, 2}));
  EXPECT_EQ(array_of<std::int64_t>(f, "Name=\"offsets\""), (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_EQ(array_of<std::uint8_t>(f, "Name=\"types\""), (std::vector<std::uint8_t>{1, 1, 1}));  // VTK_VERTEX
  // The last array (id, 3 x 4 bytes after its count) ends where the closing tags begin.
  const std::string tail = "\n</AppendedData>\n</VTKFile>\n";
  ASSERT_GT(f.size(), tail.size());
  EXPECT_EQ(f.substr(f.size() - tail.size()), tail);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(f, m, std::regex("Name=\"id\"[^>]*offset=\"([0-9]+)\"")));
  const std::size_t data = f.find("encoding=\"raw\">\n_") + std::strlen("encoding=\"raw\">\n_");
  EXPECT_EQ(data + std::stoull(m[1].str()) + 8 + 3 * 4, f.size() - tail.size());
}

TEST(ParticlesVtu, ThreeDimensionalParticlesKeepTheirThreeCoordinates) {
  sph::Particles p;
  p.dim = 3;
  p.push({1, 2, 3}, {4, 5, 6}, 1000, sph::Kind::fluid);
  const std::string f = io::particles_vtu(p, sph::Tait::make(1000.0, 20.0, 7.0));
  EXPECT_EQ(array_of<double>(f, "<Points>\n<DataArray type=\"Float64\""), (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(array_of<double>(f, "Name=\"velocity\""), (std::vector<double>{4, 5, 6}));
}
