/* tools/rgdiff_arm.c - the Arm family of rgdiff (--family arm): edge-dialect
 * graphs built so that every rule of the `arm` pipeline fires (the op each
 * rule roots at, with attribute values on both sides of its guards), plus
 * the near misses the rules must leave alone. The inexact rules (sinh,
 * cosh, silu, var) are generated too; rgdiff compares their graphs within
 * its tolerance. Two exact rules are generated only where they are exact
 * (divisors and mean counts that are powers of two). */
#include <stdio.h>
#include <string.h>
#include "rgdiff.h"

const GenUnproven gen_arm_unproven[] = {
    {NULL, NULL},
};

/* ---- building blocks ---- */

static void a_float(Gen *G, RgNode *n, const char *name, double v) {
  gen_prop(G, n, name, rg_attr_float(G->g, v, rg_type_scalar(G->g, RG_DT_F64)));
}

static void a_int(Gen *G, RgNode *n, const char *name, int64_t v) {
  gen_prop(G, n, name, rg_attr_int(G->g, v, rg_type_scalar(G->g, RG_DT_I64)));
}

static void a_ints(Gen *G, RgNode *n, const char *name, int32_t k, const int64_t *v) {
  gen_prop(G, n, name, rg_attr_dense_array_ints(G->g, RG_DT_I64, (uint32_t)k, v));
}

static void a_bool(Gen *G, RgNode *n, const char *name, bool v) { gen_prop(G, n, name, rg_attr_bool(G->g, v)); }

static void a_str(Gen *G, RgNode *n, const char *name, const char *v) {
  gen_prop(G, n, name, rg_attr_string(G->g, v, strlen(v)));
}

/* A number property written as an int when it is one (sometimes), as rules
 * and exporters write either. */
static void a_num(Gen *G, RgNode *n, const char *name, double v) {
  if (v == (double)(int64_t)v && chance(&G->rng, 30))
    a_int(G, n, name, (int64_t)v);
  else
    a_float(G, n, name, v);
}

/* Node `op` on ops[0..k), not yet typed. */
static RgNode *a_mk(Gen *G, const char *op, uint32_t k, RgValue *const *ops) { return gen_mk(G, op, k, ops, NULL); }


/* A node whose op has no shape hook, typed by the caller. */
static RgValue *a_typed(Gen *G, RgNode *n, const RgType *t) {
  rg_value_set_type(&n->results[0], t);
  rg_block_append(G->g, G->body, n);
  return &n->results[0];
}

/* Rewritable nodes are sometimes frozen; the result joins the pool. */
static RgValue *a_done(Gen *G, RgNode *n) {
  RgValue *v = gen_finish(G, n);
  gen_edge_freeze(G, n);
  gen_push(G, v);
  return v;
}

/* Mostly f32, the other float types now and then. */
static RgDType a_float_dtype(Gen *G) {
  int k = (int)rnd(&G->rng, 0, 9);
  return k < 7 ? RG_DT_F32 : k < 9 ? RG_DT_F16 : RG_DT_BF16;
}

static bool is_f32(const RgValue *v) { return v->type->dtype == RG_DT_F32 && v->type->rank > 0; }
static bool is_f16(const RgValue *v) { return v->type->dtype == RG_DT_F16 && v->type->rank > 0; }
static bool is_bf16(const RgValue *v) { return v->type->dtype == RG_DT_BF16 && v->type->rank > 0; }
static bool is_int_tensor(const RgValue *v) {
  RgDType d = v->type->dtype;
  return (d == RG_DT_I8 || d == RG_DT_I32) && v->type->rank > 0;
}

/* A float value of the pool (or a new argument). */
static RgValue *a_fpick(Gen *G) {
  RgDType dt = a_float_dtype(G);
  return gen_pick(G, dt == RG_DT_F32 ? is_f32 : dt == RG_DT_F16 ? is_f16 : is_bf16, dt);
}

static RgValue *a_arg(Gen *G, RgDType dt, int32_t rank, const int64_t *dims) {
  return gen_new_arg(G, gen_ttype(G, dt, rank, dims));
}

/* A shape of rank 1-4 whose dims are all in [lo, hi], numel <= 200. */
static int32_t a_shape(Gen *G, int64_t lo, int64_t hi, int64_t *dims) {
  int32_t rank = (int32_t)rnd(&G->rng, 1, MAX_RANK);
  int64_t numel = 1;
  for (int32_t i = 0; i < rank; i++) {
    dims[i] = rnd(&G->rng, lo, hi);
    if (numel * dims[i] > 200)
      dims[i] = 1;
    numel *= dims[i];
  }
  return rank;
}

/* A bound or a scalar: multiples of 1/2 in [-3, 3]. */
static double a_half(Gen *G) { return (double)rnd(&G->rng, -6, 6) / 2.0; }

/* ---- cleanups and activations ---- */

/* clone, _clone_dim_order, _to_dim_order_copy (same dtype: removed; a cast
 * stays). */
static void m_copies(Gen *G) {
  RgValue *x = chance(&G->rng, 80) ? a_fpick(G) : gen_pick(G, is_int_tensor, RG_DT_I32);
  int64_t order[MAX_RANK];
  for (int32_t i = 0; i < x->type->rank; i++)
    order[i] = i;
  switch (rnd(&G->rng, 0, 3)) {
  case 0:
    a_done(G, a_mk(G, "aten.clone", 1, &x));
    break;
  case 1: {
    RgNode *n = a_mk(G, "dim_order_ops._clone_dim_order", 1, &x);
    if (chance(&G->rng, 50))
      a_ints(G, n, "dim_order", x->type->rank, order);
    a_done(G, n);
    break;
  }
  default: {
    RgNode *n = a_mk(G, "dim_order_ops._to_dim_order_copy", 1, &x);
    a_ints(G, n, "dim_order", x->type->rank, order);
    RgDType dt = x->type->dtype;
    if (chance(&G->rng, 25) && is_float(dt))
      dt = dt == RG_DT_F32 ? RG_DT_F16 : RG_DT_F32;
    if (dt != x->type->dtype || chance(&G->rng, 30))
      gen_prop(G, n, "dtype", rg_attr_type(G->g, rg_type_scalar(G->g, dt)));
    gen_edge_freeze(G, n);
    gen_push(G, a_typed(G, n, gen_like(G, x->type, dt)));
    break;
  }
  }
}

/* relu, hardtanh (default, written defaults, any bounds), clamp, and
 * chains of two clamps with bounds in every order (overlapping, nested,
 * disjoint, lo > hi, one-sided). */
static RgValue *a_clamp_like(Gen *G, RgValue *x, bool two_sided) {
  RgNode *n;
  double lo = a_half(G), hi = a_half(G);
  if (!is_float(x->type->dtype)) { /* integral bounds keep an integer clamp */
    lo = (double)(int64_t)lo;
    hi = (double)(int64_t)hi;
  }
  switch (two_sided ? 2 + rnd(&G->rng, 0, 2) : rnd(&G->rng, 0, 4)) {
  case 0:
    return a_done(G, a_mk(G, "aten.relu", 1, &x));
  case 1:
    n = a_mk(G, "aten.clamp", 1, &x);
    a_num(G, n, chance(&G->rng, 50) ? "min" : "max", lo);
    return a_done(G, n);
  case 2:
    n = a_mk(G, "aten.hardtanh", 1, &x);
    if (chance(&G->rng, 30)) {
      a_num(G, n, "min_val", -1);
      a_num(G, n, "max_val", 1);
    } else if (chance(&G->rng, 70)) {
      a_num(G, n, "min_val", lo);
      a_num(G, n, "max_val", hi);
    }
    return a_done(G, n);
  default:
    n = a_mk(G, "aten.clamp", 1, &x);
    if (chance(&G->rng, 75) && lo > hi) { /* mostly ordered bounds */
      double t = lo;
      lo = hi;
      hi = t;
    }
    a_num(G, n, "min", lo);
    a_num(G, n, "max", hi);
    return a_done(G, n);
  }
}

