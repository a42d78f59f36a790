#!/bin/sh
# Output files of rulegen and rgopt: an output that is an input or another
# output (same inode, not only the same name) is refused before anything is
# written; writes go through symlinks to their target, keep the mode of the
# replaced file, refuse read-only files unless --force, and leave no
# temporary file behind when the process is killed while writing.
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
rg="$RG_BUILD/bin/rulegen"
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
pair=tests/cli/pair.mlir

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }

# refused NAME FILE CMD...: exit 1, "nothing written" said, FILE unchanged
# (or still absent when it did not exist).
refused() {
  name=$1 file=$2
  shift 2
  before=$(cat "$file" 2>/dev/null | cksum)
  "$@" >/dev/null 2>"$tmp/err"
  rc=$?
  after=$(cat "$file" 2>/dev/null | cksum)
  if [ $rc -ne 1 ]; then
    fail "$name" "exit $rc, expected 1: $(head -n 1 "$tmp/err")"
  elif ! grep -q "nothing written\|read-only" "$tmp/err"; then
    fail "$name" "unexpected message: $(head -n 1 "$tmp/err")"
  elif [ "$before" != "$after" ]; then
    fail "$name" "$file changed"
  else
    pass "$name"
  fi
}

cp rules/cleanup.rules "$tmp/in.rules"
refused rulegen-out-is-input "$tmp/in.rules" "$rg" -I backends/tosa -o "$tmp/in.rules" "$tmp/in.rules"
ln "$tmp/in.rules" "$tmp/hard.c"
refused rulegen-out-is-input-hardlink "$tmp/in.rules" "$rg" -I backends/tosa -o "$tmp/hard.c" "$tmp/in.rules"
refused rulegen-import-is-output backends/tosa/tosa.ops "$rg" -I backends/tosa -o "$tmp/x.c" --header backends/tosa/tosa.ops "$tmp/in.rules"
refused rulegen-header-is-out "$tmp/a.c" "$rg" -I backends/tosa -o "$tmp/a.c" --header "$tmp/a.c" "$tmp/in.rules"
refused rulegen-depfile-is-out "$tmp/a.c" "$rg" -I backends/tosa -o "$tmp/a.c" -MF "$tmp/./a.c" "$tmp/in.rules"
[ -e "$tmp/a.c" ] && fail rulegen-nothing-written "$tmp/a.c exists" || pass rulegen-nothing-written

cp "$pair" "$tmp/in.mlir"
"$rgopt" --passes none "$pair" -o "$tmp/ref.mlir" # what every write below holds
refused rgopt-out-is-input "$tmp/in.mlir" "$rgopt" --passes none "$tmp/in.mlir" -o "$tmp/in.mlir"
ln -s in.mlir "$tmp/alias.mlir"
refused rgopt-out-is-input-symlink "$tmp/in.mlir" "$rgopt" --passes none "$tmp/in.mlir" -o "$tmp/alias.mlir"
refused rgopt-dot-is-out "$tmp/o.mlir" "$rgopt" --passes none "$tmp/in.mlir" -o "$tmp/o.mlir" --dot "$tmp/o.mlir"
refused rgopt-json-is-input "$tmp/in.mlir" "$rgopt" --passes none "$tmp/in.mlir" --stats-json "$tmp/alias.mlir"
if "$rgopt" --passes none "$tmp/in.mlir" -o /dev/null --dot /dev/null 2>"$tmp/err"; then
  pass rgopt-dev-null-twice
else
  fail rgopt-dev-null-twice "$(head -n 1 "$tmp/err")"
fi

# Through a symlink (also a dangling one) to its target.
: >"$tmp/real.mlir"
ln -s real.mlir "$tmp/link.mlir"
ln -s new.mlir "$tmp/dangling.mlir"
if "$rgopt" --passes none "$tmp/in.mlir" -o "$tmp/link.mlir" && [ -L "$tmp/link.mlir" ] &&
   cmp -s "$tmp/real.mlir" "$tmp/ref.mlir"; then
  pass write-through-symlink
