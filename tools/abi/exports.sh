#!/bin/sh
# Writes the linker version script of librulegen.so to standard output:
# the library exports its public API (every RG_API function and variable
# of the installed headers) and the hooks that the installed .ops files
# bind by name (shape, eval and extern functions of the shipped targets),
# which the generated code of a user's rule set importing those .ops
# files calls. Everything else is local.
# Usage: exports.sh VERSION HEADERS... -- GENERATED_OBJ -- LIBRARY_OBJS...
set -eu
version=$1
shift
headers=""
while [ "$1" != "--" ]; do headers="$headers $1"; shift; done
shift
generated=$1
shift 2
# RG_API declarations: the identifier before the first '(' or the last
# word before ';' for variables.
api=$(sed -n 's/^RG_API[^(;]*[ *]\([A-Za-z_][A-Za-z0-9_]*\)[ \t]*[(;[].*/\1/p' $headers | sort -u)
defined=$(nm --defined-only "$@" | awk 'NF == 3 && $2 ~ /^[TDRB]$/ {print $3}' | sort -u)
hooks=$(nm -u "$generated" | awk '{print $NF}' | sort -u | comm -12 - "$(printf '%s\n' "$defined" >"${TMPDIR:-/tmp}/rg_exports.$$"; echo "${TMPDIR:-/tmp}/rg_exports.$$")" | grep -v '^rg_')
rm -f "${TMPDIR:-/tmp}/rg_exports.$$"
echo "RULEGEN_$version {"
echo "  global:"
for s in $api $hooks; do echo "    $s;"; done
echo "  local:"
echo "    *;"
echo "};"
