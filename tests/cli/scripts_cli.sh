#!/usr/bin/env bash
# The validation scripts of scripts/ on made-up data with known answers (no shared data, no tide
# database needed), one case per ctest test:
#   scripts_cli.sh SOURCE_DIR WORK_DIR CASE
# spheric2: scripts/spheric2_compare.py (docs/sph.md's SPHERIC Test 2 figures). A simulated P1 peak
#   20% above the measured one and 5 ms late, heights 2 cm high; a series that ends inside the
#   peaks' window is compared over the part it covers, and says so; one that ends before the
#   impact is refused.
# coos_tide: scripts/coos_tide_compare.py (docs/validation.md's Coos Bay tide). A stand-in for
#   `ria tide` prints a semidiurnal tide's high and low waters at Charleston and at subordinate
#   stations with set lags and range ratios, and a made-up gauges.csv holds the model's tides with
#   other lags and ratios; the script must find both sets to the minute and the hundredth.
set -u
src=$1
. "$src/tests/cli/cli_common.sh"
enter_case "$2" "$3"
command -v python3 >/dev/null || { echo "python3 not found: skipped"; exit 77; }

case $CASE in
spheric2)
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
;;
coos_tide)
# station -> (lag behind Charleston [min], range ratio): the "database" and the "model".
cat > tides.py <<'PY'
import math
PERIOD = 12.42 * 3600.0                 # M2 [s]
HIGH0 = 3 * 3600.0                      # Charleston's predicted high water after the start [s]
DB = {"Charleston": (0, 1.0), "Sitka Dock": (60, 1.05), "Empire": (30, 1.10), "Coos Bay": (90, 1.20)}
MODEL = {"Charleston": (10, 0.95), "Sitka Dock": (70, 1.04), "Empire": (45, 1.15), "Coos Bay": (110, 1.25)}
AMPLITUDE = 1.0                         # Charleston's predicted half range [m]
def level(t, lag_min, ratio, mean=0.0):
    return mean + ratio * AMPLITUDE * math.cos(2 * math.pi * (t - HIGH0 - 60 * lag_min) / PERIOD)
PY
# The stand-in for `ria tide STATION --from ISO --to ISO --csv ...`: its high and low waters.
cat > fake_ria <<'PY'
#!/usr/bin/env python3
import datetime as dt, math, sys
sys.path.insert(0, ".")
from tides import DB, PERIOD, HIGH0, level
START = dt.datetime(2026, 12, 1, tzinfo=dt.timezone.utc).timestamp()
args = sys.argv[1:]
assert args[0] == "tide" and "--csv" in args, args
station = args[1].split(",")[0]
t0 = dt.datetime.fromisoformat(args[args.index("--from") + 1].replace("Z", "+00:00")).timestamp() - START
t1 = dt.datetime.fromisoformat(args[args.index("--to") + 1].replace("Z", "+00:00")).timestamp() - START
lag, ratio = DB[station]
print("time_utc,level_m,event")
k = math.floor((t0 - HIGH0 - 60 * lag) / (PERIOD / 2))
while True:
    t = HIGH0 + 60 * lag + k * PERIOD / 2
    k += 1
    if t < t0:
        continue
    if t > t1:
        break
    iso = dt.datetime.fromtimestamp(START + t, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    print(f"{iso},{level(t, lag, ratio, mean=1.1):.3f},{'high' if (k - 1) % 2 == 0 else 'low'}")
PY
chmod +x fake_ria
# The model's gauges every 10 minutes over 3 days (mean sea level 0).
python3 - <<'PY'
from tides import MODEL, level
names = list(MODEL)
with open("gauges.csv", "w") as f:
    f.write("t_s," + ",".join(f"{n}_eta_m" for n in names) + "\n")
    for i in range(3 * 144 + 1):
        t = 600.0 * i
        f.write(f"{t:g}," + ",".join(f"{level(t, *MODEL[n]):.6f}" for n in names) + "\n")
PY
# The run's date: none given, and no summary.json beside gauges.csv to read it from: refused.
expect 1 'gauges\.csv: give --start, the run.s time\.start \(UTC\): there is no \./summary\.json to read it from' -- \
  python3 "$src/scripts/coos_tide_compare.py" gauges.csv --ria ./fake_ria
printf '{\n  "command": "ria run",\n  "time_start": "2026-12-01T00:00:00Z"\n}\n' > summary.json
compare() { python3 "$src/scripts/coos_tide_compare.py" gauges.csv --ria ./fake_ria --skip-hours 12 --markdown; }
# Lags rounded to the minute, ratios to the hundredth: the model's Charleston 10 min behind its
# prediction at 0.95 of its range; each station's database lag and ratio as set above, and its
# model's relative to the model's own Charleston: 70 - 10, 45 - 10, 110 - 10 min and 1.04 / 0.95,
# 1.15 / 0.95, 1.25 / 0.95.
expect 0 '^\| Charleston \(model - prediction\) \| 0 \| 10 \| 0 \| 10 \| 1\.00 \| 0\.95 \| [0-9]+ \| [0-9]+ \|$' -- compare
for row in 'Sitka Dock \| 60 \| 60 \| 60 \| 60 \| 1\.05 \| 1\.09' 'Empire \| 30 \| 35 \| 30 \| 35 \| 1\.10 \| 1\.21' \
           'Coos Bay \| 90 \| 100 \| 90 \| 100 \| 1\.20 \| 1\.32'; do
  grep -Eq "^\| $row \| [0-9]+ \| [0-9]+ \|$" out.txt || { cat out.txt; fail "no row matching '$row'"; }
done
# A gauges.csv without the reference gauge is refused, naming the column.
cut -d, -f1,3- gauges.csv > no_reference.csv
expect 1 'no_reference\.csv: no column Charleston_eta_m' -- python3 "$src/scripts/coos_tide_compare.py" no_reference.csv --ria ./fake_ria
;;
*) fail "unknown case" ;;
esac
echo "PASS ($CASE)"
