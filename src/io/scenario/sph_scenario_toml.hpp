// SPH scenario files: TOML -> sph::Scenario, every key checked (docs/sph.md lists them), with the
// conventions of the shallow-water scenarios (scenario_toml.hpp): messages start "FILE:LINE: " or
// "--set KEY: ", unknown keys name the nearest valid key, durations take units ("0.5 s"), and
// `--set dotted.key=VALUE` overrides apply on top of the file.
#pragma once

#include <string>
#include <vector>

#include "ria/sph/scenario.hpp"

namespace ria::io {

/// Reads an SPH scenario file; io::IoError when unreadable, io::InputError when its content is not
/// acceptable.
sph::Scenario load_sph_scenario(const std::string& path, const std::vector<std::string>& overrides = {});

/// Same from text; `name` stands for the file in messages, relative paths resolve against base_dir.
sph::Scenario parse_sph_scenario(const std::string& text, const std::string& name, const std::string& base_dir,
                                 const std::vector<std::string>& overrides = {});

}  // namespace ria::io
