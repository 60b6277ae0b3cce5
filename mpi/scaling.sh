#!/usr/bin/env bash
# Scaling of the MPI layer with `ria bench` (the water-column case, n x n cells), in the form of
# Viñas et al. Tables III-IV: time per step, cell-updates per second and efficiency against one
# rank, and each rank's split of a step into compute, halo exchange, halo wait and dt collective.
#   mpi/scaling.sh RIA OUTDIR strong "N1 N2" "R1 R2 ..." "G1 G2 ..." [BACKEND] [PRECISION] [STEPS]
#   mpi/scaling.sh RIA OUTDIR weak   "n1 n2" "R1 R2 ..." "G1 G2 ..." [BACKEND] [PRECISION] [STEPS]
# strong: the same N x N grid on every rank count; weak: n x n cells per rank (the grid side grows
# with sqrt(ranks)). Every configuration runs with the exchange overlapped and not; the JSON of each
# run is kept in OUTDIR (one rank runs once: it has no halo). Ranks map to the node's GPUs by local
# rank (several ranks may share one). RIA_KERNEL picks the row blocks' kernel (default: "default").
set -euo pipefail
RIA=$1 OUT=$2 MODE=$3 SIZES=$4 RANKS=$5 GHOSTS=$6
BACKEND=${7:-cuda} PRECISION=${8:-float} STEPS=${9:-256}
MPIRUN=${RIA_MPIEXEC:-mpirun}
mkdir -p "$OUT"
printf "%-6s %7s %5s %3s %-8s %10s %10s %7s   %s\n" mode n_side ranks G overlap ms/step Gcell/s eff "ms/step per rank: compute exchange wait reduce"
for n in $SIZES; do
  base=""
  for r in $RANKS; do
    side=$n
    [ "$MODE" = weak ] && side=$(python3 -c "import math; print(int(round($n * math.sqrt($r))))")
    for g in $GHOSTS; do
      for ov in overlap no-overlap; do
        # one rank has no neighbour: G and the overlap change nothing, so it runs once
        if [ "$r" = 1 ] && { [ "$g" != "$(echo $GHOSTS | cut -d' ' -f1)" ] || [ $ov = no-overlap ]; }; then continue; fi
        flag=""; [ $ov = no-overlap ] && flag=--no-overlap
        json="$OUT/${MODE}_n${n}_r${r}_g${g}_${ov}.json"
        "$MPIRUN" --oversubscribe -np "$r" "$RIA" bench --backend "$BACKEND" --kernel "${RIA_KERNEL:-default}" --precision "$PRECISION" --sizes "$side" \
            --steps "$STEPS" --ghost-rows "$g" $flag --json "$json" > /dev/null
        python3 - "$json" "$MODE" "$n" "$r" "$g" "$ov" "${base:-}" <<'PY'
import json, sys
path, mode, n, r, g, ov, base = sys.argv[1:8]
row = json.load(open(path))["rows"][0]
rate = row["cell_updates_per_s"]
# efficiency: strong = rate(R) / (R rate(1)); weak = rate(R) / (R rate(1)) as well (work grows with R)
eff = rate / (int(r) * float(base)) if base else 1.0
per = row.get("mpi", {}).get("ms_per_step_compute_exchange_wait_reduce", [])
ranks = " | ".join("%.3f %.3f %.3f %.3f" % tuple(t) for t in per)
print("%-6s %7d %5s %3s %-8s %10.4f %10.3f %6.1f%%   %s" % (mode, row["nx"], r, g, ov, row["ms_per_step"], rate * 1e-9, 100 * eff, ranks))
open(path + ".rate", "w").write(repr(rate))
PY
        if [ -z "$base" ] && [ "$r" = "$(echo $RANKS | cut -d' ' -f1)" ]; then base=$(cat "$json.rate"); fi
      done
    done
  done
done
