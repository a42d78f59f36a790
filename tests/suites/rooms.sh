#!/bin/sh
# Rooms: the code base is split by concern (docs/internals.md) and the
# splits hold.
# - include-rules: a file includes only the private headers of its own
#   room and of the rooms below it (the table below); public headers
#   (runtime/include/rulegen) include no private header at all.
# - no-file-cycles: no two translation units of the library, the rules
#   front end or the generator need each other's symbols, directly or
#   through others (read from the built objects with nm), so every file
#   can be read after the files it uses.
# - room-layers: a library object uses symbols only of its own room and of
#   the rooms below it: what the include rules say holds for the code too.
cd "$RG_ROOT" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Which rooms' private headers each room may include (itself included).
allowed() {
  case $1 in
  support) echo "support" ;;
  ir) echo "ir support" ;;
  mlir) echo "mlir ir support" ;;
  pass) echo "pass ir support" ;;
  interp) echo "interp ir support" ;;
  prove) echo "prove ir support" ;;
  driver) echo "driver mlir pass interp prove ir support" ;;
  dsl) echo "dsl support" ;;
  gen) echo "gen dsl support" ;;
  backends) echo "support" ;;
  tools) echo "driver dsl gen support" ;;
  public) echo "" ;;
  *) echo "driver mlir pass interp prove ir support dsl gen" ;;
  esac
}

# room FILE: the room a source file lives in.
room() {
  case $1 in
  runtime/include/*) echo public ;;
  runtime/*/*) r=${1#runtime/}; echo "${r%%/*}" ;;
  dsl/*) echo dsl ;;
  gen/*) echo gen ;;
  backends/*) echo backends ;;
  tools/*) echo tools ;;
  *) echo other ;;
  esac
}

bad=0
for f in $(git ls-files 'runtime/*.[ch]' 'runtime/*.re' 'runtime/*.y' 'dsl/*.[ch]' 'dsl/*.re' \
             'dsl/*.y' 'gen/*.[ch]' 'backends/*.[ch]' 'tools/*.[ch]'); do
  r=$(room "$f")
  ok=$(allowed "$r")
  grep -n '^#include "' "$f" | while IFS= read -r line; do
    inc=$(echo "$line" | sed 's/^[0-9]*:#include "\([^"]*\)".*/\1/')
    case $inc in
    support/*|ir/*|mlir/*|pass/*|interp/*|prove/*|driver/*) target=${inc%%/*} ;;
    dsl.h|ast.h|check.h|parse.h|grammar.h) target=dsl ;;
    gen.h|gen_internal.h) target=gen ;;
    *) continue ;;
    esac
    # a room's own files may use its local names (gen's "gen.h")
    [ "$target" = "$r" ] && continue
    case " $ok " in
    *" $target "*) ;;
    *) echo "$f:${line%%:*}: $r includes $inc ($target): not allowed" ;;
    esac
  done
done >"$tmp/inc"
if [ -s "$tmp/inc" ]; then
  echo "FAIL include-rules: $(wc -l <"$tmp/inc") includes cross a room's line"
  sed 's/^/  /' "$tmp/inc"
  bad=1
else
  echo "PASS include-rules"
fi

# A seeded violation must be seen: the test of the test.
mkdir -p "$tmp/seed/runtime/ir"
printf '#include "driver/driver_internal.h"\n' >"$tmp/seed/runtime/ir/x.c"
r=$(room runtime/ir/x.c)
case " $(allowed "$r") " in
*" driver "*) echo "FAIL include-rules-seeded: ir may include driver" ;;
*) echo "PASS include-rules-seeded" ;;
esac

# ---- symbol graph of the built objects ----
objs=""
for d in runtime dsl gen; do
  for o in $(find "$RG_BUILD/obj/$d" "$RG_BUILD/obj/gen/$d" -name '*.o' 2>/dev/null); do
    case $o in "$RG_BUILD/obj/gen/rules/"*) continue ;; esac
    objs="$objs $o"
  done
done
if [ -z "$objs" ] || ! command -v nm >/dev/null 2>&1; then
  echo "SKIP no-file-cycles: no built objects or no nm"
  exit 0
fi
# Only objects the build still makes: a file moved away leaves its old
# object behind in an old build tree.
srcs=$(git ls-files 'runtime/*.c' 'dsl/*.c' 'gen/*.c' | tr '\n' ' ')
for o in $objs; do
  rel=${o#"$RG_BUILD/obj/"}
  case $rel in
  gen/runtime/*|gen/dsl/*) src=${rel#gen/} ;;  # generated lexers and grammars
  *) src=${rel%.o}.c
     case " $srcs " in *" $src "*) ;; *) continue ;; esac ;;
  esac
  src=${src%.o}
  nm "$o" | awk -v f="$src" '$2 ~ /^[TDRBC]$/ {print "D", f, $3} $1 == "U" {print "U", f, $2}'
done >"$tmp/syms"

# Edges between files (A uses a symbol B defines), then cycles by
# transitive closure (a few dozen files: cubic is fine).
awk '
  $1 == "D" { def[$3] = $2; files[$2] = 1 }
  $1 == "U" { use[++n] = $2 " " $3 }
  END {
    for (i = 1; i <= n; i++) {
      split(use[i], p, " ")
      if ((p[2] in def) && def[p[2]] != p[1]) edge[p[1], def[p[2]]] = 1
    }
    for (a in files) for (b in files) reach[a, b] = ((a, b) in edge)
    for (k in files) for (a in files) if (reach[a, k]) for (b in files) if (reach[k, b]) reach[a, b] = 1
    for (a in files) for (b in files) if (a < b && reach[a, b] && reach[b, a]) print a " <-> " b
    for (k in edge) { split(k, q, SUBSEP); print "EDGE " q[1] " " q[2] > "/dev/stderr" }
  }' "$tmp/syms" >"$tmp/cycles" 2>"$tmp/edges"
if [ -s "$tmp/cycles" ]; then
  echo "FAIL no-file-cycles: files that need each other:"
  sed 's/^/  /' "$tmp/cycles"
  bad=1
else
  echo "PASS no-file-cycles ($(grep -c . "$tmp/edges") edges)"
fi

while read -r _ a b; do
  case $a in runtime/*) ;; *) continue ;; esac
  ra=$(room "$a") rb=$(room "$b")
  [ "$ra" = "$rb" ] && continue
  case " $(allowed "$ra") " in
  *" $rb "*) ;;
  *) echo "$a uses $b ($ra -> $rb)" ;;
  esac
done <"$tmp/edges" >"$tmp/layers"
if [ -s "$tmp/layers" ]; then
  echo "FAIL room-layers: $(wc -l <"$tmp/layers") uses go up or sideways"
  sed 's/^/  /' "$tmp/layers"
  bad=1
else
  echo "PASS room-layers"
fi
# The repository's top level is a fixed set; anything else belongs in a room.
if git rev-parse --git-dir >/dev/null 2>&1; then
  extra=$(git ls-files | sed 's|/.*||' | sort -u | grep -vx -e dsl -e rules -e gen -e runtime -e backends \
          -e tools -e tests -e docs -e bench -e .ci -e bootstrap.sh -e Makefile -e README.md -e .gitignore | tr '\n' ' ')
  if [ -n "$extra" ]; then
    echo "FAIL top-level: not part of the fixed top level: $extra"
  else
    echo "PASS top-level"
  fi
else
  echo "SKIP top-level: not a git checkout"
fi
exit 0
