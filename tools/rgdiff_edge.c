/* tools/rgdiff_edge.c - the edge-dialect family of rgdiff (--family edge):
 * aten ops built so the xnnpack pipeline's rules fire, some nodes frozen,
 * and the near misses those rules must leave alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rgdiff.h"

/* ---- the edge-dialect family (aten ops, the xnnpack pipeline) ---- */

/* A Scalar property value: an int (`N : i64`) or a float (`F : f64`). */
typedef struct Num {
  bool is_float;
  double f;
  int64_t i;
} Num;

static Num num_int(int64_t v) { return (Num){false, (double)v, v}; }
static Num num_float(double v) { return (Num){true, v, 0}; }

static const RgAttr *num_attr(Gen *G, Num v) {
  return v.is_float ? rg_attr_float(G->g, v.f, rg_type_scalar(G->g, RG_DT_F64))
                    : rg_attr_int(G->g, v.i, rg_type_scalar(G->g, RG_DT_I64));
}

/* Argument dtypes of edge graphs: mostly f32, every type the ops allow. */
static RgDType e_random_dtype(Gen *G) {
  switch (rnd(&G->rng, 0, 11)) {
  case 0: case 1: case 2: case 3: return RG_DT_F32;
  case 4: case 5: return RG_DT_F16;
  case 6: return RG_DT_BF16;
  case 7: return RG_DT_I8;
  case 8: return RG_DT_I16;
  case 9: return RG_DT_I32;
  case 10: return RG_DT_I64;
  default: return chance(&G->rng, 50) ? RG_DT_UI8 : RG_DT_F32;
  }
}

static RgDType e_float_dtype(Gen *G) {
  int k = (int)rnd(&G->rng, 0, 5);
  return k < 3 ? RG_DT_F32 : k < 5 ? RG_DT_F16 : RG_DT_BF16;
}

/* Marks about 1 in 25 rewritable nodes rg.frozen: no rule may touch them
 * (run_one checks that every frozen node survives). */
void gen_edge_freeze(Gen *G, RgNode *n) {
  if (chance(&G->rng, 4))
    rg_node_set_frozen(G->g, n, true);
}

/* aten._constant of type t: multiples of 1/8 (floats) or small integers,
 * sometimes a splat; rank 0 allowed. */
RgValue *gen_edge_const(Gen *G, const RgType *t) {
  int64_t numel = rg_type_numel(t);
  if (numel < 1 || numel > 4096)
    gen_abort(G, "constant of %s too large", t->text);
  uint32_t n = numel == 1 || chance(&G->rng, 30) ? 1 : (uint32_t)numel;
  RgNode *c = gen_mk(G, "aten._constant", 0, NULL, NULL);
  if (is_float(t->dtype)) {
    double v[4096];
    for (uint32_t i = 0; i < n; i++)
      v[i] = (double)rnd(&G->rng, -32, 32) / 8.0;
    gen_prop(G, c, "value", rg_attr_dense_floats(G->g, t, n, v));
  } else {
    int64_t v[4096];
    int64_t lo = t->dtype == RG_DT_UI8 ? 0 : -8;
    for (uint32_t i = 0; i < n; i++)
      v[i] = rnd(&G->rng, lo, 8);
    gen_prop(G, c, "value", rg_attr_dense_ints(G->g, t, n, v));
  }
  return gen_finish(G, c);
}

RgValue *gen_edge_ints_op(Gen *G, const char *op, const char *name, RgValue *x, int32_t n, const int64_t *v) {
  RgNode *nd = gen_mk(G, op, 1, &x, NULL);
  gen_prop(G, nd, name, rg_attr_dense_array_ints(G->g, RG_DT_I64, (uint32_t)n, v));
  return gen_finish(G, nd);
}

static RgValue *e_view(Gen *G, RgValue *x, int32_t rank, const int64_t *dims) {
  int64_t d[MAX_RANK];
  memcpy(d, dims, sizeof *d * (size_t)rank);
  if (rank > 0 && chance(&G->rng, 20))
    d[rnd(&G->rng, 0, rank - 1)] = -1; /* inferred from the element count */
  return gen_edge_ints_op(G, "aten.view_copy", "size", x, rank, d);
}

