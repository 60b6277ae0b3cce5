#!/usr/bin/env bash
# scripts/coos_tide_compare.py on made-up tides with known answers (no tide database needed): a
# stand-in for `ria tide` prints a semidiurnal tide's high and low waters at Charleston and at
# subordinate stations with set lags and range ratios, and a made-up gauges.csv holds the model's
# tides with other lags and ratios. The script must find both sets to the minute and the hundredth.
# Usage: coos_tide_compare.sh SOURCE_DIR WORK_DIR
set -u
src=$1
CASE=coos_tide_compare
mkdir -p "$2" && cd "$2" || exit 1
. "$src/tests/cli/cli_common.sh"
command -v python3 >/dev/null || { echo "python3 not found: skipped"; exit 77; }

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
echo "PASS ($CASE)"
