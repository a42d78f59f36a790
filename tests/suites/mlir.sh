#!/bin/sh
# MLIR generic-form I/O through rgopt: round-trip idempotence of the corpus,
# byte identity with mlir-opt's own output, acceptance of rgopt's output by
# mlir-opt-22, golden diagnostics for malformed inputs, and the CLI contract.
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mlir_opt=$(command -v mlir-opt-22)
. tests/golden.sh

roundtrip() { # name file [identity]
  name=$1 f=$2
  if ! "$rgopt" --passes none "$f" -o "$tmp/1.mlir" 2>"$tmp/err"; then
    fail "roundtrip:$name" "rgopt failed: $(head -n 3 "$tmp/err")"
    return
  fi
  "$rgopt" --passes none "$tmp/1.mlir" -o "$tmp/2.mlir" 2>"$tmp/err" &&
    "$rgopt" --passes none "$tmp/2.mlir" -o "$tmp/3.mlir" 2>>"$tmp/err"
  if [ $? -ne 0 ]; then
    fail "roundtrip:$name" "re-reading rgopt's output failed: $(head -n 3 "$tmp/err")"
  elif ! cmp -s "$tmp/2.mlir" "$tmp/3.mlir"; then
    fail "roundtrip:$name" "second and third outputs differ: $(diff "$tmp/2.mlir" "$tmp/3.mlir" | head -n 4)"
  else
    pass "roundtrip:$name"
  fi
  # Files that mlir-opt printed must come back byte for byte.
  if [ -n "$3" ]; then
    if sed '/^\/\//d' "$f" | cmp -s - "$tmp/1.mlir"; then
      pass "identity:$name"
    else
      fail "identity:$name" "output differs from mlir-opt's: $(sed '/^\/\//d' "$f" | diff - "$tmp/1.mlir" | head -n 4)"
    fi
  fi
  if [ -z "$mlir_opt" ]; then
    echo "SKIP mlir-opt:$name: mlir-opt-22 not installed"
  elif "$mlir_opt" $(mlir_opt_flags "$tmp/1.mlir") "$tmp/1.mlir" \
       -o "$tmp/null.out" 2>"$tmp/err"; then
    pass "mlir-opt:$name"
  else
    fail "mlir-opt:$name" "mlir-opt-22 rejects rgopt's output: $(head -n 2 "$tmp/err")"
  fi
}

