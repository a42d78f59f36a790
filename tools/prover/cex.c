/* tools/prover/cex.c - a counterexample written out: a graph of the
 * pattern and the input set on which it and the replacement differ. */
#include "prover.h"

/* ---- counterexamples: a graph and its input set ---- */

Ast mval(Inst *in, Z3_model m, Ast t) {
  Ast r = NULL;
  return Z3_model_eval(Z, m, t, true, &r) ? r : t;
}

int64_t mint(Inst *in, Z3_model m, Ast t, RgDType dt) {
  uint64_t u = 0;
  Z3_get_numeral_uint64(Z, mval(in, m, t), &u);
  int bits = dt == RG_DT_NONE ? 64 : rg_dtype_bits(dt);
  if (bits < 64 && dt != RG_DT_I1 && ((u >> (bits - 1)) & 1))
    u |= ~(((uint64_t)1 << bits) - 1);
  return (int64_t)u;
}

static double half_value(uint32_t h) {
  int e = (int)((h >> 10) & 31), f = (int)(h & 1023);
  double v = e == 31 ? (f ? NAN : INFINITY) : e ? ldexp(1024 + f, e - 25) : ldexp(f, -24);
  return (h & 0x8000) ? -v : v;
}

/* A float element's IEEE bits and value under the model. */
static double mfloat(Inst *in, Z3_model m, Ast t, RgDType dt, uint64_t *bits) {
  uint64_t u = 0;
  if (Z3_get_bool_value(Z, mval(in, m, Z3_mk_fpa_is_nan(Z, t))) == Z3_L_TRUE) {
    /* to_ieee_bv leaves NaN's bits open: the canonical quiet NaN */
    *bits = dt == RG_DT_F32 ? 0x7fc00000u : dt == RG_DT_F16 ? 0x7e00u : 0x7fc0u;
    return NAN;
  }
  Z3_get_numeral_uint64(Z, mval(in, m, Z3_mk_fpa_to_ieee_bv(Z, t)), &u);
  *bits = u;
  if (dt == RG_DT_F16)
    return half_value((uint32_t)u);
  uint32_t w = dt == RG_DT_BF16 ? (uint32_t)u << 16 : (uint32_t)u;
  float f;
  memcpy(&f, &w, sizeof f);
  return f;
}

/* An element as the input format spells it, or as an MLIR literal. */
void put_elem(Inst *in, RgsBuf *b, Z3_model m, Ast t, RgDType dt, bool mlir) {
  if (!isf(dt)) {
    rgs_buf_printf(b, "%lld", (long long)mint(in, m, t, dt));
    return;
  }
  uint64_t bits;
  double v = mfloat(in, m, t, dt, &bits);
  if (mlir && !isfinite(v))
    rgs_buf_printf(b, "0x%0*llX", dt == RG_DT_F32 ? 8 : 4, (unsigned long long)bits);
  else if (mlir)
    rgs_buf_printf(b, "%.17e", v);
  else if (isnan(v))
    rgs_buf_puts(b, "nan");
  else if (isinf(v))
    rgs_buf_puts(b, v < 0 ? "-inf" : "inf");
  else
    rgs_buf_printf(b, "%a", v);
}

static void put_type(Inst *in, RgsBuf *b, Z3_model m, const Val *v) {
  rgs_buf_puts(b, "tensor<");
  if (v->scalar)
    rgs_buf_puts(b, "1x");
  else
    for (int d = 0; d < in->R; d++)
      rgs_buf_printf(b, "%lldx", (long long)mint(in, m, v->dims[d], RG_DT_NONE));
  rgs_buf_printf(b, "%s>", rg_dtype_name(v->dt));
}

static int64_t numel(Inst *in, Z3_model m, const Val *v) {
  int64_t n = 1;
  for (int d = 0; !v->scalar && d < in->R; d++)
    n *= mint(in, m, v->dims[d], RG_DT_NONE);
  return n;
}

/* An input's element at a numeral index under the model: the read there,
 * or zero where the query reads nothing (any value would do). */
static Ast leaf_at(Inst *in, Z3_model m, Val *v, Ast const *idx) {
  int64_t off = 0;
  for (int d = 0; idx && d < in->R; d++)
    off = off * mint(in, m, v->dims[d], RG_DT_NONE) + mint(in, m, idx[d], RG_DT_NONE);
  for (uint32_t i = 0; i < in->napps; i++) {
    struct App *p = &in->apps[i];
    bool same = p->leaf == v;
    if (same && p->key)
      same = idx && (mint(in, m, p->key, RG_DT_NONE) & 0xffff) == off;
    for (int d = 0; same && !p->key && d < in->R; d++)
      same = mint(in, m, p->idx[d], RG_DT_NONE) == mint(in, m, idx[d], RG_DT_NONE);
    if (same)
      return p->c;
  }
  return isf(v->dt) ? Z3_mk_fpa_zero(Z, sort_of(in, v->dt), false) : num(in, v->dt, 0);
}

