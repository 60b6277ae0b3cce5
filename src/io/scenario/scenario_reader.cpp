#include "io/scenario/scenario_reader.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "io/io_error.hpp"
#include "io/text_case.hpp"
#include "io/scenario/toml_guard.hpp"
#include "io/scenario/scenario_time.hpp"

namespace ria::io::detail {
namespace {

const toml::table& tab(const void* p) { return *static_cast<const toml::table*>(p); }

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::string join(const std::vector<std::string>& v, const char* quote = "") {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + std::string(quote) + x + quote;
  return s;
}

/// `s` in double quotes, with \" \\ and control characters escaped as in TOML basic strings.
std::string quote(const std::string& s) {
  std::string o = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\', o += c;
    else if (c == '\n') o += "\\n";
    else if (c == '\t') o += "\\t";
    else if (static_cast<unsigned char>(c) < 0x20) o += '?';
    else o += c;
  }
  return o + "\"";
}

/// "string \"fast\"", "integer 3", "boolean true", "an array", ... for "got ..." in messages.
std::string describe(const toml::node& n) {
  std::ostringstream o;
  switch (n.type()) {
    case toml::node_type::string: o << "string " << quote(n.as_string()->get()); break;
    case toml::node_type::integer: o << "integer " << n.as_integer()->get(); break;
    case toml::node_type::floating_point: o << "number " << num(n.as_floating_point()->get()); break;
    case toml::node_type::boolean: o << "boolean " << (n.as_boolean()->get() ? "true" : "false"); break;
    case toml::node_type::date_time: o << "date-time " << *n.as_date_time(); break;
    case toml::node_type::date: o << "date " << *n.as_date(); break;
    case toml::node_type::time: o << "time " << *n.as_time(); break;
    case toml::node_type::array: o << "an array"; break;
    case toml::node_type::table: o << "a table"; break;
    default: o << "nothing"; break;
  }
  return o.str();
}

/// Seconds from a number or a duration string; false with `why` otherwise.
/// A duration node in seconds; false with `why` otherwise (a negative one: expected `bound`, the
/// key's range, so that -1 and 0 get the same bound where 0 is refused too).
bool node_duration(const toml::node& n, double& s, std::string& why, const std::string& bound) {
  if (n.is_number()) {
    s = n.value<double>().value_or(0.0);
    if (!std::isfinite(s) || s < 0) {
      why = "expected a duration " + (bound.empty() ? std::string(">= 0") : bound) + ", got " + num(s);
      return false;
    }
    if (s > kMaxDurationSeconds) {
      why = "expected a duration of at most 1000 years (" + describe_seconds(kMaxDurationSeconds) + "), got " + num(s) + " s";
      return false;
    }
    return true;
  }
  if (n.is_string()) return try_parse_duration(n.as_string()->get(), s, why, bound.empty() ? ">= 0" : bound);
  why = "expected a duration (a number of seconds or a string such as \"6 h\"), got " + describe(n);
  return false;
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

bool starts_with(const std::string& s, const std::string& p) { return s.compare(0, p.size(), p) == 0; }

bool is_index(const std::string& s) {
  return !s.empty() && s.size() < 10 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::size_t levenshtein(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

bool Range::contains(double v) const {
  return (lo_open ? v > lo : v >= lo) && (hi_open ? v < hi : v <= hi);
}

std::string Range::text() const {
  const bool has_lo = std::isfinite(lo), has_hi = std::isfinite(hi);
  if (has_lo && has_hi)
    return std::string("in ") + (lo_open ? "(" : "[") + num(lo) + ", " + num(hi) + (hi_open ? ")" : "]");
  if (has_lo) return (lo_open ? "> " : ">= ") + num(lo);
  if (has_hi) return (hi_open ? "< " : "<= ") + num(hi);
  return "";
}

Range any_number() { return {-INFINITY, INFINITY}; }
Range at_least(double lo) { return {lo, INFINITY}; }
Range above(double lo) { return {lo, INFINITY, true, false}; }
Range between(double lo, double hi, bool lo_open, bool hi_open) { return {lo, hi, lo_open, hi_open}; }

void check_plausible(const Table& t, const std::string& key, double v, const Range& r, const std::string& reason) {
  if (!r.contains(v)) t.fail(key, "got " + num(v) + "; expected " + r.text() + " (" + reason + ")");
}

void check_output_count(const Table& t, const std::string& key, double interval, double duration, double most,
                        const std::string& what) {
  if (!(interval > 0) || duration / interval <= most) return;
  t.fail(key, "expected at most " + num(most) + " " + what + " over time.duration (" + describe_seconds(duration) +
                  "), that is an interval of at least " + describe_seconds(duration / most) + "; got " +
                  describe_seconds(interval) + ", " + num(std::ceil(duration / interval)) + " of them");
}

void check_name(const Table& t, const std::string& key, const std::string& name, const std::string& what) {
  // Characters, not bytes: UTF-8 continuation bytes (10xxxxxx) start none.
  const std::size_t chars = static_cast<std::size_t>(
      std::count_if(name.begin(), name.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
  if (name.empty() || chars > kMaxNameLength)
    t.fail(key, "expected a " + what + " name of 1 to " + std::to_string(kMaxNameLength) + " characters, got " +
                    std::to_string(chars));
  for (const char c : name)
    if (static_cast<unsigned char>(c) < ' ' || c == 0x7f)
      t.fail(key, "expected a " + what + " name without control characters (tabs, line breaks)");
}

std::string scenario_name(const Table& root, const std::string& file) {
  if (auto v = root.string("name")) {
    check_name(root, "name", *v, "scenario");
    return *v;
  }
  if (!file.empty() && file.front() != '<') return std::filesystem::path(file).stem().string();
  return "";
}

std::string scenario_dir(const std::string& path) {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  return dir.empty() ? "." : dir;
}

void fail_name_used(const Table& t, const std::string& key, const std::string& name, const Table& earlier,
                    const std::string& what) {
  // A table without the key has a default name ("release_1"): the message says so rather than
  // name a key the file does not have, and says how to tell the two apart.
  // Where the earlier name was given: its line, or the --set that gave it.
  const std::string given = earlier.where(earlier.has(key) ? key : "");
  const std::string line = given.rfind("--set ", 0) == 0 ? " (" + given.substr(0, given.size() - 2)
                                                          : " (line " + std::to_string(earlier.line(key));
  if (!t.has(key))
    t.fail_here(t.path() + " has no " + key + ", and its default " + what + " name '" + name + "' is already used by " +
                earlier.path() + line + "); give each " + what + " its own " + key + " (" + key + " = \"...\")");
  if (!earlier.has(key))
    t.fail(key, what + " name '" + name + "' is already the default name of " + earlier.path() + line + ", which has no " +
                    key + "); " + what + " names must be unique: give " + earlier.path() + " a " + key + " too");
  t.fail(key, what + " name '" + name + "' is already used by " + earlier.path() + line + "); " + what +
                  " names must be unique");
}

std::string suggestion(const std::string& word, const std::vector<std::string>& options, const std::string& label) {
  // A unique abbreviation ("r" for "radius", "desc" for "description") wins over the edit distance.
  std::vector<std::string> prefixed;
  for (const auto& o : options)
    if (!word.empty() && starts_with(lower_case(o), lower_case(word))) prefixed.push_back(o);
  if (prefixed.size() == 1) return "; did you mean '" + prefixed[0] + "'?";
  std::size_t best = SIZE_MAX;
  std::string best_word;
  for (const auto& o : options) {
    const std::size_t d = levenshtein(lower_case(word), lower_case(o));
    if (d < best) best = d, best_word = o;
  }
  if (!best_word.empty() && best <= std::max<std::size_t>(2, word.size() / 3))
    return "; did you mean '" + best_word + "'?";
  return "; " + label + ": " + join(options);
}

// ---- Table ------------------------------------------------------------------------------------

Table::Table(const Context* ctx, const void* table, std::string path, int own_line, int inherited_line)
    : ctx_(ctx), table_(table), path_(std::move(path)), own_line_(own_line),
      line_(own_line > 0 ? own_line : std::max(1, inherited_line)) {}

std::string Table::label() const { return path_.empty() ? "the top level" : "[" + path_ + "]"; }

const void* Table::node(const std::string& key) const { return tab(table_).get(key); }

Table::Type Table::type(const std::string& key) const {
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return Type::none;
  switch (n->type()) {
    case toml::node_type::string: return Type::string;
    case toml::node_type::integer: return Type::integer;
    case toml::node_type::floating_point: return Type::floating;
    case toml::node_type::boolean: return Type::boolean;
    case toml::node_type::array: return Type::array;
    case toml::node_type::table: return Type::table;
    case toml::node_type::date_time:
    case toml::node_type::date: return Type::date_time;
    default: return Type::other;
  }
}

int Table::line(const std::string& key) const {
  if (!key.empty())
    if (const auto* n = static_cast<const toml::node*>(node(key)); n && n->source().begin.line > 0)
      return static_cast<int>(n->source().begin.line);
  return line_;
}

std::string Table::where(const std::string& key) const {
  const std::string kp = key.empty() ? path_ : key_path(key);
  {
    // A table that a --set created (no line of the file: --set physics.foo.bar=1 makes
    // [physics.foo], which is then the unknown key) is that --set's.
    const auto* n = key.empty() ? nullptr : static_cast<const toml::node*>(node(key));
    const bool created = key.empty() ? own_line_ <= 0 : n && n->source().begin.line == 0;
    for (const auto& s : ctx_->set_keys)
      if (!kp.empty() && (kp == s || starts_with(kp, s + ".") || (created && starts_with(s, kp + "."))))
        return "--set " + s + ": ";
  }
  const auto at = [&](int l) { return ctx_->file + ":" + std::to_string(l) + ": "; };
  if (!key.empty())
    if (const auto* n = static_cast<const toml::node*>(node(key)); n && n->source().begin.line > 0)
      return at(static_cast<int>(n->source().begin.line));
  if (own_line_ > 0) return at(own_line_);
  for (const auto& s : ctx_->set_keys)
    if (starts_with(s, path_ + ".")) return "--set " + s + ": ";
  return at(line_);
}

void Table::fail(const std::string& key, const std::string& what) const {
  throw InputError(where(key) + key_path(key) + ": " + what);
}

void Table::fail_here(const std::string& what) const { throw InputError(where() + what); }

void Table::type_error(const std::string& key, const std::string& expected) const {
  fail(key, "expected " + expected + ", got " + describe(*static_cast<const toml::node*>(node(key))));
}

void Table::check_keys(const std::vector<std::string>& valid) const {
  std::string bad;
  int bad_line = INT_MAX;
  for (auto&& [k, v] : tab(table_)) {
    const std::string key(k.str());
    if (std::find(valid.begin(), valid.end(), key) != valid.end()) continue;
    const int l = k.source().begin.line > 0 ? static_cast<int>(k.source().begin.line) : INT_MAX - 1;
    if (l < bad_line) bad_line = l, bad = key;
  }
  if (!bad.empty())
    throw InputError(where(bad) + "unknown key '" + bad + "' in " + label() + suggestion(bad, valid, "valid keys are"));
}

void Table::allow_only(const std::vector<std::string>& allowed, const std::string& context) const {
  std::string bad;
  int bad_line = INT_MAX;
  for (auto&& [k, v] : tab(table_)) {
    const std::string key(k.str());
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    const int l = line(key);
    if (l < bad_line) bad_line = l, bad = key;
  }
  if (!bad.empty()) fail(bad, "not used " + context + " (keys used " + context + ": " + join(allowed) + ")");
}

void Table::require(const std::string& key, const std::string& hint) const {
  if (!has(key))
    fail_here("missing required key '" + key + "' in " + label() + (hint.empty() ? "" : " (" + hint + ")"));
}

std::optional<double> Table::number(const std::string& key, const Range& r) const {
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return std::nullopt;
  if (!n->is_number()) type_error(key, r.text().empty() ? "a number" : "a number " + r.text());
  const double v = n->value<double>().value_or(0.0);
  if (!std::isfinite(v)) fail(key, "expected a finite number, got " + num(v));
  if (!r.contains(v)) fail(key, "expected a number " + r.text() + ", got " + num(v));
  return v;
}

std::optional<long long> Table::integer(const std::string& key, long long lo, long long hi) const {
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return std::nullopt;
  const std::string range = "in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
  if (!n->is_integer()) type_error(key, "an integer " + range);
  const long long v = n->as_integer()->get();
  if (v < lo || v > hi) fail(key, "expected an integer " + range + ", got " + std::to_string(v));
  return v;
}

std::optional<bool> Table::boolean(const std::string& key) const {
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return std::nullopt;
  if (!n->is_boolean()) type_error(key, "true or false");
  return n->as_boolean()->get();
}

std::optional<std::string> Table::string(const std::string& key, bool allow_empty) const {
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return std::nullopt;
  if (!n->is_string()) type_error(key, "a string");
  std::string s = n->as_string()->get();
  if (!allow_empty && trim(s).empty()) fail(key, "expected a non-empty string");
  return s;
}

std::optional<double> Table::duration(const std::string& key, const Range& r) const {
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return std::nullopt;
  double s = 0;
  std::string why;
  if (!node_duration(*n, s, why, r.text())) fail(key, why);
  if (!r.contains(s)) fail(key, "expected a duration " + r.text() + " s, got " + describe_seconds(s));
  return s;
}

std::optional<std::string> Table::date_time(const std::string& key) const {
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return std::nullopt;
  std::string out, why;
  bool ok = false;
  if (const auto* dt = n->as_date_time()) {
    const toml::date_time& v = dt->get();
    ok = format_utc(v.date.year, v.date.month, v.date.day, v.time.hour, v.time.minute, v.time.second,
                    v.offset ? v.offset->minutes : 0, out, why);
  } else if (const auto* d = n->as_date()) {
    ok = format_utc(d->get().year, d->get().month, d->get().day, 0, 0, 0, 0, out, why);
  } else if (n->is_string()) {
    ok = try_parse_iso8601(n->as_string()->get(), out, why);
  } else {
    type_error(key, "a date-time such as 2026-11-23T00:00:00Z");
  }
  if (!ok) fail(key, why);
  return out;
}

std::optional<std::vector<double>> Table::numbers(const std::string& key, std::size_t count) const {
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return std::nullopt;
  const std::string expected =
      count ? "an array of " + std::to_string(count) + " numbers" : std::string("an array of numbers");
  const auto* a = n->as_array();
  if (!a) type_error(key, expected);
  if ((count && a->size() != count) || a->empty())
    fail(key, "expected " + expected + ", got " + std::to_string(a->size()) + " elements");
  std::vector<double> v;
  for (const auto& e : *a) {
    if (!e.is_number() || !std::isfinite(e.value<double>().value_or(0.0)))
      fail(key, "expected " + expected + ", got an element " + describe(e));
    v.push_back(e.value<double>().value_or(0.0));
  }
  return v;
}

std::optional<std::vector<std::string>> Table::strings(const std::string& key, std::size_t count) const {
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return std::nullopt;
  const std::string expected = "an array of " + std::to_string(count) + " non-empty strings";
  const auto* a = n->as_array();
  if (!a) type_error(key, expected);
  if (a->size() != count) fail(key, "expected " + expected + ", got " + std::to_string(a->size()) + " elements");
  std::vector<std::string> v;
  for (const auto& e : *a) {
    if (!e.is_string() || trim(e.as_string()->get()).empty())
      fail(key, "expected " + expected + ", got an element " + describe(e));
    v.push_back(e.as_string()->get());
  }
  return v;
}

std::optional<std::vector<std::array<double, 2>>> Table::pairs(const std::string& key) const {
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return std::nullopt;
  const auto* a = n->as_array();
  if (!a) type_error(key, "an array of [x, y] pairs");
  std::vector<std::array<double, 2>> v;
  for (std::size_t i = 0; i < a->size(); ++i) {
    const std::string element = "expected an array of [x, y] pairs of numbers, element " + std::to_string(i);
    const auto* p = a->get(i)->as_array();
    if (!p) fail(key, element + " is " + describe(*a->get(i)));
    if (p->size() != 2) fail(key, element + " has " + std::to_string(p->size()) + " entr" + (p->size() == 1 ? "y" : "ies"));
    for (std::size_t c = 0; c < 2; ++c) {
      const toml::node& x = *p->get(c);
      if (!x.is_number() || !std::isfinite(x.value<double>().value_or(0.0)))
        fail(key, element + ": its " + (c == 0 ? "x" : "y") + " is " + describe(x) +
                      (x.is_number() ? ", not finite" : c == 0 && x.is_string() ? ", not a number (a time is in seconds)" : ", not a number"));
    }
    v.push_back({p->get(0)->value<double>().value_or(0.0), p->get(1)->value<double>().value_or(0.0)});
  }
  return v;
}

std::optional<std::vector<double>> Table::durations(const std::string& key, const Range& r) const {
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return std::nullopt;
  const auto* a = n->as_array();
  if (!a) type_error(key, "an array of durations (numbers of seconds or strings such as \"6 h\")");
  std::vector<double> v;
  for (std::size_t i = 0; i < a->size(); ++i) {
    double s = 0;
    std::string why;
    if (!node_duration(*a->get(i), s, why, r.text())) fail(key, "element " + std::to_string(i) + ": " + why);
    if (!r.contains(s))
      fail(key, "element " + std::to_string(i) + ": expected a duration " + r.text() + " s, got " + describe_seconds(s));
    v.push_back(s);
  }
  return v;
}

std::optional<std::string> Table::choice(const std::string& key, const std::vector<std::string>& names) const {
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return std::nullopt;
  if (!n->is_string()) type_error(key, "one of " + join(names, "\""));
  const std::string s = n->as_string()->get();
  for (const std::string& name : names)
    if (s == name) return s;
  const std::string hint = suggestion(s, names, "");
  fail(key, "expected one of " + join(names, "\"") + ", got \"" + s + "\"" + (starts_with(hint, "; did") ? hint : ""));
}

std::optional<Table> Table::table(const std::string& key) const {
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return std::nullopt;
  if (!n->is_table()) type_error(key, "a table");
  return Table(ctx_, n->as_table(), key_path(key), static_cast<int>(n->source().begin.line), line_);
}

std::vector<Table> Table::tables(const std::string& key) const {
  const auto* n = static_cast<const toml::node*>(node(key));
  std::vector<Table> v;
  if (!n) return v;
  const auto* a = n->as_array();
  const std::string expected =
      path_.empty() ? "an array of tables ([[" + key + "]] sections)" : "an array of tables ([{...}, {...}])";
  if (!a) type_error(key, expected);
  for (std::size_t i = 0; i < a->size(); ++i) {
    const auto* t = a->get(i)->as_table();
    if (!t) fail(key, "expected " + expected + ", element " + std::to_string(i) + " is " + describe(*a->get(i)));
    v.emplace_back(ctx_, t, key_path(key) + "." + std::to_string(i), static_cast<int>(t->source().begin.line), line(key));
  }
  return v;
}

// ---- Document ---------------------------------------------------------------------------------

struct Document::Impl {
  toml::table root;
  Context ctx;
  std::vector<std::string> overrides;
};

namespace {

/// Applies one "dotted.key=VALUE" to `root`; returns the key as written.
std::string apply_override(toml::table& root, const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos)
    throw InputError("--set " + text + ": expected KEY=VALUE, e.g. --set physics.manning=0.03");
  const std::string key = trim(text.substr(0, eq)), value = trim(text.substr(eq + 1));
  const std::string at = "--set " + key + ": ";
  std::vector<std::string> segs;
  for (std::size_t b = 0;;) {
    const auto e = key.find('.', b);
    segs.push_back(key.substr(b, e == std::string::npos ? std::string::npos : e - b));
    if (e == std::string::npos) break;
    b = e + 1;
  }
  for (const auto& s : segs)
    if (s.empty() || !std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; }))
      throw InputError(at + "invalid key (expected dotted.key of letters, digits, '_' and '-', e.g. time.duration)");

  // The value as TOML ("0.03", "false", "[1, 2]", "\"open\""), else as a bare string ("2h", "open").
  toml::table parsed;
  try {
    if (toml_text_problem("v = " + value)) throw std::invalid_argument("not TOML");  // e.g. a bare name Ría
    parsed = toml::parse("v = " + value, std::string_view("--set"));
    if (parsed.size() != 1 || !parsed.contains("v")) parsed = toml::table{};
  } catch (const std::exception&) {  // toml::parse_error, or not TOML at all: a bare string
    parsed = toml::table{};
  }
  if (parsed.empty()) parsed.insert("v", value);
  toml::node& v = *parsed.get("v");

  toml::node* cur = &root;
  std::string walked;
  for (std::size_t i = 0; i < segs.size(); ++i) {
    const bool last = i + 1 == segs.size();
    const std::string& seg = segs[i];
    if (auto* t = cur->as_table()) {
      if (last) {
        t->insert_or_assign(seg, std::move(v));
        break;
      }
      toml::node* child = t->get(seg);
      if (!child) {
        if (is_index(segs[i + 1]))
          throw InputError(at + "index " + segs[i + 1] + " is past the end of '" + (walked.empty() ? "" : walked + ".") +
                           seg + "' (it has no elements)");
        child = &t->insert_or_assign(seg, toml::table{}).first->second;
      }
      cur = child;
    } else if (auto* a = cur->as_array()) {
      if (!is_index(seg))
        throw InputError(at + "'" + walked + "' is an array: expected an index after it, got '" + seg + "'");
      const std::size_t idx = std::stoul(seg);
      if (idx >= a->size())
        throw InputError(at + "index " + seg + " is past the end of '" + walked + "' (" + std::to_string(a->size()) +
                         " element" + (a->size() == 1 ? "" : "s") + ")");
      if (last) {
        a->replace(a->cbegin() + static_cast<std::ptrdiff_t>(idx), std::move(v));
        break;
      }
      cur = a->get(idx);
    } else {
      throw InputError(at + "'" + walked + "' is a value, not a table");
    }
    walked += (walked.empty() ? "" : ".") + seg;
  }
  return key;
}

}  // namespace

Document::Document(const std::string& text, const std::string& name, const std::vector<std::string>& overrides)
    : impl_(std::make_unique<Impl>()) {
  impl_->ctx.file = name;
  if (const auto p = toml_text_problem(text))
    throw InputError(name + ":" + std::to_string(p->line) + ":" + std::to_string(p->column) + ": " + p->what);
  try {
    impl_->root = toml::parse(text, std::string_view(name));
  } catch (const toml::parse_error& e) {
    const auto& b = e.source().begin;
    throw InputError(name + ":" + std::to_string(b.line) + ":" + std::to_string(b.column) + ": TOML syntax error: " +
                     std::string(e.description()));
  }
  for (const auto& o : overrides) impl_->ctx.set_keys.push_back(apply_override(impl_->root, o));
  impl_->overrides = overrides;
}

Document::~Document() = default;

Table Document::root() const { return Table(&impl_->ctx, &impl_->root, "", 1, 1); }

const std::vector<std::string>& Document::set_keys() const { return impl_->ctx.set_keys; }

const std::vector<std::string>& Document::overrides() const { return impl_->overrides; }

}  // namespace ria::io::detail
