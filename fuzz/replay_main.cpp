// ria_fuzz_replay: runs fuzz targets on saved inputs without libFuzzer (in every build, for ctest).
//   ria_fuzz_replay TARGET FILE|DIR...   each input must be read or refused with an input/IO error
//   ria_fuzz_replay --refused TARGET FILE|DIR...   each input must be refused (regressions of bad inputs)
//   ria_fuzz_replay --write-seeds DIR     writes the generated seed inputs (checkpoint, ria.nc)
//   ria_fuzz_replay --list                the targets
// Exit 0 when every input passed, 1 naming the first input that raised anything else.
#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fstream>
#include <string>
#include <typeinfo>
#include <vector>

#include "fuzz/targets.hpp"

namespace {

std::vector<std::string> inputs_of(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return {};
  if (!S_ISDIR(st.st_mode)) return {path};
  std::vector<std::string> out;
  if (DIR* d = opendir(path.c_str())) {
    while (const dirent* e = readdir(d)) {
      const std::string f = path + "/" + e->d_name;
      struct stat fs {};
      if (e->d_name[0] != '.' && stat(f.c_str(), &fs) == 0 && S_ISREG(fs.st_mode)) out.push_back(f);
    }
    closedir(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  using ria::fuzz::targets;
  if (argc == 2 && std::strcmp(argv[1], "--list") == 0) {
    for (const auto& t : targets()) std::printf("%-16s %s\n", t.name, t.what);
    return 0;
  }
  if (argc == 3 && std::strcmp(argv[1], "--write-seeds") == 0) {
    ria::fuzz::write_generated_seeds(argv[2]);
    return 0;
  }
  bool must_refuse = false;
  if (argc > 1 && std::strcmp(argv[1], "--refused") == 0) {
    must_refuse = true;
    ++argv, --argc;
  }
  if (argc < 3) {
    std::fprintf(stderr, "usage: ria_fuzz_replay [--refused] TARGET FILE|DIR... | --write-seeds DIR | --list\n");
    return 2;
  }
  const auto t = std::find_if(targets().begin(), targets().end(), [&](const auto& x) { return x.name == std::string(argv[1]); });
  if (t == targets().end()) {
    std::fprintf(stderr, "ria_fuzz_replay: unknown target '%s' (--list names them)\n", argv[1]);
    return 2;
  }
  int count = 0;
  for (int a = 2; a < argc; ++a) {
    const std::vector<std::string> files = inputs_of(argv[a]);
    if (files.empty()) {
      std::fprintf(stderr, "ria_fuzz_replay: no input at '%s'\n", argv[a]);
      return 2;
    }
    for (const std::string& f : files) {
      std::ifstream in(f, std::ios::binary);
      const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      try {
        t->run(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
      } catch (const std::exception& e) {
        std::fprintf(stderr, "FAIL %s on %s: %s was thrown, not an input or I/O error: %s\n", t->name, f.c_str(),
                     typeid(e).name(), e.what());
        return 1;
      } catch (...) {
        std::fprintf(stderr, "FAIL %s on %s: a non-standard exception was thrown\n", t->name, f.c_str());
        return 1;
      }
      if (must_refuse && !ria::fuzz::last_input_refused()) {
        std::fprintf(stderr, "FAIL %s on %s: the input was accepted, expected an input or I/O error\n", t->name, f.c_str());
        return 1;
      }
      ++count;
    }
  }
  std::printf("%s: %d inputs %s\n", t->name, count, must_refuse ? "refused with an input/IO error" : "read or refused with an input/IO error");
  return 0;
}
