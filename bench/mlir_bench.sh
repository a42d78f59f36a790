#!/bin/sh
# Reader+writer throughput of rgopt against mlir-opt-22 on one generated
# TOSA graph (126k ops by default), measured side by side in one run: wall
# and CPU time (user + system, best of 3 each) and the ratio in CPU time,
# plus the graph's memory per node. Usage: bench/mlir_bench.sh [BUILD] [OPS]
set -eu
build=${1:-build}
ops=${2:-126000}
rgopt="$build/bin/rgopt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$build/bench/gen_tosa" "$ops" >"$tmp/graph.mlir" 2>/dev/null
bytes=$(wc -c <"$tmp/graph.mlir")
mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')
echo "bench-mlir: generated TOSA graph: $ops ops, $mb MB"

now() { date +%s%N; }
best() { # command... ; prints the best wall time of 3 runs in seconds
  b=
  for _ in 1 2 3; do
    t0=$(now)
    "$@"
    t1=$(now)
    t=$(( t1 - t0 ))
    if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
  done
  awk -v n="$b" 'BEGIN { printf "%.3f", n / 1e9 }'
}
# Children's user + system seconds so far: the shell's own `times` (run
# here, not in a command substitution's subshell, which has no children).
child_cpu() {
  tail -n 1 "$tmp/times" | awk '{ split($1, u, "m"); split($2, s, "m"); printf "%.3f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }'
}
cpu() { # command... ; prints the best CPU time (user + system) of 3 runs
  c=
  for _ in 1 2 3; do
    times >"$tmp/times"
    c0=$(child_cpu)
    "$@"
    times >"$tmp/times"
    c1=$(child_cpu)
    t=$(awk -v a="$c0" -v b="$c1" 'BEGIN { printf "%.3f", b - a }')
    if [ -z "$c" ] || awk -v t="$t" -v c="$c" 'BEGIN { exit !(t < c) }'; then c=$t; fi
  done
  echo "$c"
}

t_rg=$(best "$rgopt" --passes none "$tmp/graph.mlir" -o "$tmp/rgopt.mlir")
c_rg=$(cpu "$rgopt" --passes none "$tmp/graph.mlir" -o "$tmp/rgopt.mlir")
rate_rg=$(awk -v b="$bytes" -v t="$t_rg" 'BEGIN { printf "%.1f", b / 1e6 / t }')
printf 'bench-mlir: rgopt --passes none (read+verify+write): %6.3f s wall %6.3f s CPU  %7.1f MB/s\n' \
  "$t_rg" "$c_rg" "$rate_rg"

"$rgopt" --passes none --mem-report "$tmp/graph.mlir" -o "$tmp/null.out" 2>&1 |
  sed 's/^rgopt: memory:/bench-mlir: memory:/'

if command -v mlir-opt-22 >/dev/null 2>&1; then
  t_mo=$(best mlir-opt-22 --mlir-print-op-generic "$tmp/graph.mlir" -o "$tmp/mlir-opt.mlir")
  c_mo=$(cpu mlir-opt-22 --mlir-print-op-generic "$tmp/graph.mlir" -o "$tmp/mlir-opt.mlir")
  rate_mo=$(awk -v b="$bytes" -v t="$t_mo" 'BEGIN { printf "%.1f", b / 1e6 / t }')
  printf 'bench-mlir: mlir-opt-22 --mlir-print-op-generic:      %6.3f s wall %6.3f s CPU  %7.1f MB/s\n' \
    "$t_mo" "$c_mo" "$rate_mo"
  awk -v a="$c_mo" -v b="$c_rg" -v x="$t_mo" -v y="$t_rg" 'BEGIN {
    printf "bench-mlir: rgopt is %.1fx faster than mlir-opt-22 in CPU time (goal: 4x), %.1fx in wall time\n", a / b, x / y }'
  if cmp -s "$tmp/rgopt.mlir" "$tmp/mlir-opt.mlir"; then
    echo "bench-mlir: outputs are byte-identical"
  else
    echo "bench-mlir: note: outputs differ"
  fi
else
  echo "bench-mlir: SKIP mlir-opt-22 comparison: mlir-opt-22 not installed"
fi
