#!/bin/sh
# Transpose quality, side by side in one run: per graph, the TRANSPOSEs in
# the input, after `rgopt --target ethos-u55`, after `--target ethos-u85`,
# and after `mlir-opt-22 --tosa-reduce-transposes --canonicalize`, with each
# tool's wall time (best of 3). Graphs: the NCHW->NHWC-lowered family of
# bench/gen_nchw.c at several depths, every graph of tests/mlir/roundtrip
# that holds a transpose, and ../shared/models/mobilenetv2.generic.mlir when
# present. Usage: bench/transpose_quality.sh [BUILD] [DEPTH...]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
[ $# -gt 0 ] && shift
depths=${*:-1 2 4 8 16 64 256}
case $build in /*) ;; *) build="$root/$build" ;; esac
rgopt="$build/bin/rgopt"
gen="$build/bench/gen_nchw"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mlir_opt=$(command -v mlir-opt-22 || true)

count() { grep -c '"tosa.transpose"' "$1" || true; }
now() { date +%s%N; }
best() { # OUT command... ; runs 3 times, prints the best wall time in ms
  b=
  for _ in 1 2 3; do
    t0=$(now)
    "$@" >/dev/null 2>&1 || { echo "fail"; return; }
    t1=$(now)
    t=$((t1 - t0))
    if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
  done
  awk -v n="$b" 'BEGIN { printf "%.1f", n / 1e6 }'
}

row() { # name file
  name=$1 f=$2
  n_in=$(count "$f")
  t55=$(best "$rgopt" --target ethos-u55 "$f" -o "$tmp/u55.mlir")
  t85=$(best "$rgopt" --target ethos-u85 "$f" -o "$tmp/u85.mlir")
  n55=$(count "$tmp/u55.mlir")
  n85=$(count "$tmp/u85.mlir")
  if [ -n "$mlir_opt" ]; then
    tmo=$(best "$mlir_opt" --allow-unregistered-dialect --tosa-reduce-transposes --canonicalize \
      --mlir-print-op-generic "$f" -o "$tmp/mo.mlir")
    nmo=$(count "$tmp/mo.mlir")
  else
    tmo=- nmo=-
  fi
  printf '%-28s %6s %6s %6s %8s %10s %10s %10s\n' "$name" "$n_in" "$n55" "$n85" "$nmo" "$t55" "$t85" "$tmo"
}

echo "transposes left per graph; times in ms (best of 3, whole process: read, passes, verify, write)"
printf '%-28s %6s %6s %6s %8s %10s %10s %10s\n' graph input u55 u85 mlir-opt t_u55 t_u85 t_mlir-opt
for d in $depths; do
  "$gen" "$d" >"$tmp/nchw$d.mlir"
  row "gen_nchw depth $d" "$tmp/nchw$d.mlir"
done
for f in "$root"/tests/mlir/roundtrip/*.mlir; do
  grep -q '"tosa.transpose"' "$f" || continue
  row "$(basename "$f" .mlir)" "$f"
done
model="$root/../shared/models/mobilenetv2.generic.mlir"
if [ -f "$model" ]; then
  row mobilenetv2 "$model"
else
  echo "mobilenetv2: SKIP ($model not present)"
fi
[ -n "$mlir_opt" ] || echo "mlir-opt-22: SKIP (not installed; its columns show '-')"
