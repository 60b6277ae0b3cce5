#!/usr/bin/env bash
# End-to-end checks of `ria run` (and `ria tide`, and `ria bench --estuary` against `ria run`) through
# the command line, one case per ctest test (the files a run reads and writes: run_files_cli.sh):
#   run_cli.sh RIA WORKDIR CASE
# Each case states what it expects; any failed expectation exits non-zero with a message.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/cli_common.sh"
RIA=$1
enter_case "$2" "$3"

case $CASE in
default)  # the README's main command: the embedded default scenario, all outputs
  "$RIA" run --output out > run.txt 2>&1 || { cat run.txt; fail "default scenario failed"; }
  tail -2 run.txt
  for f in out/summary.json out/gauges.csv out/checkpoint.ckpt; do [ -s "$f" ] || fail "missing $f"; done
  grep -q '"interrupted": false' out/summary.json || fail "summary does not say the run finished"
  [ "$(wc -l < out/gauges.csv)" -eq 290 ] || fail "gauges.csv should hold 289 records (every 5 min over 24 h) + header"
  if [ -n "${RIA_EXPECT_NETCDF:-}" ]; then
    [ -s out/ria.nc ] || fail "missing out/ria.nc"
    [ -s out/gauges.nc ] || fail "missing out/gauges.nc (the gauges' timeSeries file)"
    # A new run starting from the 12 h free surface of ria.nc holds the water stored at 12 h
    # (to float precision: the maps are stored as float).
    printf 'name = "from_nc"\n[domain]\nsource = "synthetic_estuary"\ncells = 120\n[time]\nduration = "1 h"\n' > nc.toml
    printf '[initial]\nkind = "netcdf"\npath = "out/ria.nc"\ntime = "12 h"\n[output]\nnetcdf = false\npng_at_end = false\n' >> nc.toml
    "$RIA" run nc.toml --output ncout > nc.txt 2>&1 || { cat nc.txt; fail "run from a NetCDF initial state"; }
    v12=$(grep -m1 '^balance 12:00:00' run.txt | sed 's/.*stored \([^ ]*\).*/\1/')
    v0=$(grep -m1 '^balance 0:00:00' nc.txt | sed 's/.*stored \([^ ]*\).*/\1/')
    awk -v a="$v12" -v b="$v0" 'BEGIN { d = (a - b) / a; if (d < 0) d = -d; exit !(d < 1e-5) }' \
      || fail "water at the NetCDF restart $v0 differs from the 12 h volume $v12"
    echo "ok: started from ria.nc at 12 h: stored $v0 m3 (12 h of the first run: $v12 m3)"
    # Its time.start is not the slice's date: the tide would run from another time; said.
    grep -q "^ria run: warning: nc.toml: initial.path 'out/ria.nc' holds the state of 2026-11-23T12:00:00Z (its time coordinate), but time.start = \"2000-01-01T00:00:00Z\" is .* before it: .*set time.start = \"2026-11-23T12:00:00Z\"" nc.txt \
      || { cat nc.txt; fail "no warning that time.start is not the slice's date"; }
    echo "ok: a time.start other than the slice's date is warned of"
    # With initial.velocity the same start carries the 12 h currents: the mouth gauge's u at t = 0
    # is the first run's u at 12 h to float precision (the maps are float); at rest it is 0.
    { sed 's/^time = "12 h"$/time = "12 h"\nvelocity = ["u", "v"]/' nc.toml
      printf 'gauges_csv = true\n[[gauge]]\nname = "mouth"\nx = 10066.0\ny = 5000.0\n'; } > ncv.toml
    "$RIA" run ncv.toml --output ncvout > ncv.txt 2>&1 || { cat ncv.txt; fail "run from a NetCDF state with velocities"; }
    u12=$(awk -F, 'NR > 1 && $1 == 43200 { print $4 }' out/gauges.csv)
    u0=$(awk -F, 'NR == 2 { print $4 }' ncvout/gauges.csv)
    awk -v a="$u12" -v b="$u0" 'BEGIN { d = a - b; if (d < 0) d = -d; m = a < 0 ? -a : a; exit !(m > 1e-3 && d <= 1e-6 * m + 1e-9) }' \
      || fail "u at the mouth at the start ($u0 m/s) is not the first run's u at 12 h ($u12 m/s)"
    echo "ok: started from ria.nc with velocities: u at the mouth $u0 m/s (12 h of the first run: $u12 m/s)"
    # With initial.concentration it carries the pollutant too: the mass stored at t = 0 is the
    # first run's at 12 h, to float precision (and less the few cells thinner than dry_depth, which
    # ria.nc writes as fill: 4.5e-7 of the water in a sweep's case).
    sed 's/^time = "12 h"$/time = "12 h"\nconcentration = "concentration"/' nc.toml > ncc.toml
    "$RIA" run ncc.toml --output nccout --set 'time.start="2026-11-23T12:00:00Z"' > ncc.txt 2>&1 \
      || { cat ncc.txt; fail "run from a NetCDF state with its concentration"; }
    if grep -q "holds the state of" ncc.txt; then cat ncc.txt; fail "warned of a time.start that is the slice's date"; fi
    p12=$(grep -A1 -m1 '^balance 12:00:00' run.txt | sed -n 's/.*pollutant: stored \([^ ]*\).*/\1/p')
    p0=$(grep -A1 -m1 '^balance 0:00:00' ncc.txt | sed -n 's/.*pollutant: stored \([^ ]*\).*/\1/p')
    awk -v a="$p12" -v b="$p0" 'BEGIN { d = (a - b) / a; if (d < 0) d = -d; exit !(a > 0 && d < 1e-5) }' \
      || fail "pollutant at the NetCDF restart '$p0' differs from the 12 h mass '$p12'"
    echo "ok: started from ria.nc with its concentration: pollutant $p0 (12 h of the first run: $p12)"
  fi
  if [ -n "${RIA_EXPECT_PNG:-}" ]; then ls out/concentration_t*.png >/dev/null 2>&1 || fail "no PNG quicklooks"
  elif grep -q '^ria run: warning: .*without cairo' run.txt; then echo "ok: no cairo in this build, warned"
  else fail "no PNG maps and no warning about cairo"; fi
  ;;
