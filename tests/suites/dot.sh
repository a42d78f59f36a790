# DOT export: deterministic, accepted by Graphviz, nested regions as
# clusters, frozen nodes dashed.
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in tests/mlir/roundtrip/tosa_cond_if.mlir tests/mlir/roundtrip/frozen.mlir tests/examples/nchw_block.mlir; do
  n=$(basename "$f" .mlir)
  "$rgopt" --target ethos-u55 "$f" --dot "$tmp/a.dot" -o "$tmp/out.mlir" &&
    "$rgopt" --target ethos-u55 "$f" --dot "$tmp/b.dot" -o "$tmp/out.mlir"
  if ! cmp -s "$tmp/a.dot" "$tmp/b.dot"; then
    echo "FAIL dot-deterministic:$n"
    continue
  fi
  echo "PASS dot-deterministic:$n"
  if command -v dot >/dev/null 2>&1; then
    if dot -Tsvg "$tmp/a.dot" -o "$tmp/a.svg" 2>"$tmp/err"; then
      echo "PASS dot-graphviz:$n"
    else
      echo "FAIL dot-graphviz:$n: $(head -n 1 "$tmp/err")"
    fi
  else
    echo "SKIP dot-graphviz:$n: graphviz (dot) is not installed"
  fi
done
"$rgopt" --passes none tests/mlir/roundtrip/tosa_cond_if.mlir --dot "$tmp/c.dot" -o "$tmp/out.mlir"
[ "$(grep -c 'subgraph cluster_' "$tmp/c.dot")" -eq 4 ] && echo "PASS dot-clusters" || echo "FAIL dot-clusters: expected 4 (module, func, two branches)"
"$rgopt" --passes none tests/mlir/roundtrip/frozen.mlir --dot "$tmp/f.dot" -o "$tmp/out.mlir"
grep -q 'style=dashed' "$tmp/f.dot" && echo "PASS dot-frozen-dashed" || echo "FAIL dot-frozen-dashed"
"$rgopt" --passes none tests/mlir/roundtrip/tosa_cond_if.mlir --dot "$tmp/no/such/dir.dot" -o "$tmp/out.mlir" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "error" "$tmp/err" && echo "PASS dot-unwritable" || echo "FAIL dot-unwritable"