/* A constant's data under the model, nested by dims from axis d on. */
static void put_dense(Inst *in, RgsBuf *b, Z3_model m, Val *v, int d, Ast *idx) {
  if (d == in->R) {
    put_elem(in, b, m, leaf_at(in, m, v, idx), v->dt, true);
    return;
  }
  int64_t n = mint(in, m, v->dims[d], RG_DT_NONE);
  rgs_buf_puts(b, "[");
  for (int64_t i = 0; i < n; i++) {
    rgs_buf_puts(b, i ? ", " : "");
    idx[d] = ix(in, i);
    put_dense(in, b, m, v, d + 1, idx);
  }
  rgs_buf_puts(b, "]");
}

/* The function's header: its inputs (numbered here as arguments), its
 * type and its block's arguments. */
static void put_header(Inst *in, RgsBuf *b, Z3_model m, const char *fname, uint32_t npat, const Val *root) {
  int args = 0;
  for (uint32_t i = npat; i-- > 0;) {
    Val *v = &in->vals[i];
    if (v->kind == V_LEAF && !v->scalar && !v->elem && !v->konst)
      v->arg = args++;
  }
  rgs_buf_printf(b, "// The counterexample of rulegen --prove for %s.\n\"builtin.module\"() ({\n", fname);
  rgs_buf_puts(b, "  \"func.func\"() <{function_type = (");
  for (int k = 0; k < args; k++)
    for (uint32_t i = 0; i < npat; i++)
      if (in->vals[i].arg == k) {
        rgs_buf_puts(b, k ? ", " : "");
        put_type(in, b, m, &in->vals[i]);
      }
  rgs_buf_puts(b, ") -> ");
  put_type(in, b, m, root);
  rgs_buf_printf(b, ", sym_name = \"%s\"}> ({\n  ^bb0(", fname);
  for (int k = 0; k < args; k++)
    for (uint32_t i = 0; i < npat; i++)
      if (in->vals[i].arg == k) {
        rgs_buf_printf(b, "%s%%arg%d: ", k ? ", " : "", k);
        put_type(in, b, m, &in->vals[i]);
      }
  rgs_buf_puts(b, "):\n");
}

/* A value that is not an argument and not a node: a tosa.const_shape of
 * its ints, or a tosa.const of its data (one element, or every one). */
static void put_const(Inst *in, RgsBuf *b, Z3_model m, Val *v) {
  if (v->kind == V_SHAPE) {
    rgs_buf_printf(b, "    %%%d = \"tosa.const_shape\"() <{values = dense<[", v->id);
    for (uint32_t j = 0; j < v->nints; j++)
      rgs_buf_printf(b, "%s%lld", j ? ", " : "", (long long)mint(in, m, v->ints[j], RG_DT_NONE));
    rgs_buf_printf(b, "]> : tensor<%uxindex>}> : () -> !tosa.shape<%u>\n", v->nints, v->nints);
    return;
  }
  rgs_buf_printf(b, "    %%%d = \"tosa.const\"() <{values = dense<", v->id);
  if (v->konst) {
    Ast idx[MAXR];
    put_dense(in, b, m, v, 0, idx);
  } else {
    put_elem(in, b, m, v->elem ? v->elem : leaf_at(in, m, v, NULL), v->dt, true);
  }
  rgs_buf_puts(b, "> : ");
  put_type(in, b, m, v);
  rgs_buf_puts(b, "}> : () -> ");
  put_type(in, b, m, v);
  rgs_buf_puts(b, "\n");
}

/* A node's attributes under the model, those of the ops the graph writer
 * knows; whether it wrote any (the dictionary is then open). */