restart)  # a run resumed from a checkpoint ends bitwise identical to an uninterrupted run
  for p in double mixed; do
    rm -rf full part
    "$RIA" run --output full --quiet --precision $p --set time.duration=4h || fail "full run ($p)"
    "$RIA" run --output part --quiet --precision $p --set time.duration=2h || fail "first half ($p)"
    cp part/checkpoint.ckpt half.ckpt
    "$RIA" run --output part --quiet --precision $p --set time.duration=4h --restart half.ckpt || fail "second half ($p)"
    cmp full/checkpoint.ckpt part/checkpoint.ckpt || fail "restarted run differs from the uninterrupted one ($p)"
    echo "ok: $p final checkpoints identical ($(stat -c %s full/checkpoint.ckpt) bytes)"
  done
  # Forcing changed at a restart (a forecast's new river flow) goes on with the new values, said;
  # unchanged, nothing is said.
  expect 0 "warning: release.0 differs from the run that wrote checkpoint 'half.ckpt': the run goes on with this scenario's from t = 7200 s" -- \
    "$RIA" run --output forced --quiet --precision mixed --set time.duration=4h --restart half.ckpt --set release.0.discharge=9
  "$RIA" run --output same --quiet --precision mixed --set time.duration=4h --restart half.ckpt > same.txt 2>&1 || fail "restart"
  if grep -q "differ" same.txt; then cat same.txt; fail "an unchanged forcing was said to differ"; fi
  # A gauge moved since the checkpoint: its column of the continued gauges.csv would go on
  # elsewhere. Into another directory it may move.
  expect 2 "cannot continue gauge file 'part/gauges.csv': gauge 'mouth' was at cell \(i, j\) = \([0-9]+, [0-9]+\) in the run that wrote the checkpoint, and is at \([0-9]+, [0-9]+\) now" -- \
    "$RIA" run --output part --quiet --precision mixed --set time.duration=4h --restart half.ckpt --set gauge.0.x=10566
  "$RIA" run --output moved --quiet --precision mixed --set time.duration=4h --restart half.ckpt --set gauge.0.x=10566 \
    || fail "a restart into another directory with a gauge moved"
  # Again into that directory: its gauge file holds no row before the restart, nothing to continue.
  "$RIA" run --output moved --quiet --precision mixed --set time.duration=4h --restart half.ckpt --set gauge.0.x=10566 \
    || fail "a second restart into the directory whose rows all come after the restart"
  # Another run's gauges.csv (the same grid, bed and physics, twice the river) that reaches past the
  # checkpoint: its row at the checkpoint's last gauge time is not the one the checkpoint's run wrote.
  "$RIA" run --output other --quiet --precision mixed --set time.duration=4h --set boundary.1.discharge=300 \
    || fail "the other run"
  cp other/gauges.csv other0.csv
  expect 2 "gauge file 'other/gauges.csv': its row at t = 7200 s is not the one the checkpoint's run wrote then: it is another run's" -- \
    "$RIA" run --output other --quiet --precision mixed --set time.duration=4h --restart half.ckpt
  cmp other0.csv other/gauges.csv || fail "the refused restart changed the other run's gauges.csv"
  # A run killed while it put its files in place (a file left partial, here by hand): a restart from
  # its last checkpoint has nothing to run and says how to finish.
  mv full/gauges.csv full/gauges.csv.partial
  expect 2 "is the end of its run \(t = 14400 s\): nothing is left to run, but full/ holds partial files \(gauges.csv.partial\); .*rename each" -- \
    "$RIA" run --output full --quiet --precision mixed --set time.duration=4h --restart full/checkpoint.ckpt
  ;;
