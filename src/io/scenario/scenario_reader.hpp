// Checked reading of a TOML document (the scenario file plus `--set` overrides), internal to src/io.
// Every getter checks presence, type and range and throws io::InputError with a message that starts
// "FILE:LINE: " (or "--set KEY: " for a value given on the command line) and says what was expected.
// toml++ stays inside scenario_reader.cpp: tables are handed around as opaque pointers.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ria::io::detail {

/// What messages need to know: the file name and the dotted keys given with --set.
struct Context {
  std::string file;
  std::vector<std::string> set_keys;
};

/// An interval of allowed numbers; text() reads like "> 0", ">= 0" or "in (0, 1]".
struct Range {
  double lo, hi;
  bool lo_open = false, hi_open = false;
  bool contains(double v) const;
  std::string text() const;
};
Range any_number();
Range at_least(double lo);
Range above(double lo);
Range between(double lo, double hi, bool lo_open = false, bool hi_open = false);

/// Plausibility check of a value already read: throws "KEY: got V; expected RANGE (REASON)" (with
/// the table's file and line) unless r contains v.
class Table;
void check_plausible(const Table& t, const std::string& key, double v, const Range& r, const std::string& reason);

/// An output interval of a run of `duration` seconds (maps, gauge samples, snapshots,
/// checkpoints): at most `most` outputs, duration / interval, else throws naming the key, the
/// count and the shortest interval allowed. An interval below that is a unit mistake (a map every
/// millisecond of a week) that would fill the disk and clamp every step to it. 0 (none) passes.
void check_output_count(const Table& t, const std::string& key, double interval, double duration, double most,
                        const std::string& what);

/// The most checkpoints a run may ask for (output.checkpoint_interval of ria run and ria sph run):
/// each one writes the whole state.
constexpr double kMaxCheckpoints = 1e4;

/// The plausible range of a water level [m] (initial.level, a boundary's mean_level), either side of
/// the datum: Earth's deepest ocean is 11 km deep and its highest land 8.8 km high.
constexpr double kMaxLevel = 1e4;
constexpr const char* kMaxLevelWhy =
    "m above the datum: the deepest ocean is 11 km deep and the highest land 8.8 km high; a larger level is a unit "
    "mistake";

/// The plausible range of a bed elevation [m] (a DEM's cells, domain.vertical_offset and
/// fill_elevation), either side of the datum: the deepest ocean is 10.9 km deep and the highest land
/// 8.8 km high. A value beyond it is an undeclared nodata value (-32767, -3.4e38) or a unit mistake.
constexpr double kMaxElevation = 1.2e4;
constexpr const char* kMaxElevationWhy =
    "m: the deepest ocean is 10.9 km deep and the highest land 8.8 km high; a larger elevation is an undeclared "
    "nodata value or a unit mistake";

/// The longest name of a gauge, release or patch: names are drawn on the maps and written in
/// tables, file headers and messages.
constexpr std::size_t kMaxNameLength = 100;
/// A name read from t[key]: 1 to kMaxNameLength characters, none of them a control character;
/// throws naming the key otherwise. `what` names the thing ("scenario", "gauge", "release").
void check_name(const Table& t, const std::string& key, const std::string& name, const std::string& what);

/// Edit distance (substitutions, insertions, deletions) between a and b.
std::size_t levenshtein(const std::string& a, const std::string& b);

/// "; did you mean 'x'?" when `word` is close to one of `options` (Levenshtein distance <=
/// max(2, |word| / 3)), else "; <label>: a, b, c".
std::string suggestion(const std::string& word, const std::vector<std::string>& options, const std::string& label);

/// One table of the document (the root, a [table], an element of an [[array]] or an inline table).
class Table {
 public:
  enum class Type { none, string, integer, floating, boolean, array, table, date_time, other };

  Table(const Context* ctx, const void* table, std::string path, int own_line, int inherited_line);

  /// Dotted path of the table ("" for the root, "physics", "boundary.0") and of one of its keys.
  const std::string& path() const { return path_; }
  std::string key_path(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }
  /// "[physics]", "[boundary.0]" or "the top level" for messages.
  std::string label() const;
  /// Line of the key's value (or of the table when absent / unknown).
  int line(const std::string& key = "") const;
  /// "FILE:LINE: " or "--set KEY: " for a key of this table ("" for the table itself).
  std::string where(const std::string& key = "") const;
  /// Throws InputError: where(key) + key_path(key) + ": " + what.
  [[noreturn]] void fail(const std::string& key, const std::string& what) const;
  /// Throws InputError: where() + what.
  [[noreturn]] void fail_here(const std::string& what) const;

  /// Throws on the first key (in file order) not in `valid`, suggesting the nearest valid key.
  void check_keys(const std::vector<std::string>& valid) const;
  /// Throws on a present key not in `allowed`; `context` says why, e.g. "for kind = \"wall\"".
  void allow_only(const std::vector<std::string>& allowed, const std::string& context) const;

