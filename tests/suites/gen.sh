# Code generation: deterministic output, dependency files, the derived
# target-op conditions (golden), and generated C for every language
# construct compiling warning-free under gcc and clang with strict flags.
# test-runner: alone: it touches the build's rulegen and runs make on the build.
cd "$RG_ROOT" || exit 1
# A library built with the prover (rgopt --prove) needs libz3 too.
z3=; nm "$RG_BUILD/lib/librulegen.a" 2>/dev/null | grep -q " U Z3_" && z3=-lz3
rg="$RG_BUILD/bin/rulegen"
inc="-I rules -I backends/tosa -I backends/xnnpack"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lib="rules/*.rules backends/*/*.rules"
. tests/golden.sh

# shellcheck disable=SC2086
mkdir -p "$tmp/1" "$tmp/2"
$rg $inc -o "$tmp/1/x.c" --header "$tmp/1/x.h" $lib && $rg $inc -o "$tmp/2/x.c" --header "$tmp/2/x.h" $lib
sed "s|$tmp/1/|DIR/|" "$tmp/1/x.c" >"$tmp/a.c"
sed "s|$tmp/2/|DIR/|" "$tmp/2/x.c" >"$tmp/b.c"
if cmp -s "$tmp/a.c" "$tmp/b.c" && cmp -s "$tmp/1/x.h" "$tmp/2/x.h"; then
  echo "PASS deterministic"
else
  echo "FAIL deterministic: two runs differ"
fi
# Wrapped tables keep a blank after each comma, however long the line
# before the wrap was (the library as the build generates it, and as one
# file).
if grep -nE '^  .*(\],&|",")' "$tmp/a.c" "$RG_BUILD/gen/rules/builtin.c" >"$tmp/commas"; then
  echo "FAIL list-commas: $(head -n 2 "$tmp/commas" | cut -c1-160)"
else
  echo "PASS list-commas"
fi
if grep -q "$RG_ROOT" "$tmp/a.c" || grep -qiE 'generated (on|at) [0-9]' "$tmp/a.c"; then
  echo "FAIL no-absolute-paths: the output names the checkout or a date"
else
  echo "PASS no-absolute-paths"
fi

$rg $inc -o "$tmp/t.c" -MD rules/transpose.rules
if grep -q '^'"$tmp"'/t.c: rules/transpose.rules backends/tosa/tosa.ops$' "$tmp/t.d" && grep -q '^backends/tosa/tosa.ops:$' "$tmp/t.d"; then
  echo "PASS depfile"
else
  echo "FAIL depfile: unexpected dependencies"; cat "$tmp/t.d"
fi
$rg $inc -o "$tmp/u.c" -MF "$tmp/custom.d" rules/cleanup.rules
if grep -q 'rules/cleanup.rules' "$tmp/custom.d"; then echo "PASS depfile-MF"; else echo "FAIL depfile-MF"; fi

# shellcheck disable=SC2086
golden targets-golden --stdout tests/gen/transpose.targets -- "$rg" $inc --targets rules/transpose.rules

grep -q '^#line [0-9]* "rules/transpose.rules"' "$tmp/a.c" && echo "PASS line-directives" || echo "FAIL line-directives"
$rg $inc --no-line -o "$tmp/n.c" rules/transpose.rules
if grep -q '^#line' "$tmp/n.c"; then echo "FAIL no-line: #line still present"; else echo "PASS no-line"; fi

