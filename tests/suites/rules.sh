#!/bin/sh
# Golden graph tests of the TOSA rule library (tests/rules/), and
# properties checked on every test graph (tests/rules and tests/mlir/roundtrip):
#
#  * tests/rules/NAME.mlir is the input graph (MLIR generic form) whose
#    header comments say how to run it and what must happen:
#      // RUN: rgopt options (--passes ... or --target ...)
#      // FIRES: pass.rule=N ...   fire counts (summed over the pipeline)
#      // REWRITES: N              total rewrites of the run
#      // STATS: pass.field=V ...  per-pass "ran", "skipped", "rewrites",
#                                  "nodes_visited"; a pass that runs twice
#                                  in a pipeline gives V1,V2
#      // EXEC                     also prove it with --verify-by-execution
#    NAME.expected is the exact output (compared by tests/golden.sh, so
#    UPDATE_GOLDENS=1 rewrites it). The output must also be accepted by
#    mlir-opt-22, be the same with --no-skip, and be a fixpoint (running the
#    same options on it changes nothing).
#  * Every test graph, for the ethos-u55 and ethos-u85 targets and each
#    single pass: output with and without --no-skip is byte-identical, and
#    a single pass is idempotent on its own output (the targets' pipelines
#    are, on the same graphs, in the fixpoint suite).
# Under make asan, a sample of the graphs and of the (graph, pass) cases
# that fires every rule all of them fire (tests/sample.sh).
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mlir_opt=$(command -v mlir-opt-22)
. tests/golden.sh
sample_suite=rules
. tests/sample.sh

# Per-rule fires from a --stats-json file, "pass.rule N" per line, summed
# over passes that run more than once.
fires_of() {
  sed -n 's/.*{"name": "\([^"]*\)", "pass": "\([^"]*\)".*"fires": \([0-9]*\)}.*/\2.\1 \3/p' "$1" |
    awk '{ n[$1] += $2; if (!($1 in o)) { o[$1] = ++k; key[k] = $1 } }
         END { for (i = 1; i <= k; i++) print key[i], n[key[i]] }'
}

