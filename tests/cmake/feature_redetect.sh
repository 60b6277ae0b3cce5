#!/usr/bin/env bash
# A feature the user did not choose follows its dependency at each configure; one chosen with -D stays.
#   feature_redetect.sh WORKDIR
set -u
src=$(cd "$(dirname "$0")" && pwd)
work=$1/feature_redetect
rm -rf "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
value() { cmake -S "$src" -B "$work" "$@" 2>&1 | sed -n 's/^-- RIA_FAKE=//p'; }
[ "$(value -DFAKE_FOUND=OFF)" = OFF ] || fail "not found at the first configure: expected OFF"
[ "$(value -DFAKE_FOUND=ON)" = ON ] || fail "installed later: expected the feature to turn ON at the next configure"
[ "$(value -DFAKE_FOUND=OFF)" = OFF ] || fail "removed again: expected OFF"
[ "$(value -DFAKE_FOUND=ON -DRIA_FAKE=OFF)" = OFF ] || fail "the user's -DRIA_FAKE=OFF was not kept"
[ "$(value -DFAKE_FOUND=ON)" = OFF ] || fail "the user's choice was forgotten at the next configure"
rm -rf "$work"
[ "$(value -DFAKE_FOUND=ON -DRIA_FAKE=OFF)" = OFF ] || fail "-DRIA_FAKE=OFF at the first configure was not kept"
[ "$(value -DFAKE_FOUND=ON)" = OFF ] || fail "-DRIA_FAKE=OFF of the first configure was forgotten"
[ "$(value -DFAKE_FOUND=ON -DRIA_FAKE=AUTO)" = ON ] || fail "-DRIA_FAKE=AUTO did not return to detection"
echo "ok: re-detected while not chosen, the user's choice kept, AUTO forgets it"
