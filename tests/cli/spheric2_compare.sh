#!/usr/bin/env bash
# scripts/spheric2_compare.py on made-up series with known answers (no data needed): a simulated
# P1 peak 20% above the measured one and 5 ms late, heights 2 cm high; a series that ends inside
# the peaks' window is compared over the part it covers, and says so; one that ends before the
# impact is refused. Usage: spheric2_compare.sh SOURCE_DIR WORK_DIR
set -u
src=$1
CASE=spheric2_compare
mkdir -p "$2" && cd "$2" || exit 1
. "$src/tests/cli/cli_common.sh"
command -v python3 >/dev/null || { echo "python3 not found: skipped"; exit 77; }

# tent PEAK T0 HALF_WIDTH BASE t: BASE from 0.40 s to 0.62 s, a tent of height PEAK at T0 on top.
tent='function tent(p, t0, w, b, t) { v = (t >= 0.40 && t <= 0.62) ? b : 0; d = t - t0; if (d < 0) d = -d;
      if (d < w) v += p * (1 - d / w); return v }'
awk "$tent"' BEGIN { print "Time (s) P1 (Pa) P2 (Pa) P3 (Pa) P4 (Pa) P5 (Pa) P6 (Pa) P7 (Pa) P8 (Pa) H1 (m) H2 (m) H3 (m) H4 (m)";
  for (k = 0; k <= 700; ++k) { t = k / 1000;
    printf "%.4f %.3f 0 %.3f 0 0 0 0 0 0.1 0.1 0 0.5\n", t, tent(6000, 0.415, 0.01, 5000, t), tent(2000, 0.459, 0.01, 4000, t) } }' > measured.dat
series() {  # END: every 2 ms to END s
  awk -v end="$1" "$tent"' BEGIN { print "t_s,P1_Pa,P3_Pa,H1_m,H2_m,H3_m,H4_m";
    for (k = 0; k * 0.002 <= end + 1e-9; ++k) { t = k * 0.002;
      printf "%.4f,%.3f,%.3f,0.12,0.1,,0.5\n", t, tent(8200, 0.420, 0.01, 5000, t), tent(2000, 0.460, 0.01, 4000, t) } }'
}
series 0.7 > full.csv
series 0.45 > short.csv
series 0.2 > early.csv
compare() { python3 "$src/scripts/spheric2_compare.py" "$@" measured.dat; }

# P1: 13.2 kPa at 0.420 s against 11 kPa at 0.415 s; H1 0.02 m high throughout; H3 dry (an empty
# field) against 0 m.
expect 0 'P1 first peak: simulated 13\.20 kPa at 0\.420 s, measured 11\.00 kPa at 0\.415 s \(\+20\.0%, \+0\.005 s\)$' -- compare full.csv
grep -Eq 'P1 10 ms mean, peak: .*; mean over 0\.42-0\.60 s: simulated [0-9.]+ kPa, measured [0-9.]+ kPa' out.txt || fail "no impact mean"
grep -Eq '^H1: RMSE 0\.0200 m over 0-0\.70 s' out.txt || { cat out.txt; fail "H1's RMSE"; }
grep -Eq '^H3: RMSE 0\.0000 m' out.txt || { cat out.txt; fail "a dry height probe is not 0 m"; }
expect 0 'P1 first peak: .*\(\+20\.0%, \+0\.005 s\) \[the series ends at 0\.450 s: both peaks over 0\.3-0\.450 s\]' -- compare short.csv
grep -q 'mean over 0.42-0.60 s: not covered by the series' out.txt || { cat out.txt; fail "a short series gave an impact mean"; }
# P3's tent peaks at 0.46 s, after the short series' end: its largest sample is the last one, flagged.
grep -Eq '^P3 first peak: simulated [0-9.]+ kPa at 0\.450 s \(its last sample: the peak may lie beyond\)' out.txt ||
  { cat out.txt; fail "a peak on the last sample of a short series is not flagged"; }
grep -Eq '^P1 first peak: simulated 13\.20 kPa at 0\.420 s, measured' out.txt || { cat out.txt; fail "P1's peak flagged"; }
expect 1 'early\.csv: the series ends at 0\.200 s, before the impact' -- compare early.csv
echo "PASS ($CASE)"
