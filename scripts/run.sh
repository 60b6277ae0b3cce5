#!/usr/bin/env bash
# The main job: set up (install, configure, build), then run the embedded default scenario (a 24 h
# synthetic estuary: M2 tide, river, spill and outfall; scenarios/estuary.toml) into ria_output/.
# Extra arguments go to `ria run` (e.g. --backend serial --set time.duration=6h).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
./build/ria run "$@"
