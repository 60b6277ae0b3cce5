#include "mpi/distributed_solver.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <sstream>
#include <stdexcept>

#include "mpi/job.hpp"
#include "ria/exec/device_info.hpp"
#include "ria/exec/reduce.hpp"
#include "ria/exec/threads.hpp"
#include "ria/swe/block_solver.hpp"
#include "ria/swe/cfl.hpp"
#include "ria/swe/perimeter_sum.hpp"
#include "ria/swe/release.hpp"

namespace ria::mpi {
namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

/// One tree node of the perimeter sum in a message: level, index and the four rates.
struct Piece {
  double level, index, rates[4];
};

/// A fault injected for the failure tests: RIA_MPI_FAULT="RANK:STEP" makes that rank throw at that step.
long fault_step() {
  const char* f = std::getenv("RIA_MPI_FAULT");
  if (!f) return -1;
  int rank = -1;
  long step = -1;
  int end = 0;
  if (std::sscanf(f, "%d:%ld%n", &rank, &step, &end) != 2 || f[end] != '\0' || rank < 0 || rank >= world().size || step < 0)
    throw std::invalid_argument("RIA_MPI_FAULT must be RANK:STEP, a rank of 0 to " + std::to_string(world().size - 1) +
                                " and a step >= 0, got '" + std::string(f) + "'");
  return rank == world().rank ? step : -1;
}

class Distributed final : public DistributedSolver {
 public:
  Distributed(const swe::SolverSetup& s, const DecompositionOptions& o, const std::atomic<int>* local_stop)
      : setup_(s), opt_(o), local_stop_(local_stop), fault_step_(fault_step()) {
    if (s.backend == exec::Backend::cuda) exec::select_cuda_device(world().local_rank);
    exec::share_cores_with(world().local_size);  // OpenMP ranks on one node divide its free cores
    const int ranks = world().size;
    if (opt_.ghost_rows == 0) opt_.ghost_rows = std::max(1, std::min(kDefaultGhostRows, s.grid.ny / ranks));
    // The split needs the depth only for --split wet; the rows are fixed at the first set_state.
    if (opt_.split == Split::even) make_blocks(split_rows(s.grid, ranks, opt_.ghost_rows, Split::even, {}, 0));
  }

  // ---------------------------------------------------------------- state
  void set_state(const swe::HostState& s) override {
    if (!block_) make_blocks(split_rows(setup_.grid, world().size, opt_.ghost_rows, opt_.split, s.h, setup_.physics.h_dry));
    block_->set_state(s);
    min_local_ = block_->min_local_dt(mine().owned_begin, mine().owned_end);
    valid_ = opt_.ghost_rows;
    gathered_steps_ = -1;
  }
  void get_state(swe::HostState& s) const override {
    gather(s);
  }
  double time() const override { return t_; }
  long steps() const override { return steps_; }
  void set_clock(double t, long steps) override { t_ = t, steps_ = steps; }

  long advance(double t_stop, long max_steps, double t_hold) override {
    ready();
    // One collective per call: rank 0's step limit and whether any rank caught a signal.
    long v[2] = {world().rank == 0 ? max_steps : 0, local_stop_ && local_stop_->load() ? long(local_stop_->load()) : 0};
    max_all(v, 2);
    max_steps = v[0];
    if (v[1]) stop_.store(static_cast<int>(v[1]));
    long taken = 0;
    while (t_ < t_stop && taken < max_steps) {
      if (steps_ == fault_step_) throw std::runtime_error("injected fault (RIA_MPI_FAULT) at step " + std::to_string(steps_));
      swe::BoundaryRates rates;
      const double min_local = global_min(rates);
      const double dt = swe::global_dt(rule_, min_local, t_stop - t_);
      check_dt(dt);
      if (swe::held(t_, dt, t_stop, t_hold)) break;  // the same dt on every rank: all hold together
      if (setup_.track_balance) {
        double rw, rc;
        swe::release_totals(setup_.releases, t_, rw, rc);
        swe::accumulate_step(balance_, rates, rw, rc, dt, setup_.physics.decay_rate);
      }
      step(dt);
      t_ = swe::advance_time(t_, dt, t_stop);
      ++steps_;
      ++taken;
      if (setup_.extremes.track) block_->record_extremes(t_, mine().owned_begin, mine().owned_end);
    }
    held_ = swe::stopped_for_hold(taken, max_steps, t_, t_stop);  // rank 0's limit: the same on every rank
    return taken;
  }
  bool held() const override { return held_; }

