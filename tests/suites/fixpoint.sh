#!/bin/sh
# Every shipped pipeline is a fixed point: running it on its own output
# writes the same bytes (the pass manager re-runs a pass that a later pass
# gave work, docs/codegen.md). Graphs: tests/mlir/roundtrip, tests/examples,
# tests/rules, tests/layout, the NCHW family of bench/gen_nchw.c, tests/arm
# and tests/xnnpack for their targets, every model of ../shared/models
# (when present) through both Ethos-U targets, and random graphs of rgdiff
# (tools/rgdiff_gen.c; `rgdiff --dump --seed S` writes one).
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
gen="$RG_BUILD/bench/gen_nchw"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
sample_suite=fixpoint
. tests/sample.sh
models=../shared/models

# check NAME FILE TARGET: a graph a target rejects is another suite's.
n=0
check() {
  name=$1 f=$2 t=$3 n=$((n + 1))
  "$rgopt" --target "$t" --stats-json "$tmp/$n.json" "$f" -o "$tmp/1.mlir" 2>/dev/null || return 0
  sample_json "$name@$t" "$tmp/$n.json"
  if ! "$rgopt" --target "$t" "$tmp/1.mlir" -o "$tmp/2.mlir" 2>"$tmp/err"; then
    fail "fixpoint:$name:$t" "the second run failed: $(head -n 2 "$tmp/err")"
  elif cmp -s "$tmp/1.mlir" "$tmp/2.mlir"; then
    pass "fixpoint:$name:$t"
  else
    fail "fixpoint:$name:$t" "a second run changes the output ($(grep -c '"' "$tmp/1.mlir") -> $(grep -c '"' "$tmp/2.mlir") lines)"
  fi
}

# The cases, "NAME@TARGET GRAPH TARGET" a line; GRAPH is a file, or
# nchw:D or rgdiff:SEED for a graph written on the way. Random graphs of
# rgdiff: the first $RGDIFF_SEEDS (300) seeds. (The graphs on which the
# pipelines once were no fixed point, or fuse_transposes did not
# terminate, are kept in tests/layout: a seed names another graph once the
# generator changes.)
{
  for f in tests/mlir/roundtrip/*.mlir tests/examples/*.mlir tests/rules/*.mlir tests/layout/*.mlir; do
    [ -f "$f" ] && for t in ethos-u55 ethos-u85; do echo "$(basename "$f" .mlir)@$t $f $t"; done
  done
  for f in tests/arm/*.mlir; do echo "arm/$(basename "$f" .mlir)@arm $f arm"; done
  for f in tests/xnnpack/*.mlir; do [ -f "$f" ] && echo "xnnpack/$(basename "$f" .mlir)@xnnpack $f xnnpack"; done
  for d in 1 2 3 8; do for t in ethos-u55 ethos-u85; do echo "nchw-$d@$t nchw:$d $t"; done; done
  for s in $(seq 1 "${RGDIFF_SEEDS:-300}"); do for t in ethos-u55 ethos-u85; do echo "rgdiff-$s@$t rgdiff:$s $t"; done; done
  if [ -d "$models" ]; then
    for f in "$models"/*.generic.mlir; do
      for t in ethos-u55 ethos-u85; do echo "$(basename "$f" .generic.mlir)@$t $f $t"; done
    done
  fi
} | sample_keep >"$tmp/cases"
rgdiff="$RG_BUILD/bin/rgdiff"
made=
while read -r key g t <&3; do
  name=${key%@*}
  case $g in
  nchw:* | rgdiff:*)
    f=$tmp/made.mlir
    # written once for the targets that follow; a graph that cannot be
    # written is no case (rgdiff's failure is one, reported once)
    if [ "$made" != "$g" ]; then
      made=$g
      case $g in
      nchw:*) "$gen" "${g#nchw:}" >"$f" || made=failed ;;
      rgdiff:*) "$rgdiff" --dump --seed "${g#rgdiff:}" >"$f" 2>/dev/null ||
        { fail "fixpoint:$name" "rgdiff --dump failed"; made=failed; } ;;
      esac
      failed=$made
    fi
    [ "$failed" = failed ] && continue ;;
  *) f=$g ;;
  esac
  check "$name" "$f" "$t"
done 3<"$tmp/cases"
sample_check
# sink_binary_left_value and _right_value took turns with inverse_pair on
# these: the pipelines must finish (check above skips a graph they reject).
for f in tests/layout/rgdiff_terminates_*.mlir; do
  for t in ethos-u55 ethos-u85; do
    if "$rgopt" --target "$t" "$f" -o "$tmp/1.mlir" 2>"$tmp/err"; then
      pass "terminates:$(basename "$f" .mlir):$t"
    else
      fail "terminates:$(basename "$f" .mlir):$t" "$(head -n 1 "$tmp/err" | cut -c 1-200)"
    fi
  done
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

[ -d "$models" ] || echo "SKIP fixpoint:models: $models not present"
