#!/bin/sh
# Seeing what a pipeline did: --print-ir-after-change / --print-ir-after /
# --print-ir-after-all dumps, --explain by `%name` and by location, and the
# HTML report (--report), which is opened in headless chromium when it is
# installed: it must load without errors and a screenshot must show the
# pictures (pixels other than the white page where the rewrites are drawn).
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pair=tests/cli/pair.mlir
locs=tests/rules/locations_fused.mlir

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
oneline() { head -n 3 "$1" | tr '\n' '|'; }

# ---- IR dumps ----
"$rgopt" --target ethos-u55 --print-ir-after-change "$pair" -o "$tmp/out.mlir" 2>"$tmp/dump"
n=$(grep -c '^// -----// IR Dump After ' "$tmp/dump")
# only fuse_transposes changes this graph (cleanup and fuse_rescales do not)
if [ "$n" -eq 1 ] && grep -q '^// -----// IR Dump After fuse_transposes //----- //$' "$tmp/dump"; then
  pass print-ir-after-change
else
  fail print-ir-after-change "$n dump(s): $(grep 'IR Dump' "$tmp/dump" | tr '\n' '|')"
fi
# the dump is the graph as it was then: here the final graph
sed '1d' "$tmp/dump" | cmp -s - "$tmp/out.mlir" && pass print-ir-dump-text ||
  fail print-ir-dump-text "the dump differs from the output"
"$rgopt" --target ethos-u55 --print-ir-after=cleanup "$pair" -o "$tmp/null.out" 2>"$tmp/dump"
n=$(grep -c '^// -----// IR Dump After cleanup //' "$tmp/dump")
[ "$n" -ge 1 ] && ! grep -q 'Dump After fuse_transposes' "$tmp/dump" && pass print-ir-after-pass ||
  fail print-ir-after-pass "$(grep 'IR Dump' "$tmp/dump" | tr '\n' '|')"
"$rgopt" --target ethos-u55 --list >"$tmp/list"
passes=$(sed -n 's/^  ethos-u55: //p' "$tmp/list" | wc -w)
"$rgopt" --target ethos-u55 --print-ir-after-all "$pair" -o "$tmp/null.out" 2>"$tmp/dump"
n=$(grep -c '^// -----// IR Dump After ' "$tmp/dump")
[ "$n" -eq "$passes" ] && pass print-ir-after-all || fail print-ir-after-all "$n dumps for $passes passes"
"$rgopt" --target ethos-u55 --print-ir-after=nonsense "$pair" -o "$tmp/null.out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "unknown pass 'nonsense'" "$tmp/err" && pass print-ir-after-unknown ||
  fail print-ir-after-unknown "$(oneline "$tmp/err")"
"$rgopt" --target ethos-u55 --emit=pretty --print-ir-after-change "$pair" -o "$tmp/null.out" 2>"$tmp/dump"
grep -q '^    %[0-9]* = tosa\.\|^    return' "$tmp/dump" && pass print-ir-pretty || fail print-ir-pretty "$(oneline "$tmp/dump")"

# ---- --explain by name and by location ----
explain_case() { # name expected-text args...
  name=$1 want=$2
  shift 2
  "$rgopt" --target ethos-u55 "$@" -o "$tmp/null.out" 2>"$tmp/ex"
  if grep -q -- "$want" "$tmp/ex"; then pass "explain-$name"; else fail "explain-$name" "$(oneline "$tmp/ex")"; fi
}
explain_case by-number 'op 3 is tosa.transpose' --explain 3 "$pair"
explain_case by-name 'op 3 is tosa.transpose' --explain %1 "$pair"
explain_case by-name-index 'op 3 is tosa.transpose' --explain '%1#0' "$pair"
explain_case by-name-first 'op 2 is tosa.transpose' --explain %0 "$pair"
explain_case by-location 'op 3 is tosa.transpose' --explain '"n.py":9:1' "$locs"
explain_case by-loc-form 'op 3 is tosa.transpose' --explain 'loc(callsite("conv"("m.py":4:2) at "n.py":9:1))' "$locs"
# `#loc1` is defined after the ops: its definition is what is searched
explain_case by-alias-target 'op 2 is tosa.transpose' --explain '"m.py":3:5' "$locs"
explain_case by-alias-name 'op 2 is tosa.transpose' --explain '#loc1' "$locs"
# ---- --explain: the first conjunct of a guard that failed, with the
# values it reads (goldens tests/cli/explain_conjunct_*.expected): sizes
# that do not cover the dim, a dim out of range, a split_size of 0, and a
# dynamic shape that cannot be evaluated ----
. tests/golden.sh
for c in 2:sum 3:range 4:size 5:dynamic; do
  golden "explain-conjunct-${c#*:}" --stderr "tests/cli/explain_conjunct_${c#*:}.expected" -- \
    "$rgopt" --passes convert_split_to_slice --explain "${c%%:*}" tests/arm/split_kept.mlir -o "$tmp/null.out"