  // ---------------------------------------------------------------- extremes (owned rows)
  void record_extremes() override {
    ready();
    block_->record_extremes(t_, mine().owned_begin, mine().owned_end);
  }
  /// Each rank's owned rows, gathered on rank 0 as the states are.
  void get_extremes(swe::HostExtremes& e) const override {
    ready();
    swe::HostExtremes g;
    if (world().rank == 0) g.reset(setup_.grid.cells());
    gather_owned_rows({&g.max_depth, &g.max_speed, &g.max_concentration, &g.first_wet_time, &g.arrival_time},
                      [&](int begin, int end, double* rows) { block_->get_extremes_rows(begin, end, rows); });
    e = std::move(g);
  }
  void set_extremes(const swe::HostExtremes& e) override {
    ready();
    block_->set_extremes(e);
  }

  swe::Totals totals() const override {
    swe::HostState s;
    gather(s);
    double v[2] = {0, 0};
    if (world().rank == 0) {
      const auto r = exec::make_host_reducer(false);
      const double area = setup_.grid.area();
      v[0] = r->reduce(exec::ReduceOp::sum, s.h.data(), s.h.size()) * area;
      v[1] = r->reduce(exec::ReduceOp::sum, s.hc.data(), s.hc.size()) * area;
    }
    broadcast(v, sizeof v, 0);
    return {v[0], v[1]};
  }

  void set_boundaries(const swe::Boundaries& bc) override {
    setup_.bc = bc;
    if (block_) block_->set_boundaries(bc);
  }
  swe::Balance balance() const override { return balance_; }
  void set_balance(const swe::Balance& b) override { balance_ = b; }

  /// Gauges: each rank reads the cells it owns; rank 0 receives them all (zeros elsewhere).
  std::vector<swe::Conserved<double>> probe(const std::vector<std::size_t>& cells) const override {
    ready();
    const std::size_t nx = setup_.grid.nx;
    std::vector<std::size_t> counts(world().size, 0);
    std::vector<int> owner(cells.size());
    for (std::size_t k = 0; k < cells.size(); ++k) {
      if (cells[k] >= setup_.grid.cells()) throw std::out_of_range("probe: cell index outside the grid");
      owner[k] = owner_of(static_cast<int>(cells[k] / nx));
      counts[owner[k]] += 4;
    }
    std::vector<std::size_t> mine_cells;
    for (std::size_t k = 0; k < cells.size(); ++k)
      if (owner[k] == world().rank) mine_cells.push_back(cells[k]);
    const std::vector<swe::Conserved<double>> local = probe_block(mine_cells);
    std::vector<double> send;
    for (const auto& c : local) send.insert(send.end(), {c.h, c.qx, c.qy, c.hc});
    std::vector<double> all(world().rank == 0 ? 4 * cells.size() : 0);
    gather_to_root(send.data(), send.size(), all.data(), counts);
    std::vector<swe::Conserved<double>> out(cells.size());
    if (world().rank != 0) return out;
    std::vector<std::size_t> next(world().size, 0);  // position in rank r's part of `all`
    std::vector<std::size_t> base(world().size, 0);
    for (int r = 1; r < world().size; ++r) base[r] = base[r - 1] + counts[r - 1];
    for (std::size_t k = 0; k < cells.size(); ++k) {
      const double* v = all.data() + base[owner[k]] + next[owner[k]];
      next[owner[k]] += 4;
      out[k] = {v[0], v[1], v[2], v[3]};
    }
    return out;
  }

  std::string description() const override {
    ready();
    std::ostringstream o;
    o << "mpi " << world().size << (world().size == 1 ? " rank" : " ranks") << " x " << block_->description()
      << ", ghost rows " << opt_.ghost_rows << ", split " << to_string(opt_.split)
      << (opt_.overlap ? ", overlapped exchange" : ", exchange not overlapped")
      << (world().size == 1 ? ", no halo" : in_place_ ? ", halo sent in place" : ", halo staged through host memory");
    return o.str();
  }
  double bytes_per_cell_update() const override {
    ready();
    return block_->bytes_per_cell_update();
  }

  const std::atomic<int>* stop_flag() const override { return &stop_; }
  StepTimes times() const override { return times_; }
  int ghost_rows() const override { return opt_.ghost_rows; }
  std::string halo() const override { return world().size == 1 ? "none" : in_place_ ? "in place" : "staged"; }
  std::string layout() const override {
    std::ostringstream o;
    for (std::size_t r = 0; r < blocks_.size(); ++r)
      o << (r ? "; " : "") << "rank " << r << ": rows [" << blocks_[r].owned_begin << ", " << blocks_[r].owned_end << ")";
    return o.str();
  }