static void m_clamps(Gen *G) {
  RgValue *x = chance(&G->rng, 85) ? a_fpick(G) : gen_pick(G, is_int_tensor, RG_DT_I32);
  bool chain = chance(&G->rng, 60);
  RgValue *c = a_clamp_like(G, x, chain && chance(&G->rng, 80));
  if (chain)
    a_clamp_like(G, c, chance(&G->rng, 80));
}

/* 2-D convolution of a new NCHW input (1x1 or 3x3, padding 0 or 1),
 * bias or not. */
static RgValue *a_conv(Gen *G, RgDType dt) {
  int64_t N = rnd(&G->rng, 1, 2), C = rnd(&G->rng, 1, 3), H = rnd(&G->rng, 1, 4), W = rnd(&G->rng, 1, 4),
          O = rnd(&G->rng, 1, 3), k = chance(&G->rng, 60) ? 1 : 3, pad = k == 3 ? 1 : rnd(&G->rng, 0, 1);
  RgValue *ops[3] = {a_arg(G, dt, 4, (int64_t[]){N, C, H, W}), a_arg(G, dt, 4, (int64_t[]){O, C, k, k}),
                     a_arg(G, dt, 1, &O)};
  RgNode *n = a_mk(G, "aten.convolution", chance(&G->rng, 80) ? 3 : 2, ops);
  a_ints(G, n, "stride", 2, (int64_t[]){1, 1});
  a_ints(G, n, "padding", 2, (int64_t[]){pad, pad});
  a_ints(G, n, "dilation", 2, (int64_t[]){1, 1});
  a_bool(G, n, "transposed", false);
  a_ints(G, n, "output_padding", 2, (int64_t[]){0, 0});
  a_int(G, n, "groups", 1);
  return gen_finish(G, n);
}

/* aten.linear: x [M, K] (from the pool or new), weight [O, K], bias [O]
 * (decomposed), or a broadcast bias [1] / rank 0, or a 3-D x. */
static RgValue *a_linear(Gen *G, RgDType dt, bool plain) {
  int64_t M = rnd(&G->rng, 1, 5), K = rnd(&G->rng, 1, 5), O = rnd(&G->rng, 1, 5);
  RgValue *x = NULL;
  for (uint32_t i = G->npool; i-- > 0 && !x;)
    if (G->pool[i]->type->rank == 2 && G->pool[i]->type->dtype == dt && chance(&G->rng, 40))
      x = G->pool[i];
  if (!x)
    x = chance(&G->rng, 15) && !plain ? a_arg(G, dt, 3, (int64_t[]){2, M, K}) : a_arg(G, dt, 2, (int64_t[]){M, K});
  K = x->type->dims[x->type->rank - 1];
  const RgType *wt = gen_ttype(G, dt, 2, (int64_t[]){O, K});
  RgValue *ops[3] = {x, chance(&G->rng, 30) ? gen_edge_const(G, wt) : gen_new_arg(G, wt), NULL};
  switch (plain ? 0 : rnd(&G->rng, 0, 6)) {
  case 1: ops[2] = a_arg(G, dt, 1, (int64_t[]){1}); break;
  case 2: ops[2] = a_arg(G, dt, 0, NULL); break;
  case 4: ops[2] = gen_edge_const(G, gen_ttype(G, dt, 1, &O)); break;
  default: ops[2] = a_arg(G, dt, 1, &O); break;
  }
  RgNode *n = a_mk(G, "aten.linear", 3, ops);
  RgValue *v = gen_finish(G, n);
  gen_edge_freeze(G, n);
  return v;
}

/* relu or hardtanh(0, M) between a convolution or linear and a quantize:
 * zero point at quant_min (dropped) or above; M large enough or not; the
 * activation or the producer used twice. */
static void m_quant_act(Gen *G) {
  bool lin = chance(&G->rng, 30);
  RgValue *c = lin ? a_linear(G, RG_DT_F32, chance(&G->rng, 70)) : a_conv(G, RG_DT_F32);
  static const double scales[] = {0.05, 0.02, 0.1, 0.015625};
  double s = scales[rnd(&G->rng, 0, 3)];
  int64_t qmin = -128, qmax = 127, zp = chance(&G->rng, 75) ? qmin : rnd(&G->rng, -127, 10);
  RgNode *a;
  if (chance(&G->rng, 50)) {
    a = a_mk(G, "aten.relu", 1, &c);
  } else {
    a = a_mk(G, "aten.hardtanh", 1, &c);
    a_num(G, a, "min_val", 0);
    /* M / s >= quant_max - zero_point when M is large enough */
    a_num(G, a, "max_val", chance(&G->rng, 70) ? (double)(qmax - zp) * s + 1 : 6 * s);
  }
  RgValue *r = gen_finish(G, a);
  RgNode *q = a_mk(G, "quantized_decomposed.quantize_per_tensor", 1, &r);
  a_float(G, q, "scale", s);
  a_int(G, q, "zero_point", zp);
  a_int(G, q, "quant_min", qmin);
  a_int(G, q, "quant_max", qmax);
  gen_prop(G, q, "dtype", rg_attr_type(G->g, rg_type_scalar(G->g, RG_DT_I8)));
  gen_push(G, gen_finish(G, q));
  if (chance(&G->rng, 10))
    gen_push(G, r); /* a second use keeps the activation */
  if (chance(&G->rng, 10))
    gen_push(G, c);
}

/* ---- decompositions ---- */

static void m_linear(Gen *G) { gen_push(G, a_linear(G, a_float_dtype(G), false)); }

static void m_sqrt(Gen *G) { a_done(G, a_mk(G, "aten.sqrt", 1, (RgValue *[]){a_fpick(G)})); }

/* addmm with bias [N], [1, N], [M, 1], [M, N] or rank 0; the scales
 * absent, written 1 or 1.0, or other values. */
static void m_addmm(Gen *G) {
  RgValue *ops[3];
  gen_edge_addmm_operands(G, a_float_dtype(G), ops);
  RgNode *n = a_mk(G, "aten.addmm", 3, ops);
  static const char *const names[2] = {"beta", "alpha"};
  for (int i = 0; i < 2; i++) {
    switch (rnd(&G->rng, 0, 4)) {
    case 0: break;
    case 1: a_int(G, n, names[i], 1); break;
    case 2: a_float(G, n, names[i], 1.0); break;
    default: a_num(G, n, names[i], chance(&G->rng, 50) ? a_half(G) : 0.1); break;
    }
  }
  a_done(G, n);
}

/* elu: default alpha (absent or 1), another alpha, or scales that are not
 * 1 (kept). */
static void m_elu(Gen *G) {
  RgNode *n = a_mk(G, "aten.elu", 1, (RgValue *[]){a_fpick(G)});
  switch (rnd(&G->rng, 0, 4)) {
  case 0: break;
  case 1: a_num(G, n, "alpha", 1); break;
  case 2: a_num(G, n, "alpha", 1); a_num(G, n, "scale", 1); a_num(G, n, "input_scale", 1); break;
  case 3: a_num(G, n, "alpha", chance(&G->rng, 50) ? 0.5 : 1.5); break;
  default: a_num(G, n, "alpha", a_half(G)); a_num(G, n, chance(&G->rng, 50) ? "scale" : "input_scale", 2); break;
  }
  a_done(G, n);
}

