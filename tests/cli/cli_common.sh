# The helpers of the CLI test scripts (tests/cli/*_cli.sh), sourced first; each script then calls
# enter_case with its work root and case.

# enter_case ROOT CASE [DIR]: CASE set, and a fresh ROOT/DIR (ROOT/CASE by default) as the working
# directory, its path in WORK.
enter_case() {
  CASE=$2
  WORK=$1/${3:-$2}
  rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || { echo "cannot make the work directory $WORK" >&2; exit 1; }
}

fail() { echo "FAIL ($CASE): $*" >&2; exit 1; }
# A short `ria run` of the default scenario (2 h, hourly maps, no quicklooks, quiet), for the
# cases of run_cli.sh and run_files_cli.sh that need a run but not its length.
SHORT=(--set time.duration=2h --set time.output_interval=1h --set output.png_times=[] --quiet)
# refused_without_cuda OUTPUT DIR: a command's OUTPUT says why CUDA cannot run here, and the
# command left no DIR behind (a backend it refuses writes nothing).
refused_without_cuda() {
  grep -Eq "not built with CUDA|no CUDA device" "$1" || { cat "$1"; fail "--backend cuda refused without saying why"; }
  [ ! -e "$2" ] || fail "--backend cuda refused after creating the output directory $2"
}
# expect CODE REGEX -- command...: exit code and a stderr/stdout line matching REGEX.
expect() {
  local code=$1 regex=$2
  shift 3
  "$@" >out.txt 2>&1
  local rc=$?
  [ "$rc" -eq "$code" ] || { cat out.txt; fail "exit code $rc, expected $code: $*"; }
  grep -Eq -- "$regex" out.txt || { cat out.txt; fail "no line matching '$regex': $*"; }
  echo "ok: exit $rc, message: $(grep -E -m1 -- "$regex" out.txt)"
}
# interrupt_after PATTERN OUT -- command...: runs the command in the background, its output in
# OUT; once OUT holds a line matching PATTERN (or after 10 s), and a second more, sends it SIGINT
# (or the signal named by $SIG, e.g. SIG=HUP). Its exit code is left in rc.
interrupt_after() {
  local pattern=$1 out=$2
  shift 3
  "$@" >"$out" 2>&1 &
  local pid=$!
  for _ in $(seq 1 200); do grep -q -- "$pattern" "$out" && break; sleep 0.05; done
  sleep 1
  kill -"${SIG:-INT}" $pid
  wait $pid
  rc=$?
}