 private:
  void make_blocks(std::vector<RowBlock> b) {
    blocks_ = std::move(b);
    block_ = swe::make_block_solver(setup_, mine());
    plan_edges();
    // In place where MPI reaches the block's memory: host memory always, device memory when the
    // library says so at run time. One rank has no halo.
    in_place_ = !opt_.stage_halo && (!block_->on_device() || device_memory_messages());
    const std::size_t halo = in_place_ || world().size == 1 ? 0 : block_->row_bytes() * opt_.ghost_rows;
    for (auto* v : {&send_lo_, &send_hi_, &recv_lo_, &recv_hi_}) v->assign(halo, 0);
  }

  /// Posts the halo messages of an exchange with neighbour `to`: rows [s0, s0 + G) of the next level
  /// go, rows [r0, r0 + G) come, one message per field (the same messages either way, so ranks
  /// that chose differently still match). In place: straight from and into the block's rows
  /// (finish_updates first: MPI reads them on its own). Staged: from and into the buffers, `send`
  /// already packed.
  void post(Exchange& x, int to, int s0, int r0, int send_tag, int recv_tag, std::vector<unsigned char>& send,
            std::vector<unsigned char>& recv) {
    const int G = opt_.ghost_rows;
    swe::RowsInPlace out, in;
    if (in_place_) {
      block_->finish_updates();
      out = block_->rows_in_place(swe::Level::next, s0, s0 + G);
      in = block_->rows_in_place(swe::Level::next, r0, r0 + G);
    } else {
      out.bytes = in.bytes = send.size() / 4;
      for (int c = 0; c < 4; ++c) out.field[c] = send.data() + c * out.bytes, in.field[c] = recv.data() + c * in.bytes;
    }
    for (int c = 0; c < 4; ++c) {
      x.receive(to, in.field[c], in.bytes, 4 * recv_tag + c);
      x.send(to, out.field[c], out.bytes, 4 * send_tag + c);
    }
  }

  void ready() const {
    if (!block_) throw std::logic_error("distributed solver used before set_state");
  }
  const RowBlock& mine() const { return blocks_[world().rank]; }
  bool has_lower() const { return world().rank > 0; }
  bool has_upper() const { return world().rank + 1 < world().size; }
  int owner_of(int row) const {
    for (std::size_t r = 0; r < blocks_.size(); ++r)
      if (row < blocks_[r].owned_end) return static_cast<int>(r);
    return world().size - 1;
  }

  std::vector<swe::Conserved<double>> probe_block(const std::vector<std::size_t>& cells) const {
    std::vector<swe::Conserved<double>> out;
    const std::size_t nx = setup_.grid.nx;
    std::vector<double> row(4 * nx);
    for (std::size_t c : cells) {
      const int j = static_cast<int>(c / nx);
      block_->get_rows(j, j + 1, row.data());
      const std::size_t i = c % nx;
      out.push_back({row[i], row[nx + i], row[2 * nx + i], row[3 * nx + i]});
    }
    return out;
  }

  /// Fields of every rank's owned rows gathered on rank 0 into `fields` (sized there by the
  /// caller): get_rows(begin, end, out) writes this rank's rows [begin, end) of each field in
  /// turn, field after field.
  template <class GetRows>
  void gather_owned_rows(std::initializer_list<std::vector<double>*> fields, const GetRows& get_rows) const {
    const RowBlock& b = mine();
    const std::size_t nx = setup_.grid.nx, m = static_cast<std::size_t>(b.owned_end - b.owned_begin) * nx;
    std::vector<double> rows(fields.size() * m);
    get_rows(b.owned_begin, b.owned_end, rows.data());
    std::vector<std::size_t> counts;
    for (const RowBlock& r : blocks_) counts.push_back(static_cast<std::size_t>(r.owned_end - r.owned_begin) * nx);
    std::size_t c = 0;
    for (std::vector<double>* f : fields) gather_to_root(rows.data() + c++ * m, m, f->data(), counts);
  }

  /// The whole state on rank 0 (cached until the next step); an empty state elsewhere.
  void gather(swe::HostState& s) const {
    ready();
    if (gathered_steps_ == steps_ && gathered_t_ == t_) {
      if (world().rank == 0) s = gathered_;
      else s = swe::HostState{};
      return;
    }
    swe::HostState g;
    if (world().rank == 0) g.resize(setup_.grid.cells());
    gather_owned_rows({&g.h, &g.qx, &g.qy, &g.hc},
                      [&](int begin, int end, double* rows) { block_->get_rows(begin, end, rows); });
    gathered_ = std::move(g);
    gathered_steps_ = steps_, gathered_t_ = t_;
    if (world().rank == 0) s = gathered_;
    else s = swe::HostState{};
  }

