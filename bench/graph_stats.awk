# bench/graph_stats.awk - one line "OPS T_ACT T_CA T_BYTES" for a graph in
# MLIR generic form: ops other than builtin.module, func.func and
# func.return; transposes of computed values; transposes of constants or
# function arguments; bytes the transposes write (result elements times
# element size). Transposes marked rg.frozen (another partition's) are
# counted like the others. Used by bench/models.sh and tests/suites/models.sh.
function bytes_of(ty,   s, n, dims, i, e, w) {
  s = ty; sub(/^tensor</, "", s); sub(/>.*/, "", s)
  n = split(s, dims, "x"); e = dims[n]; w = 1
  for (i = 1; i < n; i++) w *= dims[i]
  if (e ~ /^(f32|i32|ui32)$/) return w * 4
  if (e ~ /^(f16|bf16|i16|ui16)$/) return w * 2
  if (e ~ /^(f64|i64|ui64)$/) return w * 8
  if (e == "i48") return w * 6
  return w
}
{
  if (!match($0, /"[a-z_][a-z0-9_]*\.[a-z0-9_.]+"\(/)) next
  op = substr($0, RSTART + 1, RLENGTH - 3)
  if (op == "builtin.module" || op == "func.func" || op == "func.return") next
  ops++
  if (match($0, /^ *%[A-Za-z0-9_]+/)) {
    name = substr($0, RSTART, RLENGTH); sub(/^ */, "", name)
    producer[name] = op
  }
  if (op != "tosa.transpose") next
  operand = $0; sub(/^[^(]*\(/, "", operand); sub(/\).*/, "", operand)
  src = producer[operand]
  if (operand ~ /^%arg/ || src == "tosa.const" || src == "arith.constant") ca++
  else act++
  ty = $0; sub(/.*-> */, "", ty)
  moved += bytes_of(ty)
}
END { printf "%d %d %d %.0f\n", ops, act, ca, moved }
