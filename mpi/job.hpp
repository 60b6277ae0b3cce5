// The processes of one run: a single process (plain `ria run`) or the ranks an MPI launcher
// (mpirun, mpiexec, srun) started, in MPI_COMM_WORLD. The rest of ria talks to MPI only through
// this header; `MPI_` appears only in mpi/job_mpi.cpp (built with RIA_MPI) and the single-process
// job is mpi/job_single.cpp.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace ria::mpi {

struct World {
  int rank = 0, size = 1;
  int local_rank = 0;    // rank among the ranks on this node (picks the GPU)
  int local_size = 1;    // ranks on this node
  bool started = false;  // MPI was initialised (launched by an MPI launcher)
};

/// True when an MPI launcher started this process (its environment names a rank) and ria was
/// built with MPI; then start() initialises MPI.
bool launched_by_mpi();
/// Initialises MPI when launched_by_mpi(); call before anything else reads argv.
void start(int& argc, char**& argv);
/// Finalises MPI when it was started.
void finish();
const World& world();
/// "MPI library version text", or "" when not built with MPI.
std::string library_version();
/// True when the MPI library says, at run time, that messages may be sent from and received into
/// CUDA device memory (Open MPI's MPIX_Query_cuda_support, MPICH's MPIX_GPU_query_support); false
/// without MPI and where the library does not say.
bool device_memory_messages();

/// Ends every rank of the job at once with this exit code (MPI_Abort); exits when not started.
[[noreturn]] void abort_job(int code);

// Collectives: every rank of the job must call them in the same order.
/// Minimum of one double over the ranks (exact: no rounding in a minimum).
double min_all(double v);
/// Element-wise maximum of n values over the ranks, in place.
void max_all(long* v, int n);
/// Every rank's `bytes` bytes, in rank order, into all (size * bytes).
void all_gather(const void* mine, std::size_t bytes, void* all);
/// count doubles of every rank into `all` on rank 0, in rank order (counts[r] from rank r);
/// `all` is ignored elsewhere.
void gather_to_root(const double* mine, std::size_t count, double* all, const std::vector<std::size_t>& counts);
/// bytes from rank `root` to every rank.
void broadcast(void* data, std::size_t bytes, int root);

/// Non-blocking point-to-point messages of one exchange (halo rows); wait() completes them all.
class Exchange {
 public:
  Exchange();
  ~Exchange();
  void send(int to, const void* data, std::size_t bytes, int tag);
  void receive(int from, void* data, std::size_t bytes, int tag);
  void wait();

 private:
  struct Requests;
  std::unique_ptr<Requests> r_;
};

}  // namespace ria::mpi
