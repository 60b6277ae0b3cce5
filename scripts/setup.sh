#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages ria needs that are missing, then configures and builds it in
# build/ (Release). Optional features (CUDA, OpenMP, MPI, GDAL, NetCDF, TOML, cairo, giflib) are built when found;
# an environment variable of the feature's name chooses for you, e.g. `RIA_CUDA=OFF bash scripts/run.sh`
# (a choice stays in build/ until you pass another value, or AUTO to detect again). Extra CMake
# arguments: RIA_CMAKE_ARGS.
# If apt cannot install what is missing, this stops with the reason instead of building a ria that
# lacks features; RIA_ALLOW_MISSING=1 builds with what is present.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake pkg-config libcli11-dev libgtest-dev libtomlplusplus-dev libgdal-dev
          libnetcdf-c++4-dev libcairo2-dev libgif-dev libopenmpi-dev openmpi-bin libtcd-dev xtide-data)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "ria setup: installing missing packages: ${missing[*]}"
  sudo_cmd=()
  [[ $(id -u) -ne 0 ]] && sudo_cmd=(sudo)
  # Wait up to 5 minutes for another apt/dpkg (unattended upgrades) to release its lock.
  apt_opts=(-o DPkg::Lock::Timeout=300)
  if ! { "${sudo_cmd[@]}" apt-get "${apt_opts[@]}" update -qq && \
         DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get "${apt_opts[@]}" install -y -qq "${missing[@]}"; }; then
    echo "ria setup: could not install ${missing[*]} (apt failed: see its message above; another apt may hold" >&2
    echo "  its lock, or the package lists are unreachable). Run this command again once apt works;" >&2
    echo "  to build without the missing optional features instead: RIA_ALLOW_MISSING=1 bash $0" >&2
    [[ "${RIA_ALLOW_MISSING:-0}" == 1 ]] || exit 1
    echo "ria setup: RIA_ALLOW_MISSING=1: building with what is present" >&2
  fi
fi

cmake_args=(-DCMAKE_BUILD_TYPE=Release)
for feature in RIA_CUDA RIA_OPENMP RIA_MPI RIA_GDAL RIA_NETCDF RIA_TOML RIA_CAIRO RIA_GIF; do
  [[ -n "${!feature:-}" ]] && cmake_args+=("-D$feature=${!feature}")
done
jobs=$(nproc 2>/dev/null || echo 2)
# shellcheck disable=SC2086
cmake -S . -B build "${cmake_args[@]}" ${RIA_CMAKE_ARGS:-}
cmake --build build -j "$jobs"
