#!/bin/sh
# The interpreter's memory: running out of it is reported as such, naming
# what was being allocated (never as an unsupported type), and an i8
# constant is held at one byte per element from the reader to the
# evaluators, so a graph with a 2M-element i8 constant verifies by
# execution within an address-space limit (ulimit -v) that an int64 copy
# of it would exceed. Skipped under AddressSanitizer, whose shadow memory
# does not fit any such limit.
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
oneline() { head -n "${2:-3}" "$1" | tr '\n' '|'; }

case $RG_BUILD in
*asan*)
  echo "SKIP interp-mem: address-space limits do not apply under AddressSanitizer"
  exit 0
  ;;
esac

# limited KB CMD...: CMD with its address space limited to KB kilobytes.
limited() {
  kb=$1
  shift
  sh -c 'ulimit -v "$0" && exec "$@"' "$kb" "$@" >"$tmp/out" 2>"$tmp/err"
}

# expect_oom NAME PATTERN GRAPH: exit status 1 and a message that names
# what ran out of memory.
expect_oom() {
  limited 200000 "$rgopt" --target ethos-u55 --verify-by-execution "$3" -o "$tmp/o.mlir"
  rc=$?
  if [ "$rc" != 1 ]; then
    fail "$1" "exit status $rc, expected 1: $(oneline "$tmp/err")"
  elif ! grep -q -- "$2" "$tmp/err"; then
    fail "$1" "stderr lacks '$2': $(oneline "$tmp/err")"
  elif grep -qi 'unsupported' "$tmp/err"; then
    fail "$1" "reported as unsupported: $(oneline "$tmp/err")"
  else
    pass "$1"
  fi
}

cat >"$tmp/result.mlir" <<'G'
module {
func.func @big() -> tensor<1000000000xi32> {
  %0 = "tosa.const"() <{values = dense<1> : tensor<1000000000xi32>}> : () -> tensor<1000000000xi32>
  return %0 : tensor<1000000000xi32>
}
}
G
expect_oom oom-result "@big (inputs 0): tosa.const (node [0-9]*): out of memory: result 0, tensor<1000000000xi32>" \
  "$tmp/result.mlir"

cat >"$tmp/input.mlir" <<'G'
module {
func.func @arg(%a: tensor<2000000000xi8>) -> tensor<2000000000xi8> {
  return %a : tensor<2000000000xi8>
}
}
G
expect_oom oom-inputs "@arg (inputs 0): func.return (node [0-9]*): out of memory: argument 0, tensor<2000000000xi8>" \
  "$tmp/input.mlir"

# A 2M-element i8 constant through two transposes and a max: 4 MB of hex
# text; held as int64 it alone would be 16 MB per copy.
n=2000000
{
  printf 'module {\nfunc.func @w(%%x: tensor<1000x2000xi8>) -> tensor<1000x2000xi8> {\n'
  printf '  %%c = "tosa.const"() <{values = dense<"0x'
  awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "%02x", (i * 7) % 251 }'
  printf '"> : tensor<1000x2000xi8>}> : () -> tensor<1000x2000xi8>\n'
  printf '  %%0 = tosa.transpose %%c {perms = array<i32: 1, 0>} : (tensor<1000x2000xi8>) -> tensor<2000x1000xi8>\n'
  printf '  %%1 = tosa.transpose %%0 {perms = array<i32: 1, 0>} : (tensor<2000x1000xi8>) -> tensor<1000x2000xi8>\n'
  printf '  %%2 = tosa.maximum %%1, %%x : (tensor<1000x2000xi8>, tensor<1000x2000xi8>) -> tensor<1000x2000xi8>\n'
  printf '  return %%2 : tensor<1000x2000xi8>\n}\n}\n'
} >"$tmp/weights.mlir"
if limited 120000 "$rgopt" --target ethos-u55 --verify-by-execution "$tmp/weights.mlir" -o "$tmp/o.mlir" &&
  grep -q "verified by execution: 3 run(s)" "$tmp/err"; then
  pass narrow-i8-constant
else
  fail narrow-i8-constant "$(oneline "$tmp/err")"
fi
