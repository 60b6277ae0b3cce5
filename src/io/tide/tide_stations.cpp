// The parts of tide_database.hpp that need no libtcd: where the database files are, and finding a
// station by (part of) its name.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "io/io_error.hpp"
#include "io/text_case.hpp"
#include "io/tide/tide_database.hpp"

namespace ria::io {
namespace {

namespace fs = std::filesystem;

constexpr const char* kDefaultDatabase = "/usr/share/xtide";

// Fewest edits (substitutions, insertions, deletions) that turn `query` into some substring of
// `text` (Sellers 1980): the edit distance with a free start and end in `text`.
std::size_t substring_distance(const std::string& query, const std::string& text) {
  std::vector<std::size_t> prev(text.size() + 1, 0), cur(text.size() + 1);
  for (std::size_t i = 1; i <= query.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= text.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (query[i - 1] == text[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return *std::min_element(prev.begin(), prev.end());
}

std::string describe(const TideStationInfo& s) {
  std::ostringstream o;
  o << "\"" << s.name << "\"";
  if (s.current) o << " (current)";
  else if (!s.reference) o << " (subordinate)";
  return o.str();
}

}  // namespace

std::vector<std::string> tide_database_files() {
  const char* env = std::getenv("HFILE_PATH");
  const std::string path = env && *env ? env : kDefaultDatabase;
  std::vector<std::string> files;
  std::stringstream entries(path);
  std::string entry;
  while (std::getline(entries, entry, ':')) {
    if (entry.empty()) continue;
    std::error_code ec;
    if (fs::is_directory(entry, ec)) {
      std::vector<std::string> in_dir;
      for (const auto& e : fs::directory_iterator(entry, ec))
        if (e.path().extension() == ".tcd") in_dir.push_back(e.path().string());
      std::sort(in_dir.begin(), in_dir.end());
      files.insert(files.end(), in_dir.begin(), in_dir.end());
    } else if (fs::exists(entry, ec)) {
      files.push_back(entry);
    }
  }
  // A file named twice (a directory and the file in it, a path repeated) is one database: its
  // stations would otherwise each be two of the same name.
  std::vector<std::string> once;
  for (const std::string& f : files) {
    std::error_code ec;
    const bool seen = std::any_of(once.begin(), once.end(), [&](const std::string& o) { return fs::equivalent(o, f, ec); });
    if (!seen) once.push_back(f);
  }
  files = once;
  if (files.empty())
    throw IoError(std::string("no tide database: ") + (env && *env ? "HFILE_PATH=\"" + path + "\" names" : "/usr/share/xtide holds") +
                  " no .tcd file (install the Debian package xtide-data, or set HFILE_PATH to a harmonics .tcd file or its directory)");
  return files;
}

const TideStationInfo& match_tide_station(const std::vector<TideStationInfo>& stations, const std::string& query) {
  const std::string q = lower_case(query);
  if (q.empty()) throw InputError("expected the name of a tide station, got \"\"");
  std::vector<const TideStationInfo*> containing;
  for (const TideStationInfo& s : stations) {
    const std::string n = lower_case(s.name);
    if (n == q) return s;
    if (n.find(q) != std::string::npos) containing.push_back(&s);
  }
  if (containing.size() == 1) return *containing.front();
  // Reference stations of levels first: the ones a boundary can take.
  const auto rank = [](const TideStationInfo* s) { return s->current ? 2 : s->reference ? 0 : 1; };
  std::stable_sort(containing.begin(), containing.end(), [&](const auto* a, const auto* b) { return rank(a) < rank(b); });
  constexpr std::size_t kList = 12;
  std::ostringstream o;
  if (!containing.empty()) {
    o << "tide station \"" << query << "\" is ambiguous: " << containing.size() << " stations contain it: ";
    for (std::size_t k = 0; k < std::min(kList, containing.size()); ++k) o << (k ? ", " : "") << describe(*containing[k]);
    if (containing.size() > kList) o << " and " << containing.size() - kList << " more";
    o << "; give the whole name or more of it";
    throw InputError(o.str());
  }
  std::vector<std::pair<std::size_t, const TideStationInfo*>> near;
  for (const TideStationInfo& s : stations) near.push_back({substring_distance(q, lower_case(s.name)), &s});
  std::stable_sort(near.begin(), near.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  o << "no tide station's name contains \"" << query << "\"";
  if (!near.empty()) {
    o << "; the closest are ";
    for (std::size_t k = 0; k < std::min<std::size_t>(5, near.size()); ++k) o << (k ? ", " : "") << describe(*near[k].second);
  }
  o << " (`ria tide --search WORD` lists the stations whose name contains WORD)";
  throw InputError(o.str());
}

std::vector<TideStationInfo> search_tide_stations(const std::vector<TideStationInfo>& stations, const std::string& word) {
  const std::string w = lower_case(word);
  std::vector<TideStationInfo> out;
  for (const TideStationInfo& s : stations)
    if (lower_case(s.name).find(w) != std::string::npos) out.push_back(s);
  return out;
}

}  // namespace ria::io
