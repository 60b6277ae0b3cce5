// CSV tables with a header (table_csv.hpp).
#include "io/table_csv.hpp"
#include "io/text_file.hpp"


#include "io/io_error.hpp"

namespace ria::io {
namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

/// Splits `text` into records of fields; records[k] starts on line lines[k]. A record of one
/// empty unquoted field (a blank line) is dropped.
void split(const std::string& text, const std::string& name, std::vector<std::vector<std::string>>& records,
           std::vector<int>& lines) {
  std::vector<std::string> rec;
  std::string field;
  bool quoted = false, was_quoted = false;
  int line = 1, rec_line = 1, quote_line = 0;
  auto end_field = [&] {
    rec.push_back(was_quoted ? field : trim(field));
    field.clear();
    was_quoted = false;
  };
  auto end_record = [&] {
    end_field();
    if (!(rec.size() == 1 && rec[0].empty())) {
      records.push_back(rec);
      lines.push_back(rec_line);
    }
    rec.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        if (c == '\n') ++line;
        field += c;
      }
      continue;
    }
    if (c == '"') {
      if (!trim(field).empty())
        throw InputError(name + ":" + std::to_string(line) + ": a quote inside an unquoted field (quote the whole field)");
      field.clear();
      quoted = was_quoted = true;
      quote_line = line;
    } else if (c == ',') {
      end_field();
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      end_record();
      ++line;
      rec_line = line;
    } else if (was_quoted && c != ' ' && c != '\t') {
      throw InputError(name + ":" + std::to_string(line) + ": text after a closing quote (expected ',' or the line end)");
    } else if (!was_quoted) {
      field += c;
    }
  }
  if (quoted) throw InputError(name + ":" + std::to_string(quote_line) + ": a quote opened here is never closed");
  if (!field.empty() || was_quoted || !rec.empty()) end_record();
}

}  // namespace

CsvTable parse_csv_table(const std::string& text, const std::string& name) {
  std::vector<std::vector<std::string>> records;
  std::vector<int> lines;
  split(text, name, records, lines);
  CsvTable t;
  t.file = name;
  if (records.empty()) throw InputError(name + ": empty file; expected a header row of column names and one row per member");
  t.header = records[0];
  for (std::size_t c = 0; c < t.header.size(); ++c) {
    if (t.header[c].empty())
      throw InputError(name + ":" + std::to_string(lines[0]) + ": column " + std::to_string(c + 1) + " of the header has no name");
    for (std::size_t d = 0; d < c; ++d)
      if (t.header[d] == t.header[c])
        throw InputError(name + ":" + std::to_string(lines[0]) + ": column name '" + t.header[c] + "' appears twice");
  }
  for (std::size_t r = 1; r < records.size(); ++r) {
    if (records[r].size() != t.header.size())
      throw InputError(name + ":" + std::to_string(lines[r]) + ": " + std::to_string(records[r].size()) + " field" +
                       (records[r].size() == 1 ? "" : "s") + ", the header has " + std::to_string(t.header.size()));
    t.rows.push_back(records[r]);
    t.lines.push_back(lines[r]);
  }
  return t;
}

CsvTable read_csv_table(const std::string& path) {
  return parse_csv_table(read_text_file(path, "CSV file"), path);
}

}  // namespace ria::io