static void m_gelu(Gen *G) {
  RgNode *n = a_mk(G, "aten.gelu", 1, (RgValue *[]){a_fpick(G)});
  int k = (int)rnd(&G->rng, 0, 2);
  if (k)
    a_str(G, n, "approximate", k == 1 ? "none" : "tanh");
  a_done(G, n);
}

/* add.Tensor / sub.Tensor with alpha: != 1 on a y of the result's dtype
 * (decomposed), 1, absent, or a y that promotes (kept). */
static void m_add_alpha(Gen *G) {
  RgValue *x = a_fpick(G);
  RgDType dt = x->type->dtype;
  const RgType *yt = gen_like(G, x->type, chance(&G->rng, 85) ? dt : RG_DT_I32);
  RgValue *ops[2] = {x, chance(&G->rng, 20) ? gen_edge_const(G, yt) : gen_new_arg(G, yt)};
  RgNode *n = a_mk(G, chance(&G->rng, 50) ? "aten.add.Tensor" : "aten.sub.Tensor", 2, ops);
  int k = (int)rnd(&G->rng, 0, 5);
  if (k == 1)
    a_num(G, n, "alpha", 1);
  else if (k > 1)
    a_num(G, n, "alpha", chance(&G->rng, 20) ? 0.1 : a_half(G));
  a_done(G, n);
}

static void m_mm(Gen *G) {
  RgDType dt = a_float_dtype(G);
  int64_t M = rnd(&G->rng, 1, 5), K = rnd(&G->rng, 1, 5), N = rnd(&G->rng, 1, 5);
  RgValue *ops[2] = {a_arg(G, dt, 2, (int64_t[]){M, K}), a_arg(G, dt, 2, (int64_t[]){K, N})};
  a_done(G, a_mk(G, "aten.mm", 2, ops));
}

/* glu along the default, a non-negative or a negative dim of even size. */
static void m_glu(Gen *G) {
  int64_t dims[MAX_RANK];
  int32_t rank = a_shape(G, 1, 4, dims);
  int64_t d = rnd(&G->rng, 0, rank - 1);
  int k = (int)rnd(&G->rng, 0, 3);
  int64_t w = k == 0 ? rank - 1 : d;
  dims[w] = 2 * rnd(&G->rng, 1, 2);
  RgNode *n = a_mk(G, "aten.glu", 1, (RgValue *[]){a_arg(G, a_float_dtype(G), rank, dims)});
  if (k == 1)
    a_int(G, n, "dim", rank - 1 == d && chance(&G->rng, 50) ? -1 : d);
  else if (k >= 2)
    a_int(G, n, "dim", d - rank);
  a_done(G, n);
}

static void m_leaky_relu(Gen *G) {
  RgNode *n = a_mk(G, "aten.leaky_relu", 1, (RgValue *[]){a_fpick(G)});
  int k = (int)rnd(&G->rng, 0, 2);
  if (k)
    a_num(G, n, "negative_slope", k == 1 ? 0.01 : a_half(G));
  a_done(G, n);
}

/* a / b with b a constant of powers of two (where a * (1 / b) is exact),
 * broadcast; integer operands are kept. */
static void m_div(Gen *G) {
  RgValue *a = chance(&G->rng, 90) ? a_fpick(G) : gen_pick(G, is_int_tensor, RG_DT_I32);
  const RgType *t = a->type;
  int64_t dims[MAX_RANK];
  int32_t drop = chance(&G->rng, 30) ? (int32_t)rnd(&G->rng, 0, t->rank) : 0;
  for (int32_t i = drop; i < t->rank; i++)
    dims[i - drop] = chance(&G->rng, 25) ? 1 : t->dims[i];
  RgDType dt = is_float(t->dtype) ? (chance(&G->rng, 80) ? t->dtype : RG_DT_F32) : a_float_dtype(G);
  const RgType *bt = gen_ttype(G, dt, t->rank - drop, dims);
  int64_t numel = rg_type_numel(bt);
  double v[512];
  if (numel < 1 || numel > 512)
    gen_abort(G, "divisor of %s too large", bt->text);
  uint32_t nv = numel == 1 || chance(&G->rng, 30) ? 1 : (uint32_t)numel;
  for (uint32_t i = 0; i < nv; i++) {
    static const double pow2[] = {0.25, 0.5, 1, 2, 4, 8, -0.5, -2};
    v[i] = pow2[rnd(&G->rng, 0, 7)];
  }
  RgNode *c = a_mk(G, "aten._constant", 0, NULL);
  gen_prop(G, c, "value", rg_attr_dense_floats(G->g, bt, nv, v));
  RgValue *ops[2] = {a, gen_finish(G, c)};
  a_done(G, a_mk(G, "aten.div.Tensor", 2, ops));
}

static void m_softmax(Gen *G) {
  RgValue *x = a_fpick(G);
  RgNode *n = a_mk(G, "aten._softmax", 1, &x);
  int32_t r = x->type->rank;
  int64_t d = rnd(&G->rng, 0, r - 1);
  a_int(G, n, "dim", chance(&G->rng, 30) ? d - r : d);
  a_bool(G, n, "half_to_float", x->type->dtype != RG_DT_F32 && chance(&G->rng, 30));
  a_done(G, n);
}

/* mean.dim over dims whose sizes multiply to a power of two (where
 * sum * (1 / N) is exact), keepdim absent, false or true; a dtype that
 * changes the result type is kept. */
static void m_mean(Gen *G) {
  int64_t dims[MAX_RANK], red[MAX_RANK];
  int32_t rank = a_shape(G, 1, 5, dims), k = 0;
  for (int32_t i = 0; i < rank; i++)
    if (chance(&G->rng, 50) || (k == 0 && i == rank - 1)) {
      dims[i] = (int64_t)1 << rnd(&G->rng, 0, 2);
      red[k++] = chance(&G->rng, 30) ? i - rank : i;
    }
  RgValue *x = a_arg(G, a_float_dtype(G), rank, dims);
  RgNode *n = a_mk(G, "aten.mean.dim", 1, &x);
  a_ints(G, n, "dim", k, red);
  int kd = (int)rnd(&G->rng, 0, 2);
  if (kd)
    a_bool(G, n, "keepdim", kd == 2);
  if (chance(&G->rng, 10))
    gen_prop(G, n, "dtype", rg_attr_type(G->g, rg_type_scalar(G->g, RG_DT_F32)));
  a_done(G, n);
}

/* sinh or cosh (inexact rules) on f32, and on f16/bf16 (kept), of a new
 * argument: for |x| in (88.7, 89.5) exp(|x|) overflows where sinhf and
 * coshf do not (docs/arm-passes.md), so pool values, which can be that
 * large, are not used. */
static void m_hyperbolic(Gen *G) {
  int64_t dims[MAX_RANK];
  int32_t rank = a_shape(G, 1, 5, dims);
  RgValue *x = a_arg(G, a_float_dtype(G), rank, dims);
  a_done(G, a_mk(G, chance(&G->rng, 50) ? "aten.sinh" : "aten.cosh", 1, &x));
}

static void m_silu(Gen *G) { a_done(G, a_mk(G, "aten.silu", 1, (RgValue *[]){a_fpick(G)})); }

/* var.correction over 1-3 distinct dims (some negative), correction 0, 1,
 * 2 or absent (some at least the count reduced: kept), keepdim absent,
 * false or true. */
static void m_var(Gen *G) {
  RgValue *x = a_fpick(G);
  int32_t r = x->type->rank;
  int64_t perm[MAX_RANK];
  gen_random_perm(G, r, perm);
  int32_t k = (int32_t)rnd(&G->rng, 1, r < 3 ? r : 3);
  for (int32_t i = 0; i < k; i++)
    perm[i] = chance(&G->rng, 25) ? perm[i] - r : perm[i];
  RgNode *n = a_mk(G, "aten.var.correction", 1, &x);
  a_ints(G, n, "dim", k, perm);
  int c = (int)rnd(&G->rng, 0, 3);
  if (c < 3)
    a_num(G, n, "correction", c);
  int kd = (int)rnd(&G->rng, 0, 2);
  if (kd)
    a_bool(G, n, "keepdim", kd == 2);
  a_done(G, n);
}

