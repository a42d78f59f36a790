#!/bin/sh
# Proof by execution on the real networks: every model of ../shared/models
# but LLaMA-2 (whose linalg.generic ops have no evaluator) through the
# ethos-u55 and ethos-u85 pipelines with --verify-by-execution=RUNS; every
# output must be bit-identical. Prints one PASS/FAIL line per model and
# target with the wall time, the CPU time (user + system of all threads:
# the figure to compare on a shared machine; rgopt splits the heavy
# kernels over the CPUs, so wall time can be below it on an idle machine
# and is far above it on a loaded one) and the peak RSS (GNU time), beside
# the CPU time and peak before the interpreter reused dying buffers
# (bench/verify_models.before, one thread then) and the ratios of that
# time to today's wall and CPU time, then a summary, and exits 1 on any
# failure. sd_unet_mixed is run on a copy whose tosa.slice sizes are
# corrected first (bench/slice_sizes.awk: the file holds end indices, an
# ERROR_IF of TOSA 1.0, so it cannot be executed as it is). Skips with a
# message when ../shared/models is absent.
# Usage: bench/verify_models.sh [BUILD] [RUNS] [MODEL...]   (names without .generic.mlir)
# VERIFY_MODELS_THREADS=N passes --threads N (default: rgopt's, the CPUs).
build=${1:-build}
runs=${2:-1}
[ $# -gt 2 ] && shift 2 || set --
rgopt="$build/bin/rgopt"
threads=${VERIFY_MODELS_THREADS:+--threads=$VERIFY_MODELS_THREADS}
models=../shared/models
if [ ! -d "$models" ]; then
  echo "SKIP verify-models: $models is absent"
  exit 0
fi
[ -x "$rgopt" ] || { echo "FAIL verify-models: $rgopt not built"; exit 1; }
gnutime=/usr/bin/time
"$gnutime" -f '%M %U %S' true >/dev/null 2>&1 || gnutime=
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ $# -eq 0 ]; then
  for src in "$models"/*.generic.mlir; do
    name=$(basename "$src" .generic.mlir)
    case $name in llama2*) continue ;; esac
    set -- "$@" "$name"
  done
fi
echo "verify-models: rgopt $threads --verify-by-execution=$runs, every output bit-identical"
pass=0 failed=0
for name in "$@"; do
  src="$models/$name.generic.mlir"
  if [ "$name" = sd_unet_mixed ]; then
    awk -f bench/slice_sizes.awk "$src" "$src" >"$tmp/model.mlir" 2>/dev/null
    src="$tmp/model.mlir"
  fi
  for target in ethos-u55 ethos-u85; do
    t0=$(date +%s%N)
    if [ -n "$gnutime" ]; then
      "$gnutime" -f '%M %U %S' -o "$tmp/rss" "$rgopt" $threads --target "$target" --verify-by-execution="$runs" \
        "$src" -o "$tmp/out.mlir" 2>"$tmp/err"
    else
      "$rgopt" $threads --target "$target" --verify-by-execution="$runs" "$src" -o "$tmp/out.mlir" 2>"$tmp/err"
    fi
    rc=$?
    t1=$(date +%s%N)
    usage=$([ -n "$gnutime" ] && tail -n 1 "$tmp/rss" || echo 0 0 0)
    before=$(awk -v k="$name.$target" '$1 == k { print $2, $3 }' bench/verify_models.before)
    # the interpreter ran on one thread before: its CPU time was its wall
    # time on an idle machine, the figure both ratios divide
    stats=$(echo "$usage $before" | awk -v t="$(( t1 - t0 ))" '{
      wall = t / 1e9; cpu = $2 + $3
      printf "%.1f s wall, %.1f s cpu, peak %.0f MB", wall, cpu, $1 / 1024
      if (NF >= 5) {
        printf " (before: %s s cpu, peak %s MB", $4, $5
        if ($4 >= 1 && wall > 0 && cpu > 0) printf "; %.1fx by wall, %.1fx by cpu", $4 / wall, $4 / cpu
        printf ")"
      } }')
    if [ "$rc" = 0 ] && grep -q "every result bit-identical" "$tmp/err" && ! grep -q "not executed" "$tmp/err"; then
      echo "PASS $name.$target: $stats"
      pass=$(( pass + 1 ))
    else
      echo "FAIL $name.$target: exit $rc, $stats: $(grep -v '^	' "$tmp/err" | head -n 3 | tr '\n' '|')"
      failed=$(( failed + 1 ))
    fi
  done
done
echo "verify-models: $pass passed, $failed failed"
[ "$failed" = 0 ]
