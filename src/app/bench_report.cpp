#include <algorithm>
#include "app/bench_report.hpp"

#include <cstdio>
#include <ctime>
#include <thread>

#include "io/json.hpp"
#include "ria/exec/device_info.hpp"
#include "ria/exec/threads.hpp"
#include "ria/swe/solver.hpp"

namespace ria::app {
namespace {

bool has_cuda(const std::vector<std::string>& backends) {
  for (const auto& b : backends)
    if (b == "cuda") return true;
  return false;
}

std::string today() {
  char buf[32];
  const std::time_t t = std::time(nullptr);
  std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&t));
  return buf;
}

}  // namespace

std::string device_description(const std::vector<std::string>& backends) {
  std::string d = "CPU: " + std::to_string(std::thread::hardware_concurrency()) + " hardware threads";
  if (has_cuda(backends)) d += "; GPU: " + exec::cuda_device_name();
  return d;
}

void measure_copy_bandwidths(const std::vector<std::string>& backends, BenchReport& rep) {
  for (const auto& b : backends) {
    if (b == "cuda") rep.copy_bandwidth_gbs = exec::cuda_copy_bandwidth_gbs();
    if (b == "serial") rep.host_copy_serial_gbs = exec::host_copy_bandwidth_gbs(false);
    if (b == "openmp") rep.host_copy_openmp_gbs = exec::host_copy_bandwidth_gbs(true);
  }
}

void finish_row(BenchRow& r, const BenchReport& rep) {
  r.achieved_gbs = r.bytes_per_cell_update * r.cell_updates_per_s * 1e-9;
  const double bw = r.backend == "cuda"     ? rep.copy_bandwidth_gbs
                    : r.backend == "serial" ? rep.host_copy_serial_gbs
                                            : rep.host_copy_openmp_gbs;
  r.bandwidth_fraction = bw > 0 ? r.achieved_gbs / bw : 0.0;
}

void print_row(std::ostream& o, const BenchRow& r) {
  char line[256];
  std::snprintf(line, sizeof line, "%-7s %-16s %-6s %5dx%-5d %9.4f ms/step %9.3f G cell-updates/s %7.1f GB/s", r.backend.c_str(),
                r.kernel.c_str(), r.precision.c_str(), r.nx, r.ny, r.ms_per_step, r.cell_updates_per_s * 1e-9,
                r.achieved_gbs);
  o << line;
  if (!r.rank_ms_per_step.empty()) {
    double worst_wait = 0, worst_reduce = 0;
    for (const auto& t : r.rank_ms_per_step) worst_wait = std::max(worst_wait, t[2]), worst_reduce = std::max(worst_reduce, t[3]);
    std::snprintf(line, sizeof line, " [%d ranks, G = %d%s%s; ms/step max wait %.4f, dt reduce %.4f]", r.ranks,
                  r.ghost_rows, r.overlap ? ", overlap" : "", (", halo " + r.halo).c_str(),
                  worst_wait, worst_reduce);
    o << line;
  }
  if (r.bandwidth_fraction > 0) {
    std::snprintf(line, sizeof line, " (%4.1f%% of copy bandwidth)", 100 * r.bandwidth_fraction);
    o << line;
  }
  o << std::endl;
}

std::string to_json(const BenchReport& rep, long steps) {
  io::JsonWriter w;
  w.begin_object();
  w.value("date", today()).value("device", rep.device).value("copy_bandwidth_gbs", rep.copy_bandwidth_gbs);
  w.begin_object("host_copy_bandwidth_gbs").value("serial", rep.host_copy_serial_gbs).value("openmp", rep.host_copy_openmp_gbs);
  w.end_object();
  const exec::ThreadPolicy tp = exec::thread_policy();  // what the openmp rows ran with
  w.begin_object("openmp").value("threads", tp.threads).value("wait_policy", tp.wait_policy).value("reason", tp.reason);
  w.end_object();
  w.value("case", "water_column (paper Table V), 10 m tank, n x n cells").value("timed_steps", static_cast<long long>(timed_steps(steps)));
  w.begin_array("rows");
  for (const BenchRow& r : rep.rows) {
    w.begin_object();
    w.value("backend", r.backend).value("kernel", r.kernel).value("precision", r.precision).value("balance", r.balance);
    w.value("nx", r.nx).value("ny", r.ny).value("steps", static_cast<long long>(r.steps));
    w.value("ms_per_step", r.ms_per_step).value("cell_updates_per_s", r.cell_updates_per_s);
    w.value("bytes_per_cell_update", r.bytes_per_cell_update).value("achieved_gbs", r.achieved_gbs);
    w.value("bandwidth_fraction", r.bandwidth_fraction);
    if (r.ranks > 1 || !r.rank_ms_per_step.empty()) {
      w.begin_object("mpi").value("ranks", r.ranks).value("ghost_rows", r.ghost_rows).value("overlap", r.overlap);
      w.value("halo", r.halo);
      w.begin_array("ms_per_step_compute_exchange_wait_reduce");
      for (const auto& t : r.rank_ms_per_step) {
        w.begin_array("");
        for (double v : t) w.value("", v);
        w.end_array();
      }
      w.end_array().end_object();
    }
    w.end_object();
  }
  w.end_array();
  if (rep.estuary.ran) {
    const EstuaryResult& e = rep.estuary;
    w.begin_object("estuary");
    w.value("backend", e.backend).value("kernel", e.kernel).value("precision", e.precision).value("n", e.n);
    w.value("simulated_s", e.simulated_s).value("wall_s", e.wall_s).value("speedup_vs_real_time", e.ratio);
    w.value("steps", static_cast<long long>(e.steps)).value("cell_updates_per_s", e.cell_updates_per_s);
    w.value("water_balance_rel_error", e.water_rel_error).value("dry_skip", e.dry_skip);
    w.end_object();
  }
  w.end_object();
  return w.str();
}

}  // namespace ria::app
