#!/bin/sh
# Real models: every graph in ../shared/models through the ethos-u55 and
# ethos-u85 pipelines; the sha256 of rgopt's output must equal the digest in
# tests/models/digests.txt. The digests pin the rewritten graphs so a change
# to the generator or the runtime that alters any output is noticed.
# Regenerate them only deliberately (tests/models/update.sh), saying why.
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
models=../shared/models
expected=tests/models/digests.txt
[ -x "$rgopt" ] || { echo "FAIL models: $rgopt not built"; exit 0; }
if [ ! -d "$models" ]; then
  echo "SKIP models: $models is absent"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for src in "$models"/*.mlir; do
  base=$(basename "$src")
  for target in ethos-u55 ethos-u85; do
    name="$base.$target"
    want=$(awk -v n="$base" -v t="$target" '$1 == n && $2 == t { print $3 }' "$expected")
    if ! "$rgopt" --target "$target" "$src" -o "$tmp/out" 2>"$tmp/err"; then
      echo "FAIL $name: rgopt failed: $(head -n 3 "$tmp/err")"
      continue
    fi
    got=$(sha256sum <"$tmp/out" | cut -d' ' -f1)
    if [ -z "$want" ]; then
      echo "FAIL $name: no digest in $expected"
    elif [ "$got" != "$want" ]; then
      echo "FAIL $name: output digest $got, expected $want"
    else
      echo "PASS $name"
    fi
  done
done
