#!/usr/bin/env bash
# `ria run` under mpirun (the row-block MPI layer, mpi/README.md), one case per ctest test:
#   mpi_cli.sh RIA WORKDIR CASE [BACKEND]
# A run on N ranks must end bitwise identical to the one-process run of the same scenario: the
# final checkpoint holds the state, clock, balance and the extremes recorded after every step
# (gathered from the ranks' owned rows), gauges.csv every gauge sample (interpolated between step
# ends: the ranks hold before the same steps). On the CPU
# backends the reference is a plain `ria run`; on CUDA it is one rank under mpirun (a plain run
# uses the fused kernel, whose time step and balance stay on the device), and a missing GPU ends
# the case with exit code 5 (ctest: skipped).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/cli_common.sh"
RIA=$1
BACKEND=${4:-serial}
enter_case "$2" "$3" "$3${4:+_$4}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# Ranks yield the core while they wait in MPI (the CI machine has 2 cores for up to 8 ranks).
export OMPI_MCA_mpi_yield_when_idle=1
MPIRUN=("${RIA_MPIEXEC:-mpirun}" --oversubscribe -np)

# The default estuary on 50 x 50 cells for 2 h: the M2 tide over tidal flats (wet/dry fronts),
# the river, the spill patch and the outfall release from 1 h; gauges every 5 min.
EST=(--backend "$BACKEND" --quiet --set domain.cells=50 --set time.duration=2h --set time.output_interval=1h
     --set output.png_times=[] --set output.png_at_end=false --set output.netcdf=false)
same() {  # same DIR_A DIR_B WHAT
  cmp "$1/checkpoint.ckpt" "$2/checkpoint.ckpt" || fail "$3: final state/balance differs from the one-process run"
  if [ -f "$1/gauges.csv" ]; then cmp "$1/gauges.csv" "$2/gauges.csv" || fail "$3: gauges differ"; fi
  echo "ok: $3 bitwise identical to the one-process run"
}

# reference OUTDIR ARGS...: the one-process run.
reference() {
  local out=$1
  shift
  if [ "$BACKEND" = cuda ]; then "${MPIRUN[@]}" 1 "$RIA" run "$@" --output "$out" > "$out.txt" 2>&1
  else "$RIA" run "$@" --output "$out" > "$out.txt" 2>&1; fi
  local rc=$?
  [ $rc -eq 5 ] && { cat "$out.txt"; exit 5; }
  [ $rc -eq 0 ] || { cat "$out.txt"; fail "one-process run (exit $rc)"; }
}

case $CASE in
bitwise)  # 1 process vs 1-4 ranks, G = 1, 2, 4, uneven splits (50 rows), overlap on and off, --split wet,
          # halo messages in place (the CPU default) and staged through host buffers
  reference one "${EST[@]}"
  for spec in "1 2" "2 1" "2 4" "3 1" "3 2" "4 4" "3 2 --no-overlap" "4 1 --split wet" "2 2 --split wet --no-overlap" \
              "2 4 --stage-halo" "3 1 --stage-halo --no-overlap"; do
    set -- $spec
    n=$1 g=$2
    shift 2
    out="r${n}g${g}${1:+x}"
    "${MPIRUN[@]}" "$n" "$RIA" run "${EST[@]}" --output "$out" --ghost-rows "$g" "$@" > "$out.txt" 2>&1 \
      || { cat "$out.txt"; fail "$n ranks, G = $g $*"; }
    same one "$out" "$n ranks, G = $g $*"
    # The halo's path: in place on the CPU backends, staged with --stage-halo (on CUDA in place only
    # where the MPI library reads device memory), none on one rank.
    want="halo sent in place"
    case "$*" in *--stage-halo*) want="halo staged through host memory" ;; esac
    [ "$n" = 1 ] && want="no halo"
    if [ "$BACKEND" != cuda ] || [ "$want" != "halo sent in place" ]; then
      grep -q "$want" "$out/summary.json" || { cat "$out/summary.json"; fail "$n ranks $*: the summary does not say '$want'"; }
    fi
  done
  ;;
slow_writer)  # gauges at an interval while rank 0 writes maps (slow): the ranks hold before the same step
  # Each rank sizes its calls by its own wall time, and rank 1's include its waits for rank 0's
  # writing; the hold before a gauge time is the solver's (the same on every rank), or the ranks
  # part, one gathering the gauges, the other stepping, and the job hangs (it did, 4 times of 4).
  SLOW=(--backend "$BACKEND" --quiet --set time.duration=3h --set output.gauge_interval=30min
        --set 'output.png_times=["0 h"]')
  reference one "${SLOW[@]}"
  timeout 120 "${MPIRUN[@]}" 2 "$RIA" run "${SLOW[@]}" --output r2 > r2.txt 2>&1
  rc=$?
  [ $rc -eq 124 ] && fail "2 ranks with gauges every 30 min and a map at 0 h: no end in 120 s (the ranks parted)"
  [ $rc -eq 0 ] || { cat r2.txt; fail "2 ranks with gauges every 30 min (exit $rc)"; }
  same one r2 "2 ranks, gauges every 30 min, maps written"
  ;;
