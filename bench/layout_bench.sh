#!/bin/sh
# Bytes written by transposes (bench/graph_stats.awk) per graph: the input,
# mlir-opt-22 --tosa-reduce-transposes --canonicalize, the ethos-u55
# pipeline with the transpose rules alone (place_layout's rules disabled),
# the whole pipeline, and the lower bound of its --stats (summed over
# functions; docs/layout.md), with the pipeline's time. Graphs: the
# layout tests of tests/rules, the NCHW family (bench/gen_nchw.c) and
# ../shared/models when present. Usage: bench/layout_bench.sh [BUILD]
set -u
build=${1:-build}
rgopt="$build/bin/rgopt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mlir_opt=$(command -v mlir-opt-22 || true)
bytes() { awk -f bench/graph_stats.awk "$1" | cut -d' ' -f4; }
printf '%-26s %14s %14s %14s %14s %14s %8s\n' graph input mlir-opt-22 "rules alone" rgopt "lower bound" seconds
row() {
  name=$1 f=$2
  mo=-
  if [ -n "$mlir_opt" ] && "$mlir_opt" --allow-unregistered-dialect --tosa-reduce-transposes --canonicalize \
       --mlir-print-op-generic "$f" -o "$tmp/mo.mlir" 2>/dev/null; then
    mo=$(bytes "$tmp/mo.mlir")
  fi
  # shellcheck disable=SC2046
  "$rgopt" --target ethos-u55 $(for r in move_unary move_binary move_axis move_concat2 move_concat3 move_concat4; do
                                 printf -- '--disable-rule place_layout.%s ' "$r"; done) \
    "$f" -o "$tmp/rules.mlir" 2>/dev/null || return
  start=$(date +%s.%N)
  "$rgopt" --target ethos-u55 --stats "$f" -o "$tmp/o.mlir" 2>"$tmp/err" || return
  end=$(date +%s.%N)
  bound=$(sed -n 's/^layout @.*lower bound \([0-9]*\).*/\1/p' "$tmp/err" | awk '{ s += $1 } END { printf "%.0f", s }')
  printf '%-26s %14s %14s %14s %14s %14s %8.2f\n' "$name" "$(bytes "$f")" "$mo" "$(bytes "$tmp/rules.mlir")" \
    "$(bytes "$tmp/o.mlir")" "$bound" "$(echo "$end - $start" | bc)"
}
for f in tests/rules/layout_*.mlir; do row "$(basename "$f" .mlir)" "$f"; done
for d in 1 4 16 64; do
  "$build/bench/gen_nchw" "$d" >"$tmp/nchw.mlir" && row "nchw-$d" "$tmp/nchw.mlir"
done
[ -d ../shared/models ] || { echo "bench-layout: ../shared/models not present"; exit 0; }
for f in ../shared/models/*.generic.mlir; do row "$(basename "$f" .generic.mlir)" "$f"; done
