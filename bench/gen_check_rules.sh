#!/bin/sh
# Writes a rules file with N rules in one pass (bench-check), all rooted at
# few ops: unguarded rules told apart by an attribute literal of the root or
# of an inner op, and guarded rules.
# Usage: bench/gen_check_rules.sh N OUT.rules
n=$1
awk -v n="$n" 'BEGIN {
  print "import \"tosa.ops\""
  print "pass many \"" n " rules in one pass\" fixpoint {"
  for (i = 0; i < n; i++) {
    k = i % 4
    if (k == 0)
      printf "  rule t%d: (tosa.transpose x {perms = [%d, %d]}) => x\n", i, i, i + 1
    else if (k == 1)
      printf "  rule c%d: (tosa.clamp x {min_val = %d, max_val = %d}) => x\n", i, i, i + 7
    else if (k == 2)
      printf "  rule r%d: (tosa.reshape x _) if rank(x) == %d => x\n", i, i
    else
      printf "  rule a%d: (tosa.add (tosa.transpose _ {perms = [%d]}) y) => y\n", i, i
  }
  print "}"
}' >"$2"
