#!/bin/sh
# rulegen --prove over every shipped rules file (rules/*.rules, the TOSA
# and XNNPACK rule sets the bundled pipelines import): one line per rule
# (with -v), then per file the rules proven, refuted, unknown and the
# prover's CPU and wall seconds. Exits 1 when a rule is refuted. Skips with
# a message when rulegen is built without Z3. `make prove` and `make bench`.
# Usage: bench/prove_rules.sh [-v] [BUILD] [FILE.rules...]
verbose=
[ "$1" = -v ] && verbose=1 && shift
build=${1:-build}
[ $# -gt 0 ] && shift
rg="$build/bin/rulegen"
if "$rg" --prove rules/cleanup.rules 2>&1 | grep -q 'without Z3'; then
  echo "SKIP prove: rulegen is built without Z3"
  exit 0
fi
[ $# -eq 0 ] && set -- rules/*.rules
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-28s %6s %7s %8s %8s %8s %8s\n' file rules proven refuted unknown cpu-s wall-s
rc=0 tr=0 tp=0 tf=0 tu=0
for f in "$@"; do
  t0=$(date +%s.%N)
  "$rg" -I backends/tosa -I backends/xnnpack --prove --prove-dir "$tmp" "$f" >"$tmp/out" 2>&1
  st=$?
  t1=$(date +%s.%N)
  [ $st -ne 0 ] && rc=1
  [ -n "$verbose" ] && grep -v '^rulegen: prove: ' "$tmp/out"
  line=$(grep "^rulegen: prove: $f: " "$tmp/out")
  set -- $(echo "$line" | sed 's/.*: \([0-9]*\) rules: \([0-9]*\) proven, \([0-9]*\) refuted, \([0-9]*\) unknown (\([0-9.]*\) s CPU)/\1 \2 \3 \4 \5/')
  [ -z "$line" ] && set -- 0 0 0 0 0 && echo "$f: $(tail -n 2 "$tmp/out" | tr '\n' '|')" && rc=1
  printf '%-28s %6s %7s %8s %8s %8s %8.1f\n' "$f" "$1" "$2" "$3" "$4" "$5" "$(echo "$t1 - $t0" | bc)"
  tr=$((tr + $1)) tp=$((tp + $2)) tf=$((tf + $3)) tu=$((tu + $4))
done
printf '%-28s %6s %7s %8s %8s   (%s%% proven)\n' total "$tr" "$tp" "$tf" "$tu" "$([ "$tr" -gt 0 ] && echo "$tp * 100 / $tr" | bc)"
exit $rc
