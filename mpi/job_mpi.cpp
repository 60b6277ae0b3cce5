// The MPI job (built with RIA_MPI): MPI_COMM_WORLD, one thread calling MPI (FUNNELED).
#include <mpi.h>
#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h>  // Open MPI's extensions: MPIX_Query_cuda_support
#endif

#include <algorithm>
#include <climits>
#include <cstring>
#include <cstdlib>
#include <stdexcept>

#include "mpi/job.hpp"

namespace ria::mpi {
namespace {

World g_world;

int checked_int(std::size_t n, const char* what) {
  if (n > static_cast<std::size_t>(INT_MAX))
    throw std::runtime_error(std::string("MPI message too large: ") + what + " of " + std::to_string(n) +
                             " elements exceeds 2^31 - 1");
  return static_cast<int>(n);
}

void check(int rc, const char* call) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, text, &len);
  throw std::runtime_error(std::string(call) + " failed: " + std::string(text, len));
}

}  // namespace

bool launched_by_mpi() {
  // Open MPI's mpirun, MPICH's hydra (and srun with PMI-2), PMIx launchers (srun --mpi=pmix).
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
    if (std::getenv(v)) return true;
  return false;
}

void start(int& argc, char**& argv) {
  if (!launched_by_mpi()) return;
  int provided = 0;
  check(MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_world.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_world.size);
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, g_world.rank, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &g_world.local_rank);
  MPI_Comm_size(node, &g_world.local_size);
  MPI_Comm_free(&node);
  g_world.started = true;
}

void finish() {
  if (g_world.started) MPI_Finalize();
  g_world.started = false;
}

const World& world() { return g_world; }

std::string library_version() {
  char text[MPI_MAX_LIBRARY_VERSION_STRING];
  int len = 0;
  MPI_Get_library_version(text, &len);
  std::string s(text, len);
  const std::size_t nl = s.find_first_of("\n,");
  return nl == std::string::npos ? s : s.substr(0, nl);
}

bool device_memory_messages() {
  if (!g_world.started) return false;
#if defined(MPIX_CUDA_AWARE_SUPPORT)
  // Declared whatever the library was built with; 1 only where it can read CUDA memory now.
  return MPIX_Query_cuda_support() == 1;
#elif defined(MPIX_GPU_SUPPORT_CUDA)
  int yes = 0;
  return MPIX_GPU_query_support(MPIX_GPU_SUPPORT_CUDA, &yes) == MPI_SUCCESS && yes == 1;
#else
  return false;
#endif
}

void abort_job(int code) {
  if (g_world.started) MPI_Abort(MPI_COMM_WORLD, code);
  std::_Exit(code);
}

double min_all(double v) {
  if (!g_world.started) return v;
  check(MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD), "MPI_Allreduce");
  return v;
}

void max_all(long* v, int n) {
  if (!g_world.started) return;
  check(MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_LONG, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce");
}

void all_gather(const void* mine, std::size_t bytes, void* all) {
  const int n = checked_int(bytes, "all_gather bytes");
  if (!g_world.started) {
    std::memcpy(all, mine, bytes);
    return;
  }
  check(MPI_Allgather(mine, n, MPI_BYTE, all, n, MPI_BYTE, MPI_COMM_WORLD), "MPI_Allgather");
}

void gather_to_root(const double* mine, std::size_t count, double* all, const std::vector<std::size_t>& counts) {
  if (!g_world.started) {
    std::copy_n(mine, count, all);
    return;
  }
  std::vector<int> c(counts.size()), d(counts.size());
  std::size_t off = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    c[r] = checked_int(counts[r], "gather count");
    d[r] = checked_int(off, "gather offset");
    off += counts[r];
  }
  check(MPI_Gatherv(mine, checked_int(count, "gather count"), MPI_DOUBLE, all, c.data(), d.data(), MPI_DOUBLE, 0,
                    MPI_COMM_WORLD),
        "MPI_Gatherv");
}

void broadcast(void* data, std::size_t bytes, int root) {
  if (!g_world.started) return;
  check(MPI_Bcast(data, checked_int(bytes, "broadcast bytes"), MPI_BYTE, root, MPI_COMM_WORLD), "MPI_Bcast");
}

struct Exchange::Requests {
  std::vector<MPI_Request> r;
};
Exchange::Exchange() : r_(std::make_unique<Requests>()) {}
Exchange::~Exchange() = default;

void Exchange::send(int to, const void* data, std::size_t bytes, int tag) {
  r_->r.emplace_back();
  check(MPI_Isend(data, checked_int(bytes, "halo bytes"), MPI_BYTE, to, tag, MPI_COMM_WORLD, &r_->r.back()),
        "MPI_Isend");
}
void Exchange::receive(int from, void* data, std::size_t bytes, int tag) {
  r_->r.emplace_back();
  check(MPI_Irecv(data, checked_int(bytes, "halo bytes"), MPI_BYTE, from, tag, MPI_COMM_WORLD, &r_->r.back()),
        "MPI_Irecv");
}
void Exchange::wait() {
  if (r_->r.empty()) return;
  check(MPI_Waitall(static_cast<int>(r_->r.size()), r_->r.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
  r_->r.clear();
}

}  // namespace ria::mpi
