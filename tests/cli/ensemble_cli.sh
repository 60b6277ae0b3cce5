#!/usr/bin/env bash
# End-to-end checks of `ria ensemble` through the command line, one case per ctest test:
#   ensemble_cli.sh RIA WORKDIR CASE
# (The statistics against members run one by one are tests/test_ensemble_cli.cpp.)
set -u
RIA=$1
WORK=$2/$3
CASE=$3
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 1

fail() { echo "FAIL ($CASE): $*" >&2; exit 1; }
# expect CODE REGEX -- command...: exit code and a stderr/stdout line matching REGEX.
expect() {
  local code=$1 regex=$2
  shift 3
  "$@" >out.txt 2>&1
  local rc=$?
  [ "$rc" -eq "$code" ] || { cat out.txt; fail "exit code $rc, expected $code: $*"; }
  grep -Eq -- "$regex" out.txt || { cat out.txt; fail "no line matching '$regex': $*"; }
  echo "ok: exit $rc, message: $(grep -E -m1 -- "$regex" out.txt)"
}
# status_count FILE STATUS: members of members.csv with that status.
status_count() { grep -c ",$2," "$1"; }

TINY=(--backend serial --set domain.cells=40 --set time.duration=2h)
E=("$RIA" ensemble "${TINY[@]}")

case $CASE in
bad_inputs)  # every refusal exits 2 before any member runs, naming the key, file or value
  expect 2 "--set physics.maning: unknown key 'maning' in \[physics\]; did you mean 'manning'\?" -- \
    "${E[@]}" --members 2 --vary physics.maning=0.02:0.04 --output o
  expect 2 "--vary physics.manning=-0.01:0.03: LO \(physics.manning = -0.01\) is refused: .*expected a number >= 0" -- \
    "${E[@]}" --members 2 --vary physics.manning=-0.01:0.03 --output o
  expect 2 "--vary physics.manning=0.04:0.02: expected LO < HI" -- "${E[@]}" --members 2 --vary physics.manning=0.04:0.02
  expect 2 "--vary release.0.duration=1h:x: 'x' is neither a number nor a duration" -- \
    "${E[@]}" --members 2 --vary release.0.duration=1h:x
  expect 2 "--vary domain.cells=40:80: domain.cells cannot vary" -- "${E[@]}" --members 2 --vary domain.cells=40:80
  expect 2 "--vary-point spill=100: the scenario has no release named 'spill' \(its releases: 'outfall'\)" -- \
    "${E[@]}" --members 2 --vary-point spill=100
  expect 2 "--grid with 2 varied dimensions .* needs --members = k\^2, got 5; e.g. 4 or 9" -- \
    "${E[@]}" --members 5 --grid --vary-point outfall=100
  expect 2 "nothing varies" -- "${E[@]}" --members 2
  expect 2 "--members N \(>= 1\) is required" -- "${E[@]}" --vary physics.manning=0.02:0.04
  expect 2 "--sample-interval 3h: expected a duration > 0 and <= time.duration" -- \
    "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --sample-interval 3h
  expect 2 "--thresholds: expected concentrations > 0" -- "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --thresholds 0.1,-1
  # A member whose point leaves the domain: the member, its values and the model's message.
  expect 2 "member [0-9]+ \(release.0.x=.*release.0.y=.*\): .*release" -- "${E[@]}" --members 8 --vary-point outfall=40000
  printf 'member,physics.manning\n0,0.03\n1\n' > short.csv
  expect 2 "short.csv:3: 1 field, the header has 2" -- "${E[@]}" --members-csv short.csv
  printf 'physics.manning\n0.03\n-1\n' > neg.csv
  expect 2 "member 1 \(physics.manning=-1\): --set physics.manning: .*expected a number >= 0" -- "${E[@]}" --members-csv neg.csv
  expect 2 "gives the members: --vary, --vary-point, --grid and --seed do not apply" -- \
    "${E[@]}" --members-csv neg.csv --vary physics.manning=0.02:0.04
  expect 3 "missing.csv" -- "${E[@]}" --members-csv missing.csv
  [ ! -e o ] && [ ! -e ensemble_output ] || fail "an output directory was made by a refused ensemble"
  ;;
