#!/usr/bin/env python3
"""The modelled tide inside Coos Bay against the tide database's subordinate-station offsets.

Reads the gauges.csv of a run of scenarios/coos_bay_spill.toml (any resolution, finished or still
running: gauges.csv.partial is read as it is), finds the high and low waters of each gauge's free
surface, and compares, for each gauge named after a subordinate station of the database, its lag
behind the reference gauge (Charleston) and its range relative to Charleston's with the same
quantities of the database's prediction (`ria tide`: Charleston's high and low waters and the
subordinate station's, which are Charleston's moved and scaled by the station's offsets). The
reference gauge itself is compared with Charleston's prediction (the boundary's tide after its
trip from the open sides to the entrance).

  python3 scripts/coos_tide_compare.py coos_bay_output/gauges.csv [--start 2026-12-01T00:00:00Z] \
      --skip-hours 12 [--ria build/ria] [--markdown]

The date of t = 0 is the run's time.start: `time_start` of the summary.json beside a finished
run's gauges.csv, or --start (required for a gauges.csv.partial, whose run has no summary yet).

High and low waters of a gauge: the samples that are the largest (smallest) within +-3 h, each
refined by the vertex of the parabola through it and its two neighbours. A modelled extremum is
paired with the database's of the same kind nearest in time (within 3 h). Lag = time of the
station's extremum - time of Charleston's extremum of the same tide; range = a high water minus
the following low water (and a low minus the following high), as a ratio to Charleston's.
Python 3 standard library only.
"""
import argparse
import csv
import datetime as dt
import json
import os
import statistics
import subprocess
import sys

STATIONS = {  # gauge name in the scenario -> station of the tide database
    "Charleston": "Charleston, Coos Bay, Oregon",
    "Sitka Dock": "Sitka Dock, Coos Bay, Oregon",
    "Empire": "Empire, Coos Bay, Oregon",
    "Coos Bay": "Coos Bay, Oregon",
}
REFERENCE = "Charleston"
WINDOW = 3 * 3600.0  # [s] an extremum is the largest (smallest) sample within +- this


def parse_time(s):
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00")).timestamp()


def read_gauges(path):
    """{gauge: [(t, eta)]} from a gauges.csv; dry samples (empty) are left out."""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header, data = rows[0], rows[1:]
    out = {}
    for name in STATIONS:
        col = f"{name}_eta_m"
        if col not in header:
            continue
        k = header.index(col)
        out[name] = [(float(r[0]), float(r[k])) for r in data if len(r) > k and r[k] not in ("", "nan")]
    if REFERENCE not in out:
        sys.exit(f"{path}: no column {REFERENCE}_eta_m (a gauges.csv of scenarios/coos_bay_spill.toml?)")
    return out


def extrema(series, t_from):
    """[(t, level, high)] of a sampled series, from t_from on."""
    out = []
    n = len(series)
    for i in range(1, n - 1):
        t, v = series[i]
        if t < t_from:
            continue
        window = [w for tt, w in series if abs(tt - t) <= WINDOW]
        # a window cut by the start or end of the series cannot confirm an extremum
        if series[0][0] > t - WINDOW or series[-1][0] < t + WINDOW:
            continue
        for high in (True, False):
            best = max(window) if high else min(window)
            if v != best:
                continue
            (t0, v0), (t2, v2) = series[i - 1], series[i + 1]
            h = t - t0
            denom = v0 - 2 * v + v2
            shift = 0.5 * h * (v0 - v2) / denom if denom != 0 and abs(t2 - t - h) < 1e-6 else 0.0
            shift = max(-h, min(h, shift))
            level = v - 0.25 * (v0 - v2) * shift / h if h > 0 else v
            if not out or out[-1][2] != high or t - out[-1][0] > WINDOW:
                out.append((t + shift, level, high))
    return out


