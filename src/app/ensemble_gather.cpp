// Outcomes of an MPI job's members gathered on rank 0 (ensemble_gather.hpp).
#include "app/ensemble_gather.hpp"

#include <cstdlib>
#include <string>

#include "ensemble/variation.hpp"
#include "mpi/job.hpp"

namespace ria::app {
namespace {

using ensemble::shortest_text;

/// One line per member of this rank: member, status, wall time, message (tabs and line breaks
/// of the message as spaces).
std::string outcome_lines(const std::vector<std::size_t>& mine, const std::vector<MemberOutcome>& out) {
  std::string s;
  for (std::size_t m : mine) {
    std::string msg = out[m].message;
    for (char& c : msg)
      if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    s += std::to_string(m) + "\t" + std::to_string(static_cast<int>(out[m].status)) + "\t" + shortest_text(out[m].wall_s) +
         "\t" + msg + "\n";
  }
  return s;
}

/// The finished members' fields of this rank as doubles: max_conc, arrival, sample count S, then
/// S x (t, depth per gauge, conc per gauge).
std::vector<double> pack_fields(const std::vector<std::size_t>& mine, const std::vector<MemberOutcome>& out) {
  std::vector<double> v;
  for (std::size_t m : mine) {
    if (out[m].status != MemberOutcome::Status::finished) continue;
    const ensemble::MemberFields& f = out[m].fields;
    v.insert(v.end(), f.max_conc.begin(), f.max_conc.end());
    v.insert(v.end(), f.arrival.begin(), f.arrival.end());
    v.push_back(static_cast<double>(f.gauges.size()));
    for (const ensemble::GaugeSample& g : f.gauges) {
      v.push_back(g.t);
      v.insert(v.end(), g.depth.begin(), g.depth.end());
      v.insert(v.end(), g.conc.begin(), g.conc.end());
    }
  }
  return v;
}

}  // namespace

void gather_outcomes(const std::vector<std::size_t>& mine, std::vector<MemberOutcome>& out, std::size_t cells,
                     std::size_t gauges) {
  const int size = mpi::world().size, rank = mpi::world().rank;
  const std::string lines = outcome_lines(mine, out);
  const std::vector<double> fields = pack_fields(mine, out);
  std::size_t mine_sizes[2] = {lines.size(), fields.size()};
  std::vector<std::size_t> sizes(2 * static_cast<std::size_t>(size));
  mpi::all_gather(mine_sizes, sizeof mine_sizes, sizes.data());
  std::vector<std::string> text(static_cast<std::size_t>(size));
  for (int r = 1; r < size; ++r) {
    std::string buf = rank == r ? lines : std::string(sizes[2 * r], '\0');
    mpi::broadcast(buf.data(), buf.size(), r);
    if (rank == 0) text[r] = std::move(buf);
  }
  std::vector<std::size_t> counts(static_cast<std::size_t>(size));
  std::size_t total = 0;
  for (int r = 0; r < size; ++r) total += counts[r] = sizes[2 * r + 1];
  std::vector<double> all(rank == 0 ? total : 0);
  mpi::gather_to_root(fields.data(), fields.size(), all.data(), counts);
  if (rank != 0) return;
  std::size_t at = counts[0];  // rank 0's own fields are in place already
  for (int r = 1; r < size; ++r) {
    std::size_t line0 = 0;
    while (line0 < text[r].size()) {
      const std::size_t end = text[r].find('\n', line0);
      const std::string line = text[r].substr(line0, end - line0);
      line0 = end + 1;
      const std::size_t t1 = line.find('\t'), t2 = line.find('\t', t1 + 1), t3 = line.find('\t', t2 + 1);
      MemberOutcome& o = out.at(std::stoul(line.substr(0, t1)));
      o.status = static_cast<MemberOutcome::Status>(std::stoi(line.substr(t1 + 1, t2 - t1 - 1)));
      o.wall_s = std::strtod(line.substr(t2 + 1, t3 - t2 - 1).c_str(), nullptr);
      o.message = line.substr(t3 + 1);
      o.rank = r;
      if (o.status != MemberOutcome::Status::finished) continue;
      ensemble::MemberFields& f = o.fields;
      f.max_conc.assign(all.begin() + at, all.begin() + at + cells);
      f.arrival.assign(all.begin() + at + cells, all.begin() + at + 2 * cells);
      at += 2 * cells;
      const auto samples = static_cast<std::size_t>(all[at++]);
      for (std::size_t k = 0; k < samples; ++k) {
        ensemble::GaugeSample g;
        g.t = all[at++];
        g.depth.assign(all.begin() + at, all.begin() + at + gauges);
        g.conc.assign(all.begin() + at + gauges, all.begin() + at + 2 * gauges);
        at += 2 * gauges;
        f.gauges.push_back(std::move(g));
      }
    }
  }
}

}  // namespace ria::app
