#!/bin/sh
# rgopt --prove (docs/prove.md). The deliberately wrong rules of
# tests/prove (shipped TOSA rules with a guard dropped), built into a tool
# of their own as a user would, are each refuted with a counterexample
# whose inputs are written and name the failing values; the shipped
# ethos-u55 pipeline on the same graphs and on tests/examples is proven or
# unknown, never refuted; the budgeted part of the model measurement runs
# on the smallest models. rulegen --prove refutes the same rules for all
# graphs, its counterexample graphs replay the failure, and a part of the
# shipped rules is proven. Skipped when rgopt is built without Z3.
cd "$RG_ROOT" || exit 1
rg="$RG_BUILD/bin/rulegen"
rgopt="$RG_BUILD/bin/rgopt"
dir=tests/prove
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if "$rgopt" --prove --passes none "$dir/add_zero.mlir" 2>&1 | grep -q 'without Z3'; then
  echo "SKIP prove: rgopt is built without Z3"
  exit 0
fi
san=
nm "$RG_BUILD/lib/librulegen.a" 2>/dev/null | grep -q __asan_ && san="-fsanitize=address,undefined"
nm "$RG_BUILD/lib/librulegen.a" 2>/dev/null | grep -q __gcov_ && san="$san --coverage"
tool="$tmp/wrong-opt"
# shellcheck disable=SC2086
if ! "$rg" -I backends/tosa -o "$tmp/wrong.c" --header "$tmp/wrong.h" --symbol wrong "$dir/wrong.rules" 2>"$tmp/err" ||
   ! ${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Iruntime/include -I"$tmp" "$dir/driver.c" \
       "$tmp/wrong.c" "$RG_BUILD/lib/librgbackends.a" "$RG_BUILD/lib/librulegen.a" -lz3 -lm $san -o "$tool" 2>>"$tmp/err"; then
  echo "FAIL build: $(head -n 3 "$tmp/err" | tr '\n' '|')"
  exit 0
fi
echo "PASS build"

# pass, graph, what the counterexample must show
while read -r p want; do
  out="$tmp/$p.mlir"
  "$tool" --passes "$p" --prove "$dir/$p.mlir" -o "$out" 2>"$tmp/err"
  rc=$?
  line=$(grep "prove: $p\.[a-z_]* (node [0-9]*): counterexample: " "$tmp/err")
  inputs=$(echo "$line" | sed -n 's/.*; inputs: //p')
  if [ $rc -ne 1 ] || [ -z "$line" ]; then
    echo "FAIL $p:refuted: exit $rc: $(grep 'prove:' "$tmp/err" | head -n 2 | tr '\n' '|')"
  elif ! echo "$line" | grep -q -- "$want"; then
    echo "FAIL $p:refuted: the counterexample does not show '$want': $line"
  elif [ ! -s "$inputs" ] || ! grep -q "^func @$p\$" "$inputs" || ! grep -q '^  arg 0: ' "$inputs"; then
    echo "FAIL $p:inputs: no input set in '$inputs'"
  else
    echo "PASS $p:refuted"
    # replayed by the proof by execution, where rgopt reads input sets
    if "$tool" --help 2>&1 | grep -q -- '^ *--inputs '; then
      "$tool" --passes "$p" --verify-by-execution=0 --inputs "$inputs" "$dir/$p.mlir" -o "$tmp/replay.mlir" \
        2>"$tmp/err3"
      if grep -q "error: --verify-by-execution: @$p result 0 differs after the passes" "$tmp/err3"; then
        echo "PASS $p:replayed"
      else
        echo "FAIL $p:replayed: $(head -n 2 "$tmp/err3" | tr '\n' '|')"
      fi
    fi
  fi
  # the shipped rules on the same graph: never refuted
  "$rgopt" --target ethos-u55 --prove "$dir/$p.mlir" -o "$tmp/ship.mlir" 2>"$tmp/err2"
  if [ $? -ne 0 ] || ! grep -q ', 0 refuted,' "$tmp/err2"; then
    echo "FAIL $p:shipped: $(grep 'prove:' "$tmp/err2" | head -n 2 | tr '\n' '|')"
  else
    echo "PASS $p:shipped"
  fi
done <<'EOF_CASES'
add_zero 0x0p+0 before, -0x0p+0 after
clamp_merge 0x0p+0 before, nan after
equal_self 0 before, 1 after
negate_negate -127 before, -128 after
mul_one before
compose before
EOF_CASES

# the shipped pipelines on the bundled examples: never refuted
bad=
for g in tests/examples/*.mlir; do
  for t in ethos-u55 ethos-u85; do
    "$rgopt" --target "$t" --prove "$g" -o "$tmp/ex.mlir" 2>"$tmp/err" || bad="$bad $g:$t"
    grep -q ', 0 refuted,' "$tmp/err" || bad="$bad $g:$t"
  done
done
[ -z "$bad" ] && echo "PASS examples:none-refuted" || echo "FAIL examples:none-refuted:$bad"

# a bad resource limit is a usage error
"$rgopt" --prove=0 --passes none "$dir/add_zero.mlir" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'resource limit' "$tmp/err" && echo "PASS usage" || echo "FAIL usage: $(head -n 1 "$tmp/err")"

# rulegen --prove (rules for all graphs): every wrong rule refuted, its
# counterexample written as a graph and inputs that the wrong tool, run by
# the interpreter, shows failing the same way
cex="$tmp/cex"
mkdir -p "$cex"
"$rg" -I backends/tosa --prove --prove-dir "$cex" "$dir/wrong.rules" >"$tmp/rp" 2>"$tmp/rp.err"
rc=$?
[ $rc -eq 1 ] && echo "PASS rulegen:exit" || echo "FAIL rulegen:exit: $rc: $(head -n 2 "$tmp/rp.err" | tr '\n' '|')"
while read -r p r want; do
  line=$(grep "^$p\.$r: counterexample: " "$tmp/rp")
  g="$cex/${p}_$r.mlir" inputs="$cex/${p}_$r.inputs"
  if [ -z "$line" ]; then
    echo "FAIL rulegen:$p: not refuted: $(grep "^$p\.$r:" "$tmp/rp")"
  elif ! echo "$line" | grep -q -- "$want"; then
    echo "FAIL rulegen:$p: the counterexample does not show '$want': $line"
  elif [ ! -s "$g" ] || [ ! -s "$inputs" ]; then
    echo "FAIL rulegen:$p: no graph or inputs written: $line"
  else
    echo "PASS rulegen:$p:refuted"
    "$tool" --passes "$p" --verify-by-execution=0 --inputs "$inputs" "$g" -o "$tmp/replay.mlir" 2>"$tmp/err3"
    if grep -q "error: --verify-by-execution: @${p}_$r result 0 differs after the passes" "$tmp/err3"; then
      echo "PASS rulegen:$p:replayed"
    else
      echo "FAIL rulegen:$p:replayed: $(head -n 2 "$tmp/err3" | tr '\n' '|')"
    fi
  fi
done <<'EOF_RULES'
add_zero add_zero 0x0p+0 before, -0x0p+0 after
clamp_merge clamp_overlap_inside before
equal_self equal_self 0 before, 1 after
negate_negate negate_negate i8
mul_one mul_one i32
compose compose rank [2-6]
clamp_disjoint clamp_disjoint before
to_reshape to_reshape rank [2-6], i16
fold_const fold_const rank [3-6]
reshape_const reshape_const rank [2-6]
resize_mode resize_mode rank 4, f
EOF_RULES

# what it cannot decide is unknown with the reason, never proven or refuted
"$rg" -I backends/tosa --prove --prove-dir "$cex" "$dir/unknown.rules" >"$tmp/ru" 2>&1
rc=$?
while read -r r want; do
  grep -q "^unknowns\.$r: $want" "$tmp/ru" && echo "PASS rulegen:unknown:$r" ||
    echo "FAIL rulegen:unknown:$r: $(grep "^unknowns\.$r:" "$tmp/ru")"
done <<'EOF_UNKNOWN'
free_pred unknown: extern my_never_negative_zero has no SMT meaning, and a counterexample needs its value
free_fn unknown: extern my_zeros has no SMT meaning
no_meaning unknown: a counterexample needs a value with no exact meaning
free_pred_unneeded proven (ranks 0-6
table_wrong_perm unknown: a counterexample needs a value with no exact meaning
table_sink proven (ranks 0-6
EOF_UNKNOWN
[ $rc -eq 0 ] && echo "PASS rulegen:unknown:exit" || echo "FAIL rulegen:unknown:exit: $rc"

# the meanings of RESCALE (per-channel parameters, zero points, the
# identity extern) and of the aten arithmetic and matrix products: shipped rules proven, each
# with a guard or attribute dropped refuted (no graph: the writer spells
# TOSA ops without those attributes)
"$rg" -I backends/tosa -I backends/xnnpack --prove --prove-dir "$cex" "$dir/meanings.rules" >"$tmp/rm" 2>&1
rc=$?
while read -r r want; do
  grep -q "^meanings\.$r: $want" "$tmp/rm" && echo "PASS rulegen:meanings:$r" ||
    echo "FAIL rulegen:meanings:$r: $(grep "^meanings\.$r:" "$tmp/rm")"
done <<'EOF_MEANINGS'
rescale_identity proven (ranks 0-6, dims 1..65535, i8 i16 i32 to i8 i16 i32 at each RESCALE)
rescale_identity_wrong counterexample: rank 0, i.*before, .*after (no graph written: tosa.rescale)
sink_rescale proven (ranks 0-6
sink_rescale_wrong counterexample: rank [1-6], i
add_alpha_wrong counterexample: rank 0, .*before, .*after (no graph written: aten.add.Tensor)
EOF_MEANINGS
while read -r r want; do
  grep -q "^meanings_mm\.$r: $want" "$tmp/rm" && echo "PASS rulegen:meanings:$r" ||
    echo "FAIL rulegen:meanings:$r: $(grep "^meanings_mm\.$r:" "$tmp/rm")"
done <<'EOF_MM'
addmm_beta_wrong counterexample: rank 2, i8: .*before, .*after (no graph written: aten.addmm)
linear_wrong counterexample: rank 2, i8: .*before, .*after (no graph written: aten.linear)
EOF_MM
[ $rc -eq 1 ] && echo "PASS rulegen:meanings:exit" || echo "FAIL rulegen:meanings:exit: $rc"

# shipped rules: a quick part of `make prove` (the clamp and select rules)
{
  echo 'import "tosa.ops"'
  echo 'pass canonicalize "c" fixpoint {'
  grep -A3 '^  rule \(clamp_overlap_inside\|clamp_full_range\|select_not\|negate_negate\):' rules/canonicalize.rules |
    grep -v '^--'
  echo '}'
} >"$tmp/shipped.rules"
"$rg" -I backends/tosa --prove --prove-dir "$cex" "$tmp/shipped.rules" >"$tmp/rs" 2>&1
rc=$?
n=$(grep -c '^canonicalize\.' "$tmp/rs")
if [ $rc -eq 0 ] && [ "$n" -ge 4 ] && [ "$(grep -c '^canonicalize\.[a-z_]*: proven (ranks 0-6, dims 1..65535' "$tmp/rs")" -eq "$n" ]; then
  echo "PASS rulegen:shipped"
else
  echo "FAIL rulegen:shipped: exit $rc: $(grep -v ': proven' "$tmp/rs" | head -n 3 | tr '\n' '|')"
fi

# usage: a bad resource limit, --prove-dir without --prove
"$rg" --prove=0 "$dir/wrong.rules" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'RLIMIT' "$tmp/err" && echo "PASS rulegen:usage" || echo "FAIL rulegen:usage: $(head -n 1 "$tmp/err")"
"$rg" --check --prove-dir "$tmp" "$dir/wrong.rules" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'needs --prove' "$tmp/err" && echo "PASS rulegen:usage-dir" ||
  echo "FAIL rulegen:usage-dir: $(head -n 1 "$tmp/err")"

# the budgeted part of bench/prove_models.sh: the small models
if [ -d ../shared/models ] && [ -z "$san" ]; then
  if sh bench/prove_models.sh "$RG_BUILD" hello_world_int8 lenet mobilenetv2 >"$tmp/pm" 2>&1; then
    echo "PASS models"
  else
    echo "FAIL models: $(grep -v '^ ' "$tmp/pm" | tail -n 3 | tr '\n' '|')"
  fi
else
  echo "SKIP models: ../shared/models absent or a sanitizer build"
fi
exit 0
