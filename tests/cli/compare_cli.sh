#!/usr/bin/env bash
# End-to-end checks of `ria compare dambreak` (docs/compare.md), one case per ctest test:
#   compare_cli.sh RIA WORKDIR CASE SOURCE_DIR
# The measured-data checks are skipped (with a message) when the shared data directory is absent.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/cli_common.sh"
RIA=$1
SRC=$4
enter_case "$2" "$3"
if [ -z "${RIA_DATA_DIR:-}" ] && [ -d "$SRC/../shared/data" ]; then export RIA_DATA_DIR="$SRC/../shared/data"; fi
HAVE_DATA=0
[ -n "${RIA_DATA_DIR:-}" ] && [ -f "$RIA_DATA_DIR/README.md" ] && HAVE_DATA=1

# check FILE AWK_PROGRAM DESCRIPTION: the awk program prints lines starting "bad" for failures.
check() {
  local bad
  bad=$(awk -F, "$2" "$1")
  [ -z "$bad" ] || fail "$3: $(echo "$bad" | head -5)"
  echo "ok: $3"
}
# The default column: a = 0.146 m, T = t sqrt(2 g / a).
TSCALE=$(awk 'BEGIN { printf "%.12g", sqrt(2 * 9.81 / 0.146) }')

case $CASE in
run)  # the default run: SPH a/20, shallow water a/40, Ritter; tables, CSV and (with cairo) PNG
  "$RIA" compare dambreak --output out --quiet > run.txt 2>&1 || { cat run.txt; fail "run failed"; }
  cat run.txt
  head -1 out/front.csv | grep -qx 'T,t_s,Z_measured,Z_sph,Z_swe_wet,Z_ritter_tip,Z_ritter_wet,Z_swe_depth,Z_ritter_depth' ||
    fail "front.csv header: $(head -1 out/front.csv)"
  [ "$(wc -l < out/front.csv)" -eq 72 ] || fail "front.csv: $(wc -l < out/front.csv) lines, expected 72 (T = 0, 0.05, ..., 3.5)"
  check out/front.csv "NR > 1 && (\$1 - \$2 * $TSCALE > 1e-6 || \$2 * $TSCALE - \$1 > 1e-6) { print \"bad T\", \$0 }" \
    "T = t sqrt(2g/a) in every row"
  check out/front.csv 'NR > 1 && $6 != "" && ($6 - 1 - 2 * $1 > 1e-6 || 1 + 2 * $1 - $6 > 1e-6) { print "bad tip", $0 }' \
    "Ritter's tip Z = 1 + 2T"
  check out/front.csv 'NR > 1 && ($4 == "" || $5 == "" || $8 == "") { print "bad empty", $0 }' \
    "SPH and shallow-water fronts in every row"
  # Shallow water against Ritter at the point of depth 0.1 h0 (tests/test_compare.cpp justifies the
  # bound: first order, 3 cells of a/40 = 0.075 in Z for T <= 1).
  check out/front.csv 'NR > 1 && $1 <= 1.0001 && ($8 - $9 > 0.075 || $9 - $8 > 0.075) { print "bad depth front", $0 }' \
    "shallow water within 3 cells of Ritter at depth 0.1 h0 for T <= 1"
  # The wet front: never ahead of Ritter's exact tip (the dry-depth treatment holds it back).
  check out/front.csv 'NR > 1 && $6 != "" && $5 > $6 + 0.025 { print "bad wet front", $0 }' "shallow-water wet front behind Ritter's tip"
  head -1 out/profiles.csv | grep -qx 'T,t_s,x_m,Z,h_sph_m,h_swe_m,h_ritter_m' || fail "profiles.csv header"
  [ "$(wc -l < out/profiles.csv)" -eq $((3 * 320 + 1)) ] || fail "profiles.csv: 3 times x 320 cells expected"
  # Volume per unit width a x 2a: exact for shallow water (walls all round), within 10% for the area
  # under the SPH surface (a sheet one particle thick reads about dp/2 high).
  check out/profiles.csv 'NR > 1 { dx = 0.146 / 40; s[$1] += $5 * dx; w[$1] += $6 * dx }
    END { for (t in w) { if (w[t] - 0.042632 > 1e-9 || 0.042632 - w[t] > 1e-9) print "bad swe volume", t, w[t];
                         if (s[t] / 0.042632 > 1.1 || s[t] / 0.042632 < 0.9) print "bad sph area", t, s[t] } }' \
    "volumes under the profiles"
  if [ "$HAVE_DATA" = 1 ]; then
    [ "$(wc -l < out/front_measured.csv)" -eq 16 ] || fail "front_measured.csv: 15 measured T expected"
    # The SPH front against Martin & Moyce: the bound docs/sph.md reports for a/20 (never behind by
    # more than 0.15, ahead by at most 0.4), and its speed within 10% of the measured.
    check out/front_measured.csv 'NR > 1 && $1 >= 0.4 && ($4 - $3 < -0.15 || $4 - $3 > 0.40) { print "bad sph front", $0 }' \
      "SPH front within [-0.15, +0.40] of Martin & Moyce"
    grep -Eq '^\| 0\.41 \| 1\.11 \|' run.txt || fail "no table row for T = 0.41"
    speeds=$(sed -n 's/.*least squares): measured \([0-9.]*\), SPH \([0-9.]*\), shallow water \([0-9.]*\),.*/\1 \2 \3/p' run.txt)
    echo "$speeds" | awk '{ if ($2 / $1 > 1.1 || $2 / $1 < 0.9) exit 1 }' || fail "SPH front speed not within 10%: $speeds"
    echo "ok: front speeds (measured, SPH, shallow water) $speeds"
  else
    echo "skipped: the measured-data checks (no shared data directory)"
    grep -q "measured points left out: no shared data directory" run.txt || fail "no message about the missing data"
    grep -Eq '^\| 0\.00 \| - \| [0-9.]+ \| [0-9.]+ \|' run.txt || fail "no table of the models without the data"
  fi
  if [ "${RIA_EXPECT_PNG:-0}" = 1 ]; then
    for f in out/front.png out/profiles.png; do
      [ "$(head -c 4 "$f" | od -An -c | tr -d ' ')" = '211PNG' ] || fail "$f is not a PNG"
    done
    echo "ok: front.png and profiles.png"
  else
    grep -q "not drawn: this ria was built without cairo" run.txt || fail "no message about the PNG files"
  fi
  ;;