/* native_layer_norm over the last 1..rank dims of a new input (or a pool
 * value), with weight and bias (arguments or constants) or neither, eps
 * 1e-5 or 1e-3; the mean or 1/std used now and then, f16/bf16 inputs
 * (both kept). The op has no shape hook: typed here. */
static void m_layer_norm(Gen *G) {
  int64_t dims[MAX_RANK], md[MAX_RANK];
  RgValue *x;
  if (chance(&G->rng, 30)) {
    x = a_fpick(G);
  } else {
    /* one draw at a time (a call's arguments are evaluated in no set
     * order), the shape first as gcc evaluated them */
    int32_t rank = a_shape(G, 1, 5, dims);
    x = a_arg(G, a_float_dtype(G), rank, dims);
  }
  const RgType *t = x->type;
  int32_t r = t->rank, k = (int32_t)rnd(&G->rng, 1, r);
  for (int32_t i = 0; i < r; i++)
    md[i] = i >= r - k ? 1 : t->dims[i];
  RgValue *ops[3] = {x, NULL, NULL};
  uint32_t nops = 1;
  if (chance(&G->rng, 70)) {
    const RgType *at = gen_ttype(G, t->dtype, k, t->dims + r - k);
    for (int i = 1; i < 3; i++)
      ops[i] = chance(&G->rng, 25) ? gen_edge_const(G, at) : gen_new_arg(G, at);
    nops = 3;
  }
  const char *op = "aten.native_layer_norm";
  const RgType *mt = gen_ttype(G, t->dtype, r, md), *rt[3] = {t, mt, mt};
  RgNode *n = rg_node_create(G->g, &(RgNodeDesc){rg_op_intern(G->g, op, strlen(op)), nops, ops, 3, rt, 0});
  if (!n)
    gen_abort(G, "out of memory building %s", op);
  a_ints(G, n, "normalized_shape", k, t->dims + r - k);
  a_float(G, n, "eps", chance(&G->rng, 50) ? 1e-5 : 1e-3);
  rg_block_append(G->g, G->body, n);
  gen_edge_freeze(G, n);
  gen_push(G, &n->results[0]);
  if (chance(&G->rng, 15))
    gen_push(G, &n->results[chance(&G->rng, 50) ? 1 : 2]);
}

/* An f32 constant [c] of values in [lo, hi] / 8 (a splat now and then). */
static RgValue *a_channel_const(Gen *G, int64_t c, int64_t lo, int64_t hi) {
  double v[64];
  uint32_t n = c == 1 || chance(&G->rng, 20) ? 1 : (uint32_t)c;
  for (uint32_t i = 0; i < n; i++)
    v[i] = (double)rnd(&G->rng, lo, hi) / 8.0;
  RgNode *k = a_mk(G, "aten._constant", 0, NULL);
  gen_prop(G, k, "value", rg_attr_dense_floats(G->g, gen_ttype(G, RG_DT_F32, 1, &c), n, v));
  return gen_finish(G, k);
}

/* Inference batch norm: after a convolution with constant weights (bias or
 * not, used once: folded; used twice: a depthwise convolution instead),
 * or after any rank-4 value (a depthwise convolution); parameters
 * constants (var positive) or, now and then, arguments (kept); f16 (kept);
 * the saved mean used now and then (kept). No shape hook: typed here. */
static void m_batch_norm(Gen *G) {
  RgDType dt = chance(&G->rng, 90) ? RG_DT_F32 : RG_DT_F16;
  RgValue *x;
  if (chance(&G->rng, 60)) {
    int64_t N = rnd(&G->rng, 1, 2), C = rnd(&G->rng, 1, 3), H = rnd(&G->rng, 1, 4), W = rnd(&G->rng, 1, 4),
            O = rnd(&G->rng, 1, 4), k = chance(&G->rng, 60) ? 1 : 3;
    RgValue *ops[3] = {a_arg(G, dt, 4, (int64_t[]){N, C, H, W}),
                       gen_edge_const(G, gen_ttype(G, dt, 4, (int64_t[]){O, C, k, k})),
                       gen_edge_const(G, gen_ttype(G, dt, 1, &O))};
    RgNode *n = a_mk(G, "aten.convolution", chance(&G->rng, 70) ? 3 : 2, ops);
    a_ints(G, n, "stride", 2, (int64_t[]){1, 1});
    a_ints(G, n, "padding", 2, (int64_t[]){k / 2, k / 2});
    a_ints(G, n, "dilation", 2, (int64_t[]){1, 1});
    a_bool(G, n, "transposed", false);
    a_ints(G, n, "output_padding", 2, (int64_t[]){0, 0});
    a_int(G, n, "groups", 1);
    x = gen_finish(G, n);
    if (chance(&G->rng, 10))
      gen_push(G, x); /* a second use: not folded into this convolution */
  } else {
    int64_t dims[MAX_RANK] = {rnd(&G->rng, 1, 2), rnd(&G->rng, 1, 4), rnd(&G->rng, 1, 3), rnd(&G->rng, 1, 3)};
    x = a_arg(G, dt, 4, dims);
  }
  int64_t C = x->type->dims[1];
  RgValue *ops[5] = {x, a_channel_const(G, C, -16, 16), a_channel_const(G, C, -16, 16),
                     a_channel_const(G, C, -16, 16), a_channel_const(G, C, 1, 32)};
  if (chance(&G->rng, 8))
    ops[1 + rnd(&G->rng, 0, 3)] = a_arg(G, RG_DT_F32, 1, &C);
  /* the saved mean and 1/std: empty, or (now and then, then used) one per
   * channel; empty values stay out of the pool, which other ops draw on */
  bool saved = chance(&G->rng, 5);
  const char *op = "aten._native_batch_norm_legit_no_training";
  const RgType *st = gen_ttype(G, RG_DT_F32, 1, saved ? &C : (int64_t[]){0}), *rt[3] = {x->type, st, st};
  RgNode *n = rg_node_create(G->g, &(RgNodeDesc){rg_op_intern(G->g, op, strlen(op)), 5, ops, 3, rt, 0});
  if (!n)
    gen_abort(G, "out of memory building %s", op);
  a_float(G, n, "momentum", 0.1);
  a_float(G, n, "eps", chance(&G->rng, 50) ? 1e-5 : 1e-3);
  rg_block_append(G->g, G->body, n);
  gen_edge_freeze(G, n);
  gen_push(G, &n->results[0]);
  if (saved)
    gen_push(G, &n->results[1]);
}

/* ---- conversions ---- */

/* full_like of a float or integer value, the dtype absent (x's) or another
 * one, the fill an int or (float results) a float. No shape hook: typed
 * here. */
static void m_full_like(Gen *G) {
  RgValue *x = chance(&G->rng, 70) ? a_fpick(G) : gen_pick(G, is_int_tensor, RG_DT_I32);
  RgNode *n = a_mk(G, "aten.full_like", 1, &x);
  RgDType dt = x->type->dtype;
  if (chance(&G->rng, 40)) {
    static const RgDType dts[] = {RG_DT_F32, RG_DT_F16, RG_DT_I32, RG_DT_I8};
    dt = dts[rnd(&G->rng, 0, 3)];
    gen_prop(G, n, "dtype", rg_attr_type(G->g, rg_type_scalar(G->g, dt)));
  }
  if (is_float(dt) && chance(&G->rng, 60))
    a_float(G, n, "fill_value", chance(&G->rng, 20) ? 0.1 : a_half(G));
  else
    a_int(G, n, "fill_value", rnd(&G->rng, -5, 5));
  gen_edge_freeze(G, n);
  gen_push(G, a_typed(G, n, gen_like(G, x->type, dt)));
}