signal)  # SIGINT mid-run: checkpoint, exit 6; resuming ends bitwise identical to an uninterrupted run
  # The outfall (2 m^3/s) from t = 0: the water released by the stop is 2 t.
  ARGS=(--backend serial --set domain.cells=160 --set time.duration=3h --set output.png_times=[] --set release.0.start=0)
  "$RIA" run --output full --quiet "${ARGS[@]}" || fail "full run"
  interrupt_after '^balance' run.txt -- "$RIA" run --output part "${ARGS[@]}"
  cat run.txt | tail -3
  [ "$rc" -eq 6 ] || fail "exit code $rc after SIGINT, expected 6 (the run may have finished before the signal)"
  grep -q "resume with --restart" run.txt || fail "no resume hint"
  grep -q '"interrupted": true' part/summary.json || fail "summary does not say interrupted"
  # The summary's balance is the stop's (it was the last map output's), and it says how the run
  # was started: its --set overrides and the date of t = 0.
  t_end=$(sed -n 's/^ *"t_end_s": \([0-9.e+-]*\),$/\1/p' part/summary.json)
  released=$(sed -n '/"water_m3"/,/}/s/^ *"released": \([0-9.e+-]*\),$/\1/p' part/summary.json)
  awk -v t="$t_end" -v r="$released" 'BEGIN { exit !(t > 0 && r > 0 && (r - 2 * t) ^ 2 < 1e-12 * t * t) }' ||
    fail "summary: water released $released by t_end_s $t_end, expected 2 m^3/s x t_end_s"
  grep -q '"command_line": "ria run --set domain.cells=160 .*--set release.0.start=0"' part/summary.json ||
    fail "summary does not record the --set overrides"
  grep -q '"time_start": "2026-11-23T00:00:00Z"' part/summary.json || fail "summary does not give time.start"
  cp part/checkpoint.ckpt sig.ckpt
  "$RIA" run --output part --quiet "${ARGS[@]}" --restart sig.ckpt || fail "resumed run"
  cmp full/checkpoint.ckpt part/checkpoint.ckpt || fail "resumed run differs from the uninterrupted one"
  echo "ok: interrupted and resumed run identical to the uninterrupted one"
  # SIGHUP (a closed terminal, a dropped ssh session) stops it the same way.
  SIG=HUP interrupt_after '^balance' hup.txt -- "$RIA" run --output hup "${ARGS[@]}"
  [ "$rc" -eq 6 ] || { cat hup.txt; fail "exit code $rc after SIGHUP, expected 6"; }
  grep -q '"interrupted": true' hup/summary.json || fail "summary does not say interrupted after SIGHUP"
  # A batch system's warnings (SIGUSR1, SIGUSR2) stop it too.
  for sig in USR1 USR2; do
    SIG=$sig interrupt_after '^balance' $sig.txt -- "$RIA" run --output $sig "${ARGS[@]}"
    [ "$rc" -eq 6 ] || { cat $sig.txt; fail "exit code $rc after SIG$sig, expected 6"; }
    [ -s $sig/checkpoint.ckpt ] || fail "no checkpoint after SIG$sig"
  done
  # Started ignoring SIGHUP (nohup): it stays ignored, and the run finishes.
  SIG=HUP interrupt_after '^balance' nohup.txt -- bash -c 'trap "" HUP; exec "$0" "$@"' "$RIA" run --output nohup "${ARGS[@]}"
  [ "$rc" -eq 0 ] || { cat nohup.txt; fail "exit code $rc after SIGHUP to a run started ignoring it, expected 0"; }
  cmp full/checkpoint.ckpt nohup/checkpoint.ckpt || fail "the run started under nohup differs"
  # A reader of its lines that goes away (| head) fails those writes, not the run.
  "$RIA" run --output piped "${ARGS[@]}" | head -1 > /dev/null
  rc=${PIPESTATUS[0]}
  [ "$rc" -eq 0 ] || fail "exit code $rc with its reader gone (SIGPIPE), expected 0"
  cmp full/checkpoint.ckpt piped/checkpoint.ckpt || fail "the run whose reader went away differs"
  echo "ok: SIGHUP checkpoints and exits 6; a run piped into head finishes"
  ;;
