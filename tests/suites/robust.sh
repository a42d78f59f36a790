# Graphs that parse but disagree with the op declarations (MLIR would reject
# them, rgopt must not crash on them): each tests/robust/NAME.mlir runs with
# the options of its `// RUN:` line and must give NAME.expected, exit 0.
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in tests/robust/*.mlir; do
  n=$(basename "$f" .mlir)
  args=$(sed -n 's|^// RUN: ||p' "$f" | head -n 1)
  # shellcheck disable=SC2086
  "$rgopt" $args "$f" -o "$tmp/out.mlir" 2>"$tmp/err"
  rc=$?
  if [ $rc -ne 0 ]; then
    echo "FAIL $n: exit $rc: $(head -n 1 "$tmp/err")"
  elif ! cmp -s "$tmp/out.mlir" "tests/robust/$n.expected"; then
    echo "FAIL $n: output differs from tests/robust/$n.expected"
  else
    echo "PASS $n"
  fi
done
