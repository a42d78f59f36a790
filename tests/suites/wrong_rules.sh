# Deliberately wrong rules (tests/verify/wrong_rules): eight shipped TOSA
# rules, each with one guard dropped, built out of tree into a tool of
# their own (rulegen --symbol, a driver calling rg_opt_main). The default
# --verify-by-execution must catch every one (exit 1 naming a difference)
# and write the inputs that show it; those inputs, given back with
# --inputs, must show it again and be written back the same; and the
# shipped pipelines must prove the same graphs without a false alarm.
cd "$RG_ROOT" || exit 1
. tests/golden.sh
rgopt="$RG_BUILD/bin/rgopt"
dir=tests/verify/wrong_rules
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tool="$tmp/wrong-opt"
if ! rules_tool wrong "$dir/wrong.rules" "$dir/driver.c" "$tool" -I backends/tosa; then
  fail build "$(head -n 5 "$tool.err" | tr '\n' '|')"
  exit 0
fi
pass build

# The shipped pipelines each graph runs through for the no-false-alarm
# check: the TOSA targets, and the pass whose rule the wrong one copies.
for p in add_zero reduce_sum_unit clamp_merge equal_self reduce_max_unit negate_negate mul_one compose; do
  g="$dir/$p.mlir"
  out="$tmp/$p.mlir"
  rm -f "$tmp/$p.fail.inputs"
  "$tool" --passes "$p" --stats --verify-by-execution "$g" -o "$out" 2>"$tmp/err"
  rc=$?
  if ! grep -q "^$p\.[a-z_]* *1$" "$tmp/err"; then
    fail "$p:fires" "the wrong rule did not fire: $(grep "^$p\." "$tmp/err" | head -n 2 | tr '\n' '|')"
    continue
  fi
  if [ $rc -ne 1 ] || ! grep -q "error: --verify-by-execution: @$p result 0 differs after the passes" "$tmp/err"; then
    fail "$p:caught" "exit $rc: $(grep -v '^ \|^[a-z_.]* *[0-9]' "$tmp/err" | head -n 2 | tr '\n' '|')"
    continue
  fi
  if [ -e "$out" ]; then
    fail "$p:caught" "an output was written despite the failed proof"
    continue
  fi
  pass "$p:caught"
  diff1=$(sed -n 's/.*differs after the passes ([^)]*): //p' "$tmp/err")
  # The inputs that show it, written beside the output, shown again.
  if ! [ -s "$tmp/$p.fail.inputs" ] || ! grep -q "note: the inputs that show it: $tmp/$p.fail.inputs" "$tmp/err"; then
    fail "$p:inputs-written" "no $tmp/$p.fail.inputs named: $(grep note "$tmp/err" | head -n 1)"
    continue
  fi
  pass "$p:inputs-written"
  "$tool" --passes "$p" --inputs "$tmp/$p.fail.inputs" "$g" -o "$tmp/replay.mlir" 2>"$tmp/err2"
  rc=$?
  diff2=$(sed -n 's/.*differs after the passes ([^)]*): //p' "$tmp/err2")
  if [ $rc -eq 1 ] && [ -n "$diff2" ] && [ "$diff1" = "$diff2" ] &&
     grep -q "(inputs $tmp/$p.fail.inputs:2)" "$tmp/err2" && cmp -s "$tmp/$p.fail.inputs" "$tmp/replay.fail.inputs"; then
    pass "$p:replayed"
  else
    fail "$p:replayed" "exit $rc, '$diff2' (first run: '$diff1'): $(head -n 1 "$tmp/err2")"
  fi
  # No false alarm: the shipped rules, guards and all, on the same graph.
  for args in "--target ethos-u55" "--target ethos-u85" "--passes canonicalize,cleanup,fuse_transposes"; do
    # shellcheck disable=SC2086
    if "$rgopt" $args --verify-by-execution=8 "$g" -o "$tmp/ok.mlir" 2>"$tmp/err3" &&
       grep -q 'verified by execution: 8 run(s), every result bit-identical' "$tmp/err3"; then
      pass "$p:shipped:${args#--* }"
    else
      fail "$p:shipped:${args#--* }" "$(head -n 2 "$tmp/err3" | tr '\n' '|')"
    fi
  done
done