bad_inputs)
  printf 'name = "x"\n[domain]\nsource = "synthetic_estuary"\n[time]\nduration = "1 h"\n[physics]\nmanining = 0.03\n' > typo.toml
  expect 2 "typo.toml:7.*did you mean 'manning'" -- "$RIA" run typo.toml
  expect 3 "missing.toml" -- "$RIA" run missing.toml
  expect 2 "duration" -- "$RIA" run --set time.duration=-1h
  expect 2 "duration" -- "$RIA" run --set time.duration=0
  # A backend this machine lacks: refused before the output directory is made (exit 5), where it can be.
  if "$RIA" run --backend cuda "${SHORT[@]}" --output cu > cu.txt 2>&1; then
    echo "ok: --backend cuda ran here"
  else
    rc=$?
    [ "$rc" -eq 5 ] || { cat cu.txt; fail "--backend cuda: exit $rc, expected 5"; }
    refused_without_cuda cu.txt cu
    echo "ok: --backend cuda refused before writing: $(tail -1 cu.txt)"
  fi
  # The memory refusal names where the cell count came from: the --set, or the file.
  expect 2 "^ria run: --set domain.cells: domain.cells: a grid of 1e\+10 cells needs about .* GiB of host memory" -- \
    "$RIA" run --set domain.cells=100000
  printf 'name = "x"\n[domain]\nsource = "synthetic_estuary"\ncells = 100000\n[time]\nduration = "1 h"\n' > huge.toml
  expect 2 "^ria run: huge.toml: domain.cells: a grid of 1e\+10 cells needs about .* GiB of host memory" -- "$RIA" run huge.toml
  { printf 'name = "x"\n[domain]\nsource = "synthetic_estuary"\ncells = 40\n[time]\nduration = "1 h"\n'
    for n in a b; do
      printf '[[release]]\nname = "%s"\nx = 9600.0\ny = 9000.0\nradius = 300.0\ndischarge = 1.0\n' $n
      printf 'concentration = 1.0\nstart = "0 s"\nduration = "1 h"\n'
    done; } > overlap.toml
  expect 2 "overlap.toml.*release 'b' overlaps release 'a'|release 'a' overlaps release 'b'" -- "$RIA" run overlap.toml
  touch afile
  expect 3 "afile/out" -- "$RIA" run --output afile/out "${SHORT[@]}"
  expect 2 "gauge 0 \('mouth'\).*outside" -- "$RIA" run --set gauge.0.x=-50 "${SHORT[@]}"
  printf 'not a raster\n' > dem.txt
  printf 'name = "x"\n[domain]\nsource = "dem"\ndem = "dem.txt"\n[time]\nduration = "1 h"\n' > notraster.toml
  expect 2 "dem.txt" -- "$RIA" run notraster.toml
  sed 's/dem.txt/nothere.asc/' notraster.toml > missingdem.toml
  expect 3 "nothere.asc" -- "$RIA" run missingdem.toml
  printf 'ncols 4\nnrows 3\nxllcorner 0\nyllcorner 0\ncellsize 10\nNODATA_value -9999\n' > nodata.asc
  for _ in 1 2 3; do echo "-9999 -9999 -9999 -9999" >> nodata.asc; done
  sed 's/dem.txt/nodata.asc/' notraster.toml > nodata.toml
  expect 2 "no valid elevation" -- "$RIA" run nodata.toml
  printf 'ncols 4\nnrows 3\nxllcorner 0\nyllcorner 0\ncellsize 10\n-1 -1 -1 -1\n-1 nan -1 -1\n-1 -1 -1 -1\n' > nan.asc
  sed 's/dem.txt/nan.asc/' notraster.toml > nan.toml
  expect 2 "NaN" -- "$RIA" run nan.toml
  printf 'RIACKPT1 but cut' > cut.ckpt
  expect 2 "cut.ckpt" -- "$RIA" run --restart cut.ckpt "${SHORT[@]}"
  # The header is read first: a directory or a device is refused without being read whole.
  expect 2 "--output: expected a path, got an empty string" -- "$RIA" run --output "" "${SHORT[@]}"
  # A byte-order mark (Notepad, spreadsheet exports) is no part of a scenario or a table; a device
  # is no scenario (it would be read without end).
  printf '\xef\xbb\xbfname = "bom"\n[domain]\nsource = "synthetic_estuary"\ncells = 40\n[time]\nduration = "10 min"\n' > bom.toml
  printf '[output]\npng_at_end = false\nnetcdf = false\n' >> bom.toml
  expect 0 "^done: 600 s simulated" -- "$RIA" run bom.toml --output bomout
  expect 2 "--step: expected a finite number > 0, got 'inf'" -- "$RIA" tide Charleston --from 2026-11-23 --to 2026-11-24 --step inf
  # The table prints whole seconds: 0.6 s would print repeated, rounded times.
  expect 2 "--step 0.01: expected a whole number of seconds \(0.6 s given" -- \
    "$RIA" tide Charleston --from 2026-11-23 --to 2026-11-24 --step 0.01
  # An empty search word would list every station of the database.
  expect 2 "--search: expected a word, got an empty or blank string" -- "$RIA" tide --search ""
  expect 2 "--search: expected a word, got an empty or blank string" -- "$RIA" tide --search "  "
  expect 2 "scenario file '/dev/zero': expected a file or a pipe, not a device or socket" -- "$RIA" run /dev/zero
  mkdir -p adir
  expect 3 "cannot read checkpoint 'adir': it is a directory" -- "$RIA" run --restart adir "${SHORT[@]}"
  expect 2 "'/dev/zero' is not a ria checkpoint \(not a regular file\)" -- "$RIA" run --restart /dev/zero "${SHORT[@]}"
  "$RIA" run --output small --quiet --set domain.cells=60 --set time.duration=1h || fail "small run"
  expect 2 "another grid" -- "$RIA" run --restart small/checkpoint.ckpt "${SHORT[@]}"
  # Number options refuse NaN (it passed every range check and hung the SPH benchmark); grids are
  # checked against the memory before anything is allocated; a directory is no file to write.
  expect 2 "--h-over-dp: expected a finite number in \[1, 3\], got 'nan'" -- \
    "$RIA" bench sph --backend serial --particles 1000 --steps 1 --h-over-dp nan
  expect 2 "--until: expected a finite number in \[0.1, 20\], got 'nan'" -- "$RIA" compare dambreak --no-sph --until nan
  expect 2 "--sizes: expected a number > 0, got 0" -- "$RIA" bench --backend serial --sizes 0
  expect 2 "--sizes 200000: a grid of 4e\+10 cells needs about .* of host memory, .* are available; use smaller --sizes" -- \
    "$RIA" bench --backend serial --sizes 200000 --steps 1
  expect 2 "--resolution 1: expected 0 \(each case's default\) or at least 8 cells" -- "$RIA" validate ritter --resolution 1
  # Messages: a whole number where one is expected; the other command's checkpoint named as such; a
  # name's length in characters; a dangling link as the output directory.
  expect 2 "--ghost-rows: expected a whole number in \[1, 64\], got '2.5'" -- "$RIA" run "${SHORT[@]}" --ghost-rows 2.5
  { printf 'RIASPHC1'; head -c 64 /dev/zero; } > other.sphck
  expect 2 "'other.sphck' is not a ria checkpoint: it is a checkpoint of \`ria sph run\` \(RIASPHC1 header\)" -- \
    "$RIA" run "${SHORT[@]}" --restart other.sphck
  expect 2 "expected a gauge name of 1 to 100 characters, got 101" -- \
    "$RIA" run "${SHORT[@]}" --set "gauge.0.name=\"$(printf 'é%.0s' $(seq 101))\""
  "$RIA" run "${SHORT[@]}" --output ok100 --set "gauge.0.name=\"$(printf 'é%.0s' $(seq 100))\"" \
    || fail "a gauge name of 100 two-byte characters was refused"
  ln -sfn nonexist dangling
  expect 3 "cannot create output directory 'dangling': it is a symbolic link to 'nonexist', which does not exist" -- \
    "$RIA" run "${SHORT[@]}" --output dangling
  # Gauges recorded nowhere, and an earlier run's NetCDF files that a run without NetCDF output
  # leaves: both said.
  expect 0 "warning: output.netcdf and output.gauges_csv are both false: the 3 gauge\(s\) are recorded nowhere" -- \
    "$RIA" run "${SHORT[@]}" --output nowhere --set output.netcdf=false --set output.gauges_csv=false
  if [ -n "${RIA_EXPECT_NETCDF:-}" ]; then
    "$RIA" run "${SHORT[@]}" --output stale || fail "a run with NetCDF output"
    expect 0 "warning: stale/ also holds 2 output file\(s\) this run did not write \(gauges.nc .. ria.nc\)" -- \
      "$RIA" run "${SHORT[@]}" --output stale --set output.netcdf=false
  fi
  # A --json path that cannot be written is refused before any case or measurement runs.
  expect 2 "--json: '.*' is a directory; expected a file name" -- \
    "$RIA" validate lake_at_rest --resolution 10 --json "$PWD"
  expect 2 "--json: 'nodir/x.json': the directory 'nodir' does not exist" -- "$RIA" validate all --json nodir/x.json
  if grep -q "^running" out.txt; then fail "validate ran a case before refusing its --json"; fi
  expect 2 "--json: 'nodir/x.json': the directory 'nodir' does not exist" -- \
    "$RIA" bench --backend serial --sizes 16 --steps 1 --json nodir/x.json
  expect 2 "unknown validation case 'nosuch'" -- "$RIA" validate nosuch
  if grep -q "^running" out.txt; then fail "validate said it was running an unknown case"; fi
  ;;
