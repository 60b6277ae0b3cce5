#!/usr/bin/env bash
# `ria tide` and a station tide in `ria run`, end to end:
#   tide_cli.sh RIA WORKDIR
# RIA_EXPECT_TCD=1: the build has libtcd. Exits 77 (ctest: skipped) when it has but no tide
# database (Debian xtide-data) is installed.
set -u
RIA=$1
WORK=$2/tide_cli
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 1
fail() { echo "FAIL (tide): $*" >&2; exit 1; }
expect() {  # expect CODE REGEX -- command...
  local code=$1 regex=$2
  shift 3
  "$@" >out.txt 2>&1
  local rc=$?
  [ "$rc" -eq "$code" ] || { cat out.txt; fail "exit code $rc, expected $code: $*"; }
  grep -Eq -- "$regex" out.txt || { cat out.txt; fail "no line matching '$regex': $*"; }
  echo "ok: exit $rc: $(grep -E -m1 -- "$regex" out.txt)"
}

STATION="Charleston, Coos Bay, Oregon"
if [ -z "${RIA_EXPECT_TCD:-}" ]; then
  expect 5 'built without libtcd' -- "$RIA" tide "$STATION" --from 2026-11-23 --to 2026-11-24
  expect 5 'built without libtcd' -- "$RIA" tide --search coos
  exit 0
fi
db=$(ls "${HFILE_PATH:-/usr/share/xtide}"/*.tcd 2>/dev/null | head -1)
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

expect 2 'is a subordinate station.*such as "Charleston, Coos Bay, Oregon"' -- \
  "$RIA" tide "Empire, Coos Bay" --from 2026-11-23 --to 2026-11-24
expect 2 'the closest are "Charleston, Coos Bay, Oregon"' -- "$RIA" tide "Charlston, Coos" --from 2026-11-23 --to 2026-11-24
expect 2 'is ambiguous' -- "$RIA" tide "Coos" --from 2026-11-23 --to 2026-11-24
expect 2 '--to \(2026-11-22\) must come after --from' -- "$RIA" tide "$STATION" --from 2026-11-23 --to 2026-11-22
expect 2 'give a longer --step' -- "$RIA" tide "$STATION" --from 2026-11-23 --to 2026-12-23 --step 0.01
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
