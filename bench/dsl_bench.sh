#!/bin/sh
# bench/dsl_bench.sh - checks a generated 10,000-rule file with rulegen and
# prints the wall time (budget: under 1 second). Usage: bench/dsl_bench.sh [BUILD]
# The file has 50 passes of 200 rules mixing guarded and unguarded rules
# over nested patterns, classes, commutative ops and literal attributes, so
# every checker stage, shadowing included, does real work.
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
case $build in /*) ;; *) build="$root/$build" ;; esac
rg="$build/bin/rulegen"
rules=${RULES:-10000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
awk -v n="$rules" 'BEGIN {
  print "import \"tosa.ops\""
  per = 200
  for (i = 0; i < n; i++) {
    if (i % per == 0) {
      if (i) print "}"
      printf "pass bench_%d \"generated pass %d\" fixpoint {\n", i / per, i / per
    }
    k = i % 5
    if (k == 0)
      printf "  rule r%d: (tosa.transpose (tosa.transpose x {perms = p}) {perms = q})\n    if compose(p, q) == [%d, 1, 0] && len(p) == 3 => x\n", i, i % 7
    else if (k == 1)
      printf "  rule r%d: (tosa.reduce_sum (tosa.abs x) {axis = %d}) => (tosa.reduce_sum x {axis = %d})\n", i, i, i + 1
    else if (k == 2)
      printf "  rule r%d: (tosa.add x (tosa.mul y _ splat(%d))) if uses(y) > %d => (tosa.add x y)\n", i, i, i % 3
    else if (k == 3)
      printf "  rule r%d: (op:layout_agnostic_unary t:(tosa.transpose x {perms = p}) ..rest)\n    if uses(t) == 1 && p[0] != %d => (tosa.transpose (op x ..rest) {perms = p})\n", i, i % 4
    else
      printf "  rule r%d: (tosa.clamp (tosa.clamp x {min_val = %d.0, max_val = hi}) {min_val = lo2, max_val = %d.5}) if lo2 >= hi => x\n", i, i, i
  }
  print "}"
}' >"$out/bench.rules"
cp "$root/backends/tosa/tosa.ops" "$out/tosa.ops"
lines=$(wc -l <"$out/bench.rules")
start=$(date +%s%N)
"$rg" --check "$out/bench.rules" >"$out/log" 2>&1
rc=$?
end=$(date +%s%N)
ms=$(( (end - start) / 1000000 ))
if [ $rc -ne 0 ]; then
  echo "bench-dsl: rulegen failed (status $rc):"; head -n 20 "$out/log"; exit 1
fi
status=OK; [ $ms -lt 1000 ] || status=SLOW
echo "bench-dsl: rulegen --check on $rules rules ($lines lines): ${ms} ms (budget 1000 ms) $status"
[ $status = OK ]