spheric)  # SPHERIC Test 2 in plan view against the gauges (6 s simulated, seconds of wall time)
  "$RIA" compare dambreak --no-sph --spheric --spheric-duration 6 --output out --quiet > run.txt 2>&1 ||
    { cat run.txt; fail "run failed"; }
  cat run.txt
  head -1 out/spheric_gauges.csv |
    grep -qx 't_s,H1_measured_m,H1_swe_m,H1_sph_m,H2_measured_m,H2_swe_m,H2_sph_m,H3_measured_m,H3_swe_m,H3_sph_m,H4_measured_m,H4_swe_m,H4_sph_m' ||
    fail "spheric_gauges.csv header: $(head -1 out/spheric_gauges.csv)"
  [ "$(wc -l < out/spheric_gauges.csv)" -eq 602 ] || fail "spheric_gauges.csv: rows every 0.01 s to 6 s expected"
  # The reservoir gauge H4 starts at the column's 0.55 m; H3 behind the box is dry at the start.
  check out/spheric_gauges.csv 'NR == 2 && ($12 < 0.5499 || $12 > 0.5501 || $9 != 0) { print "bad start", $0 }' "gauges at t = 0"
  if [ "$HAVE_DATA" = 1 ]; then
    # Heights RMSE over 0-6 s: 0.05 m (9% of the column) bounds what the plan view reaches (docs/compare.md:
    # 0.02-0.04 m); a misplaced gauge, box or column exceeds it.
    rows=$(grep -E '^\| H[1-4] \|' run.txt)
    [ "$(echo "$rows" | wc -l)" -eq 4 ] || fail "4 gauge rows expected"
    echo "$rows" | awk -F'|' '{ split($6, r, ","); if (r[1] + 0 > 0.05) { print "bad", $0; exit 1 } }' ||
      fail "a gauge RMSE above 0.05 m"
    echo "ok: shallow-water RMSE of H1-H4 <= 0.05 m"
  else
    echo "skipped: the measured-data checks (no shared data directory)"
  fi
  ;;
