# C unit tests: each binary in $RG_BUILD/tests/unit prints PASS/FAIL lines.
for t in "$RG_BUILD"/tests/unit/test_*; do
  [ -x "$t" ] || continue
  "$t" || { rc=$?; echo "FAIL $(basename "$t"): exited with status $rc"; }
done

# Every op a shipped .ops file binds with eval(...) is exercised by name in
# the interpreter's unit tests.
cd "$RG_ROOT" || exit 1
missing=$(awk '
  FNR == 1 { dialect = "" }
  /^dialect / { dialect = $2 }
  /^op / { name = $2; sub(/\(.*/, "", name); full = dialect != "" ? dialect "." name : name }
  /^op / || /^   / { if ($0 ~ /eval\(/) print full }
' backends/*/*.ops | sort -u | while read -r op; do
  grep -q "\"$op\"" tests/unit/test_interp_*.c tests/unit/test_eval_*.c tests/unit/interp_tb.h || echo "$op"
done)
if [ -z "$missing" ]; then
  echo "PASS every-evaluator-tested"
else
  echo "FAIL every-evaluator-tested: no unit test names $(echo "$missing" | tr '\n' ' ')"
fi
