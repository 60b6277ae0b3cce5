// The job of a build without MPI: one process; the collectives are the one-rank identities.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "mpi/job.hpp"

namespace ria::mpi {
namespace {
const World g_world;
}

bool launched_by_mpi() { return false; }
void start(int&, char**&) {}
void finish() {}
const World& world() { return g_world; }
std::string library_version() { return ""; }
bool device_memory_messages() { return false; }
void abort_job(int code) { std::_Exit(code); }
double min_all(double v) { return v; }
void max_all(long*, int) {}
void all_gather(const void* mine, std::size_t bytes, void* all) { std::memcpy(all, mine, bytes); }
void gather_to_root(const double* mine, std::size_t count, double* all, const std::vector<std::size_t>&) {
  std::copy_n(mine, count, all);
}
void broadcast(void*, std::size_t, int) {}

struct Exchange::Requests {};
Exchange::Exchange() : r_(std::make_unique<Requests>()) {}
Exchange::~Exchange() = default;
void Exchange::send(int, const void*, std::size_t, int) {
  throw std::logic_error("a one-process job has no neighbour to send to");
}
void Exchange::receive(int, void*, std::size_t, int) {
  throw std::logic_error("a one-process job has no neighbour to receive from");
}
void Exchange::wait() {}

}  // namespace ria::mpi