float)  # single precision: the same equality
  reference one "${EST[@]}" --precision float
  "${MPIRUN[@]}" 3 "$RIA" run "${EST[@]}" --precision float --ghost-rows 2 --output r3 || fail "3 ranks"
  same one r3 "3 ranks in float"
  ;;
dry_block)  # Thacker's bowl on 8 ranks: the first and last blocks (y < 0.5 m, y > 3.5 m) stay dry
  TH=("$HERE/../../scenarios/validate/thacker.toml" --backend "$BACKEND" --quiet --set domain.cells=64)
  reference one "${TH[@]}"
  "${MPIRUN[@]}" 8 "$RIA" run "${TH[@]}" --ghost-rows 4 --output r8 || fail "8 ranks"
  same one r8 "8 ranks, two of them dry"
  ;;
restart)  # a 3-rank run checkpointed at 1 h continues bitwise on 2 ranks and on 1 process
  reference full "${EST[@]}"
  "${MPIRUN[@]}" 3 "$RIA" run "${EST[@]}" --set time.duration=1h --output half || fail "3-rank first hour"
  "${MPIRUN[@]}" 2 "$RIA" run "${EST[@]}" --restart half/checkpoint.ckpt --output on2 || fail "restart on 2 ranks"
  cmp full/checkpoint.ckpt on2/checkpoint.ckpt || fail "3 ranks then 2 differs"
  echo "ok: 3 ranks then 2 ranks bitwise identical"
  reference on1 "${EST[@]}" --restart half/checkpoint.ckpt
  cmp full/checkpoint.ckpt on1/checkpoint.ckpt || fail "3 ranks then 1 process differs"
  echo "ok: 3 ranks then 1 process bitwise identical"
  ;;
signal)  # SIGINT to mpirun: the ranks agree to stop, rank 0 checkpoints; one process resumes bitwise
  ARGS=(--backend "$BACKEND" --set domain.cells=100 --set time.output_interval=1h --set output.png_times=[]
        --set output.png_at_end=false --set output.netcdf=false --set output.checkpoint_interval=1000d)
  "${MPIRUN[@]}" 2 "$RIA" run "${ARGS[@]}" --set time.duration=10d --output part > run.txt 2>&1 &
  pid=$!
  for _ in $(seq 1 100); do grep -q "^t = " run.txt 2>/dev/null && break; sleep 0.2; done
  sleep 1
  kill -INT $pid
  wait $pid
  grep -q "interrupted by signal" run.txt || { cat run.txt; fail "no interruption reported"; }
  [ -s part/checkpoint.ckpt ] || fail "no checkpoint"
  t=$(sed -n 's/.*interrupted by signal [0-9]* at t = \([0-9.e+]*\) s.*/\1/p' run.txt)
  end=$(python3 -c "import math; print(math.ceil($t) + 600)")
  reference full "${ARGS[@]}" --quiet --set time.duration=${end}s
  reference resumed "${ARGS[@]}" --quiet --set time.duration=${end}s --restart part/checkpoint.ckpt
  cmp full/checkpoint.ckpt resumed/checkpoint.ckpt || fail "resumed run differs from the uninterrupted one"
  echo "ok: interrupted at t = $t s on 2 ranks, resumed on one process to $end s bitwise"
  ;;
too_few_rows)  # 4 ranks of 12 rows cannot send 16 ghost rows: refused before any rank allocates
  "${MPIRUN[@]}" 4 "$RIA" run "${EST[@]}" --ghost-rows 16 --output out > out.txt 2>&1
  rc=$?
  [ $rc -ne 0 ] || fail "accepted 16 ghost rows on 12-row blocks"
  grep -q "ranks with --ghost-rows 16 need at least 64" out.txt || { cat out.txt; fail "no message naming the rows"; }
  [ "$(grep -c 'ghost-rows 16 need' out.txt)" -eq 1 ] || { cat out.txt; fail "message not printed once"; }
  echo "ok: $(grep -m1 'ghost-rows 16' out.txt)"
  ;;
