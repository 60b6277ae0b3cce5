#!/usr/bin/env bash
# Coverage-guided fuzzing of ria's readers (fuzz/targets.hpp) with libFuzzer, AddressSanitizer and
# UBSan (clang from Debian: clang-14, libclang-rt-14-dev).
#   bash scripts/fuzz.sh [SECONDS_PER_TARGET (default 60)] [TARGET ...]
# Builds build-fuzz/ (RIA_FUZZ=ON, no CUDA/OpenMP/MPI), runs each target for the given time on its
# seeds (fuzz/seeds, scenarios/, generated ones) and regression inputs, keeps the grown corpus in
# build-fuzz/corpus/TARGET and any crashing input in build-fuzz/crashes/TARGET/, and prints a
# table: executions per second, edges covered, features, new crashes. Exit 1 when a target crashed.
# A crashing input is a bug: fix it and add the input to fuzz/regressions/TARGET/ (replayed by ctest).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(scenario_toml raster_ascii series_csv netcdf_initial checkpoint table_csv sph_scenario_toml sph_checkpoint)

missing=()
for p in clang-14 libclang-rt-14-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "ria fuzz: installing ${missing[*]}"
  apt-get -o DPkg::Lock::Timeout=300 install -y -qq "${missing[@]}"
fi

CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -DRIA_FUZZ=ON -DRIA_CUDA=OFF -DRIA_OPENMP=OFF -DRIA_MPI=OFF \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF > build-fuzz.log 2>&1 || { cat build-fuzz.log; exit 1; }
cmake --build build-fuzz -j "$(nproc)" --target fuzzers ria_fuzz_replay >> build-fuzz.log 2>&1 || { tail -30 build-fuzz.log; exit 1; }
gen=build-fuzz/generated_seeds
./build-fuzz/fuzz/ria_fuzz_replay --write-seeds "$gen"

seeds_of() {
  case $1 in
    scenario_toml) echo fuzz/seeds/scenario scenarios scenarios/validate ;;
    raster_ascii) echo fuzz/seeds/raster ;;
    series_csv) echo fuzz/seeds/series ;;
    table_csv) echo fuzz/seeds/table fuzz/seeds/series ;;
    netcdf_initial) echo "$gen/netcdf_initial" ;;
    checkpoint) echo "$gen/checkpoint" ;;
    sph_scenario_toml) echo scenarios/sph ;;
    sph_checkpoint) echo "$gen/sph_checkpoint" ;;
  esac
}

export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=0 UBSAN_OPTIONS=print_stacktrace=1
export LSAN_OPTIONS=suppressions=$PWD/fuzz/lsan.supp
status=0
rows=()
for t in "${targets[@]}"; do
  corpus=build-fuzz/corpus/$t crashes=build-fuzz/crashes/$t
  rm -rf "$crashes"  # inputs of earlier runs: fixed ones belong in fuzz/regressions/
  mkdir -p "$corpus" "$crashes"
  extra=()
  [ -d "fuzz/regressions/$t" ] && extra+=("fuzz/regressions/$t")
  # shellcheck disable=SC2046
  ./build-fuzz/fuzz/fuzz_$t "$corpus" $(seeds_of "$t") "${extra[@]}" -max_total_time="$secs" -timeout=10 \
    -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1 -artifact_prefix="$crashes/" > "build-fuzz/$t.log" 2>&1 || status=1
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "build-fuzz/$t.log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "build-fuzz/$t.log" | tail -1)
  cov=$(grep -Eo 'cov: [0-9]+' "build-fuzz/$t.log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -Eo 'ft: [0-9]+' "build-fuzz/$t.log" | tail -1 | cut -d' ' -f2)
  found=$(find "$crashes" -type f | wc -l)
  rows+=("$(printf '%-16s %8s s %12s %10s %8s %8s %8s' "$t" "$secs" "${runs:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" "$found")")
  [ "$found" -eq 0 ] || { status=1; echo "ria fuzz: $t: crashing inputs in $crashes (log build-fuzz/$t.log)"; }
done
printf '%-16s %10s %12s %10s %8s %8s %8s\n' target time runs exec/s edges features crashes
printf '%s\n' "${rows[@]}"
exit $status