cuda)  # --backend cuda: both models on the GPU, against the same run on the CPU (exit 5, saying why, without a GPU)
  "$RIA" compare dambreak --backend cuda --output gpu --quiet > gpu.txt 2>&1
  rc=$?
  if [ "$rc" -eq 5 ]; then
    # Refused before anything is written: no output directory, no header line.
    refused_without_cuda gpu.txt gpu
    ! grep -q "column a =" gpu.txt || { cat gpu.txt; fail "exit 5 after printing the column's header"; }
    echo "skipped: $(tail -1 gpu.txt)"
    exit 5
  fi
  [ "$rc" -eq 0 ] || { cat gpu.txt; fail "--backend cuda: exit $rc"; }
  cat gpu.txt
  [ "$(grep -c ', cuda' gpu.txt)" -ge 2 ] || fail "the SPH and shallow-water runs do not both say cuda"
  "$RIA" compare dambreak --output cpu --quiet > cpu.txt 2>&1 || { cat cpu.txt; fail "the CPU run failed"; }
  [ "$(wc -l < gpu/front.csv)" -eq "$(wc -l < cpu/front.csv)" ] || fail "front.csv: the GPU and CPU rows differ in number"
  # Columns: 4 Z_sph, 5 Z_swe_wet, 8 Z_swe_depth. The shallow water is the same double arithmetic
  # (the GPU's fused multiply-adds apart): its depth point within 1e-6, its wet front within one
  # cell (1/40 in Z: a cell at the dry depth may be wet on one and not the other). The SPH front,
  # the farthest of 800 particles after ~4900 steps whose round-off differs (~1e-13 of dp over 50
  # steps, tests/gpu/sph_compare.hpp), within 0.001 in Z, a fiftieth of a spacing: on an H100 they
  # differed by less than 5e-5, and a neighbour missed on one would move it by ~dp.
  paste -d, cpu/front.csv gpu/front.csv > both.csv
  check both.csv 'NR > 1 { d = $8 - $17; if (d < 0) d = -d; if (d > 1e-6) print "bad swe depth point", $1, $8, $17 }' \
    "shallow-water point of depth 0.1 h0: GPU within 1e-6 of the CPU"
  check both.csv 'NR > 1 { d = $5 - $14; if (d < 0) d = -d; if (d > 0.025 + 1e-9) print "bad swe wet front", $1, $5, $14 }' \
    "shallow-water wet front: GPU within one cell of the CPU"
  check both.csv 'NR > 1 { d = $4 - $13; if (d < 0) d = -d; if (d > m) m = d; if (d > 0.001 + 1e-9) print "bad sph front", $1, $4, $13 }
    END { printf "largest |dZ_sph| %.4f\n", m > "/dev/stderr" }' "SPH front: GPU within 0.001 in Z of the CPU"
  ;;
