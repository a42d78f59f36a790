# C unit tests: each binary in $RG_BUILD/tests/unit prints PASS/FAIL lines.
for t in "$RG_BUILD"/tests/unit/test_*; do
  [ -x "$t" ] || continue
  "$t" || { rc=$?; echo "FAIL $(basename "$t"): exited with status $rc"; }
done
