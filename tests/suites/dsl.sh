#!/bin/sh
# DSL front-end suite: golden diagnostics (tests/dsl/errors), golden AST
# dumps (tests/dsl/ok), the rule library checking clean, CLI usage and
# robustness on truncated and hostile inputs. Runs from RG_ROOT so paths in
# diagnostics are the relative ones given on the command line.
cd "$RG_ROOT" || exit 1
rg="$RG_BUILD/bin/rulegen"
inc="-I backends/tosa -I backends/xnnpack"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -x "$rg" ] || { echo "FAIL dsl: $rg not built"; exit 0; }
. tests/golden.sh

# Golden error tests (tests/golden.sh): NAME.err is the exact stderr; the
# exit status is 1 unless the source has a line `// exit: N`.
for src in tests/dsl/errors/*.rules tests/dsl/errors/*.ops; do
  [ -f "$src" ] || continue
  name=${src%.*}
  want=$(sed -n 's|^// exit: \([0-9]*\)$|\1|p' "$src" | head -n 1)
  # shellcheck disable=SC2086
  golden "$name" --status "${want:-1}" --stderr "$name.err" --empty-stdout -- "$rg" $inc --check "$src"
done

# The generator's limits are the checker's: for a file past one, -o fails
# with the diagnostics of --check and writes nothing.
for src in tests/dsl/errors/limit_*.rules; do
  rm -f "$tmp/limit.c"
  # shellcheck disable=SC2086
  "$rg" $inc -o "$tmp/limit.c" "$src" >/dev/null 2>"$tmp/err"
  if [ $? -eq 1 ] && [ ! -e "$tmp/limit.c" ] && cmp -s "$tmp/err" "${src%.rules}.err"; then
    echo "PASS limits-agree $src"
  else
    echo "FAIL limits-agree $src: -o does not fail as --check does"
  fi
done

# Golden AST dumps.
for src in tests/dsl/ok/*.rules tests/dsl/ok/*.ops; do
  [ -f "$src" ] || continue
  # shellcheck disable=SC2086
  golden "${src%.*}" --empty-stderr --stdout "${src%.*}.ast" -- "$rg" $inc --dump-ast "$src"
done

# The rule library and op declarations check clean: no output at all.
for f in rules/*.rules backends/*/*.rules backends/*/*.ops; do
  if $rg -I rules $inc --check "$f" >"$tmp/out" 2>&1 && [ ! -s "$tmp/out" ]; then
    echo "PASS library $f"
  else
    echo "FAIL library $f: not clean"; head -n 5 "$tmp/out"
  fi
done
if $rg $inc --check rules/*.rules >"$tmp/out" 2>&1 && [ ! -s "$tmp/out" ]; then
  echo "PASS library all-at-once"
else
  echo "FAIL library all-at-once"; head -n 5 "$tmp/out"
fi

# CLI: usage errors exit 2, --help/--version exit 0.
expect_rc() { # name want cmd...
  n=$1 w=$2; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; r=$?
  if [ $r -eq "$w" ]; then echo "PASS cli $n"; else echo "FAIL cli $n: exit $r, expected $w"; fi
}
expect_rc help 0 $rg --help
expect_rc version 0 $rg --version
expect_rc no-args 2 $rg
expect_rc no-files 2 $rg --check
expect_rc no-mode 2 $rg rules/transpose.rules
expect_rc unknown-option 2 $rg --frobnicate --check rules/transpose.rules
expect_rc o-needs-arg 2 $rg rules/transpose.rules -o
expect_rc header-needs-o 2 $rg --header x.h rules/transpose.rules
expect_rc missing-I-arg 2 $rg --check rules/transpose.rules -I
expect_rc missing-file 1 $rg --check tests/dsl/no-such-file.rules
expect_rc directory 1 $rg --check tests/dsl
expect_rc stdin 0 sh -c "$rg $inc --check - <backends/tosa/tosa.ops"
# A file with errors generates nothing: no output file is left behind.
rm -f "$tmp/bad.c"
$rg -o "$tmp/bad.c" tests/dsl/errors/unknown_op.rules >/dev/null 2>&1
if [ $? -eq 1 ] && [ ! -e "$tmp/bad.c" ]; then
  echo "PASS cli codegen-no-output-on-error"
else
  echo "FAIL cli codegen-no-output-on-error"
fi

# Robustness: every prefix of a real file, hostile bytes and deep nesting
# give status 0 or 1 (never a crash), and errors are file:line:col.
robust() { # name file
  $rg $inc --check "$2" >"$tmp/out" 2>"$tmp/err"; r=$?
  if [ $r -gt 1 ]; then echo "FAIL robust $1: exit status $r"; head -n 3 "$tmp/err"; return 1; fi
  if [ $r -eq 1 ] && ! grep -q "^$2:[0-9]*:[0-9]*: error: " "$tmp/err"; then
    echo "FAIL robust $1: no located error"; head -n 3 "$tmp/err"; return 1
  fi
  return 0
}
ok=1
size=$(wc -c <rules/transpose.rules)
i=0
while [ $i -lt "$size" ]; do
  head -c $i rules/transpose.rules >"$tmp/prefix.rules"
  cp backends/tosa/tosa.ops "$tmp/tosa.ops"
  robust "prefix-$i" "$tmp/prefix.rules" || { ok=0; break; }
  i=$((i + 37))
done
[ $ok -eq 1 ] && echo "PASS robust prefixes"
awk 'BEGIN { s = "pass p { rule r: "; for (i = 0; i < 5000; i++) s = s "(tosa.abs "; print s "x" }' >"$tmp/deep.rules"
robust deep-pattern "$tmp/deep.rules" && grep -q "nesting too deep" "$tmp/err" && echo "PASS robust deep-pattern"
awk 'BEGIN { s = "pass p { rule r: (tosa.abs x) if "; for (i = 0; i < 100000; i++) s = s "!"; print s "true => x }" }' >"$tmp/bang.rules"
robust deep-unary "$tmp/bang.rules" && grep -q "nested too deeply" "$tmp/err" && echo "PASS robust deep-unary"
printf 'pass p {\0 rule \377\376 r: (x\n' >"$tmp/bin.rules"
robust binary "$tmp/bin.rules" && echo "PASS robust binary"
head -c 3000 /dev/urandom >"$tmp/rand.rules" 2>/dev/null && robust random "$tmp/rand.rules" && echo "PASS robust random"

# Inputs the fuzzer once crashed on: each must now give a clean exit 0 or 1.
for f in tests/fuzz/regress/*; do
  [ -f "$f" ] || continue
  robust "regress $(basename "$f")" "$f" && echo "PASS robust regress $(basename "$f")"
done
