# Graphs that disagree with the op declarations or are otherwise invalid.
# Each tests/robust/bad_NAME.mlir must be refused when read (exit 1, the
# located error in bad_NAME.err), by mlir-opt-22 too when it is installed,
# and by every target's pipeline without writing an output: a rule firing
# on an invalid graph must never write it back valid. Other NAME.mlir files
# run with the options of their `// RUN:` line and must give NAME.expected
# (both compared by tests/golden.sh).
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mlir_opt=$(command -v mlir-opt-22 || true)
[ -n "$mlir_opt" ] || echo "SKIP mlir-opt-22: not installed; invalid graphs are not cross-checked"
. tests/golden.sh
for f in tests/robust/bad_*.mlir; do
  n=$(basename "$f" .mlir)
  golden "$n" --status 1 --stderr "tests/robust/$n.err" -- "$rgopt" --passes none "$f" -o "$tmp/out.mlir"
  if [ -n "$mlir_opt" ]; then
    if "$mlir_opt" --allow-unregistered-dialect "$f" -o /dev/null 2>/dev/null; then
      echo "FAIL $n.mlir-opt: mlir-opt-22 accepts it"
    else
      echo "PASS $n.mlir-opt"
    fi
  fi
  for t in ethos-u55 ethos-u85 xnnpack; do
    rm -f "$tmp/out.mlir"
    "$rgopt" --target "$t" "$f" -o "$tmp/out.mlir" 2>/dev/null
    rc=$?
    if [ $rc -ne 1 ] || [ -e "$tmp/out.mlir" ]; then
      echo "FAIL $n.$t: exit $rc$( [ -e "$tmp/out.mlir" ] && echo ', an output was written')"
    else
      echo "PASS $n.$t"
    fi
  done
done
for f in tests/robust/*.mlir; do
  n=$(basename "$f" .mlir)
  case "$n" in bad_*) continue ;; esac
  args=$(golden_header RUN "$f")
  # shellcheck disable=SC2086
  golden "$n" --file "$tmp/out.mlir" "tests/robust/$n.expected" -- "$rgopt" $args "$f" -o "$tmp/out.mlir"
done
# Graphs with dynamic and unranked dims: both Ethos-U pipelines succeed,
# mlir-opt-22 accepts their output, and the refusals are counted.
for f in tests/robust/dyn_*.mlir; do
  n=$(basename "$f" .mlir)
  for t in ethos-u55 ethos-u85; do
    if ! "$rgopt" --target "$t" --stats-json "$tmp/s.json" "$f" -o "$tmp/out.mlir" 2>"$tmp/err"; then
      echo "FAIL $n.$t: $(head -n 1 "$tmp/err")"
    elif ! grep -q '"name": "inverse_pair", .*"refused": [1-9]' "$tmp/s.json"; then
      echo "FAIL $n.$t: no refusal of inverse_pair counted in --stats-json"
    elif [ -n "$mlir_opt" ] && ! "$mlir_opt" "$tmp/out.mlir" -o /dev/null 2>"$tmp/err"; then
      echo "FAIL $n.$t: mlir-opt-22 rejects the output: $(head -n 1 "$tmp/err")"
    else
      echo "PASS $n.$t"
    fi
  done
done
# Every real model passes the op verifier.
if [ -d ../shared/models ]; then
  for f in ../shared/models/*.mlir; do
    n=model:$(basename "$f" .mlir)
    if "$rgopt" --passes none "$f" -o /dev/null 2>"$tmp/err"; then
      echo "PASS $n"
    else
      echo "FAIL $n: $(head -n 1 "$tmp/err")"
    fi
  done
else
  echo "SKIP models: ../shared/models is absent"
fi
# Input sets for --inputs (docs/verify.md): each wrong file
# tests/robust/inputs/bad_NAME.inputs is refused with its located error
# (bad_NAME.err), exit 1 and no output; good.inputs, every spelling of a
# value, runs.
g=tests/robust/inputs/graph.mlir
for f in tests/robust/inputs/bad_*.inputs; do
  n=$(basename "$f" .inputs)
  golden "inputs:$n" --status 1 --stderr "tests/robust/inputs/$n.err" --no-file "$tmp/out.mlir" -- \
    "$rgopt" --passes none --inputs "$f" "$g" -o "$tmp/out.mlir"
done
if "$rgopt" --passes none --inputs tests/robust/inputs/good.inputs "$g" -o "$tmp/out.mlir" 2>"$tmp/err" &&
   grep -q 'verified by execution: 5 run(s), every result bit-identical' "$tmp/err"; then
  echo "PASS inputs:good"
else
  echo "FAIL inputs:good: $(head -n 2 "$tmp/err" | tr '\n' '|')"
fi
