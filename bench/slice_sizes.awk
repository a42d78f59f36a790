# bench/slice_sizes.awk - rewrites the `size` operand of every tosa.slice
# in a generic-form graph to the slice's static result shape, where the two
# disagree. Some exporters write the end index instead of the size, and 0
# for "the whole dim" (sd_unet_mixed: size [0, 0, 2560] from start
# [0, 0, 1280] for a result of 1x4096x1280), which TOSA 1.0 rejects:
# ERROR_IF(size[i] <= 0) and ERROR_IF(start[i] + size[i] > shape1[i]).
# The result type says what the exporter meant. Only const_shape values
# used once, by that slice, are changed; the count goes to standard error.
# Usage: awk -f bench/slice_sizes.awk GRAPH GRAPH > FIXED   (two passes)

# "dense<[1, 2]>" or the splat "dense<3>" of rank n, as "1, 2"
function values(text, n,    v, i, out) {
  sub(/.*dense</, "", text)
  sub(/>.*/, "", text)
  if (text !~ /^\[/) {
    out = text
    for (i = 2; i <= n; i++)
      out = out ", " text
    return out
  }
  gsub(/[\[\]]/, "", text)
  return text
}

FNR == NR {
  rest = $0 # the uses of every %value: the names right of " = "
  sub(/^[^=]*= /, "", rest)
  while (match(rest, /%[A-Za-z0-9_]+/)) {
    uses[substr(rest, RSTART, RLENGTH)]++
    rest = substr(rest, RSTART + RLENGTH)
  }
  if ($0 ~ /"tosa\.const_shape"/)
    shape_line[$1] = $0
  if ($0 ~ /"tosa\.slice"\(/) {
    line = $0
    sub(/.*"tosa\.slice"\(/, "", line)
    split(line, ops, /[,)] */)
    res = $0
    sub(/.*-> tensor</, "", res)
    n = split(res, dims, "x")
    want = dims[1]
    for (i = 2; i < n; i++)
      want = want ", " dims[i]
    size_of[ops[3]] = want
    rank_of[ops[3]] = n - 1
  }
  next
}

$1 in size_of && $0 ~ /"tosa\.const_shape"/ && uses[$1] == 1 {
  if (values($0, rank_of[$1]) != size_of[$1]) {
    sub(/dense<[^>]*>/, "dense<[" size_of[$1] "]>")
    fixed++
  }
}
{ print }
END { if (fixed) printf "slice_sizes: %d tosa.slice size operands set to the result shape\n", fixed > "/dev/stderr" }