  void check_dt(double dt) const {
    if (!(dt > 0) || !std::isfinite(dt)) {
      std::ostringstream o;
      o << "time step became " << dt << " at t = " << t_ << " s, step " << steps_
        << " (non-finite state: NaN or negative depth)";
      throw swe::NumericalError(o.str());
    }
  }

  /// The perimeter edges this rank owns: west and east edges of its rows, south and north edges
  /// when it holds the first or last row (numbering of perimeter_edge_rates); and the largest tree
  /// nodes (perimeter_sum.hpp) inside them, each with its first edge's place in the rates array.
  void plan_edges() {
    const RowBlock& b = mine();
    const int nx = setup_.grid.nx, ny = setup_.grid.ny;
    edges_ = swe::EdgeRanges{};
    edges_.add(b.owned_begin, b.owned_end);
    edges_.add(ny + b.owned_begin, ny + b.owned_end);
    if (b.owned_begin == 0) edges_.add(2 * ny, 2 * ny + nx);
    if (b.owned_end == ny) edges_.add(2 * ny + nx, 2 * ny + 2 * nx);
    nodes_.clear();
    long offset = 0;
    for (int k = 0; k < edges_.count; ++k) {
      for (const swe::TreeNode& node : swe::tree_cover(edges_.begin[k], edges_.end[k]))
        nodes_.push_back({node, offset + (node.begin() - edges_.begin[k])});
      offset += edges_.end[k] - edges_.begin[k];
    }
    rates_.resize(static_cast<std::size_t>(offset));
    const long n = 2L * (nx + ny);
    max_pieces_ = 4 * 2 * (static_cast<std::size_t>(swe::tree_levels(n)) + 1);
  }

  /// The per-step collective: the global minimum of the local dt and, with the balance tracked,
  /// the perimeter rates summed in the tree order (each rank sends its largest whole subtrees).
  double global_min(swe::BoundaryRates& rates) {
    const auto t0 = Clock::now();
    double local = min_local_;
    if (std::isnan(local)) local = -1.0;  // a NaN state: the global step becomes negative and stops the run
    if (!setup_.track_balance) {
      const double m = min_all(local);
      times_.reduce += since(t0);
      return m;
    }
    const long n = 2L * (setup_.grid.nx + setup_.grid.ny);
    std::vector<Piece>& msg = msg_;
    msg.assign(1 + max_pieces_, Piece{0, 0, {0, 0, 0, 0}});
    msg[0].level = local;
    block_->edge_rates(t_, edges_, rates_.data());
    std::size_t count = 0;
    for (const auto& [node, first] : nodes_) {
      const swe::BoundaryRates v = swe::tree_sum<swe::BoundaryRates>(
          node, n, [&](long e) { return rates_[first + (e - node.begin())]; },
          [](swe::TreeNode, swe::BoundaryRates&) { return false; });
      msg[1 + count++] = Piece{double(node.level), double(node.index), {v.water_in, v.water_out, v.pollutant_in, v.pollutant_out}};
    }
    msg[0].index = static_cast<double>(count);
    all_.resize(msg.size() * world().size);
    all_gather(msg.data(), msg.size() * sizeof(Piece), all_.data());
    double m = INFINITY;
    known_.clear();
    for (int r = 0; r < world().size; ++r) {
      const Piece* p = all_.data() + r * msg.size();
      m = std::min(m, p[0].level);
      for (long k = 0; k < static_cast<long>(p[0].index); ++k) known_.push_back(p[1 + k]);
    }
    // Sorted by (level, index) for the lookups of the join.
    std::sort(known_.begin(), known_.end(), [](const Piece& a, const Piece& b) {
      return a.level != b.level ? a.level < b.level : a.index < b.index;
    });
    rates = swe::tree_sum<swe::BoundaryRates>(
        swe::TreeNode{swe::tree_levels(n), 0}, n,
        [](long e) -> swe::BoundaryRates {
          throw std::logic_error("perimeter edge " + std::to_string(e) + " is owned by no rank");
        },
        [&](swe::TreeNode node, swe::BoundaryRates& v) {
          const Piece key{double(node.level), double(node.index), {0, 0, 0, 0}};
          const auto it = std::lower_bound(known_.begin(), known_.end(), key, [](const Piece& a, const Piece& b) {
            return a.level != b.level ? a.level < b.level : a.index < b.index;
          });
          if (it == known_.end() || it->level != key.level || it->index != key.index) return false;
          v = {it->rates[0], it->rates[1], it->rates[2], it->rates[3]};
          return true;
        });
    times_.reduce += since(t0);
    return m;
  }

