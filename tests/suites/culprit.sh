# The culprit search of --verify-by-execution (docs/verify.md): built as
# tests/suites/wrong_rules.sh builds the deliberately wrong rules of
# tests/verify/wrong_rules into a tool of their own, each wrong rule must
# be named with its place in wrong.rules and the node it fired on, and the
# inputs written for it must show the difference again through --inputs.
# tests/verify/culprit/mixed.mlir has five rewrites of which only the
# third is wrong: the search must name that one (golden stderr).
cd "$RG_ROOT" || exit 1
. tests/golden.sh
rgopt="$RG_BUILD/bin/rgopt"
dir=tests/verify/wrong_rules
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tool="$tmp/wrong-opt"
if ! rules_tool wrong "$dir/wrong.rules" "$dir/driver.c" "$tool" -I backends/tosa; then
  fail culprit:build "$(head -n 5 "$tool.err" | tr '\n' '|')"
  exit 0
fi
pass culprit:build

# pass, its rule (the one wrong rule each graph makes fire once)
while read -r p rule; do
  g="$dir/$p.mlir"
  where=$(grep -n "^ *rule $rule:" "$dir/wrong.rules" | head -n 1 | cut -d: -f1)
  col=$(grep "^ *rule $rule:" "$dir/wrong.rules" | head -n 1 | sed 's/rule.*//' | wc -c)
  want="culprit: $p.$rule ($dir/wrong.rules:$where:$col) on %"
  "$tool" --passes "$p" --verify-by-execution "$g" -o "$tmp/$p.mlir" 2>"$tmp/err"
  rc=$?
  line=$(grep "error: --verify-by-execution: culprit: " "$tmp/err")
  inputs="$tmp/$p.$p.$rule.inputs"
  if [ $rc -ne 1 ] || ! echo "$line" | grep -qF -- "$want"; then
    fail "culprit:$p" "exit $rc, wanted '$want': $(grep -v '^ ' "$tmp/err" | tail -n 2 | tr '\n' '|')"
  elif ! echo "$line" | grep -q ", rewrite 1 of 1: the results agree before it and differ after it: @$p result "; then
    fail "culprit:$p" "no rewrite count or difference: $line"
  elif ! [ -s "$inputs" ] || ! grep -qF "note: the inputs that show it: $inputs (run them again with --inputs $inputs)" "$tmp/err"; then
    fail "culprit:$p" "no inputs written to $inputs: $(grep note "$tmp/err" | tail -n 1)"
  else
    pass "culprit:$p"
    # The inputs alone show it again, and name the same rule.
    "$tool" --passes "$p" --inputs "$inputs" "$g" -o "$tmp/replay.mlir" 2>"$tmp/err2"
    rc=$?
    if [ $rc -eq 1 ] && grep -qF -- "$want" "$tmp/err2" && grep -q "(inputs $inputs:[0-9]*)" "$tmp/err2"; then
      pass "culprit:$p:replayed"
    else
      fail "culprit:$p:replayed" "exit $rc: $(grep -v '^ ' "$tmp/err2" | head -n 3 | tr '\n' '|')"
    fi
  fi
done <<'LIST'
add_zero add_zero
reduce_sum_unit reduce_unit_sum
clamp_merge clamp_overlap_inside
equal_self equal_self
reduce_max_unit reduce_unit_max
negate_negate negate_negate
mul_one mul_one
compose compose
LIST

# Five rewrites, the third wrong: the whole message, paths made stable.
g=tests/verify/culprit/mixed.mlir
(cd "$tmp" && "$tool" --passes add_zero --verify-by-execution "$RG_ROOT/$g" -o mixed.out.mlir) 2>"$tmp/err"
rc=$?
sed "s|$RG_ROOT/||g" "$tmp/err" >"$tmp/mixed.err"
if [ $rc -ne 1 ]; then
  fail culprit:mixed "exit $rc: $(head -n 2 "$tmp/err" | tr '\n' '|')"
elif [ "${UPDATE_GOLDENS:-}" = 1 ] && ! cmp -s "$tmp/mixed.err" tests/verify/culprit/mixed.expected; then
  cp "$tmp/mixed.err" tests/verify/culprit/mixed.expected
  echo "UPDATED tests/verify/culprit/mixed.expected"
  pass culprit:mixed
elif ! diff -u tests/verify/culprit/mixed.expected "$tmp/mixed.err" >"$tmp/diff"; then
  fail culprit:mixed "stderr differs: $(sed -n '3,8p' "$tmp/diff" | tr '\n' '|')"
else
  pass culprit:mixed
fi

# --report shows the failed proof and the culprit (the page is written
# although the run fails: that is when it is wanted).
"$tool" --passes add_zero --verify-by-execution --report "$tmp/mixed.html" "$g" -o "$tmp/mixed.mlir" 2>/dev/null
if grep -q '<h2>Proof by execution</h2>' "$tmp/mixed.html" 2>/dev/null &&
   grep -q 'class="proof-failed">@mixed result 1 differs after the passes' "$tmp/mixed.html" &&
   grep -qF 'culprit: add_zero.add_zero (tests/verify/wrong_rules/wrong.rules:10:3) on %c (tosa.add at tests/verify/culprit/mixed.mlir:12:10), rewrite 3 of 5' "$tmp/mixed.html"; then
  pass culprit:report
else
  fail culprit:report "$(grep -o 'class="proof[^<]*' "$tmp/mixed.html" 2>/dev/null | head -n 2 | tr '\n' '|')"
fi

# A proof that holds searches nothing.
"$rgopt" --passes canonicalize --verify-by-execution "$g" -o "$tmp/ok.mlir" 2>"$tmp/err"
rc=$?
"$rgopt" --passes canonicalize --verify-by-execution --report "$tmp/ok.html" "$g" -o "$tmp/ok.mlir" 2>/dev/null
if [ $rc -eq 0 ] && ! grep -q culprit "$tmp/err" && grep -q 'every result bit-identical' "$tmp/err" &&
   grep -q 'class="proof-ok">verified by execution: 3 run(s), every result bit-identical' "$tmp/ok.html"; then
  pass culprit:none
else
  fail culprit:none "exit $rc: $(head -n 2 "$tmp/err" | tr '\n' '|')"
fi
