#!/bin/sh
# Real models: every graph in ../shared/models through the ethos-u55 and
# ethos-u85 pipelines; the sha256 of rgopt's output must equal the golden
# digest tests/models/MODEL.TARGET.sha256. The digests pin the rewritten
# graphs so a change to the generator or the runtime that alters any output
# is noticed. UPDATE_GOLDENS=1 rewrites them (tests/golden.sh): only
# deliberately, saying why in the commit.
cd "$RG_ROOT" || exit 1
. tests/golden.sh
rgopt="$RG_BUILD/bin/rgopt"
models=../shared/models
[ -x "$rgopt" ] || { echo "FAIL models: $rgopt not built"; exit 0; }
if [ ! -d "$models" ]; then
  echo "SKIP models: $models is absent"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# model_digest TARGET MODEL: the sha256 of rgopt's output; rgopt's exit
# status when it fails.
model_digest() {
  "$rgopt" --target "$1" "$2" -o "$tmp/out" || return
  sha256sum <"$tmp/out" | cut -d' ' -f1
}

for src in "$models"/*.mlir; do
  base=$(basename "$src")
  for target in ethos-u55 ethos-u85; do
    golden "$base.$target" --stdout "tests/models/$base.$target.sha256" -- model_digest "$target" "$src"
  done
done
