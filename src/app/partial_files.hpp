// The files a run writes as "<final>.partial" and renames into place only when it ends in order
// (`ria run`'s maps and gauges, `ria sph run`'s series and snapshots), so that a run that fails or
// is killed leaves an earlier run's files in the directory as they were.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace ria::app {

class PartialFiles {
 public:
  /// The partial name of `final_path`, remembered (once) for promote(), note() and remove().
  std::string add(const std::string& final_path);
  /// Renames every partial file to its final name (IoError naming the file on failure; the files
  /// renamed before it are moved(), the rest stay partial). `summary`, the file that describes the
  /// files (written after this), is gone once the first is renamed: a directory whose renames were
  /// cut short (a kill, a failure) has none to describe two runs' files as one's. (A failure of the
  /// first rename leaves it as it was.)
  void promote(const std::string& summary);
  /// The final paths promote() put in place.
  const std::vector<std::string>& moved() const { return moved_; }
  /// "; the files of earlier runs in DIR/ are kept as they were; the partial files of this run are
  /// A, B" ("; DIR/ now holds this run's X but not its other files, and no summary.json; ..." after
  /// a rename failed part way), or "" when there are none: the end of an error message of a run
  /// that stopped.
  std::string note(const std::string& dir) const;
  /// Removes the partial files (a run that stopped before its first step).
  void remove();
  /// The partial files in `dir` left by a run that was killed or failed, which a run resumed from
  /// its checkpoint takes as its own: each whose name (without ".partial") `final_name` returns
  /// unchanged (it names a file of this kind up to the checkpoint; "" otherwise), remembered for
  /// promote(). Returns their final paths.
  std::vector<std::string> adopt(const std::string& dir, const std::function<std::string(const std::string&)>& final_name);
  /// The file a resumed run continues: the partial one when it is newer than the final one (a run
  /// that was killed or failed after the last complete one) or the final one is missing.
  static std::string newest_of(const std::string& final_path);
  /// The partial files in `dir` (names ending ".partial"), sorted.
  static std::vector<std::string> partials_in(const std::string& dir);
  /// The files in `dir` that `is_output` takes for outputs of the run's kind (its maps, its
  /// snapshots) and that are not among `own` (the final paths the run wrote or adopted), sorted:
  /// an earlier run's, which a run leaves as they were and names at its end (others_note).
  static std::vector<std::string> others_in(const std::string& dir, const std::function<bool(const std::string&)>& is_output,
                                            const std::vector<std::string>& own);
  /// "DIR/ also holds N <noun> this run did not write (FIRST .. LAST): an earlier run's, left as
  /// they were; move them away to keep the directory one run's", or "" when `others` is empty.
  static std::string others_note(const std::string& dir, const std::vector<std::string>& others, const std::string& noun);

 private:
  std::vector<std::string> partial_;
  std::vector<std::string> moved_;  // renamed into place by promote()
};

}  // namespace ria::app