huge_duration)  # no stop list is built in advance; progress for 3e10 s reads sensibly; SIGINT works
  # (Maps, gauges and checkpoints far apart: the scenario's hourly maps would be 8e6 of them, which is refused.)
  "$RIA" run --output out --backend serial --set domain.cells=40 --set time.duration=3e10 --set time.output_interval=1e6 \
    --set output.gauge_interval=1e6 --set output.checkpoint_interval=1e7 >run.txt 2>&1 &
  pid=$!
  for _ in $(seq 1 300); do grep -q '^t = ' run.txt && break; sleep 0.05; done
  kill -INT $pid
  ( sleep 30; kill -KILL $pid 2>/dev/null ) >/dev/null 2>&1 &  # a run that ignores SIGINT fails the case, not the suite
  guard=$!
  wait $pid
  rc=$?
  kill $guard 2>/dev/null  # (else the guard's sleep holds the test's output open for 30 s)
  tail -3 run.txt
  [ "$rc" -eq 6 ] || fail "exit code $rc after SIGINT, expected 6"
  grep -Eq '^t = .* / >9999 d .*ETA (>9999 d|[0-9])' run.txt || fail "no progress line with the end as >9999 d"
  grep -Eq 'ETA -' run.txt && fail "negative ETA"
  echo "ok: a 3e10 s run starts at once, reports progress and stops on SIGINT"
  ;;
setup_signal)  # SIGINT while the inputs are read: exit 6, no checkpoint, nothing written
  mkfifo s.toml
  "$RIA" run s.toml --output out >run.txt 2>&1 &
  pid=$!
  for _ in $(seq 1 200); do grep -Eq 'partner|fifo' /proc/$pid/wchan 2>/dev/null && break; sleep 0.05; done
  kill -INT $pid
  sleep 0.2
  printf 'name = "x"\n[domain]\nsource = "synthetic_estuary"\ncells = 40\n[time]\nduration = "1 h"\n' > s.toml
  wait $pid
  rc=$?
  cat run.txt
  [ "$rc" -eq 6 ] || fail "exit code $rc after SIGINT during set-up, expected 6"
  grep -q "interrupted by signal 2 while reading the scenario" run.txt || fail "no interruption message"
  [ -e out/checkpoint.ckpt ] && fail "a checkpoint was written"
  echo "ok: interrupted during set-up"
  ;;
restart_new_dir)  # --restart into a new output directory starts new files there
  ARGS=(--backend serial --set domain.cells=40 --set output.png_times=[] --quiet)
  "$RIA" run --output full "${ARGS[@]}" --set time.duration=4h || fail "full run"
  "$RIA" run --output part "${ARGS[@]}" --set time.duration=2h || fail "first half"
  "$RIA" run --output new/dir "${ARGS[@]}" --set time.duration=4h --restart part/checkpoint.ckpt || fail "restart into a new directory"
  cmp full/checkpoint.ckpt new/dir/checkpoint.ckpt || fail "restarted run differs from the uninterrupted one"
  head -1 new/dir/gauges.csv | grep -q '^t_s,' || fail "no header in the new gauges.csv"
  [ "$(sed -n 2p new/dir/gauges.csv | cut -d, -f1)" = "7500" ] || fail "the new gauges.csv does not start after the restart time"
  echo "ok: restarted into a new directory"
  ;;
restart_checks)  # a restart that would not continue the same run names the key that differs
  ARGS=(--backend serial --set domain.cells=40 --set output.png_times=[] --quiet)
  "$RIA" run --output a "${ARGS[@]}" --set time.duration=1h || fail "first run"
  cp a/checkpoint.ckpt a.ckpt
  expect 2 "a.ckpt.*time.start = 2026-11-23T00:00:00Z.*time.start = 2001-01-01T00:00:00Z" -- "$RIA" run --output b "${ARGS[@]}" \
    --set time.duration=2h --set time.start=2001-01-01T00:00:00Z --restart a.ckpt
  expect 2 "a.ckpt.*another physics.gravity.*9.8100000000000005 there, 9.8000000000000007 now" -- "$RIA" run --output b "${ARGS[@]}" \
    --set time.duration=2h --set physics.gravity=9.8 --restart a.ckpt
  expect 2 "a.ckpt.*another physics.half_life" -- "$RIA" run --output b "${ARGS[@]}" --set time.duration=2h \
    --set physics.half_life=1h --restart a.ckpt
  "$RIA" run --output b "${ARGS[@]}" --set time.duration=2h --restart a.ckpt || fail "restart with the same scenario"
  # A restart into a directory whose gauges.csv is another, shorter run's (its rows end at 30 min,
  # every 10 min; the checkpoint is at 1 h): refused, where the rows would have continued after a gap.
  "$RIA" run --output g "${ARGS[@]}" --set time.duration=30min --set time.output_interval=30min \
    --set output.gauge_interval=10min || fail "short run"
  expect 2 "gauge file 'g/gauges.csv' ends at t = 1800 s, more than one row \(600 s\) before the restart at t = 3600 s" -- \
    "$RIA" run --output g "${ARGS[@]}" --set time.duration=2h --set output.gauge_interval=10min --restart a.ckpt
  # A scenario that starts from a checkpoint itself, resumed with --restart (as an interrupted
  # run's hint says) from another: --restart takes its place, and says so.
  # (The shipped default scenario, which a.ckpt continues, with its [initial] table replaced.)
  cp a.ckpt other.ckpt
  sed -e 's/^kind = "still"$/kind = "checkpoint"/' -e 's/^level = 1.0 .*$/path = "other.ckpt"/' \
    "$HERE/../../scenarios/estuary.toml" > ck.toml
  grep -q '^path = "other.ckpt"' ck.toml || fail "ck.toml: the [initial] table was not replaced"
  expect 0 "note: --restart a.ckpt takes the place of the scenario's initial.path .*other.ckpt" -- \
    "$RIA" run ck.toml --output c --quiet --restart a.ckpt "${ARGS[@]}" --set time.duration=2h
  ;;
