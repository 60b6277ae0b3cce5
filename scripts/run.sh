#!/usr/bin/env bash
# The main job: set up (install, configure, build), then run the built-in estuary demo.
# Extra arguments go to `ria demo` (e.g. --backend openmp --size 200).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
./build/ria demo "$@"