  /// One step of length dt from t_: recompute the halo while it is valid, else exchange.
  void step(double dt) {
    const RowBlock& b = mine();
    const int G = opt_.ghost_rows;
    const int reach = valid_ - 1;
    const int lo = has_lower() ? b.owned_begin - reach : b.owned_begin;
    const int hi = has_upper() ? b.owned_end + reach : b.owned_end;
    auto t0 = Clock::now();
    if (reach > 0) {
      block_->step(t_, dt, lo, hi);
      min_local_ = block_->swap();
      --valid_;
      times_.compute += since(t0);
      return;
    }
    // Exchange step: the border rows the neighbours need, the messages, the interior.
    const int ob = b.owned_begin, oe = b.owned_end;
    const int in_lo = has_lower() ? std::min(ob + G, oe) : ob;      // interior [in_lo, in_hi)
    const int in_hi = has_upper() ? std::max(oe - G, in_lo) : oe;
    if (!opt_.overlap) {
      block_->step(t_, dt, ob, oe);
    } else {
      if (in_lo > ob) block_->step(t_, dt, ob, in_lo);
      if (oe > in_hi) block_->step(t_, dt, in_hi, oe);
    }
    bool interior = opt_.overlap && in_hi > in_lo;
    times_.compute += since(t0);
    t0 = Clock::now();
    if (!in_place_ && (has_lower() || has_upper())) {
      // Staged: the border rows' copies start; a device block's interior starts beside them (its
      // updates do not run on this thread), a host block's once the messages are posted.
      if (has_lower()) block_->start_pack(swe::Level::next, ob, ob + G, send_lo_.data());
      if (has_upper()) block_->start_pack(swe::Level::next, oe - G, oe, send_hi_.data());
      if (interior && block_->on_device()) block_->step(t_, dt, in_lo, in_hi), interior = false;
      block_->wait_packs();
    }
    Exchange x;
    const int up = world().rank + 1, down = world().rank - 1;
    // Tags: 1 for rows going up, 2 for rows going down.
    if (has_lower()) post(x, down, ob, ob - G, 2, 1, send_lo_, recv_lo_);
    if (has_upper()) post(x, up, oe - G, oe, 1, 2, send_hi_, recv_hi_);
    times_.exchange += since(t0);
    t0 = Clock::now();
    if (interior) block_->step(t_, dt, in_lo, in_hi);
    times_.compute += since(t0);
    t0 = Clock::now();
    x.wait();
    times_.wait += since(t0);
    t0 = Clock::now();
    if (!in_place_ && has_lower()) block_->unpack(swe::Level::next, ob - G, ob, recv_lo_.data());
    if (!in_place_ && has_upper()) block_->unpack(swe::Level::next, oe, oe + G, recv_hi_.data());
    times_.exchange += since(t0);
    t0 = Clock::now();
    min_local_ = block_->swap();
    times_.compute += since(t0);
    valid_ = G;
    ++times_.exchanges;
  }

  swe::SolverSetup setup_;
  swe::DtRule rule_ = setup_.dt_rule();
  DecompositionOptions opt_;
  const std::atomic<int>* local_stop_;
  std::atomic<int> stop_{0};
  long fault_step_;
  std::vector<RowBlock> blocks_;
  std::unique_ptr<swe::BlockSolver> block_;
  bool in_place_ = false;  // halo messages from and into the block's rows (else the buffers below)
  std::vector<unsigned char> send_lo_, send_hi_, recv_lo_, recv_hi_;
  double t_ = 0, min_local_ = INFINITY;
  long steps_ = 0;
  bool held_ = false;  // the last advance stopped for its t_hold (the same on every rank)
  int valid_ = 0;  // ghost rows valid on each side with a neighbour
  swe::Balance balance_;
  mutable swe::HostState gathered_;
  mutable long gathered_steps_ = -1;
  mutable double gathered_t_ = -1;
  StepTimes times_;
  swe::EdgeRanges edges_;                              // this rank's perimeter edges
  std::vector<std::pair<swe::TreeNode, long>> nodes_;  // their largest tree nodes, first edge's place
  std::vector<swe::BoundaryRates> rates_;
  std::size_t max_pieces_ = 0;
  std::vector<Piece> msg_, all_, known_;
};

}  // namespace

std::unique_ptr<DistributedSolver> make_distributed_solver(const swe::SolverSetup& setup, const DecompositionOptions& o,
                                                           const std::atomic<int>* local_stop) {
  return std::make_unique<Distributed>(setup, o, local_stop);
}

}  // namespace ria::mpi
