#!/bin/sh
# Transpose quality: rgopt's Ethos-U pipelines leave no more TRANSPOSEs than
# `mlir-opt-22 --tosa-reduce-transposes --canonicalize` on every graph of
# tests/mlir/roundtrip and on the NCHW->NHWC-lowered family of
# bench/gen_nchw.c (depths 1, 2, 4, 8); on that family the count left does
# not grow with depth, nor do the bytes the transposes write grow through
# the pipeline, the results are bit-identical in the interpreter
# (--verify-by-execution) and mlir-opt-22 accepts both the generated graphs
# and rgopt's output. Transposes marked rg.frozen are not counted for rgopt:
# they belong to another partition, which rgopt must not touch.
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
gen="$RG_BUILD/bench/gen_nchw"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mlir_opt=$(command -v mlir-opt-22)

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
count() { grep -c '"tosa.transpose"' "$1"; }
count_unfrozen() { grep '"tosa.transpose"' "$1" | grep -vc 'rg\.frozen'; }

# compare NAME FILE: both targets against mlir-opt-22.
compare() {
  name=$1 f=$2
  if [ -z "$mlir_opt" ]; then
    echo "SKIP vs-mlir-opt:$name: mlir-opt-22 not installed"
    return
  fi
  if ! "$mlir_opt" --allow-unregistered-dialect --tosa-reduce-transposes --canonicalize \
       --mlir-print-op-generic "$f" -o "$tmp/mo.mlir" 2>"$tmp/err"; then
    fail "vs-mlir-opt:$name" "mlir-opt-22 failed: $(head -n 2 "$tmp/err")"
    return
  fi
  theirs=$(count "$tmp/mo.mlir")
  for t in ethos-u55 ethos-u85; do
    if ! "$rgopt" --target $t "$f" -o "$tmp/rg.mlir" 2>"$tmp/err"; then
      fail "vs-mlir-opt:$name:$t" "rgopt failed: $(head -n 2 "$tmp/err")"
      continue
    fi
    ours=$(count_unfrozen "$tmp/rg.mlir")
    if [ "$ours" -le "$theirs" ]; then
      pass "vs-mlir-opt:$name:$t"
    else
      fail "vs-mlir-opt:$name:$t" "rgopt leaves $ours transposes, mlir-opt-22 $theirs"
    fi
  done
}

for f in tests/mlir/roundtrip/*.mlir; do
  grep -q '"tosa.transpose"' "$f" || continue
  compare "$(basename "$f" .mlir)" "$f"
done

# RESCALE exactness cases: each file's first line ends in "Expect N
# rescales."; the pipelines must keep results bit-identical and leave N.
for f in tests/quality/*.mlir; do
  name=$(basename "$f" .mlir)
  want=$(head -n 1 "$f" | sed -n 's/.*Expect \([0-9]*\) rescale.*/\1/p')
  for t in ethos-u55 ethos-u85; do
    if ! "$rgopt" --target $t --verify-by-execution=5 "$f" -o "$tmp/r.mlir" 2>"$tmp/err"; then
      fail "rescale:$name:$t" "$(head -n 2 "$tmp/err")"
    elif [ "$(grep -c '"tosa.rescale"' "$tmp/r.mlir")" != "$want" ]; then
      fail "rescale:$name:$t" "$(grep -c '"tosa.rescale"' "$tmp/r.mlir") rescales left, expected $want"
    else
      pass "rescale:$name:$t"
    fi
  done
done

