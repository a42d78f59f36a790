#!/bin/sh
# rulegen --check on one pass of 10,000 and of 100,000 rules: the shadowing
# check compares a rule only with earlier rules that share a root op and a
# required feature, so time grows near-linearly with the rule count.
# Usage: bench/check_bench.sh BUILD
build=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "bench-check: rulegen --check on one pass of N rules"
printf '  %-10s %10s %14s\n' rules seconds "us per rule"
for n in 10000 100000; do
  sh bench/gen_check_rules.sh "$n" "$tmp/r$n.rules"
  start=$(date +%s.%N)
  "$build/bin/rulegen" -I backends/tosa --check "$tmp/r$n.rules" >/dev/null 2>"$tmp/err$n"
  rc=$?
  end=$(date +%s.%N)
  if [ $rc -ne 0 ]; then
    echo "  rulegen failed on $n rules: $(head -n 3 "$tmp/err$n")"
    exit 1
  fi
  awk -v n="$n" -v s="$start" -v e="$end" 'BEGIN { printf "  %-10d %10.3f %14.2f\n", n, e - s, (e - s) * 1e6 / n }'
done
