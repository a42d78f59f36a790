# tests/graph_goldens.sh - sourced by the suites of golden graph tests
# (tests/xnnpack, tests/arm). graph_goldens DIR runs every DIR/NAME.mlir:
# its first line is `// RUN: ARGS` (rgopt options; STATS stands for a
# --stats-json file in $tmp), NAME.expected is rgopt's exact output
# (compared by tests/golden.sh, so UPDATE_GOLDENS=1 rewrites it). Every
# output must parse with mlir-opt-22 --allow-unregistered-dialect (skipped
# with a message where it is absent); with --verify-by-execution every
# function must actually run (no "not executed" warning) and be proven
# (bit-identical, or within the tolerance after --inexact rules). Needs $rgopt and
# $tmp set by the caller.
. tests/golden.sh
graph_goldens() {
  mlir_opt=$(command -v mlir-opt-22)
  for src in "$1"/*.mlir; do
    name=${src%.mlir}
    base=$(basename "$name")
    args=$(golden_header RUN "$src")
    if [ -z "$args" ]; then echo "FAIL $name: no '// RUN:' line"; continue; fi
    args=$(echo "$args" | sed "s|STATS|$tmp/$base.json|g")
    # shellcheck disable=SC2086
    if golden "$name" --defer-pass --file "$tmp/$base.out" "$name.expected" -- \
         "$rgopt" $args "$src" -o "$tmp/$base.out"; then
      if case $args in *--verify-by-execution*) grep -q warning "$golden_err" ||
           ! grep -q 'verified by execution: .* \(every result bit-identical\|largest relative error\)' \
             "$golden_err" ;;
         *) false ;; esac; then
        echo "FAIL $name: --verify-by-execution did not prove the graph: $(head -n 3 "$golden_err")"
      else
        echo "PASS $name"
      fi
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
