#!/usr/bin/env bash
# End-to-end checks of `ria sph run` through the command line, one case per ctest test:
#   sph_cli.sh RIA WORKDIR CASE
# Each case states what it expects; any failed expectation exits non-zero with a message.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/cli_common.sh"
RIA=$1
enter_case "$2" "$3"

# A small 2-D dam break: 10 x 20 fluid particles in an open tank.
cat > column.toml <<'TOML'
name = "column"
dimensions = 2
[particles]
dp = 0.01
[time]
duration = "0.1 s"
output_interval = "0.01 s"
snapshot_interval = "0.05 s"
[[fluid]]
min = [0.0, 0.0]
max = [0.1, 0.2]
[[wall]]
kind = "tank"
min = [0.0, 0.0]
max = [0.4, 0.3]
[[probe]]
name = "H"
kind = "height"
at = [0.03]
[[probe]]
name = "P"
kind = "pressure"
at = [0.03, 0.02]
[output]
directory = "out"
TOML

case $CASE in
run)  # outputs: series, snapshots at 0, 0.05, 0.1 s, checkpoint, summary
  "$RIA" sph run column.toml --backend serial > run.txt 2>&1 || { cat run.txt; fail "run failed"; }
  tail -1 run.txt
  for f in out/series.csv out/summary.json out/checkpoint.sphck out/particles_0000000000.csv out/particles_0000050000.csv \
           out/particles_0000100000.csv; do
    [ -s "$f" ] || fail "missing $f"
  done
  head -1 out/series.csv | grep -qx 't_s,steps,dt_s,front_m,u_max_m_s,kinetic_J,fluid_mass_kg,fluid_volume_m3,out_particles,H_m,P_Pa' \
    || fail "series header: $(head -1 out/series.csv)"
  [ "$(wc -l < out/series.csv)" -eq 12 ] || fail "series.csv should hold 11 rows (every 0.01 s from 0) + header"
  head -1 out/particles_0000000000.csv | grep -qx 'id,kind,x,z,vx,vz,rho,p' || fail "snapshot header"
  n=$(($(wc -l < out/particles_0000000000.csv) - 1))
  f=$(awk -F, 'NR > 1 && $2 == 0' out/particles_0000100000.csv | wc -l)
  [ "$f" -eq 200 ] || fail "$f fluid particles in the last snapshot, expected 200"
  grep -q "\"fluid_particles\": 200" out/summary.json || fail "summary fluid count"
  # Mass: the same in every row.
  [ "$(tail -n +2 out/series.csv | cut -d, -f7 | sort -u | wc -l)" -eq 1 ] || fail "fluid mass changed"
  # The progress line: at least the last one, at the end, with the series' step count.
  last_steps=$(tail -1 out/series.csv | cut -d, -f2)
  grep -Eq "^t = 0\.1000 / 0\.1000 s \(100\.0%\)  ETA [^ ]+  [0-9]+ steps/s  dt [0-9.e+-]+ s  [^ ]+x real time  step $last_steps\$" run.txt ||
    { cat run.txt; fail "no final progress line at step $last_steps"; }
  "$RIA" sph run column.toml --backend serial --quiet --output quiet > quiet.txt 2>&1 || { cat quiet.txt; fail "quiet run failed"; }
  ! grep -q "^t = " quiet.txt || fail "--quiet printed progress lines"
  echo "ok: $n particles, series and snapshots written; the progress line ends at step $last_steps"
  # A shorter run into the same directory: the earlier run's later snapshots stay, and are named.
  expect 0 "warning: out/ also holds 1 snapshot file\(s\) this run did not write \(particles_0000100000.csv\): an earlier run's" -- \
    "$RIA" sph run column.toml --backend serial --quiet --set time.duration=0.05
  [ -s out/particles_0000100000.csv ] || fail "the earlier run's snapshot was removed"
  # A block thrown at 2 m/s through the side of its domain: all 100 particles leave by 0.08 s.
  cat > thrown.toml <<'TOML'