/* amax / amin over 1, 2 or 3 distinct dims (some negative), keepdim
 * absent, false or true; over all dims (no `dim`) now and then. */
static void m_minmax(Gen *G) {
  int64_t dims[MAX_RANK];
  int32_t rank = (int32_t)rnd(&G->rng, 2, MAX_RANK);
  for (int32_t i = 0; i < rank; i++)
    dims[i] = rnd(&G->rng, 1, 3);
  RgValue *x = chance(&G->rng, 85) ? a_arg(G, a_float_dtype(G), rank, dims) : a_arg(G, RG_DT_I32, rank, dims);
  RgNode *n = a_mk(G, chance(&G->rng, 50) ? "aten.amax" : "aten.amin", 1, &x);
  int64_t perm[MAX_RANK];
  gen_random_perm(G, rank, perm);
  int32_t k = (int32_t)rnd(&G->rng, 1, rank < 3 ? rank : 3);
  for (int32_t i = 0; i < k; i++)
    perm[i] = chance(&G->rng, 25) ? perm[i] - rank : perm[i];
  if (chance(&G->rng, 92))
    a_ints(G, n, "dim", k, perm);
  int kd = (int)rnd(&G->rng, 0, 2);
  if (kd)
    a_bool(G, n, "keepdim", kd == 2);
  a_done(G, n);
}

/* max.dim / min.dim (two results, values and indices) along a dim, keepdim
 * absent, false or true; the indices unused (becomes amax/amin) or used
 * (kept). */
static void m_minmax_dim(Gen *G) {
  RgValue *x = chance(&G->rng, 85) ? a_fpick(G) : gen_pick(G, is_int_tensor, RG_DT_I32);
  const char *op = chance(&G->rng, 50) ? "aten.max.dim" : "aten.min.dim";
  RgNode *n = rg_node_create(G->g, &(RgNodeDesc){rg_op_intern(G->g, op, strlen(op)), 1, &x, 2, NULL, 0});
  if (!n)
    gen_abort(G, "out of memory building %s", op);
  int32_t r = x->type->rank, k = 0;
  int64_t dim = rnd(&G->rng, -r, r - 1), w = dim < 0 ? dim + r : dim, dims[MAX_RANK];
  a_int(G, n, "dim", dim);
  int kd = (int)rnd(&G->rng, 0, 2);
  if (kd)
    a_bool(G, n, "keepdim", kd == 2);
  /* typed here: the op has no shape hook (rewrites only remove it) */
  for (int32_t i = 0; i < r; i++)
    if (i != w || kd == 2)
      dims[k++] = i == w ? 1 : x->type->dims[i];
  rg_value_set_type(&n->results[0], gen_ttype(G, x->type->dtype, k, dims));
  rg_value_set_type(&n->results[1], gen_ttype(G, RG_DT_I64, k, dims));
  rg_block_append(G->g, G->body, n);
  gen_edge_freeze(G, n);
  gen_push(G, &n->results[0]);
  if (chance(&G->rng, 20))
    gen_push(G, &n->results[1]);
}

/* split_with_sizes_copy (sizes summing to the dim, a 0 now and then) and
 * split_copy (parts of n, a smaller last one) along a dim, negative or
 * absent; some parts used, the others left dead. */
static void m_split(Gen *G) {
  RgValue *x = chance(&G->rng, 85) ? a_fpick(G) : gen_pick(G, is_int_tensor, RG_DT_I32);
  int32_t r = x->type->rank;
  int64_t dim = chance(&G->rng, 20) ? 0 : rnd(&G->rng, -r, r - 1), w = dim < 0 ? dim + r : dim;
  int64_t len = x->type->dims[w], sizes[8], n = 0;
  uint32_t k = 0;
  bool with_sizes = chance(&G->rng, 50);
  if (with_sizes) {
    for (int64_t left = len; k < 8 && (left > 0 || k == 0); k++) {
      sizes[k] = k == 7 || chance(&G->rng, 30) ? left : rnd(&G->rng, 0, left);
      left -= sizes[k];
    }
  } else {
    n = rnd(&G->rng, 1, len + 1);
    if ((len + n - 1) / n > 8)
      n = (len + 7) / 8;
    for (int64_t at = 0; at < len; at += n)
      sizes[k++] = at + n <= len ? n : len - at;
  }
  const char *op = with_sizes ? "aten.split_with_sizes_copy" : "aten.split_copy.Tensor";
  RgNode *s = rg_node_create(G->g, &(RgNodeDesc){rg_op_intern(G->g, op, strlen(op)), 1, &x, k, NULL, 0});
  if (!s)
    gen_abort(G, "out of memory building %s", op);
  if (with_sizes)
    a_ints(G, s, "split_sizes", (int32_t)k, sizes);
  else
    a_int(G, s, "split_size", n);
  if (dim || chance(&G->rng, 50))
    a_int(G, s, "dim", dim);
  /* typed here: the op has no shape hook (rewrites only remove it) */
  for (uint32_t i = 0; i < k; i++) {
    int64_t dims[MAX_RANK];
    memcpy(dims, x->type->dims, sizeof(int64_t) * (size_t)r);
    dims[w] = sizes[i];
    rg_value_set_type(&s->results[i], gen_ttype(G, x->type->dtype, r, dims));
  }
  rg_block_append(G->g, G->body, s);
  gen_edge_freeze(G, s);
  for (uint32_t i = 0; i < k; i++)
    if (sizes[i] > 0 && chance(&G->rng, 60))
      gen_push(G, &s->results[i]);
}

/* expand_copy: to the same shape (dropped), of unit dims, with new leading
 * dims, with -1 for kept dims. */
static void m_expand(Gen *G) {
  RgValue *x = chance(&G->rng, 85) ? a_fpick(G) : gen_pick(G, is_int_tensor, RG_DT_I32);
  int32_t r = x->type->rank, lead = r < MAX_RANK && chance(&G->rng, 40) ? 1 : 0;
  int64_t size[MAX_RANK], numel = 1;
  if (lead)
    numel = size[0] = rnd(&G->rng, 1, 3);
  bool same = chance(&G->rng, 20);
  for (int32_t i = 0; i < r; i++) {
    int64_t d = x->type->dims[i];
    size[lead + i] = d == 1 && !same && chance(&G->rng, 70) ? rnd(&G->rng, 2, 4) : d;
    numel *= size[lead + i];
    if (size[lead + i] == d && chance(&G->rng, 25))
      size[lead + i] = -1;
  }
  if (numel > 400)
    return;
  RgValue *v = gen_edge_ints_op(G, "aten.expand_copy", "size", x, r + (same ? 0 : lead), same ? size + lead : size);
  gen_push(G, v);
}

/* squeeze_copy.dims (unit and non-unit dims), squeeze_copy.dim,
 * unsqueeze_copy (any position, negative ones too). */