static bool put_attrs(Inst *in, RgsBuf *b, Z3_model m, const Val *v) {
  if (v->k == K_CLAMP) {
    rgs_buf_puts(b, " <{max_val = ");
    put_elem(in, b, m, v->hi, v->dt, true);
    rgs_buf_printf(b, " : %s, min_val = ", rg_dtype_name(v->dt));
    put_elem(in, b, m, v->lo, v->dt, true);
    rgs_buf_printf(b, " : %s", rg_dtype_name(v->dt));
  } else if (v->k == K_TRANSPOSE) {
    rgs_buf_puts(b, " <{perms = array<i32");
    for (int d = 0; d < in->R; d++)
      rgs_buf_printf(b, "%s %lld", d ? "," : ":", (long long)mint(in, m, v->perm[d], RG_DT_NONE));
    rgs_buf_puts(b, ">");
  } else if (v->ax) {
    rgs_buf_printf(b, " <{axis = %lld : i32", (long long)mint(in, m, v->ax, RG_DT_NONE));
  } else if (v->k == K_RESIZE) {
    bool bl = Z3_get_bool_value(Z, mval(in, m, v->bilinear)) == Z3_L_TRUE;
    rgs_buf_printf(b, " <{mode = #tosa.resize_mode<%s>", bl ? "BILINEAR" : "NEAREST_NEIGHBOR");
  } else if (v->k == K_MAXPOOL) {
    static const char *const names[3] = {"kernel", "pad", "stride"};
    static const int at[3] = {1, 5, 3}, cnt[3] = {2, 4, 2};
    for (int a = 0; a < 3; a++) {
      rgs_buf_printf(b, "%s%s = array<i64", a ? ", " : " <{", names[a]);
      for (int j = 0; j < cnt[a]; j++)
        rgs_buf_printf(b, "%s %lld", j ? "," : ":", (long long)mint(in, m, v->ints[at[a] + j], RG_DT_NONE));
      rgs_buf_puts(b, ">");
    }
  } else {
    return false;
  }
  return true;
}

/* A node: its op, operands, attributes and type. */
static void put_op(Inst *in, RgsBuf *b, Z3_model m, const Val *v) {
  rgs_buf_printf(b, "    %%%d = \"%s\"(", v->id, v->op->name);
  for (uint32_t k = 0; k < v->nopnd; k++) {
    const Val *o = v->opnd[k];
    if (o->arg >= 0)
      rgs_buf_printf(b, "%s%%arg%d", k ? ", " : "", o->arg);
    else
      rgs_buf_printf(b, "%s%%%d", k ? ", " : "", o->id);
  }
  rgs_buf_puts(b, ")");
  bool attrs = put_attrs(in, b, m, v);
  bool ignore = v->ignore && Z3_get_bool_value(Z, mval(in, m, v->ignore)) == Z3_L_TRUE;
  if (ignore)
    rgs_buf_printf(b, "%snan_mode = #tosa.nan_mode<IGNORE>", attrs ? ", " : " <{");
  if (attrs || ignore)
    rgs_buf_puts(b, "}>");
  rgs_buf_puts(b, " : (");
  for (uint32_t k = 0; k < v->nopnd; k++) {
    rgs_buf_puts(b, k ? ", " : "");
    if (v->opnd[k]->kind == V_SHAPE)
      rgs_buf_printf(b, "!tosa.shape<%u>", v->opnd[k]->nints);
    else
      put_type(in, b, m, v->opnd[k]);
  }
  rgs_buf_puts(b, ") -> ");
  put_type(in, b, m, v);
  rgs_buf_puts(b, "\n");
}

/* The pattern's values as a function: inputs as arguments, splats and
 * one-element inputs as constants, nodes in operand order. */
void put_graph(Inst *in, RgsBuf *b, Z3_model m, const char *fname, uint32_t npat, Val *root) {
  int ids = 0;
  put_header(in, b, m, fname, npat, root);
  for (uint32_t i = npat; i-- > 0;) {
    Val *v = &in->vals[i];
    if (v->arg >= 0)
      continue;
    v->id = ids++;
    if (v->kind == V_NODE)
      put_op(in, b, m, v);
    else
      put_const(in, b, m, v);
  }
  rgs_buf_printf(b, "    \"func.return\"(%%%d) : (", root->id);
  put_type(in, b, m, root);
  rgs_buf_puts(b, ") -> ()\n  }) : () -> ()\n}) : () -> ()\n");
}

void put_inputs(Inst *in, RgsBuf *b, Z3_model m, const char *fname, uint32_t npat) {
  rgs_buf_printf(b, "// input sets for rgopt --inputs (docs/verify.md)\nfunc @%s\n", fname);
  for (int k = 0;; k++) {
    Val *v = NULL;
    for (uint32_t i = 0; i < npat; i++)
      if (in->vals[i].arg == k)
        v = &in->vals[i];
    if (!v)
      break;
    rgs_buf_printf(b, "  arg %d: ", k);
    put_type(in, b, m, v);
    rgs_buf_puts(b, " = [");
    int64_t n = numel(in, m, v);
    for (int64_t e = 0; e < n; e++) {
      Ast idx[MAXR];
      int64_t rest = e;
      for (int d = in->R; d-- > 0;) {
        int64_t dim = mint(in, m, v->dims[d], RG_DT_NONE);
        idx[d] = ix(in, rest % dim);
        rest /= dim;
      }
      rgs_buf_puts(b, e ? (e % 8 ? ", " : ",\n    ") : "");
      put_elem(in, b, m, leaf_at(in, m, v, idx), v->dt, false);
    }
    rgs_buf_puts(b, "]\n");
  }
}