bench_estuary)  # `ria bench --estuary` runs the embedded default scenario as `ria run` runs it
  "$RIA" bench --backend serial --precision double --sizes 16 --steps 32 --estuary --estuary-size 40 \
    --estuary-hours 2 --json bench.json > bench.txt 2>&1 || { cat bench.txt; fail "ria bench --estuary failed"; }
  "$RIA" run --backend serial --precision double --output out --set domain.cells=40 --set time.duration=2h --quiet \
    > run.txt 2>&1 || { cat run.txt; fail "ria run of the default scenario failed"; }
  estuary=$(tr -d ' \n' < bench.json | sed 's/.*"estuary":{\([^}]*\)}.*/\1/')
  bench_steps=$(echo "$estuary" | sed 's/.*"steps":\([0-9]*\).*/\1/')
  run_steps=$(tr -d ' \n' < out/summary.json | sed 's/.*"steps":\([0-9]*\).*/\1/')
  [ -n "$bench_steps" ] && [ "$bench_steps" = "$run_steps" ] || { cat bench.json; fail "bench: $bench_steps steps, ria run: $run_steps"; }
  echo "$estuary" | grep -q '"n":40,"simulated_s":7200,' || { cat bench.json; fail "estuary n or simulated_s wrong"; }
  # The water balance closes to round-off (about 1e-15 of the volume; 1e-12 leaves room for the sums).
  err=$(echo "$estuary" | sed 's/.*"water_balance_rel_error":\([-0-9.e+]*\).*/\1/')
  awk -v e="$err" 'BEGIN { exit !(e < 1e-12 && e > -1e-12) }' || { cat bench.json; fail "water balance error $err"; }
  echo "ok: bench estuary took the $run_steps steps of ria run; water balance error $err"
  # Shorter than the scenario's output interval (1 h): runs (it was refused after the grids).
  "$RIA" bench --backend serial --sizes 16 --steps 32 --estuary --estuary-size 40 --estuary-hours 0.25 \
    --json short.json > short.txt 2>&1 || { cat short.txt; fail "ria bench --estuary-hours 0.25 failed"; }
  grep -q '"simulated_s": *900' short.json || { cat short.json; fail "the quarter-hour estuary is not in short.json"; }
  # One the scenario refuses is refused before any grid is measured, naming the options.
  expect 2 "^ria bench: --estuary-size 40 --estuary-hours 1e\+09: .*time.duration: expected a duration of at most 1000 years" -- \
    "$RIA" bench --backend serial --sizes 16 --steps 32 --estuary --estuary-size 40 --estuary-hours 1e9 --json long.json
  if grep -q "cell-updates" out.txt || [ -e long.json ]; then fail "measured before refusing"; fi
  echo "ok: --estuary-hours 0.25 runs; 1e9 h is refused before measuring"
  ;;
threads)  # OpenMP threads sleep while they wait unless the user chose; OMP_NUM_THREADS is obeyed
  T=(--backend openmp --set time.duration=10min --set time.output_interval=10min --set output.png_times=[] --set output.netcdf=false)
  expect 0 "openmp/double \([0-9]+ threads?, passive wait\)" -- env -u OMP_WAIT_POLICY -u OMP_NUM_THREADS "$RIA" run "${T[@]}" --output p
  expect 0 "openmp/double \(1 thread, active wait\)" -- env OMP_WAIT_POLICY=active OMP_NUM_THREADS=1 "$RIA" run "${T[@]}" --output a
  cmp p/checkpoint.ckpt a/checkpoint.ckpt || fail "the thread count or wait policy changed the result"
  echo "ok: same checkpoint with either policy and thread count"
  # More threads than cores only wait for each other (and 100000 exhausted the process): at most the cores.
  cores=$(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc)
  expect 0 "openmp/double \($cores threads?, passive wait\)" -- env OMP_NUM_THREADS=100000 "$RIA" run "${T[@]}" --output big
  # Started through the dynamic loader: not restarted as the loader (which took "run" for the program).
  ldso=$(ldd "$RIA" | awk '/ld-linux/ { print $1; exit }')
  if [ -x "$ldso" ]; then
    expect 0 "openmp/double \([0-9]+ threads?, default wait\)" -- env -u OMP_WAIT_POLICY "$ldso" "$RIA" run "${T[@]}" --output ld
  fi
  ;;
