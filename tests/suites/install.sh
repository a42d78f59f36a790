#!/bin/sh
# The library as an outside program sees it: every public header compiles
# on its own as C11 and as C++ (extern "C", no internal includes), and the
# program in docs/embedding.md builds against the library and runs.
cd "$RG_ROOT" || exit 1
# A library built with the prover (rgopt --prove) needs libz3 too.
z3=; nm "$RG_BUILD/lib/librulegen.a" 2>/dev/null | grep -q " U Z3_" && z3=-lz3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A library built with sanitizers (make asan) or coverage counters (make
# coverage) needs the same, from the same compiler, in the programs that
# link it.
. tests/toolchain.sh
cc=$build_cc san=$build_san

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
for c in $build_cxx c++ g++ clang++; do
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
      "$RG_BUILD/lib/librulegen.a" -lm $z3 -o "$tmp/use" 2>"$tmp/err" && "$tmp/use"; then
    echo "PASS header-c++"
  else
    echo "FAIL header-c++: $(head -n 3 "$tmp/err" | tr '\n' '|')"
  fi
fi

# ---- docs/embedding.md: the first C program, against the built-in rules
# (its pipeline [0] becomes the ethos_u55 pipeline, named) ----
sed -n '/^```c$/,/^```$/p' docs/embedding.md | sed '1d;/^```$/,$d' |
  sed 's/my_rules\.h/rules\/builtin.h/; s/rg_pipelines_my_rules\[0\]/\&rg_pipeline_builtin__ethos_u55/' >"$tmp/embed.c"
if $cc -std=c11 -Wall -Wextra -Werror $san -Iruntime/include -I"$RG_BUILD/gen" "$tmp/embed.c" \
    "$RG_BUILD/obj/gen/rules/builtin.o" "$RG_BUILD/lib/librgbackends.a" "$RG_BUILD/lib/librulegen.a" -lm $z3 \
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
# The shared library exports the API and the shipped targets' hooks only
# (tool-inserted names, which start with '_', aside): a target's hooks carry
# its folder's name (backends/NAME), the helpers of backends/common `shape_`.
targets=$(for d in backends/*/; do basename "$d"; done | grep -v '^common$' | sed 's/.*/-e ^&_/' | tr '\n' ' ')
# shellcheck disable=SC2086
extra=$(nm -D --defined-only "$prefix/lib/librulegen.so" 2>/dev/null | awk '{print $3}' |
  grep -v -e '^_' -e '^rg_' -e '^shape_' -e '^RULEGEN_' $targets | head -n 5 | tr '\n' ' ')
[ -z "$extra" ] && echo "PASS exports" || echo "FAIL exports: internal symbols exported: $extra"
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

example="$RG_ROOT/docs/examples/my_npu"
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
  # The f32 op broadcasts through the installed rulegen/shape.h: both
  # CLAMPs become it, and the tool takes the helpers from the library.
  "$2" --target my-npu "$example/graphs/clamp_floor.mlir" -o "$tmp/floor.mlir" 2>"$tmp/err"
  if [ "$(grep -c '"my_npu.max_floor"' "$tmp/floor.mlir")" -eq 2 ] && ! grep -q '"tosa.clamp"' "$tmp/floor.mlir" &&
      nm -D --undefined-only "$2" | grep -qw rg_broadcast_init &&
      nm -D --undefined-only "$2" | grep -qw rg_shape_broadcast_types; then
    echo "PASS shape-helpers-$1"
  else
    echo "FAIL shape-helpers-$1: $(head -n 2 "$tmp/err" | tr '\n' '|') $(nm -D --undefined-only "$2" | grep -c broadcast) helper(s) imported"
  fi
}

if command -v pkg-config >/dev/null 2>&1; then
  if make -s -f "$example/Makefile" OUT="$tmp/mk" CFLAGS="-O1 -g -Werror $san" LDFLAGS="$san" \
      >"$tmp/out" 2>&1; then
    echo "PASS example-make"
    run_example make "$tmp/mk/my-npu-opt"
    # A C++ main over the C rule set: the generated header gives C linkage.
    if [ -n "$cxx" ]; then
      printf '%s\n' '#include "rulegen/dialects.h"' '#include "rulegen/opt.h"' '#include "my_npu.h"' \
        'int main(int argc, char **argv) {' \
        '  RgOptTarget t = rg_target_my_npu;' '  t.syntax = rg_syntax_shipped;' \
        '  return rg_opt_main(argc, argv, &t, 1);' '}' >"$tmp/mk/main.cc"
      if $cxx -std=c++11 -Wall -Wextra -Werror $san $(pkg-config --cflags rulegen) -I"$tmp/mk" "$tmp/mk/main.cc" \
          "$tmp/mk/my_npu.o" "$tmp/mk/my_npu_hooks.o" $(pkg-config --libs rulegen) -Wl,-rpath,"$prefix/lib" \
          -o "$tmp/mk/cxx-opt" 2>"$tmp/err" &&
          "$tmp/mk/cxx-opt" --target my-npu "$example/graphs/add_relu.mlir" 2>"$tmp/err" | grep -q my_npu.add_relu; then
        echo "PASS example-c++-main"
      else
        echo "FAIL example-c++-main: $(head -n 3 "$tmp/err" | tr '\n' '|')"
      fi
    fi
    # A hook whose signature differs from the generated declaration (an
    # int where the generated code passes a uint32_t) does not compile.
    sed 's/RgTensor \*out, uint32_t num_out) {/RgTensor *out, int num_out) {/' "$example/my_npu_hooks.c" \
      >"$tmp/mk/wrong_hooks.c"
    if ! grep -q 'int num_out) {' "$tmp/mk/wrong_hooks.c"; then
      echo "FAIL hook-signature-checked: the test could not plant the mismatch"
    elif $cc -std=c11 -c $(pkg-config --cflags rulegen) -I"$tmp/mk" "$tmp/mk/wrong_hooks.c" \
        -o "$tmp/mk/wrong.o" 2>"$tmp/err"; then
      echo "FAIL hook-signature-checked: a mismatched evaluator compiled"
    elif grep -q 'conflicting types.*my_npu_eval' "$tmp/err"; then
      echo "PASS hook-signature-checked"
    else
      echo "FAIL hook-signature-checked: $(head -n 2 "$tmp/err" | tr '\n' '|')"
    fi
  else
    echo "FAIL example-make: $(tail -n 3 "$tmp/out" | tr '\n' '|')"
  fi
else
  echo "SKIP example-make: pkg-config is not installed"
fi

# The example as its own mlir-opt-22 pass plugin (rulegen_add_mlir_plugin,
# built when rulegen's MLIR plugin library is installed): on every graph of
# the example, the same output as its own rg_opt_main tool (both printed by
# mlir-opt, locations made explicit first); and rulegen's bundled plugin
# loads beside it, both passes in one pipeline.
example_plugin() {
  if [ ! -f "$prefix/lib/librulegen-mlir.a" ]; then
    echo "SKIP example-plugin: rulegen was built without its MLIR plugin (needs libmlir-22-dev)"
    return
  fi
  [ -f "$1" ] || { echo "FAIL example-plugin: $1 was not built"; return; }
  # built with sanitizers: their runtime goes first into mlir-opt-22
  mo="env LD_PRELOAD=$build_preload mlir-opt-22 --allow-unregistered-dialect"
  for g in "$example"/graphs/*.mlir; do
    n=$(basename "$g" .mlir)
    $mo --mlir-print-op-generic --mlir-print-debuginfo "$g" >"$tmp/pg.mlir" &&
      $mo --load-pass-plugin="$1" --pass-pipeline='builtin.module(func.func(rulegen-my-npu{target=my-npu}))' \
        --mlir-print-op-generic --mlir-print-debuginfo "$tmp/pg.mlir" >"$tmp/pg.plug" 2>"$tmp/err" &&
      "$2" --target my-npu "$tmp/pg.mlir" -o "$tmp/pg.opt" 2>>"$tmp/err" &&
      $mo --mlir-print-op-generic --mlir-print-debuginfo "$tmp/pg.opt" >"$tmp/pg.ref" 2>>"$tmp/err"
    rc=$?
    # The C API cannot set properties of an op of a dialect MLIR does not
    # know: a my_npu op a rewrite made carries them as attributes there.
    sed -E 's/^( *%[0-9]+ = "my_npu\.[a-z_]+"\([^)]*\)) <\{([^}]*)\}>/\1 {\2}/' "$tmp/pg.ref" >"$tmp/pg.ref2" &&
      mv "$tmp/pg.ref2" "$tmp/pg.ref"
    if [ $rc -ne 0 ]; then
      echo "FAIL example-plugin:$n: $(head -c 300 "$tmp/err")"
    elif ! cmp -s "$tmp/pg.plug" "$tmp/pg.ref"; then
      echo "FAIL example-plugin:$n: differs from my-npu-opt: $(diff "$tmp/pg.plug" "$tmp/pg.ref" | head -3 | tr '\n' ' ')"
    elif ! grep -q '"my_npu\.' "$tmp/pg.plug"; then
      echo "FAIL example-plugin:$n: no my_npu op in the output"
    else
      echo "PASS example-plugin:$n"
    fi
  done
  if $mo --load-pass-plugin="$1" --load-pass-plugin="$prefix/lib/rulegen-mlir-plugin.so" \
       --pass-pipeline='builtin.module(func.func(rulegen{target=ethos-u55},rulegen-my-npu{target=my-npu}),canonicalize)' \
       "$example/graphs/nchw_relu.mlir" >"$tmp/two.mlir" 2>"$tmp/err" &&
     grep -q '"my_npu.relu"' "$tmp/two.mlir" && ! grep -q 'tosa.transpose' "$tmp/two.mlir"; then
    echo "PASS example-plugin-beside-rulegen"
  else
    echo "FAIL example-plugin-beside-rulegen: $(head -c 300 "$tmp/err")"
  fi
}

if command -v cmake >/dev/null 2>&1; then
  if cmake -S "$example" -B "$tmp/cm" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Debug \
        -DCMAKE_C_FLAGS="-Werror $san" -DCMAKE_EXE_LINKER_FLAGS="$san" -DCMAKE_MODULE_LINKER_FLAGS="$san" \
        >"$tmp/out" 2>&1 &&
      cmake --build "$tmp/cm" >>"$tmp/out" 2>&1; then
    echo "PASS example-cmake"
    run_example cmake "$tmp/cm/my-npu-opt"
    example_plugin "$tmp/cm/rulegen-my-npu.so" "$tmp/cm/my-npu-opt"
    # Dependency tracking: an edit of an imported file reruns rulegen, once
    # (rulegen leaves an unchanged output as it was; the stamp is what is
    # compared), with both the Makefile and the Ninja generators.
    reruns_once() { # name build-dir
      sleep 1 # a newer mtime than the last build's, also on coarse clocks
      touch "$prefix/share/rulegen/tosa.ops"
      # into files: `| grep -q` would stop the build at its first match
      cmake --build "$2" >"$tmp/first" 2>&1
      cmake --build "$2" >"$tmp/again" 2>&1
      if ! grep -q 'rulegen: compiling' "$tmp/first"; then
        echo "FAIL $1-depends-on-imports: touching tosa.ops did not rerun rulegen"
      elif grep -q 'rulegen: compiling' "$tmp/again"; then
        echo "FAIL $1-reruns-once: rulegen ran again on a build with nothing changed: $(head -n 4 "$tmp/again" | tr '\n' '|')"
      else
        echo "PASS $1-reruns-once"
      fi
    }
    reruns_once cmake "$tmp/cm"
    if command -v ninja >/dev/null 2>&1; then
      if cmake -G Ninja -S "$example" -B "$tmp/cmn" -DCMAKE_PREFIX_PATH="$prefix" \
            -DCMAKE_C_FLAGS="-Werror $san" -DCMAKE_EXE_LINKER_FLAGS="$san" -DCMAKE_MODULE_LINKER_FLAGS="$san" \
            >"$tmp/out" 2>&1 &&
          cmake --build "$tmp/cmn" >>"$tmp/out" 2>&1; then
        reruns_once cmake-ninja "$tmp/cmn"
      else
        echo "FAIL cmake-ninja: $(grep -i -m 3 'error' "$tmp/out" | tr '\n' '|')"
      fi
    else
      echo "SKIP cmake-ninja: ninja is not installed"
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
  [ -n "$san" ] && printf 'cmake() { case $1 in -S) command cmake "$@" "-DCMAKE_C_FLAGS=%s" "-DCMAKE_EXE_LINKER_FLAGS=%s" ;; *) command cmake "$@" ;; esac; }\n' "$san" "$san"
  sed -n '/^```sh$/,/^```$/p' docs/tutorial.md | grep -v '^```'
} >"$tmp/tutorial.sh"
if ! command -v cmake >/dev/null 2>&1; then
  echo "SKIP tutorial: cmake is not installed"
elif (HOME="$tmp/home" BUILD="$build" sh "$tmp/tutorial.sh") >"$tmp/out" 2>&1; then
  echo "PASS tutorial"
else
  echo "FAIL tutorial: $(tail -n 3 "$tmp/out" | tr '\n' '|')"
fi
# Its C builds without a warning under -Wall -Wextra -Wmissing-prototypes
# (the example's own flags), and its second op ran.
if grep -E '\.c:[0-9]+:[0-9]+: warning:' "$tmp/out" >"$tmp/warn"; then
  echo "FAIL tutorial-no-warnings: $(head -n 2 "$tmp/warn" | tr '\n' '|')"
elif ! grep -q 'lower_float\.clamp_floor  *2$' "$tmp/out" || ! grep -q 'verified by execution: 8 run(s)' "$tmp/out"; then
  echo "FAIL tutorial-second-op: clamp_floor did not fire twice, or the proof did not run"
else
  echo "PASS tutorial-second-op"
fi
for f in my_npu.ops my_npu.rules my_npu_hooks.c my_npu_opt.c CMakeLists.txt graphs/add_relu.mlir graphs/clamp_floor.mlir; do
  if cmp -s "$tmp/home/my_npu/$f" "$example/$f"; then
    echo "PASS tutorial-file:$f"
  else
    echo "FAIL tutorial-file:$f: the tutorial's differs from docs/examples/my_npu/$f"
  fi
done

# The tutorial's shape hooks fail with the status docs/backends.md gives
# and the shipped hooks return.
if grep -q 'Bad input gives `RG_ERR_TYPE`' docs/backends.md && grep -q 'return RG_ERR_TYPE;' backends/common/shape_common.c &&
   grep -q 'return RG_ERR_TYPE;' docs/tutorial.md && ! grep -q 'RG_ERR_INVALID' "$example/my_npu_hooks.c"; then
  echo "PASS tutorial-shape-status"
else
  echo "FAIL tutorial-shape-status: the tutorial's hooks and docs/backends.md disagree on the status of bad input"
fi

# ---- three rule sets in one tool: the shipped ethos-u55 pipeline and
# my_npu both compile fuse_transposes, and a third set has a cleanup of
# its own like ethos-u55's; they link together and all run ----
two="$tmp/two"
mkdir -p "$two"
cat >"$two/main.c" <<'C'
#include "rulegen/dialects.h"
#include "rulegen/opt.h"
#include "ethos_u55.h"
#include "my_npu.h"
#include "other.h"
int main(int argc, char **argv) {
  RgOptTarget sets[] = {rg_target_ethos_u55, rg_target_my_npu, rg_target_other};
  sets[0].syntax = rg_syntax_shipped;
  return rg_opt_main(argc, argv, sets, 3);
}
C
cat >"$two/other.rules" <<'R'
import "tosa.ops"
pass cleanup "Another pass called cleanup" {
  rule abs_abs: (tosa.abs (tosa.abs x)) => (tosa.abs x)
}
pipeline other = [cleanup]
R
if "$prefix/bin/rulegen" -o "$two/ethos_u55.c" --header "$two/ethos_u55.h" --symbol ethos_u55 \
      "$prefix/share/rulegen/ethos_u55/pipeline.rules" 2>"$tmp/err" &&
    "$prefix/bin/rulegen" -I "$example" -o "$two/my_npu.c" --header "$two/my_npu.h" --symbol my_npu \
      "$example/my_npu.rules" 2>>"$tmp/err" &&
    "$prefix/bin/rulegen" -o "$two/other.c" --header "$two/other.h" --symbol other "$two/other.rules" 2>>"$tmp/err" &&
    $cc -std=c11 -Wall -Wextra -Werror $san -I"$prefix/include" -I"$two" "$two/main.c" "$two/ethos_u55.c" \
      "$two/my_npu.c" "$two/other.c" "$example/my_npu_hooks.c" "$prefix/lib/librulegen.a" -lm $z3 -o "$two/tool" \
      2>>"$tmp/err"; then
  echo "PASS two-sets-link"
  if "$two/tool" --target ethos-u55 --verify-by-execution tests/examples/nchw_block.mlir -o "$two/a.mlir" \
        2>"$tmp/err" && grep -q 'verified by execution' "$tmp/err" &&
      "$two/tool" --target my-npu --verify-by-execution "$example/graphs/nchw_relu.mlir" -o "$two/b.mlir" \
        2>"$tmp/err" && grep -q 'verified by execution' "$tmp/err" && grep -q '"my_npu.relu"' "$two/b.mlir" &&
      ! grep -q '"tosa.transpose"' "$two/b.mlir"; then
    echo "PASS two-sets-run"
  else
    echo "FAIL two-sets-run: $(head -n 2 "$tmp/err" | tr '\n' '|')"
  fi
  # A pass only a pipeline runs (imported) is still known by name.
  if "$two/tool" --list | grep -q '^  my_npu:fuse_transposes' &&
      "$two/tool" --target my-npu --isolate-rule fuse_transposes.identity "$example/graphs/nchw_relu.mlir" \
        -o "$two/c.mlir" 2>"$tmp/err" && grep -q '"tosa.transpose"' "$two/c.mlir"; then
    echo "PASS imported-pass-known"
  else
    echo "FAIL imported-pass-known: $(head -n 2 "$tmp/err" | tr '\n' '|')"
  fi
  # Both cleanups run, each named by its set; the bare name is ambiguous
  # (fuse_transposes is not: both sets compiled the same shipped pass).
  printf '%s\n' '"builtin.module"() ({' \
    '  "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "f"}> ({' \
    '  ^bb0(%a: tensor<4xf32>):' \
    '    %0 = "tosa.abs"(%a) : (tensor<4xf32>) -> tensor<4xf32>' \
    '    %1 = "tosa.abs"(%0) : (tensor<4xf32>) -> tensor<4xf32>' \
    '    "func.return"(%1) : (tensor<4xf32>) -> ()' \
    '  }) : () -> ()' '}) : () -> ()' >"$two/abs.mlir"
  if "$two/tool" --passes other:cleanup --verify-by-execution "$two/abs.mlir" -o "$two/d.mlir" 2>"$tmp/err" &&
      [ "$(grep -c '"tosa.abs"' "$two/d.mlir")" = 1 ] &&
      "$two/tool" --passes ethos_u55:cleanup,fuse_transposes "$two/abs.mlir" -o "$two/e.mlir" 2>"$tmp/err" &&
      [ "$(grep -c '"tosa.abs"' "$two/e.mlir")" = 2 ]; then
    echo "PASS same-pass-name-both-run"
  else
    echo "FAIL same-pass-name-both-run: $(head -n 2 "$tmp/err" | tr '\n' '|')"
  fi
  "$two/tool" --passes cleanup "$two/abs.mlir" >/dev/null 2>"$tmp/err"
  rc=$?
  if [ $rc = 2 ] && grep -q "pass 'cleanup' is in rule sets 'ethos_u55' and 'other': name one as SET:cleanup" "$tmp/err"; then
    echo "PASS same-pass-name-ambiguous"
  else
    echo "FAIL same-pass-name-ambiguous: exit $rc: $(head -n 2 "$tmp/err" | tr '\n' '|')"
  fi
else
  echo "FAIL two-sets-link: $(head -n 3 "$tmp/err" | tr '\n' '|')"
fi

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