name = "thrown"
dimensions = 2
[particles]
dp = 0.01
[time]
duration = "0.08 s"
output_interval = "0.01 s"
[domain]
min = [-0.05, -0.05]
max = [0.15, 0.3]
[[fluid]]
min = [0.0, 0.0]
max = [0.1, 0.1]
velocity = [2.0, 0.0]
[output]
directory = "thrown"
snapshots = false
TOML
  "$RIA" sph run thrown.toml --backend serial > thrown.txt 2>&1 || { cat thrown.txt; fail "thrown run failed"; }
  grep -q "; 100 fluid particles left the domain" thrown.txt || { cat thrown.txt; fail "no report of the particles that left"; }
  [ "$(tail -1 thrown/series.csv | cut -d, -f7,9)" = "0,100" ] || fail "last row: $(tail -1 thrown/series.csv)"
  grep -q '"out_particles": 100' thrown/summary.json || fail "summary out_particles"
  echo "ok: fluid leaving the domain is reported"
  # The same run with VTU snapshots only (ParaView): one .vtu per snapshot time, no CSV.
  "$RIA" sph run column.toml --backend serial --quiet --set output.snapshot_format=vtu --output vtu > vtu.txt 2>&1 \
    || { cat vtu.txt; fail "vtu run failed"; }
  for t in 0000000000 0000050000 0000100000; do
    [ -s "vtu/particles_$t.vtu" ] || fail "missing vtu/particles_$t.vtu"
    [ -e "vtu/particles_$t.csv" ] && fail "vtu/particles_$t.csv written with snapshot_format = vtu"
  done
  head -c 300 vtu/particles_0000000000.vtu | grep -q "NumberOfPoints=\"$n\"" || fail "vtu point count (expected $n)"
  "$RIA" sph run column.toml --backend serial --quiet --set output.snapshot_format=vtk --output bad > bad.txt 2>&1 \
    && fail "snapshot_format = vtk accepted"
  grep -q "snapshot_format" bad.txt || fail "bad snapshot_format not named: $(cat bad.txt)"
  echo "ok: VTU snapshots"
  # Pictures of the particles at the snapshot times, or a warning where cairo is not built in.
  "$RIA" sph run column.toml --backend serial --quiet --set output.snapshot_png=true --output png > png.txt 2>&1 \
    || { cat png.txt; fail "png run failed"; }
  if grep -q "built without cairo" png.txt; then
    [ -e png/particles_0000000000.png ] && fail "a PNG written without cairo"
    echo "ok: no cairo, warned"
  else
    for t in 0000000000 0000050000 0000100000; do
      head -c 8 "png/particles_$t.png" | od -An -c | grep -q "P   N   G" || fail "png/particles_$t.png is not a PNG"
    done
    echo "ok: PNG snapshots"
  fi
  ;;
