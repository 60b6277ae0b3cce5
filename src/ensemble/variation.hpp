// What varies between the members of an ensemble, and each member's values as the text that
// `ria run --set KEY=VALUE` takes: a member is the base scenario with these overrides applied by
// the scenario reader (io/scenario), so every value is checked exactly as on the command line.
//
//   --vary KEY=LO:HI        a number in the key's own units (physics.manning=0.02:0.04), a
//                           duration (release.0.duration=1h:3h, written to the member in seconds),
//                           or for time.start, signed offsets from the base date (time.start=-6h:6h,
//                           rounded to whole seconds: the reader keeps whole seconds)
//   --vary-point NAME=R     the release NAME anywhere in the disc of radius R [m] around its
//                           position, uniformly by area: radius r = R sqrt(u0), angle 2 pi u1
//                           (sets release.<i>.x and release.<i>.y)
//   --members-csv FILE      one column per key, one row per member, values as --set takes them
//
// A value u in [0, 1) of the sampling (sampling.hpp) maps to LO + u (HI - LO).
#pragma once

#include <string>
#include <vector>

#include "ria/number_text.hpp"
#include "ria/sim/scenario.hpp"

namespace ria::io {
struct CsvTable;
}

namespace ria::ensemble {

struct VaryRange {
  std::string spec;  // as given, for messages
  std::string key;
  enum class Kind { number, duration, date_shift };
  Kind kind = Kind::number;
  double lo = 0, hi = 0;  // number: the key's units; duration and date_shift: seconds
};

struct VaryPoint {
  std::string spec;
  std::string release;  // the release's name in the scenario
  double radius = 0;    // [m] > 0
};

/// "KEY=LO:HI". io::InputError "--vary SPEC: ..." on a malformed spec, LO or HI that is neither
/// a number nor a duration (signed durations for time.start), or LO >= HI.
VaryRange parse_vary(const std::string& spec);
/// "NAME=RADIUS" (RADIUS a number of metres > 0). io::InputError "--vary-point SPEC: ...".
VaryPoint parse_vary_point(const std::string& spec);

/// The members: keys (columns) and each member's value texts.
struct MemberTable {
  std::vector<std::string> keys;
  std::vector<std::vector<std::string>> values;  // [member][key]
  std::vector<std::string> origin;               // [member] "FILE:LINE" of a CSV member's row; empty otherwise
  std::size_t size() const { return values.size(); }
  /// Member m's overrides, "KEY=VALUE" in key order.
  std::vector<std::string> sets(std::size_t m) const;
};

/// Axes of the unit hypercube: one per range, two per point.
int dimensions(const std::vector<VaryRange>& ranges, const std::vector<VaryPoint>& points);

/// The value texts of unit points u (one row per member, dimensions() columns). `base` is the
/// base scenario (with the --set overrides): the releases' positions and time.start.
/// io::InputError naming the --vary-point when no release has its name.
MemberTable members_from_points(const std::vector<VaryRange>& ranges, const std::vector<VaryPoint>& points,
                                const sim::Scenario& base, const std::vector<std::vector<double>>& u);

/// The members of a CSV table: every column a key, except the bookkeeping columns of a
/// members.csv written by `ria ensemble` (member, status, wall_s, message), which are ignored so
/// that such a file can be given back. io::InputError "FILE:LINE: ..." on an empty value or a
/// table without rows or keys.
MemberTable members_from_table(const io::CsvTable& t);

/// io::InputError "<source>: ..." when a key may not vary: domain.* (members share one grid),
/// gauge.* (the gauges are the stations of the percentiles), output.* and time.output_interval
/// (the ensemble decides what members sample: --sample-interval, --thresholds), or a key that
/// appears twice.
void check_varied_keys(const std::vector<std::string>& keys, const std::string& source);

using ria::shortest_text;  // (ria/number_text.hpp)

/// "YYYY-MM-DDTHH:MM:SSZ" plus whole `seconds` (may be negative), in the same form.
/// std::invalid_argument when `iso` is not in that form.
std::string shift_date(const std::string& iso, long long seconds);

}  // namespace ria::ensemble
