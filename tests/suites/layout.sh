#!/bin/sh
# The layout optimiser (docs/layout.md) against what it must achieve, on
# every test graph (tests/rules, tests/mlir/roundtrip, tests/examples,
# tests/quality, tests/verify, tests/layout), the NCHW family of bench/gen_nchw.c and
# every model of ../shared/models (when present), through both Ethos-U
# targets: the bytes the transposes write after the pipeline are at most
# the input's and at most `mlir-opt-22 --tosa-reduce-transposes
# --canonicalize`'s (on graphs without frozen transposes); `--stats` prints, per function, those bytes (they must
# add up to what the output holds) and a lower bound that never exceeds
# them.
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
gen="$RG_BUILD/bench/gen_nchw"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mlir_opt=$(command -v mlir-opt-22)
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
bytes() { awk -f bench/graph_stats.awk "$1" | cut -d' ' -f4; }
sample_suite=layout
. tests/sample.sh
models=../shared/models

# check NAME FILE
n=0
check() {
  name=$1 f=$2 n=$((n + 1))
  in=$(bytes "$f")
  mo=
  # mlir-opt-22 does not know rg.frozen (another partition's transposes,
  # which rgopt must leave): no comparison on graphs that have them.
  if [ -n "$mlir_opt" ] && ! grep -q 'rg\.frozen' "$f" && "$mlir_opt" --allow-unregistered-dialect --tosa-reduce-transposes --canonicalize \
       --mlir-print-op-generic "$f" -o "$tmp/mo.mlir" 2>/dev/null; then
    mo=$(bytes "$tmp/mo.mlir")
  fi
  for t in ethos-u55 ethos-u85; do
    "$rgopt" --target $t --stats --stats-json "$tmp/$n.$t.json" "$f" -o "$tmp/o.mlir" 2>"$tmp/err" ||
      continue # other suites report failures
    sample_json "$name" "$tmp/$n.$t.json"
    out=$(bytes "$tmp/o.mlir")
    why=
    [ "$out" -le "$in" ] || why="transposes write $out bytes after the pipeline, $in before"
    [ -z "$mo" ] || [ "$out" -le "$mo" ] || why="transposes write $out bytes, mlir-opt-22's output $mo"
    sum=$(sed -n 's/^layout @.*: transposes write \([0-9]*\) bytes, lower bound \([0-9]*\).*/\1 \2/p' "$tmp/err" |
          awk '{ s += $1; if ($2 > $1) bad = 1 } END { if (bad) print "bad"; else printf "%.0f\n", s }')
    [ "$sum" = bad ] && why="a lower bound above the bytes: $(grep '^layout @' "$tmp/err" | head -n 1)"
    [ "$sum" = bad ] || [ "$sum" = "$out" ] || why="--stats counts $sum bytes of transposes, the output holds $out"
    if [ -z "$why" ]; then pass "layout:$name:$t"; else fail "layout:$name:$t" "$why"; fi
  done
}

# The cases, "NAME GRAPH" a line; GRAPH is a file or nchw:D, written on the way.
{
  for f in tests/rules/*.mlir tests/mlir/roundtrip/*.mlir tests/examples/*.mlir tests/quality/*.mlir \
           tests/verify/*.mlir tests/layout/*.mlir; do
    echo "$(basename "$f" .mlir) $f"
  done
  for d in 1 2 4 8; do echo "nchw-$d nchw:$d"; done
  if [ -d "$models" ]; then
    for f in "$models"/*.generic.mlir; do echo "$(basename "$f" .generic.mlir) $f"; done
  fi
} | sample_keep >"$tmp/cases"
while read -r name g <&3; do
  case $g in
  nchw:*) "$gen" "${g#nchw:}" >"$tmp/nchw.mlir" && check "$name" "$tmp/nchw.mlir" ;;
  *) check "$name" "$g" ;;
  esac
done 3<"$tmp/cases"
sample_check

# The graphs written for the optimiser: what the rules alone left (in the
# file's comment) against the optimum, which --stats must call optimal.
for f in tests/rules/layout_*.mlir; do
  name=$(basename "$f" .mlir)
  "$rgopt" --target ethos-u55 --stats "$f" -o "$tmp/o.mlir" 2>"$tmp/err" || { fail "optimal:$name" "rgopt failed"; continue; }
  if grep '^layout @' "$tmp/err" | grep -qv '(optimal)'; then
    fail "optimal:$name" "$(grep '^layout @' "$tmp/err" | grep -v '(optimal)' | head -n 1)"
  else
    pass "optimal:$name"
  fi
done

[ -d "$models" ] || echo "SKIP layout:models: $models not present"
