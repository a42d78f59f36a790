#!/bin/sh
# The golden-file runner (tests/golden.sh) on commands with known results:
# each check passes and fails when it should, a failure shows the diff head
# on its one line, and UPDATE_GOLDENS=1 rewrites only what differs.
cd "$RG_ROOT" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/golden.sh

# expect NAME WANT-PATTERN GOLDEN-ARGS...: the line golden prints for a
# case named "t" matches the grep pattern WANT-PATTERN.
expect() {
  name=$1 want=$2
  shift 2
  got=$(golden t "$@")
  if printf '%s\n' "$got" | grep -q -- "$want"; then
    echo "PASS $name"
  else
    echo "FAIL $name: printed '$got', expected '$want'"
  fi
}

printf 'one\ntwo\n' >"$tmp/two.txt"
printf 'one\nTWO\n' >"$tmp/other.txt"
: >"$tmp/empty"
expect stdout-same '^PASS t$' --stdout "$tmp/two.txt" -- cat "$tmp/two.txt"
expect stdout-differs "^FAIL t: standard output differs from $tmp/other.txt: 2c2|< TWO|---|> two$" \
  --stdout "$tmp/other.txt" -- cat "$tmp/two.txt"
expect stderr-same '^PASS t$' --stderr "$tmp/two.txt" -- sh -c 'cat "$1" >&2' sh "$tmp/two.txt"
expect stderr-differs '^FAIL t: standard error differs' --stderr "$tmp/empty" -- sh -c 'echo x >&2'
expect status-default '^FAIL t: exit status 3, expected 0: oops$' -- sh -c 'echo oops >&2; exit 3'
expect status-given '^PASS t$' --status 3 -- sh -c 'exit 3'
expect status-any '^PASS t$' --status any -- sh -c 'exit 5'
expect status-first '^FAIL t: exit status 1, expected 2' --status 2 --stdout "$tmp/other.txt" -- false
expect empty-stdout '^FAIL t: unexpected standard output: one|two$' --empty-stdout -- cat "$tmp/two.txt"
expect empty-stderr '^PASS t$' --empty-stderr -- true
expect file-same '^PASS t$' --file "$tmp/out" "$tmp/two.txt" -- cp "$tmp/two.txt" "$tmp/out"
expect file-differs "^FAIL t: output differs from $tmp/other.txt: 2c2" --file "$tmp/out" "$tmp/other.txt" -- cp "$tmp/two.txt" "$tmp/out"
# A file left by an earlier command never passes for this one's output.
cp "$tmp/two.txt" "$tmp/out"
expect file-stale '^FAIL t: no output written$' --file "$tmp/out" "$tmp/two.txt" -- true
expect no-file '^FAIL t: an output file .*/out was written$' --no-file "$tmp/out" -- cp "$tmp/two.txt" "$tmp/out"
expect no-file-absent '^PASS t$' --no-file "$tmp/out" -- true
expect missing-expected "^FAIL t: no expected standard output $tmp/none (UPDATE_GOLDENS=1" --stdout "$tmp/none" -- true
expect defer-pass '^$' --defer-pass -- true
expect unknown-check "^FAIL t: golden: unknown check '--frob'" --frob -- true
expect quoted-paths '^PASS t$' --file "$tmp/it's out" "$tmp/two.txt" -- cp "$tmp/two.txt" "$tmp/it's out"

# UPDATE_GOLDENS=1: a differing or missing expected file is rewritten, a
# matching one is left alone, an exit status is never accepted.
cp "$tmp/other.txt" "$tmp/upd.txt"
got=$(UPDATE_GOLDENS=1 golden t --stdout "$tmp/upd.txt" -- cat "$tmp/two.txt")
if [ "$got" = "UPDATED $tmp/upd.txt (t)
PASS t" ] && cmp -s "$tmp/upd.txt" "$tmp/two.txt"; then
  echo "PASS update-rewrites"
else
  echo "FAIL update-rewrites: printed '$got'"
fi
got=$(UPDATE_GOLDENS=1 golden t --stderr "$tmp/new.err" -- sh -c 'echo made >&2')
if [ "$got" = "UPDATED $tmp/new.err (t)
PASS t" ] && [ "$(cat "$tmp/new.err")" = made ]; then
  echo "PASS update-creates"
else
  echo "FAIL update-creates: printed '$got'"
fi
touch -d '2000-01-01' "$tmp/upd.txt"
got=$(UPDATE_GOLDENS=1 golden t --stdout "$tmp/upd.txt" -- cat "$tmp/two.txt")
if [ "$got" = "PASS t" ] && [ -z "$(find "$tmp/upd.txt" -newermt '2000-01-02')" ]; then
  echo "PASS update-keeps-same"
else
  echo "FAIL update-keeps-same: printed '$got'"
fi
cp "$tmp/other.txt" "$tmp/upd.txt"
got=$(UPDATE_GOLDENS=1 golden t --stdout "$tmp/upd.txt" -- sh -c 'cat "$1"; exit 1' sh "$tmp/two.txt")
if printf '%s\n' "$got" | grep -q '^FAIL t: exit status 1, expected 0' && cmp -s "$tmp/upd.txt" "$tmp/other.txt"; then
  echo "PASS update-not-on-status"
else
  echo "FAIL update-not-on-status: printed '$got'"
fi
