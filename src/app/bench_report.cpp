#include "app/bench_report.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <thread>

#include "app/estuary_case.hpp"
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

double measured_copy_bandwidth(const std::vector<std::string>& backends) {
  return has_cuda(backends) ? exec::cuda_copy_bandwidth_gbs() : 0.0;
}

void finish_row(BenchRow& r, double bw) {
  r.achieved_gbs = r.bytes_per_cell_update * r.cell_updates_per_s * 1e-9;
  r.bandwidth_fraction = (r.backend == "cuda" && bw > 0) ? r.achieved_gbs / bw : 0.0;
}

void print_row(std::ostream& o, const BenchRow& r) {
  char line[256];
  std::snprintf(line, sizeof line, "%-7s %-16s %-6s %5dx%-5d %9.4f ms/step %9.3f G cell-updates/s %7.1f GB/s", r.backend.c_str(),
                r.kernel.c_str(), r.precision.c_str(), r.nx, r.ny, r.ms_per_step, r.cell_updates_per_s * 1e-9,
                r.achieved_gbs);
  o << line;
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
  const exec::ThreadPolicy tp = exec::thread_policy();  // what the openmp rows ran with
  w.begin_object("openmp").value("threads", tp.threads).value("wait_policy", tp.wait_policy).value("reason", tp.reason);
  w.end_object();
  w.value("case", "water_column (paper Table V), 10 m tank, n x n cells").value("timed_steps", static_cast<long long>(steps));
  w.begin_array("rows");
  for (const BenchRow& r : rep.rows) {
    w.begin_object();
    w.value("backend", r.backend).value("kernel", r.kernel).value("precision", r.precision).value("balance", r.balance);
    w.value("nx", r.nx).value("ny", r.ny).value("steps", static_cast<long long>(r.steps));
    w.value("ms_per_step", r.ms_per_step).value("cell_updates_per_s", r.cell_updates_per_s);
    w.value("bytes_per_cell_update", r.bytes_per_cell_update).value("achieved_gbs", r.achieved_gbs);
    w.value("bandwidth_fraction", r.bandwidth_fraction);
    w.end_object();
  }
  w.end_array();
  if (rep.estuary.ran) {
    const EstuaryResult& e = rep.estuary;
    w.begin_object("estuary");
    w.value("backend", e.backend).value("kernel", e.kernel).value("precision", e.precision).value("n", e.n);
    w.value("simulated_s", e.simulated_s).value("wall_s", e.wall_s).value("speedup_vs_real_time", e.ratio);
    w.value("steps", static_cast<long long>(e.steps)).value("cell_updates_per_s", e.cell_updates_per_s);
    w.end_object();
  }
  w.end_object();
  return w.str();
}

EstuaryResult run_estuary(const std::string& backend, const std::string& kernel, Precision p, int n, double hours,
                          std::ostream& log) {
  const exec::Backend b = exec::parse_backend(backend);
  const std::string k = kernel.empty() ? swe::kernels_of(b).front() : kernel;
  EstuaryCase c = make_estuary_case(n, b, k, p);
  auto solver = swe::make_solver(c.setup);
  solver->set_state(c.init);
  EstuaryResult r;
  r.ran = true;
  r.backend = backend;
  r.kernel = k;
  r.precision = precision_name(p);
  r.n = n;
  r.simulated_s = hours * 3600.0;
  const auto t0 = std::chrono::steady_clock::now();
  for (int hour = 1; hour <= static_cast<int>(hours + 0.5); ++hour) {
    solver->advance(std::min(hour * 3600.0, r.simulated_s), 1L << 40);
    if (hour % 24 == 0 || hour == static_cast<int>(hours + 0.5)) {
      const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      const swe::Totals tot = solver->totals();
      char line[200];
      std::snprintf(line, sizeof line, "estuary %dx%d: t = %6.1f h, %ld steps, wall %.1f s, water %.6e m3", n, n,
                    solver->time() / 3600.0, solver->steps(), wall, tot.water);
      log << line << std::endl;
    }
  }
  r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.steps = solver->steps();
  r.ratio = r.simulated_s / r.wall_s;
  r.cell_updates_per_s = static_cast<double>(n) * n * r.steps / r.wall_s;
  char line[200];
  std::snprintf(line, sizeof line, "estuary %dx%d %s/%s/%s: %.1f h simulated in %.1f s wall, %.0fx faster than real time, %.2f G cell-updates/s",
                n, n, backend.c_str(), k.c_str(), r.precision.c_str(), hours, r.wall_s, r.ratio, r.cell_updates_per_s * 1e-9);
  log << line << std::endl;
  return r;
}

}  // namespace ria::app