static RgValue *e_expand(Gen *G, RgValue *x, int32_t rank, const int64_t *dims) {
  int64_t d[MAX_RANK];
  int32_t lead = rank - x->type->rank;
  for (int32_t i = 0; i < rank; i++)
    d[i] = i >= lead && dims[i] == x->type->dims[i - lead] && chance(&G->rng, 25) ? -1 : dims[i];
  return gen_edge_ints_op(G, "aten.expand_copy", "size", x, rank, d);
}

static RgValue *e_permute(Gen *G, RgValue *x, const int64_t *perm) {
  int64_t p[MAX_RANK];
  int32_t r = x->type->rank;
  for (int32_t i = 0; i < r; i++)
    p[i] = chance(&G->rng, 10) ? perm[i] - r : perm[i]; /* negative dims wrap */
  return gen_edge_ints_op(G, "aten.permute_copy", "dims", x, r, p);
}

static RgValue *e_permute_random(Gen *G, RgValue *x, int64_t *perm) {
  gen_random_perm(G, x->type->rank, perm);
  return e_permute(G, x, perm);
}

static RgValue *e_mul_scalar(Gen *G, RgValue *x, Num c) {
  RgNode *n = gen_mk(G, "aten.mul.Scalar", 1, &x, NULL);
  gen_prop(G, n, "other", num_attr(G, c));
  RgValue *v = gen_finish(G, n);
  gen_edge_freeze(G, n);
  return v;
}

/* add.Tensor (alpha NULL: absent) or mul.Tensor. */
static RgValue *e_binary(Gen *G, const char *op, RgValue *a, RgValue *b, const Num *alpha) {
  RgValue *ops[2] = {a, b};
  RgNode *n = gen_mk(G, op, 2, ops, NULL);
  if (alpha)
    gen_prop(G, n, "alpha", num_attr(G, *alpha));
  RgValue *v = gen_finish(G, n);
  gen_edge_freeze(G, n);
  return v;
}

/* A scalar for mul.Scalar: exact in most dtypes, inexact in some (0.1,
 * 1/3: torch multiplies f16 by the f32 scalar), out of range (65536.0 in
 * f16, 300 in i8), and ints that keep integer dtypes. */
static Num e_scalar(Gen *G, RgDType dt) {
  static const double inexact[] = {0.1, 1.0 / 3.0, 0.7, 1e-8, 65536.0, 3.0e38, 0.57735026918962573};
  static const int64_t big[] = {200, 300, 40000, 100000, -129, 1 << 20};
  bool fl = is_float(dt) ? chance(&G->rng, 80) : chance(&G->rng, 15); /* int * float promotes */
  if (fl) {
    if (chance(&G->rng, 60)) {
      int64_t k = rnd(&G->rng, -32, 32);
      return num_float((double)(k ? k : 3) / 8.0);
    }
    return num_float(inexact[rnd(&G->rng, 0, 6)]);
  }
  if (chance(&G->rng, 75))
    return num_int(rnd(&G->rng, -3, 5));
  return num_int(big[rnd(&G->rng, 0, 5)]);
}

/* A shape that broadcasts against t (torch: aligned on the right, maybe
 * fewer dims, some 1). */
static const RgType *e_bcast_type(Gen *G, const RgType *t, RgDType dt) {
  int64_t dims[MAX_RANK];
  int32_t r = t->rank;
  int32_t drop = chance(&G->rng, 35) ? (int32_t)rnd(&G->rng, 0, r) : 0;
  for (int32_t i = drop; i < r; i++)
    dims[i - drop] = chance(&G->rng, 25) ? 1 : t->dims[i];
  return gen_ttype(G, dt, r - drop, dims);
}

/* The other operand of a binary op with x: same dtype or a promoting one,
 * broadcast shape; an argument, a value of the pool or an aten._constant. */
static RgValue *e_partner(Gen *G, RgValue *x) {
  RgDType dt = chance(&G->rng, 65) ? x->type->dtype : e_random_dtype(G);
  if (chance(&G->rng, 30)) {
    for (uint32_t i = G->npool; i-- > 0;)
      if (G->pool[i] != x && G->pool[i]->type->dtype == dt && G->pool[i]->type->rank <= x->type->rank &&
          rg_type_numel(G->pool[i]->type) == 1)
        return G->pool[i];
  }
  const RgType *t = e_bcast_type(G, x->type, dt);
  if (chance(&G->rng, 30))
    return gen_edge_const(G, t);
  if (chance(&G->rng, 15))
    return gen_edge_const(G, gen_ttype(G, dt, 0, NULL));
  return gen_new_arg(G, t);
}

