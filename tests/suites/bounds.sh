#!/bin/sh
# Resource bounds on hostile input: non-regular files (/dev/zero, a FIFO
# without a writer, a directory) end at once with an error; a diagnostic on
# a 10 MB line echoes a short window around the column; deep nesting in a
# rules file is an error, not a crash; error and warning counts are capped.
# `timeout` only turns a hang into a failure; no time is measured.
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
rg="$RG_BUILD/bin/rulegen"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }

# errs NAME PATTERN CMD...: exit 1 (not a crash or a hang) with PATTERN in
# the first line of stderr.
errs() {
  name=$1 pat=$2
  shift 2
  timeout 20 "$@" >/dev/null 2>"$tmp/err"
  rc=$?
  if [ $rc -ne 1 ]; then
    fail "$name" "exit $rc, expected 1: $(head -c 300 "$tmp/err" | head -n 2 | tr '\n' '|')"
  elif ! head -n 1 "$tmp/err" | grep -q -- "$pat"; then
    fail "$name" "unexpected message: $(head -c 300 "$tmp/err" | head -n 1)"
  else
    pass "$name"
  fi
}

# A 10 MB line with an error at its end: the echo is a window of it.
{
  printf '"builtin.module"() ({\n  "acme.x"() {a = "'
  head -c 10000000 /dev/zero | tr '\0' x
  printf '"} : () -> () )\n}) : () -> ()\n'
} >"$tmp/long.mlir"
errs long-line "long.mlir:2:" "$rgopt" --passes none "$tmp/long.mlir"
size=$(wc -c <"$tmp/err")
if [ "$size" -lt 2000 ]; then
  pass long-line-short-echo
else
  fail long-line-short-echo "$size bytes of diagnostics"
fi
if sed -n 2p "$tmp/err" | grep -q '^\.\.\.x*"} : () -> () )$' && sed -n 3p "$tmp/err" | grep -q '^ *\^$'; then
  pass long-line-window
else
  fail long-line-window "$(sed -n 2,3p "$tmp/err" | cut -c1-200 | tr '\n' '|')"
fi

# Inputs that are not regular files.
mkfifo "$tmp/fifo"
errs rgopt-dev-zero "/dev/zero': it is not a regular file" "$rgopt" --passes none /dev/zero
errs rgopt-fifo-no-writer "no process writes to" "$rgopt" --passes none "$tmp/fifo"
errs rgopt-directory "it is a directory" "$rgopt" --passes none "$tmp"
errs rulegen-dev-zero "/dev/zero': it is not a regular file" "$rg" --check /dev/zero
errs rulegen-fifo-no-writer "no process writes to" "$rg" --check "$tmp/fifo"
errs rulegen-directory "it is a directory" "$rg" --check "$tmp"
# A FIFO with a writer, and a pipe on standard input, are read normally.
(sleep 0.2; cat tests/cli/pair.mlir) >"$tmp/fifo" &
writer=$!
if timeout 20 "$rgopt" --passes none "$tmp/fifo" -o "$tmp/a.mlir" 2>"$tmp/err" &&
   cat tests/cli/pair.mlir | timeout 20 "$rgopt" --passes none -o "$tmp/b.mlir" &&
   cmp -s "$tmp/a.mlir" "$tmp/b.mlir"; then
  pass fifo-with-writer
else
  fail fifo-with-writer "$(head -n 1 "$tmp/err")"
fi
# A writer still blocked opening the FIFO (rgopt never opened it) must not
# hang the suite.
kill "$writer" 2>/dev/null
wait "$writer" 2>/dev/null