else
  fail write-through-symlink "the link was replaced or its target not written"
fi
if "$rgopt" --passes none "$tmp/in.mlir" -o "$tmp/dangling.mlir" && [ -L "$tmp/dangling.mlir" ] &&
   cmp -s "$tmp/new.mlir" "$tmp/ref.mlir"; then
  pass write-through-dangling-symlink
else
  fail write-through-dangling-symlink "the link was replaced or its target not written"
fi

# The mode of the replaced file is kept; new files get the umask's.
: >"$tmp/private.mlir"
chmod 600 "$tmp/private.mlir"
"$rgopt" --passes none "$tmp/in.mlir" -o "$tmp/private.mlir"
mode=$(stat -c %a "$tmp/private.mlir")
[ "$mode" = 600 ] && pass keep-mode || fail keep-mode "mode $mode, expected 600"
(umask 027 && "$rgopt" --passes none "$tmp/in.mlir" -o "$tmp/fresh.mlir")
mode=$(stat -c %a "$tmp/fresh.mlir")
[ "$mode" = 640 ] && pass new-file-umask || fail new-file-umask "mode $mode, expected 640"

# Read-only targets: refused, unless --force (which keeps the mode).
printf 'keep\n' >"$tmp/ro.mlir"
chmod 444 "$tmp/ro.mlir"
refused rgopt-read-only "$tmp/ro.mlir" "$rgopt" --passes none "$tmp/in.mlir" -o "$tmp/ro.mlir"
cp "$tmp/ro.mlir" "$tmp/ro.c" && chmod 444 "$tmp/ro.c"
refused rulegen-read-only "$tmp/ro.c" "$rg" -I backends/tosa -o "$tmp/ro.c" "$tmp/in.rules"
if "$rgopt" --force --passes none "$tmp/in.mlir" -o "$tmp/ro.mlir" && cmp -s "$tmp/ro.mlir" "$tmp/ref.mlir" &&
   [ "$(stat -c %a "$tmp/ro.mlir")" = 444 ]; then
  pass rgopt-force
else
  fail rgopt-force "not replaced, or the mode changed"
fi
if "$rg" --force -I backends/tosa -o "$tmp/ro.c" "$tmp/in.rules" && grep -q "generated" "$tmp/ro.c"; then
  pass rulegen-force
else
  fail rulegen-force "not replaced"
fi

# Killed while writing (a file size limit sends SIGXFSZ in the middle of
# the temporary file): no temporary file is left, no output appears.
# A graph with a 4 MiB constant (also used by the signal tests below).
n=4194304
{ printf '"builtin.module"() ({\n  "func.func"() <{function_type = () -> tensor<%dxi8>, sym_name = "f"}> ({\n' $n
  printf '    %%0 = "tosa.const"() <{values = dense<"0x'
  head -c $((2 * n)) /dev/zero | tr '\0' 7
  printf '"> : tensor<%dxi8>}> : () -> tensor<%dxi8>\n' $n $n
  printf '    "func.return"(%%0) : (tensor<%dxi8>) -> ()\n  }) : () -> ()\n}) : () -> ()\n' $n
} >"$tmp/big.mlir"
mkdir "$tmp/kill"
sh -c 'ulimit -f 4; exec "$@"' sh "$rgopt" --passes none "$tmp/big.mlir" -o "$tmp/kill/out.mlir" 2>/dev/null
rc=$?
left=$(ls "$tmp/kill")
if [ $rc -le 128 ]; then
  fail temp-removed-on-signal "exit $rc: the write was not interrupted by SIGXFSZ"
elif [ -n "$left" ]; then
  fail temp-removed-on-signal "left behind: $left"
else
  pass temp-removed-on-signal
fi