static RgValue *e_pick(Gen *G) { return gen_pick(G, gen_any_value, e_random_dtype(G)); }

/* mul.Scalar with every kind of scalar, sometimes chained. */
static void e_mul_scalar_motif(Gen *G) {
  RgValue *x = e_pick(G);
  RgValue *m = e_mul_scalar(G, x, e_scalar(G, x->type->dtype));
  if (chance(&G->rng, 30))
    m = e_mul_scalar(G, m, e_scalar(G, m->type->dtype));
  gen_push(G, m);
}

static void e_mul_tensor_motif(Gen *G) {
  RgValue *x = e_pick(G), *y = e_partner(G, x);
  gen_push(G, chance(&G->rng, 40) ? e_binary(G, "aten.mul.Tensor", y, x, NULL)
                              : e_binary(G, "aten.mul.Tensor", x, y, NULL));
}

/* add.Tensor: alpha absent, 1, 1.0, other ints, floats (float results
 * only: torch rejects a float alpha with an integral result). */
static void e_add_motif(Gen *G) {
  RgValue *x = e_pick(G), *y = e_partner(G, x);
  if (chance(&G->rng, 35)) {
    RgValue *t = x;
    x = y;
    y = t;
  }
  bool float_res = is_float(x->type->dtype) || is_float(y->type->dtype);
  Num a;
  bool has = true;
  switch (rnd(&G->rng, 0, 7)) {
  case 0: has = false; a = num_int(1); break;
  case 1: a = num_int(1); break;
  case 2: a = float_res ? num_float(1.0) : num_int(1); break;
  case 3: case 4: a = num_int(chance(&G->rng, 50) ? rnd(&G->rng, -3, 3) : rnd(&G->rng, -300, 300)); break;
  default: {
    static const double fa[] = {0.5, 2.5, -1.5, 0.1, 1.0 / 3.0, 3.0, 0.125};
    a = float_res ? num_float(fa[rnd(&G->rng, 0, 6)]) : num_int(rnd(&G->rng, 2, 5));
    break;
  }
  }
  gen_push(G, e_binary(G, "aten.add.Tensor", x, y, has ? &a : NULL));
}

/* The SDPA shape: q * scale reaches bmm through expand_copy/view_copy
 * chains (the guard keeps the multiply); variants put a permute_copy on the
 * path (lifted), scale k after its permute, fan the product out, expand a
 * batch of 1, or scale the bmm output. */
static void e_sdpa_motif(Gen *G) {
  RgDType dt = chance(&G->rng, 85) ? e_float_dtype(G) : RG_DT_I32;
  int64_t B = rnd(&G->rng, 1, 2), H = rnd(&G->rng, 1, 3), S = rnd(&G->rng, 1, 4), D = rnd(&G->rng, 1, 4),
          S2 = rnd(&G->rng, 1, 4);
  bool expand_batch = chance(&G->rng, 25);
  int64_t qb = expand_batch ? 1 : B;
  RgValue *q = gen_new_arg(G, gen_ttype(G, dt, 4, (int64_t[]){qb, H, S, D}));
  RgValue *k = gen_new_arg(G, gen_ttype(G, dt, 4, (int64_t[]){B, H, S2, D}));
  Num scale = is_float(dt) && chance(&G->rng, 50) ? num_float(chance(&G->rng, 50) ? 0.125 : 0.5)
                                                  : e_scalar(G, dt);
  int variant = (int)rnd(&G->rng, 0, 5);
  RgValue *qs = q;
  if (variant != 4)
    qs = e_mul_scalar(G, q, scale);
  if (qs->type->dtype != dt) { /* an int q times a float: promoted, no bmm */
    gen_push(G, qs);
    return;
  }
  RgValue *qp = qs;
  if (variant == 1) { /* a permute_copy on the path: not guarded */
    qp = e_permute(G, qp, (int64_t[]){0, 1, 2, 3});
  }
  qp = e_expand(G, qp, 4, (int64_t[]){B, H, S, D});
  if (chance(&G->rng, 30))
    qp = e_view(G, qp, 3, (int64_t[]){B, H * S, D}); /* a longer view chain */
  RgValue *qv = e_view(G, qp, 3, (int64_t[]){B * H, S, D});
  RgValue *kt = e_permute(G, k, (int64_t[]){0, 1, 3, 2});
  if (variant == 2) /* scale k after its permute */
    kt = e_mul_scalar(G, kt, scale);
  if (chance(&G->rng, 40))
    kt = e_expand(G, kt, 4, (int64_t[]){B, H, D, S2});
  RgValue *kv = e_view(G, kt, 3, (int64_t[]){B * H, D, S2});
  RgValue *ops[2] = {qv, kv};
  RgValue *r = gen_finish(G, gen_mk(G, "aten.bmm", 2, ops, NULL));
  if (variant == 3) /* fan-out: the scaled q has another user */
    gen_push(G, e_binary(G, "aten.add.Tensor", qs, e_partner(G, qs), NULL));
  if (variant == 4)
    r = e_mul_scalar(G, r, scale);
  if (chance(&G->rng, 30))
    gen_push(G, qs);
  gen_push(G, r);
}

