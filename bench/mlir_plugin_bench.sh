#!/bin/sh
# The plugin `rulegen{target=ethos-u55}` inside mlir-opt-22 against
# mlir-opt-22's own --tosa-reduce-transposes --canonicalize on the same
# module, both timed by mlir-opt's --mlir-timing (wall time of the passes,
# parsing and printing left out), best of 3 runs each, interleaved so that
# both see the same machine. The plugin's time is split by its `stats`
# line: conversion in (MLIR ops to a rulegen graph), rulegen's checks of
# the graph before and after, the passes, conversion out (writing back).
# Usage: bench/mlir_plugin_bench.sh [BUILD] [OPS]
set -eu
build=${1:-build}
ops=${2:-126000}
plugin="$build/lib/rulegen-mlir-plugin.so"
models=../shared/models
if [ ! -f "$plugin" ]; then
  echo "bench-plugin: SKIP: $plugin was not built (needs libmlir-22-dev)"
  exit 0
fi
command -v mlir-opt-22 >/dev/null || { echo "bench-plugin: SKIP: mlir-opt-22 is not installed"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$build/bench/gen_tosa" "$ops" >"$tmp/graph.mlir" 2>/dev/null
set -- "$tmp/graph.mlir" "generated TOSA graph, $ops ops"
largest=$(ls -S "$models"/*.mlir 2>/dev/null | head -n 1 || true)

run() { # FILE NAME
  best_p= best_m= line=
  for _ in 1 2 3; do
    mlir-opt-22 --load-pass-plugin="$plugin" --mlir-timing --mlir-timing-display=list \
      --pass-pipeline='builtin.module(func.func(rulegen{target=ethos-u55 stats}))' "$1" -o /dev/null 2>"$tmp/p.err"
    p=$(awk '$NF == "rulegen" { print $1; exit }' "$tmp/p.err")
    if [ -z "$best_p" ] || awk -v a="$p" -v b="$best_p" 'BEGIN { exit !(a < b) }'; then
      best_p=$p
      line=$(grep '^conversion:' "$tmp/p.err" | awk '{ i += $3; o += $6; c += $9; s += $12 }
        END { printf "in %.3f s, out %.3f s, checks %.3f s, passes %.3f s", i, o, c, s }')
    fi
    mlir-opt-22 --mlir-timing --mlir-timing-display=list --tosa-reduce-transposes --canonicalize "$1" \
      -o /dev/null 2>"$tmp/m.err"
    m=$(awk '$NF == "TosaReduceTransposes" || $NF == "Canonicalizer" { t += $1 } END { print t }' "$tmp/m.err")
    if [ -z "$best_m" ] || awk -v a="$m" -v b="$best_m" 'BEGIN { exit !(a < b) }'; then best_m=$m; fi
  done
  printf 'bench-plugin: %s\n' "$2"
  printf 'bench-plugin:   rulegen{target=ethos-u55} in mlir-opt-22: %7.3f s (%s)\n' "$best_p" "$line"
  printf 'bench-plugin:   mlir-opt-22 --tosa-reduce-transposes --canonicalize: %7.3f s\n' "$best_m"
  awk -v p="$best_p" -v m="$best_m" 'BEGIN { printf "bench-plugin:   plugin / mlir-opt passes: %.2f (goal <= 0.5)\n", p / m }'
}
run "$1" "$2"
if [ -n "$largest" ]; then
  run "$largest" "largest model: $(basename "$largest")"
else
  echo "bench-plugin: SKIP largest model: $models is absent"
fi
