# tests/golden.sh - golden-file tests, sourced by the suites. A golden test
# runs one command and compares what it gave (exit status, standard output,
# standard error, a file it wrote) with expected files kept next to its
# input. With UPDATE_GOLDENS=1 in the environment a differing or missing
# expected file is rewritten from this run (and named on an `UPDATED` line)
# instead of failing: review the change with `git diff` before committing
# it. An exit status is never updated. Needs $tmp, a scratch directory.
# Also the helpers the suites share: pass, fail, golden_header,
# mlir_opt_flags, lib_needs, rules_tool.
#
# golden NAME [CHECK...] -- COMMAND [ARG...]
#   Runs COMMAND, then prints `PASS NAME`, or `FAIL NAME: why` for the first
#   check that failed, with the head of the diff on that one line. Returns 0
#   on a pass, 1 on a failure. Checks:
#     --status N         exit status N (default 0; `any` checks none)
#     --stdout EXP       standard output is the file EXP
#     --stderr EXP       standard error is the file EXP
#     --empty-stdout     nothing on standard output
#     --empty-stderr     nothing on standard error
#     --file OUT EXP     the file OUT the command writes is EXP
#     --no-file OUT      the command leaves no file OUT
#     --defer-pass       print nothing on a pass: the caller checks more
#                        and prints the PASS line itself
#   OUT is removed before the command runs. Afterwards $golden_rc is the
#   exit status and the files $golden_out and $golden_err hold standard
#   output and standard error.

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }

# lib_needs: the link flags a program linked with the built static
# libraries needs besides them: libm, libz3 when they hold the prover, the
# sanitizer runtimes for `make asan`, gcov for `make coverage`.
lib_needs() {
  _syms=$(nm "$RG_BUILD/lib/librulegen.a" 2>/dev/null)
  _needs=-lm
  case $_syms in *" U Z3_"*) _needs="$_needs -lz3" ;; esac
  case $_syms in *__asan_*) _needs="$_needs -fsanitize=address,undefined" ;; esac
  case $_syms in *__gcov_*) _needs="$_needs --coverage" ;; esac
  echo "$_needs"
}

# rules_tool SYMBOL RULES DRIVER OUT [RULEGEN-ARG...]: generates RULES as
# rule set SYMBOL (next to OUT) and links it with DRIVER and the built
# libraries into the program OUT, as a user builds a tool of their own.
# On a failure returns 1 with the compiler's or rulegen's message in
# OUT.err.
rules_tool() {
  _sym=$1 _rules=$2 _driver=$3 _out=$4
  shift 4
  _dir=$(dirname "$_out")
  # shellcheck disable=SC2046
  "$RG_BUILD/bin/rulegen" "$@" -o "$_dir/$_sym.c" --header "$_dir/$_sym.h" --symbol "$_sym" "$_rules" 2>"$_out.err" &&
    ${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Iruntime/include -I"$_dir" "$_driver" \
      "$_dir/$_sym.c" "$RG_BUILD/lib/librgbackends.a" "$RG_BUILD/lib/librulegen.a" $(lib_needs) -o "$_out" 2>"$_out.err"
}

# golden_header KEY FILE: the text after `// KEY:` on the comment lines that
# open FILE, joined by spaces (a test's `// RUN:` options, for instance).
golden_header() {
  sed -n "/^\/\//!q; s/^\/\/ $1:[ ]*//p" "$2" | tr '\n' ' ' | sed 's/ $//'
}

# mlir_opt_flags FILE: --allow-unregistered-dialect when FILE has ops of a
# dialect mlir-opt-22 does not know (all but builtin, func, tosa, arith).
mlir_opt_flags() {
  if grep -o '"[A-Za-z_][A-Za-z0-9_$]*\.' "$1" | sort -u |
     grep -qv '^"\(builtin\|func\|tosa\|arith\)\.$'; then
    echo --allow-unregistered-dialect
  fi
}

# golden_quote ARG: ARG quoted for eval, followed by a space.
golden_quote() {
  printf "'%s' " "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

golden_fail() {
  echo "FAIL $golden_name: $1"
}

# golden_lines FILE N: the first N lines of FILE on one line, '|' between.
golden_lines() {
  head -n "$2" "$1" | cut -c1-200 | tr '\n' '|' | sed 's/|$//'
}

# golden_same WHAT EXP ACT: ACT is the expected file EXP ("-": empty).
golden_same() {
  if [ "$2" = - ]; then
    [ -s "$3" ] || return 0
    golden_fail "unexpected $1: $(golden_lines "$3" 3)"
    return 1
  fi
  if [ ! -f "$3" ]; then
    golden_fail "no $1 written"
    return 1
  fi
  [ -f "$2" ] && cmp -s "$2" "$3" && return 0
  if [ "${UPDATE_GOLDENS:-}" = 1 ]; then
    cp "$3" "$2" && echo "UPDATED $2 ($golden_name)" && return 0
    golden_fail "cannot write $2"
    return 1
  fi
  if [ ! -f "$2" ]; then
    golden_fail "no expected $1 $2 (UPDATE_GOLDENS=1 writes it from this run)"
  else
    diff "$2" "$3" >"$tmp/golden.diff"
    golden_fail "$1 differs from $2: $(golden_lines "$tmp/golden.diff" 6)"
  fi
  return 1
}

golden() {
  golden_name=$1
  shift
  golden_status=0 golden_stdout= golden_stderr= golden_files= golden_absent= golden_defer=
  while [ $# -gt 0 ]; do
    case $1 in
      --status) golden_status=$2; shift 2 ;;
      --stdout) golden_stdout=$2; shift 2 ;;
      --stderr) golden_stderr=$2; shift 2 ;;
      --empty-stdout) golden_stdout=-; shift ;;
      --empty-stderr) golden_stderr=-; shift ;;
      --file)
        golden_files="$golden_files$(golden_quote "$2")$(golden_quote "$3")"
        rm -f "$2"
        shift 3 ;;
      --no-file)
        golden_absent="$golden_absent$(golden_quote "$2")"
        rm -f "$2"
        shift 2 ;;
      --defer-pass) golden_defer=1; shift ;;
      --) shift; break ;;
      *) golden_fail "golden: unknown check '$1'"; return 1 ;;
    esac
  done
  golden_out=${tmp:?golden.sh needs \$tmp}/golden.out golden_err=$tmp/golden.err
  "$@" >"$golden_out" 2>"$golden_err"
  golden_rc=$?
  if [ "$golden_status" != any ] && [ "$golden_rc" != "$golden_status" ]; then
    golden_fail "exit status $golden_rc, expected $golden_status: $(golden_lines "$golden_err" 3)"
    return 1
  fi
  if [ -n "$golden_stdout" ]; then golden_same "standard output" "$golden_stdout" "$golden_out" || return 1; fi
  if [ -n "$golden_stderr" ]; then golden_same "standard error" "$golden_stderr" "$golden_err" || return 1; fi
  eval "set -- $golden_files"
  while [ $# -gt 0 ]; do
    golden_same output "$2" "$1" || return 1
    shift 2
  done
  eval "set -- $golden_absent"
  for golden_f in "$@"; do
    if [ -e "$golden_f" ]; then
      golden_fail "an output file $golden_f was written"
      return 1
    fi
  done
  [ -n "$golden_defer" ] || echo "PASS $golden_name"
  return 0
}