signal)  # SIGINT mid-run: checkpoint, exit 6; resuming ends bitwise identical to an uninterrupted run
  ARGS=(--backend serial --set time.duration=1.5 --set time.snapshot_interval=0.5)
  "$RIA" sph run column.toml --output full --quiet "${ARGS[@]}" || fail "full run"
  interrupt_after '^ria sph run' run.txt -- "$RIA" sph run column.toml --output part "${ARGS[@]}"
  tail -2 run.txt
  [ "$rc" -eq 6 ] || fail "exit code $rc after SIGINT, expected 6 (the run may have finished before the signal)"
  grep -q "resume with --restart" run.txt || fail "no resume hint"
  grep -q '"interrupted": true' part/summary.json || fail "summary does not say interrupted"
  cp part/checkpoint.sphck sig.sphck
  "$RIA" sph run column.toml --output part --quiet "${ARGS[@]}" --restart sig.sphck || fail "resumed run"
  cmp full/checkpoint.sphck part/checkpoint.sphck || fail "resumed run differs from the uninterrupted one"
  cmp full/series.csv part/series.csv || fail "the resumed series differs from the uninterrupted one"
  cmp full/particles_0001500000.csv part/particles_0001500000.csv || fail "final snapshots differ"
  echo "ok: interrupted and resumed run identical to the uninterrupted one"
  # A restart into a directory whose series is another run's reaching past the checkpoint (dp =
  # 0.008: more steps at every time) is refused; its rows up to the checkpoint were spliced.
  "$RIA" sph run column.toml --output other --quiet "${ARGS[@]}" --set particles.dp=0.008 || fail "the other run"
  cp other/series.csv other0.csv
  expect 2 "series file 'other/series.csv': its row at t = .* steps\) has more steps than the checkpoint's, taken later .*it is another run's" -- \
    "$RIA" sph run column.toml --output other --quiet "${ARGS[@]}" --restart sig.sphck
  cmp other0.csv other/series.csv || fail "the refused restart changed the other run's series"
  # A probe moved since the checkpoint: its column of the continued series would go on at another
  # place. Into another directory it may move.
  expect 2 "cannot continue series file 'part/series.csv' from 'sig.sphck': P was a pressure at \(0.03, 0.02\) in the run that wrote the checkpoint, and is a pressure at \(0.3, 0.02\) now" -- \
    "$RIA" sph run column.toml --output part --quiet "${ARGS[@]}" --restart sig.sphck --set 'probe.1.at=[0.3, 0.02]'
  "$RIA" sph run column.toml --output movedp --quiet "${ARGS[@]}" --restart sig.sphck --set 'probe.1.at=[0.3, 0.02]' \
    || fail "a restart into another directory with a probe moved"
  # The same counts, dp and physics with the tank and the column moved 0.1 m: the walls differ.
  expect 2 "cannot restart from 'sig.sphck': its walls are not those of column.toml \(a wall particle at" -- \
    "$RIA" sph run column.toml --output moved --quiet "${ARGS[@]}" --restart sig.sphck \
    --set 'wall.0.min=[0.1, 0.0]' --set 'wall.0.max=[0.5, 0.3]' --set 'fluid.0.min=[0.1, 0.0]' --set 'fluid.0.max=[0.2, 0.2]' \
    --set 'probe.0.at=[0.13]' --set 'probe.1.at=[0.13, 0.02]'
  # kill -9 of a new run in the same directory: the earlier run's series and snapshots are kept
  # (the new run writes *.partial until it ends in order).
  cp full/series.csv full0.csv
  cp full/particles_0000000000.csv snap0.csv
  "$RIA" sph run column.toml --output full --quiet "${ARGS[@]}" --set particles.dp=0.009 > k.txt 2>&1 &
  pid=$!
  for _ in $(seq 1 400); do [ -s full/series.csv.partial ] && [ -s full/particles_0000000000.csv.partial ] && break; sleep 0.02; done
  kill -KILL $pid
  wait $pid
  [ -f full/series.csv.partial ] || fail "the killed run left no partial series (killed too early?)"
  cmp full0.csv full/series.csv || fail "series.csv of the earlier run was changed by the killed run"
  cmp snap0.csv full/particles_0000000000.csv || fail "a snapshot of the earlier run was changed by the killed run"
  echo "ok: a killed run leaves the earlier run's series and snapshots as they were"
  # A run killed after a checkpoint and resumed from it: the resumed run also renames the killed
  # run's snapshots before the checkpoint, and ends as the uninterrupted run.
  "$RIA" sph run column.toml --output kr --quiet "${ARGS[@]}" --set output.checkpoint_interval=0.5 > kr.txt 2>&1 &
  pid=$!
  for _ in $(seq 1 600); do [ -s kr/checkpoint.sphck ] && break; sleep 0.02; done
  kill -KILL $pid
  wait $pid
  [ -s kr/checkpoint.sphck ] || fail "no checkpoint before the kill"
  cp kr/checkpoint.sphck kr.sphck
  "$RIA" sph run column.toml --output kr --quiet "${ARGS[@]}" --set output.checkpoint_interval=0.5 --restart kr.sphck \
    || fail "resume after kill -9"
  ls kr/*.partial >/dev/null 2>&1 && fail "partial files left after the resumed run: $(ls kr/*.partial)"
  for t in 0000000000 0000500000 0001500000; do
    cmp full/particles_$t.csv kr/particles_$t.csv || fail "snapshot $t of the resumed run differs or is missing"
  done
  echo "ok: a run resumed after kill -9 renames the killed run's snapshots and ends as the uninterrupted one"
  ;;
bad_inputs)
  sed 's/^dp = 0.01/dp = 0.01\nh_ovr_dp = 1.5/' column.toml > typo.toml
  expect 2 "typo.toml:5: unknown key 'h_ovr_dp' in \[particles\]; did you mean 'h_over_dp'\?" -- "$RIA" sph run typo.toml
  expect 3 "cannot read SPH scenario file 'missing.toml'" -- "$RIA" sph run missing.toml
  expect 2 "--set physics.alpha: .*expected a number in \[0, 1\]" -- "$RIA" sph run column.toml --set physics.alpha=2
  expect 2 "neighbour search 'tiles' runs on the CUDA backend only" -- "$RIA" sph run column.toml --backend serial --search tiles --output o4
  expect 2 "--search: .*not in" -- "$RIA" sph run column.toml --search texture --output o4
  expect 2 "precision 'mixed' runs on the CUDA backend only; backend 'serial' computes in double" -- \
    "$RIA" sph run column.toml --backend serial --precision mixed --output o4
  expect 2 "--precision: .*not in" -- "$RIA" sph run column.toml --precision float --output o4
  # Cells of 2h that fit, split into cells of h that would not: refused by the search, before it allocates.
  printf '[domain]\nmin = [-200, -200]\nmax = [200, 200]\n' | cat column.toml - > huge_domain.toml
  expect 2 "the neighbour-search cells of h = .* would number .*more than 2\^28" -- \
    "$RIA" sph run huge_domain.toml --backend serial --output o6
  # CUDA: runs where built with a device (the GPU tests compare it), else exit 5 saying why.
  "$RIA" sph run column.toml --backend cuda --quiet --output o5 --set time.duration=0.02 --set time.snapshot_interval=0.01 \
    > out.txt 2>&1
  rc=$?
  if [ "$rc" -ne 0 ]; then
    [ "$rc" -eq 5 ] || { cat out.txt; fail "--backend cuda: exit $rc"; }
    refused_without_cuda out.txt o5
  fi
  echo "ok: --backend cuda exit $rc"
  # A checkpoint of other physics is refused, naming the key.
  "$RIA" sph run column.toml --quiet --output a --backend serial --set time.duration=0.02 \
    --set time.snapshot_interval=0.01 || fail "short run"
  expect 2 "physics.alpha is .* in the checkpoint but 0.05" -- \
    "$RIA" sph run column.toml --output b --set physics.alpha=0.05 --restart a/checkpoint.sphck
  expect 2 "not a ria SPH checkpoint" -- "$RIA" sph run column.toml --output c --restart column.toml
  # A probe outside the particles' box reads nothing: refused by name. A fluid box started faster
  # than c0 / 10 is warned of (weak compressibility no longer holds).
  expect 2 "column.toml: probe 'P' at x = 50 m lies outside the particles' box" -- \
    "$RIA" sph run column.toml --backend serial --output o7 --set 'probe.1.at=[50, 0.02]'
  expect 0 "warning: c0 = .* m/s is below 10 times the initial speed 1000 m/s of fluid box 0" -- \
    "$RIA" sph run column.toml --backend serial --output o8 --quiet --set 'fluid.0.velocity=[1000, 0]' \
    --set time.duration=0.001 --set time.output_interval=0.001 --set time.snapshot_interval=0
  # physics.depth below the water's height cannot hide a c0 too small for it, and a run whose fluid
  # outran c0 / 10 says so at its end.
  expect 0 "warning: c0 = .* m/s is below 10 U_max = 20 sqrt\(g H\) = .* H = 0.2 m\)" -- \
    "$RIA" sph run column.toml --backend serial --output o9 --quiet --set physics.depth=0.001 \
    --set time.duration=0.01 --set time.output_interval=0.01 --set time.snapshot_interval=0
  expect 0 "warning: the fluid reached .* m/s, so c0 = 1.5 m/s was .* times the largest speed, below the 10" -- \
    "$RIA" sph run column.toml --backend serial --output o10 --quiet --set physics.c0=1.5 \
    --set time.duration=0.1 --set time.output_interval=0.01 --set time.snapshot_interval=0
  ;;
bench)  # ria bench sph on the CPU: a row per backend with its search, pairs and GPIPS, in JSON too
  "$RIA" bench sph --backend serial --particles 5000 --steps 2 --json bench.json > bench.txt 2>&1 \
    || { cat bench.txt; fail "ria bench sph failed"; }
  cat bench.txt
  grep -Eq '^serial +cell-range +double +[0-9]+ particles' bench.txt || fail "no serial cell-range double row"
  tr -d ' \n' < bench.json > b.json
  grep -q '"backend":"serial","search":"cell-range","precision":"double"' b.json || fail "JSON row: $(cat b.json)"
  grep -q '"timed_steps":2' b.json || fail "timed_steps"
  n=$(sed 's/.*"particles":\([0-9]*\).*/\1/' b.json)
  [ "$n" -gt 3000 ] && [ "$n" -lt 8000 ] || fail "$n particles for --particles 5000"
  gpips=$(sed 's/.*"gpips":\([0-9.e+-]*\).*/\1/' b.json)
  pairs=$(sed 's/.*"pair_interactions_per_step":\([0-9.e+-]*\).*/\1/' b.json)
  awk -v g="$gpips" -v p="$pairs" -v n="$n" 'BEGIN { exit !(g > 0 && p > 10 * n) }' || fail "gpips $gpips, pairs/step $pairs"
  expect 2 "neighbour search 'tiles' runs on the CUDA backend only" -- "$RIA" bench sph --backend serial --search tiles --particles 2000
  expect 2 "precision 'mixed' runs on the CUDA backend only" -- "$RIA" bench sph --backend serial --precision mixed --particles 2000
  # The range the help states is the range checked, below the 2^31 particles a set-up holds.
  "$RIA" bench sph --help | grep -q -- "--particles .*NUMBER in \[1000, 2e+09\]" || fail "--particles range in the help"
  expect 2 "--particles: expected a number in \[1000, 2e\+09\], got 3e9" -- "$RIA" bench sph --backend serial --particles 3e9
  echo "ok: bench sph, $n particles, $pairs pairs per step"
  ;;