static void m_squeezes(Gen *G) {
  RgValue *x = chance(&G->rng, 85) ? a_fpick(G) : gen_pick(G, is_int_tensor, RG_DT_I32);
  int32_t r = x->type->rank;
  int64_t list[MAX_RANK];
  int32_t k = 0;
  RgNode *n;
  switch (rnd(&G->rng, 0, 2)) {
  case 0:
    n = a_mk(G, "aten.squeeze_copy.dims", 1, &x);
    for (int32_t i = 0; i < r; i++)
      if (x->type->dims[i] == 1 ? chance(&G->rng, 80) : chance(&G->rng, 15))
        list[k++] = chance(&G->rng, 25) ? i - r : i;
    a_ints(G, n, "dim", k, list);
    break;
  case 1:
    n = a_mk(G, "aten.squeeze_copy.dim", 1, &x);
    a_int(G, n, "dim", rnd(&G->rng, -r, r - 1));
    break;
  default:
    if (r == MAX_RANK)
      return;
    n = a_mk(G, "aten.unsqueeze_copy", 1, &x);
    a_int(G, n, "dim", rnd(&G->rng, -r - 1, r));
    break;
  }
  a_done(G, n);
}

/* permute_copy: moving only unit dims (a view), identities, chains with
 * non-unit moves (composed, some to an identity), negative dims (not
 * composed). */
static void m_permutes(Gen *G) {
  int64_t dims[MAX_RANK];
  int32_t rank = gen_random_shape(G, dims);
  RgValue *x = chance(&G->rng, 40) ? a_arg(G, a_float_dtype(G), rank, dims) : a_fpick(G);
  int32_t r = x->type->rank;
  int64_t p[MAX_RANK], q[MAX_RANK];
  gen_random_perm(G, r, p);
  if (chance(&G->rng, 30))
    for (int32_t i = 0; i < r; i++)
      p[i] = i;
  for (int32_t i = 0; i < r; i++)
    if (chance(&G->rng, 8))
      p[i] -= r;
  RgValue *t = gen_edge_ints_op(G, "aten.permute_copy", "dims", x, r, p);
  if (chance(&G->rng, 60)) { /* the inverse (composes to an identity) or any */
    if (chance(&G->rng, 40))
      for (int32_t i = 0; i < r; i++)
        q[p[i] < 0 ? p[i] + r : p[i]] = i;
    else
      gen_random_perm(G, r, q);
    t = gen_edge_ints_op(G, "aten.permute_copy", "dims", t, r, q);
  }
  gen_push(G, t);
}

/* view_copy chains and views to the same shape. */
static void m_views(Gen *G) {
  RgValue *x = chance(&G->rng, 85) ? a_fpick(G) : gen_pick(G, is_int_tensor, RG_DT_I32);
  int64_t dims[MAX_RANK];
  int32_t rank = x->type->rank;
  if (chance(&G->rng, 25))
    memcpy(dims, x->type->dims, sizeof(int64_t) * (size_t)rank);
  else
    rank = gen_refactor(G, x->type, dims);
  RgValue *v = gen_edge_ints_op(G, "aten.view_copy", "size", x, rank, dims);
  if (chance(&G->rng, 50)) {
    rank = gen_refactor(G, x->type, dims);
    v = gen_edge_ints_op(G, "aten.view_copy", "size", v, rank, dims);
  }
  gen_push(G, v);
}

/* ---- ops only the TOSA lowering (arm_lower) takes ---- */

/* Output size of a window of `span` over `in` padded by `pad` both sides. */
static int64_t a_windows(int64_t in, int64_t pad, int64_t span, int64_t stride) {
  return (in + 2 * pad - span) / stride + 1;
}

/* A convolution as the lowering sees it: strides 1-3, paddings 0-2,
 * kernels 1-3, dilations 1-2, groups 1 or depthwise (multiplier 1-2), so
 * that the padding the last window needs is sometimes less than given (the
 * bottom/right padding shrinks) and sometimes more (the input is sliced). */
static void m_conv_lower(Gen *G) {
  RgDType dt = chance(&G->rng, 90) ? RG_DT_F32 : RG_DT_F16;
  bool dw = chance(&G->rng, 35);
  int64_t N = rnd(&G->rng, 1, 2), C = rnd(&G->rng, 1, 3), H = rnd(&G->rng, 1, 7), W = rnd(&G->rng, 1, 7);
  int64_t k[2] = {rnd(&G->rng, 1, 3), rnd(&G->rng, 1, 3)}, st[2] = {rnd(&G->rng, 1, 3), rnd(&G->rng, 1, 3)};
  int64_t pd[2] = {rnd(&G->rng, 0, 2), rnd(&G->rng, 0, 2)}, dl[2] = {1, 1};
  if (chance(&G->rng, 20))
    dl[0] = dl[1] = 2;
  int64_t in[2] = {H, W}, out[2];
  for (int i = 0; i < 2; i++) {
    int64_t span = dl[i] * (k[i] - 1) + 1;
    if (in[i] + 2 * pd[i] < span)
      in[i] = span; /* at least one window */
    out[i] = a_windows(in[i], pd[i], span, st[i]);
  }
  int64_t O = dw ? C * rnd(&G->rng, 1, 2) : rnd(&G->rng, 1, 3), icg = dw ? 1 : C;
  RgValue *ops[3] = {a_arg(G, dt, 4, (int64_t[]){N, C, in[0], in[1]}), NULL, a_arg(G, dt, 1, &O)};
  const RgType *wt = gen_ttype(G, dt, 4, (int64_t[]){O, icg, k[0], k[1]});
  ops[1] = chance(&G->rng, 40) ? gen_edge_const(G, wt) : gen_new_arg(G, wt);
  RgNode *n = a_mk(G, "aten.convolution", chance(&G->rng, 80) ? 3 : 2, ops);
  a_ints(G, n, "stride", 2, st);
  a_ints(G, n, "padding", 2, pd);
  a_ints(G, n, "dilation", 2, dl);
  a_bool(G, n, "transposed", false);
  a_ints(G, n, "output_padding", 2, (int64_t[]){0, 0});
  a_int(G, n, "groups", dw ? C : 1);
  gen_edge_freeze(G, n);
  RgValue *v = a_typed(G, n, gen_ttype(G, dt, 4, (int64_t[]){N, O, out[0], out[1]}));
  gen_push(G, v);
  if (chance(&G->rng, 50))
    a_clamp_like(G, v, false);
}

/* max_pool2d_with_indices with kernels 1-3, strides 1-3 (or absent),
 * padding up to half the kernel, dilation 1 (sometimes 2, which stays),
 * ceil_mode false (sometimes true, which stays); the indices used now and
 * then (the pool stays for them). */
static void m_max_pool(Gen *G) {
  RgDType dt = chance(&G->rng, 85) ? RG_DT_F32 : RG_DT_F16;
  int64_t N = rnd(&G->rng, 1, 2), C = rnd(&G->rng, 1, 3);
  int64_t k[2] = {rnd(&G->rng, 1, 3), rnd(&G->rng, 1, 3)}, st[2] = {rnd(&G->rng, 1, 3), rnd(&G->rng, 1, 3)};
  int64_t pd[2] = {rnd(&G->rng, 0, k[0] / 2), rnd(&G->rng, 0, k[1] / 2)};
  int64_t dl = chance(&G->rng, 10) ? 2 : 1, in[2], out[2];
  bool has_stride = chance(&G->rng, 85);
  if (!has_stride)
    st[0] = k[0], st[1] = k[1];
  for (int i = 0; i < 2; i++) {
    int64_t span = dl * (k[i] - 1) + 1;
    in[i] = rnd(&G->rng, span, 7);
    out[i] = a_windows(in[i], pd[i], span, st[i]);
  }
  RgValue *x = a_arg(G, dt, 4, (int64_t[]){N, C, in[0], in[1]});
  const char *op = "aten.max_pool2d_with_indices";
  RgNode *n = rg_node_create(G->g, &(RgNodeDesc){rg_op_intern(G->g, op, strlen(op)), 1, &x, 2, NULL, 0});
  if (!n)
    gen_abort(G, "out of memory building %s", op);
  a_ints(G, n, "kernel_size", 2, k);
  if (has_stride)
    a_ints(G, n, "stride", 2, st);
  if (pd[0] || pd[1] || chance(&G->rng, 30))
    a_ints(G, n, "padding", 2, pd);
  if (dl != 1 || chance(&G->rng, 20))
    a_ints(G, n, "dilation", 2, (int64_t[]){dl, dl});
  if (chance(&G->rng, 10))
    a_bool(G, n, "ceil_mode", false);
  int64_t dims[4] = {N, C, out[0], out[1]};
  rg_value_set_type(&n->results[0], gen_ttype(G, dt, 4, dims));
  rg_value_set_type(&n->results[1], gen_ttype(G, RG_DT_I64, 4, dims));
  rg_block_append(G->g, G->body, n);
  gen_edge_freeze(G, n);
  gen_push(G, &n->results[0]);
  if (chance(&G->rng, 10))
    gen_push(G, &n->results[1]);
}