  bool has(const std::string& key) const { return type(key) != Type::none; }
  Type type(const std::string& key) const;
  /// Throws "missing required key" unless present.
  void require(const std::string& key, const std::string& hint = "") const;

  std::optional<double> number(const std::string& key, const Range& r) const;
  double number(const std::string& key, const Range& r, double def) const { return number(key, r).value_or(def); }
  std::optional<long long> integer(const std::string& key, long long lo, long long hi) const;
  std::optional<bool> boolean(const std::string& key) const;
  std::optional<std::string> string(const std::string& key, bool allow_empty = false) const;
  /// A number of seconds or a string parse_duration accepts.
  std::optional<double> duration(const std::string& key, const Range& r) const;
  /// A TOML date-time/date or an ISO 8601 string, normalised to "YYYY-MM-DDTHH:MM:SSZ".
  std::optional<std::string> date_time(const std::string& key) const;
  /// An array of `count` numbers (any length >= 1 when count == 0).
  std::optional<std::vector<double>> numbers(const std::string& key, std::size_t count) const;
  /// An array of `count` non-empty strings.
  std::optional<std::vector<std::string>> strings(const std::string& key, std::size_t count) const;
  /// An array of [x, y] pairs.
  std::optional<std::vector<std::array<double, 2>>> pairs(const std::string& key) const;
  std::optional<std::vector<double>> durations(const std::string& key, const Range& r) const;
  /// One of `names` (the name given); the message lists them.
  std::optional<std::string> choice(const std::string& key, const std::vector<std::string>& names) const;
  /// The value of the name given, from `options` that spell out each {"name", value} pair.
  template <class V>
  std::optional<V> choice(const std::string& key, const std::vector<std::pair<std::string, V>>& options) const {
    std::vector<std::string> names;
    for (const auto& o : options) names.push_back(o.first);
    const std::optional<std::string> name = choice(key, names);
    if (!name) return std::nullopt;
    for (const auto& o : options)
      if (o.first == *name) return o.second;
    return std::nullopt;  // not reached: choice() accepts only the names of `options`
  }
  std::optional<Table> table(const std::string& key) const;
  /// An array of tables ([[key]] or key = [{...}, ...]); empty when absent.
  std::vector<Table> tables(const std::string& key) const;

 private:
  const void* node(const std::string& key) const;
  [[noreturn]] void type_error(const std::string& key, const std::string& expected) const;

  const Context* ctx_;
  const void* table_;
  std::string path_;
  int own_line_, line_;
};

/// Throws: `name` (t[key], or t's default name where it has no `key`) is already used by the
/// `earlier` table, a table of the same array.
[[noreturn]] void fail_name_used(const Table& t, const std::string& key, const std::string& name, const Table& earlier,
                                 const std::string& what);

/// check_name, and that none of the things read so far from the earlier tables of the same array
/// (`read[j]` from `earlier[j]`, each with a `name`) has the name.
template <class Spec>
void check_unique_name(const Table& t, const std::string& key, const std::string& name, const std::vector<Table>& earlier,
                       const std::vector<Spec>& read, const std::string& what) {
  check_name(t, key, name, what);
  for (std::size_t j = 0; j < read.size() && j < earlier.size(); ++j)
    if (read[j].name == name) fail_name_used(t, key, name, earlier[j], what);
}

/// The parsed document with the overrides applied ("dotted.key=VALUE"; VALUE parsed as TOML, else
/// taken as a string; numeric parts index arrays of tables: boundary.0.kind=open).
class Document {
 public:
  Document(const std::string& text, const std::string& name, const std::vector<std::string>& overrides);
  ~Document();
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;
  Table root() const;
  /// The keys given with --set, as written ("physics.manning").
  const std::vector<std::string>& set_keys() const;
  /// The --set overrides as given ("physics.manning=0.03").
  const std::vector<std::string>& overrides() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// The name of a scenario: its `name` key (check_name), else the stem of the file it came from,
/// else "" (text not from a file: a name like "<embedded>").
std::string scenario_name(const Table& root, const std::string& file);

/// The folder a scenario file's relative paths are resolved against: its own, "." for a bare name.
std::string scenario_dir(const std::string& path);

/// What every scenario file (ria run's, ria sph run's) starts its Scenario with: the file's name,
/// the keys given with --set (messages name them), the folder of its paths, its name and its
/// description.
template <class Scenario>
void read_identity(const Document& doc, const Table& root, const std::string& file, const std::string& base_dir,
                   Scenario& s) {
  s.file = file;
  s.set_keys = doc.set_keys();
  s.overrides = doc.overrides();
  s.base_dir = base_dir;
  s.name = scenario_name(root, file);
  s.description = root.string("description", true).value_or("");
}

}  // namespace ria::io::detail
