#!/bin/sh
# Public API documentation: every RG_API function declared in the
# installed headers has a comment saying what it does, either its own
# (directly above or on its line) or its group's: declarations written one
# after another, no blank line between, under one comment.
cd "$RG_ROOT" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Prints FILE:LINE: DECLARATION for each RG_API declaration without one.
undocumented() {
  awk '
    FNR == 1 { prev = ""; grouped = 0 }
    {
      line = $0
      cont = line ~ /^[ \t]+[A-Za-z_].*[,;)][ \t]*$/ # a continuation line
      if (line ~ /RG_API/ && line !~ /^#define/) {
        if (line ~ /\/\*/ || prev ~ /\*\/[ \t]*$/ || prev ~ /^\/\// ||
            (grouped && prev ~ /RG_API|[,;][ \t]*$/)) {
          grouped = 1
        } else {
          print FILENAME ":" FNR ": " line
          grouped = 0
        }
      } else if (!cont) {
        grouped = 0
      }
      if (!cont || prev !~ /RG_API/)
        prev = line
    }' "$@"
}

undocumented runtime/include/rulegen/*.h >"$tmp/missing"
if [ -s "$tmp/missing" ]; then
  echo "FAIL public-api-comments: $(wc -l <"$tmp/missing") RG_API functions have no comment"
  sed 's/^/  /' "$tmp/missing"
else
  echo "PASS public-api-comments ($(grep -h 'RG_API' runtime/include/rulegen/*.h | grep -vc '#define') declarations)"
fi

# The check itself sees a bare declaration, and accepts a commented one.
printf 'int x;\n\nRG_API void rg_undocumented(void);\n' >"$tmp/bare.h"
printf '/* Does a thing. */\nRG_API void rg_documented(void);\nRG_API void rg_same_group(void);\n' >"$tmp/good.h"
if [ -n "$(undocumented "$tmp/bare.h")" ] && [ -z "$(undocumented "$tmp/good.h")" ]; then
  echo "PASS public-api-comments-seeded"
else
  echo "FAIL public-api-comments-seeded: the check misjudges a seeded header"
fi