# Per-pass fields, "pass.field V1[,V2...]" per line, in pipeline order.
pass_stats() {
  sed -n '/"passes"/,/\]/s/.*{"name": "\([^"]*\)", \(.*\)}.*/\1 \2/p' "$1" |
    awk '{ p = $1; $1 = ""; n = split($0, kv, ", ");
           for (i = 1; i <= n; i++) {
             split(kv[i], f, ": "); gsub(/[" ]/, "", f[1]);
             k = p "." f[1];
             if (k in o) v[k] = v[k] "," f[2];
             else { v[k] = f[2]; o[k] = ++c; key[c] = k }
           } }
         END { for (i = 1; i <= c; i++) print key[i], v[key[i]] }'
}

total_rewrites() {
  pass_stats "$1" | awk '$1 ~ /\.rewrites$/ { n = split($2, a, ","); for (i = 1; i <= n; i++) s += a[i] } END { print s + 0 }'
}

# check_expectations NAME INPUT JSON: FIRES / REWRITES / STATS lines.
check_expectations() {
  name=$1 f=$2 json=$3 ok=yes
  for want in $(golden_header FIRES "$f"); do
    key=${want%=*} n=${want##*=}
    got=$(fires_of "$json" | awk -v k="$key" '$1 == k { print $2 }')
    if [ -z "$got" ]; then
      fail "fires:$name" "no rule '$key' in the statistics"; ok=
    elif [ "$got" != "$n" ]; then
      fail "fires:$name" "rule $key fired $got time(s), expected $n"; ok=
    fi
  done
  want=$(golden_header REWRITES "$f" | tr -d ' ')
  if [ -n "$want" ]; then
    got=$(total_rewrites "$json")
    [ "$got" = "$want" ] || { fail "fires:$name" "$got rewrite(s), expected $want"; ok=; }
  fi
  for want in $(golden_header STATS "$f"); do
    key=${want%=*} v=${want#*=}
    got=$(pass_stats "$json" | awk -v k="$key" '$1 == k { print $2 }')
    [ "$got" = "$v" ] || { fail "stats:$name" "$key is '$got', expected '$v'"; ok=; }
  done
  [ -n "$ok" ] && pass "fires:$name"
}

# ---- golden tests ----
for name in $(for f in tests/rules/*.mlir; do basename "$f" .mlir; done | sample_keep); do
  f=tests/rules/$name.mlir
  exp=tests/rules/$name.expected
  args=$(golden_header RUN "$f")
  if [ -z "$args" ]; then
    fail "golden:$name" "no '// RUN:' line"
    continue
  fi
  # shellcheck disable=SC2086
  golden "golden:$name" --file "$tmp/out.mlir" "$exp" -- \
    "$rgopt" $args --stats-json "$tmp/$name.json" "$f" -o "$tmp/out.mlir"
  [ -f "$tmp/$name.json" ] && sample_json "$name" "$tmp/$name.json"
  [ "$golden_rc" = 0 ] || continue
  check_expectations "$name" "$f" "$tmp/$name.json"
  # shellcheck disable=SC2086
  "$rgopt" $args --no-skip "$f" -o "$tmp/noskip.mlir" 2>"$tmp/err"
  if cmp -s "$tmp/out.mlir" "$tmp/noskip.mlir"; then
    pass "no-skip:$name"
  else
    fail "no-skip:$name" "--no-skip output differs: $(head -n 2 "$tmp/err")"
  fi
  # shellcheck disable=SC2086
  "$rgopt" $args --stats-json "$tmp/s2.json" "$tmp/out.mlir" -o "$tmp/again.mlir" 2>"$tmp/err"
  if cmp -s "$tmp/out.mlir" "$tmp/again.mlir" && [ "$(total_rewrites "$tmp/s2.json")" = 0 ]; then
    pass "fixpoint:$name"
  else
    fail "fixpoint:$name" "a second run rewrites its own output: $(pass_stats "$tmp/s2.json" | grep rewrites | tr '\n' ' ')"
  fi
  if grep -q '^// EXEC' "$f"; then
    # shellcheck disable=SC2086
    if "$rgopt" $args --verify-by-execution=5 "$f" -o "$tmp/null.out" 2>"$tmp/err"; then
      pass "exec:$name"
    else
      fail "exec:$name" "$(head -n 3 "$tmp/err" | tr '\n' '|')"
    fi
  fi
  if [ -z "$mlir_opt" ]; then
    echo "SKIP mlir-opt:$name: mlir-opt-22 not installed"
  elif "$mlir_opt" $(mlir_opt_flags "$tmp/out.mlir") "$tmp/out.mlir" -o "$tmp/null.out" 2>"$tmp/err"; then
    pass "mlir-opt:$name"
  else
    fail "mlir-opt:$name" "mlir-opt-22 rejects the output: $(head -n 2 "$tmp/err" | tr '\n' '|')"
  fi
done

# ---- every test graph: skipping never changes the output; idempotence ----
# A case is GRAPH@CONFIG, GRAPH the file's path under tests/ without .mlir.
configs="--target=ethos-u55 --target=ethos-u85"
for p in $("$rgopt" --list | sed -n '/^passes/,$s/^  \([a-z_0-9]*\) .*/\1/p'); do
  configs="$configs --passes=$p"
done
# props GRAPH TMP CONFIG...: the checks for one graph (run four at a time).
props() {
  g=$1 t=$2 f=tests/$1.mlir name=${1##*/} n=0
  shift 2
  for c in "$@"; do
    n=$((n + 1))
    if ! "$rgopt" "$c" --stats-json "$t.$n.json" "$f" -o "$t.a" 2>"$t.err"; then
      fail "no-skip:$name:${c#--*=}" "rgopt $c failed: $(head -n 2 "$t.err" | tr '\n' '|')"
      continue
    fi
    sample_json "$g@$c" "$t.$n.json"
    "$rgopt" "$c" --no-skip "$f" -o "$t.b" 2>"$t.err"
    if cmp -s "$t.a" "$t.b"; then
      pass "no-skip:$name:${c#--*=}"
    else
      fail "no-skip:$name:${c#--*=}" "output with --no-skip differs: $(diff "$t.a" "$t.b" | head -n 4 | tr '\n' '|')"
    fi
    case $c in --target=*) continue ;; esac
    "$rgopt" "$c" "$t.a" -o "$t.c" 2>"$t.err"
    if cmp -s "$t.a" "$t.c"; then
      pass "idempotent:$name:${c#--*=}"
    else
      fail "idempotent:$name:${c#--*=}" "a second run changes the output: $(diff "$t.a" "$t.c" | head -n 4 | tr '\n' '|')"
    fi
  done
}
for f in tests/rules/*.mlir tests/mlir/roundtrip/*.mlir; do
  g=${f#tests/}
  for c in $configs; do echo "${g%.mlir}@$c"; done
done | sample_keep | awk -F@ '$1 != g { if (g != "") print line; g = $1; line = $1 } { line = line " " $2 }
                              END { if (g != "") print line }' >"$tmp/cases"
i=0
while read -r g cs <&3; do
  i=$((i + 1))
  # shellcheck disable=SC2086
  props "$g" "$tmp/p$i" $cs >"$tmp/p$i.log" &
  [ $((i % 4)) -eq 0 ] && wait
done 3<"$tmp/cases"
wait
cat "$tmp"/p*.log
sample_check
