#!/bin/sh
# The Arm pipeline (rgopt --target arm) on two generated edge-dialect
# graphs, a MobileNetV2-style CNN and a BERT-style transformer encoder
# (bench/gen_edge.c), measured side by side in one run: pass-manager time
# and the passes' own time (best of 5, from --stats-json) and nodes
# visited, with target-op skipping
# and with --no-skip (every pass visits every node, as hand-written passes
# that declare no target ops do). Usage: bench/arm_bench.sh [BUILD] [CNN_BLOCKS] [LAYERS]
set -eu
build=${1:-build}
blocks=${2:-200}
layers=${3:-60}
rgopt="$build/bin/rgopt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run GRAPH [--no-skip]: prints "TOTAL PASSES VISITED RAN SKIPPED REWRITES":
# TOTAL the pass manager's time (passes and the deduplication between
# them), PASSES the passes' own time, each the best of 5 runs, in seconds.
run() {
  best= bestp=
  for _ in 1 2 3 4 5; do
    "$rgopt" --target arm "$@" --stats-json "$tmp/stats.json" -o "$tmp/out.mlir"
    s=$(sed -n 's/.*"total_pass_seconds": \([0-9.e+-]*\),.*/\1/p' "$tmp/stats.json")
    p=$(awk '/"nodes_visited"/ { x = $0; sub(/.*"seconds": /, "", x); sub(/,.*/, "", x); t += x }
             END { printf "%.9f", t }' "$tmp/stats.json")
    if [ -z "$best" ] || awk -v a="$s" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$s; fi
    if [ -z "$bestp" ] || awk -v a="$p" -v b="$bestp" 'BEGIN { exit !(a < b) }'; then bestp=$p; fi
  done
  awk -v s="$best" -v p="$bestp" '
    /"nodes_visited"/ {
      n = $0; sub(/.*"nodes_visited": /, "", n); sub(/}.*/, "", n); visited += n
      if ($0 ~ /"ran": true/) ran++
      if ($0 ~ /"skipped": true/) skipped++
      r = $0; sub(/.*"rewrites": /, "", r); sub(/,.*/, "", r); rewrites += r
    }
    END { printf "%s %s %d %d %d %d\n", s, p, visited, ran, skipped, rewrites }' "$tmp/stats.json"
}

printf 'bench-arm: %-12s %6s %5s  %-36s %-36s %s\n' graph nodes passes "skipping: ms total (passes) / visited" \
  "--no-skip: ms total (passes) / visited" "ratio total (passes) / visited"
for kind in cnn transformer; do
  n=$blocks
  [ "$kind" = transformer ] && n=$layers
  "$build/bench/gen_edge" "$kind" "$n" >"$tmp/$kind.mlir"
  nodes=$(grep -c ' = "' "$tmp/$kind.mlir")
  set -- $(run "$tmp/$kind.mlir")
  t1=$1 p1=$2 v1=$3 ran=$4 skipped=$5 rw=$6
  mv "$tmp/out.mlir" "$tmp/skip.mlir"
  set -- $(run "$tmp/$kind.mlir" --no-skip)
  t2=$1 p2=$2 v2=$3
  cmp -s "$tmp/skip.mlir" "$tmp/out.mlir" || echo "bench-arm: $kind: skipping changed the output graph"
  awk -v k="$kind" -v n="$nodes" -v t1="$t1" -v p1="$p1" -v v1="$v1" -v t2="$t2" -v p2="$p2" -v v2="$v2" \
      -v ran="$ran" -v sk="$skipped" -v rw="$rw" 'BEGIN {
    printf "bench-arm: %-12s %6d %2d+%-2d  %7.3f (%7.3f) / %-8d            %7.3f (%7.3f) / %-8d            %5.1fx (%5.1fx) / %.1fx  (%d rewrites)\n",
      k, n, ran, sk, t1 * 1000, p1 * 1000, v1, t2 * 1000, p2 * 1000, v2, t2 / t1, p2 / (p1 ? p1 : 1e-9), v2 / (v1 ? v1 : 1), rw }'
done
echo "bench-arm: passes = ran+skipped of the pipeline; total = the pass manager's time, passes and the"
echo "bench-arm: deduplication between them (the same work in both columns); the output graph is the same in both"
