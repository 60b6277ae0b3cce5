// Text forms of times used by scenario files: durations ("6 h", "90min", 3600) and ISO 8601 UTC
// date-times ("2026-11-23T00:00:00Z"). Internal to src/io; errors come back as text so that the
// caller can prefix the file and line it knows. scenario_time.cpp also defines io::parse_duration
// (declared in scenario_toml.hpp) and needs no toml++.
#pragma once

#include <string>

namespace ria::io::detail {

/// Longest duration any scenario key takes: 1000 years [s]. Beyond it a value is a typo (or an
/// overflow: "1e308 d" is infinite seconds).
constexpr double kMaxDurationSeconds = 1000 * 365.25 * 86400.0;

/// Parses "<number>[ ]<unit>" (unit s, min, h, d and the spelled-out forms; none = seconds) into
/// seconds. Returns false and sets `why` on anything else, a negative value (`why` says the
/// duration expected is `bound`, e.g. "> 0") or one (in seconds, after the unit) beyond
/// kMaxDurationSeconds.
bool try_parse_duration(const std::string& text, double& seconds, std::string& why, const std::string& bound = ">= 0");

/// Normalises a calendar date-time with a UTC offset (minutes east of UTC) to
/// "YYYY-MM-DDTHH:MM:SSZ". Returns false and sets `why` on an invalid date or time.
bool format_utc(int year, int month, int day, int hour, int minute, int second, int offset_minutes,
                std::string& out, std::string& why);

/// Parses ISO 8601 "YYYY-MM-DD[(T| )HH:MM[:SS[.fff]]][Z|(+|-)HH[:]MM]" (no offset = UTC) into
/// the normal form of format_utc; fractional seconds are dropped.
bool try_parse_iso8601(const std::string& text, std::string& out, std::string& why);

/// Writes seconds compactly for messages: "3600 s (1 h)".
std::string describe_seconds(double seconds);

}  // namespace ria::io::detail