fault)  # a failure on one rank mid-run ends every rank within seconds with one message naming it
  start=$(date +%s)
  RIA_MPI_FAULT=1:40 timeout 60 "${MPIRUN[@]}" 3 "$RIA" run "${EST[@]}" --output out > out.txt 2>&1
  rc=$?
  took=$(( $(date +%s) - start ))
  [ $rc -ne 0 ] && [ $rc -ne 124 ] || { cat out.txt; fail "exit code $rc (124: the job hung)"; }
  grep -q "ria run (rank 1 of 3): injected fault (RIA_MPI_FAULT) at step 40" out.txt || { cat out.txt; fail "no message naming rank 1"; }
  [ $took -le 30 ] || fail "the job took $took s to end"
  echo "ok: exit $rc after $took s: $(grep -m1 'rank 1 of 3' out.txt)"
  # The hook's own mistakes are refused, not ignored: a rank the job does not have.
  RIA_MPI_FAULT=5:10 timeout 60 "${MPIRUN[@]}" 2 "$RIA" run "${EST[@]}" --output out5 > out5.txt 2>&1
  [ $? -ne 0 ] || { cat out5.txt; fail "RIA_MPI_FAULT=5:10 on 2 ranks was taken"; }
  grep -q "RIA_MPI_FAULT must be RANK:STEP, a rank of 0 to 1 and a step >= 0, got '5:10'" out5.txt ||
    { cat out5.txt; fail "no message on RIA_MPI_FAULT=5:10"; }
  ;;
bound_rank)  # an OpenMP rank bound to fewer cores than its share of the node is warned, and runs
  # (mpirun started on one core of a node of at least 2: the rank's mask is that core)
  if ! command -v taskset >/dev/null || [ "$(nproc --all)" -lt 2 ]; then echo "ok: needs taskset and 2 cores: not checked"; exit 0; fi
  env -u OMP_NUM_THREADS taskset -c 0 "${MPIRUN[@]}" 1 "$RIA" run --backend openmp "${EST[@]:2}" --output out > out.txt 2>&1
  rc=$?
  [ $rc -eq 0 ] || [ $rc -eq 5 ] || { cat out.txt; fail "exit code $rc"; }
  [ $rc -eq 5 ] && { echo "ok: not built with OpenMP"; exit 0; }
  grep -q "warning: this rank may run on 1 of the node's [0-9]* cores (its affinity mask).*--bind-to none" out.txt \
    || { cat out.txt; fail "no warning about the rank's one core"; }
  echo "ok: $(grep -m1 'affinity mask' out.txt)"
  ;;
input_error)  # an input error is reported once, by rank 0, and every rank exits 2
  "${MPIRUN[@]}" 3 "$RIA" run "${EST[@]}" --set physics.gravity=0 --output out > out.txt 2>&1
  rc=$?
  [ $rc -eq 2 ] || { cat out.txt; fail "exit code $rc, expected 2"; }
  [ "$(grep -c 'physics.gravity' out.txt)" -eq 1 ] || { cat out.txt; fail "the message is not printed exactly once"; }
  echo "ok: $(grep -m1 'physics.gravity' out.txt)"
  # A command-line error too: said once.
  "${MPIRUN[@]}" 3 "$RIA" run "${EST[@]}" --ghost-rows 2.5 --output out > out.txt 2>&1
  rc=$?
  [ $rc -eq 2 ] || { cat out.txt; fail "--ghost-rows 2.5: exit code $rc, expected 2"; }
  [ "$(grep -c 'ghost-rows' out.txt)" -eq 1 ] || { cat out.txt; fail "the command-line error is not printed exactly once"; }
  echo "ok: $(grep -m1 'ghost-rows' out.txt)"
  # ria sph run runs in one process: over ranks it is refused (every rank wrote into one directory).
  printf 'name = "c"\ndimensions = 2\n[particles]\ndp = 0.02\n[time]\nduration = 0.01\noutput_interval = 0.01\n' > c.toml
  printf '[[fluid]]\nmin = [0.0, 0.0]\nmax = [0.1, 0.2]\n[[wall]]\nkind = "tank"\nmin = [0.0, 0.0]\nmax = [0.4, 0.3]\n' >> c.toml
  "${MPIRUN[@]}" 2 "$RIA" sph run c.toml --backend serial --quiet --output sph > out.txt 2>&1
  rc=$?
  [ $rc -eq 2 ] || { cat out.txt; fail "ria sph run over 2 ranks: exit code $rc, expected 2"; }
  grep -q "ria sph run runs in one process, not over 2 MPI ranks" out.txt || { cat out.txt; fail "no word on the ranks"; }
  [ ! -e sph ] || fail "a refused SPH run made its output directory"
  echo "ok: ria sph run over ranks refused"
  ;;
*) fail "unknown case" ;;
esac