/* cat of two or three values along a dim (negative or absent), then a
 * select_copy of one index (negative too) of some dim of the result. */
static void m_cat_select(Gen *G) {
  RgValue *x = chance(&G->rng, 85) ? a_fpick(G) : gen_pick(G, is_int_tensor, RG_DT_I32);
  int32_t r = x->type->rank;
  int64_t d = rnd(&G->rng, -r, r - 1), w = d < 0 ? d + r : d, dims[MAX_RANK];
  memcpy(dims, x->type->dims, sizeof(int64_t) * (size_t)r);
  uint32_t k = (uint32_t)rnd(&G->rng, 2, 3);
  RgValue *ops[3] = {x, NULL, NULL};
  for (uint32_t i = 1; i < k; i++) {
    int64_t part[MAX_RANK];
    memcpy(part, dims, sizeof(int64_t) * (size_t)r);
    part[w] = rnd(&G->rng, 1, 3);
    ops[i] = a_arg(G, x->type->dtype, r, part);
  }
  RgNode *n = a_mk(G, "aten.cat", k, ops);
  if (d != 0 || chance(&G->rng, 50))
    a_int(G, n, "dim", d);
  int64_t total = 0;
  for (uint32_t i = 0; i < k; i++)
    total += ops[i]->type->dims[w];
  dims[w] = total;
  gen_edge_freeze(G, n);
  RgValue *c = a_typed(G, n, gen_ttype(G, x->type->dtype, r, dims));
  gen_push(G, c);
  if (!chance(&G->rng, 80))
    return;
  int64_t sd = rnd(&G->rng, -r, r - 1), sw = sd < 0 ? sd + r : sd;
  int64_t idx = rnd(&G->rng, -dims[sw], dims[sw] - 1), out[MAX_RANK];
  int32_t o = 0;
  for (int32_t i = 0; i < r; i++)
    if (i != sw)
      out[o++] = dims[i];
  RgNode *s = a_mk(G, "aten.select_copy.int", 1, &c);
  a_int(G, s, "dim", sd);
  a_int(G, s, "index", idx);
  gen_edge_freeze(G, s);
  gen_push(G, a_typed(G, s, gen_ttype(G, x->type->dtype, o, out)));
}

/* A binary op whose operands have different ranks (torch broadcasting adds
 * the leading dims): the lower-rank one on either side. */
static void m_broadcast(Gen *G) {
  RgValue *x = a_fpick(G);
  int32_t r = x->type->rank, lo = (int32_t)rnd(&G->rng, 0, r - 1);
  int64_t dims[MAX_RANK];
  for (int32_t i = 0; i < lo; i++) /* trailing dims of x, or 1 */
    dims[i] = chance(&G->rng, 70) ? x->type->dims[r - lo + i] : 1;
  RgValue *y = a_arg(G, x->type->dtype, lo, dims);
  static const char *const ops[] = {"aten.add.Tensor", "aten.sub.Tensor", "aten.mul.Tensor"};
  const char *op = ops[rnd(&G->rng, 0, 2)];
  bool swap = chance(&G->rng, 50);
  a_done(G, a_mk(G, op, 2, swap ? (RgValue *[]){y, x} : (RgValue *[]){x, y}));
}

/* ---- quantized groups (the quantized passes at the head of arm_lower) ---- */

/* quantize_per_tensor to i8 or dequantize_per_tensor back, with these
 * parameters. */
static RgValue *a_qdq(Gen *G, const char *op, RgValue *x, double s, int64_t z) {
  RgNode *n = a_mk(G, op, 1, &x);
  a_float(G, n, "scale", s);
  a_int(G, n, "zero_point", z);
  a_int(G, n, "quant_min", -128);
  a_int(G, n, "quant_max", 127);
  gen_prop(G, n, "dtype", rg_attr_type(G->g, rg_type_scalar(G->g, RG_DT_I8)));
  return gen_finish(G, n);
}

static RgValue *a_quant(Gen *G, RgValue *x, double s, int64_t z) {
  return a_qdq(G, "quantized_decomposed.quantize_per_tensor", x, s, z);
}

static RgValue *a_dequant(Gen *G, RgValue *q, double s, int64_t z) {
  return a_qdq(G, "quantized_decomposed.dequantize_per_tensor", q, s, z);
}

/* A new f32 input quantized and dequantized (scale 1/2 .. 1/32, zero
 * point 0 mostly). */
static RgValue *a_qinput(Gen *G, int32_t rank, const int64_t *dims, double *s, int64_t *z) {
  *s = 1.0 / (double)(2 << rnd(&G->rng, 0, 4));
  *z = chance(&G->rng, 75) ? 0 : rnd(&G->rng, -20, 20);
  return a_dequant(G, a_quant(G, a_arg(G, RG_DT_F32, rank, dims), *s, *z), *s, *z);
}

/* A dequantized constant weight (symmetric: zero point 0). */
static RgValue *a_qweight(Gen *G, int32_t rank, const int64_t *dims, double sw) {
  RgValue *w = gen_edge_const(G, gen_ttype(G, RG_DT_F32, rank, dims));
  return a_dequant(G, a_quant(G, w, sw, 0), sw, 0);
}

/* The dequantized result of a group, into the pool. */
static void a_qresult(Gen *G, RgValue *q, double s, int64_t z) { gen_push(G, a_dequant(G, q, s, z)); }

/* The group's quantize, with an output scale of 2^-9 .. 2^-11, so that
 * the one step the integer arithmetic may be off stays within rgdiff's
 * tolerance even where later float ops scale it up (values beyond the
 * range saturate, an edge case of its own). */
static void a_qout(Gen *G, RgValue *y) {
  double s = 1.0 / (double)(512 << rnd(&G->rng, 0, 2));
  int64_t z = chance(&G->rng, 80) ? 0 : rnd(&G->rng, -10, 10);
  a_qresult(G, a_quant(G, y, s, z), s, z);
}

/* A dequantized constant weight quantized per output channel (axis 0),
 * symmetric, a scale of 1/16 .. 1/64 each. */
static RgValue *a_qweight_channels(Gen *G, int32_t rank, const int64_t *dims) {
  RgValue *w = gen_edge_const(G, gen_ttype(G, RG_DT_F32, rank, dims));
  double sc[8];
  int64_t zp[8] = {0}, c = dims[0];
  if (c > 8)
    gen_abort(G, "too many channels%s", "");
  for (int64_t i = 0; i < c; i++)
    sc[i] = 1.0 / (double)(16 << rnd(&G->rng, 0, 2));
  const RgAttr *scales = rg_attr_dense_floats(G->g, gen_ttype(G, RG_DT_F64, 1, &c), (uint32_t)c, sc);
  const RgAttr *zps = rg_attr_dense_ints(G->g, gen_ttype(G, RG_DT_I64, 1, &c), (uint32_t)c, zp);
  RgValue *v = w;
  static const char *const ops[2] = {"quantized_decomposed.quantize_per_channel",
                                     "quantized_decomposed.dequantize_per_channel"};
  for (int k = 0; k < 2; k++) {
    RgNode *n = a_mk(G, ops[k], 1, &v);
    gen_prop(G, n, "scales", scales);
    gen_prop(G, n, "zero_points", zps);
    a_int(G, n, "axis", 0);
    a_int(G, n, "quant_min", chance(&G->rng, 80) ? -128 : -127);
    a_int(G, n, "quant_max", 127);
    gen_prop(G, n, "dtype", rg_attr_type(G->g, rg_type_scalar(G->g, RG_DT_I8)));
    v = gen_finish(G, n);
  }
  return v;
}

