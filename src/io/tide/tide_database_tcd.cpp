// tide_database.hpp through libtcd. libtcd keeps one open database in global state and aborts on
// a damaged file, so each read runs in a child process (read_bytes_in_child) that opens the file,
// encodes what was asked and exits; the parent decodes it.
#include <tcd.h>

#include <cstring>
#include <memory>
#include <stdexcept>

#include "io/io_error.hpp"
#include "io/isolated_read.hpp"
#include "io/tide/tide_database.hpp"

namespace ria::io {
namespace {

constexpr double kFoot = 0.3048;  // [m], the international foot

// Length-prefixed fields: a number is 8 bytes of a double, a string its length (as a number) then
// its bytes.
struct Encoder {
  std::string bytes;
  void number(double v) { bytes.append(reinterpret_cast<const char*>(&v), sizeof v); }
  void text(const std::string& s) {
    number(static_cast<double>(s.size()));
    bytes += s;
  }
};

struct Decoder {
  const std::string& bytes;
  std::size_t at = 0;
  double number() {
    double v = 0;
    if (at + sizeof v > bytes.size()) throw std::runtime_error("tide database reader: answer cut short");
    std::memcpy(&v, bytes.data() + at, sizeof v);
    at += sizeof v;
    return v;
  }
  std::string text() {
    const auto n = static_cast<std::size_t>(number());
    if (at + n > bytes.size()) throw std::runtime_error("tide database reader: answer cut short");
    std::string s = bytes.substr(at, n);
    at += n;
    return s;
  }
  bool done() const { return at == bytes.size(); }
};

// Opens `file` (in the child). libtcd prints its own reason on stderr.
DB_HEADER_PUBLIC open_database(const std::string& file) {
  std::string name = file;  // open_tide_db takes a non-const char*
  if (!open_tide_db(name.data()))
    throw InputError("tide database " + file + ": libtcd cannot open it (not a TCD file, or damaged)");
  return get_tide_db_header();
}

// Metres per unit of a station's levels, or 0 for a current station (knots).
double level_scale(const TIDE_RECORD& r) {
  const std::string units = get_level_units(r.level_units);
  if (units == "feet") return kFoot;
  if (units == "meters") return 1.0;
  return 0;
}

std::string read_list(const std::string& file) {
  const DB_HEADER_PUBLIC h = open_database(file);
  auto r = std::make_unique<TIDE_RECORD>();
  Encoder e;
  e.number(h.start_year);
  e.number(h.start_year + static_cast<double>(h.number_of_years) - 1);
  e.number(h.number_of_records);
  for (NV_U_INT32 i = 0; i < h.number_of_records; ++i) {
    if (read_tide_record(static_cast<NV_INT32>(i), r.get()) < 0)
      throw InputError("tide database " + file + ": libtcd cannot read station record " + std::to_string(i));
    e.text(r->header.name);
    e.number(r->header.record_type == REFERENCE_STATION ? 1 : 0);
    e.number(level_scale(*r) == 0 ? 1 : 0);
    e.number(r->header.reference_station);
    e.number(r->header.latitude);
    e.number(r->header.longitude);
  }
  return e.bytes;
}

/// Station record `record` of the database `file` (opened by open_database before).
std::unique_ptr<TIDE_RECORD> read_record(const std::string& file, int record) {
  auto r = std::make_unique<TIDE_RECORD>();
  if (read_tide_record(record, r.get()) < 0)
    throw InputError("tide database " + file + ": libtcd cannot read station record " + std::to_string(record));
  return r;
}

std::string read_station(const std::string& file, int record, int year_from, int year_to) {
  const DB_HEADER_PUBLIC h = open_database(file);
  const std::unique_ptr<TIDE_RECORD> r = read_record(file, record);
  // The caller checked the years against the file's (read_tide_station).
  const double scale = level_scale(*r);
  Encoder e;
  e.text(r->header.name);
  e.number(r->header.latitude);
  e.number(r->header.longitude);
  e.text(get_datum(r->datum));
  e.number(r->datum_offset * scale);
  NV_U_INT32 count = 0;
  for (NV_U_INT32 k = 0; k < h.constituents; ++k) count += r->amplitude[k] != 0 ? 1 : 0;
  e.number(count);
  for (NV_U_INT32 k = 0; k < h.constituents; ++k) {
    if (r->amplitude[k] == 0) continue;
    const auto c = static_cast<NV_INT32>(k);
    e.text(get_constituent(c));
    e.number(get_speed(c));
    e.number(r->amplitude[k] * scale);
    e.number(r->epoch[k]);
    for (int y = year_from; y <= year_to; ++y) {
      e.number(get_node_factor(c, y - h.start_year));
      e.number(get_equilibrium(c, y - h.start_year));
    }
  }
  return e.bytes;
}

// An offset of time as the database encodes it, hours * 100 + minutes with the sign of the whole
// (-130 = -1 h 30 min), in seconds.
double decode_time_offset(NV_INT32 v) {
  const double sign = v < 0 ? -1 : 1;
  const long long a = v < 0 ? -static_cast<long long>(v) : v;
  return sign * static_cast<double>((a / 100) * 3600 + (a % 100) * 60);
}

std::string read_offsets(const std::string& file, int record) {
  open_database(file);
  const std::unique_ptr<TIDE_RECORD> r = read_record(file, record);
  const double scale = level_scale(*r);
  Encoder e;
  e.text(r->header.name);
  e.number(r->header.latitude);
  e.number(r->header.longitude);
  e.number(decode_time_offset(r->max_time_add));
  e.number(decode_time_offset(r->min_time_add));
  e.number(r->max_level_multiply == 0 ? 1.0 : r->max_level_multiply);
  e.number(r->min_level_multiply == 0 ? 1.0 : r->min_level_multiply);
  e.number(r->max_level_add * scale);
  e.number(r->min_level_add * scale);
  return e.bytes;
}

}  // namespace

std::vector<TideStationInfo> list_tide_stations() {
  std::vector<TideStationInfo> out;
  for (const std::string& file : tide_database_files()) {
    const std::string bytes = read_bytes_in_child([&] { return read_list(file); }, "tide database " + file, "libtcd");
    Decoder d{bytes};
    const int first_year = static_cast<int>(d.number()), last_year = static_cast<int>(d.number());
    const auto n = static_cast<std::size_t>(d.number());
    const std::size_t first = out.size();
    std::vector<int> reference(n);
    for (std::size_t i = 0; i < n; ++i) {
      TideStationInfo s;
      s.name = d.text();
      s.file = file;
      s.record = static_cast<int>(i);
      s.reference = d.number() != 0;
      s.current = d.number() != 0;
      reference[i] = static_cast<int>(d.number());
      s.latitude = d.number();
      s.longitude = d.number();
      s.first_year = first_year, s.last_year = last_year;
      out.push_back(s);
    }
    for (std::size_t i = 0; i < n; ++i)
      if (!out[first + i].reference && reference[i] >= 0 && static_cast<std::size_t>(reference[i]) < n)
        out[first + i].reference_name = out[first + reference[i]].name;
  }
  return out;
}

sim::StationTide read_tide_station(const std::string& query, int year_from, int year_to) {
  const std::vector<TideStationInfo> stations = list_tide_stations();
  const TideStationInfo& s = match_tide_station(stations, query);
  if (s.current)
    throw InputError("tide station \"" + s.name + "\" predicts currents (knots), not levels; give a station of levels");
  if (!s.reference)
    throw InputError("tide station \"" + s.name + "\" is a subordinate station: the database gives its high and low waters as "
                     "time and height offsets from \"" + s.reference_name + "\", not harmonic constants; ria predicts "
                     "from the harmonic constants of a reference station, such as \"" + s.reference_name + "\"");
  if (year_from < s.first_year || year_to > s.last_year)
    throw TideYearsError("tide database " + s.file + " gives node factors and equilibrium arguments for the years " +
                         std::to_string(s.first_year) + " to " + std::to_string(s.last_year) + ", not " +
                         std::to_string(year_from) + (year_to != year_from ? " to " + std::to_string(year_to) : ""));
  const std::string bytes = read_bytes_in_child([&] { return read_station(s.file, s.record, year_from, year_to); },
                                                "tide database " + s.file, "libtcd");
  Decoder d{bytes};
  sim::StationTide t;
  t.name = d.text();
  t.latitude = d.number();
  t.longitude = d.number();
  t.datum = d.text();
  t.datum_offset = d.number();
  t.first_year = year_from;
  const auto count = static_cast<std::size_t>(d.number());
  for (std::size_t k = 0; k < count; ++k) {
    sim::StationTide::Constituent c;
    c.name = d.text();
    c.speed = d.number();
    c.amplitude = d.number();
    c.kappa = d.number();
    for (int y = year_from; y <= year_to; ++y) {
      c.node_factor.push_back(d.number());
      c.equilibrium.push_back(d.number());
    }
    t.constituents.push_back(c);
  }
  if (!d.done()) throw std::runtime_error("tide database reader: answer longer than expected");
  return t;
}

sim::SubordinateStation read_subordinate_station(const std::string& query) {
  const std::vector<TideStationInfo> stations = list_tide_stations();
  const TideStationInfo& s = match_tide_station(stations, query);
  if (s.current)
    throw InputError("tide station \"" + s.name + "\" predicts currents (knots), not levels; give a station of levels");
  if (s.reference)
    throw InputError("tide station \"" + s.name + "\" is a reference station: its harmonic constants predict it, it has no "
                     "offsets from another station");
  const std::string bytes = read_bytes_in_child([&] { return read_offsets(s.file, s.record); }, "tide database " + s.file,
                                                "libtcd");
  Decoder d{bytes};
  sim::SubordinateStation o;
  o.name = d.text();
  o.reference_name = s.reference_name;
  o.latitude = d.number();
  o.longitude = d.number();
  o.high_time = d.number();
  o.low_time = d.number();
  o.high_multiply = d.number();
  o.low_multiply = d.number();
  o.high_add = d.number();
  o.low_add = d.number();
  if (!d.done()) throw std::runtime_error("tide database reader: answer longer than expected");
  if (o.reference_name.empty())
    throw InputError("tide station \"" + s.name + "\" is a subordinate station whose reference station is not in " + s.file);
  return o;
}

}  // namespace ria::io
