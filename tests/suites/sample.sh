#!/bin/sh
# The sampler of the sanitizer run (tests/sample.sh) on a made-up record:
# the stride and its offset, the cases kept because only they fire a rule,
# cases the record does not know, every case without a sample, the record
# a run writes from --stats-json, and the closing check passing and
# failing when it should.
cd "$RG_ROOT" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A record of six cases: c4 alone fires p.only, c5 fires nothing new.
mkdir -p "$tmp/ref" "$tmp/build"
printf '%s\n' 'c0 p.a' 'c1 p.a p.b' 'c2 p.b' 'c3 p.a' 'c4 p.a p.only' 'c5 p.b' >"$tmp/ref/t.txt"
cases='c0 c1 c2 c3 c4 c5 c6'

# kept STRIDE:OFFSET: the cases sample_keep keeps, on one line.
kept() {
  (RG_BUILD=$tmp/build RG_SAMPLE=$1 RG_SAMPLE_FIRES=$tmp/ref sample_suite=t
   . tests/sample.sh
   for c in $cases; do echo "$c extra"; done | sample_keep | tr '\n' ' ')
}
expect_kept() {
  got=$(kept "$2")
  if [ "$got" = "$3" ]; then echo "PASS $1"; else echo "FAIL $1: RG_SAMPLE=$2 kept '$got', expected '$3'"; fi
}
# stride 3 from 0 keeps c0 c3 (p.a), then c1 for p.b and c4 for p.only;
# c6 is not in the record; the lines keep what follows the case
expect_kept stride-and-cover 3:0 'c0 extra c1 extra c3 extra c4 extra c6 extra '
# offset 1: c2 c5 (p.b), then c0 for p.a, c4 for p.only
expect_kept offset-moves 3:1 'c0 extra c2 extra c4 extra c5 extra c6 extra '
expect_kept stride-one 1:5 'c0 extra c1 extra c2 extra c3 extra c4 extra c5 extra c6 extra '
expect_kept no-sample '' 'c0 extra c1 extra c2 extra c3 extra c4 extra c5 extra c6 extra '
for bad in bad 8 8:1:2 0:1 08:1 8:; do
  got=$(kept $bad)
  case $got in
  *"FAIL sample: RG_SAMPLE='$bad'"*"c6 extra "*) echo "PASS bad-sample-refused:$bad" ;;
  *) echo "FAIL bad-sample-refused:$bad: printed '$got'" ;;
  esac
done

# The record of a run, and the check: a sample that fires what the full
# run fired passes; one that misses p.only fails and names it.
json() {
  echo '{"rules": ['
  for r in "$@"; do
    echo "    {\"name\": \"${r#*.}\", \"pass\": \"${r%.*}\", \"source\": \"x.rules:1:1\", \"refused\": 0, \"fires\": 2},"
  done
  echo '    {"name": "idle", "pass": "p", "source": "x.rules:2:1", "refused": 3, "fires": 0}'
  echo ']}'
}
json p.a p.b >"$tmp/1.json"
json p.a p.only >"$tmp/2.json"
json p.a >"$tmp/3.json"
check() {
  (RG_BUILD=$tmp/build RG_SAMPLE=3:0 RG_SAMPLE_FIRES=$tmp/ref sample_suite=t
   . tests/sample.sh
   for c in $cases; do echo "$c"; done | sample_keep >/dev/null
   sample_json c1 "$tmp/1.json"
   sample_json c4 "$tmp/$1.json"
   sample_check)
}
got=$(check 2)
case $got in
"PASS sample:t:fires-every-rule: 2 of 6 cases fire the 3 rules the full run fires") echo "PASS check-passes" ;;
*) echo "FAIL check-passes: printed '$got'" ;;
esac
got=$(check 3)
case $got in
"FAIL sample:t:fires-every-rule: 2 of 6 cases; not fired: p.only"*) echo "PASS check-fails" ;;
*) echo "FAIL check-fails: printed '$got'" ;;
esac
if [ "$(cat "$tmp/build/fires/t.txt")" = "$(printf 'c1 p.a p.b\nc4 p.a')" ]; then
  echo "PASS record"
else
  echo "FAIL record: $(tr '\n' '|' <"$tmp/build/fires/t.txt")"
fi
# a full run (no sample) only records
got=$( (RG_BUILD=$tmp/build RG_SAMPLE= sample_suite=t
        . tests/sample.sh
        sample_json c1 "$tmp/1.json"
        sample_check) )
if [ -z "$got" ] && [ "$(cat "$tmp/build/fires/t.txt")" = "c1 p.a p.b" ]; then
  echo "PASS full-run-records"
else
  echo "FAIL full-run-records: printed '$got', recorded '$(cat "$tmp/build/fires/t.txt")'"
fi
