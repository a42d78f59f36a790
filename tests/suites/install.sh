#!/bin/sh
# The library as an outside program sees it: every public header compiles
# on its own as C11 and as C++ (extern "C", no internal includes), and the
# program in docs/embedding.md builds against the library and runs.
cd "$RG_ROOT" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc=${CC:-cc}

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
  if $cxx -std=c++11 -pedantic -Wall -Wextra -Werror -Iruntime/include "$tmp/use.cc" \
      "$RG_BUILD/lib/librulegen.a" -lm -o "$tmp/use" 2>"$tmp/err" && "$tmp/use"; then
    echo "PASS header-c++"
  else
    echo "FAIL header-c++: $(head -n 3 "$tmp/err" | tr '\n' '|')"
  fi
fi

# ---- docs/embedding.md: the first C program, against the built-in rules ----
sed -n '/^```c$/,/^```$/p' docs/embedding.md | sed '1d;/^```$/,$d' |
  sed 's/my_rules\.h/rules\/builtin.h/; s/rg_pipelines_my_rules/rg_pipelines_builtin/' >"$tmp/embed.c"
if $cc -std=c11 -Wall -Wextra -Werror -Iruntime/include -I"$RG_BUILD/gen" "$tmp/embed.c" \
    "$RG_BUILD/obj/gen/rules/builtin.o" "$RG_BUILD/lib/librgbackends.a" "$RG_BUILD/lib/librulegen.a" -lm \
    -o "$tmp/embed" 2>"$tmp/err" &&
    "$tmp/embed" tests/cli/pair.mlir >"$tmp/embed.mlir" 2>"$tmp/err" &&
    "$RG_BUILD/bin/rgopt" --target ethos-u55 tests/cli/pair.mlir -o "$tmp/rgopt.mlir" &&
    cmp -s "$tmp/embed.mlir" "$tmp/rgopt.mlir"; then
  echo "PASS embedding-example"
else
  echo "FAIL embedding-example: $(head -n 3 "$tmp/err" | tr '\n' '|')"
fi
