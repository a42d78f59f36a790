#!/bin/sh
# Lines of generated C per rule, for every shipped rules file: the lines of
# its passes (from the first `/* ---- pass` on, #line included) as rulegen
# prints them, and the same C unpacked by clang-format to one statement a
# line (a `{ ... }` block over several lines, 120 columns), over the rules
# they hold. Usage: tools/gen_lines.sh [BUILD]   (default build)
# Needs clang-format for the unpacked column ("-" without it).
b=${1:-build}
rg="$b/bin/rulegen"
inc="-I rules -I backends/tosa -I backends/xnnpack -I backends/arm"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
style='{BasedOnStyle: LLVM, ColumnLimit: 120, IndentWidth: 2, ContinuationIndentWidth: 4,
  AllowShortIfStatementsOnASingleLine: AllIfsAndElse, AllowShortBlocksOnASingleLine: Never,
  AllowShortFunctionsOnASingleLine: None, AllowShortLoopsOnASingleLine: false,
  AllowShortCaseLabelsOnASingleLine: false, SortIncludes: false, ReflowComments: false,
  AlignAfterOpenBracket: DontAlign, BinPackArguments: true, BinPackParameters: true}'
fmt=; command -v clang-format >/dev/null 2>&1 && fmt=clang-format
printf '%-45s %5s %6s %5s %8s %5s\n' file rules packed /rule unpacked /rule
tr=0 tp=0 tu=0
for f in rules/*.rules backends/*/*.rules; do
  # shellcheck disable=SC2086
  $rg $inc -o "$tmp/x.c" "$f" 2>/dev/null || { echo "$f: rulegen failed"; continue; }
  rules=$(grep -o '{"[^"]*", "[^"]*:[0-9]*:[0-9]*", [0-9]*, [0-9]*, \(true\|false\)}' "$tmp/x.c" | wc -l)
  [ "$rules" -gt 0 ] || continue
  packed=$(awk '/^\/\* ---- pass /{f = 1} f' "$tmp/x.c" | wc -l)
  unpacked=-; per=-
  if [ -n "$fmt" ]; then
    "$fmt" --style="$style" "$tmp/x.c" >"$tmp/u.c"
    unpacked=$(awk '/^\/\* ---- pass /{f = 1} f' "$tmp/u.c" | wc -l)
    per=$((unpacked / rules)); tu=$((tu + unpacked))
  fi
  tr=$((tr + rules)) tp=$((tp + packed))
  printf '%-45s %5d %6d %5d %8s %5s\n' "$f" "$rules" "$packed" $((packed / rules)) "$unpacked" "$per"
done
[ -n "$fmt" ] && tu1=$((tu / tr)) || tu1=-
printf '%-45s %5d %6d %5d %8s %5s\n' total "$tr" "$tp" $((tp / tr)) "$tu" "$tu1"
