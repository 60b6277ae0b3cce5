#!/usr/bin/env bash
# End-to-end checks of `ria ensemble` through the command line, one case per ctest test:
#   ensemble_cli.sh RIA WORKDIR CASE
# (The statistics against members run one by one are tests/test_ensemble_cli.cpp.)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/cli_common.sh"
RIA=$1
enter_case "$2" "$3"

# status_count FILE STATUS: members of members.csv with that status.
status_count() { grep -c ",$2," "$1"; }

TINY=(--backend serial --set domain.cells=40 --set time.duration=2h)
E=("$RIA" ensemble "${TINY[@]}")
# Members long enough (about half a second each on one core) for a signal to find one running.
LONGER=(--set domain.cells=60 --set time.duration=12h)

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
  # --sample-interval reaches the members as time.output_interval: named as the user gave it.
  expect 2 "^ria ensemble: --sample-interval 1e-3 \(the members' time.output_interval\): expected at most 100000 map outputs" -- \
    "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --sample-interval 1e-3 --set output.gauge_interval=0
  expect 2 "--members N \(>= 1\) is required" -- "${E[@]}" --vary physics.manning=0.02:0.04
  expect 2 "--sample-interval 3h: expected a duration > 0 and <= time.duration" -- \
    "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --sample-interval 3h
  expect 2 "--thresholds: expected concentrations > 0" -- "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --thresholds 0.1,-1
  # An empty or blank entry is refused (CLI11 read "" as 0 and dropped the empty piece of "0.1,,0.2").
  expect 2 "--thresholds '': entry 1 is empty; expected concentrations > 0, comma separated" -- \
    "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --thresholds ""
  expect 2 "--thresholds '0.1, ,0.2': entry 2 is empty" -- "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --thresholds "0.1, ,0.2"
  expect 2 "--thresholds '0.1,': entry 2 is empty" -- "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --thresholds 0.1,
  expect 2 "--thresholds '0.1,abc': entry 2 \('abc'\) is not a finite number" -- \
    "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --thresholds 0.1,abc
  # A member whose point leaves the domain: the member, its values and the model's message.
  expect 2 "member [0-9]+ \(release.0.x=.*release.0.y=.*\): .*release" -- "${E[@]}" --members 8 --vary-point outfall=40000
  printf 'member,physics.manning\n0,0.03\n1\n' > short.csv
  expect 2 "short.csv:3: 1 field, the header has 2" -- "${E[@]}" --members-csv short.csv
  printf 'physics.manning\n0.03\n-1\n' > neg.csv
  # A member's value is named by its row of the file.
  expect 2 "member 1 \(physics.manning=-1\): neg.csv:3: physics.manning: .*expected a number >= 0" -- "${E[@]}" --members-csv neg.csv
  expect 2 "gives the members: --vary, --vary-point, --grid and --seed do not apply" -- \
    "${E[@]}" --members-csv neg.csv --vary physics.manning=0.02:0.04
  expect 3 "missing.csv" -- "${E[@]}" --members-csv missing.csv
  printf 'physics.manning\n0.03\nnoraster.asc\n' > noraster.csv
  expect 3 "member 1 \(physics.manning=noraster.asc\) of noraster.csv:3: .*cannot read" -- "${E[@]}" --members-csv noraster.csv
  # A key both set and varied: the --set value would be replaced in every member.
  expect 2 "--set physics.manning=0.9: --vary varies physics.manning in every member, which would replace this value" -- \
    "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --set physics.manning=0.9
  # A spreadsheet's byte-order mark does not become part of the first key; a mistyped number is
  # no raster path.
  expect 2 "--seed: expected a whole number from 0 to 18446744073709551615, got '-1'" -- \
    "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --seed -1
  printf '\xef\xbb\xbfphysics.manning\n0.02\n0.03x\n' > bom.csv
  expect 2 "member 1 \(physics.manning=0.03x\): bom.csv:3: physics.manning: .*neither a number nor an existing file" -- \
    "${E[@]}" --members-csv bom.csv
  for k in 0 3x +3 ' 3' AUTO 99999999999; do
    expect 2 "--concurrent '${k/+/\\+}': expected the number of members run at once, >= 1, or auto" -- \
      "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --concurrent "$k" --output o
  done
  [ ! -e o ] && [ ! -e ensemble_output ] || fail "an output directory was made by a refused ensemble"
  ;;
