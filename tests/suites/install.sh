#!/bin/sh
# The library as an outside program sees it: every public header compiles
# on its own as C11 and as C++ (extern "C", no internal includes), and the
# program in docs/embedding.md builds against the library and runs.
cd "$RG_ROOT" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc=${CC:-cc}
# A library built with sanitizers (make asan) needs them in programs too.
san=
if nm "$RG_BUILD/lib/librulegen.a" 2>/dev/null | grep -q ' U __asan_'; then
  san="-fsanitize=address,undefined"
fi

# ---- public headers ----
for h in runtime/include/rulegen/*.h; do
  name=$(basename "$h")
  bad=$(grep '^#include' "$h" | grep -v -e '^#include "rulegen/[a-z_]*\.h"' -e '^#include <[a-z]*\.h>')
  [ -z "$bad" ] && echo "PASS header-includes:$name" || echo "FAIL header-includes:$name: $bad"
  printf '#include "rulegen/%s"\n#include "rulegen/%s"\nint rg_header_test_%s;\n' "$name" "$name" \
    "$(echo "$name" | tr -c 'a-z\n' _)" >"$tmp/h.c"
  if $cc -std=c11 -pedantic -Wall -Wextra -Werror -Iruntime/include -c "$tmp/h.c" -o "$tmp/h.o" 2>"$tmp/err"; then
    echo "PASS header-c:$name"
  else
    echo "FAIL header-c:$name: $(head -n 2 "$tmp/err" | tr '\n' '|')"
  fi
done
cxx=
for c in c++ g++ clang++; do
  command -v $c >/dev/null 2>&1 && { cxx=$c; break; }
done
if [ -z "$cxx" ]; then
  echo "SKIP header-c++: no C++ compiler (c++, g++, clang++) installed"
else
  # A C++ program calling into the C library links only with extern "C".
  cat >"$tmp/use.cc" <<'CXX'
#include "rulegen/rulegen.h"
#include <cstring>
int main() {
  RgGraph *g = rg_graph_new();
  bool ok = g && std::strcmp(rg_version(), RG_VERSION) == 0;
  rg_graph_free(g);
  return ok ? 0 : 1;
}
CXX
  if $cxx -std=c++11 -pedantic -Wall -Wextra -Werror $san -Iruntime/include "$tmp/use.cc" \
      "$RG_BUILD/lib/librulegen.a" -lm -o "$tmp/use" 2>"$tmp/err" && "$tmp/use"; then
    echo "PASS header-c++"
  else
    echo "FAIL header-c++: $(head -n 3 "$tmp/err" | tr '\n' '|')"
  fi
fi

# ---- docs/embedding.md: the first C program, against the built-in rules ----
sed -n '/^```c$/,/^```$/p' docs/embedding.md | sed '1d;/^```$/,$d' |
  sed 's/my_rules\.h/rules\/builtin.h/; s/rg_pipelines_my_rules/rg_pipelines_builtin/' >"$tmp/embed.c"
# The built-in set holds several pipelines: take ethos_u55, not the first.
sed -i 's/rg_pipelines_builtin\[0\];/rg_pipelines_builtin[0];\
  for (int i = 0; rg_pipelines_builtin[i]; i++)\
    if (strcmp(rg_pipelines_builtin[i]->name, "ethos_u55") == 0)\
      pl = rg_pipelines_builtin[i];/; s/#include <stdio.h>/#include <stdio.h>\
#include <string.h>/' "$tmp/embed.c"
if $cc -std=c11 -Wall -Wextra -Werror $san -Iruntime/include -I"$RG_BUILD/gen" "$tmp/embed.c" \
    "$RG_BUILD/obj/gen/rules/builtin.o" "$RG_BUILD/lib/librgbackends.a" "$RG_BUILD/lib/librulegen.a" -lm \
    -o "$tmp/embed" 2>"$tmp/err" &&
    "$tmp/embed" tests/cli/pair.mlir >"$tmp/embed.mlir" 2>"$tmp/err" &&
    "$RG_BUILD/bin/rgopt" --target ethos-u55 tests/cli/pair.mlir -o "$tmp/rgopt.mlir" &&
    cmp -s "$tmp/embed.mlir" "$tmp/rgopt.mlir"; then
  echo "PASS embedding-example"
else
  echo "FAIL embedding-example: $(head -n 3 "$tmp/err" | tr '\n' '|')"
fi

# ---- make install into a temporary prefix, the example built from it ----
# The build tree's objects are reused: install only copies. MAKEFLAGS from
# an outer make (BUILD, SANFLAGS, CC) reaches this one through the
# environment.
build=${RG_BUILD#"$RG_ROOT"/}
prefix="$tmp/prefix"
mkdir -p "$prefix"
if make -s -C "$RG_ROOT" BUILD="$build" install PREFIX="$prefix" >"$tmp/out" 2>&1; then
  echo "PASS install"
else
  echo "FAIL install: $(tail -n 3 "$tmp/out" | tr '\n' '|')"
  exit 0
fi
for f in bin/rulegen bin/rgopt bin/rgdiff lib/librulegen.a lib/librulegen.so include/rulegen/opt.h \
    share/rulegen/tosa.ops share/rulegen/transpose.rules share/rulegen/ethos_u55/pipeline.rules \
    lib/pkgconfig/rulegen.pc lib/cmake/rulegen/rulegenConfig.cmake share/man/man1/rgopt.1; do
  [ -e "$prefix/$f" ] && echo "PASS installed:$f" || echo "FAIL installed:$f: missing"
done
soname=$(objdump -p "$prefix/lib/librulegen.so" 2>/dev/null | sed -n 's/^ *SONAME *//p')
case $soname in
  librulegen.so.[0-9]*) echo "PASS soname" ;;
  *) echo "FAIL soname: '$soname' is not a versioned soname" ;;
