#!/bin/sh
# The mlir-opt-22 pass plugin (tools/mlir_plugin, docs/mlir-plugin.md):
# - every model of ../shared/models, generic and pretty form, gives inside
#   mlir-opt-22 exactly what `rgopt --target T` gives, locations included,
#   for ethos-u55 and ethos-u85;
# - it composes with MLIR's own passes in one pipeline;
# - a module of many functions gives the same output with and without
#   --mlir-disable-threading (and the same as rgopt);
# - ops rulegen does not know pass through untouched;
# - each error path exits non-zero with a located diagnostic, and a
#   function that fails is left as it was.
cd "$RG_ROOT" || exit 1
. tests/golden.sh
plugin="$RG_BUILD/lib/rulegen-mlir-plugin.so"
rgopt="$RG_BUILD/bin/rgopt"
mlir_opt=${MLIR_OPT:-mlir-opt-22}
models=../shared/models
if [ ! -f "$plugin" ]; then
  echo "SKIP mlir_plugin: $plugin was not built (needs libmlir-22-dev)"
  exit 0
fi
command -v "$mlir_opt" >/dev/null || { echo "SKIP mlir_plugin: $mlir_opt is not installed"; exit 0; }
# A plugin built with sanitizers (make asan) needs their runtime loaded
# first into mlir-opt-22, which is not built with them.
. tests/toolchain.sh
preload=$build_preload
mo() { LD_PRELOAD="$preload" "$mlir_opt" "$@"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# plug PIPELINE-INSIDE-FUNC [mlir-opt args...]: the plugin in mlir-opt.
plug() {
  p=$1
  shift
  mo --load-pass-plugin="$plugin" --pass-pipeline="builtin.module(func.func($p))" "$@"
}
generic() { mo --mlir-print-op-generic --mlir-print-debuginfo "$@"; }

# ---- models: the plugin against rgopt ----
# The input is first made explicit: mlir-opt gives every op the location
# of its line in the model (mlir-opt assigns it on parsing, so without it
# rgopt's output, reparsed, would carry positions in rgopt's own output),
# and rgopt's reader spells properties that hold their default (linalg
# indexing_maps) as MLIR does once they are set, which keeps MLIR from
# memoizing them in a discardable attribute when a pass runs.
# same NAME FILE TARGET [RGOPT-ARG]: the plugin's output equals rgopt's,
# both printed by mlir-opt in generic form with locations. rgopt writes
# the pretty form for pretty input: ops a custom form leaves implicit
# (linalg named ops' bodies) have no location in the text, and MLIR, which
# builds them, gives them loc(unknown) both when reading the input and
# when reading rgopt's output back.
same() {
  if ! plug "rulegen{target=$3}" --mlir-print-op-generic --mlir-print-debuginfo "$2" >"$tmp/p.mlir" 2>"$tmp/p.err"; then
    fail "$1" "the plugin failed: $(head -c 300 "$tmp/p.err")"
    return
  fi
  if ! "$rgopt" --target "$3" ${4:-} "$2" -o "$tmp/r0.mlir" 2>"$tmp/r.err" || ! generic "$tmp/r0.mlir" >"$tmp/r.mlir"; then
    fail "$1" "rgopt failed: $(head -c 300 "$tmp/r.err")"
    return
  fi
  if cmp -s "$tmp/p.mlir" "$tmp/r.mlir"; then
    pass "$1"
  else
    fail "$1" "differs from rgopt: $(diff "$tmp/p.mlir" "$tmp/r.mlir" | head -3 | tr '\n' ' ' | head -c 300)"
  fi
}
if [ -d "$models" ]; then
  for src in $(ls -S -r "$models"/*.mlir); do
    base=$(basename "$src" .mlir)
    generic "$src" >"$tmp/m0.mlir" && "$rgopt" --passes none "$tmp/m0.mlir" -o "$tmp/m1.mlir" &&
      generic "$tmp/m1.mlir" >"$tmp/$base.mlir" && mo --mlir-print-debuginfo "$tmp/$base.mlir" >"$tmp/$base.pretty.mlir" ||
      { fail "model $base" "could not prepare the input"; continue; }
    for target in ethos-u55 ethos-u85; do
      same "model $base $target generic" "$tmp/$base.mlir" "$target"
      same "model $base $target pretty" "$tmp/$base.pretty.mlir" "$target" --emit=pretty
    done
    rm -f "$tmp/$base.pretty.mlir"
  done
else
  echo "SKIP mlir_plugin models: $models is absent"
fi
ex=tests/examples/nchw_block.mlir
generic "$ex" >"$tmp/ex.mlir"
same "example nchw_block ethos-u55" "$tmp/ex.mlir" ethos-u55

# ---- composition: one pipeline equals the passes run one after another ----
c_in="$tmp/ex.mlir"
[ -f "$tmp/lenet.generic.mlir" ] && c_in="$tmp/lenet.generic.mlir"
if mo --load-pass-plugin="$plugin" --mlir-print-op-generic \
     --pass-pipeline='builtin.module(func.func(rulegen{target=ethos-u55}),canonicalize,func.func(tosa-to-linalg-named,tosa-to-linalg))' \
     "$c_in" >"$tmp/c1.mlir" 2>"$tmp/c.err" &&
   plug 'rulegen{target=ethos-u55}' --mlir-print-op-generic "$c_in" >"$tmp/c0.mlir" &&
   mo --mlir-print-op-generic --pass-pipeline='builtin.module(canonicalize,func.func(tosa-to-linalg-named,tosa-to-linalg))' \
     "$tmp/c0.mlir" >"$tmp/c2.mlir"; then
  if ! cmp -s "$tmp/c1.mlir" "$tmp/c2.mlir"; then
    fail "pipeline with canonicalize and tosa-to-linalg" "differs from the passes run one by one"
  elif ! grep -q '"linalg\.' "$tmp/c1.mlir"; then
    fail "pipeline with canonicalize and tosa-to-linalg" "no linalg op in the output"
  else
    pass "pipeline with canonicalize and tosa-to-linalg"
  fi
else
  fail "pipeline with canonicalize and tosa-to-linalg" "$(head -c 300 "$tmp/c.err")"
fi

# ---- many functions, threads ----
# 40 copies of the example's function (and of the small models', when
# present), each its own symbol.
{
  echo '"builtin.module"() ({'
  for i in $(seq 1 40); do
    sed -n '/"func.func"/,/^  }) : () -> ()$/p' "$ex" | sed "s/sym_name = \"block\"/sym_name = \"block_$i\"/"
  done
  for n in hello_world_int8 lenet micro_speech_int8; do
    [ -f "$tmp/$n.generic.mlir" ] || continue
    mo --mlir-print-op-generic "$tmp/$n.generic.mlir" | sed -n '/^  "func.func"/,/^  }).* : () -> ()$/p' |
      sed "s/sym_name = \"[^\"]*\"/sym_name = \"$n\"/"
  done
  echo '}) : () -> ()'
} >"$tmp/many0.mlir"
mo --mlir-print-op-generic --mlir-print-debuginfo "$tmp/many0.mlir" >"$tmp/many.mlir" 2>"$tmp/many.err" ||
  fail "many functions" "could not build the module: $(head -c 200 "$tmp/many.err")"
nf=$(grep -c '"func.func"' "$tmp/many.mlir")
plug 'rulegen{target=ethos-u55}' --mlir-print-op-generic --mlir-print-debuginfo "$tmp/many.mlir" >"$tmp/t1.mlir" 2>&1
r1=$?
plug 'rulegen{target=ethos-u55}' --mlir-disable-threading --mlir-print-op-generic --mlir-print-debuginfo \
  "$tmp/many.mlir" >"$tmp/t0.mlir" 2>&1
r0=$?
if [ $r0 -ne 0 ] || [ $r1 -ne 0 ]; then
  fail "many functions, threads" "exit $r1 threaded, $r0 not: $(head -c 200 "$tmp/t1.mlir")"
elif ! cmp -s "$tmp/t0.mlir" "$tmp/t1.mlir"; then
  fail "many functions, threads" "output differs with --mlir-disable-threading"
elif cmp -s "$tmp/t0.mlir" "$tmp/many.mlir"; then
  fail "many functions, threads" "nothing was rewritten"
else
  pass "many functions ($nf), threads"
fi
same "many functions ($nf) as rgopt" "$tmp/many.mlir" ethos-u55

# ---- ops rulegen does not know pass through untouched ----
cat >"$tmp/unknown.mlir" <<'EOF'
func.func @f(%arg0: tensor<1x2x3xf32>) -> tensor<1x2x3xf32> {
  %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 1>}> : (tensor<1x2x3xf32>) -> tensor<1x3x2xf32>
  %1 = "my.op"(%0) <{p = 3 : i32}> ({
  ^bb0(%x: f32):
    "my.yield"(%x) : (f32) -> ()
  }) {my.note = "kept", q = #my.attr<"x">} : (tensor<1x3x2xf32>) -> tensor<1x3x2xf32>
  %2 = "tosa.transpose"(%1) <{perms = array<i32: 0, 2, 1>}> : (tensor<1x3x2xf32>) -> tensor<1x2x3xf32>
  %3 = "tosa.transpose"(%2) <{perms = array<i32: 0, 2, 1>}> : (tensor<1x2x3xf32>) -> tensor<1x3x2xf32>
  %4 = "tosa.transpose"(%3) <{perms = array<i32: 0, 2, 1>}> : (tensor<1x3x2xf32>) -> tensor<1x2x3xf32>
  return %4 : tensor<1x2x3xf32>
}
EOF
if plug 'rulegen{target=ethos-u55}' --allow-unregistered-dialect --mlir-print-op-generic "$tmp/unknown.mlir" \
     >"$tmp/u.mlir" 2>"$tmp/u.err"; then
  mo --allow-unregistered-dialect --mlir-print-op-generic "$tmp/unknown.mlir" | grep '"my\.' >"$tmp/u0"
  grep '"my\.' "$tmp/u.mlir" >"$tmp/u1"
  if ! cmp -s "$tmp/u0" "$tmp/u1"; then
    fail "unknown ops untouched" "the unknown op changed: $(diff "$tmp/u0" "$tmp/u1" | head -c 200)"
  elif [ "$(grep -c tosa.transpose "$tmp/u.mlir")" -ne 2 ]; then
    fail "unknown ops untouched" "the transpose pair after it was not folded"
  else
    pass "unknown ops untouched"
  fi
else
  fail "unknown ops untouched" "$(head -c 300 "$tmp/u.err")"
fi

# ---- errors: a located diagnostic and a non-zero exit, never a crash ----
# bad NAME EXPECTED-ERROR-LINE-PREFIX PIPELINE FILE [mlir-opt args]
bad() {
  name=$1 want=$2 p=$3 f=$4
  shift 4
  plug "$p" "$@" "$f" >"$tmp/b.out" 2>"$tmp/b.err"
  rc=$?
  if [ $rc -eq 0 ] || [ $rc -gt 1 ]; then
    fail "error: $name" "exit status $rc, expected 1"
  elif ! grep -q -- "$want" "$tmp/b.err"; then
    fail "error: $name" "no '$want' in: $(head -c 300 "$tmp/b.err")"
  else
    pass "error: $name"
  fi
}
bad "successors" "bad_successors.mlir:4:3: error: rulegen: successors are not supported" \
  'rulegen{target=ethos-u55}' tests/mlir_plugin/bad_successors.mlir
bad "op rulegen's verifier refuses" "bad_decl.mlir:5:8: error: rulegen: 'aten.add.Tensor' op has 1 operand, expected 2" \
  'rulegen{target=xnnpack}' tests/mlir_plugin/bad_decl.mlir --allow-unregistered-dialect
bad "unknown target" "unknown target 'nope'" 'rulegen{target=nope}' "$tmp/ex.mlir"
bad "unknown pass" "unknown pass 'nope'" 'rulegen{passes=cleanup,nope}' "$tmp/ex.mlir"
bad "unknown option" "unknown option 'bogus'" 'rulegen{target=ethos-u55 bogus=1}' "$tmp/ex.mlir"
bad "bad max-rewrites" "max-rewrites takes" 'rulegen{target=ethos-u55 max-rewrites=0}' "$tmp/ex.mlir"
bad "bad tolerance" "tolerance takes" 'rulegen{target=ethos-u55 tolerance=2}' "$tmp/ex.mlir"
bad "no target" "give target=NAME or passes=a,b" 'rulegen' "$tmp/ex.mlir"

# A function that fails is left whole: the module printed after the
# failure holds the good function rewritten and the bad one as it was.
{
  mo "$ex" | sed '/^}$/d'
  sed -n '/^func.func/,$p' tests/mlir_plugin/bad_successors.mlir
  echo '}'
} >"$tmp/mixed.mlir"
plug 'rulegen{target=ethos-u55}' --mlir-disable-threading --mlir-print-ir-after-failure "$tmp/mixed.mlir" \
  >"$tmp/x.out" 2>"$tmp/x.err"
rc=$?
if [ $rc -ne 1 ]; then
  fail "failing function left whole" "exit status $rc"
elif ! grep -q 'cf.br ^bb1' "$tmp/x.err"; then
  fail "failing function left whole" "the failing function is not in the IR after the failure"
else
  pass "failing function left whole"
fi

# stats: rgopt's table on standard error, with the conversion's share.
plug 'rulegen{target=ethos-u55 stats}' "$tmp/ex.mlir" >/dev/null 2>"$tmp/s.err"
if grep -q '^fuse_transposes *ran' "$tmp/s.err" && grep -q '^conversion: in ' "$tmp/s.err"; then
  pass "stats"
else
  fail "stats" "$(head -c 300 "$tmp/s.err")"
fi

# verify=N: the rewrite proven by execution inside mlir-opt.
if plug 'rulegen{target=ethos-u55 verify=2}' "$tmp/ex.mlir" >/dev/null 2>"$tmp/v.err"; then
  pass "verify by execution"
else
  fail "verify by execution" "$(head -c 300 "$tmp/v.err")"
fi
