#!/bin/sh
# rgopt --prove on the real networks: every model of ../shared/models
# (LLaMA-2 included: the prover needs no evaluator) through the ethos-u55
# and ethos-u85 pipelines. One line per model and target: rewrites fired,
# proven (and the share), refuted, unknown, the prover's own time and the
# whole run's CPU time; exits 1 when a rewrite is refuted or fewer than
# MIN_PCT% (default 90) of some model's rewrites are proven. Skips with a
# message when ../shared/models or Z3 is absent.
# Usage: bench/prove_models.sh [BUILD] [MODEL...]   (names without .generic.mlir)
build=${1:-build}
[ $# -gt 0 ] && shift
rgopt="$build/bin/rgopt"
models=../shared/models
min=${MIN_PCT:-90}
if [ ! -d "$models" ]; then
  echo "SKIP prove-models: $models is absent"
  exit 0
fi
if ! "$rgopt" --help 2>&1 | grep -q -- '--prove' || "$rgopt" --prove --passes none /dev/null 2>&1 | grep -q 'without Z3'; then
  echo "SKIP prove-models: rgopt is built without Z3"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -eq 0 ]; then
  for src in "$models"/*.generic.mlir; do
    set -- "$@" "$(basename "$src" .generic.mlir)"
  done
fi
printf '%-26s %-10s %7s %7s %7s %8s %8s %9s %9s\n' model target fired proven "%" refuted unknown prover-s cpu-s
bad=0
for name in "$@"; do
  for t in ethos-u55 ethos-u85; do
    start=$(awk '{print $14 + $15 + $16 + $17}' /proc/self/stat 2>/dev/null)
    /usr/bin/time -f '%U %S' -o "$tmp/time" "$rgopt" --target "$t" --prove "$models/$name.generic.mlir" \
      -o "$tmp/out.mlir" >"$tmp/err" 2>&1
    rc=$?
    line=$(grep 'prove: [0-9]* rewrites' "$tmp/err")
    if [ -z "$line" ]; then
      echo "FAIL $name $t: exit $rc: $(head -n 2 "$tmp/err" | tr '\n' '|')"
      bad=1
      continue
    fi
    set -- $(echo "$line" | sed 's/.*prove: \([0-9]*\) rewrites: \([0-9]*\) proven, \([0-9]*\) refuted, \([0-9]*\) unknown (\([0-9.]*\) s.*/\1 \2 \3 \4 \5/') "$@"
    fired=$1 proven=$2 refuted=$3 unknown=$4 secs=$5
    shift 5
    cpu=$(awk '{printf "%.2f", $1 + $2}' "$tmp/time" 2>/dev/null)
    pct=$(awk -v p="$proven" -v f="$fired" 'BEGIN { printf "%.1f", f ? 100 * p / f : 100 }')
    printf '%-26s %-10s %7s %7s %7s %8s %8s %9s %9s\n' "$name" "$t" "$fired" "$proven" "$pct" "$refuted" "$unknown" "$secs" "$cpu"
    grep 'prove: .*: unknown: ' "$tmp/err" | sed 's/.*: unknown: //' | sort | uniq -c | sort -rn | head -n 5 |
      sed 's/^ */    unknown x/'
    [ "$refuted" = 0 ] || bad=1
    awk -v p="$pct" -v m="$min" 'BEGIN { exit !(p + 0 < m + 0) }' && bad=1
  done
done
[ $bad = 0 ] && echo "prove-models: none refuted, at least $min% proven on every model and target"
exit $bad