esac
if grep -q '^\.SH DESCRIPTION' "$prefix/share/man/man1/rgopt.1" &&
   sed 's/\\-/-/g' "$prefix/share/man/man1/rgopt.1" | grep -q 'verify-by-execution'; then
  echo "PASS man-rgopt"
else
  echo "FAIL man-rgopt: the page lacks rgopt's options"
fi
# The installed rulegen finds the installed rule library by itself.
if [ "$("$prefix/bin/rulegen" --print-search-path | tail -n 1)" = "$prefix/share/rulegen" ] &&
    "$prefix/bin/rulegen" --check "$prefix/share/rulegen/ethos_u55/pipeline.rules" 2>"$tmp/err"; then
  echo "PASS search-path"
else
  echo "FAIL search-path: $(head -n 2 "$tmp/err" | tr '\n' '|')"
fi

example="$RG_ROOT/examples/my_npu"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"

# run_example NAME TOOL: the example's graphs through --verify-by-execution.
run_example() {
  for g in "$example"/graphs/*.mlir; do
    n=$1:$(basename "$g" .mlir)
    "$2" --target my-npu --verify-by-execution "$g" -o "$tmp/out.mlir" 2>"$tmp/err"
    rc=$?
    if [ $rc -ne 0 ] || ! grep -q 'verified by execution' "$tmp/err"; then
      echo "FAIL verify-$n: exit $rc: $(head -n 2 "$tmp/err" | tr '\n' '|')"
    else
      echo "PASS verify-$n"
    fi
  done
  # The fused op and the plain one both appear where the rules put them.
  "$2" --target my-npu "$example/graphs/nchw_relu.mlir" -o "$tmp/nchw.mlir" 2>"$tmp/err"
  if grep -q '"my_npu.relu"' "$tmp/nchw.mlir" && ! grep -q '"tosa.transpose"\|"tosa.clamp"' "$tmp/nchw.mlir" &&
      "$2" --target my-npu "$example/graphs/add_relu.mlir" 2>>"$tmp/err" | grep -q '"my_npu.add_relu"'; then
    echo "PASS rewrite-$1"
  else
    echo "FAIL rewrite-$1: $(head -n 2 "$tmp/err" | tr '\n' '|')"
  fi
}

if command -v pkg-config >/dev/null 2>&1; then
  if make -s -f "$example/Makefile" OUT="$tmp/mk" CFLAGS="-O1 -g -Werror $san" LDFLAGS="$san" \
      >"$tmp/out" 2>&1; then
    echo "PASS example-make"
    run_example make "$tmp/mk/my-npu-opt"
  else
    echo "FAIL example-make: $(tail -n 3 "$tmp/out" | tr '\n' '|')"
  fi
else
  echo "SKIP example-make: pkg-config is not installed"
fi

if command -v cmake >/dev/null 2>&1; then
  if cmake -S "$example" -B "$tmp/cm" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Debug \
        -DCMAKE_C_FLAGS="-Werror $san" -DCMAKE_EXE_LINKER_FLAGS="$san" >"$tmp/out" 2>&1 &&
      cmake --build "$tmp/cm" >>"$tmp/out" 2>&1; then
    echo "PASS example-cmake"
    run_example cmake "$tmp/cm/my-npu-opt"
    # Dependency tracking: an edit of an imported file reruns rulegen.
    touch "$prefix/share/rulegen/tosa.ops"
    if cmake --build "$tmp/cm" 2>&1 | grep -q 'rulegen: compiling'; then
      echo "PASS cmake-depends-on-imports"
    else
      echo "FAIL cmake-depends-on-imports: touching tosa.ops did not rerun rulegen"
    fi
  else
    echo "FAIL example-cmake: $(grep -i -m 3 'error' "$tmp/out" | tr '\n' '|')"
  fi
else
  echo "SKIP example-cmake: cmake is not installed"
fi

# ---- docs/tutorial.md: every command, in order, as written ----
# HOME is a temporary folder; the tutorial starts in the source folder.
# The files it writes must be the example's (the two cannot drift apart).
mkdir -p "$tmp/home"
{
  echo 'set -e'
  [ -n "$san" ] && printf 'cmake() { case $1 in -S) command cmake "$@" -DCMAKE_C_FLAGS=%s -DCMAKE_EXE_LINKER_FLAGS=%s ;; *) command cmake "$@" ;; esac; }\n' "$san" "$san"
  sed -n '/^```sh$/,/^```$/p' docs/tutorial.md | grep -v '^```'
} >"$tmp/tutorial.sh"
if ! command -v cmake >/dev/null 2>&1; then
  echo "SKIP tutorial: cmake is not installed"
elif (HOME="$tmp/home" BUILD="$build" sh "$tmp/tutorial.sh") >"$tmp/out" 2>&1; then
  echo "PASS tutorial"
else
  echo "FAIL tutorial: $(tail -n 3 "$tmp/out" | tr '\n' '|')"
fi
for f in my_npu.ops my_npu.rules my_npu_hooks.c my_npu_opt.c CMakeLists.txt graphs/add_relu.mlir; do
  if cmp -s "$tmp/home/my_npu/$f" "$example/$f"; then
    echo "PASS tutorial-file:$f"
  else
    echo "FAIL tutorial-file:$f: the tutorial's differs from examples/my_npu/$f"
  fi
done

# ---- make uninstall removes all of it ----
make -s -C "$RG_ROOT" BUILD="$build" uninstall PREFIX="$prefix" >"$tmp/out" 2>&1
left=$(cd "$prefix" && find . -mindepth 1 | head -n 5 | tr '\n' ' ')
[ -z "$left" ] && echo "PASS uninstall" || echo "FAIL uninstall: left behind: $left"

# DESTDIR stages the same tree under another root, for packaging.
stage="$tmp/stage"
if make -s -C "$RG_ROOT" BUILD="$build" install DESTDIR="$stage" PREFIX=/opt/rg >"$tmp/out" 2>&1 &&
    [ -x "$stage/opt/rg/bin/rgopt" ] && grep -q '^prefix=/opt/rg$' "$stage/opt/rg/lib/pkgconfig/rulegen.pc"; then
  make -s -C "$RG_ROOT" BUILD="$build" uninstall DESTDIR="$stage" PREFIX=/opt/rg >"$tmp/out" 2>&1
  left=$(cd "$stage" && find . -type f | head -n 3 | tr '\n' ' ')
  [ -z "$left" ] && echo "PASS destdir" || echo "FAIL destdir: uninstall left $left"
else
  echo "FAIL destdir: $(tail -n 3 "$tmp/out" | tr '\n' '|')"
fi