static RgValue *a_qconv(Gen *G, RgValue *x, int64_t C, bool dw) {
  int64_t k = rnd(&G->rng, 1, 3), st = rnd(&G->rng, 1, 2), pd = rnd(&G->rng, 0, k / 2);
  int64_t O = dw ? C : rnd(&G->rng, 1, 3), wdims[4] = {O, dw ? 1 : C, k, k};
  RgValue *ops[3] = {x, chance(&G->rng, 40) ? a_qweight_channels(G, 4, wdims) : a_qweight(G, 4, wdims, 1.0 / 32),
                     gen_edge_const(G, gen_ttype(G, RG_DT_F32, 1, &O))};
  RgNode *n = a_mk(G, "aten.convolution", 3, ops);
  a_ints(G, n, "stride", 2, (int64_t[]){st, st});
  a_ints(G, n, "padding", 2, (int64_t[]){pd, pd});
  a_ints(G, n, "dilation", 2, (int64_t[]){1, 1});
  a_bool(G, n, "transposed", false);
  a_ints(G, n, "output_padding", 2, (int64_t[]){0, 0});
  a_int(G, n, "groups", dw ? C : 1);
  return gen_finish(G, n);
}

/* One quantized group: convolution (depthwise, with a fused relu),
 * addition (with a fused relu) or multiplication, mean over H and W, max pooling, an
 * activation (a TABLE), a view or permute, a linear layer. */
static void m_quant_lower(Gen *G) {
  int64_t N = 1, C = rnd(&G->rng, 1, 3), H = rnd(&G->rng, 2, 5), W = rnd(&G->rng, 2, 5);
  int64_t dims[4] = {N, C, H, W};
  double s, s2;
  int64_t z, z2;
  RgValue *x = a_qinput(G, 4, dims, &s, &z), *y;
  switch (rnd(&G->rng, 0, 8)) {
  case 0:
  case 1:
    y = a_qconv(G, x, C, chance(&G->rng, 40) && C > 1);
    if (chance(&G->rng, 30))
      y = gen_finish(G, a_mk(G, "aten.relu", 1, &y));
    break;
  case 2: {
    RgValue *b = a_qinput(G, 4, dims, &s2, &z2);
    bool mul = chance(&G->rng, 30);
    y = gen_finish(G, a_mk(G, mul ? "aten.mul.Tensor" : "aten.add.Tensor", 2, (RgValue *[]){x, b}));
    if (!mul && chance(&G->rng, 40))
      y = gen_finish(G, a_mk(G, "aten.relu", 1, &y));
    break;
  }
  case 3: {
    RgNode *n = a_mk(G, "aten.mean.dim", 1, &x);
    a_ints(G, n, "dim", 2, chance(&G->rng, 50) ? (int64_t[]){-1, -2} : (int64_t[]){2, 3});
    a_bool(G, n, "keepdim", true);
    y = gen_finish(G, n);
    break;
  }
  case 4: {
    const char *op = "aten.max_pool2d_with_indices";
    RgNode *n = rg_node_create(G->g, &(RgNodeDesc){rg_op_intern(G->g, op, strlen(op)), 1, &x, 2, NULL, 0});
    if (!n)
      gen_abort(G, "out of memory building %s", op);
    int64_t k = 2, out[4] = {N, C, H / 2, W / 2};
    a_ints(G, n, "kernel_size", 2, (int64_t[]){k, k});
    a_ints(G, n, "stride", 2, (int64_t[]){k, k});
    rg_value_set_type(&n->results[0], gen_ttype(G, RG_DT_F32, 4, out));
    rg_value_set_type(&n->results[1], gen_ttype(G, RG_DT_I64, 4, out));
    rg_block_append(G->g, G->body, n);
    a_qresult(G, a_quant(G, &n->results[0], s, z), s, z);
    return;
  }
  case 5: {
    RgNode *n;
    if (chance(&G->rng, 50)) {
      n = a_mk(G, "aten.relu", 1, &x);
    } else {
      n = a_mk(G, "aten.hardtanh", 1, &x);
      a_num(G, n, "min_val", 0);
      a_num(G, n, "max_val", a_half(G) + 3);
    }
    y = gen_finish(G, n);
    break;
  }
  case 6: {
    RgNode *n = a_mk(G, chance(&G->rng, 50) ? "aten.sigmoid" : "aten.tanh", 1, &x);
    y = gen_finish(G, n);
    break;
  }
  case 7: {
    RgNode *n;
    if (chance(&G->rng, 50)) {
      n = a_mk(G, "aten.view_copy", 1, &x);
      a_ints(G, n, "size", 2, (int64_t[]){N * C, H * W});
    } else {
      n = a_mk(G, "aten.permute_copy", 1, &x);
      a_ints(G, n, "dims", 4, (int64_t[]){0, 2, 3, 1});
    }
    y = gen_finish(G, n);
    if (chance(&G->rng, 50)) /* other parameters: a RESCALE after the move */
      break;
    a_qresult(G, a_quant(G, y, s, z), s, z);
    return;
  }
  default: {
    int64_t M = rnd(&G->rng, 1, 3), K = rnd(&G->rng, 1, 5), O = rnd(&G->rng, 1, 4);
    RgValue *xl = a_qinput(G, 2, (int64_t[]){M, K}, &s, &z);
    RgValue *w = chance(&G->rng, 40) ? a_qweight_channels(G, 2, (int64_t[]){O, K})
                                     : a_qweight(G, 2, (int64_t[]){O, K}, 1.0 / 32);
    RgNode *t = a_mk(G, "aten.permute_copy", 1, &w);
    a_ints(G, t, "dims", 2, (int64_t[]){1, 0});
    RgValue *ops[3] = {gen_edge_const(G, gen_ttype(G, RG_DT_F32, 1, &O)), xl, gen_finish(G, t)};
    y = gen_finish(G, a_mk(G, "aten.addmm", 3, ops));
    break;
  }
  }
  a_qout(G, y);
}

/* Frequencies: the rules with the narrowest guards get more draws. */
const Motif gen_arm_motifs[] = {m_copies,   m_clamps,     m_clamps,  m_quant_act, m_quant_act, m_linear,
                                m_sqrt,     m_addmm,      m_elu,     m_gelu,      m_add_alpha, m_mm,
                                m_glu,      m_leaky_relu, m_div,     m_softmax,   m_mean,      m_minmax,
                                m_minmax,   m_minmax_dim, m_split,      m_split,    m_expand,   m_squeezes,
                                m_permutes, m_views,      m_hyperbolic, m_silu,     m_var,      m_layer_norm,
                                m_full_like, m_batch_norm, m_batch_norm, m_conv_lower, m_conv_lower,
                                m_max_pool, m_max_pool, m_cat_select, m_cat_select, m_broadcast,
                                m_quant_lower, m_quant_lower, m_quant_lower, m_quant_lower};
const int gen_num_arm_motifs = (int)(sizeof gen_arm_motifs / sizeof gen_arm_motifs[0]);
