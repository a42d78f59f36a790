#!/bin/sh
# XNNPACK (edge dialect) suite: golden graph tests in tests/xnnpack (format
# in tests/graph_goldens.sh), then checks on --stats-json and --stats for
# the skip and frozen-node cases.
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -x "$rgopt" ] || { echo "FAIL xnnpack: $rgopt not built"; exit 0; }
. tests/graph_goldens.sh
graph_goldens tests/xnnpack

# A pass whose only candidate is frozen is skipped without visiting a node.
j="$tmp/frozen.json"
if pass_line "$j" lift_scalar_mul | grep -q '"skipped": true.*"nodes_visited": 0}'; then
  echo "PASS frozen.skipped"
else
  echo "FAIL frozen.skipped: lift_scalar_mul not skipped with 0 visits: $(pass_line "$j" lift_scalar_mul)"
fi

# A pipeline of decompositions over a graph without their ops visits no node.
j="$tmp/skip_decompose.json"
n=$(grep -c '"skipped": true, .*"nodes_visited": 0}' "$j" 2>/dev/null)
if [ "$n" = 3 ] && ! grep -q '"ran": true' "$j"; then
  echo "PASS skip_decompose.no_visits"
else
  echo "FAIL skip_decompose.no_visits: expected 3 skipped passes with nodes_visited 0"; cat "$j"
fi
# The same with --no-skip visits nodes: the counter is real.
"$rgopt" --passes decompose_linear --no-skip --stats-json "$tmp/ns.json" tests/xnnpack/skip_decompose.mlir -o "$tmp/null.out"
if pass_line "$tmp/ns.json" decompose_linear | grep -q '"nodes_visited": 0}'; then
  echo "FAIL skip_decompose.no_skip_counts: --no-skip visited no node"
else
  echo "PASS skip_decompose.no_skip_counts"
fi
# --stats (text) names each skipped pass as skipped.
"$rgopt" --passes decompose_linear,decompose_add_alpha --stats tests/xnnpack/skip_decompose.mlir -o "$tmp/null.out" 2>"$tmp/stats"
if grep -q '^decompose_linear  *skipped ' "$tmp/stats" && grep -q '^decompose_add_alpha  *skipped ' "$tmp/stats"; then
  echo "PASS stats.skipped"
else
  echo "FAIL stats.skipped: --stats does not show skipped passes"; cat "$tmp/stats"
fi
# --target xnnpack runs the decompositions and the lifting.
"$rgopt" --list >"$tmp/list"
if grep -q '^  xnnpack: decompose_linear decompose_add_alpha lift_scalar_mul$' "$tmp/list"; then
  echo "PASS target.pipeline"
else
  echo "FAIL target.pipeline: $(grep xnnpack "$tmp/list")"
fi
# -o to a FIFO (or a device such as /dev/null) writes into it instead of
# renaming a temporary file over it (that once replaced /dev/null).
mkfifo "$tmp/fifo"
cat "$tmp/fifo" >"$tmp/fifo.out" &
reader=$!
"$rgopt" --passes none tests/xnnpack/sdpa.mlir -o "$tmp/fifo" 2>"$tmp/fifo.err"
if [ -p "$tmp/fifo" ]; then
  wait "$reader"
  if cmp -s "$tmp/fifo.out" tests/xnnpack/sdpa.expected; then
    echo "PASS write_fifo"
  else
    echo "FAIL write_fifo: the FIFO's reader got other text: $(head -n 2 "$tmp/fifo.err")"
  fi
else
  kill "$reader" 2>/dev/null
  echo "FAIL write_fifo: rgopt replaced the FIFO with a regular file"
fi
