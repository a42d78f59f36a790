#!/bin/sh
# The Python package (tools/python/rulegen) over the built shared library:
# the API without torch (tests/python/test_api.py, with a user's rule set
# built here as its own shared library from docs/examples/my_npu), then
# torchvision models through rulegen.fx against torch's own kernels
# (tests/python/test_fx.py) and lowered to TOSA end to end
# (tests/python/test_lower.py; quantized: tests/python/test_quant.py), skipped with one line where torch is absent.
# Under `make asan` the API and FX tests run with the sanitizer runtimes preloaded.
# RG_PYTHON picks the interpreter (default: Debian's /usr/bin/python3,
# which python3-torch installs for).
cd "$RG_ROOT" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
py=${RG_PYTHON:-/usr/bin/python3}
[ -x "$py" ] || py=$(command -v python3)
lib="$RG_BUILD/dist/librulegen.so"
if [ -z "$py" ]; then
  echo "SKIP python: no python3 interpreter"
  exit 0
fi
[ -e "$lib" ] || { echo "FAIL python: $lib not built"; exit 0; }
# A library built with coverage counters cannot be loaded into the
# interpreter; one built with sanitizers can, once their runtimes are
# preloaded (Python's own allocations are not leaks to report).
. tests/toolchain.sh
case $build_san in *--coverage*)
  echo "SKIP python: the library is built with coverage counters (ctypes cannot load it)"
  exit 0 ;;
esac
pre=$build_preload
run_py() {
  if [ -n "$pre" ]; then
    LD_PRELOAD="$pre" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$py" "$@"
  else
    "$py" "$@"
  fi
}
export RULEGEN_LIB="$lib" PYTHONPATH="$RG_ROOT/tools/python" PYTHONDONTWRITEBYTECODE=1

# A user's rule set, built out of tree as a shared library.
user=
cc=$build_cc
if "$RG_BUILD/bin/rulegen" -I docs/examples/my_npu -I rules -I backends/tosa -o "$tmp/my_npu.c" \
     --header "$tmp/my_npu.h" --symbol my_npu docs/examples/my_npu/my_npu.rules 2>"$tmp/err" &&
   $cc -std=c11 -shared -fPIC -Iruntime/include -I"$tmp" "$tmp/my_npu.c" \
     docs/examples/my_npu/my_npu_hooks.c -L"$RG_BUILD/dist" -lrulegen -lm -o "$tmp/libmy_npu.so" 2>"$tmp/err"; then
  user="$tmp/libmy_npu.so"
  echo "PASS user-library-built"
else
  echo "FAIL user-library-built: $(head -n 2 "$tmp/err" | tr '\n' '|')"
fi
LD_LIBRARY_PATH="$RG_BUILD/dist${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  run_py tests/python/test_api.py "$RG_ROOT" $user 2>"$tmp/api.err" || {
  echo "FAIL api: exited with status $?: $(tail -n 3 "$tmp/api.err" | tr '\n' '|')"; }

# Installed: importable with the documented PYTHONPATH, loading the
# installed library (no RULEGEN_LIB). The build tree's objects are reused.
build=${RG_BUILD#"$RG_ROOT"/}
if make -s -C "$RG_ROOT" BUILD="$build" install PREFIX="$tmp/prefix" >"$tmp/inst" 2>&1 &&
   out=$(cd "$tmp" && unset RULEGEN_LIB && PYTHONPATH="$tmp/prefix/lib/python3/dist-packages" run_py -c \
     'import rulegen; print(rulegen.version(), sorted(rulegen.load_target().pipelines))' 2>&1) &&
   case $out in *"'arm'"*) true ;; *) false ;; esac; then
  echo "PASS installed-import"
else
  echo "FAIL installed-import: $(tail -n 2 "$tmp/inst" | tr '\n' '|') $out"
fi
if make -s -C "$RG_ROOT" BUILD="$build" uninstall PREFIX="$tmp/prefix" >"$tmp/inst" 2>&1 &&
   [ -z "$(find "$tmp/prefix" -type f 2>/dev/null)" ]; then
  echo "PASS uninstall"
else
  echo "FAIL uninstall: left: $(find "$tmp/prefix" -type f | head -n 3 | tr '\n' ' ')"
fi

if ! "$py" -c 'import torch, torchvision, functorch' 2>/dev/null; then
  echo "SKIP fx: torch 1.13 and torchvision are not installed for $py (Debian: python3-torch python3-torchvision)"
  exit 0
fi
run_py tests/python/test_fx.py "$RG_ROOT" 2>"$tmp/fx.err" || {
  echo "FAIL fx: exited with status $?: $(tail -n 3 "$tmp/fx.err" | tr '\n' '|')"; }
if [ -n "$pre" ]; then
  echo "SKIP lower: under sanitizers only the API and FX tests run (the lowered models run for minutes there)"
  exit 0
fi
# The same models lowered to TOSA (arm, arm_tosa, ethos_u55), validated by
# mlir-opt-22 and run in the interpreter against torch.
"$py" tests/python/test_lower.py "$RG_ROOT" 2>"$tmp/lower.err" || {
  echo "FAIL lower: exited with status $?: $(tail -n 3 "$tmp/lower.err" | tr '\n' '|')"; }
# Reference-quantized ops and models lowered to integer TOSA (arm_quant,
# arm_lower, ethos_u55), validated for pro_int and run against torch.
"$py" tests/python/test_quant.py "$RG_ROOT" 2>"$tmp/quant.err" || {
  echo "FAIL quant: exited with status $?: $(tail -n 3 "$tmp/quant.err" | tr '\n' '|')"; }
exit 0