other_results)  # a directory holding another command's results (its summary.json) is refused; nothing changes
  "$RIA" run "${TINY[@]}" --quiet --output r || fail "the run failed"
  md5sum r/* > before.md5
  expect 3 "output directory 'r' holds the results of ria run \(its summary.json says so\): ria ensemble would replace" -- \
    "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --output r
  md5sum -c --quiet before.md5 || fail "the refused ensemble changed the run's files"
  # A summary written before the "command" key: told by a key only a run writes.
  grep -q '"command": "ria run"' r/summary.json || fail "the run's summary names no command"
  sed -i '/"command": "ria run"/d' r/summary.json
  expect 3 "holds the results of ria run" -- "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --output r
  # The other way round, and the same command again is no conflict.
  "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --quiet --output e || fail "the ensemble failed"
  expect 3 "output directory 'e' holds the results of ria ensemble .*ria run would replace" -- \
    "$RIA" run "${TINY[@]}" --output e
  "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --quiet --output e || fail "a second ensemble into 'e' failed"
  # Its gauges go to gauges_percentiles.csv whatever output.gauges_csv says: no "recorded nowhere".
  "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --quiet --output e --set output.netcdf=false \
    --set output.gauges_csv=false > nowhere.txt 2>&1 || { cat nowhere.txt; fail "the ensemble without gauge files failed"; }
  if grep -q "recorded nowhere" nowhere.txt; then fail "an ensemble warned that its gauges are recorded nowhere"; fi
  # A rename that fails part way (gauges_percentiles.csv made a directory): the directory now holds
  # two ensembles' files, which the message says; summary.json, removed before the renames and
  # written after them, is not there to describe them.
  "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --quiet --output p || fail "the ensemble into 'p' failed"
  rm p/gauges_percentiles.csv && mkdir -p p/gauges_percentiles.csv/x
  expect 3 "cannot rename 'p/gauges_percentiles.csv.partial' .*; p/ now holds this ensemble's p/members.csv( .. p/[a-z_.]+)? but not its other files, and no summary.json" -- \
    "${E[@]}" --members 2 --vary physics.manning=0.03:0.05 --output p
  [ ! -e p/summary.json ] || fail "summary.json describes a directory that holds two ensembles' files"
  grep -q ',0\.0[34]' p/members.csv || fail "members.csv is not the second ensemble's"
  # An ensemble killed while it renamed its files leaves partial files: the next one names them.
  rm -r p/gauges_percentiles.csv && touch p/gauges_percentiles.csv.partial
  expect 0 "warning: p/ holds 1 partial file \(gauges_percentiles.csv.partial\) left by a run killed while it wrote or renamed its files: without its summary.json, the files beside them may be two ensembles'" -- \
    "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --output p
  [ -s p/summary.json ] && [ -s p/gauges_percentiles.csv ] && [ ! -e p/gauges_percentiles.csv.partial ] \
    || fail "the next ensemble did not put its files in place"
  ;;
failure)  # a failed member is reported and the ensemble goes on; all failed: exit 4
  RIA_ENSEMBLE_FAULT=1 "${E[@]}" --members 3 --vary physics.manning=0.02:0.04 --output out >run.txt 2>&1 \
    || { cat run.txt; fail "an ensemble with one failed member should exit 0"; }
  [ "$(status_count out/members.csv failed)" -eq 1 ] && [ "$(status_count out/members.csv finished)" -eq 2 ] \
    || { cat out/members.csv; fail "members.csv should list 1 failed and 2 finished members"; }
  grep -q '^1,.*,failed,.*numerical failure: .*h = nan' out/members.csv || fail "member 1's message is not in members.csv"
  grep -q 'checkpoint' out/members.csv && fail "the message speaks of a checkpoint, but members write none"
  grep -q "warning: 1 of 3 members failed" run.txt || fail "no warning about the failed member"
  # A member whose release starts after the end spills nothing but counts in the statistics: said.
  expect 0 "warning: member [0-9]+ \(release.0.start=[0-9.e+]+\): release 0 \('outfall'\) starts at .*it releases nothing" -- \
    "${E[@]}" --members 4 --vary release.0.start=1h:3h --output late
  # output.netcdf = false leaves out ensemble.nc, the only file of the per-cell statistics: said.
  expect 0 "warning: output.netcdf = false: no ensemble.nc is written, so the per-cell exceedance probabilities" -- \
    "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --set output.netcdf=false --output nonc
  [ ! -e nonc/ensemble.nc ] || fail "ensemble.nc written with output.netcdf = false"
  if [ -n "${RIA_EXPECT_NETCDF:-}" ]; then
    # Members starting from a NetCDF state at dates other than its slice's (a varied time.start)
    # start from the water of another tide: said with each member, as ria run says it.
    "$RIA" run "${TINY[@]}" --quiet --output st --set output.png_at_end=false || fail "the state's run"
    printf 'name = "st"\n[domain]\nsource = "synthetic_estuary"\n[time]\nstart = "2026-11-23T01:00:00Z"\n' > st.toml
    printf 'duration = "1 h"\n[initial]\nkind = "netcdf"\npath = "st/ria.nc"\ntime = "1 h"\n' >> st.toml
    expect 0 "warning: member [0-9]+ \(time.start=[-0-9T:Z]+\): st.toml: initial.path 'st/ria.nc' holds the state of 2026-11-23T01:00:00Z \(its time coordinate\), but time.start = " -- \
      "$RIA" ensemble st.toml --backend serial --set domain.cells=40 --members 3 --vary time.start=1h:3h --output stv
  fi
  grep -q '"failed": 1' out/summary.json || fail "summary.json does not count the failed member"
  [ -s out/gauges_percentiles.csv ] || fail "no statistics over the finished members"
  awk -F, 'NR > 1 && $3 != 2 { exit 1 }' out/gauges_percentiles.csv || fail "gauge percentiles not over the 2 finished members"
  expect 4 "no member finished \(2 failed\)" -- env RIA_ENSEMBLE_FAULT=0,1 "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --output all
  [ -s all/members.csv ] && [ -s all/summary.json ] || fail "no members.csv and summary.json when all members failed"
  [ ! -e all/gauges_percentiles.csv ] || fail "statistics written without a finished member"
  # Into the directory of the ensemble above: its statistics stay as they were, and so do the
  # members.csv and summary.json that describe them; this one's table is members_unfinished.csv.
  cp out/gauges_percentiles.csv before.csv
  cp out/members.csv members_before.csv
  cp out/summary.json summary_before.json
  expect 4 "no member finished \(2 failed\); their messages are in out/members_unfinished.csv \(the statistics, members.csv and summary.json of the earlier ensemble" -- \
    env RIA_ENSEMBLE_FAULT=0,1 "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --output out
  cmp before.csv out/gauges_percentiles.csv || fail "an ensemble without a finished member replaced an earlier one's statistics"
  cmp members_before.csv out/members.csv || fail "an ensemble without a finished member replaced the earlier members.csv"
  cmp summary_before.json out/summary.json || fail "an ensemble without a finished member replaced the earlier summary.json"
  [ "$(status_count out/members_unfinished.csv failed)" -eq 2 ] || { cat out/members_unfinished.csv; fail "members_unfinished.csv"; }
  # The next ensemble that finishes there removes that table with the rest of the earlier files.
  cp -r out again
  "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --output again --quiet || fail "the next ensemble"
  [ ! -e again/members_unfinished.csv ] || fail "an earlier ensemble's members_unfinished.csv left beside this one's files"
  # An ensemble that cannot write its statistics (a file-size limit) puts none in place: the
  # earlier ensemble's files are kept, not mixed with its own. (Without NetCDF its CSV files may
  # fit under the limit: checked where ensemble.nc is written.)
  [ -n "${RIA_EXPECT_NETCDF:-}" ] || { echo "ok (no NetCDF in this build: the file-size case is not run)"; exit 0; }
  md5sum out/*.csv out/*.nc out/*.png 2>/dev/null > before.md5
  ( ulimit -f 8; "${E[@]}" --set domain.cells=200 --members 2 --vary physics.manning=0.02:0.04 --output out >io.txt 2>&1
    echo $? > rc.txt )
  [ "$(cat rc.txt)" -eq 3 ] || { cat io.txt; fail "exit $(cat rc.txt) under a file-size limit, expected 3"; }
  grep -q "the files of an earlier ensemble in out/ are kept as they were" io.txt || { cat io.txt; fail "no word on the kept files"; }
  if grep -q "ncFile.cpp" io.txt; then cat io.txt; fail "the NetCDF library's own line was printed"; fi
  md5sum --quiet -c before.md5 || fail "an ensemble that failed to write changed the earlier ensemble's files"
  if ls out/*.partial >/dev/null 2>&1; then fail "partial statistics files left behind"; fi
  echo "ok: an ensemble that could not write its statistics left the earlier ones as they were"
  ;;
signal)  # SIGINT: the running member finishes, the rest are not run, what is done is written, exit 6
  "${E[@]}" "${LONGER[@]}" --members 6 --vary physics.manning=0.02:0.04 --output out >run.txt 2>&1 &
  pid=$!
  for _ in $(seq 1 400); do grep -q 'finished in' run.txt && break; sleep 0.05; done
  kill -INT $pid
  wait $pid
  rc=$?
  cat run.txt | tail -3
  [ "$rc" -eq 6 ] || fail "exit code $rc after SIGINT, expected 6"
  grep -q 'signal 2: stopping after member' run.txt || fail "the signal was not acknowledged"
  # After it no member starts: the lines give no ETA.
  sed -n '/signal 2: stopping after/,$p' run.txt | grep -q 'ETA' && fail "an ETA after the stop signal"
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
concurrent)  # --concurrent 3: the files of the members run one at a time, byte for byte but the wall times
  ARGS=(--members 5 --vary physics.manning=0.02:0.04 --vary-point outfall=500 --thresholds 0.01,0.001)
  mkdir k1 k3
  (cd k1 && "${E[@]}" "${ARGS[@]}" --output out >run.txt 2>&1) || { cat k1/run.txt; fail "--concurrent 1"; }
  (cd k3 && "${E[@]}" "${ARGS[@]}" --concurrent 3 --output out >run.txt 2>&1) || { cat k3/run.txt; fail "--concurrent 3"; }
  grep -q ', 3 members at once -> out/' k3/run.txt || { cat k3/run.txt; fail "the header does not say 3 members at once"; }
  [ "$(grep -c ') finished in ' k3/run.txt)" -eq 5 ] || { cat k3/run.txt; fail "expected a line for each of the 5 members"; }
  [ -s k1/out/gauges_percentiles.csv ] || fail "no gauges_percentiles.csv"
  compared=0
  for f in k1/out/*; do
    b=$(basename "$f")
    case $b in members.csv | summary.json) continue ;; esac
    cmp "$f" "k3/out/$b" || fail "$b differs between --concurrent 1 and 3"
    compared=$((compared + 1))
  done
  # members.csv: every column but wall_s (the 6th); summary.json: all but the wall time, the rate
  # and the count at once.
  diff <(cut -d, -f1-5,7- k1/out/members.csv) <(cut -d, -f1-5,7- k3/out/members.csv) || fail "members.csv differs"
  [ "$(status_count k3/out/members.csv finished)" -eq 5 ] || { cat k3/out/members.csv; fail "5 finished members expected"; }
  strip() { grep -Ev '"(wall_s|members_per_hour|concurrent)"' "$1"; }
  diff <(strip k1/out/summary.json) <(strip k3/out/summary.json) || fail "summary.json differs"
  grep -q '"concurrent": 3' k3/out/summary.json || fail "summary.json does not say 3 at once"
  # The default, --concurrent auto, runs the serial backend's members one at a time.
  grep -q '"concurrent": 1' k1/out/summary.json || fail "summary.json of --concurrent auto (serial) does not say 1 at once"
  # The members ran at once: their wall times add up to more than the ensemble's (3 at once: about
  # 2 to 3 times more; one at a time they add up to it).
  w=$(grep -m1 '"wall_s"' k3/out/summary.json | tr -dc '0-9.')
  awk -F, -v w="$w" 'NR > 1 { s += $6 } END { exit !(s > 1.5 * w) }' k3/out/members.csv \
    || { cat k3/out/members.csv k3/out/summary.json; fail "the members did not run at once"; }
  echo "ok: --concurrent 3 wrote the files of --concurrent 1 ($compared compared byte for byte)"
  # --no-dry-skip (for measurement): the members compute dry land too, with the same results.
  (mkdir ns && cd ns && "${E[@]}" "${ARGS[@]}" --no-dry-skip --output out >run.txt 2>&1) || { cat ns/run.txt; fail "--no-dry-skip"; }
  for f in k1/out/*; do
    b=$(basename "$f")
    case $b in members.csv | summary.json) continue ;; esac
    cmp "$f" "ns/out/$b" || fail "$b differs with --no-dry-skip"
  done
  grep -q '"dry_skip": false' ns/out/summary.json || fail "summary.json of --no-dry-skip does not say dry_skip false"
  grep -q '"dry_skip": true' k1/out/summary.json || fail "summary.json does not say dry_skip true"
  echo "ok: --no-dry-skip wrote the same files"
  # OpenMP: 2 members at once divide the cores (floor(cores / 2) threads each, at least 1), and
  # give the serial solver's results (bitwise, as for one member).
  env -u OMP_NUM_THREADS "$RIA" ensemble --backend openmp "${TINY[@]:2}" "${ARGS[@]}" --concurrent 2 --output omp >omp.txt 2>&1
  rc=$?
  if [ "$rc" -eq 5 ]; then
    echo "ok: not built with OpenMP"
  else
    [ "$rc" -eq 0 ] || { cat omp.txt; fail "openmp --concurrent 2: exit code $rc"; }
    n=$(sed -En 's/.*openmp\/double \(([0-9]+) threads?, .*/\1/p' omp.txt | head -1)
    cores=$(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc)  # (nproc obeys OMP_NUM_THREADS)
    half=$(( cores / 2 > 1 ? cores / 2 : 1 ))
    [ -n "$n" ] && [ "$n" -le "$half" ] || { cat omp.txt; fail "each member should get at most $half threads"; }
    cmp k1/out/gauges_percentiles.csv omp/gauges_percentiles.csv || fail "openmp members differ from serial ones"
    [ ! -e k1/out/ensemble.nc ] || cmp k1/out/ensemble.nc omp/ensemble.nc || fail "openmp ensemble.nc differs"
    echo "ok: openmp, 2 at once: $n thread(s) each of $cores cores, the serial results"
  fi
  # A process bound to one core (as Open MPI binds each of 2 ranks) is told its members take turns.
  if command -v taskset >/dev/null && taskset -c 0 true 2>/dev/null && [ "$(nproc --all)" -ge 2 ]; then
    expect 0 "concurrent 2: this process may run on 1 core only \(its affinity mask\).*--bind-to none" -- \
      taskset -c 0 "${E[@]}" --members 2 --vary physics.manning=0.02:0.04 --concurrent 2 --output bound
  else
    echo "ok: no taskset or one core here: the one-core warning is not checked"
  fi
  ;;
