#!/bin/sh
# The tree-sitter grammar for .rules/.ops (dsl/tree-sitter-rules): every
# rules and ops file of the repository parses, except the ones whose
# golden error is a syntax error of the compiler (tests/dsl/errors/*.err
# saying "syntax error", "unexpected character", "unterminated" or "NUL
# byte"), which must not: bad escapes inside strings and the checker's
# errors are not the grammar's business. Checked twice when possible:
#  * always (with node): tests/treesitter/grammar_check.js reads grammar.js
#    itself and runs an Earley recognizer over its productions, checks that
#    every rule is defined and used and that the highlight query names real
#    nodes and tokens;
#  * with the tree-sitter CLI: `tree-sitter generate`, then `tree-sitter
#    parse` must give no ERROR or MISSING node. npm's tree-sitter-cli
#    downloads its binary when installed, so where that cannot be fetched
#    this part is skipped with a message.
cd "$RG_ROOT" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ts=dsl/tree-sitter-rules

files=$(git ls-files '*.rules' '*.ops' 2>/dev/null || find . -name '*.rules' -o -name '*.ops')
is_syntax_error() {
  err=${1%.*}.err
  [ -f "$err" ] && head -n 1 "$err" | grep -q 'error: \(syntax error\|unexpected character\|unterminated\|NUL byte\)'
}

if ! command -v node >/dev/null 2>&1; then
  echo "SKIP tree-sitter-grammar: node not installed"
else
  # shellcheck disable=SC2086
  node tests/treesitter/grammar_check.js "$ts/grammar.js" "$ts/queries/highlights.scm" $files >"$tmp/out" 2>&1 ||
    echo "FAIL tree-sitter-grammar: grammar_check.js failed: $(head -n 3 "$tmp/out" | tr '\n' '|')"
  grep -v '^\(PASS\|FAIL\) parse:' "$tmp/out"
  for f in $files; do
    if is_syntax_error "$f"; then
      grep -q "^FAIL parse:$f:" "$tmp/out" && echo "PASS rejects:$f" ||
        echo "FAIL rejects:$f: a file with a syntax error parses"
    else
      grep -q "^PASS parse:$f\$" "$tmp/out" && echo "PASS parses:$f" ||
        echo "FAIL parses:$f: $(grep "^FAIL parse:$f:" "$tmp/out" | sed 's/^FAIL parse:[^:]*: //')"
    fi
  done
fi

tscli=$(command -v tree-sitter || true)
if [ -z "$tscli" ]; then
  echo "SKIP tree-sitter-cli: no 'tree-sitter' command (npm install -g tree-sitter-cli; its installer downloads a prebuilt binary)"
  exit 0
fi
cp -r "$ts" "$tmp/g"
if ! (cd "$tmp/g" && "$tscli" generate >"$tmp/gen.log" 2>&1); then
  echo "FAIL tree-sitter-generate: $(head -n 5 "$tmp/gen.log" | tr '\n' '|')"
  exit 0
fi
echo "PASS tree-sitter-generate"
for f in $files; do
  is_syntax_error "$f" && continue
  (cd "$tmp/g" && "$tscli" parse "$RG_ROOT/$f") >"$tmp/tree" 2>&1
  if grep -q 'ERROR\|MISSING' "$tmp/tree"; then
    echo "FAIL tree-sitter-parse:$f: $(grep -m 1 'ERROR\|MISSING' "$tmp/tree")"
  else
    echo "PASS tree-sitter-parse:$f"
  fi
done
