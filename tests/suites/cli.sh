#!/bin/sh
# The user-facing switches of rgopt and rulegen: explain mode (golden
# stderr in tests/cli/explain_*.expected), disabling and isolating rules,
# statistics formats, budgets, proof by execution, usage errors (exit 2),
# bad input and failed writes (exit 1), standard input and output, and
# rulegen's error paths and --symbol. Times are never compared.
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
rg="$RG_BUILD/bin/rulegen"
inc="-I rules -I backends/tosa -I backends/xnnpack"
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
pair=tests/cli/pair.mlir
frozen=tests/cli/frozen.mlir

oneline() { head -n "${2:-3}" "$1" | tr '\n' '|'; }
. tests/golden.sh

# expect_rc NAME RC PATTERN CMD...: exit status RC and stderr matching the
# grep pattern PATTERN (empty: any).
expect_rc() {
  name=$1 want=$2 pat=$3
  shift 3
  "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ "$rc" != "$want" ]; then
    fail "$name" "exit status $rc, expected $want: $(oneline "$tmp/err")"
  elif [ -n "$pat" ] && ! grep -q -- "$pat" "$tmp/err"; then
    fail "$name" "stderr lacks '$pat': $(oneline "$tmp/err")"
  else
    pass "$name"
  fi
}

# fires JSON: "pass.rule=N" for every rule that fired, sorted, one line.
fires() {
  sed -n 's/.*{"name": "\([^"]*\)", "pass": "\([^"]*\)".*"fires": \([1-9][0-9]*\)}.*/\2.\1=\3/p' "$1" |
    sort | tr '\n' ' ' | sed 's/ $//'
}

# ---- --explain: golden standard error ----
explain() { # NAME ARGS...: compares with tests/cli/explain_NAME.expected
  name=$1
  shift
  golden "explain-$name" --status any --stderr "tests/cli/explain_$name.expected" -- \
    "$rgopt" --passes fuse_transposes "$@" -o "$tmp/null.out"
}
explain fires --explain 3 "$pair"
explain fails --disable-rule identity --explain 2 "$pair"
explain frozen --explain 2 "$frozen"
explain unnamed --explain 4 "$pair"
explain range --explain 5 "$pair"
expect_rc explain-range-status 2 "has 5 op(s)" "$rgopt" --explain 5 "$pair"
expect_rc explain-not-a-number 2 "needs an op number" "$rgopt" --explain abc "$pair"
expect_rc explain-negative 2 "needs an op number" "$rgopt" --explain -1 "$pair"
expect_rc explain-empty 2 "needs an op number" "$rgopt" --explain= "$pair"
# Counting is in file order: op 0 is the module whatever the passes.
"$rgopt" --target ethos-u55 --explain 0 "$pair" -o "$tmp/null.out" 2>"$tmp/ex"
if grep -q '^rgopt: explain: op 0 is builtin.module' "$tmp/ex" &&
   grep -q 'no rule of the passes run has builtin.module' "$tmp/ex"; then
  pass explain-file-order
else
  fail explain-file-order "$(oneline "$tmp/ex")"
fi
# Explaining never changes the result.
"$rgopt" --target ethos-u55 "$pair" -o "$tmp/a.mlir" 2>/dev/null
"$rgopt" --target ethos-u55 --explain 3 "$pair" -o "$tmp/b.mlir" 2>/dev/null
cmp -s "$tmp/a.mlir" "$tmp/b.mlir" && pass explain-same-output || fail explain-same-output "output differs"

