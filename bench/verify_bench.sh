#!/bin/sh
# Cost of the op verifier at read time: rgopt reading, verifying and
# writing one generated TOSA graph (126k ops by default) with every op
# checked and with the checks off (--no-verify-ops '*'), side by side in
# one run, best wall time of 5 alternating runs each; then the diagnostic
# of an error at the end of a 10 MB line (the echo is a window of it).
# Usage: bench/verify_bench.sh [BUILD] [OPS]
set -eu
build=${1:-build}
ops=${2:-126000}
rgopt="$build/bin/rgopt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$build/bench/gen_tosa" "$ops" >"$tmp/graph.mlir" 2>/dev/null
echo "bench-verify: generated TOSA graph: $ops ops"
ns() { date +%s%N; }
on=; off=
for _ in 1 2 3 4 5; do
  t0=$(ns); "$rgopt" --passes none "$tmp/graph.mlir" -o /dev/null; t1=$(ns)
  "$rgopt" --no-verify-ops '*' --passes none "$tmp/graph.mlir" -o /dev/null; t2=$(ns)
  a=$(( t1 - t0 )) b=$(( t2 - t1 ))
  if [ -z "$on" ] || [ "$a" -lt "$on" ]; then on=$a; fi
  if [ -z "$off" ] || [ "$b" -lt "$off" ]; then off=$b; fi
done
awk -v a="$on" -v b="$off" 'BEGIN {
  printf "  read+write, ops checked:     %.3f s\n  read+write, checks off:      %.3f s\n", a / 1e9, b / 1e9
  printf "  op verifier: %.1f%% of the run\n", 100 * (a - b) / a }'

{
  printf '"builtin.module"() ({\n  "acme.x"() {a = "'
  head -c 10000000 /dev/zero | tr '\0' x
  printf '"} : () -> () )\n}) : () -> ()\n'
} >"$tmp/long.mlir"
t0=$(ns)
"$rgopt" --passes none "$tmp/long.mlir" -o /dev/null 2>"$tmp/err" || true
t1=$(ns)
awk -v t="$(( t1 - t0 ))" -v n="$(wc -c <"$tmp/err")" 'BEGIN {
  printf "  error on a 10 MB line: %.3f s, %d bytes of diagnostics\n", t / 1e9, n }'
