#!/bin/sh
# Compares a built librulegen.so with the committed ABI baseline.
# Usage: check.sh LIBRARY BASELINE.abi
# Exit 0: the same ABI, or only compatible additions (printed). Exit 1: an
# incompatible change (a removed or changed function, variable or type)
# while the soname is unchanged, or a soname that differs from the
# baseline's: an announced break, whose baseline is then recorded anew with
# `make abi-baseline` after review. Exit 2: abigail-tools missing.
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
soname() { sed -n "s/.*<abi-corpus [^>]*soname='\([^']*\)'.*/\1/p" "$1" | head -n 1; }
old=$(soname "$baseline") new=$(soname "$tmp/now.abi")
if [ "$old" != "$new" ]; then
  echo "abi-check: the soname changed ($old -> $new): an announced ABI break."
  echo "abi-check: review 'abidiff $baseline <new dump>' and record it with 'make abi-baseline'."
  exit 1
fi
abidiff --no-show-locs "$baseline" "$tmp/now.abi" >"$tmp/report" 2>&1
rc=$?
# abidiff's status is a bit set: 1 error, 2 usage, 4 a change, 8 an
# incompatible change.
if [ $((rc & 3)) -ne 0 ]; then
  echo "abi-check: abidiff failed:" >&2
  cat "$tmp/report" >&2
  exit 1
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
