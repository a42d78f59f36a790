# What a program that a suite builds against $RG_BUILD's library needs, read
# off the library itself so that a suite run by hand (tests/run.sh
# build/asan) builds what `make asan` would. Sourced; sets
#   build_cc, build_cxx  the compilers that built the library: its objects
#                        carry instrumentation only their runtime knows
#                        (clang for the sanitizer tree, docs/testing.md)
#   build_san            the flags a program linking the library needs:
#                        -fsanitize=... and/or --coverage, empty when plain
#   build_preload        the sanitizer runtime a program that did not link
#                        it (python3, mlir-opt-22) loads first, or empty
# and exports CC and CXX as build_cc and build_cxx for the builds it runs
# (make install, cmake).
build_cc=${CC:-cc} build_cxx=${CXX:-c++}
if readelf -p .comment "$RG_BUILD/lib/librulegen.a" 2>/dev/null | grep -q 'clang version'; then
  build_cc=clang build_cxx=clang++
fi
build_san= build_preload=
case $(nm "$RG_BUILD/lib/librulegen.a" 2>/dev/null | grep -o ' U __\(asan\|gcov\)_' | sort -u | tr '\n' ' ') in
*asan*)
  build_san="-fsanitize=address,undefined"
  case $build_cc in
  *clang*)
    # clang 14 names the runtime by its processor; later ones keep it in a
    # folder of the target as libclang_rt.asan.so
    for f in "libclang_rt.asan-$(uname -m).so" libclang_rt.asan.so; do
      f=$($build_cc -print-file-name="$f")
      [ -f "$f" ] && { build_preload=$f; break; }
    done ;;
  *) build_preload="$($build_cc -print-file-name=libasan.so):$($build_cc -print-file-name=libubsan.so)" ;;
  esac ;;
esac
export CC="$build_cc" CXX="$build_cxx"
case $(nm "$RG_BUILD/lib/librulegen.a" 2>/dev/null | grep -c ' U __gcov_') in
0) ;;
*) build_san="$build_san --coverage" ;;
esac
