#!/bin/sh
# Writes the rules used by the pass-manager benchmark into directory $1:
#   bench.ops       ops src, root, neg, a, b, d0..d29 and op0..op999
#   pipeline.rules  30 decomposition passes over ops the graph does not hold
#                   (the common case in a real pipeline), plus cancel_neg,
#                   which does fire, for a 31-pass pipeline
#   many10.rules / many1000.rules  one pass of 10 / 1,000 rules on one root
set -eu
out=$1
mkdir -p "$out"
{
  echo "dialect bench"
  echo "op src()"
  echo "op root(x)"
  echo "op neg(x)"
  echo "op a(x)"
  echo "op b(x)"
  i=0; while [ $i -lt 30 ]; do echo "op d$i(x)"; i=$((i+1)); done
  i=0; while [ $i -lt 1000 ]; do echo "op op$i(x)"; i=$((i+1)); done
} > "$out/bench.ops"
{
  echo 'import "bench.ops"'
  i=0
  while [ $i -lt 30 ]; do
    echo "pass decompose_d$i \"lower bench.d$i\" {"
    echo "  rule pair: (bench.d$i (bench.d$i x)) => x"
    echo "  rule over_a: (bench.d$i (bench.a x)) => x"
    echo "  rule over_b: (bench.d$i (bench.b x)) => x"
    echo "}"
    i=$((i+1))
  done
  echo 'pass cancel_neg "cancel negation pairs" {'
  echo '  rule pair: (bench.neg (bench.neg x)) => x'
  echo '}'
  printf 'pipeline bench31 = [cancel_neg'
  i=0; while [ $i -lt 30 ]; do printf ', decompose_d%d' $i; i=$((i+1)); done
  echo ']'
} > "$out/pipeline.rules"
for n in 10 1000; do
  {
    echo 'import "bench.ops"'
    echo "pass many$n \"$n rules rooted at bench.root\" once {"
    i=0
    while [ $i -lt $n ]; do
      echo "  rule r$i: (bench.root (bench.op$i x)) if uses(x) == 99 => x"
      i=$((i+1))
    done
    echo "}"
  } > "$out/many$n.rules"
done
