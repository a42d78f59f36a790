#!/bin/sh
# Function shape: no hand-written C function of the tools, the library, the
# generator, the front end or the backends is over 100 lines or takes more
# than six parameters, except the ones listed below, each with its reason.
# A new one fails, and so does a listed one that no longer needs its place
# (the list only shrinks). Functions are found by the project's layout: a
# definition starts in column 0 and its body ends at the first "}" in
# column 0 after it.
cd "$RG_ROOT" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Prints "FILE NAME LINES PARAMS" for each function definition.
functions() {
  awk '
    FNR == 1 { inhdr = 0; inbody = 0 }
    inbody {
      if ($0 ~ /^}/) {
        print FILENAME " " name " " (FNR - start + 1) " " nparams
        inbody = 0
      }
      next
    }
    !inhdr && /^[A-Za-z_]/ && !/^(typedef|enum|union|extern|#)/ && !/^struct [A-Za-z_]+ \{/ {
      inhdr = 1; hdr = ""; start = FNR
    }
    inhdr {
      hdr = hdr " " $0
      if ($0 ~ /;[ \t]*(\/\*.*)?$/ && $0 !~ /\{[ \t]*$/) { inhdr = 0; next }
      if ($0 !~ /\{[ \t]*$/) next
      inhdr = 0
      p = index(hdr, "(")
      if (p == 0 || substr(hdr, 1, p) ~ /=/) next # an initializer, not a function
      pre = substr(hdr, 1, p - 1)
      n = split(pre, w, /[^A-Za-z0-9_]+/)
      name = w[n] != "" ? w[n] : w[n - 1]
      depth = 0; commas = 0; args = ""
      for (i = p; i <= length(hdr); i++) {
        c = substr(hdr, i, 1)
        if (c == "(") depth++
        else if (c == ")") { depth--; if (depth == 0) break }
        else if (c == "," && depth == 1) commas++
        if (depth >= 1 && i > p) args = args c
      }
      gsub(/[ \t]/, "", args)
      nparams = (args == "" || args == "void") ? 0 : commas + 1
      inbody = 1
    }' "$@"
}

# FILE NAME WHAT: reason. WHAT is "lines" (over 100) or "params" (over 6).
cat >"$tmp/allowed" <<'LIST'
backends/arm/arm_eval_batch_norm.c arm_bn_conv_weight params: an extern fn of arm.ops; its parameters are the rule's arguments
backends/arm/arm_eval_batch_norm.c arm_bn_conv_bias params: an extern fn of arm.ops; its parameters are the rule's arguments
backends/arm/arm_eval_batch_norm.c arm_bn_bias params: an extern fn of arm.ops; its parameters are the rule's arguments
backends/arm/arm_eval_batch_norm.c arm_bn_depthwise_weight params: an extern fn of arm.ops; its parameters are the rule's arguments
backends/arm/arm_eval_batch_norm.c bn_bias params: the shared body of the two bias externs, with their arguments
backends/common/shape_common.c shape_need_tensor params: checks one operand and names it in the message: each parameter is a word of it
backends/common/shape_common.c shape_need_ranked params: checks one operand and names it in the message: each parameter is a word of it
backends/tosa/tosa_eval_nn.c check_out_dim params: one ERROR_IF of the spec with its terms as parameters
backends/tosa/tosa_shape.c conv_dim params: the spec's output-size formula, its terms as parameters
backends/xnnpack/xnnpack_eval.c matmul_into params: a kernel over row-major matrices with their strides
backends/xnnpack/xnnpack_shape.c need_builtin params: checks one operand and names it in the message
LIST

find dsl gen runtime tools backends \( -name '*.c' -o -name '*.cpp' \) | sort >"$tmp/files"
# shellcheck disable=SC2046
functions $(cat "$tmp/files") >"$tmp/all"
if [ "$(wc -l <"$tmp/all")" -lt 1000 ]; then
  echo "FAIL function-shape: found only $(wc -l <"$tmp/all") functions: the scan is broken"
  exit 0
fi
awk '$3 > 100 { print $1, $2, "lines", $3 } $4 > 6 { print $1, $2, "params", $4 }' "$tmp/all" >"$tmp/over"
new=$(awk 'NR == FNR { sub(/:.*/, ""); ok[$0] = 1; next } !(($1 " " $2 " " $3) in ok) {
             printf " %s:%s (%d %s)", $1, $2, $4, $3 }' "$tmp/allowed" "$tmp/over")
[ -z "$new" ] && echo "PASS function-shape-new" ||
  echo "FAIL function-shape-new: over 100 lines or 6 parameters, not listed:$new"
stale=$(awk 'NR == FNR { seen[$1 " " $2 " " $3] = 1; next } { k = $0; sub(/:.*/, "", k) }
             !(k in seen) { split(k, f, " "); printf " %s:%s (%s)", f[1], f[2], f[3] }' "$tmp/over" "$tmp/allowed")
[ -z "$stale" ] && echo "PASS function-shape-list" ||
  echo "FAIL function-shape-list: listed but no longer over the limit (remove them):$stale"