failure)  # a failed member is reported and the ensemble goes on; all failed: exit 4
  RIA_ENSEMBLE_FAULT=1 "${E[@]}" --members 3 --vary physics.manning=0.02:0.04 --output out >run.txt 2>&1 \
    || { cat run.txt; fail "an ensemble with one failed member should exit 0"; }
  [ "$(status_count out/members.csv failed)" -eq 1 ] && [ "$(status_count out/members.csv finished)" -eq 2 ] \
    || { cat out/members.csv; fail "members.csv should list 1 failed and 2 finished members"; }
  grep -q '^1,.*,failed,.*numerical failure: .*h = nan' out/members.csv || fail "member 1's message is not in members.csv"
  grep -q 'checkpoint' out/members.csv && fail "the message speaks of a checkpoint, but members write none"
  grep -q "warning: 1 of 3 members failed" run.txt || fail "no warning about the failed member"
  grep -q '"failed": 1' out/summary.json || fail "summary.json does not count the failed member"
  [ -s out/gauges_percentiles.csv ] || fail "no statistics over the finished members"
  awk -F, 'NR > 1 && $3 != 2 { exit 1 }' out/gauges_percentiles.csv || fail "gauge percentiles not over the 2 finished members"
  expect 4 "no member finished \(2 failed\)" -- env RIA_ENSEMBLE_FAULT=0,1 "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --output all
  [ -s all/members.csv ] && [ -s all/summary.json ] || fail "no members.csv and summary.json when all members failed"
  [ ! -e all/gauges_percentiles.csv ] || fail "statistics written without a finished member"
  ;;
signal)  # SIGINT: the running member finishes, the rest are not run, what is done is written, exit 6
  "${E[@]}" --set domain.cells=60 --members 6 --vary physics.manning=0.02:0.04 --output out >run.txt 2>&1 &
  pid=$!
  for _ in $(seq 1 400); do grep -q 'finished in' run.txt && break; sleep 0.05; done
  kill -INT $pid
  wait $pid
  rc=$?
  cat run.txt | tail -3
  [ "$rc" -eq 6 ] || fail "exit code $rc after SIGINT, expected 6"
  grep -q 'signal 2: stopping after member' run.txt || fail "the signal was not acknowledged"
  finished=$(status_count out/members.csv finished)
  notrun=$(status_count out/members.csv not_run)
  [ "$finished" -ge 1 ] && [ "$notrun" -ge 1 ] && [ $((finished + notrun)) -eq 6 ] \
    || { cat out/members.csv; fail "expected finished and not_run members only"; }
  grep -q '"interrupted": true' out/summary.json || fail "summary.json does not say interrupted"
  awk -F, -v n="$finished" 'NR > 1 && $3 != n { exit 1 }' out/gauges_percentiles.csv || fail "statistics not over the finished members"
  echo "ok: $finished finished, $notrun not run"
  ;;
csv)  # members from a CSV (an ensemble's own members.csv given back: the same statistics); the grid
  "${E[@]}" --quiet --members 3 --vary physics.manning=0.02:0.04 --vary time.start=-3h:3h --seed 5 --output lhs \
    || fail "latin hypercube ensemble"
  grep -Eq '^0,0\.0[0-9]+,2026-11-2[23]T[0-9:]+Z,finished' lhs/members.csv || { cat lhs/members.csv; fail "members.csv values"; }
  "${E[@]}" --quiet --members-csv lhs/members.csv --output again || fail "ensemble from members.csv"
  cmp lhs/gauges_percentiles.csv again/gauges_percentiles.csv || fail "the same members from CSV gave other statistics"
  grep -q '"method": "csv"' again/summary.json || fail "summary.json does not say csv"
  "${E[@]}" --quiet --members 4 --grid --vary physics.manning=0.02:0.04 --vary release.0.duration=1h:3h --output grid \
    || fail "grid ensemble"
  # Levels at the stratum midpoints: manning 0.025, 0.035; duration 1.5 h, 2.5 h.
  cut -d, -f2,3 grid/members.csv | sort | tr '\n' ' ' | grep -q '0.025,5400 0.025,9000 0.035,5400 0.035,9000' \
    || { cat grid/members.csv; fail "grid levels"; }
  echo "ok: csv round trip identical; grid levels at the midpoints"
  ;;
mpi)  # members spread over 2 ranks: the statistics of one process
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
  ARGS=(--quiet --members 5 --vary physics.manning=0.02:0.04 --vary-point outfall=400)
  RIA_ENSEMBLE_FAULT=2 "${E[@]}" "${ARGS[@]}" --output one >one.txt 2>&1 || { cat one.txt; fail "one process"; }
  RIA_ENSEMBLE_FAULT=2 "${RIA_MPIEXEC:-mpirun}" --oversubscribe -np 2 "${E[@]}" "${ARGS[@]}" --output two >two.txt 2>&1 \
    || { cat two.txt; fail "2 ranks"; }
  cmp one/gauges_percentiles.csv two/gauges_percentiles.csv || fail "gauge percentiles differ between 1 process and 2 ranks"
  diff <(cut -d, -f1-5 one/members.csv) <(cut -d, -f1-5 two/members.csv) || fail "members.csv differs"
  grep -q '"ranks": 2' two/summary.json || fail "summary.json does not say 2 ranks"
  echo "ok: 2 ranks give the statistics of one process (member 2 failed on rank 0)"
  ;;
*) fail "unknown case $CASE" ;;
esac
