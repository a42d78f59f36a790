# Sampling the cases of a large graph suite (docs/testing.md, "The
# sanitizer run"). Sourced by a suite, which names itself first:
#   sample_suite=rules; . tests/sample.sh
# RG_SAMPLE=STRIDE:OFFSET (make asan) asks for a sample; unset or empty
# (make check, make asan-full), every case runs.
#
# A case is a word (no blanks). Every run records which rules each case
# fired, in $RG_BUILD/fires/SUITE.txt, one line a case: the case, then the
# rules (pass.rule). The suite hands in each case's --stats-json
# (sample_json CASE FILE; sample_check reads them all at the end).
# sample_keep reads the suite's cases in order, one a line (what follows
# the case on its line is kept with it), and prints those a sampled run
# keeps: case i (from 0) when (i + OFFSET) % STRIDE == 0; every case the
# record of a full run (RG_SAMPLE_FIRES, a fires directory: make asan
# names build/fires, which make check writes) does not know; then, in
# order, each case that fires a rule the kept ones do not. sample_check
# ends a sampled run with one case: the sample fired every rule the full
# run fired on the same cases.
sample_stride=${RG_SAMPLE%%:*} sample_offset=${RG_SAMPLE#*:}
# two numbers, the stride from 1 and without a leading 0
case $RG_SAMPLE in
*:*:* | *[!0-9:]*) sample_stride= ;;
[1-9]*:[0-9]*) ;;
*) sample_stride= ;;
esac
[ -n "$RG_SAMPLE" ] && [ -z "$sample_stride" ] &&
  echo "FAIL sample: RG_SAMPLE='$RG_SAMPLE' is not STRIDE:OFFSET (two numbers, the stride at least 1)"
sample_ref=${RG_SAMPLE_FIRES:-$RG_ROOT/build/fires}/$sample_suite.txt
sample_out=$RG_BUILD/fires/$sample_suite.txt
mkdir -p "$RG_BUILD/fires"
# A sampled run does not overwrite the record it samples from.
[ -n "$sample_stride" ] && [ "$sample_out" -ef "$sample_ref" ] && sample_out=$sample_out.sample
: >"$sample_out"
rm -f "$sample_out.pending" "$sample_out.cases"

# sample_json CASE JSON: a run of CASE wrote JSON, which must stay until
# sample_flush (sample_check) reads them all in one go; a case may have
# several, and cases run side by side may all call it.
sample_json() { echo "$1 $2" >>"$sample_out.pending"; }
sample_flush() {
  [ -s "$sample_out.pending" ] || return 0
  awk '{ k = $1; if (!(k in fired)) { order[++n] = k; fired[k] = "" }
         while ((getline l < $2) > 0)
           if (match(l, /\{"name": "[^"]*", "pass": "[^"]*".*"fires": [0-9]+\}/)) {
             r = substr(l, RSTART, RLENGTH); split(r, q, "\"")
             f = r; sub(/.*"fires": /, "", f); sub(/\}.*/, "", f)
             if (f + 0 > 0 && !((k, q[8] "." q[4]) in seen)) { seen[k, q[8] "." q[4]] = 1; fired[k] = fired[k] " " q[8] "." q[4] }
           }
         close($2) }
       END { for (i = 1; i <= n; i++) print order[i] fired[order[i]] }' "$sample_out.pending" >>"$sample_out"
  rm -f "$sample_out.pending"
}
sample_keep() {
  if [ -z "$sample_stride" ]; then
    cat
    return
  fi
  tee -a "$sample_out.cases" | awk -v stride="$sample_stride" -v offset="$sample_offset" -v ref="$sample_ref" '
    BEGIN { while ((getline l < ref) > 0) { n = split(l, w, " "); known[w[1]] = 1; fires[w[1]] = l } }
    { c[NR] = $1; line[NR] = $0 }
    END {
      for (i = 1; i <= NR; i++)
        if ((i - 1 + offset) % stride == 0 || !(c[i] in known)) { keep[i] = 1; cover(c[i]) }
      for (i = 1; i <= NR; i++)
        if (!keep[i] && adds(c[i])) { keep[i] = 1; cover(c[i]) }
      for (i = 1; i <= NR; i++) if (keep[i]) print line[i]
    }
    function adds(k,   n, w, j) { n = split(fires[k], w, " "); for (j = 2; j <= n; j++) if (!(w[j] in got)) return 1; return 0 }
    function cover(k,   n, w, j) { n = split(fires[k], w, " "); for (j = 2; j <= n; j++) got[w[j]] = 1 }'
}

# sample_on_stride I: true when case I (from 0) of a suite whose cases fire
# no rules is in the sample (every case when there is none).
sample_on_stride() { [ -z "$sample_stride" ] || [ $(( ($1 + sample_offset) % sample_stride )) -eq 0 ]; }

# sample_check: in a sampled run, one case: the sample fired every rule
# the full run's record holds.
sample_check() {
  sample_flush
  [ -n "$sample_stride" ] || return 0
  if [ ! -s "$sample_ref" ]; then
    echo "PASS sample:$sample_suite:every-case (no record of a full run in $sample_ref: every case ran)"
    return 0
  fi
  # the rules the full run fired on the cases listed now, against those
  # the sample fired
  touch "$sample_out.cases"
  read -r ran all rules missing <<EOF
$(awk 'FILENAME == ARGV[1] { listed[$1] = 1; next }
       FILENAME == ARGV[2] { for (j = 2; j <= NF; j++) got[$j] = 1; ran++; next }
       $1 in listed { all++; for (j = 2; j <= NF; j++) if (!seen[$j]++) { rules++; if (!($j in got)) miss = miss " " $j } }
       END { printf "%d %d %d%s\n", ran, all, rules, miss }' "$sample_out.cases" "$sample_out" "$sample_ref")
EOF
  if [ -z "$missing" ]; then
    echo "PASS sample:$sample_suite:fires-every-rule: $ran of $all cases fire the $rules rules the full run fires"
  else
    echo "FAIL sample:$sample_suite:fires-every-rule: $ran of $all cases; not fired: $missing" \
      "(the record is $sample_ref, from the last full run; make check writes it anew)"
  fi
}
