#!/bin/sh
# Test runner: runs every suite in tests/suites/ and prints, in the suites'
# sorted order, one line per failure and one per suite, then a closing
# `N passed, N failed, N skipped` line.
# A suite is a shell script run with RG_BUILD (the build directory) and
# RG_ROOT (the repository) set; it prints, one per case, `PASS name`,
# `FAIL name: why` or `SKIP name: why` (and `UPDATED file` for a golden
# file rewritten under UPDATE_GOLDENS=1, see tests/golden.sh). Suites are
# independent (each works in its own temporary directory), so they run
# RG_TEST_JOBS at a time (default: the number of processors), the longest
# first; the report does not depend on the order they finish in. A suite
# that marks itself `# test-runner: alone` (it runs make on the shared
# build directory) runs first, by itself.
# Usage: tests/run.sh [BUILD] [SUITE...]
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
shift 2>/dev/null
case $build in /*) ;; *) build="$root/$build" ;; esac
export RG_BUILD="$build" RG_ROOT="$root"
if [ $# -gt 0 ]; then
  names="$*"
else
  names=$(ls "$root"/tests/suites/*.sh | sed 's|.*/||; s|\.sh$||' | sort | tr '\n' ' ')
fi
for name in $names; do
  [ -f "$root/tests/suites/$name.sh" ] || { echo "tests/run.sh: no suite tests/suites/$name.sh"; exit 2; }
done
jobs=${RG_TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
# Start order: the suites that take longest first (measured), then the rest,
# so that a long one does not start last and run alone.
long="rules prove python layout fixpoint gen install mlir mlir_plugin verify"
order=$(for name in $long; do
          case " $names " in *" $name "*) echo "$name" ;; esac
        done
        for name in $names; do
          case " $long " in *" $name "*) ;; *) echo "$name" ;; esac
        done)
# Each suite writes its output, exit status and seconds to files of its own.
run_suites() {
  # shellcheck disable=SC2016
  xargs -P "$1" -I{} sh -c '
    start=$(date +%s)
    sh "$1/tests/suites/$2.sh" >"$3/$2.log" 2>&1
    echo $? >"$3/$2.rc"
    echo $(( $(date +%s) - start )) >"$3/$2.secs"' run "$root" {} "$logs"
}
alone=$(for name in $order; do
          grep -q '^# test-runner: alone' "$root/tests/suites/$name.sh" && echo "$name"
        done)
[ -z "$alone" ] || echo "$alone" | run_suites 1
for name in $order; do
  case " $(echo $alone) " in *" $name "*) ;; *) echo "$name" ;; esac
done | run_suites "$jobs"
pass=0 fail=0 skip=0
for name in $names; do
  log="$logs/$name.log"
  if [ ! -f "$logs/$name.rc" ]; then
    echo "  [$name] FAIL suite did not run"
    fail=$((fail + 1))
    continue
  fi
  rc=$(cat "$logs/$name.rc")
  p=$(grep -c '^PASS ' "$log")
  f=$(grep -c '^FAIL ' "$log")
  k=$(grep -c '^SKIP ' "$log")
  grep -E '^(FAIL|SKIP|UPDATED) ' "$log" | sed "s/^/  [$name] /"
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "  [$name] FAIL suite exited with status $rc"
    tail -n 20 "$log" | sed "s/^/    /"
    f=1
  fi
  echo "suite $name: $p passed, $f failed, $k skipped ($(cat "$logs/$name.secs" 2>/dev/null)s)"
  pass=$((pass + p)); fail=$((fail + f)); skip=$((skip + k))
done
if [ $((pass + fail)) -eq 0 ]; then
  echo "no tests were run"
  fail=1
fi
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