done
for bad in '%nope' '"nowhere.py":1:1' '%arg0'; do
  "$rgopt" --target ethos-u55 --explain "$bad" "$locs" -o "$tmp/null.out" 2>"$tmp/err"
  [ $? -eq 2 ] && grep -q -- '--explain' "$tmp/err" && pass "explain-unknown:$bad" ||
    fail "explain-unknown:$bad" "$(oneline "$tmp/err")"
done

# ---- the HTML report ----
"$rgopt" --target ethos-u55 --report "$tmp/r.html" "$pair" -o "$tmp/a.mlir" 2>"$tmp/err" ||
  fail report-runs "$(oneline "$tmp/err")"
"$rgopt" --target ethos-u55 "$pair" -o "$tmp/b.mlir"
cmp -s "$tmp/a.mlir" "$tmp/b.mlir" && pass report-same-output || fail report-same-output "output differs"
check_report() { # name file
  f=$2
  ok=yes
  for want in '<h2>Pipeline</h2>' '<h2>Rules</h2>' '<h2>Ops before and after</h2>' '<h2>Rewrites</h2>'; do
    grep -q "$want" "$f" || { fail "report:$1" "no $want"; ok=; }
  done
  grep -q 'fuse_rescales</code></td><td>skipped</td>.*no rule can fire: absent tosa.rescale' "$f" ||
    { fail "report:$1" "the skipped pass and its missing op are not shown"; ok=; }
  # self-contained: no address but the SVG namespaces
  outside=$(grep -o 'https\{0,1\}://[^"]*' "$f" | grep -v '^http://www.w3.org/' | head -n 1)
  if [ -n "$outside" ]; then
    fail "report:$1" "refers to an outside resource: $outside"; ok=
  fi
  if command -v dot >/dev/null 2>&1; then
    [ "$(grep -c '<svg' "$f")" -ge 2 ] || { fail "report:$1" "no pictures"; ok=; }
  fi
  [ -n "$ok" ] && pass "report:$1"
}
check_report pair "$tmp/r.html"
# Near misses: identity's guard failed on both transposes (one row, with
# the test that failed; fuse_transposes runs twice in the pipeline).
near=$(sed -n '/<h2>Near misses/,/<\/table>/p' "$tmp/r.html")
if echo "$near" | grep -q "<code>fuse_transposes.identity</code></td><td><code>rules/transpose.rules:[0-9]*:[0-9]*</code></td><td class=\"n\">2</td><td><code>guard failed at 'p == iota(len(p))' (p = \[" &&
   [ "$(echo "$near" | grep -c 'fuse_transposes.identity<')" -eq 1 ]; then
  pass report-near-misses
else
  fail report-near-misses "$(echo "$near" | grep identity | head -n 2 | tr '\n' '|')"
fi
grep -q 'fuse_transposes.inverse_pair</code>.*<td class="n">1</td>' "$tmp/r.html" && pass report-fires ||
  fail report-fires "inverse_pair's one fire is not listed"
# The page is titled with the program's name; a pass skipped because its
# rules are all inexact says so (not which ops are absent); a rewrite that
# made no op shows what replaced the removed one (inverse_pair: the
# function's argument); a constant a rewrite made shows its values.
grep -q '<title>rgopt report: tests/cli/pair.mlir</title>' "$tmp/r.html" && pass report-title ||
  fail report-title "$(grep -o '<title>[^<]*' "$tmp/r.html")"
grep -q 'fold_batch_norm</code></td><td>skipped</td>.*<td>its rules are all inexact; --inexact applies them</td>' "$tmp/r.html" &&
  pass report-skip-inexact || fail report-skip-inexact "fold_batch_norm's reason is not shown"
"$rgopt" --target ethos-u55 --inexact --report "$tmp/ri.html" "$pair" -o "$tmp/ri.mlir" 2>"$tmp/err"
grep -q 'fold_batch_norm</code></td><td>skipped</td>.*<td>no rule can fire: absent tosa\.[a-z_0-9]*</td>' "$tmp/ri.html" &&
  pass report-skip-inexact-given || fail report-skip-inexact-given "$(grep -o 'fold_batch_norm</code>.*' "$tmp/ri.html")"
if command -v dot >/dev/null 2>&1; then
  grep -q 'replaced by block argument 0' "$tmp/r.html" && pass report-replaced-by ||
    fail report-replaced-by "the removed op's replacement is not named"
  # inverse_pair absorbs both transposes: both are filled before it.
  filled=$(sed -n '/inverse_pair<\/code> <small>/,/figcaption>before/p' "$tmp/r.html" | grep -c 'fill="#ffe9a8"')
  [ "$filled" -eq 2 ] && pass report-absorbed || fail report-absorbed "$filled ops filled before inverse_pair, not 2"
  "$rgopt" --passes canonicalize --fold-limit 8 --report "$tmp/fold.html" tests/rules/canon_fold.mlir -o "$tmp/f.mlir"
  grep -q 'values = splat 5<' "$tmp/fold.html" && grep -q 'values = \[4, 3, 2, 1\]<' "$tmp/fold.html" &&
    pass report-constant-values || fail report-constant-values "$(grep -o 'values = [^<]*' "$tmp/fold.html" | head -n 3)"
