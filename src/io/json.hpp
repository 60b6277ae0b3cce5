// A small streaming JSON writer (objects, arrays, strings, numbers, booleans) for the machine-
// readable outputs: validate and bench results, run summaries. Non-finite numbers become null.
#pragma once

#include <string>
#include <vector>

namespace ria::io {

class JsonWriter {
 public:
  JsonWriter& begin_object(const std::string& key = "");
  JsonWriter& end_object();
  JsonWriter& begin_array(const std::string& key = "");
  JsonWriter& end_array();
  JsonWriter& value(const std::string& key, const std::string& v);
  JsonWriter& value(const std::string& key, const char* v) { return value(key, std::string(v)); }
  JsonWriter& value(const std::string& key, double v);
  JsonWriter& value(const std::string& key, long long v);
  JsonWriter& value(const std::string& key, int v) { return value(key, static_cast<long long>(v)); }
  JsonWriter& value(const std::string& key, bool v);
  std::string str() const { return out_ + "\n"; }

 private:
  void prefix(const std::string& key);
  std::string out_;
  std::vector<bool> first_{true};
};

std::string json_escape(const std::string& s);

/// Writes `content` to `path` atomically (temporary file in the same directory, then rename), so
/// an interrupted write never leaves a truncated file. Throws io::IoError naming the path.
void write_file_atomic(const std::string& path, const std::string& content);

}  // namespace ria::io
