#!/bin/sh
# Rewrites tests/models/digests.txt from the current rgopt. Run it only when
# a change to the rewritten graphs is intended and explain the change in the
# commit. Usage: tests/models/update.sh [BUILD]
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
cd "$root" || exit 1
for src in ../shared/models/*.mlir; do
  for target in ethos-u55 ethos-u85; do
    d=$("$build/bin/rgopt" --target "$target" "$src" | sha256sum | cut -d' ' -f1) || exit 1
    echo "$(basename "$src") $target $d"
  done
done >tests/models/digests.txt.tmp && mv tests/models/digests.txt.tmp tests/models/digests.txt