bad_options)
  expect 2 "--sph-resolution: expected a number in \[4, 400\], got 2" -- "$RIA" compare dambreak --sph-resolution 2
  expect 2 "--profile-times: T = 9 is not in \(0, --until = 3.5\]" -- "$RIA" compare dambreak --no-sph --profile-times 1,9
  expect 2 "--profile-times: expected a finite number > 0, got ''" -- "$RIA" compare dambreak --no-sph --profile-times ""
  expect 2 "--spheric-sph needs --spheric" -- "$RIA" compare dambreak --spheric-sph
  expect 2 "The following argument was not expected: --bogus|--bogus" -- "$RIA" compare dambreak --bogus
  expect 2 "spheric_test2_3d.toml: dimensions = 3; the column comparison needs a 2-D" -- \
    "$RIA" compare dambreak --scenario "$SRC/scenarios/sph/spheric_test2_3d.toml"
  expect 2 "martin_moyce_2d.toml: dimensions = 2; the tank comparison needs a 3-D scenario" -- \
    "$RIA" compare dambreak --no-sph --spheric --spheric-scenario "$SRC/scenarios/sph/martin_moyce_2d.toml" --output o
  expect 2 "--set physics.alfa: unknown key" -- "$RIA" compare dambreak --set physics.alfa=0.1
  # Keys compare sets itself: a --set would be silently overridden, so it is refused.
  expect 2 "--set particles.dp: ria compare dambreak sets it itself \(use --sph-resolution\)" -- \
    "$RIA" compare dambreak --set particles.dp=0.01 --output o
  expect 2 "--set time.duration: ria compare dambreak sets it itself \(use --until\)" -- \
    "$RIA" compare dambreak --set time.duration=100 --output o
  [ ! -e o ] || fail "a refused comparison made its output directory"
  # A directory whose lock is held (here by this shell, flock(1) on its own descriptor, as a
  # running ria holds it) is refused.
  mkdir -p busy
  exec 9>busy/.ria.lock
  flock -n 9 || fail "could not take the lock for the test"
  expect 3 "output directory 'busy' is in use by another ria run" -- \
    "$RIA" compare dambreak --no-sph --swe-resolution 10 --output busy --quiet
  exec 9>&-
  [ ! -e busy/front.csv ] || fail "the refused comparison wrote into the directory in use"
  # SIGINT during a model's run (the SPH at a/60 takes minutes on the CPU): exit 6, saying so,
  # and no file written. (The header line is flushed before the first run.)
  interrupt_after 'column a = ' sig.txt -- "$RIA" compare dambreak --sph-resolution 60 --backend serial --output sig --quiet
  [ "$rc" -eq 6 ] || { cat sig.txt; fail "exit $rc after SIGINT, expected 6"; }
  grep -Eq "interrupted by signal 2 during the (shallow-water|2-D SPH) run; no file is written" sig.txt \
    || { cat sig.txt; fail "no word on the signal"; }
  [ ! -e sig/front.csv ] || fail "an interrupted comparison wrote front.csv"
  echo "ok: SIGINT ends the comparison with exit 6 and no file"
  expect 3 "cannot read SPH scenario file 'missing.toml'" -- "$RIA" compare dambreak --scenario missing.toml
  # A 3-D SPH set-up no machine runs (Test 2's tank ten times larger at dp = 5 mm: 5e9 fluid
  # particles) is refused before either model runs, under an 8 GiB address space and 60 s (a run
  # that went on would end in bad_alloc or time out), and makes no output directory.
  sed -e 's/^max = \[1.228, 1.0, 0.55\]/max = [12.28, 10.0, 5.5]/' -e 's/^max = \[3.22, 1.0, 1.0\]/max = [32.2, 10.0, 10.0]/' \
    "$SRC/scenarios/sph/spheric_test2_3d.toml" > big_tank.toml
  grep -q '^max = \[32.2, 10.0, 10.0\]' big_tank.toml || fail "big_tank.toml: the tank was not enlarged"
  expect 2 "^ria compare dambreak: --spheric-dp 0.005 m: .*particles" -- \
    bash -c 'ulimit -v 8388608; exec timeout 60 "$0" compare dambreak --no-sph --spheric --spheric-sph --spheric-dp 0.005 --spheric-scenario big_tank.toml --output big --quiet' "$RIA"
  [ ! -e big ] || fail "the refused comparison made its output directory"
  echo "ok: the oversized SPH set-up refused before anything ran, no output directory"
  # A probe outside the particles: refused before the first model runs, not after the 2-D SPH and
  # both shallow-water runs (their header lines never appear), and no output directory.
  sed 's/^at = \[2.3655, 0.5, 0.021\]/at = [9.0, 0.5, 0.021]/' "$SRC/scenarios/sph/spheric_test2_3d.toml" > far_probe.toml
  grep -q '^at = \[9.0, 0.5, 0.021\]' far_probe.toml || fail "far_probe.toml: the probe was not moved"
  expect 2 "far_probe.toml: probe 'P1' at x = 9 m lies outside the particles' box" -- \
    "$RIA" compare dambreak --sph-resolution 20 --backend serial --spheric --spheric-sph --spheric-scenario far_probe.toml \
    --spheric-duration 0.05 --output far
  if grep -q "column a = " out.txt; then fail "the column ran before the probe was refused"; fi
  expect 2 "probe 'H_wall' at x = 5 m lies outside the particles' box" -- \
    "$RIA" compare dambreak --sph-resolution 20 --backend serial --set 'probe.0.at=[5.0]' --output far
  [ ! -e far ] || fail "a refused comparison made its output directory"
  ;;
*) fail "unknown case" ;;
esac