# Rules files whose expressions nest deeper than the checker may recurse.
gen_rule() { # GUARD-PREFIX TERM SEPARATOR COUNT GUARD-SUFFIX
  awk -v pre="$1" -v term="$2" -v sep="$3" -v n="$4" -v post="$5" 'BEGIN {
    printf "import \"tosa.ops\"\npass p \"deep\" {\n  rule r: (tosa.transpose x {perms = p}) if %s", pre
    for (i = 0; i < n; i++) printf "%s%s", (i ? sep : ""), term
    printf "%s => x\n}\n", post }'
}
gen_rule "" "len(p) == 3" " && " 50000 "" >"$tmp/and.rules"
errs rulegen-and-chain "nested too deeply" "$rg" -I backends/tosa --check "$tmp/and.rules"
gen_rule "len(p)" "[0]" "" 50000 " == 3" >"$tmp/index.rules"
errs rulegen-index-chain "nested too deeply" "$rg" -I backends/tosa --check "$tmp/index.rules"
gen_rule "" "!" "" 50000 "true" >"$tmp/not.rules"
errs rulegen-not-chain "nested too deeply" "$rg" -I backends/tosa --check "$tmp/not.rules"
gen_rule "" "(" "" 50000 "true" >"$tmp/paren.rules"
errs rulegen-paren-chain "nesting too deep" "$rg" -I backends/tosa --check "$tmp/paren.rules"
# A long chain within the limit compiles.
gen_rule "" "len(p) == 3" " && " 900 "" >"$tmp/long.rules"
if "$rg" -I backends/tosa -o "$tmp/long.c" "$tmp/long.rules" 2>"$tmp/err"; then
  pass rulegen-long-chain
else
  fail rulegen-long-chain "$(head -n 1 "$tmp/err" | cut -c1-200)"
fi

# Error and warning caps.
awk 'BEGIN {
  printf "import \"tosa.ops\"\npass p \"many warnings\" {\n"
  for (i = 0; i < 300; i++) printf "  rule r%d: (tosa.transpose x {perms = p%d}) if len([%d]) == 1 => x\n", i, i, i
  printf "}\n" }' >"$tmp/warn.rules"
"$rg" -I backends/tosa --check "$tmp/warn.rules" 2>"$tmp/err"
n=$(grep -c ': warning: ' "$tmp/err")
if [ "$n" = 100 ] && grep -q '^note: 200 more warnings not shown (limit 100)$' "$tmp/err"; then
  pass rulegen-warning-cap
else
  fail rulegen-warning-cap "$n warnings shown"
fi
"$rg" --max-warnings 5 -I backends/tosa --check "$tmp/warn.rules" 2>"$tmp/err"
n=$(grep -c ': warning: ' "$tmp/err")
[ "$n" = 5 ] && pass rulegen-max-warnings || fail rulegen-max-warnings "$n warnings shown"
awk 'BEGIN {
  printf "import \"tosa.ops\"\npass p \"many errors\" {\n"
  for (i = 0; i < 300; i++) printf "  rule r%d: (tosa.nosuch x) => x\n", i
  printf "}\n" }' >"$tmp/errs.rules"
"$rg" --max-errors 3 -I backends/tosa --check "$tmp/errs.rules" 2>"$tmp/err"
n=$(grep -c ': error: ' "$tmp/err")
[ "$n" = 3 ] && grep -q 'too many errors' "$tmp/err" && pass rulegen-max-errors || fail rulegen-max-errors "$n errors shown"
awk 'BEGIN {
  printf "\"builtin.module\"() ({\n  \"func.func\"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = \"f\"}> ({\n  ^bb0(%%a: tensor<4xf32>):\n"
  for (i = 0; i < 30; i++) printf "    %%c%d = \"tosa.clamp\"(%%a) <{max_val = 0.0 : f32, min_val = 1.0 : f32}> : (tensor<4xf32>) -> tensor<4xf32>\n", i
  printf "    \"func.return\"(%%a) : (tensor<4xf32>) -> ()\n  }) : () -> ()\n}) : () -> ()\n" }' >"$tmp/errs.mlir"
"$rgopt" --passes none "$tmp/errs.mlir" -o /dev/null 2>"$tmp/err"
n=$(grep -c ': error: ' "$tmp/err")
[ "$n" = 20 ] && grep -q 'too many errors (30)' "$tmp/err" && pass rgopt-error-cap || fail rgopt-error-cap "$n errors shown"
"$rgopt" --max-errors 2 --passes none "$tmp/errs.mlir" -o /dev/null 2>"$tmp/err"
n=$(grep -c ': error: ' "$tmp/err")
[ "$n" = 2 ] && pass rgopt-max-errors || fail rgopt-max-errors "$n errors shown"
"$rgopt" --max-errors 0 --passes none "$tmp/errs.mlir" -o /dev/null 2>"$tmp/err"
n=$(grep -c ': error: ' "$tmp/err")
[ "$n" = 30 ] && pass rgopt-max-errors-all || fail rgopt-max-errors-all "$n errors shown"
