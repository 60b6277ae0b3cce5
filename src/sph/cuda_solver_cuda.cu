// The CUDA backend of the SPH solver: the symplectic step of cpu_solver.cpp with particles,
// cells and rates on the device (kernels in sph_kernels_cuda.cuh and the headers it includes). Per step: sort, rates with
// the local dt reduced in the search kernel (phase 1) and by reduce_phase2, the dt read by the
// host (the same step_towards as the CPU), predictor, sort, rates, corrector, and the state
// check's flag read back. With Search::list (neighbour_list.hpp) the first rates also write the
// neighbour list, and when the step stays within its skin the second rates read it in place of
// the second sort and search. The host keeps a copy of the particles, refreshed when asked for.
// With Precision::mixed the searches read float copies of the particles and add the pair terms,
// computed in float, to double sums (search_loads_cuda.cuh, MixedLoads); all else stays double.
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <sstream>
#include <string>
#include <utility>

#include "exec/cuda/cuda_check.hpp"
#include "exec/cuda/device_buffer.hpp"
#include "exec/cuda/parallel_for.cuh"
#include "ria/exec/device_info.hpp"
#include "sph/measure.hpp"
#include "sph/neighbour_list.hpp"
#include "sph/solver_factory.hpp"
#include "sph/stepping_solver.hpp"
#include "sph/sph_kernels_cuda.cuh"
#include "sph/step_checks.hpp"