inputs)  # input validation: rasters whose header disagrees with the data, series, tides, ranges, warnings
  H='ncols 3\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 10\n'
  printf "${H}1 2 3\n4 5 6\n7 8 9\n" > extra_row.asc
  expect 2 "extra_row.asc' line 8: more rows" -- "$RIA" dem info extra_row.asc
  printf "${H}1 2\n3 4 5 6\n" > short_row.asc
  expect 2 "short_row.asc' line 6: row 1 has 2 values" -- "$RIA" dem info short_row.asc
  printf "${H}1 2 3\n4 5\n" > last.asc
  expect 2 "last.asc' line 7: row 2 has 2 values" -- "$RIA" dem info last.asc
  printf "${H}1 - 3\n4 5 6\n" > dash.asc
  expect 2 "dash.asc' line 6: '-'" -- "$RIA" dem info dash.asc
  printf "${H}1 0x10 3\n4 5 6\n" > hex.asc
  expect 2 "hex.asc' line 6: '0x10'" -- "$RIA" dem info hex.asc
  printf "${H}1 -999y.000 3\n4 5 6\n" > suffix.asc
  expect 2 "suffix.asc' line 6: '-999y.000'" -- "$RIA" dem info suffix.asc
  printf 'ncols 3\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 100 200\n1 2 3\n4 5 6\n' > two.asc
  expect 2 "two.asc' line 5: expected 'cellsize <decimal number>'" -- "$RIA" dem info two.asc
  sed 's/cellsize 10/cellsize 1.8e308/' extra_row.asc | head -7 > big_cell.asc
  expect 2 "big_cell.asc': cell size in x is inf" -- "$RIA" dem info big_cell.asc
  printf 'ncols 100000\nnrows 100000\nxllcorner 0\nyllcorner 0\ncellsize 1\n1\n' > huge.asc
  expect 2 "huge.asc' declares 100000 x 100000 = 1e\+10 cells; reading it needs about 149 GiB of host memory" -- "$RIA" dem info huge.asc
  printf 'name = "x"\n[domain]\nsource = "dem"\ndem = "short_row.asc"\n[time]\nduration = "1 h"\n' > dem.toml
  expect 2 "short_row.asc' line 6" -- "$RIA" run dem.toml
  if [ -n "${RIA_EXPECT_PNG:-}" ]; then  # GDAL: a GeoTIFF cut short is bad content (2), not an I/O failure (3)
    printf 'ncols 40\nnrows 40\nxllcorner 0\nyllcorner 0\ncellsize 10\n' > g.asc
    awk 'BEGIN { for (j = 0; j < 40; j++) { s = ""; for (i = 0; i < 40; i++) s = s sprintf("%.6f ", sin(0.37 * (40 * j + i))); print s } }' >> g.asc
    "$RIA" dem prepare g.asc --resolution 10 --out g.tif > /dev/null || fail "dem prepare"
    head -c $(( $(stat -c %s g.tif) / 2 )) g.tif > cut.tif
    expect 2 "cut.tif" -- "$RIA" dem info cut.tif
  fi
  # Series: a first data row with a typo is an error, not a header.
  printf '0,1.5x\n1800,2\n3600,3\n' > q.csv
  S='name = "s"\n[domain]\nsource = "synthetic_estuary"\ncells = 40\n[time]\nduration = "1 h"\n'
  printf "${S}[[boundary]]\nside = \"north\"\nkind = \"discharge\"\nseries = \"q.csv\"\n" > series.toml
  expect 2 "q.csv:1: bad number '1.5x' in column 1 \(a first line with a number in it is data" -- "$RIA" run series.toml
  # Tides: a constituent given twice; a plausible amplitude.
  printf "${S}[[boundary]]\nside = \"south\"\nkind = \"level\"\nconstituents = [{name = \"M2\", amplitude = 1},\n" > tide.toml
  printf '  {name = "M2", amplitude = 0.5}]\n' >> tide.toml
  expect 2 "tide.toml:11: boundary.0.constituents.1 \(M2\) repeats boundary.0.constituents.0" -- "$RIA" run tide.toml
  expect 2 "gravity: got 98.1; expected in \[1, 30\]" -- "$RIA" run --set physics.gravity=98.1 "${SHORT[@]}"
  expect 2 "time.duration: expected a duration of at most 1000 years" -- "$RIA" run --set 'time.duration="1e308 d"'
  # Gauges: both edges of the closed domain [0, 20000] belong to it; beyond, the message says which edge.
  SMALL=(--set domain.cells=40 --set time.duration=10min --set time.output_interval=10min --set output.png_times=[]
         --set output.png_at_end=false --set output.netcdf=false)
  expect 0 "^done" -- "$RIA" run --output edge "${SMALL[@]}" --set gauge.0.x=20000 --set gauge.0.y=20000
  expect 2 "gauge 0 \('mouth'\).*east of its east edge x = 20000" -- "$RIA" run "${SMALL[@]}" --set gauge.0.x=20000.5
  # A gauge on the bank, dry at the start: run, with a warning naming it.
  expect 0 "ria run: warning: gauge 0 \('mouth'\) at \(500, 15000\) lies on land, dry at the start: its cell's bed is at z = .* m, above the initial water level 1 m" \
    -- "$RIA" run --output bank "${SMALL[@]}" --set gauge.0.x=500 --set gauge.0.y=15000
  # Warnings, once each: a map after the end, a release starting at the end, a series not covering the run.
  printf "${S}[[boundary]]\nside = \"north\"\nkind = \"discharge\"\nseries = [[600, 10], [1800, 20]]\n" > warn.toml
  printf '[[release]]\nx = 9669.0\ny = 9000.0\ndischarge = 1\nconcentration = 1\nstart = "1 h"\nduration = "1 h"\n' >> warn.toml
  printf '[output]\nnetcdf = false\npng_at_end = false\npng_times = ["30 min", "2 h"]\n' >> warn.toml
  expect 0 "ria run: warning" -- "$RIA" run warn.toml --output warn --quiet
  for w in "output.png_times: 7200 s \(2 h\) is after the end of the run" "release 0 \('release_0'\) starts at 3600 s \(1 h\), at or after the end of the run" \
           "series starts at 600 s, after the run start \(0 s\); its first discharge 10 m3/s is held" \
           "series ends at 1800 s, before the end of the run \(3600 s \(1 h\)\); its last discharge 20 m3/s is held"; do
    [ "$(grep -Ec "ria run: warning: .*($w)" out.txt)" -eq 1 ] || { cat out.txt; fail "expected one warning matching: $w"; }
  done
  echo "ok: four warnings, once each"
  if [ -n "${RIA_EXPECT_NETCDF:-}" ]; then  # initial.variable must be a free surface
    "$RIA" run --output nc "${SMALL[@]}" --set output.netcdf=true --quiet || fail "NetCDF run"
    printf "${S}[initial]\nkind = \"netcdf\"\npath = \"nc/ria.nc\"\nvariable = \"u\"\n[output]\nnetcdf = false\npng_at_end = false\n" > u.toml
    expect 2 "variable 'u' \(initial.variable\) has standard_name 'sea_water_x_velocity' and units 'm s-1': it is not a free surface" \
      -- "$RIA" run u.toml --output uout
  fi
  ;;