cuda_auto)  # --concurrent auto (the default) on the GPU: 4 members at once, the files of one at a time
  C=(--backend cuda --set domain.cells=40 --set time.duration=2h --members 5 --vary physics.manning=0.02:0.04
     --vary-point outfall=500)
  "$RIA" ensemble "${C[@]}" --concurrent 1 --output k1 >k1.txt 2>&1
  rc=$?
  [ "$rc" -eq 5 ] && { cat k1.txt; echo "skipped: no CUDA device"; exit 5; }
  [ "$rc" -eq 0 ] || { cat k1.txt; fail "--concurrent 1 on cuda: exit code $rc"; }
  "$RIA" ensemble "${C[@]}" --output auto >auto.txt 2>&1 || { cat auto.txt; fail "--concurrent auto on cuda"; }
  grep -q ', 4 members at once -> auto/' auto.txt || { cat auto.txt; fail "the header does not say 4 members at once"; }
  grep -q '"concurrent": 4' auto/summary.json || fail "summary.json of --concurrent auto (cuda) does not say 4 at once"
  compared=0
  for f in k1/*; do
    b=$(basename "$f")
    case $b in members.csv | summary.json) continue ;; esac
    cmp "$f" "auto/$b" || fail "$b differs between --concurrent 1 and auto"
    compared=$((compared + 1))
  done
  diff <(cut -d, -f1-5,7- k1/members.csv) <(cut -d, -f1-5,7- auto/members.csv) || fail "members.csv differs"
  echo "ok: --concurrent auto ran 4 members at once on the GPU and wrote the files of one at a time ($compared compared)"
  ;;
concurrent_failure)  # --concurrent 2: a failed member is reported and the others finish; any other error ends it cleanly
  ARGS=(--members 4 --vary physics.manning=0.02:0.04)
  RIA_ENSEMBLE_FAULT=1 "${E[@]}" "${ARGS[@]}" --concurrent 2 --output out >run.txt 2>&1 \
    || { cat run.txt; fail "an ensemble with one failed member should exit 0"; }
  [ "$(status_count out/members.csv failed)" -eq 1 ] && [ "$(status_count out/members.csv finished)" -eq 3 ] \
    || { cat out/members.csv; fail "members.csv should list 1 failed and 3 finished members"; }
  grep -q '^1,.*,failed,.*numerical failure: .*h = nan' out/members.csv || fail "member 1's message is not in members.csv"
  grep -q 'ria ensemble: member 1 (.*) failed: numerical failure' run.txt || fail "member 1's failure not reported"
  grep -q "warning: 1 of 4 members failed" run.txt || fail "no warning about the failed member"
  awk -F, 'NR > 1 && $3 != 3 { exit 1 }' out/gauges_percentiles.csv || fail "gauge percentiles not over the 3 finished members"
  RIA_ENSEMBLE_FAULT=1 "${E[@]}" "${ARGS[@]}" --quiet --output one >one.txt 2>&1 || { cat one.txt; fail "one at a time"; }
  cmp one/gauges_percentiles.csv out/gauges_percentiles.csv || fail "other statistics than one member at a time"
  diff <(cut -d, -f1-3,5- one/members.csv) <(cut -d, -f1-3,5- out/members.csv) || fail "members.csv differs"
  # An error that is not numerical (as a device's): no new member starts, the running ones finish,
  # the statistics over the members finished are written (they were lost), and the error ends the
  # ensemble (exit 1); in one thread of two as without threads.
  expect 1 "^ria ensemble: RIA_ENSEMBLE_FAULT: error injected into member 1$" -- \
    env RIA_ENSEMBLE_FAULT=1:error "${E[@]}" --set domain.cells=60 --members 6 --vary physics.manning=0.02:0.04 --output e1
  grep -q "stopped by an error after 1 of 6 members finished; statistics over them in e1/" out.txt \
    || { cat out.txt; fail "the finished member's statistics are not said to be written"; }
  grep -q '"stopped_by_error": "RIA_ENSEMBLE_FAULT: error injected into member 1"' e1/summary.json \
    || { cat e1/summary.json; fail "summary.json does not say the error stopped it"; }
  [ "$(status_count e1/members.csv finished)" -eq 1 ] && [ "$(status_count e1/members.csv not_run)" -eq 4 ] \
    || { cat e1/members.csv; fail "members.csv should list 1 finished and 4 not run"; }
  grep -q '^1,.*,failed,.*RIA_ENSEMBLE_FAULT: error injected into member 1' e1/members.csv \
    || { cat e1/members.csv; fail "members.csv does not name the member the error came from"; }
  awk -F, 'NR > 1 && $3 != 1 { exit 1 } END { exit NR < 2 }' e1/gauges_percentiles.csv \
    || fail "gauge percentiles not over the finished member"
  expect 1 "^ria ensemble: RIA_ENSEMBLE_FAULT: error injected into member 1$" -- \
    env RIA_ENSEMBLE_FAULT=1:error "${E[@]}" --set domain.cells=60 --members 6 --vary physics.manning=0.02:0.04 \
    --concurrent 2 --output e2
  grep -qi 'terminate' out.txt && { cat out.txt; fail "the error ended the process by std::terminate"; }
  [ "$(grep -c ') finished in ' out.txt)" -lt 5 ] || { cat out.txt; fail "members kept starting after the error"; }
  grep -q '"stopped_by_error"' e2/summary.json || fail "the running member's statistics were not written"
  echo "ok: a failed member among 2 at once; an error keeps the members finished before it"
  ;;
concurrent_signal)  # --concurrent 2: the first SIGINT lets the running members finish, the second stops them
  ARGS=("${LONGER[@]}" --members 6 --vary physics.manning=0.02:0.04 --concurrent 2)
  # start_after_a_member OUT: the ensemble in the background, back once a member has finished
  start_after_a_member() {
    "${E[@]}" "${ARGS[@]}" --output "$1" >"$1.txt" 2>&1 &
    pid=$!
    for _ in $(seq 1 400); do grep -q 'finished in' "$1.txt" && break; sleep 0.05; done
  }
  start_after_a_member one
  kill -INT $pid
  wait $pid
  rc=$?
  [ "$rc" -eq 6 ] || { cat one.txt; fail "exit code $rc after SIGINT, expected 6"; }
  grep -q 'signal 2: stopping after member' one.txt || { cat one.txt; fail "the signal was not acknowledged"; }
  finished=$(status_count one/members.csv finished)
  notrun=$(status_count one/members.csv not_run)
  # The member running beside the one that finished finishes too.
  [ "$finished" -ge 2 ] && [ "$notrun" -ge 1 ] && [ $((finished + notrun)) -eq 6 ] \
    || { cat one/members.csv; fail "expected at least 2 finished members and not_run ones only"; }
  awk -F, -v n="$finished" 'NR > 1 && $3 != n { exit 1 }' one/gauges_percentiles.csv || fail "statistics not over the finished members"
  start_after_a_member two
  kill -INT $pid
  sleep 0.1
  kill -INT $pid
  wait $pid
  rc=$?
  [ "$rc" -eq 6 ] || { cat two.txt; fail "exit code $rc after two SIGINTs, expected 6"; }
  interrupted=$(status_count two/members.csv interrupted)
  [ "$interrupted" -ge 1 ] && [ "$interrupted" -le 2 ] || { cat two/members.csv; fail "expected 1 or 2 interrupted members"; }
  grep -q ',interrupted,.*,stopped by signal 2 at t = ' two/members.csv || { cat two/members.csv; fail "no signal message"; }
  [ $(( $(status_count two/members.csv finished) + interrupted + $(status_count two/members.csv not_run) )) -eq 6 ] \
    || { cat two/members.csv; fail "statuses other than finished, interrupted and not_run"; }
  echo "ok: first signal: $finished finished, $notrun not run; second: $interrupted interrupted"
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
  # Each rank running its members 2 at once (rank 0 has 3, rank 1 has 2): the same again.
  RIA_ENSEMBLE_FAULT=2 "${RIA_MPIEXEC:-mpirun}" --oversubscribe -np 2 "${E[@]}" "${ARGS[@]}" --concurrent 2 --output k2 \
    >k2.txt 2>&1 || { cat k2.txt; fail "2 ranks, 2 members at once"; }
  cmp one/gauges_percentiles.csv k2/gauges_percentiles.csv || fail "gauge percentiles differ with 2 members at once per rank"
  diff <(cut -d, -f1-5 one/members.csv) <(cut -d, -f1-5 k2/members.csv) || fail "members.csv differs (2 at once)"
  grep -q '"concurrent": 2' k2/summary.json || fail "summary.json does not say 2 at once"
  echo "ok: 2 ranks, also with 2 members at once each, give the statistics of one process (member 2 failed on rank 0)"
  ;;
*) fail "unknown case $CASE" ;;
esac
