#!/bin/sh
# Reader+writer throughput of rgopt against mlir-opt-22 on one generated
# TOSA graph, measured side by side in one run (best of 3 each), plus the
# graph's memory per node. Usage: bench/mlir_bench.sh [BUILD] [OPS]
set -eu
build=${1:-build}
ops=${2:-100000}
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

t_rg=$(best "$rgopt" --passes none "$tmp/graph.mlir" -o "$tmp/rgopt.mlir")
rate_rg=$(awk -v b="$bytes" -v t="$t_rg" 'BEGIN { printf "%.1f", b / 1e6 / t }')
printf 'bench-mlir: rgopt --passes none (read+verify+write): %6.3f s  %7.1f MB/s\n' "$t_rg" "$rate_rg"

"$rgopt" --passes none --mem-report "$tmp/graph.mlir" -o "$tmp/null.out" 2>&1 |
  sed 's/^rgopt: memory:/bench-mlir: memory:/'

if command -v mlir-opt-22 >/dev/null 2>&1; then
  t_mo=$(best mlir-opt-22 --mlir-print-op-generic "$tmp/graph.mlir" -o "$tmp/mlir-opt.mlir")
  rate_mo=$(awk -v b="$bytes" -v t="$t_mo" 'BEGIN { printf "%.1f", b / 1e6 / t }')
  printf 'bench-mlir: mlir-opt-22 --mlir-print-op-generic:      %6.3f s  %7.1f MB/s\n' "$t_mo" "$rate_mo"
  awk -v a="$t_mo" -v b="$t_rg" 'BEGIN { printf "bench-mlir: rgopt is %.1fx faster than mlir-opt-22 (target: 3x)\n", a / b }'
  if cmp -s "$tmp/rgopt.mlir" "$tmp/mlir-opt.mlir"; then
    echo "bench-mlir: outputs are byte-identical"
  else
    echo "bench-mlir: note: outputs differ"
  fi
else
  echo "bench-mlir: SKIP mlir-opt-22 comparison: mlir-opt-22 not installed"
fi