fi
# MobileNetV2 holds the convolutions fold_batch_norm's rules match: the
# pass is skipped for want of --inexact, and runs with it.
mnv2="$RG_ROOT/../shared/models/mobilenetv2.generic.mlir"
if [ -f "$mnv2" ]; then
  "$rgopt" --target ethos-u55 --stats "$mnv2" -o "$tmp/m.mlir" 2>"$tmp/st"
  "$rgopt" --target ethos-u55 --inexact --stats "$mnv2" -o "$tmp/m.mlir" 2>"$tmp/sti"
  grep -q '^fold_batch_norm  *skipped .*  its rules are all inexact; --inexact applies them$' "$tmp/st" &&
    grep -q '^fold_batch_norm  *ran  *[1-9]' "$tmp/sti" && pass skip-reason-mobilenetv2 ||
    fail skip-reason-mobilenetv2 "$(grep fold_batch_norm "$tmp/st" "$tmp/sti" | tr '\n' '|')"
else
  echo "SKIP skip-reason-mobilenetv2: $mnv2 not found"
fi
"$rgopt" --target ethos-u55 --report "$tmp/no/such/dir/r.html" "$pair" -o "$tmp/c.mlir" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q 'error:' "$tmp/err" && pass report-unwritable || fail report-unwritable "$(oneline "$tmp/err")"

# The UNet model's report with ethos-u55, in under 10 seconds (a timing
# that catches a picture of the whole graph, not a benchmark).
unet="$RG_ROOT/../shared/models/sd_unet_mixed.generic.mlir"
# The page the browser shows, its window height, and the fraction of it
# below which only pictures are drawn (the small report's rewrite pictures
# start about 800 pixels down).
report=$tmp/r.html window=1200,1300 below=0.65
if [ -f "$unet" ]; then
  t0=$(date +%s)
  "$rgopt" --target ethos-u55 --report "$tmp/unet.html" "$unet" -o "$tmp/u.mlir" 2>"$tmp/err"
  t1=$(date +%s)
  if [ $((t1 - t0)) -lt 10 ]; then pass report-unet-time; else fail report-unet-time "$((t1 - t0)) s"; fi
  check_report unet "$tmp/unet.html"
  report=$tmp/unet.html window=1200,3000 below=0.6
else
  echo "SKIP report-unet: $unet not found"
fi

# ---- in a real browser ----
browser=$(command -v chromium || command -v chromium-browser)
if [ -z "$browser" ]; then
  echo "SKIP report-browser: chromium not installed (apt-get install chromium)"
elif ! command -v dot >/dev/null 2>&1; then
  echo "SKIP report-browser: graphviz not installed"
else
  # --dump-dom prints the page after it ran: a page that failed to load
  # prints nothing; console errors go to stderr with --enable-logging.
  timeout 60 "$browser" --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 \
    --dump-dom "file://$report" >"$tmp/dom.html" 2>"$tmp/console"
  if grep -q '<h2>Rewrites</h2>' "$tmp/dom.html" && ! grep -q 'CONSOLE.*[Ee]rror\|Uncaught' "$tmp/console"; then
    pass report-browser-load
  else
    fail report-browser-load "$(grep 'CONSOLE\|Uncaught' "$tmp/console" | head -n 2 | tr '\n' '|')"
  fi
  timeout 60 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=$window \
    --screenshot="$tmp/shot.png" "file://$report" >/dev/null 2>&1
  # The pictures are drawn below the tables: count non-white pixels in the
  # lower part of the screenshot (boxes, labels and edges of the SVGs).
  if [ -s "$tmp/shot.png" ] && command -v python3 >/dev/null 2>&1; then
    ink=$(python3 "$RG_ROOT/tests/cli/png_ink.py" "$tmp/shot.png" "$below" 2>&1)
    case $ink in
      ''|*[!0-9]*) fail report-browser-pictures "cannot read the screenshot: $ink" ;;
      *) [ "$ink" -gt 2000 ] && pass report-browser-pictures || fail report-browser-pictures "only $ink ink pixels below the tables" ;;
    esac
  else
    fail report-browser-pictures "no screenshot"
  fi
  # RG_KEEP_SCREENSHOT=FILE keeps the screenshot to look at
  if [ -n "$RG_KEEP_SCREENSHOT" ]; then cp "$tmp/shot.png" "$RG_KEEP_SCREENSHOT"; fi
fi
