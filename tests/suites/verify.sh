#!/bin/sh
# Proof by execution: a short rgdiff run (random TOSA graphs, interpreter
# before and after the ethos-u55 and ethos-u85 pipelines), a short edge
# run (random edge-dialect graphs, the xnnpack pipeline) and a short arm run
# (random edge-dialect graphs, the arm pipeline and arm_lower, the same
# followed by the TOSA lowering); the regression
# graphs of tests/verify/ (each a miscompile rgdiff once found) through both
# pipelines with --verify-by-execution; the MobileNetV2 of ../shared/models
# through both pipelines and BERT through ethos-u55; and mlir-opt-22
# acceptance of everything rgopt writes for the tests/mlir/roundtrip
# corpus. `make verify` runs rgdiff on 10,000 graphs of each family.
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
rgdiff="$RG_BUILD/bin/rgdiff"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mlir_opt=$(command -v mlir-opt-22)
targets="ethos-u55 ethos-u85"

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }

# Under AddressSanitizer (make asan builds into build/asan) the interpreter
# is several times slower: the whole MobileNetV2 is left out there.
case $RG_BUILD in
  */asan) asan=yes ;;
  *) asan= ;;
esac

# ---- rgdiff: a short differential run of each family ----
# short_run NAME COUNT [--family F]: every rule the family generates fires.
short_run() {
  name=$1 n=$2
  shift 2
  if "$rgdiff" "$@" --count "$n" --min-fires 1 --out "$tmp" >"$tmp/rgdiff.out" 2>&1; then
    pass "$name:$n-graphs"
  else
    fail "$name:$n-graphs" "$( (grep -E 'FAIL|fewer|error|rgdiff: seeds' "$tmp/rgdiff.out" ||
                               tail -n 3 "$tmp/rgdiff.out") | head -n 5)"
  fi
}
short_run rgdiff "${RGDIFF_CI_COUNT:-300}"                            # about 0.1 s, 0.2 s under ASan
short_run rgdiff:edge "${RGDIFF_CI_EDGE_COUNT:-300}" --family edge    # about 0.03 s, 0.2 s under ASan
short_run rgdiff:arm "${RGDIFF_CI_ARM_COUNT:-300}" --family arm       # about 0.1 s, 0.5 s under ASan
# The arm family's inexact rules fired, were compared within the tolerance
# and reported with their largest error.
if grep -q '^rgdiff: [0-9]* graphs changed by inexact rules, every result within relative 0.01 (floor 1), then bit-identical without them; largest relative error' "$tmp/rgdiff.out" &&
   grep -q '^decompose_sinh.sinh  *[1-9][0-9]*  .*inexact: largest relative error' "$tmp/rgdiff.out"; then
  pass rgdiff:arm-inexact-report
else
  fail rgdiff:arm-inexact-report "$(grep -E 'inexact|sinh' "$tmp/rgdiff.out" | head -n 3)"
fi
# A malformed tolerance is a usage error.
for bad in 2 0 1e-3,x x; do
  "$rgdiff" --family arm --count 1 --tolerance "$bad" >/dev/null 2>"$tmp/err"
  if [ $? -eq 2 ] && grep -q "bad option or value '--tolerance'" "$tmp/err"; then
    pass "rgdiff:bad-tolerance:$bad"
  else
    fail "rgdiff:bad-tolerance:$bad" "$(head -n 1 "$tmp/err")"
  fi
done
# Same seed, same graph: a failure report is reproducible.
for fam in tosa edge arm; do
  "$rgdiff" --family $fam --seed 42 --dump >"$tmp/a.mlir" 2>&1 &&
    "$rgdiff" --family $fam --seed 42 --dump >"$tmp/b.mlir" 2>&1
  if [ $? -eq 0 ] && cmp -s "$tmp/a.mlir" "$tmp/b.mlir" &&
     "$rgopt" --passes none "$tmp/a.mlir" -o "$tmp/a.out.mlir" 2>"$tmp/err"; then
    pass "rgdiff:deterministic-dump:$fam"
  else
    fail "rgdiff:deterministic-dump:$fam" "$(head -n 2 "$tmp/err")"
  fi
done

# How mlir-opt checks rgopt's output: TOSA is validated (--tosa-validate,
# level none: MLIR 22.1 wrongly rejects pad's !tosa.shape<8> at the default
# level) whenever the input itself validates (some corpus files pass
# function arguments as zero points, which the validator rejects); other
# files are parsed and verified, with --allow-unregistered-dialect for
# dialects mlir-opt does not know.
tosa_target='--tosa-attach-target=profiles=pro_int,pro_fp extensions=int16,bf16,doubleround level=none'
foreign_dialects() {
  grep -o '"[A-Za-z_][A-Za-z0-9_$]*\.' "$1" | sort -u | grep -qv '^"\(builtin\|func\|tosa\)\.$'
}
mlir_accepts() { # name input output
  if [ -z "$mlir_opt" ]; then
    echo "SKIP mlir-opt:$1: mlir-opt-22 not installed"
    return
  fi
  if foreign_dialects "$3"; then
    how=--allow-unregistered-dialect
    "$mlir_opt" --allow-unregistered-dialect "$3" -o "$tmp/null.out" 2>"$tmp/err"
  elif "$mlir_opt" "$tosa_target" --tosa-validate "$2" -o "$tmp/null.out" 2>/dev/null; then
    how="$tosa_target --tosa-validate"
    "$mlir_opt" "$tosa_target" --tosa-validate "$3" -o "$tmp/null.out" 2>"$tmp/err"
  else
    how="(verify only: the input does not pass --tosa-validate)"
    "$mlir_opt" "$3" -o "$tmp/null.out" 2>"$tmp/err"
  fi
  if [ $? -eq 0 ]; then
    pass "mlir-opt:$1"
  else
    fail "mlir-opt:$1" "mlir-opt-22 $how rejects rgopt's output: $(head -n 2 "$tmp/err")"
  fi
}