# ---- --disable-rule / --isolate-rule: output and fire counts ----
# rule_case NAME EXPECTED-FIRES EXPECTED-TRANSPOSES ARGS...
rule_case() {
  name=$1 want=$2 ntr=$3
  shift 3
  if ! "$rgopt" --passes fuse_transposes "$@" --stats-json "$tmp/s.json" "$pair" -o "$tmp/o.mlir" 2>"$tmp/err"; then
    fail "rules-$name" "rgopt failed: $(oneline "$tmp/err")"
    return
  fi
  got=$(fires "$tmp/s.json")
  n=$(grep -c '"tosa.transpose"' "$tmp/o.mlir")
  if [ "$got" != "$want" ]; then
    fail "rules-$name" "fires '$got', expected '$want'"
  elif [ "$n" != "$ntr" ]; then
    fail "rules-$name" "$n transpose(s) left, expected $ntr"
  else
    pass "rules-$name"
  fi
}
rule_case default "fuse_transposes.inverse_pair=1" 0
rule_case disable "fuse_transposes.compose=1 fuse_transposes.identity=1" 0 --disable-rule inverse_pair
rule_case disable-qualified "fuse_transposes.compose=1 fuse_transposes.identity=1" 0 \
  --disable-rule fuse_transposes.inverse_pair
rule_case disable-repeated "fuse_transposes.compose=1 fuse_transposes.unit_identity=1" 0 \
  --disable-rule fuse_transposes.inverse_pair --disable-rule identity
rule_case disable-three "fuse_transposes.compose=1 fuse_transposes.to_reshape=1" 0 \
  --disable-rule inverse_pair --disable-rule identity --disable-rule unit_identity
rule_case disable-all-four "fuse_transposes.compose=1" 1 --disable-rule inverse_pair --disable-rule identity \
  --disable-rule unit_identity --disable-rule to_reshape
rule_case isolate "fuse_transposes.compose=1" 1 --isolate-rule compose
rule_case isolate-qualified "fuse_transposes.compose=1" 1 --isolate-rule fuse_transposes.compose
rule_case isolate-nothing-fires "" 2 --isolate-rule sink_unary
rule_case disable-other-pass "fuse_transposes.inverse_pair=1" 0 --disable-rule fuse_rescales.identity
expect_rc disable-unknown 2 "no rule 'inverse_pear'" "$rgopt" --disable-rule inverse_pear "$pair"
expect_rc disable-wrong-pass 2 "no rule 'cleanup.compose'" "$rgopt" --disable-rule cleanup.compose "$pair"
expect_rc isolate-unknown 2 "no rule 'nope'" "$rgopt" --isolate-rule nope "$pair"
# A name one typo from a known one is offered; target names take '-' or '_'.
expect_rc suggest-target 2 "unknown target 'ethos-u56' (see --list); did you mean 'ethos-u55'?" \
  "$rgopt" --target ethos-u56 "$pair"
expect_rc target-underscore 0 "" "$rgopt" --target ethos_u55 "$pair" -o "$tmp/underscore.mlir"
expect_rc suggest-pass 2 "unknown pass 'fuse_transpose' (see --list); did you mean 'fuse_transposes'?" \
  "$rgopt" --passes fuse_transpose "$pair"
expect_rc suggest-rule 2 "no rule 'fuse_transposes.invers_pair' (see --list); did you mean 'inverse_pair'?" \
  "$rgopt" --disable-rule fuse_transposes.invers_pair "$pair"
expect_rc suggest-none 2 "no rule 'zzzzzz' (see --list)$" "$rgopt" --isolate-rule zzzzzz "$pair"

# ---- --stats, --time-passes, --stats-json ----
"$rgopt" --target ethos-u55 --stats --time-passes --stats-json "$tmp/s.json" "$pair" -o "$tmp/null.out" 2>"$tmp/st"
# --stats: a header, one row per pass (name, ran|skipped, rewrites, visited,
# seconds, and for a skipped pass why), a total row, then the rules that
# fired.
if awk '
  NR == 1 { ok = $0 ~ /^pass +status +rewrites +visited +seconds$/; next }
  /^total / { total = NF == 3 && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+\.[0-9]+$/; state = 1; next }
  state == 0 { rows++; if (!(($2 == "ran" ? NF == 5 : NF > 5 && $2 == "skipped") && $3 ~ /^[0-9]+$/ && $4 ~ /^[0-9]+$/ && $5 ~ /^[0-9]+\.[0-9]+$/)) ok = 0; next }
  state == 1 && /^rule +fires$/ { state = 2; next }
  state == 2 && /^fuse_transposes\.inverse_pair +1$/ { fired = 1; next }
  state == 2 && /^=/ { state = 3 }
  END { exit !(ok && total && rows == 9 && fired) }' "$tmp/st"; then
  pass stats-text
