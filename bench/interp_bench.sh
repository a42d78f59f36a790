#!/bin/sh
# Peak memory of a proof by execution: rgopt --target ethos-u55
# --verify-by-execution on a graph whose weight is one i8 constant of 1M,
# 10M and 100M elements (bench/gen_i8const.c), peak RSS from GNU time and
# bytes per constant element, side by side. The interpreter holds i8 at one
# byte per element, so the 100M case stays well under 1 GB. A second table
# runs the constant beside an argument of its size into one elementwise op
# (the result returned, so the proof keeps an output of the same size per
# run): peak RSS and CPU seconds; the before figure is main's at 1266096.
# Usage: bench/interp_bench.sh [BUILD] [SIZES...]
set -eu
build=${1:-build}
[ $# -gt 0 ] && shift
sizes=${*:-1000000 10000000 100000000}
rgopt="$build/bin/rgopt"
gnutime=/usr/bin/time
if ! "$gnutime" -f %M true >/dev/null 2>&1; then
  echo "bench-interp: skipped: GNU time (Debian package 'time') is not installed"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "bench-interp: --verify-by-execution (3 runs) on an i8 constant -> transpose pair, clamp, reduce_max"
printf '  %12s %12s %14s %10s %8s\n' elements "graph MB" "peak RSS MB" bytes/elem seconds
for n in $sizes; do
  "$build/bench/gen_i8const" "$n" >"$tmp/g.mlir"
  "$gnutime" -f '%M %e' -o "$tmp/t" "$rgopt" --target ethos-u55 --verify-by-execution \
    "$tmp/g.mlir" -o "$tmp/out.mlir" 2>"$tmp/err" || {
    echo "  $n: rgopt failed: $(head -n 2 "$tmp/err")"
    continue
  }
  awk -v n="$n" -v bytes="$(wc -c <"$tmp/g.mlir")" '{
    printf "  %12d %12.1f %14.1f %10.2f %8.2f\n", n, bytes / 1048576, $1 / 1024, $1 * 1024 / n, $2 }' "$tmp/t"
  rm -f "$tmp/g.mlir" "$tmp/out.mlir"
done
echo "bench-interp: --verify-by-execution (3 runs) on an i8 constant and an i8 argument into tosa.maximum"
printf '  %12s %12s %14s %10s %8s %22s\n' elements "graph MB" "peak RSS MB" bytes/elem "cpu s" "before (1266096): MB"
for n in $sizes; do
  "$build/bench/gen_i8const" "$n" arg >"$tmp/g.mlir"
  "$gnutime" -f '%M %U %S' -o "$tmp/t" "$rgopt" --target ethos-u55 --verify-by-execution \
    "$tmp/g.mlir" -o "$tmp/out.mlir" 2>"$tmp/err" || {
    echo "  $n: rgopt failed: $(head -n 2 "$tmp/err")"
    continue
  }
  before=$(case $n in 100000000) echo 958.8 ;; *) echo - ;; esac)
  awk -v n="$n" -v b="$before" -v bytes="$(wc -c <"$tmp/g.mlir")" '{
    printf "  %12d %12.1f %14.1f %10.2f %8.2f %22s\n", n, bytes / 1048576, $1 / 1024, $1 * 1024 / n, $2 + $3, b }' "$tmp/t"
  rm -f "$tmp/g.mlir" "$tmp/out.mlir"
done
