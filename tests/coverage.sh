#!/bin/sh
# Prints line coverage per source file and per component from the gcov data
# of a `make coverage` run (build/cov). Usage: tests/coverage.sh [BUILD]
build=${1:-build/cov}
cd "$(dirname "$0")/.." || exit 1
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for src in runtime/*/*.c dsl/*.c gen/*.c backends/*/*.c tools/*.c; do
  obj="$build/obj/${src%.c}.gcda"
  [ -f "$obj" ] || continue
  gcov -n -o "$(dirname "$obj")" "$src" 2>/dev/null |
    awk -v f="$src" '/^File/ { cur = $2; gsub(/\x27/, "", cur) }
      /^Lines executed/ && cur == f { split($2, a, ":"); sub(/%/, "", a[2]); print f, a[2], $4 }'
done | awk '!seen[$1]++' >"$out"
awk '{ pct = $2; n = $3; hit = pct * n / 100; split($1, p, "/"); comp = p[1];
       th[comp] += hit; tn[comp] += n; all_h += hit; all_n += n
       printf "%-34s %6.1f%% of %5d lines\n", $1, pct, n }
     END { print "";
           for (c in th) printf "%-34s %6.1f%% of %5d lines\n", c "/", 100 * th[c] / tn[c], tn[c];
           printf "%-34s %6.1f%% of %5d lines\n", "total", 100 * all_h / all_n, all_n }' "$out"
