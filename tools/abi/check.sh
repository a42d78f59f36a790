#!/bin/sh
# Compares a built librulegen.so with the committed ABI baseline.
# Usage: check.sh LIBRARY BASELINE.abi
# Exit 0: the same ABI, only compatible additions (printed), or a soname
# that differs from the baseline's: an announced break, whose changes are
# printed and whose baseline is then recorded anew with `make abi-baseline`
# after review. Exit 1: an incompatible change (a removed or changed
# function, variable or type) while the soname is unchanged. Exit 2:
# abigail-tools missing.
set -u
lib=$1 baseline=$2
for t in abidw abidiff; do
  if ! command -v $t >/dev/null 2>&1; then
    echo "abi-check: '$t' not found: install abigail-tools (./bootstrap.sh does)" >&2
    exit 2
  fi
done
if [ ! -f "$baseline" ]; then
  echo "abi-check: no baseline '$baseline': record one with 'make abi-baseline'" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
here=$(cd "$(dirname "$0")" && pwd)
# The same flags as `make abi-baseline`: public types only, no paths or
# locations, so the dump depends on the interface alone.
. "$here/dump_flags.sh"
# shellcheck disable=SC2086
abidw $ABI_DUMP_FLAGS --headers-dir "$here/../../runtime/include/rulegen" --out-file "$tmp/now.abi" "$lib" ||
  { echo "abi-check: abidw failed on '$lib'" >&2; exit 1; }
# "name|type ids of its parameters and result" for each function declared
# once in a dump (names declared twice, by two objects, are left out).
signatures() {
  awk '/<function-decl name=/ { n = $0; sub(/.*name=./, "", n); sub(/[^A-Za-z0-9_].*/, "", n); s = ""; f = 1; next }
       f && /<(parameter|return) / { t = $0; sub(/.*type-id=./, "", t); sub(/[^A-Za-z0-9_].*/, "", t); s = s " " t; next }
       f && /<\/function-decl>/ { print n "|" s; f = 0 }' "$1" | sort | awk -F'|' '
       { c[$1]++; line[$1] = $0 } END { for (n in c) if (c[n] == 1) print line[n] }' | sort -t'|' -k1,1
}
symbols() { sed -n "s/.*<elf-symbol name='\([^']*\)'.*/\1/p" "$1" | sort -u; }
soname() { sed -n "s/.*<abi-corpus [^>]*soname='\([^']*\)'.*/\1/p" "$1" | head -n 1; }
old=$(soname "$baseline") new=$(soname "$tmp/now.abi")
# Across a new soname every symbol has a new version node (RULEGEN_X.Y):
# compare under the new names, so the report shows what really changed.
cp "$baseline" "$tmp/base.abi"
if [ "$old" != "$new" ]; then
  oldv=RULEGEN_${old#librulegen.so.} newv=RULEGEN_${new#librulegen.so.}
  sed -e "s/'$old'/'$new'/g" -e "s/'$oldv'/'$newv'/g" -e "s/@@$oldv\b/@@$newv/g" \
    "$baseline" >"$tmp/base.abi"
fi
abidiff --no-show-locs "$tmp/base.abi" "$tmp/now.abi" >"$tmp/report" 2>&1
rc=$?
# abidiff's status is a bit set: 1 error, 2 usage, 4 a change, 8 an
# incompatible change.
if [ $((rc & 3)) -ne 0 ]; then
  echo "abi-check: abidiff failed:" >&2
  cat "$tmp/report" >&2
  exit 1
fi
if [ "$old" != "$new" ]; then
  # The policy (docs/install.md, "ABI"): a break is allowed when the
  # soname announces it. Say what broke, so the release notes can too.
  echo "abi-check: the soname changed ($old -> $new): an announced ABI break."
  # abidiff does not always report a C function whose parameters changed;
  # the dumps' signatures (type ids by hash) do.
  signatures "$tmp/base.abi" >"$tmp/old.sig"
  signatures "$tmp/now.abi" >"$tmp/new.sig"
  changed=$(join -t'|' "$tmp/old.sig" "$tmp/new.sig" | awk -F'|' '$2 != $3 { printf " %s", $1 }')
  symbols "$tmp/base.abi" >"$tmp/old.sym"
  symbols "$tmp/now.abi" >"$tmp/new.sym"
  removed=$(comm -23 "$tmp/old.sym" "$tmp/new.sym" | awk '{ printf " %s", $1 }')
  [ -n "$changed" ] && echo "abi-check: functions whose signature changed:$changed"
  [ -n "$removed" ] && echo "abi-check: functions removed:$removed"
  if [ $((rc & 12)) -ne 0 ]; then
    echo "abi-check: abidiff's report:"
    cat "$tmp/report"
  fi
  echo "abi-check: after review, record the new baseline with 'make abi-baseline'."
  exit 0
fi
if [ $((rc & 8)) -ne 0 ]; then
  echo "abi-check: incompatible ABI change in $new without a new soname:"
  cat "$tmp/report"
  echo "abi-check: restore the interface, or announce the break: bump RG_VERSION_MINOR"
  echo "abi-check: (and RG_ABI_VERSION when generated code is affected), then 'make abi-baseline'."
  exit 1
fi
if [ $((rc & 4)) -ne 0 ]; then
  echo "abi-check: compatible additions in $new (record them with 'make abi-baseline'):"
  cat "$tmp/report"
fi
echo "abi-check: $new matches the baseline"
exit 0