def predicted(ria, station, start, t_from, t_to):
    """[(t, level above MLLW, high)] of `ria tide STATION --csv`, t in s since start."""
    iso = lambda s: dt.datetime.fromtimestamp(start + s, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    cmd = [ria, "tide", station, "--from", iso(t_from), "--to", iso(t_to), "--csv", "--datum", "chart", "--step", "60"]
    text = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    out = []
    for r in list(csv.reader(text.splitlines()))[1:]:
        if r[2] in ("high", "low"):
            out.append((parse_time(r[0]) - start, float(r[1]), r[2] == "high"))
    return out


def pair(a, b):
    """For each extremum of a, the one of b of the same kind nearest in time (within WINDOW)."""
    out = []
    for x in a:
        cands = [y for y in b if y[2] == x[2] and abs(y[0] - x[0]) <= WINDOW]
        if cands:
            out.append((x, min(cands, key=lambda y: abs(y[0] - x[0]))))
    return out


def ranges(ext):
    """{t of the first extremum: |level - next level|} for consecutive high/low pairs."""
    return {ext[i][0]: abs(ext[i][1] - ext[i + 1][1]) for i in range(len(ext) - 1) if ext[i][2] != ext[i + 1][2]}


def lag_and_ratio(sub, ref):
    """Mean high- and low-water lags [min] of sub behind ref and the mean range ratio sub/ref."""
    pairs = pair(sub, ref)
    lags = {True: [], False: []}
    for s, r in pairs:
        lags[s[2]].append((s[0] - r[0]) / 60)
    rs, rr = ranges(sub), ranges(ref)
    ratios = []
    for i in range(len(sub) - 1):
        if sub[i][2] == sub[i + 1][2]:
            continue
        m0 = [r for s, r in pairs if s is sub[i]]
        m1 = [r for s, r in pairs if s is sub[i + 1]]
        if m0 and m1 and m0[0][0] in rr and ref.index(m1[0]) == ref.index(m0[0]) + 1 and rr[m0[0][0]] > 0:
            ratios.append(rs[sub[i][0]] / rr[m0[0][0]])
    mean = lambda v: statistics.fmean(v) if v else float("nan")
    return mean(lags[True]), mean(lags[False]), mean(ratios), len(lags[True]), len(lags[False])


def run_start(gauges_csv):
    """time_start of the summary.json written with a finished run's gauges.csv."""
    summary = os.path.join(os.path.dirname(gauges_csv) or ".", "summary.json")
    if gauges_csv.endswith(".partial") or not os.path.exists(summary):
        sys.exit(f"{gauges_csv}: give --start, the run's time.start (UTC): "
                 + ("a running run's partial gauges have no summary.json yet" if gauges_csv.endswith(".partial")
                    else f"there is no {summary} to read it from"))
    with open(summary) as f:
        s = json.load(f)
    if "time_start" not in s:
        sys.exit(f"{summary} has no time_start (written by ria since 2026-11-28): give --start, the run's time.start")
    return s["time_start"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("gauges_csv")
    ap.add_argument("--start", help="time.start of the run (UTC); default: time_start of the summary.json beside "
                    "a gauges.csv")
    ap.add_argument("--skip-hours", type=float, default=12.0, help="spin-up left out [h]")
    ap.add_argument("--ria", default="build/ria", help="the ria executable (for `ria tide`)")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    a = ap.parse_args()
    start = parse_time(a.start if a.start else run_start(a.gauges_csv))
    gauges = read_gauges(a.gauges_csv)
    t_from = a.skip_hours * 3600
    t_end = gauges[REFERENCE][-1][0]
    if t_end - t_from < 86400:
        print(f"warning: only {(t_end - t_from) / 3600:.1f} h after the spin-up", file=sys.stderr)
    model = {g: extrema(s, t_from) for g, s in gauges.items()}
    # Predictions over the same span, padded so that pairing at the ends finds its partner.
    db = {g: predicted(a.ria, STATIONS[g], start, t_from - 4 * 3600, t_end + 4 * 3600) for g in gauges}
    ref_m, ref_p = model[REFERENCE], db[REFERENCE]
    rows = []
    # the entrance: the model's Charleston gauge against Charleston's prediction (MSL heights)
    hl, ll, ratio, nh, nl = lag_and_ratio(ref_m, [x for x in ref_p if t_from - WINDOW <= x[0] <= t_end + WINDOW])
    rows.append((f"{REFERENCE} (model - prediction)", 0.0, hl, 0.0, ll, 1.0, ratio, nh, nl))
    for g in gauges:
        if g == REFERENCE:
            continue
        p_hl, p_ll, p_ratio, _, _ = lag_and_ratio(db[g], ref_p)
        m_hl, m_ll, m_ratio, nh, nl = lag_and_ratio(model[g], ref_m)
        rows.append((g, p_hl, m_hl, p_ll, m_ll, p_ratio, m_ratio, nh, nl))
    head = ("gauge", "HW lag db [min]", "HW lag model", "LW lag db [min]", "LW lag model", "range ratio db",
            "range ratio model", "HW n", "LW n")
    fmt = lambda r: [r[0]] + [f"{v:.0f}" for v in r[1:5]] + [f"{v:.2f}" for v in r[5:7]] + [str(r[7]), str(r[8])]
    print(f"# {a.gauges_csv}: {(t_end - t_from) / 3600:.1f} h after a {a.skip_hours:g} h spin-up; lags and ranges "
          f"relative to {REFERENCE} (first row: the model's {REFERENCE} against its prediction)")
    if a.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for r in rows:
            print("| " + " | ".join(fmt(r)) + " |")
    else:
        w = [max(len(h), 10) for h in head]
        w[0] = max(len(r[0]) for r in rows) + 1
        print("  ".join(h.rjust(n) if i else h.ljust(n) for i, (h, n) in enumerate(zip(head, w))))
        for r in rows:
            print("  ".join(c.rjust(n) if i else c.ljust(n) for i, (c, n) in enumerate(zip(fmt(r), w))))


if __name__ == "__main__":
    main()
