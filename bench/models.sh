#!/bin/sh
# Output quality on the real networks of ../shared/models, side by side in
# one run. Per model and per pipeline (the input itself, rgopt ethos-u55,
# rgopt ethos-u85, mlir-opt-22 --tosa-reduce-transposes --canonicalize):
#   ops       every op but builtin.module, func.func and func.return
#   T act     transposes of computed values (activations)
#   T c/a     transposes whose operand is a constant or a function argument
#   T bytes   bytes the transposes write (result elements x element size)
#   ms        wall time of the whole process, best of REPEAT (default 3)
#   mo-ok     whether mlir-opt-22 parses and verifies the output
# Usage: bench/models.sh [BUILD] [MODEL...]  (MODEL: file name without
# .generic.mlir; default every model present)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
[ $# -gt 0 ] && shift
case $build in /*) ;; *) build="$root/$build" ;; esac
rgopt="$build/bin/rgopt"
models="$root/../shared/models"
repeat=${REPEAT:-3}
if [ ! -d "$models" ]; then
  echo "models: SKIP ($models not present)"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mlir_opt=$(command -v mlir-opt-22 || true)

now() { date +%s%N; }
best() { # command... ; prints the best wall time in ms, or "fail"
  b=
  i=0
  while [ "$i" -lt "$repeat" ]; do
    i=$((i + 1))
    t0=$(now)
    "$@" >/dev/null 2>"$tmp/err" || { echo fail; return; }
    t1=$(now)
    t=$((t1 - t0))
    if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
  done
  awk -v n="$b" 'BEGIN { printf "%.1f", n / 1e6 }'
}

# ops, transposes of activations, of constants/arguments, bytes transposed.
measure() { awk -f "$root/bench/graph_stats.awk" "$1"; }

row() { # model pipeline file ms ok
  set -- "$1" "$2" "$3" "$4" "$5" $(measure "$3")
  printf '%-26s %-9s %7s %6s %6s %12s %9s %6s\n' "$1" "$2" "$6" "$7" "$8" "$9" "$4" "$5"
}

mo_ok() { # file
  if [ -z "$mlir_opt" ]; then echo -; return; fi
  if "$mlir_opt" --allow-unregistered-dialect "$1" -o "$tmp/check.mlir" >/dev/null 2>&1
  then echo yes; else echo NO; fi
}

printf '%-26s %-9s %7s %6s %6s %12s %9s %6s\n' model pipeline ops "T act" "T c/a" "T bytes" ms mo-ok
if [ $# -gt 0 ]; then
  list=
  for m in "$@"; do list="$list $models/$m.generic.mlir"; done
else
  list=$(ls "$models"/*.generic.mlir)
fi
for f in $list; do
  m=$(basename "$f" .generic.mlir)
  row "$m" input "$f" - "$(mo_ok "$f")"
  for t in ethos-u55 ethos-u85; do
    ms=$(best "$rgopt" --target "$t" "$f" -o "$tmp/$t.mlir")
    if [ "$ms" = fail ]; then
      printf '%-26s %-9s FAIL: %s\n' "$m" "$t" "$(head -n 1 "$tmp/err")"
      continue
    fi
    row "$m" "$t" "$tmp/$t.mlir" "$ms" "$(mo_ok "$tmp/$t.mlir")"
  done
  if [ -n "$mlir_opt" ]; then
    ms=$(best "$mlir_opt" --allow-unregistered-dialect --tosa-reduce-transposes \
      --canonicalize --mlir-print-op-generic "$f" -o "$tmp/mo.mlir")
    row "$m" mlir-opt "$tmp/mo.mlir" "$ms" yes
  fi
done
[ -n "$mlir_opt" ] || echo "mlir-opt-22: SKIP (not installed)"