# Exact #line (tests/gen/lines): following the compiler's own line count
# through the file, every line calling mN(rw, ...) or nN(rw, ...) is placed
# on line N of the rules file, every action's signature on its rule's first
# line with the rule's echo (its lines joined by single spaces; a trigraph's
# `??` as `? ?`) right above it (a `#line` between), and every line placed
# in the C file on its own line.
lr=tests/gen/lines/lines.rules
if $rg -o "$tmp/lines.c" --header "$tmp/lines.h" $lr 2>"$tmp/err"; then
  bad=$(awk -v rules="$lr" -v out="$tmp/lines.c" '
    BEGIN { while ((getline t < rules) > 0) src[++n] = t; f = out }
    /^#line / { l = $2; f = $3; gsub(/"/, "", f); next }
    { at = (f == out && l == "") ? NR : l }
    f == out && at != NR { print NR ": placed on line " at " of the C file"; exit }
    {
      t = $0
      while (match(t, /[mn][0-9]+\(rw,/)) {
        want = substr(t, RSTART + 1, RLENGTH - 5) + 0
        if (f != rules || want != at) { print NR ": a call from line " want " placed on " f ":" at; exit }
        t = substr(t, RSTART + RLENGTH)
      }
    }
    function tri(t,   r, i, c) {
      r = ""
      for (i = 1; i <= length(t); i++) {
        c = substr(t, i, 1); r = r c
        if (c == "?" && substr(t, i + 1, 1) == "?" && substr(t, i + 2, 1) != "" && index("=(/)\047<!>-", substr(t, i + 2, 1))) r = r " "
      }
      return r
    }
    /^\/\* rule / { inecho = 1; echo = "" }
    inecho {
      e = $0; sub(/^(\/\*| \*) */, "", e)
      if (sub(/ *\*\/$/, "", e)) { inecho = 0; echoend = NR }
      echo = echo (echo == "" ? "" : " ") e
    }
    /^static RG_NOINLINE int / {
      if (f != rules) { print NR ": a signature not placed on the rules file"; exit }
      if (echoend != NR - 2 && echoend != NR - 1) { print NR ": a signature with no echo right above it"; exit }
      r = ""; k = at
      while (length(r) < length(echo) && k <= n) {
        t = src[k++]; gsub(/^ +| +$/, "", t); t = tri(t); gsub(/\*\//, "* /", t)
        r = r (r == "" ? "" : " ") t
      }
      if (echo != r) { print NR ": echo \"" echo "\" is not rules lines " at "-" k - 1 " \"" r "\""; exit }
    }
    { if (l != "") l++ }' "$tmp/lines.c")
  calls=$(grep -c '[mn][0-9]*(rw,' "$tmp/lines.c")
  echoes=$(grep -c '^ */\* rule [a-z]*:' "$tmp/lines.c")
  if [ -z "$bad" ] && [ "$calls" -ge 6 ] && [ "$echoes" -eq 2 ]; then echo "PASS line-exact"; else
    echo "FAIL line-exact: ${bad:-$calls calls, $echoes echoes}"; fi
  # A deliberate error in one call: the compiler names that call's line.
  for m in m17 m19 n19 m20 m22 m23; do
    n=${m#?}
    cc -std=c11 -Iruntime/include -I"$tmp" "-D$m=@" -c "$tmp/lines.c" -o "$tmp/lines.o" 2>"$tmp/cc.err"
    got=$(grep -o "^$lr:[0-9]*:" "$tmp/cc.err" | sort -u | tr '\n' ' ')
    if [ "$got" = "$lr:$n: " ]; then echo "PASS line-error-$m"; else echo "FAIL line-error-$m: errors at '$got'"; fi
  done
  # Explain mode quotes each conjunct of the guard on its own: each step's
  # RG_NO (the test's, unevaluable 0; a value that cannot be computed
  # returns the same one with 1) points into the pass's table of (text, reads) pairs, whose
  # literals may be cut into adjacent pieces.
  awk '
    /_why\[[0-9]+\] = \{/ { t = 1; sub(/^[^{]*\{/, "") }
    t { l = $0; if (sub(/\};$/, "", l)) t = 0; tab = tab l "\n"; next }
    { while (match($0, /RG_NO\([0-9]+, 0, [A-Za-z0-9_]+_why \+ [0-9]+/)) {
        c = substr($0, RSTART, RLENGTH); sub(/.* \+ /, "", c); calls[++nc] = c
        $0 = substr($0, RSTART + RLENGTH) } }
    END {
      n = 0; cur = ""; open = 0
      for (i = 1; i <= length(tab); i++) {
        ch = substr(tab, i, 1)
        if (open) {
          if (ch == "\\") { cur = cur substr(tab, i + 1, 1); i++ } else if (ch == "\"") open = 0; else cur = cur ch
        } else if (ch == "\"") open = 1
        else if (ch == ",") { item[n++] = cur; cur = "" }
      }
      item[n++] = cur
      for (k = 1; k <= nc; k++) print item[calls[k]]
    }' "$tmp/lines.c" >"$tmp/conj"
  if cmp -s "$tmp/conj" tests/gen/lines/conjuncts.expected; then echo "PASS explain-conjuncts"; else
    echo "FAIL explain-conjuncts: $(tr '\n' '|' <"$tmp/conj")"; fi
else
  echo "FAIL line-exact: $(head -n 3 "$tmp/err")"
fi

# Every construct of the language, compiled with both compilers.
flags="-std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Iruntime/include"
if $rg $inc -o "$tmp/features.c" tests/dsl/ok/features.rules; then
  for cc in cc clang; do
    if ! command -v $cc >/dev/null 2>&1; then echo "SKIP compile-features-$cc: $cc not installed"; continue; fi
    # shellcheck disable=SC2086
    if $cc $flags -O1 -c "$tmp/features.c" -o "$tmp/features.o" 2>"$tmp/err"; then
      echo "PASS compile-features-$cc"
    else
      echo "FAIL compile-features-$cc"; head -n 10 "$tmp/err"
    fi
  done
else
  echo "FAIL generate-features"
fi

# The generator built by gcc and by clang writes the same bytes (no
# dependence on evaluation order, pointer values or floating-point printing).
san=
nm "$RG_BUILD/lib/librulegen.a" 2>/dev/null | grep -q __asan_ && san="-fsanitize=address,undefined"
nm "$RG_BUILD/lib/librulegen.a" 2>/dev/null | grep -q __gcov_ && san="$san --coverage"
gen_srcs="tools/rulegen.c tools/rulegen_prove.c gen/*.c dsl/*.c $RG_BUILD/gen/dsl/lexer.c $RG_BUILD/gen/dsl/grammar.c"
[ -n "$z3" ] && gen_srcs="-DRG_HAVE_Z3 $gen_srcs tools/prover/*.c"
built=""
for cc in gcc clang; do
  if ! command -v $cc >/dev/null 2>&1; then echo "SKIP rulegen-$cc-identical: $cc not installed"; continue; fi
  # shellcheck disable=SC2086
  if $cc -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -w -Idsl -Igen -I"$RG_BUILD/gen/dsl" -Iruntime/include -Iruntime \
       -I"$RG_BUILD/gen" $gen_srcs "$RG_BUILD/lib/librulegen.a" -lm $z3 $san -o "$tmp/rulegen-$cc" 2>"$tmp/err"; then
    built="$built $cc"
  else
    echo "FAIL rulegen-$cc-identical: cannot build rulegen with $cc: $(head -n 3 "$tmp/err")"
  fi
done
mkdir -p "$tmp/out"
# shellcheck disable=SC2086
$rg $inc -o "$tmp/out/x.c" --header "$tmp/out/x.h" --symbol builtin $lib && cat "$tmp/out/x.c" "$tmp/out/x.h" >"$tmp/ref"
for cc in $built; do
  rm -f "$tmp/out/x.c" "$tmp/out/x.h"
  # shellcheck disable=SC2086
  "$tmp/rulegen-$cc" $inc -o "$tmp/out/x.c" --header "$tmp/out/x.h" --symbol builtin $lib 2>"$tmp/err"
  if cat "$tmp/out/x.c" "$tmp/out/x.h" 2>/dev/null | cmp -s - "$tmp/ref"; then
    echo "PASS rulegen-$cc-identical"
  else
    echo "FAIL rulegen-$cc-identical: rulegen built by $cc writes different C: $(head -n 3 "$tmp/err")"
  fi
done

# Two rule sets that both define pass `cleanup` link into one program and
# both run: every global carries the set's --symbol.
two=tests/gen/two_sets
if $rg $inc -o "$tmp/one.c" --header "$tmp/one.h" --symbol one $two/one.rules &&
   $rg $inc -o "$tmp/two.c" --header "$tmp/two.h" --symbol two $two/two.rules; then
  # shellcheck disable=SC2086
  if ! cc -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Iruntime/include -I"$tmp" $two/driver.c \
       "$tmp/one.c" "$tmp/two.c" "$RG_BUILD/lib/librgbackends.a" "$RG_BUILD/lib/librulegen.a" -lm $z3 $san \
       -o "$tmp/two_sets" 2>"$tmp/err"; then
    echo "FAIL two-sets-link: $(head -n 5 "$tmp/err")"
  # Left: builtin.module, func.func and func.return.
  elif [ "$("$tmp/two_sets" $two/graph.mlir 2>&1)" = "one: 1 rewrites, two: 1 rewrites, 3 ops left" ]; then
    echo "PASS two-sets-link"
  else
    echo "FAIL two-sets-link: $("$tmp/two_sets" $two/graph.mlir 2>&1 | head -n 3)"
  fi
else
  echo "FAIL two-sets-link: rulegen failed"
fi

# An unchanged generated file is not rewritten (its time stamp stays), so a
# second make compiles nothing; -MT names the dependency file's target.
$rg $inc -o "$tmp/keep.c" --header "$tmp/keep.h" rules/cleanup.rules
touch -d '2000-01-01' "$tmp/keep.c" "$tmp/keep.h"
$rg $inc -o "$tmp/keep.c" --header "$tmp/keep.h" -MD -MT "$tmp/stamp" rules/cleanup.rules
if [ "$(find "$tmp/keep.c" "$tmp/keep.h" -newermt '2000-01-02')" ]; then
  echo "FAIL unchanged-not-rewritten: rulegen rewrote identical output"
else
  echo "PASS unchanged-not-rewritten"
fi
grep -q "^$tmp/stamp: rules/cleanup.rules" "$tmp/keep.d" && echo "PASS depfile-MT" || echo "FAIL depfile-MT: $(head -n 1 "$tmp/keep.d")"
# The real build: after a relinked rulegen, make reruns it and compiles
# nothing; the make after that does nothing at all. The commands make
# echoes are what is read: --no-silent keeps them under an outer `make -s`,
# whose MAKEFLAGS (with its BUILD and SANFLAGS) reach these makes.
if command -v make >/dev/null 2>&1 && [ -f "$RG_BUILD/gen/rules/builtin.stamp" ]; then
  # The build directory as the build named it: object dependency files hold
  # that spelling, and another one would be a different make target.
  b=${RG_BUILD#"$RG_ROOT"/}
  touch "$RG_BUILD/bin/rulegen"
  make --no-silent -C "$RG_ROOT" BUILD="$b" "$b/obj/gen/rules/builtin.o" >"$tmp/make1" 2>&1
  make --no-silent -C "$RG_ROOT" BUILD="$b" "$b/obj/gen/rules/builtin.o" >"$tmp/make2" 2>&1
  if grep -q -- '-c .*builtin\.c' "$tmp/make1" "$tmp/make2" || grep -q 'bin/rulegen' "$tmp/make2" ||
     ! grep -q 'bin/rulegen' "$tmp/make1"; then
    echo "FAIL second-make-compiles-nothing: $(cat "$tmp/make1" "$tmp/make2" | grep -v 'ing directory' | tr '\n' '|' | head -c 2000)"
  else
    echo "PASS second-make-compiles-nothing"
  fi
else
  echo "SKIP second-make-compiles-nothing: make or $RG_BUILD/gen/rules/builtin.stamp absent"
fi

# Checked hooks: the generated header declares every shape hook, evaluator
# and extern with the signature the generated code calls, so a hook written
# with float where double is passed does not compile, and a hook the
# registry names but nobody defines is a link error naming it.
h=tests/gen/hooks
cc=${CC:-cc}
if $rg -I $h -o "$tmp/my.c" --header "$tmp/my.h" --symbol my $h/my.rules; then
  hflags="$flags -I$tmp -c"
  # shellcheck disable=SC2086
  if $cc $hflags $h/hooks_ok.c -o "$tmp/hooks_ok.o" 2>"$tmp/err" && $cc $hflags "$tmp/my.c" -o "$tmp/my.o" 2>>"$tmp/err"; then
    echo "PASS hooks-compile"
  else
    echo "FAIL hooks-compile"; head -n 10 "$tmp/err"
  fi
  # shellcheck disable=SC2086
  if $cc $hflags $h/hooks_float.c -o "$tmp/hooks_float.o" 2>"$tmp/err"; then
    echo "FAIL hooks-float-mismatch: a hook taking float where double is passed compiled"
  elif grep -q "my_small" "$tmp/err"; then
    echo "PASS hooks-float-mismatch"
  else
    echo "FAIL hooks-float-mismatch: the error does not name my_small"; head -n 5 "$tmp/err"
  fi
  # shellcheck disable=SC2086
  if $cc $hflags $h/main.c -o "$tmp/main.o" 2>"$tmp/err" &&
     $cc $san "$tmp/main.o" "$tmp/my.o" "$tmp/hooks_ok.o" "$RG_BUILD/lib/librulegen.a" -lm $z3 -o "$tmp/my" 2>>"$tmp/err" &&
     [ "$("$tmp/my")" = my.scale ]; then
    echo "PASS hooks-link"
  else
    echo "FAIL hooks-link"; head -n 10 "$tmp/err"
  fi
  # shellcheck disable=SC2086
  $cc $hflags -DLEAVE_OUT_EVAL $h/hooks_ok.c -o "$tmp/hooks_noeval.o"
  # shellcheck disable=SC2086
  if $cc $san "$tmp/main.o" "$tmp/my.o" "$tmp/hooks_noeval.o" "$RG_BUILD/lib/librulegen.a" -lm $z3 -o "$tmp/my2" 2>"$tmp/err"; then
    echo "FAIL hooks-missing: linked without my_eval_scale"
  elif grep -q "my_eval_scale" "$tmp/err"; then
    echo "PASS hooks-missing"
  else
    echo "FAIL hooks-missing: the link error does not name my_eval_scale"; head -n 5 "$tmp/err"
  fi
else
  echo "FAIL hooks-generate"
fi

# Hostile rule text gives C that compiles in strict ISO C; user-chosen C
# names that would not compile are rejected where they are declared.
if $rg $inc -o "$tmp/hostile.c" tests/gen/hostile.rules 2>"$tmp/err"; then
  for cc in gcc clang; do
    if ! command -v $cc >/dev/null 2>&1; then echo "SKIP hostile-compiles-$cc: $cc not installed"; continue; fi
    if $cc -std=c11 -pedantic -Wall -Wextra -Werror -Wtrigraphs -Iruntime/include -c "$tmp/hostile.c" \
         -o "$tmp/hostile.o" 2>"$tmp/err"; then
      echo "PASS hostile-compiles-$cc"
    else
      echo "FAIL hostile-compiles-$cc: $(head -n 3 "$tmp/err")"
    fi
  done
else
  echo "FAIL hostile-compiles: rulegen: $(head -n 3 "$tmp/err")"
fi
# shellcheck disable=SC2086
golden reserved-names --status 1 --stderr tests/gen/reserved.err --no-file "$tmp/reserved.c" -- \
  "$rg" $inc -o "$tmp/reserved.c" tests/gen/reserved.rules

# One checker: every rules or ops file of the tree that `--check` accepts
# generates C (`-o`), and the C compiles warning-free under gcc and clang.
# Files that only exist to be rejected (golden errors) are left out by the
# check itself.
ccs=
for cc in gcc clang; do command -v $cc >/dev/null 2>&1 && ccs="$ccs $cc"; done
accepted=0 generated=0 compiled=0 bad=""
all_inc="$inc -I backends/arm"
for f in $(find rules backends examples tests -name '*.rules' -o -name '*.ops' | LC_ALL=C sort); do
  # shellcheck disable=SC2086
  $rg $all_inc --check "$f" >/dev/null 2>&1 || continue
  accepted=$((accepted + 1))
  rm -f "$tmp/acc.c"
  # shellcheck disable=SC2086
  if ! $rg $all_inc -o "$tmp/acc.c" "$f" 2>"$tmp/err"; then
    bad="$bad $f(rulegen: $(head -n 1 "$tmp/err"))"
    continue
  fi
  generated=$((generated + 1))
  ok=1
  for cc in $ccs; do
    # shellcheck disable=SC2086
    if ! $cc $flags -O1 -c "$tmp/acc.c" -o "$tmp/acc.o" 2>"$tmp/err"; then
      ok=0; bad="$bad $f($cc: $(grep -m 1 error "$tmp/err"))"
    fi
  done
  compiled=$((compiled + ok))
done
if [ -z "$bad" ] && [ "$accepted" -gt 50 ]; then
  echo "PASS accepted-files-compile: $accepted files accepted, generated and compiled with$ccs"
else
  echo "FAIL accepted-files-compile: $accepted accepted, $generated generated, $compiled compiled;$bad" | head -c 2000; echo
fi

# The constructs beyond plain op trees ({!name}, '??', named nodes,
# min/max, '?:', int lists, type literals, inf, full, type attributes),
# run over a graph: tests/gen/exec/graph.expected is the result.
ex=tests/gen/exec
if $rg -I backends/arm -I backends/xnnpack -o "$tmp/exec.c" --header "$tmp/exec.h" $ex/exec.rules 2>"$tmp/err" &&
   cc -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Iruntime/include -I"$tmp" $ex/driver.c "$tmp/exec.c" \
     "$RG_BUILD/lib/librgbackends.a" "$RG_BUILD/lib/librulegen.a" -lm $z3 $san -o "$tmp/exec" 2>>"$tmp/err"; then
  golden exec-constructs --stdout $ex/graph.expected -- "$tmp/exec" $ex/graph.mlir
else
  echo "FAIL exec-constructs: $(head -n 5 "$tmp/err")"
fi

# A test two neighbouring rules both run, though not first, runs once for
# both (tests/gen/share): the operand's op is tested once, before the perms
# that tell the rules apart. An expression an action computed is not
# computed again.
if $rg -I backends/tosa -o "$tmp/share.c" tests/gen/share/share.rules 2>"$tmp/err"; then
  awk '/^static int share_match/, /^}/' "$tmp/share.c" >"$tmp/share_match.c"
  abs=$(grep -c '== S_abs ' "$tmp/share_match.c")
  first=$(grep -n 'S_abs\|S_ATTR_perms' "$tmp/share_match.c" | head -n 1)
  case $abs:$first in
  1:*S_abs*) echo "PASS shared-later-test" ;;
  *) echo "FAIL shared-later-test: the abs test printed $abs times; first test: $first" ;;
  esac
  # The replacement reads what the guard computed: one shape read, one
  # element read.
  awk '/^static RG_NOINLINE int share_values__same/, /^}/' "$tmp/share.c" >"$tmp/same.c"
  shapes=$(grep -o 'rg_value_shape(' "$tmp/same.c" | wc -l) reads=$(grep -o 'rg_ints_at(' "$tmp/same.c" | wc -l)
  if [ "$shapes:$reads" = 1:1 ]; then echo "PASS computed-once"; else
    echo "FAIL computed-once: $shapes shape reads, $reads element reads"; fi
else
  echo "FAIL shared-later-test: $(head -n 3 "$tmp/err")"
fi

# Generated lines per rule: every shipped rules file generated as
# `rulegen -o OUT.c FILE` (no header), the lines of its passes (#line
# included; the op registry and hook declarations before them come from
# the .ops files) over the rules they hold: at most 40. A pass's ids and
# tables are paid once whatever its rules, so a file whose passes average
# fewer than 3 rules may add 25 lines a pass. The whole of
# rules/transpose.rules's output, tables included, stays within 40 lines a
# rule.
#
# Width: no line of the C file or header is wider than 120 columns, but
# for the lines of action and match functions, which hold the C of one
# rules line each (the compiler places each on its rules line), and the
# rule echoed above an action (a word of the rule is not broken): their
# columns past 120, summed over the shipped files, per rule they hold,
# can only shrink (a ceiling per rule, so that adding rules is no reason
# to raise it). 1047 before constant lists became compound literals and
# the actions read the graph once (gr); 1038 before guard steps returned
# their explanation where a value fails, nodes were built by rg_rw_make
# and match tests became RG_TEST; 910 before a node's attribute tests
# became one RG_HAS and checks that end a match function returned; 906
# before a rule's last checks and its accept became one statement (which
# costs width) and an action computed an equal expression once (which
# saves it); 903 before the fallible calls of a step became one test
# (`if (!(f(a, &t1) && g(t1, &t2))) fail`, their declarations one per type)
# and the pattern's reads one line. tools/gen_lines.sh prints the lines
# a rule would take at one statement a line.
wide_per_rule=859
wide_total=0 wide_rules=0 wide_bad=""
for f in rules/*.rules backends/*/*.rules; do
  # shellcheck disable=SC2086
  $rg $all_inc -o "$tmp/lpr.c" --header "$tmp/lpr.h" "$f" 2>/dev/null || { echo "FAIL lines-per-rule-$f: rulegen failed"; continue; }
  wide=$(cat "$tmp/lpr.c" "$tmp/lpr.h" | awk '
    /^static [^=]*\) \{$/ || /^\/\* rule / { fn = 1 }
    fn && /^}$/ { fn = 0; next }
    length > 120 { if (fn) over += length - 120; else { print "x"; exit } }
    END { print over + 0 }')
  case $wide in x*) wide_bad="$wide_bad $f" ;; *) wide_total=$((wide_total + wide)) ;; esac
  $rg $all_inc -o "$tmp/lpr.c" "$f" 2>/dev/null
  total=$(wc -l <"$tmp/lpr.c")
  lines=$(awk '/^\/\* ---- pass /{f = 1} f' "$tmp/lpr.c" | wc -l)
  rules=$(grep -o '{"[^"]*", "[^"]*:[0-9]*:[0-9]*", [0-9]*, [0-9]*, \(true\|false\)}' "$tmp/lpr.c" | wc -l)
  passes=$(grep -c '^\(static \)\{0,1\}const RgPassDesc rg_pass_' "$tmp/lpr.c")
  [ "$rules" -gt 0 ] || continue
  wide_rules=$((wide_rules + rules))
  what="$lines lines of $total for $rules rules in $passes passes: $((lines / rules)) a rule"
  goal=$((40 * rules)) why="more than 40"
  if [ "$rules" -lt $((3 * passes)) ]; then
    goal=$((40 * rules + 25 * passes)) why="more than 40 a rule and 25 a pass"
  fi
  if [ "$f" = rules/transpose.rules ] && [ "$total" -gt $((40 * rules)) ]; then
    echo "FAIL lines-per-rule-$f: $what (the whole file: at most 40 lines a rule)"
  elif [ "$lines" -le "$goal" ]; then
    echo "PASS lines-per-rule-$f: $what"
  else
    echo "FAIL lines-per-rule-$f: $what ($why)"
  fi
done
if [ -n "$wide_bad" ]; then
  echo "FAIL width-outside-functions: lines over 120 columns outside action and match functions in$wide_bad"
else
  echo "PASS width-outside-functions"
fi
wide_what="$wide_total columns past 120 in action and match functions for $wide_rules rules"
if [ "$wide_rules" -gt 0 ] && [ "$wide_total" -le $((wide_per_rule * wide_rules)) ]; then
  echo "PASS width-in-functions: $wide_what (at most $wide_per_rule a rule)"
else
  echo "FAIL width-in-functions: $wide_what (more than $wide_per_rule a rule)"
fi
