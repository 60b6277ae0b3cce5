#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages ria needs that are missing, then configures and builds it in
# build/ (Release). Optional features (CUDA, OpenMP, MPI, GDAL, NetCDF) are built when found.
# Extra CMake arguments can be passed in RIA_CMAKE_ARGS.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake pkg-config libcli11-dev libgtest-dev libtomlplusplus-dev libgdal-dev
          libnetcdf-c++4-dev libcairo2-dev libopenmpi-dev openmpi-bin libtcd-dev xtide-data)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "ria setup: installing missing packages: ${missing[*]}"
  sudo_cmd=()
  [[ $(id -u) -ne 0 ]] && sudo_cmd=(sudo)
  if ! { "${sudo_cmd[@]}" apt-get update -qq && \
         DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}"; }; then
    echo "ria setup: WARNING: could not install ${missing[*]}; building with what is present" >&2
  fi
fi

jobs=$(nproc 2>/dev/null || echo 2)
# shellcheck disable=SC2086
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release ${RIA_CMAKE_ARGS:-}
cmake --build build -j "$jobs"
