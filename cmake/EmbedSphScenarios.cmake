# Generates app/sph_scenarios.hpp holding scenarios/sph/martin_moyce_2d.toml and
# scenarios/sph/spheric_test2_3d.toml as strings: the dam breaks `ria compare dambreak` runs when no
# scenario file is given (docs/compare.md). Invoked at build time so edits to the files are picked up.
file(READ ${DIR}/martin_moyce_2d.toml mm)
file(READ ${DIR}/spheric_test2_3d.toml s2)
file(WRITE ${OUTPUT} "// Generated from scenarios/sph/ by cmake/EmbedSphScenarios.cmake. Do not edit.\n#pragma once\nnamespace ria::app {\ninline constexpr const char* kMartinMoyce2d = R\"ria_toml(${mm})ria_toml\";\ninline constexpr const char* kMartinMoyce2dName = \"<embedded scenarios/sph/martin_moyce_2d.toml>\";\ninline constexpr const char* kSphericTest2 = R\"ria_toml(${s2})ria_toml\";\ninline constexpr const char* kSphericTest2Name = \"<embedded scenarios/sph/spheric_test2_3d.toml>\";\n}\n")