# through NAME FILE RUNS: both pipelines, proof by execution, mlir-opt.
through() {
  for t in $targets; do
    out="$tmp/$1.$t.mlir"
    if "$rgopt" --target "$t" --verify-by-execution="$3" "$2" -o "$out" 2>"$tmp/err" &&
       grep -q 'verified by execution' "$tmp/err"; then
      pass "exec:$1:$t"
    else
      fail "exec:$1:$t" "$(grep -v '^rgopt: warning' "$tmp/err" | head -n 3)"
      continue
    fi
    mlir_accepts "$1:$t" "$2" "$out"
  done
}

# ---- rgopt's output for random graphs is valid TOSA ----
# (The generated inputs themselves hold no-op casts, which TOSA forbids and
# cleanup removes, so only the outputs are validated.)
if [ -z "$mlir_opt" ]; then
  echo "SKIP mlir-opt:rgdiff-graphs: mlir-opt-22 not installed"
else
  bad=
  for s in $(seq 1 ${RGDIFF_CI_VALIDATE:-25}); do
    "$rgdiff" --seed "$s" --dump >"$tmp/g.mlir" 2>"$tmp/err" || { bad="seed $s: $(head -n 1 "$tmp/err")"; break; }
    for t in $targets; do
      "$rgopt" --target "$t" "$tmp/g.mlir" -o "$tmp/g.$t.mlir" 2>"$tmp/err" &&
        "$mlir_opt" "$tosa_target" --tosa-validate "$tmp/g.$t.mlir" -o "$tmp/null.out" 2>"$tmp/err" ||
        { bad="seed $s, $t: $(head -n 2 "$tmp/err")"; break 2; }
    done
  done
  if [ -z "$bad" ]; then pass "mlir-opt:rgdiff-graphs"; else fail "mlir-opt:rgdiff-graphs" "$bad"; fi
  # Edge graphs and their xnnpack (arm) output parse (unregistered aten ops).
  for fam in edge:xnnpack arm:arm; do
    bad=
    for s in $(seq 1 ${RGDIFF_CI_VALIDATE:-25}); do
      "$rgdiff" --family "${fam%:*}" --seed "$s" --dump >"$tmp/g.mlir" 2>"$tmp/err" &&
        "$rgopt" --target "${fam#*:}" "$tmp/g.mlir" -o "$tmp/g.x.mlir" 2>"$tmp/err" &&
        "$mlir_opt" --allow-unregistered-dialect "$tmp/g.mlir" -o "$tmp/g.m.mlir" 2>"$tmp/err" &&
        "$mlir_opt" --allow-unregistered-dialect "$tmp/g.x.mlir" -o "$tmp/g.m.mlir" 2>"$tmp/err" ||
        { bad="seed $s: $(head -n 2 "$tmp/err")"; break; }
    done
    name=rgdiff-${fam%:*}-graphs
    if [ -z "$bad" ]; then pass "mlir-opt:$name"; else fail "mlir-opt:$name" "$bad"; fi
  done
fi

# ---- regressions: graphs on which a rule once changed results ----
for f in tests/verify/*.mlir; do
  [ -e "$f" ] || continue
  through "regression:$(basename "$f" .mlir)" "$f" 5
done

# ---- MobileNetV2 ----
model="$RG_ROOT/../shared/models/mobilenetv2.generic.mlir"
if [ ! -f "$model" ]; then
  echo "SKIP mobilenetv2: $model not found"
elif [ -n "$asan" ] && [ -z "$RG_VERIFY_SLOW" ]; then
  # One interpreter run of the whole model takes about 12 s under ASan (-O1),
  # 3 s without: 25 s for both pipelines is too much for the ASan CI run.
  echo "SKIP mobilenetv2: runs in the non-ASan suite only (set RG_VERIFY_SLOW=1 to force)"
else
  through mobilenetv2 "$model" 1
fi

# ---- BERT: gather with argument indices (the inputs are redrawn in [0, 1]) ----
model="$RG_ROOT/../shared/models/bert_base_seq5.generic.mlir"
if [ ! -f "$model" ]; then
  echo "SKIP exec:bert: $model not found"
elif [ -n "$asan" ] && [ -z "$RG_VERIFY_SLOW" ]; then
  echo "SKIP exec:bert: runs in the non-ASan suite only (set RG_VERIFY_SLOW=1 to force)"
elif "$rgopt" --target ethos-u55 --verify-by-execution=1 "$model" -o "$tmp/bert.mlir" 2>"$tmp/err" &&
     grep -q 'verified by execution: 1 run' "$tmp/err"; then
  pass "exec:bert:ethos-u55"
else
  fail "exec:bert:ethos-u55" "$(head -n 3 "$tmp/err")"
fi

# ---- every roundtrip graph through both pipelines is accepted ----
for f in tests/mlir/roundtrip/*.mlir; do
  name=$(basename "$f" .mlir)
  for t in $targets; do
    out="$tmp/rt.$name.$t.mlir"
    if ! "$rgopt" --target "$t" "$f" -o "$out" 2>"$tmp/err"; then
      fail "pipeline:$name:$t" "rgopt failed: $(head -n 2 "$tmp/err")"
      continue
    fi
    mlir_accepts "roundtrip:$name:$t" "$f" "$out"
  done
done
exit 0