memory)  # set-ups larger than this machine: refused at once, before any particle is generated
  # Under an 8 GiB address space and 60 s: a run that went on to generate its particles would end
  # in bad_alloc (exit 1) or time out (124), never exit 2 with these words.
  limited() { ( ulimit -v 8388608; timeout 60 "$@" ); }
  # What the memory check reads as available (MemAvailable, or less under a cgroup limit), in GiB.
  free_gib=$(awk '/^MemAvailable:/ { printf "%d", $2 / 1048576 }' /proc/meminfo)
  # 909^3 = 7.5e8 particles in 3-D: about 420 GiB (set-up, solver, the loop's copy, a checkpoint's).
  cat > big.toml <<'TOML'
name = "big"
dimensions = 3
[particles]
dp = 0.0011
[time]
duration = "0.1 s"
output_interval = "0.01 s"
[[fluid]]
min = [0.0, 0.0, 0.0]
max = [1.0, 1.0, 1.0]
[output]
directory = "big"
TOML
  sed 's/^dp = 0.0011/dp = 0.05/' big.toml > small.toml
  # The search's cells are refused as before, on any machine: 2e9 particles split into cells of h.
  expect 2 "^ria bench sph: --particles 2e\+09: the neighbour-search cells of h = .* more than 2\^28" -- \
    limited "$RIA" bench sph --backend serial --particles 2e9
  if [ "$free_gib" -ge 400 ]; then
    echo "skipped: $free_gib GiB free, more than the set-ups below need"
    exit 77
  fi
  expect 2 "^ria sph run: big.toml: particles.dp = 0.0011 m: a set-up of about 7.51089e\+08 particles needs about [0-9.]+ GiB of host memory, [0-9.]+ GiB are (available|left of the address space ulimit -v allows); use a larger particles.dp$" -- \
    limited "$RIA" sph run big.toml --backend serial
  [ -e big ] && fail "the refused run made its output directory"
  expect 2 "^ria sph run: --set particles.dp: particles.dp = 0.0011 m: a set-up of about 7.51089e\+08 particles needs about" -- \
    limited "$RIA" sph run small.toml --backend serial --set particles.dp=0.0011
  # ria bench sph at 2.5e8 particles (about 75 GiB), where its search's cells still fit.
  if [ "$free_gib" -lt 70 ]; then
    expect 2 "^ria bench sph: --particles 2.5e\+08: a set-up of about [0-9.e+]+ particles needs about [0-9.]+ GiB of host memory, [0-9.]+ GiB are (available|left of the address space ulimit -v allows); use fewer --particles$" -- \
      limited "$RIA" bench sph --backend serial --particles 2.5e8
  fi
  # What fits still runs.
  "$RIA" sph run small.toml --backend serial --quiet --set time.duration=0.002 --set time.output_interval=0.001 \
    --set output.snapshots=false > small.txt 2>&1 || { cat small.txt; fail "a set-up that fits was refused"; }
  echo "ok: set-ups larger than the machine refused before generation"
  ;;
*) fail "unknown case" ;;
esac
