# The helpers of the CLI test scripts (tests/cli/*_cli.sh), sourced after each has set CASE and
# entered its work directory.

fail() { echo "FAIL ($CASE): $*" >&2; exit 1; }
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
