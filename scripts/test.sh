#!/usr/bin/env bash
# The test suite: set up (install, configure, build), then ctest. GPU tests skip without a GPU.
#   bash scripts/test.sh           everything (unit, CLI, validation, long scenario checks)
#   bash scripts/test.sh --quick   the edit loop: unit tests and fast CLI checks (label "quick")
# Tests carry ctest labels: quick, cli, validation, long, gpu (ctest --print-labels lists them).
set -euo pipefail
cd "$(dirname "$0")/.."
select=()
case "${1:-}" in
  "") ;;
  --quick) select=(-L quick) ;;
  *) echo "usage: bash scripts/test.sh [--quick]" >&2; exit 2 ;;
esac
bash scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
ctest --test-dir build --output-on-failure -j "$jobs" "${select[@]}"