# A large input file (mapped, and its parsed text given back while reading)
# reads exactly as the same bytes from standard input do, and diagnostics
# about its first and last lines still quote them.
chain() { # N [bad-first-op]: a chain of N clamps, about 190 bytes each
  awk -v n="$1" -v bad="${2:-}" 'BEGIN {
    t = "tensor<1x16x16x8xf32>"
    print "\"builtin.module\"() ({"
    print "  \"func.func\"() <{function_type = (" t ") -> " t ", sym_name = \"chain\"}> ({"
    print "  ^bb0(%arg0: " t "):"
    prev = "%arg0"
    for (i = 0; i < n; i++) {
      extra = (i == 0 && bad != "") ? ", %arg0" : ""
      printf "    %%%d = \"tosa.clamp\"(%s%s) <{max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (%s%s) -> %s\n", i, prev, extra, t, (extra != "" ? ", " t : ""), t
      prev = "%" i
    }
    print "    \"func.return\"(" prev ") : (" t ") -> ()"
    print "  }) : () -> ()"
    print "}) : () -> ()"
    print ""
  }'
}
chain 60000 >"$tmp/chain.mlir"
if "$rgopt" --passes none "$tmp/chain.mlir" -o "$tmp/chain.out" &&
   "$rgopt" --passes none - <"$tmp/chain.mlir" >"$tmp/chain.stdin" &&
   cmp -s "$tmp/chain.out" "$tmp/chain.stdin" && cmp -s "$tmp/chain.out" "$tmp/chain.mlir"; then
  pass large-input-mapped
else
  fail large-input-mapped "the output differs from the input or from reading standard input"
fi
sed '$d' "$tmp/chain.mlir" | sed '$d' >"$tmp/cut.mlir"
echo '  }) : () -> ()' >>"$tmp/cut.mlir"
echo '}) : () -> ) oops' >>"$tmp/cut.mlir"
last=$(wc -l <"$tmp/cut.mlir")
"$rgopt" --passes none "$tmp/cut.mlir" -o "$tmp/cut.out" 2>"$tmp/cut.err"
if grep -q "^$tmp/cut.mlir:$last:[0-9]*: error:" "$tmp/cut.err" && grep -qF '}) : () -> ) oops' "$tmp/cut.err"; then
  pass large-input-error-at-end
else
  fail large-input-error-at-end "$(head -n 3 "$tmp/cut.err" | tr '\n' '|')"
fi
chain 60000 bad >"$tmp/bad.mlir"
"$rgopt" --passes none "$tmp/bad.mlir" -o "$tmp/bad.out" 2>"$tmp/bad.err"
if grep -q "^$tmp/bad.mlir:4:[0-9]*: error:" "$tmp/bad.err" && grep -qF '%0 = "tosa.clamp"(%arg0, %arg0)' "$tmp/bad.err"; then
  pass large-input-error-at-start
else
  fail large-input-error-at-start "$(head -n 3 "$tmp/bad.err" | tr '\n' '|')"
fi
# The replaced file keeps its owner and group where the process may give
# them (root; another user only a group of theirs), and always its mode,
# set-group-ID bit included (a change of owner clears it).
: >"$tmp/owned.mlir"
if [ "$(id -u)" = 0 ]; then
  chown 12345:23456 "$tmp/owned.mlir" && chmod 2640 "$tmp/owned.mlir"
  want=12345:23456:2640
else
  group=$(id -G | tr ' ' '\n' | grep -vx "$(id -g)" | head -n 1)
  [ -n "$group" ] && chgrp "$group" "$tmp/owned.mlir" && chmod 640 "$tmp/owned.mlir"
  want=$(id -u):$group:640
fi
if [ "$(id -u)" != 0 ] && [ -z "$group" ]; then
  echo "SKIP keep-owner: not root and in no second group"
elif "$rgopt" --passes none "$tmp/in.mlir" -o "$tmp/owned.mlir" 2>"$tmp/err" &&
     [ "$(stat -c %u:%g:%a "$tmp/owned.mlir")" = "$want" ] && cmp -s "$tmp/owned.mlir" "$tmp/ref.mlir"; then
  pass keep-owner
