#!/bin/sh
# The Arm pipeline (rgopt --target arm) on two generated edge-dialect
# graphs, a MobileNetV2-style CNN and a BERT-style transformer encoder
# (bench/gen_edge.c), measured side by side in one run: pass-manager time
# (best of 5, from --stats-json) and nodes visited, with target-op skipping
# and with --no-skip (every pass visits every node, as hand-written passes
# that declare no target ops do). Usage: bench/arm_bench.sh [BUILD] [CNN_BLOCKS] [LAYERS]
set -eu
build=${1:-build}
blocks=${2:-200}
layers=${3:-60}
rgopt="$build/bin/rgopt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run GRAPH [--no-skip]: prints "SECONDS VISITED RAN SKIPPED REWRITES",
# seconds the best of 5 runs.
run() {
  best=
  for _ in 1 2 3 4 5; do
    "$rgopt" --target arm "$@" --stats-json "$tmp/stats.json" -o "$tmp/out.mlir"
    s=$(sed -n 's/.*"total_pass_seconds": \([0-9.e+-]*\),.*/\1/p' "$tmp/stats.json")
    if [ -z "$best" ] || awk -v a="$s" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$s; fi
  done
  awk -v s="$best" '
    /"nodes_visited"/ {
      n = $0; sub(/.*"nodes_visited": /, "", n); sub(/}.*/, "", n); visited += n
      if ($0 ~ /"ran": true/) ran++
      if ($0 ~ /"skipped": true/) skipped++
      r = $0; sub(/.*"rewrites": /, "", r); sub(/,.*/, "", r); rewrites += r
    }
    END { printf "%s %d %d %d %d\n", s, visited, ran, skipped, rewrites }' "$tmp/stats.json"
}

printf 'bench-arm: %-12s %6s %5s  %-30s %-30s %s\n' graph nodes passes "skipping: ms / visited" "--no-skip: ms / visited" "ratio time / visited"
for kind in cnn transformer; do
  n=$blocks
  [ "$kind" = transformer ] && n=$layers
  "$build/bench/gen_edge" "$kind" "$n" >"$tmp/$kind.mlir"
  nodes=$(grep -c ' = "' "$tmp/$kind.mlir")
  set -- $(run "$tmp/$kind.mlir")
  t1=$1 v1=$2 ran=$3 skipped=$4 rw=$5
  mv "$tmp/out.mlir" "$tmp/skip.mlir"
  set -- $(run "$tmp/$kind.mlir" --no-skip)
  t2=$1 v2=$2
  cmp -s "$tmp/skip.mlir" "$tmp/out.mlir" || echo "bench-arm: $kind: skipping changed the output graph"
  awk -v k="$kind" -v n="$nodes" -v t1="$t1" -v v1="$v1" -v t2="$t2" -v v2="$v2" -v ran="$ran" -v sk="$skipped" -v rw="$rw" 'BEGIN {
    printf "bench-arm: %-12s %6d %2d+%-2d  %8.3f ms / %-8d          %8.3f ms / %-8d          %5.1fx / %.1fx  (%d rewrites)\n",
      k, n, ran, sk, t1 * 1000, v1, t2 * 1000, v2, t2 / t1, v2 / (v1 ? v1 : 1), rw }'
done
echo "bench-arm: passes = ran+skipped of the pipeline; the output graph is the same in both columns"