else
  fail stats-text "$(oneline "$tmp/st" 9)"
fi
# --time-passes: title, total, column header, one row per pass in order.
sed -n '/^===-- pass execution timing --===$/,$p' "$tmp/st" >"$tmp/tp"
if sed -n 2p "$tmp/tp" | grep -Eq '^  total: [0-9]+\.[0-9]{6} s$' &&
   sed -n 3p "$tmp/tp" | grep -Eq '^ +seconds +% +pass$' &&
   [ "$(sed -n '4,$p' "$tmp/tp" | grep -Ec '^ +[0-9]+\.[0-9]{6} +[0-9]+\.[0-9]%  [a-z_]+( \(skipped\))?$')" = 9 ] &&
   [ "$(sed -n '4,$p' "$tmp/tp" | awk '{ print $3 }' | tr '\n' ' ')" = \
     "canonicalize cleanup fuse_transposes fuse_rescales place_layout cancel_transposes fuse_transposes fold_batch_norm cleanup " ]; then
  pass time-passes
else
  fail time-passes "$(oneline "$tmp/tp" 8)"
fi
# --stats-json: the fields docs/rgopt.md promises, with their types.
if command -v python3 >/dev/null 2>&1; then
  if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert isinstance(d["total_pass_seconds"], float) and isinstance(d["no_skip"], bool)
assert [p["name"] for p in d["passes"]] == ["canonicalize", "cleanup", "fuse_transposes", "fuse_rescales", "place_layout", "cancel_transposes", "fuse_transposes", "fold_batch_norm", "cleanup"]
for p in d["passes"]:
    assert set(p) - {"skip_reason"} == {"name", "ran", "skipped", "rewrites", "seconds", "nodes_visited"}, p
    assert ("skip_reason" in p) == p["skipped"], p
    assert isinstance(p["ran"], bool) and isinstance(p["skipped"], bool) and p["ran"] != p["skipped"]
    assert isinstance(p["rewrites"], int) and isinstance(p["nodes_visited"], int)
for r in d["rules"]:
    assert set(r) - {"inexact"} == {"name", "pass", "source", "refused", "fires"}, r
    inexact = r["pass"] == "fold_batch_norm" or r["name"] == "flatten_fc_float"
    assert r.get("inexact", True) is True and ("inexact" in r) == inexact, r
    assert r["source"].startswith("rules/") and ":" in r["source"]
assert sum(r["fires"] for r in d["rules"]) == sum(p["rewrites"] for p in d["passes"]) == 1
assert d["refusals"] == []
reasons = {p["name"]: p["skip_reason"] for p in d["passes"] if p["skipped"]}
assert reasons["fuse_rescales"] == "no rule can fire: absent tosa.rescale", reasons
assert reasons["fold_batch_norm"] == "its rules are all inexact; --inexact applies them", reasons
' "$tmp/s.json" 2>"$tmp/err"; then
    pass stats-json-schema
  else
    fail stats-json-schema "$(tail -n 2 "$tmp/err" | tr '\n' '|')"
  fi
else
  echo "SKIP stats-json-schema: python3 not installed"