# Inexact rules (batch-norm folding) apply only under --inexact; then
# --verify-by-execution compares within the tolerance and names the
# largest relative error, otherwise it stays bit for bit.
bn=tests/rules/batch_norm_conv.mlir
for t in ethos-u55 ethos-u85; do
  if "$rgopt" --target $t --verify-by-execution=3 "$bn" -o "$tmp/bn.mlir" 2>"$tmp/err" &&
     grep -q 'every result bit-identical' "$tmp/err" && [ "$(grep -c '"tosa.mul"' "$tmp/bn.mlir")" = 4 ]; then
    pass "inexact:off-by-default:$t"
  else
    fail "inexact:off-by-default:$t" "$(head -n 2 "$tmp/err") ($(grep -c '"tosa.mul"' "$tmp/bn.mlir") muls left, expected 4)"
  fi
  if "$rgopt" --target $t --inexact --verify-by-execution=3 "$bn" -o "$tmp/bn.mlir" 2>"$tmp/err" &&
     grep -q 'after 6 inexact rewrite(s), every result within relative 1e-05 (floor 0.001); largest relative error [0-9]' "$tmp/err" &&
     ! grep -q '"tosa.\(mul\|add\|sub\)"' "$tmp/bn.mlir"; then
    pass "inexact:within-tolerance:$t"
  else
    fail "inexact:within-tolerance:$t" "$(head -n 2 "$tmp/err")"
  fi
  "$rgopt" --target $t --inexact --tolerance 1e-12,1e-30 --verify-by-execution=3 "$bn" -o "$tmp/bn.mlir" 2>"$tmp/err"
  rc=$?
  if [ $rc = 1 ] && grep -q 'differs after the passes.*relative error .*tolerance 1e-12' "$tmp/err"; then
    pass "inexact:beyond-tolerance:$t"
  else
    fail "inexact:beyond-tolerance:$t" "exit $rc: $(head -n 2 "$tmp/err")"
  fi
done
for bad in 0 1 -1e-5 1e-5, 1e-5,0 abc; do
  "$rgopt" --target ethos-u55 --inexact --tolerance "$bad" "$bn" -o "$tmp/bn.mlir" 2>"$tmp/err"
  rc=$?
  if [ $rc = 2 ] && grep -q -- '--tolerance takes' "$tmp/err"; then
    pass "inexact:bad-tolerance:$bad"
  else
    fail "inexact:bad-tolerance:$bad" "exit $rc: $(head -n 1 "$tmp/err")"
  fi
done

first=
for d in 1 2 4 8; do
  g="$tmp/nchw$d.mlir"
  if ! "$gen" $d >"$g"; then
    fail "gen_nchw:$d" "generator failed"
    continue
  fi
  if [ -n "$mlir_opt" ]; then
    if "$mlir_opt" --tosa-attach-target="profiles=pro_int extensions=doubleround level=none" --tosa-validate "$g" \
         -o "$tmp/null.out" 2>"$tmp/err"; then
      pass "gen_nchw:$d:mlir-opt-accepts"
    else
      fail "gen_nchw:$d:mlir-opt-accepts" "$(head -n 2 "$tmp/err")"
    fi
  fi
  compare "gen_nchw$d" "$g"
  for t in ethos-u55 ethos-u85; do
    o="$tmp/nchw$d.$t.mlir"
    if ! "$rgopt" --target $t --verify-by-execution=3 "$g" -o "$o" 2>"$tmp/err"; then
      fail "gen_nchw:$d:$t:exact" "$(head -n 3 "$tmp/err")"
      continue
    fi
    pass "gen_nchw:$d:$t:exact"
    if [ -n "$mlir_opt" ] && ! "$mlir_opt" --tosa-attach-target="profiles=pro_int extensions=doubleround level=none" \
         --tosa-validate "$o" -o "$tmp/null.out" 2>"$tmp/err"; then
      fail "gen_nchw:$d:$t:output-valid" "$(head -n 2 "$tmp/err")"
    fi
    bytes_in=$(awk -f bench/graph_stats.awk "$g" | cut -d' ' -f4)
    bytes_out=$(awk -f bench/graph_stats.awk "$o" | cut -d' ' -f4)
    if [ "$bytes_out" -le "$bytes_in" ]; then
      pass "gen_nchw:$d:$t:bytes"
    else
      fail "gen_nchw:$d:$t:bytes" "transposes write $bytes_out bytes after the pipeline, $bytes_in before"
    fi
    n=$(count "$o")
    # Depth-independent: the same count as depth 1 (the graph input's
    # transpose and the one before the final reshape).
    if [ -z "$first" ]; then
      first=$n
    fi
    if [ "$n" -le "$first" ] && [ "$n" -le 2 ]; then
      pass "gen_nchw:$d:$t:constant-count"
    else
      fail "gen_nchw:$d:$t:constant-count" "$n transposes left at depth $d (depth 1: $first; the optimum is 2)"
    fi
  done
done