for f in tests/mlir/roundtrip/*.mlir; do
  name=$(basename "$f" .mlir)
  ident=
  head -n 2 "$f" | grep -q '^// Made by: mlir-opt-22' && ident=yes
  roundtrip "$name" "$f" $ident
done

model="$RG_ROOT/../shared/models/mobilenetv2.generic.mlir"
if [ -f "$model" ]; then
  roundtrip mobilenetv2 "$model" yes
else
  echo "SKIP roundtrip:mobilenetv2: $model not found"
fi

# ---- custom (pretty) form in: the same graph as the generic form ----
for f in tests/mlir/pretty/*.mlir; do
  case $f in *.generic.mlir|*.out.mlir) continue ;; esac
  name=$(basename "$f" .mlir)
  exp=${f%.mlir}.generic.mlir
  out=${f%.mlir}.out.mlir
  if [ -f "$out" ]; then
    golden "emit-pretty:$name" --file "$tmp/o.mlir" "$out" -- "$rgopt" --passes none --emit=pretty "$f" -o "$tmp/o.mlir"
  fi
  golden "pretty:$name" --file "$tmp/p.mlir" "$exp" -- "$rgopt" --passes none "$f" -o "$tmp/p.mlir"
  # mlir-opt as the oracle: its generic form of the input and of rgopt's
  # output are one text.
  [ -n "$mlir_opt" ] || continue
  "$mlir_opt" --allow-unregistered-dialect --mlir-print-op-generic "$f" -o "$tmp/a.mlir" &&
    "$mlir_opt" --allow-unregistered-dialect --mlir-print-op-generic "$tmp/p.mlir" -o "$tmp/b.mlir"
  if cmp -s "$tmp/a.mlir" "$tmp/b.mlir"; then pass "pretty-oracle:$name"
  else fail "pretty-oracle:$name" "$(diff "$tmp/a.mlir" "$tmp/b.mlir" | head -n 4)"; fi
done

# --emit=pretty: read back (by rgopt and by mlir-opt-22) it is the same
# graph as the generic output, for the corpus and every model.
emit_pretty() { # name file [rgopt options]
  name=$1 file=$2
  shift 2
  "$rgopt" --passes none "$@" "$file" -o "$tmp/g0.mlir" 2>/dev/null || return
  if ! "$rgopt" --passes none "$@" --emit=pretty "$file" -o "$tmp/pp.mlir" 2>"$tmp/err" ||
     ! "$rgopt" --passes none "$@" "$tmp/pp.mlir" -o "$tmp/g1.mlir" 2>"$tmp/err"; then
    fail "emit-pretty:$name" "$(head -n 2 "$tmp/err")"
    return
  fi
  if cmp -s "$tmp/g0.mlir" "$tmp/g1.mlir"; then pass "emit-pretty:$name"
  else fail "emit-pretty:$name" "reads back differently: $(diff "$tmp/g0.mlir" "$tmp/g1.mlir" | head -n 4)"; fi
  [ -n "$mlir_opt" ] || return
  # mlir-opt-22 must accept the custom form exactly when it accepts the
  # generic one, and see the same graph.
  "$mlir_opt" --allow-unregistered-dialect --mlir-print-op-generic "$tmp/g0.mlir" -o "$tmp/m0.mlir" 2>/dev/null || return
  if ! "$mlir_opt" --allow-unregistered-dialect --mlir-print-op-generic "$tmp/pp.mlir" -o "$tmp/m1.mlir" 2>"$tmp/err"; then
    fail "emit-pretty-mlir-opt:$name" "mlir-opt-22 rejects it: $(head -n 2 "$tmp/err")"
  elif cmp -s "$tmp/m0.mlir" "$tmp/m1.mlir"; then pass "emit-pretty-mlir-opt:$name"
  else fail "emit-pretty-mlir-opt:$name" "mlir-opt-22 reads another graph: $(diff "$tmp/m0.mlir" "$tmp/m1.mlir" | head -n 4)"; fi
}
for f in tests/mlir/roundtrip/*.mlir tests/mlir/pretty/forms.mlir tests/mlir/pretty/control.mlir tests/mlir/pretty/upstream.mlir tests/mlir/pretty/linalg.mlir tests/mlir/pretty/aliases.mlir; do
  emit_pretty "$(basename "$f" .mlir)" "$f"
done
# Ops whose custom form would read back differently stay generic. These
# graphs hold functions the op verifier rejects on purpose (a signature
# that is not the entry block's, an unknown visibility): it is told so.
for f in tests/mlir/pretty_out/*.mlir; do
  emit_pretty "$(basename "$f" .mlir)" "$f" --no-verify-ops 'func.*'
done
for f in tests/mlir/pretty_out/*.mlir; do
  golden "emit-pretty-golden:$(basename "$f" .mlir)" --file "$tmp/o.mlir" "${f%.mlir}.expected" -- \
    "$rgopt" --passes none --no-verify-ops 'func.*' --emit=pretty "$f" -o "$tmp/o.mlir"
done
for m in "$RG_ROOT"/../shared/models/*.generic.mlir; do
  [ -f "$m" ] || { echo "SKIP emit-pretty-models: no models"; break; }
  emit_pretty "$(basename "$m" .generic.mlir)" "$m"
done

# The runtime knows no dialect's ops by name (builtin and func aside): the
# targets describe their dialects' custom assembly (rulegen/syntax.h).
if hits=$(grep -rnE '"?tosa\.|aten\.|edge\.' runtime/); then
  fail "runtime-knows-no-dialect" "$(echo "$hits" | head -n 3)"
else
  pass "runtime-knows-no-dialect"
fi

# Every model as mlir-opt prints it by default gives the generic file's
# output through the ethos-u55 pipeline.
models="$RG_ROOT/../shared/models"
if [ -z "$mlir_opt" ]; then
  echo "SKIP pretty-models: mlir-opt-22 not installed"
elif [ ! -d "$models" ]; then
  echo "SKIP pretty-models: $models not found"
else
  for m in "$models"/*.generic.mlir; do
    name=$(basename "$m" .generic.mlir)
    "$mlir_opt" "$m" -o "$tmp/pretty.mlir" 2>/dev/null || { fail "pretty-model:$name" "mlir-opt-22 failed"; continue; }
    if ! "$rgopt" --target ethos-u55 "$tmp/pretty.mlir" -o "$tmp/p.mlir" 2>"$tmp/err"; then
      if grep -q "custom assembly of '[a-z_.]*' is not read" "$tmp/err"; then
        echo "SKIP pretty-model:$name: $(grep -o "custom assembly of '[a-z_.]*'" "$tmp/err") (no registered dialect syntax reads it)"
      else
        fail "pretty-model:$name" "$(head -n 2 "$tmp/err")"
      fi
      continue
    fi
    "$rgopt" --target ethos-u55 "$m" -o "$tmp/g.mlir" 2>/dev/null
    if cmp -s "$tmp/p.mlir" "$tmp/g.mlir"; then pass "pretty-model:$name"
    else fail "pretty-model:$name" "output differs from the generic file's"; fi
  done
fi

# ---- locations: every model with mlir-opt's debug locations, through the
# ethos-u55 pipeline: every op keeps a location, each location is an input
# one or names the rule that made the op, and mlir-opt-22 reads them all.
if [ -z "$mlir_opt" ] || [ ! -d "$models" ]; then
  echo "SKIP locations-models: needs mlir-opt-22 and $models"
else
  all_tagged=0
  for m in "$models"/*.generic.mlir; do
    name=$(basename "$m" .generic.mlir)
    "$mlir_opt" --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo "$m" -o "$tmp/dbg.mlir"
    if ! "$rgopt" --target ethos-u55 --stats-json "$tmp/s.json" "$tmp/dbg.mlir" -o "$tmp/l.mlir" 2>"$tmp/err"; then
      fail "locations:$name" "$(head -n 2 "$tmp/err")"
      continue
    fi
    # op lines: a one-line op, or the closing line of an op with regions
    grep -E '^ *((%[^ ]* = )?"[^"]*"\(.*\)|\}\)) .*: \(' "$tmp/l.mlir" >"$tmp/ops"
    missing=$(grep -vc ' loc(' "$tmp/ops")
    sed -n 's/.* \(loc(.*)\)$/\1/p' "$tmp/ops" | sort -u >"$tmp/locs"
    grep -o 'loc([^ ]*)' "$tmp/dbg.mlir" | sort -u >"$tmp/inlocs"
    unnamed=$(comm -23 "$tmp/locs" "$tmp/inlocs" | grep -vc 'fused<"[a-z_0-9]*\.[a-z_0-9]*">')
    all_tagged=$((all_tagged + $(grep -c 'fused<"' "$tmp/l.mlir")))
    if [ "$missing" -ne 0 ]; then
      fail "locations:$name" "$missing op(s) without a location: $(grep -v ' loc(' "$tmp/ops" | head -n 1 | cut -c1-120)"
    elif [ "$unnamed" -ne 0 ]; then
      fail "locations:$name" "$unnamed location(s) neither from the input nor naming a rule"
    elif ! "$mlir_opt" --allow-unregistered-dialect "$tmp/l.mlir" -o "$tmp/null.out" 2>"$tmp/err"; then
      fail "locations:$name" "mlir-opt-22 rejects the output: $(head -n 1 "$tmp/err")"
    else
      pass "locations:$name"
    fi
  done
  # rules that create ops fire on some models: their ops name the rule
  if [ "$all_tagged" -gt 0 ]; then pass "locations:rule-tags"
  else fail "locations:rule-tags" "no output op names a rule"; fi
fi

# Malformed inputs: exact stderr and exit status 1.
for f in tests/mlir/errors/*.mlir; do
  [ -e "$f" ] || continue
  golden "error:$(basename "$f" .mlir)" --status 1 --stderr "${f%.mlir}.err" --no-file "$tmp/out.mlir" -- \
    "$rgopt" --passes none "$f" -o "$tmp/out.mlir"
done

# ---- the command line ----
conv=tests/mlir/roundtrip/tosa_conv_block.mlir
expect_status() { # name status command...
  name=$1 want=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ $rc -eq "$want" ]; then pass "cli:$name"; else fail "cli:$name" "exit status $rc, expected $want: $(head -n 2 "$tmp/err")"; fi
}
expect_status help 0 "$rgopt" --help
grep -q -- '--passes' "$tmp/out" || fail "cli:help-text" "--help does not list --passes"
expect_status version 0 "$rgopt" --version
grep -q '^rgopt (rulegen) [0-9]' "$tmp/out" || fail "cli:version-text" "unexpected: $(cat "$tmp/out")"
expect_status unknown-option 2 "$rgopt" --frobnicate "$conv"
grep -q "unknown option '--frobnicate'" "$tmp/err" || fail "cli:unknown-option-text" "$(cat "$tmp/err")"
expect_status missing-argument 2 "$rgopt" "$conv" -o
expect_status unknown-pass 2 "$rgopt" --passes nonsense "$conv"
grep -q "unknown pass 'nonsense'" "$tmp/err" || fail "cli:unknown-pass-text" "$(cat "$tmp/err")"
expect_status two-inputs 2 "$rgopt" "$conv" "$conv"
expect_status missing-file 1 "$rgopt" --passes none "$tmp/does-not-exist.mlir"
grep -q "error: cannot open" "$tmp/err" || fail "cli:missing-file-text" "$(cat "$tmp/err")"
expect_status unwritable 1 "$rgopt" --passes none "$conv" -o "$tmp/no/such/dir/out.mlir"

"$rgopt" --passes none "$conv" -o "$tmp/a.mlir" && "$rgopt" --passes=none - <"$conv" >"$tmp/b.mlir"
if cmp -s "$tmp/a.mlir" "$tmp/b.mlir"; then pass "cli:stdin-stdout"; else fail "cli:stdin-stdout" "'-' output differs from file output"; fi
"$rgopt" "$conv" >"$tmp/c.mlir"
if cmp -s "$tmp/a.mlir" "$tmp/c.mlir"; then pass "cli:default-stdout"; else fail "cli:default-stdout" "differs"; fi
# An existing output survives a failed run untouched; no temporary is left.
cp "$tmp/a.mlir" "$tmp/keep.mlir"
printf '"x.y"(' >"$tmp/bad.mlir"
"$rgopt" "$tmp/bad.mlir" -o "$tmp/keep.mlir" 2>/dev/null
if cmp -s "$tmp/a.mlir" "$tmp/keep.mlir" && [ -z "$(ls "$tmp" | grep '\.tmp\.')" ]; then
  pass "cli:atomic-output"
else
  fail "cli:atomic-output" "output changed or a temporary file was left"
fi
# A special file (-o "$tmp/null.out", a FIFO) is written in place, never replaced
# by a renamed temporary (which turned /dev/null into a regular file).
if mkfifo "$tmp/fifo" 2>/dev/null; then
  cat "$tmp/fifo" >"$tmp/from-fifo" &
  reader=$!
  "$rgopt" --passes none "$conv" -o "$tmp/fifo" 2>"$tmp/err"
  if [ -p "$tmp/fifo" ]; then
    wait "$reader"
    if cmp -s "$tmp/a.mlir" "$tmp/from-fifo"; then pass "cli:output-fifo"; else fail "cli:output-fifo" "wrong data through the FIFO"; fi
  else
    kill "$reader" 2>/dev/null
    fail "cli:output-fifo" "the FIFO was replaced by a regular file"
  fi
else
  echo "SKIP cli:output-fifo: mkfifo failed"
fi
