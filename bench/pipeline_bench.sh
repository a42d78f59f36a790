#!/bin/sh
# The ethos-u55 pipeline on a large generated TOSA graph (1M ops by
# default) against mlir-opt-22 --tosa-reduce-transposes --canonicalize on
# the same file, side by side in one run: wall time, CPU time (user +
# system) and peak memory (max RSS), all from GNU time, of each, and the
# ratios (CPU time is the fairer one on a machine shared with other
# work). Usage:
# bench/pipeline_bench.sh [BUILD] [OPS]
set -eu
build=${1:-build}
ops=${2:-1000000}
rgopt="$build/bin/rgopt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$build/bench/gen_tosa" "$ops" >"$tmp/graph.mlir" 2>/dev/null
mb=$(awk -v b="$(wc -c <"$tmp/graph.mlir")" 'BEGIN { printf "%.1f", b / 1e6 }')
echo "bench-pipeline: generated TOSA graph: $ops ops, $mb MB"
if [ ! -x /usr/bin/time ]; then
  echo "bench-pipeline: skipped: GNU time (/usr/bin/time) is not installed"
  exit 0
fi

# run NAME command...: prints "wall_seconds peak_kb cpu_seconds" of one run.
run() {
  name=$1
  shift
  if ! /usr/bin/time -f '%e %M %U %S' -o "$tmp/$name.time" "$@" >/dev/null 2>"$tmp/$name.err"; then
    echo "bench-pipeline: $name failed: $(head -n 3 "$tmp/$name.err")" >&2
    return 1
  fi
  tail -n 1 "$tmp/$name.time" | awk '{ printf "%s %s %.2f\n", $1, $2, $3 + $4 }'
}
# show LABEL "wall peak cpu"
show() {
  set -- "$1" $2
  printf '  %-52s %8.2f s wall %8.2f s CPU %8.0f MB\n' "$1" "$2" "$4" "$(( $3 / 1024 ))"
}

rg=$(run rgopt "$rgopt" --target ethos-u55 "$tmp/graph.mlir" -o "$tmp/rgopt.mlir")
show "rgopt --target ethos-u55" "$rg"

# The fixed point's price: the same pipeline as one sweep of its passes
# (--single-sweep, no re-runs) against the default, best of two
# runs each: CPU time of the whole run, the pass manager's own seconds
# and the nodes its passes visited (the one figure the machine's load
# does not move).
passes_s() { awk '$1 == "total" && NF == 3 { print $3, $2 }' "$tmp/$1.err"; }
best=
for mode in sweep fixpoint sweep fixpoint; do
  if [ $mode = sweep ]; then
    r=$(run $mode "$rgopt" --single-sweep --target ethos-u55 --stats "$tmp/graph.mlir" -o "$tmp/$mode.mlir")
  else
    r=$(run $mode "$rgopt" --target ethos-u55 --stats "$tmp/graph.mlir" -o "$tmp/$mode.mlir")
  fi
  best="$best $mode $(echo "$r" | cut -d' ' -f3) $(passes_s $mode)"
done
echo "$best" | awk '{
  for (i = 1; i <= NF; i += 4) {
    if (!(($i, "cpu") in m) || $(i + 1) < m[$i, "cpu"]) m[$i, "cpu"] = $(i + 1)
    if (!(($i, "pm") in m) || $(i + 2) < m[$i, "pm"]) m[$i, "pm"] = $(i + 2)
    m[$i, "v"] = $(i + 3)
  }
  printf "  before the fixed point (one sweep):  %8.2f s CPU, passes %.3f s, %d nodes visited\n",
         m["sweep", "cpu"], m["sweep", "pm"], m["sweep", "v"]
  printf "  after (re-runs to a fixed point):    %8.2f s CPU, passes %.3f s, %d nodes visited\n",
         m["fixpoint", "cpu"], m["fixpoint", "pm"], m["fixpoint", "v"]
  printf "  the fixed point costs %+.1f%% CPU, %+.1f%% pass time, %+.1f%% visits (goal: at most +10%%)\n",
         100 * (m["fixpoint", "cpu"] / m["sweep", "cpu"] - 1), 100 * (m["fixpoint", "pm"] / m["sweep", "pm"] - 1),
         100 * (m["fixpoint", "v"] / m["sweep", "v"] - 1) }'
cmp -s "$tmp/sweep.mlir" "$tmp/fixpoint.mlir" && echo "  (the same output either way on this graph)"
mlir_opt=$(command -v mlir-opt-22 || true)
if [ -z "$mlir_opt" ]; then
  echo "bench-pipeline: mlir-opt-22 not installed: no comparison"
  exit 0
fi
ml=$(run mlir-opt "$mlir_opt" --tosa-reduce-transposes --canonicalize "$tmp/graph.mlir" -o "$tmp/mlir.mlir") || exit 0
show "mlir-opt-22 --tosa-reduce-transposes --canonicalize" "$ml"
echo "$rg $ml" | awk '{
  printf "  rgopt is %.1fx faster in wall time, %.1fx in CPU time, and uses %.2f of the memory (goal: 5x faster, a third of the memory)\n",
         ($1 > 0 ? $4 / $1 : 0), ($3 > 0 ? $6 / $3 : 0), ($5 > 0 ? $2 / $5 : 0) }'