else
  fail keep-owner "$(stat -c %u:%g:%a "$tmp/owned.mlir"), expected $want: $(head -n 1 "$tmp/err")"
fi
# A user who may not give the file away still replaces it, with its mode.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
  shared=$(mktemp -d) && chmod 777 "$shared"
  cp "$tmp/in.mlir" "$shared/in.mlir" && chmod 644 "$shared/in.mlir"
  : >"$shared/out.mlir" && chmod 666 "$shared/out.mlir"
  if setpriv --reuid=12345 --regid=12345 --clear-groups "$rgopt" --passes none "$shared/in.mlir" \
       -o "$shared/out.mlir" 2>"$tmp/err" &&
     [ "$(stat -c %u:%a "$shared/out.mlir")" = 12345:666 ] && cmp -s "$shared/out.mlir" "$tmp/ref.mlir"; then
    pass keep-mode-not-owner
  else
    fail keep-mode-not-owner "$(stat -c %u:%g:%a "$shared/out.mlir"), expected 12345:...:666: $(head -n 1 "$tmp/err")"
  fi
  rm -rf "$shared"
else
  echo "SKIP keep-mode-not-owner: needs root and setpriv"
fi

# SIGINT or SIGTERM while the temporary file is being written: the process
# is stopped once the file exists, sent the signal and resumed; it must die
# of the signal and leave nothing. A graph with a 4 MiB constant keeps the
# temporary file there long enough (its write and fsync) to be caught.
"$rgopt" --passes none "$tmp/big.mlir" -o "$tmp/big.ref"
# mid_write SIGNAL [PREFIX...]: runs PREFIX rgopt on the big graph into
# $tmp/sig; sets rc (its exit status), left (the files in $tmp/sig) and
# caught (empty when the write ended before it could be stopped).
mid_write() {
  sig=$1
  shift
  for attempt in 1 2 3; do
    rm -rf "$tmp/sig" && mkdir "$tmp/sig"
    "$@" "$rgopt" --passes none "$tmp/big.mlir" -o "$tmp/sig/out.mlir" 2>/dev/null &
    pid=$! caught= i=0
    while [ $i -lt 1000000 ] && kill -0 $pid 2>/dev/null; do
      set -- "$tmp"/sig/out.mlir.tmp.*
      if [ -e "$1" ]; then
        kill -STOP $pid
        set -- "$tmp"/sig/out.mlir.tmp.*
        [ -e "$1" ] && caught=yes
        break
      fi
      i=$((i + 1))
    done
    kill -"$sig" $pid 2>/dev/null
    kill -CONT $pid 2>/dev/null
    wait $pid 2>/dev/null
    rc=$?
    left=$(ls "$tmp/sig")
    [ -n "$caught" ] && return
  done
}
# Background jobs start with SIGINT ignored; env resets it to the default.
for sig in INT TERM; do
  if [ "$sig" = INT ]; then mid_write INT env --default-signal=INT; else mid_write TERM; fi
  if [ -z "$caught" ]; then
    fail "temp-removed-on-$sig" "the write ended before the signal could be sent (3 tries)"
  elif [ "$rc" -le 128 ]; then
    fail "temp-removed-on-$sig" "exit $rc: the process did not die of SIG$sig"
  elif [ -n "$left" ]; then
    fail "temp-removed-on-$sig" "left behind: $left"
  else
    pass "temp-removed-on-$sig"
  fi
done
# An ignored SIGINT (a background job's) stays ignored: the write completes.
mid_write INT
if [ -z "$caught" ]; then
  fail ignored-signal-ignored "the write ended before the signal could be sent (3 tries)"
elif [ "$rc" = 0 ] && [ "$left" = out.mlir ] && cmp -s "$tmp/sig/out.mlir" "$tmp/big.ref"; then
  pass ignored-signal-ignored
else
  fail ignored-signal-ignored "exit $rc, files '$left'"
fi