tide)  # `ria tide` and a station tide in `ria run`; RIA_EXPECT_TCD=1: built with libtcd; exits 77
       # (skipped) when built with it but no tide database (Debian xtide-data) is installed
  STATION="Charleston, Coos Bay, Oregon"
  if [ -z "${RIA_EXPECT_TCD:-}" ]; then
    expect 5 'built without libtcd' -- "$RIA" tide "$STATION" --from 2026-11-23 --to 2026-11-24
    expect 5 'built without libtcd' -- "$RIA" tide --search coos
    exit 0
  fi
  db=$(IFS=:; for p in ${HFILE_PATH:-/usr/share/xtide}; do if [ -f "$p" ]; then echo "$p"; else ls "$p"/*.tcd 2>/dev/null; fi; done | head -1)
  [ -n "$db" ] || { echo "skipped: no tide database (apt install xtide-data)"; exit 77; }

  expect 0 "^$STATION  \(43.3450 N, 124.3220 W; reference station\)" -- "$RIA" tide --search "coos bay"
  expect 0 '^Empire, Coos Bay, Oregon .*subordinate to Charleston' -- "$RIA" tide --search "COOS BAY"

  # A day at hourly steps: 25 levels, and high and low waters in turn, each beyond its neighbours.
  "$RIA" tide "$STATION" --from 2026-11-23 --to 2026-11-24 --csv > day.csv || fail "ria tide --csv"
  head -1 day.csv | grep -qx 'time_utc,level_m,event' || fail "CSV header: $(head -1 day.csv)"
  [ "$(grep -c ',$' day.csv)" -eq 25 ] || fail "expected 25 hourly levels"
  awk -F, 'NR > 1 && $3 != "" { n++; if ($3 == last) bad = 1; last = $3 } END { exit !(n >= 3 && n <= 5 && !bad) }' day.csv \
    || fail "expected 3 to 5 high and low waters in turn in a day: $(grep -E 'high|low' day.csv | tr '\n' ' ')"
  awk -F, 'NR > 1 { t[NR] = $3; v[NR] = $2 } END {
    for (i = 3; i < NR; i++) if (t[i] == "high" && (v[i] < v[i-1] || v[i] < v[i+1])) exit 1
    for (i = 3; i < NR; i++) if (t[i] == "low" && (v[i] > v[i-1] || v[i] > v[i+1])) exit 1 }' day.csv \
    || fail "a high water below a neighbouring level or a low water above one"
  echo "ok: $(grep -cE 'high|low' day.csv) high and low waters on 2026-11-23"
  expect 0 'metres above Mean Lower Low Water' -- "$RIA" tide "$STATION" --from 2026-11-23 --to 2026-11-24 --datum chart

  # A subordinate station: Charleston's high and low waters with Empire's offsets (+37/+50 min).
  expect 0 'offsets   high water \+37 min, level x 0.860 \+ 0.000 m; low water \+50 min' -- \
    "$RIA" tide "Empire, Coos Bay" --from 2026-11-23 --to 2026-11-24
  "$RIA" tide "Empire, Coos Bay" --from 2026-11-23 --to 2026-11-25 --csv > empire.csv || fail "ria tide Empire --csv"
  [ "$(grep -cE ',(high|low)$' empire.csv)" -eq "$(($(wc -l < empire.csv) - 1))" ] || fail "Empire: only high and low waters expected"
  awk -F, 'NR > 1 { if ($3 == last) exit 1; last = $3 }' empire.csv || fail "Empire: high and low waters not in turn"
  expect 2 'the closest are "Charleston, Coos Bay, Oregon"' -- "$RIA" tide "Charlston, Coos" --from 2026-11-23 --to 2026-11-24
  expect 2 'is ambiguous' -- "$RIA" tide "Coos" --from 2026-11-23 --to 2026-11-24
  # The database named twice is one database, not every station twice (then "ambiguous").
  db=${HFILE_PATH:-/usr/share/xtide}
  expect 0 "^station +Charleston, Coos Bay, Oregon" -- env HFILE_PATH="$db:$db" "$RIA" tide "$STATION" --from 2026-11-23 --to 2026-11-24
  expect 2 '--to \(2026-11-22\) must come after --from' -- "$RIA" tide "$STATION" --from 2026-11-23 --to 2026-11-22
  expect 2 'give a longer --step' -- "$RIA" tide "$STATION" --from 2026-11-23 --to 2027-01-23 --step 0.05
  expect 2 '--from: invalid day 31 for month 11' -- "$RIA" tide "$STATION" --from 2026-11-31 --to 2026-12-02
  expect 2 'give a STATION' -- "$RIA" tide --from 2026-11-23 --to 2026-11-24
  expect 3 'no tide database: HFILE_PATH' -- env HFILE_PATH="$WORK/none" "$RIA" tide "$STATION" --from 2026-11-23 --to 2026-11-24
  head -c 200000 "$db" > damaged.tcd
  expect 2 'damaged.tcd: libtcd crashed reading it' -- env HFILE_PATH="$WORK/damaged.tcd" "$RIA" tide --search coos

  # A run whose sea boundary is the station's tide.
  cat > station.toml <<TOML
[domain]
source = "synthetic_estuary"
cells = 24
[time]
start = "2026-11-23T00:00:00Z"
duration = "1 h"
[[boundary]]
side = "south"
kind = "level"
station = "$STATION"
[output]
netcdf = false
png_at_end = false
TOML
  expect 0 '^done: ' -- "$RIA" run station.toml --backend serial --output run
  sed 's/^station = .*/station = "Empire, Coos Bay"/' station.toml > sub.toml
  expect 2 '^ria run: sub.toml:10: boundary.0.station: tide station "Empire, Coos Bay, Oregon" is a subordinate' -- \
    "$RIA" run sub.toml --output run2
  ;;
*) fail "unknown case" ;;
esac
