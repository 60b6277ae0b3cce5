// Partial output files (partial_files.hpp).
#include "app/partial_files.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "io/io_error.hpp"

namespace ria::app {

namespace {
constexpr const char* kSuffix = ".partial";
}

std::string PartialFiles::add(const std::string& final_path) {
  const std::string p = final_path + kSuffix;
  if (std::find(partial_.begin(), partial_.end(), p) == partial_.end()) partial_.push_back(p);
  return p;
}

namespace {
std::string listed(const std::vector<std::string>& paths) {
  std::string list;
  for (const std::string& p : paths) list += (list.empty() ? "" : ", ") + p;
  return list;
}
}  // namespace

void PartialFiles::promote(const std::string& summary) {
  // The earlier summary is set aside (not removed) until a first file is in place: a failure
  // before then puts it back, as the directory is still the earlier run's.
  std::error_code ec;
  const std::string aside = summary + ".replaced";
  const bool set_aside = !summary.empty() && !partial_.empty() && std::filesystem::exists(summary, ec) &&
                         (std::filesystem::rename(summary, aside, ec), !ec);
  for (std::size_t i = 0; i < partial_.size(); ++i) {
    const std::string& p = partial_[i];
    const std::string final_path = p.substr(0, p.size() - std::string(kSuffix).size());
    std::filesystem::rename(p, final_path, ec);
    if (ec) {
      const std::string error = "cannot rename '" + p + "' to '" + final_path + "': " + ec.message();
      partial_.erase(partial_.begin(), partial_.begin() + std::ptrdiff_t(i));  // what is left partial
      std::error_code back;
      if (set_aside && moved_.empty()) std::filesystem::rename(aside, summary, back);
      if (set_aside && !moved_.empty()) std::filesystem::remove(aside, back);
      throw io::IoError(error);
    }
    moved_.push_back(final_path);
  }
  if (set_aside) std::filesystem::remove(aside, ec);
  partial_.clear();
}

std::string PartialFiles::note(const std::string& dir) const {
  std::vector<std::string> left;
  std::error_code ec;
  for (const std::string& p : partial_)  // (a write that failed at its start left none)
    if (std::filesystem::exists(p, ec)) left.push_back(p);
  std::string kept = "; the files of earlier runs in " + dir + "/ are kept as they were";
  if (!moved_.empty())  // a rename failed part way
    kept = "; " + dir + "/ now holds this run's " + listed(moved_) + " but not its other files, and no summary.json";
  if (left.empty()) return partial_.empty() && moved_.empty() ? "" : kept;
  return kept + "; the partial files of this run are " + listed(left);
}

void PartialFiles::remove() {
  for (const std::string& p : partial_) std::remove(p.c_str());
  partial_.clear();
}

std::vector<std::string> PartialFiles::adopt(const std::string& dir,
                                             const std::function<std::string(const std::string&)>& final_name) {
  std::vector<std::string> adopted;
  for (const std::string& name : partials_in(dir)) {
    const std::string stem = name.substr(0, name.size() - std::string(kSuffix).size());
    if (final_name(stem) != stem) continue;
    adopted.push_back(dir + "/" + stem);
    add(adopted.back());
  }
  return adopted;
}

std::string PartialFiles::newest_of(const std::string& final_path) {
  std::error_code e1, e2;
  const auto t_partial = std::filesystem::last_write_time(final_path + kSuffix, e1);
  const auto t_final = std::filesystem::last_write_time(final_path, e2);
  return !e1 && (e2 || t_partial > t_final) ? final_path + kSuffix : final_path;
}

std::vector<std::string> PartialFiles::others_in(const std::string& dir,
                                                const std::function<bool(const std::string&)>& is_output,
                                                const std::vector<std::string>& own) {
  std::vector<std::string> others;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string(), path = dir + "/" + name;
    if (is_output(name) && std::find(own.begin(), own.end(), path) == own.end()) others.push_back(name);
  }
  std::sort(others.begin(), others.end());
  return others;
}

std::vector<std::string> PartialFiles::partials_in(const std::string& dir) {
  const std::string suffix = kSuffix;
  return others_in(dir, [&](const std::string& name) {
    return name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
  }, {});
}

std::string PartialFiles::others_note(const std::string& dir, const std::vector<std::string>& others,
                                      const std::string& noun) {
  if (others.empty()) return "";
  std::string o = dir + "/ also holds " + std::to_string(others.size()) + " " + noun + " this run did not write (" +
                  others.front() + (others.size() > 1 ? " .. " + others.back() : "") +
                  "): an earlier run's, left as they were; move them away to keep the directory one run's";
  return o;
}

}  // namespace ria::app