/* permute_copy chains: inverse pairs, compositions, identities. */
static void e_permute_motif(Gen *G) {
  RgValue *x = e_pick(G);
  int32_t r = x->type->rank;
  int64_t p[MAX_RANK], q[MAX_RANK];
  RgValue *t = e_permute_random(G, x, p);
  switch (rnd(&G->rng, 0, 3)) {
  case 0: gen_inverse_perm(r, p, q); t = e_permute(G, t, q); break;
  case 1: t = e_permute_random(G, t, q); break;
  case 2: t = e_mul_scalar(G, t, e_scalar(G, t->type->dtype)); t = e_permute_random(G, t, q); break;
  default: break;
  }
  gen_push(G, t);
}

/* view_copy chains and expand_copy (size-1 dims, new leading dims). */
static void e_view_motif(Gen *G) {
  RgValue *x = e_pick(G);
  int64_t dims[MAX_RANK];
  int32_t rank = gen_refactor(G, x->type, dims);
  RgValue *v = e_view(G, x, rank, dims);
  if (chance(&G->rng, 40)) {
    rank = gen_refactor(G, x->type, dims);
    v = e_view(G, v, rank, dims);
  }
  if (chance(&G->rng, 60)) {
    int32_t r = v->type->rank, lead = r < MAX_RANK && chance(&G->rng, 40) ? 1 : 0;
    int64_t numel = 1;
    if (lead) {
      dims[0] = rnd(&G->rng, 1, 3);
      numel = dims[0];
    }
    for (int32_t i = 0; i < r; i++) {
      int64_t d = v->type->dims[i];
      dims[lead + i] = d == 1 && chance(&G->rng, 60) ? rnd(&G->rng, 1, 4) : d;
      numel *= dims[lead + i];
    }
    if (numel <= 400)
      v = e_expand(G, v, r + lead, dims);
  }
  gen_push(G, v);
}

/* aten.linear: 2-D (decomposed) and 3-D (kept) inputs, bias of several
 * broadcast shapes or none, weight an argument or a constant. */
static void e_linear_motif(Gen *G) {
  RgDType dt = chance(&G->rng, 85) ? e_float_dtype(G) : RG_DT_I32;
  int64_t M = rnd(&G->rng, 1, 5), K = rnd(&G->rng, 1, 5), N = rnd(&G->rng, 1, 5), Bt = rnd(&G->rng, 1, 3);
  bool three = chance(&G->rng, 25);
  RgValue *x = three ? gen_new_arg(G, gen_ttype(G, dt, 3, (int64_t[]){Bt, M, K})) : NULL;
  if (!x) {
    for (uint32_t i = G->npool; i-- > 0 && !x;)
      if (G->pool[i]->type->rank == 2 && G->pool[i]->type->dtype == dt && chance(&G->rng, 50))
        x = G->pool[i];
    if (!x)
      x = gen_new_arg(G, gen_ttype(G, dt, 2, (int64_t[]){M, K}));
    M = x->type->dims[0];
    K = x->type->dims[1];
  }
  const RgType *wt = gen_ttype(G, dt, 2, (int64_t[]){N, K});
  RgValue *w = chance(&G->rng, 30) ? gen_edge_const(G, wt) : gen_new_arg(G, wt);
  RgValue *ops[3] = {x, w, NULL};
  uint32_t nops = 3;
  switch (rnd(&G->rng, 0, 5)) {
  case 0: nops = 2; break;
  case 1: ops[2] = gen_new_arg(G, gen_ttype(G, dt, 1, (int64_t[]){1})); break;
  case 2: ops[2] = gen_new_arg(G, gen_ttype(G, dt, 0, NULL)); break; /* a zero-dim bias */
  case 3: ops[2] = gen_edge_const(G, gen_ttype(G, dt, 1, &N)); break;
  default: ops[2] = gen_new_arg(G, gen_ttype(G, dt, 1, &N)); break;
  }
  RgNode *n = gen_mk(G, "aten.linear", nops, ops, NULL);
  gen_push(G, gen_finish(G, n));
  gen_edge_freeze(G, n);
}

