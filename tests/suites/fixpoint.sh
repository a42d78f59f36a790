#!/bin/sh
# Every shipped pipeline is a fixed point: running it on its own output
# writes the same bytes (the pass manager re-runs a pass that a later pass
# gave work, docs/codegen.md). Graphs: tests/mlir/roundtrip, tests/examples,
# tests/rules, tests/layout, the NCHW family of bench/gen_nchw.c, tests/arm
# and tests/xnnpack for their targets, and every model of ../shared/models
# (when present) through both Ethos-U targets.
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
gen="$RG_BUILD/bench/gen_nchw"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }

# check NAME FILE TARGET...: a graph a target rejects is another suite's.
check() {
  name=$1 f=$2
  shift 2
  for t in "$@"; do
    "$rgopt" --target "$t" "$f" -o "$tmp/1.mlir" 2>/dev/null || continue
    if ! "$rgopt" --target "$t" "$tmp/1.mlir" -o "$tmp/2.mlir" 2>"$tmp/err"; then
      fail "fixpoint:$name:$t" "the second run failed: $(head -n 2 "$tmp/err")"
    elif cmp -s "$tmp/1.mlir" "$tmp/2.mlir"; then
      pass "fixpoint:$name:$t"
    else
      fail "fixpoint:$name:$t" "a second run changes the output ($(grep -c '"' "$tmp/1.mlir") -> $(grep -c '"' "$tmp/2.mlir") lines)"
    fi
  done
}

for f in tests/mlir/roundtrip/*.mlir tests/examples/*.mlir tests/rules/*.mlir tests/layout/*.mlir; do
  [ -f "$f" ] && check "$(basename "$f" .mlir)" "$f" ethos-u55 ethos-u85
done
for f in tests/arm/*.mlir; do check "arm/$(basename "$f" .mlir)" "$f" arm; done
for f in tests/xnnpack/*.mlir; do [ -f "$f" ] && check "xnnpack/$(basename "$f" .mlir)" "$f" xnnpack; done
for d in 1 2 3 8; do
  "$gen" "$d" >"$tmp/nchw.mlir" && check "nchw-$d" "$tmp/nchw.mlir" ethos-u55 ethos-u85
done
# --single-sweep runs each pass once: the fixed point's re-runs visit nodes
# on top of it (what bench/pipeline_bench.sh measures), here on nchw-8.
visited() { awk '$1 == "total" && NF == 3 { print $2 }' "$1"; }
"$gen" 8 >"$tmp/nchw.mlir"
"$rgopt" --target ethos-u55 --stats "$tmp/nchw.mlir" -o "$tmp/fix.mlir" 2>"$tmp/fix.err"
"$rgopt" --single-sweep --target ethos-u55 --stats "$tmp/nchw.mlir" -o "$tmp/sweep.mlir" 2>"$tmp/sweep.err"
fix=$(visited "$tmp/fix.err") sweep=$(visited "$tmp/sweep.err")
if [ -n "$fix" ] && [ -n "$sweep" ] && [ "$sweep" -lt "$fix" ]; then
  pass "single-sweep-skips-re-runs"
else
  fail "single-sweep-skips-re-runs" "nodes visited: '$sweep' in one sweep, '$fix' to the fixed point"
fi

models=../shared/models
[ -d "$models" ] || { echo "SKIP fixpoint:models: $models not present"; exit 0; }
for f in "$models"/*.generic.mlir; do
  check "$(basename "$f" .generic.mlir)" "$f" ethos-u55 ethos-u85
done
