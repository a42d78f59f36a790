#!/bin/sh
# ABI: the shared library exports what its version script lists, and
# tools/abi/check.sh (make abi-check) tells an unchanged library from one
# that lost a public function. The committed baseline itself is compared
# by `make abi-check` on the default build (CI runs it); here both sides
# come from this build, so sanitizer and clang builds test the mechanism
# too.
cd "$RG_ROOT" || exit 1
# A library built with the prover (rgopt --prove) needs libz3 too.
z3=; nm "$RG_BUILD/lib/librulegen.a" 2>/dev/null | grep -q " U Z3_" && z3=-lz3
if ! command -v abidw >/dev/null 2>&1 || ! command -v abidiff >/dev/null 2>&1; then
  echo "SKIP abi: abigail-tools not installed (./bootstrap.sh installs it)"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dist="$RG_BUILD/dist"
so=$(readlink -f "$dist/librulegen.so" 2>/dev/null)
map="$dist/librulegen.map"
if [ -z "$so" ] || [ ! -f "$map" ]; then
  echo "FAIL abi: no shared library or version script in $dist"
  exit 0
fi
soname=$(objdump -p "$so" | sed -n 's/^ *SONAME *//p')

# Every RG_API function of the headers is exported; no backend helper that
# no .ops file binds is.
nm -D --defined-only "$so" | awk '{sub(/@.*/, "", $3); print $3}' | sort -u >"$tmp/exported"
missing=""
for f in $(sed -n 's/^RG_API[^(;]*[ *]\([A-Za-z_][A-Za-z0-9_]*\)[ \t]*(.*/\1/p' runtime/include/rulegen/*.h); do
  grep -qx "$f" "$tmp/exported" || missing="$missing $f"
done
[ -z "$missing" ] && echo "PASS exports-api" || echo "FAIL exports-api: not exported:$missing"

. tools/abi/dump_flags.sh
# shellcheck disable=SC2086
abidw $ABI_DUMP_FLAGS --headers-dir runtime/include/rulegen --out-file "$tmp/base.abi" "$so"
if sh tools/abi/check.sh "$so" "$tmp/base.abi" >"$tmp/out" 2>&1; then
  echo "PASS abi-check-same"
else
  echo "FAIL abi-check-same: $(head -n 3 "$tmp/out" | tr '\n' '|')"
fi

# The same library without rg_version: a removed public function, which
# the check must refuse while the soname stays the same.
grep -v '^    rg_version;$' "$map" >"$tmp/reduced.map"
if ! cc -shared -Wl,-soname,"$soname" -Wl,--version-script,"$tmp/reduced.map" \
    -Wl,--whole-archive "$dist/librulegen.a" -Wl,--no-whole-archive -lm $z3 -o "$tmp/$(basename "$so")" \
    2>"$tmp/err"; then
  echo "FAIL abi-check-removed: could not link the reduced library: $(head -n 2 "$tmp/err" | tr '\n' '|')"
elif sh tools/abi/check.sh "$tmp/$(basename "$so")" "$tmp/base.abi" >"$tmp/out" 2>&1; then
  echo "FAIL abi-check-removed: a library without rg_version passed"
elif grep -q "rg_version" "$tmp/out" && grep -q "incompatible" "$tmp/out"; then
  echo "PASS abi-check-removed"
else
  echo "FAIL abi-check-removed: $(head -n 5 "$tmp/out" | tr '\n' '|')"
fi

# The same reduced library under a new soname: an announced break, which
# the check lets through and explains by naming the removed function.
ver=${soname#librulegen.so.}
sed "s/^RULEGEN_$ver /RULEGEN_99.0 /" "$tmp/reduced.map" >"$tmp/renamed.map"
if ! cc -shared -Wl,-soname,librulegen.so.99.0 -Wl,--version-script,"$tmp/renamed.map" \
    -Wl,--whole-archive "$dist/librulegen.a" -Wl,--no-whole-archive -lm $z3 -o "$tmp/librulegen.so.99.0.0" \
    2>"$tmp/err"; then
  echo "FAIL abi-check-announced: could not link the renamed library: $(head -n 2 "$tmp/err" | tr '\n' '|')"
elif ! sh tools/abi/check.sh "$tmp/librulegen.so.99.0.0" "$tmp/base.abi" >"$tmp/out" 2>&1; then
  echo "FAIL abi-check-announced: a break under a new soname was refused: $(head -n 3 "$tmp/out" | tr '\n' '|')"
elif grep -q "announced ABI break" "$tmp/out" && grep -q "functions removed:.* rg_version" "$tmp/out"; then
  echo "PASS abi-check-announced"
else
  echo "FAIL abi-check-announced: $(head -n 5 "$tmp/out" | tr '\n' '|')"
fi
