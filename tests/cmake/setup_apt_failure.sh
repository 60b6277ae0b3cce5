#!/usr/bin/env bash
# scripts/setup.sh with fake dpkg-query/apt-get/cmake: when apt cannot install what is missing it stops
# with a retry hint and builds nothing; RIA_ALLOW_MISSING=1 builds with what is present, and a
# RIA_<FEATURE> variable reaches CMake.   setup_apt_failure.sh REPO WORKDIR
set -u
repo=$1
work=$2/setup_apt_failure
rm -rf "$work" && mkdir -p "$work/bin" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }
cat > "$work/bin/dpkg-query" <<'X'
#!/bin/sh
exit 1
X
cat > "$work/bin/apt-get" <<'X'
#!/bin/sh
echo "E: Could not get lock /var/lib/dpkg/lock-frontend (fake apt-get of the test)" >&2
exit 100
X
cat > "$work/bin/cmake" <<X
#!/bin/sh
echo "\$@" >> "$work/cmake_calls"
X
chmod +x "$work"/bin/*
PATH="$work/bin:$PATH" bash "$repo/scripts/setup.sh" > "$work/out.txt" 2>&1
rc=$?
[ "$rc" -ne 0 ] || { cat "$work/out.txt"; fail "setup.sh went on after apt failed"; }
grep -q "Run this command again once apt works" "$work/out.txt" || { cat "$work/out.txt"; fail "no retry hint"; }
[ ! -e "$work/cmake_calls" ] || fail "setup.sh configured a build although apt failed"
echo "ok: apt failure stops setup.sh (exit $rc) with a retry hint"
RIA_ALLOW_MISSING=1 RIA_CUDA=OFF PATH="$work/bin:$PATH" bash "$repo/scripts/setup.sh" > "$work/out.txt" 2>&1 \
  || { cat "$work/out.txt"; fail "RIA_ALLOW_MISSING=1 did not build"; }
grep -q -- "-DRIA_CUDA=OFF" "$work/cmake_calls" || fail "RIA_CUDA=OFF did not reach CMake: $(cat "$work/cmake_calls")"
echo "ok: RIA_ALLOW_MISSING=1 builds with what is present, RIA_CUDA=OFF reaches CMake"
