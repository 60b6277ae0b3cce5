#include "io/json.hpp"
#include "io/io_error.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace ria::io {

std::string json_escape(const std::string& s) {
  std::string o = "\"";
  for (char c : s) {
    switch (c) {
      case '"': o += "\\\""; break;
      case '\\': o += "\\\\"; break;
      case '\n': o += "\\n"; break;
      case '\t': o += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          o += buf;
        } else {
          o += c;
        }
    }
  }
  return o + "\"";
}

void JsonWriter::prefix(const std::string& key) {
  if (!first_.back()) out_ += ",";
  first_.back() = false;
  if (first_.size() > 1) out_ += "\n" + std::string(2 * (first_.size() - 1), ' ');
  if (!key.empty()) out_ += json_escape(key) + ": ";
}

JsonWriter& JsonWriter::begin_object(const std::string& key) {
  prefix(key);
  out_ += "{";
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::end_object() {
  first_.pop_back();
  out_ += "\n" + std::string(2 * (first_.size() - 1), ' ') + "}";
  return *this;
}
JsonWriter& JsonWriter::begin_array(const std::string& key) {
  prefix(key);
  out_ += "[";
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::end_array() {
  first_.pop_back();
  out_ += "\n" + std::string(2 * (first_.size() - 1), ' ') + "]";
  return *this;
}
JsonWriter& JsonWriter::value(const std::string& key, const std::string& v) {
  prefix(key);
  out_ += json_escape(v);
  return *this;
}
JsonWriter& JsonWriter::value(const std::string& key, double v) {
  prefix(key);
  if (!std::isfinite(v)) {
    out_ += "null";
  } else {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    out_ += buf;
  }
  return *this;
}
JsonWriter& JsonWriter::value(const std::string& key, long long v) {
  prefix(key);
  out_ += std::to_string(v);
  return *this;
}
JsonWriter& JsonWriter::value(const std::string& key, bool v) {
  prefix(key);
  out_ += v ? "true" : "false";
  return *this;
}

void write_file_atomic(const std::string& path, const std::string& content) {
  std::error_code ec;
  if (path.empty()) throw IoError("cannot write a file of an empty name");
  if (std::filesystem::is_directory(path, ec))
    throw IoError("cannot write '" + path + "': it is a directory; expected a file name");
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) throw IoError("cannot open '" + tmp + "' for writing: " + std::strerror(errno));
    f << content;
    f.close();
    if (!f) {
      std::remove(tmp.c_str());
      throw IoError("write to '" + tmp + "' failed (disk full?); '" + path + "' is unchanged");
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    throw IoError("cannot rename '" + tmp + "' to '" + path + "': " + why);
  }
}

}  // namespace ria::io
