// A CSV table with a header row (RFC 4180: fields separated by commas, a field in double quotes
// may hold commas, quotes written twice and line breaks; CRLF or LF line ends). Unquoted fields
// are trimmed of spaces and tabs; blank lines are skipped. Used for `ria ensemble --members-csv`.
#pragma once

#include <string>
#include <vector>

namespace ria::io {

struct CsvTable {
  std::string file;                            // for messages
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;  // each as many fields as the header
  std::vector<int> lines;                      // line of each row in the file (1-based)
};

/// Reads `path`. IoError when it cannot be read; InputError "FILE:LINE: ..." on an unterminated
/// quote, a row with another number of fields than the header, an empty or repeated header name,
/// or a file without a header.
CsvTable read_csv_table(const std::string& path);

/// The same from text; `name` stands for the file in messages.
CsvTable parse_csv_table(const std::string& text, const std::string& name);

}  // namespace ria::io
