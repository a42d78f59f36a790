#!/bin/sh
# Test runner: runs every suite in tests/suites/ (sorted) and prints one
# line per failure and a closing `N passed, N failed[, N skipped]` line.
# A suite is a shell script run with RG_BUILD (the build directory) and
# RG_ROOT (the repository) set; it prints, one per case, `PASS name`,
# `FAIL name: why` or `SKIP name: why` (and `UPDATED file` for a golden
# file rewritten under UPDATE_GOLDENS=1, see tests/golden.sh).
# Usage: tests/run.sh [BUILD] [SUITE...]
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
shift 2>/dev/null
case $build in /*) ;; *) build="$root/$build" ;; esac
export RG_BUILD="$build" RG_ROOT="$root"
if [ $# -gt 0 ]; then
  suites=$(for s in "$@"; do echo "$root/tests/suites/$s.sh"; done)
else
  suites=$(ls "$root"/tests/suites/*.sh | sort)
fi
pass=0 fail=0 skip=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for s in $suites; do
  name=$(basename "$s" .sh)
  start=$(date +%s)
  sh "$s" >"$log" 2>&1
  rc=$?
  p=$(grep -c '^PASS ' "$log")
  f=$(grep -c '^FAIL ' "$log")
  k=$(grep -c '^SKIP ' "$log")
  grep -E '^(FAIL|SKIP|UPDATED) ' "$log" | sed "s/^/  [$name] /"
  if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "  [$name] FAIL suite exited with status $rc"
    tail -n 20 "$log" | sed "s/^/    /"
    f=1
  fi
  echo "suite $name: $p passed, $f failed, $k skipped ($(( $(date +%s) - start ))s)"
  pass=$((pass + p)); fail=$((fail + f)); skip=$((skip + k))
done
if [ $((pass + fail)) -eq 0 ]; then
  echo "no tests were run"
  fail=1
fi
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
