# Generates app/default_scenario.hpp holding scenarios/estuary.toml as a string (the scenario that
# `ria run` runs without a file, and `ria bench --estuary` runs). Invoked at build time so edits to
# the TOML file are picked up.
file(READ ${INPUT} text)
file(WRITE ${OUTPUT} "// Generated from scenarios/estuary.toml by cmake/EmbedScenario.cmake. Do not edit.\n#pragma once\nnamespace ria::app {\ninline constexpr const char* kDefaultScenario = R\"ria_toml(${text})ria_toml\";\n/// What messages call the embedded scenario (its file name).\ninline constexpr const char* kDefaultScenarioName = \"<embedded default scenario>\";\n}\n")