/* addmm's operands: a bias of shape [N], [1, N], [M, 1], [M, N] or rank
 * 0 (an argument or a constant), then m1 [M, K] and m2 [K, N]. */
void gen_edge_addmm_operands(Gen *G, RgDType dt, RgValue **ops) {
  int64_t M = rnd(&G->rng, 1, 5), K = rnd(&G->rng, 1, 5), N = rnd(&G->rng, 1, 5);
  const RgType *bt;
  switch (rnd(&G->rng, 0, 4)) {
  case 0: bt = gen_ttype(G, dt, 1, &N); break;
  case 1: bt = gen_ttype(G, dt, 2, (int64_t[]){1, N}); break;
  case 2: bt = gen_ttype(G, dt, 2, (int64_t[]){M, 1}); break;
  case 3: bt = gen_ttype(G, dt, 0, NULL); break;
  default: bt = gen_ttype(G, dt, 2, (int64_t[]){M, N}); break;
  }
  ops[0] = chance(&G->rng, 25) ? gen_edge_const(G, bt) : gen_new_arg(G, bt);
  ops[1] = gen_new_arg(G, gen_ttype(G, dt, 2, (int64_t[]){M, K}));
  ops[2] = gen_new_arg(G, gen_ttype(G, dt, 2, (int64_t[]){K, N}));
}

/* aten.addmm with default (absent or 1) and other alpha/beta. */
static void e_addmm_motif(Gen *G) {
  RgDType dt = chance(&G->rng, 85) ? e_float_dtype(G) : RG_DT_I32;
  RgValue *ops[3];
  gen_edge_addmm_operands(G, dt, ops);
  RgNode *n = gen_mk(G, "aten.addmm", 3, ops, NULL);
  static const char *const names[2] = {"alpha", "beta"};
  /* Both spelled out as 1 (what addmm_plain matches; absent scales and
   * 1.0 do not match it), or each absent, 1, 1.0 or another value. */
  bool plain = chance(&G->rng, 40);
  for (int i = 0; i < 2 && plain; i++)
    gen_prop(G, n, names[i], num_attr(G, num_int(1)));
  for (int i = 0; i < 2 && !plain; i++) {
    switch (rnd(&G->rng, 0, 5)) {
    case 0: case 1: break; /* absent: the default 1 */
    case 2: gen_prop(G, n, names[i], num_attr(G, num_int(1))); break;
    case 3: gen_prop(G, n, names[i], num_attr(G, is_float(dt) ? num_float(1.0) : num_int(1))); break;
    case 4: gen_prop(G, n, names[i], num_attr(G, num_int(rnd(&G->rng, -2, 3)))); break;
    default: gen_prop(G, n, names[i], num_attr(G, is_float(dt) ? num_float(chance(&G->rng, 50) ? 0.5 : 0.1) : num_int(2))); break;
    }
  }
  RgValue *r = gen_finish(G, n);
  gen_edge_freeze(G, n);
  if (chance(&G->rng, 25))
    r = e_mul_scalar(G, r, e_scalar(G, dt));
  gen_push(G, r);
}

const Motif gen_edge_motifs[] = {e_mul_scalar_motif, e_mul_scalar_motif, e_mul_tensor_motif, e_add_motif,
                                 e_add_motif, e_sdpa_motif, e_sdpa_motif, e_permute_motif, e_view_motif,
                                 e_linear_motif, e_addmm_motif};
const int gen_num_edge_motifs = (int)(sizeof gen_edge_motifs / sizeof gen_edge_motifs[0]);