namespace ria::sph {
namespace {

using exec::cuda::DeviceBuffer;
using exec::cuda::parallel_for;

/// Values the host reads back each step.
struct Scalars {
  double dt_min;      // min over particles of the local dt (reduce_phase2)
  double pair_total;  // pair interactions since construction
  int bad;            // the corrector found a non-finite state
  unsigned live;      // particles in cells at the last sort: the out ones are in the slots after them
  unsigned long long v_max2;  // Search::list: the fluid's largest |v|^2 at the step's start (a double's bits)
  unsigned list_need;         // Search::list: the most masks a particle had beyond the list's capacity, else 0
  unsigned long long speed2_max;  // the fluid's largest |v|^2 after any step since construction (a double's bits)
};

inline unsigned blocks_of(std::size_t n, int threads) { return static_cast<unsigned>((n + threads - 1) / threads); }

/// The double whose bits these are.
inline double bits_to_double(unsigned long long bits) {
  double x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

template <int D>
class CudaSolver final : public SteppingSolver {
 public:
  CudaSolver(const Setup& s)
      : P_(make_params<D>(s.physics)), PF_(as_precision<float>(P_)), dp_(s.dp),
        grid_(search_grid(s.cells, D, s.search, P_.kernel.support())),
        measure_grid_(s.cells),
        box_(domain_box(s.cells, D, s.physics.h)), search_(s.search), precision_(s.precision), n_(s.particles.size()),
        cells_(static_cast<std::uint32_t>(grid_.grid.cells())) {
    exec::require_backend(exec::Backend::cuda);
    check_replacement(s.particles, D, nullptr);
    if (n_ == 0) throw std::invalid_argument("the SPH set-up has no particles");
    if (search_ == Search::list) check_list_limits(P_.sps, static_cast<double>(n_));
    stream_ = exec::cuda::make_stream();
    for (auto& set : sets_) {
      set.real = DeviceBuffer<double>((4 * D + 2) * n_);
      set.kind = DeviceBuffer<std::uint8_t>(n_);
      set.id = DeviceBuffer<std::uint32_t>(n_);
    }
    derived_ = DeviceBuffer<double>((D + 5) * n_);
    for (auto* b : {&key_, &key_sorted_, &slot_, &order_, &pairs_}) *b = DeviceBuffer<std::uint32_t>(n_);
    start_ = DeviceBuffer<std::uint32_t>(cells_ + 1);
    fluid_flag_ = DeviceBuffer<std::uint32_t>(n_ + 1);
    fluid_before_ = DeviceBuffer<std::uint32_t>(n_ + 1);
    if (P_.sps) tau_ = DeviceBuffer<double>(n_ * Sym<D>::size);
    if (search_ == Search::list) {
      list_capacity_ = list_capacity(D, s.physics.h / s.dp);
      list_word_ = DeviceBuffer<uint2>(list_words(n_, list_capacity_));
      list_count_ = DeviceBuffer<std::uint32_t>(n_);
    }
    if (precision_ == Precision::mixed) {
      // MixedLoads finds a candidate's column i + 1 <= nx from a float (Gather): exact up to 2^24.
      if (grid_.grid.nx > (1 << 24))
        throw std::invalid_argument("--precision mixed: the neighbour-search cells number " + std::to_string(grid_.grid.nx) +
                                    " along x, more than a float column index holds exactly (2^24); run in double");
      mixed_ = DeviceBuffer<float4>(3 * n_);
    }
    end_bit_ = 1;
    while (end_bit_ < 32 && (static_cast<std::uint64_t>(1) << end_bit_) <= cells_) ++end_bit_;  // keys 0..cells
    std::size_t bytes = 0;
    RIA_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, bytes, key_.get(), key_sorted_.get(), slot_.get(),
                                                   order_.get(), static_cast<int>(n_), 0, end_bit_, stream_.get()));
    std::size_t scan_bytes = 0;
    RIA_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, scan_bytes, fluid_flag_.get(), fluid_before_.get(),
                                                 static_cast<int>(n_ + 1), stream_.get()));
    bytes = std::max(bytes, scan_bytes);
    sort_temp_ = DeviceBuffer<unsigned char>(std::max<std::size_t>(bytes, 1));
    sort_temp_bytes_ = bytes;
    partial_ = DeviceBuffer<double>(std::max<std::size_t>({1, blocks_of(n_, cuda::kRangeThreads),
                                                           blocks_of(cells_, cuda::kTileWarps)}));
    scalars_ = DeviceBuffer<Scalars>(1);
    host_scalars_ = exec::cuda::PinnedBuffer<Scalars>(1);
    const Scalars zero{};
    RIA_CUDA_CHECK(cudaMemcpy(scalars_, &zero, sizeof zero, cudaMemcpyHostToDevice));
    set_particles(s.particles);
  }


  const Particles& particles() const override {
    download();
    return host_;
  }

  void set_particles(const Particles& p) override {
    check_replacement(p, D, uploaded_ ? &particles() : nullptr);
    check_out_parked(p, D, box_);
    if (p.size() != n_) throw std::invalid_argument("set_particles: the CUDA solver was built for " + std::to_string(n_) + " particles");
    const cuda::Arrays<D> a = arrays(cur_);
    for (int d = 0; d < D; ++d) copy_in(a.r[d], p.r[d].data(), n_), copy_in(a.v[d], p.v[d].data(), n_);
    copy_in(a.rho, p.rho.data(), n_);
    copy_in(a.kind, p.kind.data(), n_);
    copy_in(a.id, p.id.data(), n_);
    RIA_CUDA_CHECK(cudaMemset(&scalars_.get()->bad, 0, sizeof(int)));  // the state check starts afresh
    host_ = p;
    stale_ = false;
    uploaded_ = true;
    live_ = n_;  // the first sort moves any out particle behind the others
  }

  Measures measure(const std::vector<Probe>& probes) const override {
    download();
    return sph::measure<D>(P_, dp_, measure_grid_, host_, probes, measure_cells_);
  }

  double pair_interactions() const override { return read_scalars().pair_total; }
  double largest_fluid_speed() const override { return std::sqrt(bits_to_double(read_scalars().speed2_max)); }

  std::vector<std::uint32_t> pair_counts() const override {
    if (!rated_) return {};
    std::vector<std::uint32_t> out(n_);
    copy_out(out.data(), pairs_.get(), n_);
    return out;
  }

  std::string description() const override {
    std::ostringstream o;
    o << D << "-D, cuda, " << search_name(search_) << " search, " << precision_name(precision_) << " ("
      << exec::cuda_device_name() << ")";
    if (search_ == Search::list)
      o << "; the list (" << list_capacity_ << " masks a particle) read by " << list_use_.reused << " of "
        << list_use_.reused + list_use_.searched << " steps' second evaluations";
    return o.str();
  }

  ListUse list_use() const override { return list_use_; }

 private:
  /// One set of the ping-pong pair of particle arrays: r, v, r0, v0 (D each), rho, rho0 as doubles.
  struct Set {
    DeviceBuffer<double> real;
    DeviceBuffer<std::uint8_t> kind;
    DeviceBuffer<std::uint32_t> id;
  };

  cuda::Arrays<D> arrays(int k) const {
    cuda::Arrays<D> a;
    double* base = sets_[k].real.get();
    for (int d = 0; d < D; ++d) {
      a.r[d] = base + d * n_, a.v[d] = base + (D + d) * n_;
      a.r0[d] = base + (2 * D + d) * n_, a.v0[d] = base + (3 * D + d) * n_;
    }
    a.rho = base + 4 * D * n_, a.rho0 = base + (4 * D + 1) * n_;
    a.kind = sets_[k].kind.get(), a.id = sets_[k].id.get();
    return a;
  }
  double* pressure() const { return derived_.get(); }
  double* sound_speed() const { return derived_.get() + n_; }
  double* inv_rho() const { return derived_.get() + 2 * n_; }
  double* drho() const { return derived_.get() + 3 * n_; }
  double* mu_max() const { return derived_.get() + 4 * n_; }
  double* acc(int d) const { return derived_.get() + (5 + d) * n_; }

  cuda::SweepIn<D> sweep_in() const {
    const cuda::Arrays<D> a = arrays(cur_);
    cuda::SweepIn<D> in;
    for (int d = 0; d < D; ++d) in.r[d] = a.r[d], in.v[d] = a.v[d];
    in.rho = a.rho, in.inv_rho = inv_rho(), in.p = pressure(), in.c = sound_speed(), in.kind = a.kind;
    in.fluid_before = fluid_before_.get();
    in.tau = P_.sps ? tau_.get() : nullptr;
    return in;
  }
  cuda::MixedArrays mixed_arrays() const {
    if (precision_ != Precision::mixed) return {nullptr, nullptr, nullptr};
    float4* base = mixed_.get();
    return {base, base + n_, base + 2 * n_};
  }
  /// Where Gather and PredictDerive write the values they derive.
  cuda::Derived derived() const {
    return {P_.eos, pressure(), sound_speed(), inv_rho(), grid_.grid, mixed_arrays()};
  }
  cuda::MixedLoads<D> mixed_loads() const {
    const cuda::MixedArrays m = mixed_arrays();
    return {sweep_in(), m.pos, m.vel, m.eos,
            {static_cast<float>(grid_.grid.dx), static_cast<float>(grid_.grid.dy), static_cast<float>(grid_.grid.dz)}};
  }
  cuda::SweepOut<D> sweep_out() const {
    cuda::SweepOut<D> out;
    for (int d = 0; d < D; ++d) out.acc[d] = acc(d);
    out.drho = drho(), out.mu_max = mu_max(), out.pairs = pairs_.get();
    return out;
  }
  StepArrays<D> step_arrays() const {
    const cuda::Arrays<D> a = arrays(cur_);
    StepArrays<D> s;
    for (int d = 0; d < D; ++d) s.r[d] = a.r[d], s.v[d] = a.v[d], s.r0[d] = a.r0[d], s.v0[d] = a.v0[d], s.acc[d] = acc(d);
    s.rho = a.rho, s.rho0 = a.rho0, s.drho = drho(), s.kind = a.kind;
    return s;
  }

  template <class T>
  void copy_in(T* d, const T* h, std::size_t n) {
    RIA_CUDA_CHECK(cudaMemcpy(d, h, n * sizeof(T), cudaMemcpyHostToDevice));
  }
  template <class T>
  void copy_out(T* h, const T* d, std::size_t n) const {
    RIA_CUDA_CHECK(cudaMemcpy(h, d, n * sizeof(T), cudaMemcpyDeviceToHost));
  }

  /// Refreshes the host copy of the particles after steps.
  void download() const {
    if (!stale_) return;
    RIA_CUDA_CHECK(cudaStreamSynchronize(stream_));
    const cuda::Arrays<D> a = arrays(cur_);
    for (int d = 0; d < D; ++d) copy_out(host_.r[d].data(), a.r[d], n_), copy_out(host_.v[d].data(), a.v[d], n_);
    copy_out(host_.rho.data(), a.rho, n_);
    copy_out(host_.kind.data(), a.kind, n_);
    copy_out(host_.id.data(), a.id, n_);
    stale_ = false;
  }

  Scalars read_scalars() const {
    RIA_CUDA_CHECK(cudaMemcpyAsync(host_scalars_.get(), scalars_.get(), sizeof(Scalars), cudaMemcpyDeviceToHost, stream_));
    RIA_CUDA_CHECK(cudaStreamSynchronize(stream_));
    return *host_scalars_.get();
  }

  /// Bins the particles of slots [0, live_) at their positions, sorts them by cell (stable) and
  /// reorders every array there into the other set, with r0, v0, rho0 when `with_start_of_step`;
  /// then the cell starts. Out particles sort behind the others (CellKeys); the slots
  /// [live_, n_) hold out particles only, the same in both sets (shrink_live), and no kernel
  /// touches them.
  void sort(bool with_start_of_step) {
    const cuda::Arrays<D> a = arrays(cur_);
    const std::uint32_t n = static_cast<std::uint32_t>(live_);
    parallel_for(stream_, n, cuda::CellKeys<D>{grid_.grid, a.r[0], a.r[1], D == 3 ? a.r[D - 1] : nullptr, a.kind, key_, slot_});
    std::size_t bytes = sort_temp_bytes_;
    RIA_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(sort_temp_.get(), bytes, key_.get(), key_sorted_.get(), slot_.get(),
                                                   order_.get(), static_cast<int>(n), 0, end_bit_, stream_.get()));
    parallel_for(stream_, live_ + 1, cuda::Gather<D>{order_, n, a, arrays(1 - cur_), with_start_of_step, fluid_flag_, derived()});
    bytes = sort_temp_bytes_;
    RIA_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(sort_temp_.get(), bytes, fluid_flag_.get(), fluid_before_.get(),
                                                 static_cast<int>(n + 1), stream_.get()));
    cur_ = 1 - cur_;
    parallel_for(stream_, cells_ + std::size_t{1}, cuda::CellStart{key_sorted_, n, cells_, start_, &scalars_.get()->live});
  }

  /// After a sort that moved particles taken out of the flow behind the others (live < live_):
  /// copies those slots into the other set, so that both sets hold the out particles at [live,
  /// n_), clears their pair counts, and sorts and steps only the slots before them from then on
  /// (at least one slot: an out particle alone is a no-op for every kernel).
  void shrink_live(std::size_t live) {
    if (live >= live_) return;
    const cuda::Arrays<D> from = arrays(cur_), to = arrays(1 - cur_);
    const std::size_t count = live_ - live;
    auto copy = [&](auto* dst, const auto* src) {
      RIA_CUDA_CHECK(cudaMemcpyAsync(dst + live, src + live, count * sizeof(*src), cudaMemcpyDeviceToDevice, stream_.get()));
    };
    for (int d = 0; d < D; ++d) copy(to.r[d], from.r[d]), copy(to.v[d], from.v[d]);
    copy(to.rho, from.rho), copy(to.kind, from.kind), copy(to.id, from.id);
    RIA_CUDA_CHECK(cudaMemsetAsync(pairs_.get() + live, 0, count * sizeof(std::uint32_t), stream_.get()));
    live_ = std::max<std::size_t>(live, 1);
  }

  /// The rates of the current (sorted) state; with kDt also the reduced local dt in scalars. Of
  /// Search::list's step (kDt: the first evaluation), with the neighbour list written.
  template <bool kDt>
  void rates() {
    if (P_.sps) {  // the SPS stresses of this state first (sps.hpp), read by the pairs
      cuda::k_sps_stress<D><<<blocks_of(live_, cuda::kRangeThreads), cuda::kRangeThreads, 0, stream_>>>(
          P_, grid_, start_, key_sorted_, sweep_in(), static_cast<std::uint32_t>(live_), tau_);
      RIA_CUDA_CHECK(cudaGetLastError());
      launch_rates<kDt, true, true>();
    } else if (P_.nu > 0) {
      launch_rates<kDt, true, false>();
    } else {
      launch_rates<kDt, false, false>();
    }
    finish_rates<kDt>();
  }

  /// The search kernel of the chosen search and precision; kLaminar, kSps as add_pair's.
  template <bool kDt, bool kLaminar, bool kSps>
  void launch_rates() {
    if (precision_ == Precision::mixed) launch_search<kDt, kLaminar, kSps>(PF_, mixed_loads());
    else launch_search<kDt, kLaminar, kSps>(P_, cuda::DoubleLoads<D>{sweep_in()});
  }
  template <bool kDt, bool kLaminar, bool kSps, class L>
  void launch_search(const SphParams<D, typename L::Real>& PR, const L& ld) {
    Scalars* sc = scalars_.get();
    double* pair_total = &sc->pair_total;
    const std::uint32_t live = static_cast<std::uint32_t>(live_);
    constexpr bool kListed = kDt && !kSps;  // the list is written by a step's first evaluation, never with SPS
    if (search_ == Search::tiles) {
      cuda::k_rates_tiles<D, L, kDt, kLaminar, kSps><<<rate_blocks(), 32 * cuda::kTileWarps, 0, stream_>>>(
          P_, PR, grid_, start_, ld, sweep_out(), cells_, partial_, pair_total);
    } else if (kListed && search_ == Search::list) {
      if constexpr (kListed)
        cuda::k_rates_cell_range_listed<D, L, kLaminar><<<rate_blocks(), cuda::kRangeThreads, 0, stream_>>>(
            P_, PR, grid_, start_, key_sorted_, ld, sweep_out(), live, partial_, pair_total, neighbour_list());
    } else {
      cuda::k_rates_cell_range<D, L, kDt, kLaminar, kSps><<<rate_blocks(), cuda::kRangeThreads, 0, stream_>>>(
          P_, PR, grid_, start_, key_sorted_, ld, sweep_out(), live, partial_, pair_total);
    }
  }
  cuda::NeighbourList neighbour_list() const {
    Scalars* sc = scalars_.get();
    return {list_word_.get(), list_count_.get(), list_capacity_, list_radius(P_.kernel.support()), &sc->v_max2,
            &sc->list_need};
  }

  /// The rates of the predicted state from the list (PredictDerive has derived its values in
  /// place, without a sort).
  void rates_from_list() {
    if (P_.nu > 0) launch_from_list<true>();
    else launch_from_list<false>();
    finish_rates<false>();
  }
  template <bool kLaminar>
  void launch_from_list() {
    double* pair_total = &scalars_.get()->pair_total;
    const std::uint32_t live = static_cast<std::uint32_t>(live_);
    const unsigned blocks = blocks_of(live_, cuda::kRangeThreads);
    if (precision_ == Precision::mixed)
      cuda::k_rates_list<D, cuda::MixedLoads<D>, kLaminar><<<blocks, cuda::kRangeThreads, 0, stream_>>>(
          P_, PF_, grid_.grid, start_, key_sorted_, mixed_loads(), sweep_out(), live, neighbour_list(), pair_total);
    else
      cuda::k_rates_list<D, cuda::DoubleLoads<D>, kLaminar><<<blocks, cuda::kRangeThreads, 0, stream_>>>(
          P_, P_, grid_.grid, start_, key_sorted_, cuda::DoubleLoads<D>{sweep_in()}, sweep_out(), live, neighbour_list(),
          pair_total);
  }
  unsigned rate_blocks() const {
    return search_ == Search::tiles ? blocks_of(cells_, cuda::kTileWarps) : blocks_of(live_, cuda::kRangeThreads);
  }

  template <bool kDt>
  void finish_rates() {
    Scalars* sc = scalars_.get();
    const unsigned blocks = rate_blocks();
    RIA_CUDA_CHECK(cudaGetLastError());
    if (kDt) {
      exec::cuda::reduce_phase2<exec::ReduceOp::min, double><<<1, 1024, 0, stream_>>>(partial_, static_cast<int>(blocks),
                                                                                     &sc->dt_min);
      RIA_CUDA_CHECK(cudaGetLastError());
    }
    rated_ = true;
  }

  void step(double t_stop) override {
    sort(false);
    if (search_ == Search::list) {  // the fluid's speed and the list's overflow, found afresh
      RIA_CUDA_CHECK(cudaMemsetAsync(&scalars_.get()->v_max2, 0, sizeof(unsigned long long), stream_.get()));
      RIA_CUDA_CHECK(cudaMemsetAsync(&scalars_.get()->list_need, 0, sizeof(unsigned), stream_.get()));
    }
    rates<true>();
    const Scalars sc = read_scalars();
    const double dt_min = sc.dt_min;
    if (!(dt_min > 0)) fail_dt_here(dt_min);  // +inf: every particle is out (particle_dt)
    shrink_live(sc.live);
    bool last = false;
    const double dt = step_towards(dt_min, t_, t_stop, last);
    const double rho_ref = P_.eos.rho0;
    if (search_ == Search::list &&
        sc.list_need == 0 && list_holds(dt, std::sqrt(bits_to_double(sc.v_max2)), P_.kernel.support())) {
      parallel_for(stream_, live_, cuda::PredictDerive<D>{step_arrays(), dt, rho_ref, key_sorted_, derived()});
      rates_from_list();
      ++list_use_.reused;
    } else {
      parallel_for(stream_, live_, cuda::Predict<D>{step_arrays(), dt, rho_ref});
      sort(true);
      rates<false>();
      if (search_ == Search::list) ++list_use_.searched;
    }
    parallel_for(stream_, live_, cuda::Correct<D>{step_arrays(), dt, rho_ref, box_, &scalars_.get()->bad});
    cuda::k_fluid_speed2<D><<<blocks_of(live_, 256), 256, 0, stream_.get()>>>(step_arrays(), live_,
                                                                          &scalars_.get()->speed2_max);
    RIA_CUDA_CHECK(cudaGetLastError());
    tick(dt_min, dt, last, t_stop);
    stale_ = true;
    if (read_scalars().bad) {
      download();
      check_state(host_, steps_, t_);  // throws, naming the first bad particle
      throw NumericalError("step " + std::to_string(steps_) + ": the device flagged a non-finite state the host copy does not show");
    }
  }

  /// The reduced dt is not finite and > 0: names the particle limiting it, from the device's rates.
  [[noreturn]] void fail_dt_here(double dt_min) {
    stale_ = true;
    download();
    std::vector<double> c(n_), mu(n_), dtl(n_);
    std::array<std::vector<double>, D> a;
    copy_out(c.data(), sound_speed(), n_);
    copy_out(mu.data(), mu_max(), n_);
    StepArrays<D> s{};
    for (int d = 0; d < D; ++d) {
      a[d].resize(n_);
      copy_out(a[d].data(), acc(d), n_);
      s.acc[d] = a[d].data();
    }
    s.kind = host_.kind.data();
    for (std::size_t k = 0; k < n_; ++k) dtl[k] = particle_dt(P_, s, c.data(), mu.data(), k);
    fail_dt(dt_min, dtl, host_, steps_, t_);
  }

  SphParams<D> P_;
  SphParams<D, float> PF_;  // P_ rounded to float: the pair arithmetic of Precision::mixed
  double dp_;
  SearchCells grid_;   // the cells of the search (cell_list.hpp)
  Grid measure_grid_;  // cells of 2h for the measures' own cell list (measure.cpp)
  DomainBox box_;  // where fluid leaves the flow (particle_step.hpp)
  Search search_;
  Precision precision_;
  std::size_t n_;
  std::size_t live_ = 0;  // the slots sorted and stepped: [live_, n_) hold out particles only (sort)
  std::uint32_t cells_;
  int end_bit_ = 32;
  exec::cuda::Stream stream_;
  Set sets_[2];
  int cur_ = 0;
  DeviceBuffer<double> derived_;  // p, c, 1/rho, drho/dt, max mu, acc (D)
  DeviceBuffer<std::uint32_t> key_, key_sorted_, slot_, order_, pairs_, start_;
  DeviceBuffer<std::uint32_t> fluid_flag_, fluid_before_;  // the sorted order's fluid flags and their scan
  DeviceBuffer<double> tau_;  // SPS stresses of the sorted state (Sym<D>::size per slot), with P_.sps
  DeviceBuffer<float4> mixed_;  // with Precision::mixed: MixedArrays' pos, vel, eos (n each)
  // Search::list: the neighbour list (neighbour_list.hpp), list_capacity_ masks a particle (for
  // whole warps of particles), and each slot's count.
  DeviceBuffer<uint2> list_word_;
  DeviceBuffer<std::uint32_t> list_count_;
  std::uint32_t list_capacity_ = 0;
  ListUse list_use_;
  DeviceBuffer<unsigned char> sort_temp_;
  std::size_t sort_temp_bytes_ = 0;
  DeviceBuffer<double> partial_;
  DeviceBuffer<Scalars> scalars_;
  exec::cuda::PinnedBuffer<Scalars> host_scalars_;
  mutable Particles host_;
  mutable bool stale_ = false;
  bool uploaded_ = false, rated_ = false;
  mutable CellList measure_cells_;
};

}  // namespace

std::unique_ptr<Solver> make_cuda_solver(const Setup& s) {
  if (s.dim == 2) return std::make_unique<CudaSolver<2>>(s);
  if (s.dim == 3) return std::make_unique<CudaSolver<3>>(s);
  throw std::invalid_argument("SPH runs in 2 or 3 dimensions, not " + std::to_string(s.dim));
}

}  // namespace ria::sph
