// A time series as one wide CSV file (RFC 4180): the column t_s, then one column per named
// quantity; numbers as %.9g (t as %.17g), a non-finite value as an empty field. Each record is
// flushed when written, so a run that stops keeps every record written so far; a restarted run
// keeps the rows of the earlier file up to the restart time and appends. Used for the gauges of
// `ria run` (gauge_csv.hpp) and the series of `ria sph run`.
#pragma once

#include <fstream>
#include <string>
#include <vector>

namespace ria::io {

/// One CSV field as RFC 4180 writes it: quoted when it holds ',', '"', CR or LF.
std::string csv_field(const std::string& text);

/// What a resumed file's rows must agree with where they count the run's steps (`ria sph run`'s
/// series): the column (1 = the first after t_s) and the checkpoint's step count at resume_after.
struct ResumeSteps {
  int column = 0;  // 0: the file counts no steps
  long long steps = 0;
};

/// The row (as written, without its line break) that the checkpoint's run wrote last at or before
/// resume_after, where the checkpoint carries it (`ria run`'s gauges); empty: not known.
struct ResumeRow {
  std::string text;
};

class TimeSeriesCsv {
 public:
  /// Creates `path` with the header "t_s,<columns...>", or, when resume_after >= 0, first copies
  /// the rows of `resume_from` (default: `path`) with t <= resume_after; when that file does not
  /// exist (a restart into a new directory) the new file starts with the header alone. `noun`
  /// names the file in messages ("gauge file"), `columns_noun` its columns ("gauges"). IoError on
  /// failure; InputError when the earlier file has another header, or, with row_interval > 0 (the
  /// time between its rows), when its rows end more than row_interval before resume_after: it is
  /// another run's file (a shorter one), which the resumed rows would continue after a gap; and,
  /// with `steps`, when a row's step count is not one the checkpoint's run can have had (more than
  /// its steps at or before resume_after, other than them at resume_after, no more after it): the
  /// file is another run's that reaches the restart, which the resumed rows would splice; and, with
  /// `ck_row`, when the file holds rows up to that row's time but not that row as it was written.
  TimeSeriesCsv(const std::string& path, const std::vector<std::string>& columns, double resume_after,
                const std::string& resume_from, const std::string& noun, const std::string& columns_noun,
                double row_interval = 0, ResumeSteps steps = {}, const ResumeRow& ck_row = {});
  /// One value per column.
  void append(double t, const std::vector<double>& values);
  const std::string& path() const { return path_; }
  /// The file's last row as written (without its line break); empty before the first.
  const std::string& last_row() const { return last_row_; }

 private:
  std::string path_, noun_, last_row_;
  std::ofstream out_;
};

}  // namespace ria::io
