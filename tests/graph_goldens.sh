# tests/graph_goldens.sh - sourced by the suites of golden graph tests
# (tests/xnnpack, tests/arm). graph_goldens DIR runs every DIR/NAME.mlir:
# its first line is `// RUN: ARGS` (rgopt options; STATS stands for a
# --stats-json file in $tmp), NAME.expected is rgopt's exact output. Every
# output must parse with mlir-opt-22 --allow-unregistered-dialect (skipped
# with a message where it is absent); with --verify-by-execution every
# function must actually run (no "not executed" warning). Needs $rgopt and
# $tmp set by the caller.
graph_goldens() {
  mlir_opt=$(command -v mlir-opt-22)
  for src in "$1"/*.mlir; do
    name=${src%.mlir}
    base=$(basename "$name")
    args=$(sed -n '1s|^// RUN: ||p' "$src")
    if [ -z "$args" ]; then echo "FAIL $name: no '// RUN:' line"; continue; fi
    args=$(echo "$args" | sed "s|STATS|$tmp/$base.json|g")
    # shellcheck disable=SC2086
    "$rgopt" $args "$src" -o "$tmp/$base.out" 2>"$tmp/$base.err"
    rc=$?
    if [ $rc -ne 0 ]; then
      echo "FAIL $name: rgopt exit status $rc: $(head -n 3 "$tmp/$base.err")"
    elif [ ! -f "$name.expected" ]; then
      echo "FAIL $name: no $name.expected"
    elif ! cmp -s "$tmp/$base.out" "$name.expected"; then
      echo "FAIL $name: output differs:"; diff "$name.expected" "$tmp/$base.out" | head -n 20
    elif case $args in *--verify-by-execution*) grep -q warning "$tmp/$base.err" ||
           ! grep -q 'verified by execution: .* every result bit-identical' "$tmp/$base.err" ;;
         *) false ;; esac; then
      echo "FAIL $name: --verify-by-execution did not prove the graph: $(head -n 3 "$tmp/$base.err")"
    else
      echo "PASS $name"
    fi
    if [ -z "$mlir_opt" ]; then
      echo "SKIP $name.mlir-opt: mlir-opt-22 not installed"
    elif "$mlir_opt" --allow-unregistered-dialect "$tmp/$base.out" -o "$tmp/null.out" 2>"$tmp/$base.merr"; then
      echo "PASS $name.mlir-opt"
    else
      echo "FAIL $name.mlir-opt: mlir-opt-22 rejects rgopt's output: $(head -n 3 "$tmp/$base.merr")"
    fi
  done
}

# One JSON line per pass of a --stats-json file:
# `{"name": "P", "ran": ..., "skipped": ..., ..., "nodes_visited": N}`.
pass_line() { grep "^ *{\"name\": \"$2\", \"ran\"" "$1"; }
