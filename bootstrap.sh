#!/bin/sh
# Installs the Debian packages rulegen needs (only those missing) and builds.
# Idempotent: a second run installs nothing and rebuilds only what changed.
set -eu
cd "$(dirname "$0")"

# Debian packages: compilers and generators for the build, mlir-opt-22 for
# interop tests, graphviz for DOT export and report pictures, clang's
# runtime for libFuzzer, help2man for the man pages, what the install test
# builds the example with (cmake, pkg-config; g++ compiles the public
# headers as C++), chromium to test the HTML report in a browser, GNU
# time for the peak memory make bench-interp reports, abigail-tools for
# make abi-check, MLIR 22's headers and libraries for the mlir-opt pass
# plugin (docs/mlir-plugin.md), Z3 for rgopt --prove (docs/prove.md), and
# PyTorch with torchvision for the Python package's tests against torch
# (docs/python.md).
packages="make gcc re2c lemon clang libclang-rt-14-dev mlir-22-tools graphviz help2man cmake pkg-config g++ chromium time abigail-tools libmlir-22-dev llvm-22-dev libz3-dev python3-torch python3-torchvision"

missing=""
for pkg in $packages; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' ||
    missing="$missing $pkg"
done

if [ -n "$missing" ]; then
  echo "bootstrap: installing:$missing"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq || echo "bootstrap: warning: apt-get update failed; trying the cached package lists" >&2
  # shellcheck disable=SC2086
  if ! $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null; then
    echo "bootstrap: error: could not install:$missing" >&2
    echo "bootstrap: install them with apt-get (Debian 12 or later) and run again" >&2
    exit 1
  fi
fi

for tool in re2c lemon; do
  command -v $tool >/dev/null 2>&1 || { echo "bootstrap: error: '$tool' is still missing" >&2; exit 1; }
done
command -v mlir-opt-22 >/dev/null 2>&1 ||
  echo "bootstrap: note: mlir-opt-22 not available; interop tests will be skipped" >&2

make -j"$(nproc 2>/dev/null || echo 2)"
