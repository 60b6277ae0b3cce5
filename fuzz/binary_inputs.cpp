// The fuzz targets of the binary inputs: NetCDF initial states and checkpoints, and the generated
// seeds for both (a valid small ria.nc and a valid checkpoint payload).
#include <sys/stat.h>

#include <cstring>
#include <fstream>

#include "fuzz/targets.hpp"
#include "io/checkpoint/checkpoint.hpp"
#include "io/checkpoint/crc32.hpp"
#include "io/checkpoint/sph_checkpoint.hpp"
#include "io/netcdf/netcdf_input.hpp"
#include "io/netcdf/netcdf_output.hpp"

namespace ria::fuzz {
namespace {

Grid small_grid() {
  Grid g;
  g.nx = 4, g.ny = 3, g.dx = g.dy = 10.0, g.x0 = 100.0, g.y0 = 200.0;
  return g;
}

io::Checkpoint small_checkpoint() {
  io::Checkpoint c;
  c.precision = "double";
  c.grid = small_grid();
  c.t = 60.0;
  c.steps = 12;
  const std::size_t n = c.grid.cells();
  c.state.h.assign(n, 1.5), c.state.qx.assign(n, 0.25), c.state.qy.assign(n, -0.125), c.state.hc.assign(n, 0.5);
  c.extremes.reset(n);
  c.extremes.max_depth.assign(n, 1.6), c.extremes.max_speed.assign(n, 0.3), c.extremes.max_concentration.assign(n, 0.4);
  c.extremes.first_wet_time.assign(n, 0.0), c.extremes.arrival_time.assign(n, 30.0);
  return c;
}

std::string file_bytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

/// Magic and version of the checkpoint format this ria writes (the first 12 bytes of a file).
const std::string& checkpoint_magic_and_version() {
  static const std::string head = [] {
    const std::string path = scratch_file("seed.ckpt", nullptr, 0);
    io::write_checkpoint(path, small_checkpoint());
    return file_bytes(path).substr(0, 12);
  }();
  return head;
}

/// Three particles in 2-D, two fluid and one boundary.
io::SphCheckpoint small_sph_checkpoint() {
  io::SphCheckpoint c;
  c.t = 0.25, c.steps = 40;
  sph::Particles& p = c.particles;
  p.dim = 2;
  p.push({0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, 1000.0, sph::Kind::boundary);
  p.push({0.01, 0.02, 0.0}, {0.5, -0.25, 0.0}, 1001.5, sph::Kind::fluid);
  p.push({0.02, 0.02, 0.0}, {0.25, 0.0, 0.0}, 999.0, sph::Kind::fluid);
  c.identity = {{"dimensions", "2"}, {"particles.dp", "0.01"}};
  return c;
}

const std::string& sph_checkpoint_magic_and_version() {
  static const std::string head = [] {
    const std::string path = scratch_file("seed.sphck", nullptr, 0);
    io::write_sph_checkpoint(path, small_sph_checkpoint());
    return file_bytes(path).substr(0, 12);
  }();
  return head;
}

/// The file of a framed format (binary_io.hpp) around `payload`, with a valid length and CRC.
std::string framed(const std::string& magic_and_version, const std::string& payload) {
  std::string file = magic_and_version;
  const std::uint64_t bytes = payload.size();
  const std::uint32_t crc = io::crc32(payload);
  file.append(reinterpret_cast<const char*>(&bytes), sizeof bytes);
  file.append(reinterpret_cast<const char*>(&crc), sizeof crc);
  return file + payload;
}

}  // namespace

void netcdf_initial(const std::uint8_t* data, std::size_t size) {
  if (!io::netcdf_built()) return;  // this build reads no NetCDF
  expect_only_project_errors(data, size, [](const std::string& bytes) {
    const std::string path = scratch_file("state.nc", reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    io::read_netcdf_free_surface(path, "eta", -1.0, small_grid());
    io::read_netcdf_free_surface(path, "eta", 600.0, small_grid());
    io::read_netcdf_velocity(path, "u", 0, -1.0, small_grid());
  });
}

void checkpoint(const std::uint8_t* data, std::size_t size) {
  // The input is the payload; magic, version, length and CRC are made valid around it, so that
  // mutations reach the fields behind the CRC check.
  expect_only_project_errors(data, size, [](const std::string& payload) {
    const std::string file = framed(checkpoint_magic_and_version(), payload);
    const std::string path = scratch_file("fuzz.ckpt", reinterpret_cast<const std::uint8_t*>(file.data()), file.size());
    io::read_checkpoint(path);
  });
}

void sph_checkpoint(const std::uint8_t* data, std::size_t size) {
  expect_only_project_errors(data, size, [](const std::string& payload) {
    const std::string file = framed(sph_checkpoint_magic_and_version(), payload);
    const std::string path = scratch_file("fuzz.sphck", reinterpret_cast<const std::uint8_t*>(file.data()), file.size());
    io::read_sph_checkpoint(path);
  });
}

void write_generated_seeds(const std::string& dir) {
  const std::string ck_dir = dir + "/checkpoint", nc_dir = dir + "/netcdf_initial", sph_dir = dir + "/sph_checkpoint";
  mkdir(dir.c_str(), 0755), mkdir(ck_dir.c_str(), 0755), mkdir(nc_dir.c_str(), 0755), mkdir(sph_dir.c_str(), 0755);
  const std::string sph_ck = sph_dir + "/valid.sphck.tmp";
  io::write_sph_checkpoint(sph_ck, small_sph_checkpoint());
  std::ofstream(sph_dir + "/valid_payload", std::ios::binary) << file_bytes(sph_ck).substr(24);
  std::remove(sph_ck.c_str());
  const std::string ck = ck_dir + "/valid.ckpt.tmp";
  io::write_checkpoint(ck, small_checkpoint());
  std::ofstream(ck_dir + "/valid_payload", std::ios::binary) << file_bytes(ck).substr(24);
  std::remove(ck.c_str());
  if (!io::netcdf_built()) return;
  io::NcHeader h;
  h.grid = small_grid();
  io::NetcdfOutput out(nc_dir + "/two_slices.nc", h);
  std::vector<double> depth(h.grid.cells(), 1.0), eta(h.grid.cells(), 0.25), zero(h.grid.cells(), 0.0);
  out.append(0.0, io::NcFields{&depth, &eta, &zero, &zero, &zero});
  out.append(600.0, io::NcFields{&depth, &eta, &zero, &zero, &zero});
  out.close();
}

}  // namespace ria::fuzz