fi
"$rgopt" --passes none --stats-json "$tmp/none.json" "$pair" -o "$tmp/null.out" 2>/dev/null
if grep -q '"passes": \[$' "$tmp/none.json" && grep -q '"rules": \[$' "$tmp/none.json" &&
   { ! command -v python3 >/dev/null 2>&1 || python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$tmp/none.json"; }; then
  pass stats-json-no-passes
else
  fail stats-json-no-passes "$(oneline "$tmp/none.json" 8)"
fi
expect_rc stats-json-unwritable 1 "nonexistent" "$rgopt" --stats-json "$tmp/nonexistent/s.json" "$pair" -o "$tmp/x.mlir"
[ -e "$tmp/x.mlir" ] && fail stats-json-unwritable-no-output "the graph was written anyway" ||
  pass stats-json-unwritable-no-output

# ---- --verify-each, --budget, --verify-by-execution, --mem-report ----
"$rgopt" --target ethos-u55 "$pair" -o "$tmp/a.mlir" 2>/dev/null
expect_rc verify-each 0 "" "$rgopt" --target ethos-u55 --verify-each "$pair" -o "$tmp/b.mlir"
cmp -s "$tmp/a.mlir" "$tmp/b.mlir" && pass verify-each-same || fail verify-each-same "output differs"
expect_rc budget-1 0 "" "$rgopt" --target ethos-u55 --budget 1 "$pair" -o "$tmp/null.out"
expect_rc budget-max 0 "" "$rgopt" --target ethos-u55 --budget=1000000 "$pair" -o "$tmp/null.out"
for b in 0 -1 x 1000001 "" 99999999999999999999 "3 "; do
  expect_rc "budget-bad-'$b'" 2 "budget needs a number" "$rgopt" --budget "$b" "$pair"
done
expect_rc exec-default 0 "verified by execution: 3 run(s)" "$rgopt" --target ethos-u55 --verify-by-execution "$pair" -o "$tmp/null.out"
expect_rc exec-2 0 "verified by execution: 2 run(s)" "$rgopt" --target ethos-u55 --verify-by-execution=2 "$pair" -o "$tmp/null.out"
expect_rc exec-0 0 "" "$rgopt" --target ethos-u55 --verify-by-execution=0 "$pair" -o "$tmp/null.out"
[ -s "$tmp/err" ] && fail exec-0-silent "$(oneline "$tmp/err")" || pass exec-0-silent
expect_rc exec-abc 2 "verify-by-execution takes a number" "$rgopt" --verify-by-execution=abc "$pair"
expect_rc exec-too-many 2 "from 0 to 1000" "$rgopt" --verify-by-execution=1001 "$pair"
# An op without an evaluator is an error naming the op and its declaration.
expect_rc exec-no-evaluator 1 "@copy: tosa.yield (node [0-9]*): no evaluator: declared at backends/tosa/tosa.ops:[0-9]* without eval" \
  "$rgopt" --target xnnpack --verify-by-execution tests/cli/no_evaluator.mlir -o "$tmp/null.out"
expect_rc exec-undeclared 1 "@copy: my.op (node [0-9]*): undeclared op" \
  "$rgopt" --target xnnpack --verify-by-execution tests/cli/undeclared.mlir -o "$tmp/null.out"
expect_rc mem-report 0 "" "$rgopt" --mem-report "$pair" -o "$tmp/null.out"
grep -Eq '^rgopt: memory: 5 nodes, [0-9]+ arena bytes, [0-9]+ in attributes, [0-9]+\.[0-9] bytes/node excluding attribute payloads$' \
  "$tmp/err" && pass mem-report-format || fail mem-report-format "$(oneline "$tmp/err")"

# ---- usage errors: exit 2 and a message naming the problem ----
for o in -o --passes --target --stats-json --disable-rule --isolate-rule --explain --budget; do
  expect_rc "missing-arg$o" 2 "option '$o' needs an argument" "$rgopt" "$pair" "$o"
done
expect_rc unknown-option 2 "unknown option '--frobnicate'" "$rgopt" --frobnicate "$pair"
expect_rc unknown-short 2 "unknown option '-q'" "$rgopt" -q "$pair"
expect_rc flag-with-value 2 "'--stats' takes no argument" "$rgopt" --stats=yes "$pair"
expect_rc unknown-pass 2 "unknown pass 'fuse_transpose'" "$rgopt" --passes cleanup,fuse_transpose "$pair"
expect_rc empty-passes 2 "needs at least one pass" "$rgopt" --passes= "$pair"
expect_rc unknown-target 2 "unknown target 'ethos-u99'" "$rgopt" --target ethos-u99 "$pair"
expect_rc two-inputs 2 "more than one input file" "$rgopt" "$pair" "$frozen"
expect_rc help 0 "" "$rgopt" --help
grep -q -- '--explain OP' "$tmp/out" && pass help-lists-options || fail help-lists-options "no --explain in --help"

# ---- bad input: exit 1 with FILE:LINE:COL; failed writes leave nothing ----
expect_rc missing-input 1 "cannot open '$tmp/none.mlir'" "$rgopt" "$tmp/none.mlir"
expect_rc directory-input 1 "cannot read 'tests'" "$rgopt" tests
if [ "$(id -u)" = 0 ]; then
  echo "SKIP unreadable-input: running as root, file modes do not stop reads"
else
  cp "$pair" "$tmp/noread.mlir" && chmod 000 "$tmp/noread.mlir"
  expect_rc unreadable-input 1 "noread.mlir" "$rgopt" "$tmp/noread.mlir"
fi
printf '"builtin.module"() ({\n  "func.func"() ({\n  }) : () -> ()\n' >"$tmp/open.mlir"
expect_rc malformed-unclosed 1 "open.mlir:1:21: error:" "$rgopt" "$tmp/open.mlir"
printf '"builtin.module"() ({\n  %%0 = "tosa.abs"(%%9) : (tensor<2xf32>) -> tensor<2xf32>\n}) : () -> ()\n' >"$tmp/undef.mlir"
expect_rc malformed-undefined-value 1 "undef.mlir:2:[0-9]*: error:" "$rgopt" "$tmp/undef.mlir"
expect_rc missing-output-dir 1 "$tmp/nodir/out.mlir" "$rgopt" "$pair" -o "$tmp/nodir/out.mlir"
[ -e "$tmp/nodir" ] && fail missing-output-dir-clean "something was created" || pass missing-output-dir-clean
if [ "$(id -u)" = 0 ]; then
  echo "SKIP unwritable-output-dir: running as root, directory modes do not stop writes"
else
  mkdir "$tmp/ro" && chmod 555 "$tmp/ro"
  expect_rc unwritable-output-dir 1 "ro/out.mlir" "$rgopt" "$pair" -o "$tmp/ro/out.mlir"
  [ -z "$(ls -A "$tmp/ro")" ] && pass unwritable-output-dir-clean || fail unwritable-output-dir-clean "$(ls -A "$tmp/ro")"
fi

# ---- standard input and output ----
"$rgopt" --target ethos-u55 "$pair" -o "$tmp/file.mlir" 2>/dev/null
"$rgopt" --target ethos-u55 - <"$pair" >"$tmp/stdin.mlir" 2>/dev/null
"$rgopt" --target ethos-u55 <"$pair" >"$tmp/noarg.mlir" 2>/dev/null
"$rgopt" --target ethos-u55 -o - "$pair" >"$tmp/dash.mlir" 2>/dev/null
cmp -s "$tmp/file.mlir" "$tmp/stdin.mlir" && pass stdin-dash || fail stdin-dash "differs from the file run"
cmp -s "$tmp/file.mlir" "$tmp/noarg.mlir" && pass stdin-default || fail stdin-default "differs from the file run"
cmp -s "$tmp/file.mlir" "$tmp/dash.mlir" && pass stdout-dash || fail stdout-dash "differs from the file run"
printf '"builtin.module"() ({\n  "bad"(\n' | "$rgopt" - >/dev/null 2>"$tmp/err"
rc=$?
[ $rc = 1 ] && grep -q '^<stdin>:2:\|^-:2:' "$tmp/err" && pass stdin-error-location ||
  fail stdin-error-location "status $rc: $(oneline "$tmp/err")"

# ---- rulegen ----
err_rules=tests/dsl/errors/arity_class.rules
# shellcheck disable=SC2086
expect_rc rulegen-targets-error 1 "arity_class.rules:3:11: error:" "$rg" $inc --targets "$err_rules"
[ -s "$tmp/out" ] && fail rulegen-targets-error-no-output "$(oneline "$tmp/out")" || pass rulegen-targets-error-no-output
# shellcheck disable=SC2086
expect_rc rulegen-missing-dir 1 "$tmp/nodir/x.c" "$rg" $inc -o "$tmp/nodir/x.c" rules/cleanup.rules
# shellcheck disable=SC2086
expect_rc rulegen-error-no-output 1 "error:" "$rg" $inc -o "$tmp/err.c" --header "$tmp/err.h" "$err_rules"
[ -e "$tmp/err.c" ] || [ -e "$tmp/err.h" ] && fail rulegen-error-no-files "an output was written" ||
  pass rulegen-error-no-files
for s in a-b "a b" "" "x.y" 'q$'; do
  # shellcheck disable=SC2086
  expect_rc "rulegen-symbol-bad-'$s'" 2 "is not usable in C names" "$rg" $inc -o "$tmp/sym.c" --symbol "$s" rules/cleanup.rules
  [ -e "$tmp/sym.c" ] && { fail "rulegen-symbol-bad-'$s'-no-output" "written"; rm -f "$tmp/sym.c"; }
done
# shellcheck disable=SC2086
expect_rc rulegen-symbol-ok 0 "" "$rg" $inc -o "$tmp/sym.c" --symbol 2nd_Set rules/cleanup.rules
grep -q 'rg_passes_2nd_Set\[' "$tmp/sym.c" && pass rulegen-symbol-used || fail rulegen-symbol-used "no rg_passes_2nd_Set"
# shellcheck disable=SC2086
expect_rc rulegen-symbol-default 0 "" "$rg" $inc -o "$tmp/my-rules.v2.c" rules/cleanup.rules
grep -q 'rg_passes_my_rules\[' "$tmp/my-rules.v2.c" && pass rulegen-symbol-sanitised ||
  fail rulegen-symbol-sanitised "no rg_passes_my_rules"

# Every construct (tests/dsl/ok/features.rules) generates C that links with
# the libraries and runs its passes on a graph read from text.
cc=${CC:-cc}
if ! command -v "$cc" >/dev/null 2>&1; then
  echo "SKIP features-link-run: no C compiler"
else
  # The driver of tests/gen/exec runs the rule set named `exec` and prints
  # each pass's rewrites, then the graph.
  mkdir "$tmp/feat"
  # shellcheck disable=SC2086
  if ! rules_tool exec tests/dsl/ok/features.rules tests/gen/exec/driver.c "$tmp/feat/driver" $inc; then
    fail features-link-run "$(oneline "$tmp/feat/driver.err" 5)"
  elif ! "$tmp/feat/driver" tests/cli/features.mlir >"$tmp/drv.out" 2>"$tmp/err"; then
    fail features-link-run "run: $(oneline "$tmp/drv.out") $(oneline "$tmp/err")"
  elif [ "$(grep '^// ' "$tmp/drv.out")" = "// features: 2 rewrites" ] && ! grep -q 'tosa\.\(abs\|add\)' "$tmp/drv.out"; then
    pass features-link-run
  else
    fail features-link-run "$(oneline "$tmp/drv.out")"
  fi
fi

# ---- refusals: tests/cli/refuse holds two planted wrong rules (a
# replacement of another static type, a new op its shape hook rejects) in
# a tool of its own, refuse-opt. Each refused match is listed in --stats
# (tests/cli/refuse/refused.expected), --stats-json and the report with
# its rule, .rules line, op and reason, and a rule refused with static
# types only warns once (warnings.expected) with an --explain command
# that shows the refusal ----
if command -v "$cc" >/dev/null 2>&1; then
  rf=tests/cli/refuse
  mkdir "$tmp/refuse"
  # shellcheck disable=SC2086
  if ! rules_tool refuse $rf/refuse.rules $rf/main.c "$tmp/refuse/refuse-opt" $inc; then
    fail refuse-build "$(oneline "$tmp/refuse/refuse-opt.err" 5)"
  else
    ropt="$tmp/refuse/refuse-opt"
    golden refuse-warnings --stderr $rf/warnings.expected --empty-stdout -- "$ropt" --target refuse $rf/graph.mlir -o /dev/null
    "$ropt" --target refuse --stats --stats-json "$tmp/refuse/s.json" --report "$tmp/refuse/r.html" $rf/graph.mlir \
      -o "$tmp/refuse/out.mlir" 2>"$tmp/refuse/stats"
    golden refuse-stats --stdout $rf/refused.expected -- sed -n '/^refused matches:$/,$p' "$tmp/refuse/stats"
    "$ropt" --passes none $rf/graph.mlir -o "$tmp/refuse/none.mlir"
    cmp -s "$tmp/refuse/out.mlir" "$tmp/refuse/none.mlir" && pass refuse-graph-unchanged ||
      fail refuse-graph-unchanged "a refused rule changed the graph"
    if command -v python3 >/dev/null 2>&1; then
      if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
got = [(r["rule"], r["source"], r["op"], r["node"], r["at"], r["explain"], r["likely_bug"]) for r in d["refusals"]]
src = "tests/cli/refuse/"
assert got == [
    ("drop_transpose", src + "refuse.rules:8:3", "tosa.transpose", "%0", src + "graph.mlir:7:10", "%0", True),
    ("abs_to_transpose", src + "refuse.rules:11:3", "tosa.abs", "%1", src + "graph.mlir:8:10", "%1", True),
    ("drop_transpose", src + "refuse.rules:8:3", "tosa.transpose", "%0", src + "graph.mlir:13:10", "6", True)], got
assert "perms has 3 entries but the input has rank 2" in d["refusals"][1]["reason"]
assert [r["refused"] for r in d["rules"]] == [2, 1]
' "$tmp/refuse/s.json" 2>"$tmp/err"; then
        pass refuse-json
      else
        fail refuse-json "$(tail -n 2 "$tmp/err" | tr '\n' '|')"
      fi
    fi
    if grep -q '<title>refuse-opt report: ' "$tmp/refuse/r.html" && grep -q '<h2>Refused matches</h2>' "$tmp/refuse/r.html" &&
       [ "$(grep -c '<td><b>likely bug</b>: ' "$tmp/refuse/r.html")" = 3 ] &&
       grep -q 'wrong.abs_to_transpose</code></td><td><code>tests/cli/refuse/refuse.rules:11:3</code></td><td><code>%1 (tosa.abs at ' "$tmp/refuse/r.html"; then
      pass refuse-report
    else
      fail refuse-report "$(grep -c 'likely bug' "$tmp/refuse/r.html") likely bugs; title: $(grep -o '<title>[^<]*' "$tmp/refuse/r.html")"
    fi
    # Each warning's command, run as printed, explains that refusal.
    n=0
    sed -n 's/.*; see why: refuse-opt //p' "$tmp/refuse/stats" >"$tmp/refuse/cmds"
    while read -r args; do
      n=$((n + 1))
      # shellcheck disable=SC2086
      eval "\"\$ropt\" $args" 2>&1 | grep -q 'explain: wrong\.[a-z_]*: refused: ' ||
        { fail refuse-explain-command "'refuse-opt $args' explains no refusal"; n=-99; }
    done <"$tmp/refuse/cmds"
    [ "$n" = 2 ] && pass refuse-explain-command
  fi
fi

# docs/rgopt.md's option table is one table (a blank line would end it and
# leave the rest as text) with one row per option of --help (-o and --help
# aside, described in the text), and its --target row names every target.
awk '/^\| option \| meaning \|$/ { t = 1; next } t && /^\|/ { print; next } t { exit }' docs/rgopt.md >"$tmp/table"
"$rgopt" --help | awk '/^  -/ { for (i = 1; i <= NF; i++) if ($i ~ /^--/) { sub(/[=[].*/, "", $i); print $i; break } }' >"$tmp/opts"
bad=
while read -r opt; do
  case $opt in --output|--help) continue ;; esac
  [ "$(grep -c "^| \`$opt[] =\`[]" "$tmp/table")" = 1 ] || bad="$bad $opt"
done <"$tmp/opts"
rows_after=$(sed -n '/^| option | meaning |$/,$p' docs/rgopt.md | awk 'NR > 2 && !/^\|/ { gap = 1 } gap && /^\| `--/' | head -n 1)
for t in $("$rgopt" --list | sed -n 's/^  \([a-z0-9-]*\):.*/\1/p'); do
  grep -q "^| \`--target NAME\` |.*\`$t\`" "$tmp/table" || bad="$bad target:$t"
done
if [ -z "$bad" ] && [ -z "$rows_after" ]; then
  pass docs-option-table
else
  fail docs-option-table "missing or repeated:$bad; rows after a gap: $rows_after"
fi
