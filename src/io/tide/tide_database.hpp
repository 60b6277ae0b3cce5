// Tide stations from XTide's harmonics database (TCD files, Debian package xtide-data), read with
// libtcd (libtcd-dev): the harmonic constants of reference stations for level boundaries
// (`station = "..."`) and `ria tide`, and the offsets of subordinate stations (`ria tide`). Each file is read in a child process (isolated_read.hpp):
// libtcd aborts the process on a damaged file. Without libtcd (RIA_TCD=OFF) the readers throw
// NotBuiltError (ria/errors.hpp); the name matching (tide_station_names.cpp) is built always.
#pragma once

#include <string>
#include <vector>

#include "io/io_error.hpp"
#include "ria/sim/tide.hpp"

namespace ria::io {

/// A station as the database lists it.
struct TideStationInfo {
  std::string name;
  std::string file;                // the TCD file that holds it
  int record = 0;                  // its record number there
  bool reference = false;          // harmonic constants (else a subordinate station: offsets)
  bool current = false;            // predicts currents (knots), not levels
  std::string reference_name;      // subordinate: the station its offsets refer to
  double latitude = 0, longitude = 0;
  int first_year = 0, last_year = 0;  // the years of its file's node factors and equilibrium arguments
};

/// A station's tide asked for years outside those its database file gives node factors for.
struct TideYearsError : InputError {
  using InputError::InputError;
};

/// The TCD files read: each entry of $HFILE_PATH (colon-separated files or directories, as XTide
/// reads it), else /usr/share/xtide; of a directory, its *.tcd files in name order. IoError when
/// none is there.
std::vector<std::string> tide_database_files();

/// Every station of the database files, in file and record order.
std::vector<TideStationInfo> list_tide_stations();

/// The station `query` names among `stations`: the one whose name equals it (case-insensitive;
/// the first of equal names), else the only one whose name contains it (case-insensitive).
/// InputError otherwise, listing the names that contain it or, when none does, the closest ones.
const TideStationInfo& match_tide_station(const std::vector<TideStationInfo>& stations, const std::string& query);
/// Not on a temporary list: the station returned would refer into it after it is gone.
const TideStationInfo& match_tide_station(std::vector<TideStationInfo>&& stations, const std::string& query) = delete;

/// Stations whose name contains `word` (case-insensitive).
std::vector<TideStationInfo> search_tide_stations(const std::vector<TideStationInfo>& stations, const std::string& word);

/// The harmonic constants of the reference station `query` names (match_tide_station), with node
/// factors and equilibrium arguments for the years [year_from, year_to], amplitudes in metres.
/// InputError for a subordinate or current station, TideYearsError for years outside the database's.
sim::StationTide read_tide_station(const std::string& query, int year_from, int year_to);

/// The offsets of the subordinate station `query` names (match_tide_station) from its reference
/// station, levels in metres: time offsets decoded from the database's hours * 100 + minutes (UTC,
/// libtcd's convention), a multiplier of 0 (the database's "none") as 1. InputError for a
/// reference station (its harmonic constants predict it directly) or a current station.
sim::SubordinateStation read_subordinate_station(const std::string& query);

}  // namespace ria::io
