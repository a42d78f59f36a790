/* tools/rgdiff_tosa_canon.c - TOSA motifs for rules/canonicalize.rules (an
 * op that returns its input, a pad folded into a convolution or pool, a
 * slice of a concat, each next to its near miss) and for transposes moving
 * across axis ops (reductions, argmax, concat, slice, pad, tile, reverse). */
#include <math.h>
#include <string.h>
#include "rgdiff_tosa.h"

static RgValue *shape_const(Gen *G, int32_t n, const int64_t *v) {
  const RgType *st = gen_ttype(G, RG_DT_INDEX, 1, (int64_t[]){n});
  RgNode *cs = gen_mk(G, "tosa.const_shape", 0, NULL, NULL);
  gen_prop(G, cs, "values", rg_attr_dense_ints(G->g, st, (uint32_t)n, v));
  return gen_finish(G, cs);
}

static RgValue *splat_of(Gen *G, RgValue *x, bool unit_dims, double v) {
  int64_t dims[MAX_RANK];
  for (int32_t i = 0; i < x->type->rank; i++)
    dims[i] = unit_dims && chance(&G->rng, 60) ? 1 : x->type->dims[i];
  if (is_float(x->type->dtype))
    return tgen_const_floats(G, x->type->dtype, x->type->rank, dims, 1, &v);
  int64_t iv = (int64_t)v;
  return tgen_const_ints(G, x->type->dtype, x->type->rank, dims, 1, &iv);
}

static bool has_dims(const RgValue *v) {
  if (v->type->rank < 1)
    return false;
  for (int32_t i = 0; i < v->type->rank; i++)
    if (v->type->dims[i] < 1)
      return false;
  return true;
}

static void canon_identity(Gen *G, bool miss) {
  (void)miss;
  RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
  gen_push(G, gen_finish(G, gen_mk(G, "tosa.identity", 1, &x, NULL)));
}

/* select(!p, a, b), p an argument so the negation stays */
static void canon_select_not(Gen *G, bool miss) {
  (void)miss;
  RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
  RgValue *p = gen_new_arg(G, gen_like(G, x->type, RG_DT_I1));
  RgValue *ops[3] = {tgen_unary_simple(G, "tosa.logical_not", p), x, tgen_random_const(G, x->type)};
  gen_push(G, gen_finish(G, gen_mk(G, "tosa.select", 3, ops, NULL)));
}

/* x / 1, or x / -1 */
static void canon_div_by_one(Gen *G, bool miss) {
  RgValue *x = gen_pick(G, tgen_i32_value, RG_DT_I32);
  gen_push(G, tgen_binary(G, "tosa.intdiv", x, splat_of(G, x, true, miss ? -1.0 : 1.0)));
}

/* x * 2^s with shift s, or with shift s - 1 */
static void canon_mul_by_shift(Gen *G, bool miss) {
  RgValue *x = gen_pick(G, tgen_i32_value, RG_DT_I32);
  int64_t sh = rnd(&G->rng, 1, 6);
  RgValue *ops[3] = {x, splat_of(G, x, true, (double)((int64_t)1 << sh)),
                     tgen_scalar_const(G, RG_DT_I8, sh - miss)};
  if (chance(&G->rng, 50)) { /* MUL is commutative */
    RgValue *t = ops[0];
    ops[0] = ops[1];
    ops[1] = t;
  }
  gen_push(G, gen_finish(G, gen_mk(G, "tosa.mul", 3, ops, NULL)));
}

/* a slice inside the input of a PAD, or one reaching into its padding */
static void canon_slice_of_pad(Gen *G, bool miss) {
  RgValue *x = gen_pick(G, has_dims, tgen_random_arg_dtype(G));
  if (!has_dims(x)) /* a new argument may be rank 0 */
    x = gen_new_arg(G, gen_ttype(G, x->type->dtype, 2, (int64_t[]){3, 4}));
  int32_t r = x->type->rank;
  int64_t pads[2 * MAX_RANK], start[MAX_RANK], size[MAX_RANK];
  for (int32_t i = 0; i < r; i++) {
    pads[2 * i] = rnd(&G->rng, 0, 2);
    pads[2 * i + 1] = rnd(&G->rng, 0, 2);
    size[i] = rnd(&G->rng, 1, x->type->dims[i]);
    start[i] = pads[2 * i] + rnd(&G->rng, 0, x->type->dims[i] - size[i]);
  }
  if (miss)
    start[0] = 0, size[0] = x->type->dims[0] + pads[0] + pads[1];
  RgValue *pops[3] = {x, shape_const(G, 2 * r, pads), tgen_scalar_const(G, x->type->dtype, 0)};
  RgValue *p = gen_finish(G, gen_mk(G, "tosa.pad", 3, pops, NULL));
  RgValue *sops[3] = {p, shape_const(G, r, start), shape_const(G, r, size)};
  gen_push(G, gen_finish(G, gen_mk(G, "tosa.slice", 3, sops, NULL)));
}

/* a pure op nothing reads, or one the results read */
static void canon_unused_pure(Gen *G, bool miss) {
  RgValue *x = gen_pick(G, tgen_i32_value, RG_DT_I32);
  RgValue *y = tgen_unary_simple(G, "tosa.abs", x);
  if (miss)
    gen_push(G, y);
}

/* clamp over the whole range */
static void canon_clamp_whole_range(Gen *G, bool miss) {
  RgValue *x = gen_pick(G, miss ? tgen_float_value : tgen_qint_value, miss ? RG_DT_F32 : RG_DT_I8);
  if (!is_float(x->type->dtype)) {
    gen_push(G, tgen_clamp(G, x, tgen_dtype_min(x->type->dtype), tgen_dtype_max(x->type->dtype)));
    return;
  }
  RgNode *n = gen_mk(G, "tosa.clamp", 1, &x, NULL);
  const RgType *et = rg_type_scalar(G->g, x->type->dtype);
  gen_prop(G, n, "min_val", rg_attr_float(G->g, -INFINITY, et));
  gen_prop(G, n, "max_val", rg_attr_float(G->g, chance(&G->rng, 80) ? INFINITY : 2.0, et));
  gen_prop_opaque(G, n, "nan_mode", tgen_nan_mode(G));
  gen_push(G, gen_finish(G, n));
}

/* x + 0, x - 0, 0 + x */
static void canon_add_zero(Gen *G, bool miss) {
  RgDType dt = miss ? RG_DT_F32 : RG_DT_I32;
  RgValue *x = gen_pick(G, miss ? tgen_float_value : tgen_i32_value, dt);
  RgValue *z = splat_of(G, x, true, chance(&G->rng, 50) ? -0.0 : 0.0);
  const char *op = chance(&G->rng, 50) ? "tosa.add" : "tosa.sub";
  gen_push(G, strcmp(op, "tosa.add") == 0 && chance(&G->rng, 50) ? tgen_binary(G, op, z, x) : tgen_binary(G, op, x, z));
}

/* x * 0 */
static void canon_mul_zero(Gen *G, bool miss) {
  RgDType dt = miss ? RG_DT_F32 : RG_DT_I32;
  RgValue *x = gen_pick(G, miss ? tgen_float_value : tgen_i32_value, dt);
  RgValue *z = splat_of(G, x, true, 0.0);
  RgValue *ops[3] = {x, z, tgen_scalar_const(G, RG_DT_I8, 0)};
  gen_push(G, gen_finish(G, gen_mk(G, "tosa.mul", 3, ops, NULL)));
}

/* a reduction over a size-1 axis */
static void canon_unit_reduction(Gen *G, bool miss) {
  static const char *const ops[] = {"tosa.reduce_sum", "tosa.reduce_max", "tosa.reduce_min",
                                    "tosa.reduce_product", "tosa.reduce_all", "tosa.reduce_any"};
  const char *op = ops[rnd(&G->rng, 0, 5)];
  bool logical = strcmp(op, "tosa.reduce_all") == 0 || strcmp(op, "tosa.reduce_any") == 0;
  bool int_sum = strcmp(op, "tosa.reduce_sum") == 0 && !miss; /* floats do not fold */
  RgValue *x = logical || int_sum ? NULL : gen_pick(G, tgen_has_unit_dim, chance(&G->rng, 50) ? RG_DT_F32 : RG_DT_I32);
  if (int_sum) {
    int64_t dims[3] = {3, 1, 2};
    x = gen_new_arg(G, gen_ttype(G, RG_DT_I32, 3, dims));
  } else if (!x || !tgen_has_unit_dim(x)) {
    int64_t dims[4] = {2, 1, 3, 1};
    x = gen_new_arg(G, gen_ttype(G, logical ? RG_DT_I1 : chance(&G->rng, 50) ? RG_DT_F32 : RG_DT_I32, 4, dims));
  }
  if (strcmp(op, "tosa.reduce_product") == 0 && !is_float(x->type->dtype))
    op = "tosa.reduce_max"; /* TOSA multiplies floats only */
  int32_t axis = 0;
  for (int32_t i = 0; i < x->type->rank; i++)
    if ((x->type->dims[i] == 1) != miss)
      axis = i;
  RgNode *n = gen_mk(G, op, 1, &x, NULL);
  gen_prop(G, n, "axis", rg_attr_int(G->g, axis, rg_type_scalar(G->g, RG_DT_I32)));
  if (is_float(x->type->dtype) && (strcmp(op, "tosa.reduce_max") == 0 || strcmp(op, "tosa.reduce_min") == 0))
    gen_prop_opaque(G, n, "nan_mode", tgen_nan_mode(G));
  gen_push(G, gen_finish(G, n));
}

/* pad by zero (or by one on the last axis) */
static void canon_pad_zero(Gen *G, bool miss) {
  RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
  int32_t r = x->type->rank;
  int64_t pads[2 * MAX_RANK] = {0};
  pads[2 * r - 1] = miss;
  RgValue *ops[3] = {x, shape_const(G, 2 * r, pads), NULL};
  ops[2] = tgen_scalar_const(G, x->type->dtype, 0);
  gen_push(G, gen_finish(G, gen_mk(G, "tosa.pad", 3, ops, NULL)));
}

/* tile by ones */
static void canon_tile_ones(Gen *G, bool miss) {
  int64_t v[MAX_RANK];
  for (int i = 0; i < MAX_RANK; i++)
    v[i] = 1;
  RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
  int32_t r = x->type->rank;
  v[0] += miss;
  RgValue *ops[2] = {x, shape_const(G, r, v)};
  gen_push(G, gen_finish(G, gen_mk(G, "tosa.tile", 2, ops, NULL)));
}

/* the whole tensor as a slice */
static void canon_whole_slice(Gen *G, bool miss) {
  int64_t zeros[MAX_RANK] = {0};
  int64_t v[MAX_RANK];
  RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
  int32_t r = x->type->rank;
  memcpy(v, x->type->dims, sizeof *v * (size_t)r);
  if (miss && v[0] > 1)
    v[0]--;
  RgValue *ops[3] = {x, shape_const(G, r, zeros), NULL};
  ops[2] = shape_const(G, r, v);
  gen_push(G, gen_finish(G, gen_mk(G, "tosa.slice", 3, ops, NULL)));
}

/* concat of one tensor */
static void canon_concat_one(Gen *G, bool miss) {
  (void)miss;
  RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
  RgNode *n = gen_mk(G, "tosa.concat", 1, &x, NULL);
  gen_prop(G, n, "axis", rg_attr_int(G->g, 0, rg_type_scalar(G->g, RG_DT_I32)));
  gen_push(G, gen_finish(G, n));
}

/* abs(abs x), -(-x) */
static void canon_double_negation(Gen *G, bool miss) {
  RgValue *x = gen_pick(G, miss ? tgen_i32_value : tgen_float_value, miss ? RG_DT_I32 : RG_DT_F32);
  gen_push(G, chance(&G->rng, 50) ? tgen_unary_simple(G, "tosa.abs", tgen_unary_simple(G, "tosa.abs", x))
                              : tgen_negate(G, tgen_negate(G, x)));
}

/* a reshape of a constant (added: TOSA adds i32 and floats) */
static void canon_reshaped_const(Gen *G, bool miss) {
  RgDType dt = miss ? RG_DT_F32 : RG_DT_I32;
  RgValue *x = gen_pick(G, miss ? tgen_float_value : tgen_i32_value, dt);
  int64_t dims[MAX_RANK];
  int32_t rank = gen_refactor(G, x->type, dims);
  RgValue *c = tgen_reshape(G, tgen_random_const(G, x->type), rank, dims);
  gen_push(G, tgen_binary(G, "tosa.add", c, tgen_reshape(G, x, rank, dims)));
}

/* select between a value and itself */
static void canon_select_same(Gen *G, bool miss) {
  (void)miss;
  RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
  RgValue *ops[3] = {tgen_random_const(G, gen_like(G, x->type, RG_DT_I1)), x, x};
  gen_push(G, gen_finish(G, gen_mk(G, "tosa.select", 3, ops, NULL)));
}

/* reverse along a size-1 axis */
static void canon_unit_reverse(Gen *G, bool miss) {
  RgValue *x = gen_pick(G, tgen_has_unit_dim, tgen_random_arg_dtype(G));
  int32_t axis = 0;
  for (int32_t i = 0; i < x->type->rank; i++)
    if ((x->type->dims[i] == 1) != miss)
      axis = i;
  RgNode *n = gen_mk(G, "tosa.reverse", 1, &x, NULL);
  gen_prop(G, n, "axis", rg_attr_int(G->g, axis, rg_type_scalar(G->g, RG_DT_I32)));
  gen_push(G, gen_finish(G, n));
}

/* The motifs by the number drawn (reductions twice as often). */
static void (*const canonical_motifs[19])(Gen *, bool) = {
    canon_identity, /* 0 */
    canon_clamp_whole_range, /* 1 */
    canon_add_zero, /* 2 */
    canon_mul_zero, /* 3 */
    canon_unit_reduction, /* 4 */
    canon_pad_zero, /* 5 */
    canon_tile_ones, /* 6 */
    canon_whole_slice, /* 7 */
    canon_concat_one, /* 8 */
    canon_unit_reverse, /* 9 */
    canon_unit_reduction, /* 10 */
    canon_select_same, /* 11 */
    canon_double_negation, /* 12 */
    canon_reshaped_const, /* 13 */
    canon_select_not, /* 14 */
    canon_div_by_one, /* 15 */
    canon_mul_by_shift, /* 16 */
    canon_unused_pure, /* 17 */
    canon_slice_of_pad, /* 18 */
};

/* Rules of the TOSA family that its graphs cannot reach, and why. */
const GenUnproven gen_tosa_unproven[] = {
    {NULL, NULL},
};

/* A RESIZE of an NHWC value: by n/n on both axes in NEAREST_NEIGHBOR mode
 * (resize_identity) in most draws; else BILINEAR, or a 2x upsampling, or
 * an offset and border that shift the samples (near misses). */
void tgen_m_resize(Gen *G) {
  static const RgDType types[] = {RG_DT_F32, RG_DT_F16, RG_DT_BF16, RG_DT_I8, RG_DT_I16};
  int64_t dims[4] = {1, rnd(&G->rng, 1, 6), rnd(&G->rng, 1, 6), rnd(&G->rng, 1, 3)};
  RgValue *x = gen_new_arg(G, gen_ttype(G, types[rnd(&G->rng, 0, 4)], 4, dims));
  int64_t ny = rnd(&G->rng, 1, 4), nx = rnd(&G->rng, 1, 4);
  int64_t scale[4] = {ny, ny, nx, nx}, offset[2] = {0, 0}, border[2] = {0, 0};
  bool bilinear = false;
  switch (rnd(&G->rng, 0, 5)) {
  case 0: bilinear = is_float(x->type->dtype); break; /* integers widen: i8 to i32, i16 to i48 */
  case 1: scale[1] = scale[3] = 1, scale[0] = scale[2] = 2; break;
  case 2: offset[0] = border[0] = -1; break; /* the same size, samples shifted by 1/n */
  default: break;
  }
  RgValue *ops[4] = {x, shape_const(G, 4, scale), shape_const(G, 2, offset), shape_const(G, 2, border)};
  RgNode *n = gen_mk(G, "tosa.resize", 4, ops, NULL);
  gen_prop_opaque(G, n, "mode", bilinear ? "#tosa.resize_mode<BILINEAR>" : "#tosa.resize_mode<NEAREST_NEIGHBOR>");
  gen_push(G, gen_finish(G, n));
}

/* An op that returns its input (or zeros) in most draws, and a near miss
 * otherwise: a float where only integers fold, a non-unit axis, padding. */
void tgen_m_canonical(Gen *G) {
  bool miss = chance(&G->rng, 25);
  canonical_motifs[rnd(&G->rng, 0, 18)](G, miss);
}

/* ARGMAX of t = T(x, p) along a random axis a, and usually the transpose
 * that undoes what remains of p once the axis is gone (p without entry a,
 * numbers above p[a] lowered), which the sunk one meets and cancels. */
static RgValue *argmax_transposed(Gen *G, RgValue *t, const int64_t *p) {
  int32_t r = t->type->rank, a = (int32_t)rnd(&G->rng, 0, r - 1);
  RgNode *n = gen_mk(G, "tosa.argmax", 1, &t, NULL);
  gen_prop(G, n, "axis", rg_attr_int(G->g, a, rg_type_scalar(G->g, RG_DT_I32)));
  if (is_float(t->type->dtype))
    gen_prop_opaque(G, n, "nan_mode", tgen_nan_mode(G));
  RgValue *v = gen_finish(G, n);
  if (chance(&G->rng, 40))
    return v;
  int64_t q[MAX_RANK], inv[MAX_RANK];
  for (int32_t i = 0, k = 0; i < r; i++)
    if (i != a)
      q[k++] = p[i] - (p[i] > p[a]);
  gen_inverse_perm(r - 1, q, inv);
  return tgen_transpose(G, v, inv);
}

/* A transpose into an axis op (reduction, concat, slice, pad, tile,
 * argmax, reverse), and usually a transpose after it: the transposes move
 * across with the axis or per-axis operands moved to the input's axes. */
void tgen_m_axis_op(Gen *G) {
  RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
  int32_t r = x->type->rank;
  int64_t p[MAX_RANK], inv[MAX_RANK], a[2 * MAX_RANK], b[MAX_RANK];
  RgValue *t = tgen_transpose_random(G, x, p);
  const int64_t *d = t->type->dims;
  RgValue *v;
  switch (rnd(&G->rng, 0, 6)) {
  case 0: { /* reduction */
    static const char *const ops[] = {"tosa.reduce_sum", "tosa.reduce_max", "tosa.reduce_min"};
    const char *op = ops[rnd(&G->rng, 0, 2)];
    if (!is_float(x->type->dtype) && x->type->dtype != RG_DT_I32 && strcmp(op, "tosa.reduce_sum") == 0)
      op = "tosa.reduce_max"; /* sum takes i32 and floats */
    RgNode *n = gen_mk(G, op, 1, &t, NULL);
    gen_prop(G, n, "axis", rg_attr_int(G->g, rnd(&G->rng, 0, r - 1), rg_type_scalar(G->g, RG_DT_I32)));
    v = gen_finish(G, n);
    break;
  }
  case 1: { /* concat of two or three transposed the same way */
    RgValue *ops[3] = {t, NULL, NULL}; /* one call a statement: the same graph from every compiler */
    ops[1] = tgen_transpose(G, tgen_partner(G, x, false), p);
    ops[2] = tgen_transpose(G, tgen_partner(G, x, false), p);
    RgNode *n = gen_mk(G, "tosa.concat", (uint32_t)rnd(&G->rng, 2, 3), ops, NULL);
    gen_prop(G, n, "axis", rg_attr_int(G->g, rnd(&G->rng, 0, r - 1), rg_type_scalar(G->g, RG_DT_I32)));
    v = gen_finish(G, n);
    break;
  }
  case 2: /* slice */
    for (int32_t i = 0; i < r; i++) {
      a[i] = rnd(&G->rng, 0, d[i] - 1);
      b[i] = rnd(&G->rng, 1, d[i] - a[i]);
    }
    RgValue *start = shape_const(G, r, a);
    RgValue *size = shape_const(G, r, b);
    v = gen_finish(G, gen_mk(G, "tosa.slice", 3, (RgValue *[]){t, start, size}, NULL));
    break;
  case 3: /* pad */
    for (int32_t i = 0; i < 2 * r; i++)
      a[i] = rnd(&G->rng, 0, 1);
    RgValue *pads = shape_const(G, 2 * r, a);
    RgValue *zero = tgen_scalar_const(G, x->type->dtype, 0);
    v = gen_finish(G, gen_mk(G, "tosa.pad", 3, (RgValue *[]){t, pads, zero}, NULL));
    break;
  case 4: /* tile */
    for (int32_t i = 0; i < r; i++)
      a[i] = rnd(&G->rng, 1, 2);
    v = gen_finish(G, gen_mk(G, "tosa.tile", 2, (RgValue *[]){t, shape_const(G, r, a)}, NULL));
    break;
  case 5: /* argmax (i8, i16 and floats): the rank drops, so the
            * transpose back is its own */
    if (r >= 2 && (is_qint(x->type->dtype) || is_float(x->type->dtype))) {
      gen_push(G, argmax_transposed(G, t, p));
      return;
    }
    /* fall through */
  default: { /* reverse */
    RgNode *n = gen_mk(G, "tosa.reverse", 1, &t, NULL);
    gen_prop(G, n, "axis", rg_attr_int(G->g, rnd(&G->rng, 0, r - 1), rg_type_scalar(G->g, RG_DT_I32)));
    v = gen_finish(G, n);
    break;
  }
  }
  if (chance(&G->rng, 70)) {
    gen_inverse_perm(r, p, inv);
    v = tgen_transpose(G, v, inv);
  }
  gen_push(G, v);
}


/* ---- pads folded into convolutions and pools, 1x1 pools ---- */

static const RgAttr *i64s(Gen *G, uint32_t n, const int64_t *v) {
  return rg_attr_dense_array_ints(G->g, RG_DT_I64, n, v);
}

/* An NHWC activation: an i8 or f32 argument [1, H, W, C]. */
static RgValue *nhwc_arg(Gen *G, RgDType dt) {
  int64_t dims[4] = {1, rnd(&G->rng, 2, 5), rnd(&G->rng, 2, 5), rnd(&G->rng, 1, 3)};
  return gen_new_arg(G, gen_ttype(G, dt, 4, dims));
}

/* PAD(x) of height and width by up to `most` on each side, with value v
 * (floats: v / 8, or -inf for INT64_MIN). */
static RgValue *pad_hw(Gen *G, RgValue *x, int64_t most, int64_t v) {
  int64_t pads[8] = {0, 0, rnd(&G->rng, 0, most), rnd(&G->rng, 0, most), rnd(&G->rng, 0, most),
                     rnd(&G->rng, 0, most), 0, 0};
  if (pads[2] + pads[3] + pads[4] + pads[5] == 0)
    pads[2] = 1;
  RgValue *c;
  if (is_float(x->type->dtype)) {
    double f = v == INT64_MIN ? -INFINITY : (double)v / 8.0;
    int64_t one = 1;
    c = tgen_const_floats(G, x->type->dtype, 1, &one, 1, &f);
  } else {
    c = tgen_scalar_const(G, x->type->dtype, v == INT64_MIN ? tgen_dtype_min(x->type->dtype) : v);
  }
  RgValue *ops[3] = {x, shape_const(G, 8, pads), c};
  return gen_finish(G, gen_mk(G, "tosa.pad", 3, ops, NULL));
}

/* conv2d or depthwise_conv2d of x with random weights and its own
 * padding `pad` (stride and dilation 1). */
static RgValue *conv(Gen *G, RgValue *x, RgValue *izp, const int64_t *pad) {
  RgDType dt = x->type->dtype;
  bool depthwise = chance(&G->rng, 40);
  int64_t c = x->type->dims[3], kh = rnd(&G->rng, 1, 3), kw = rnd(&G->rng, 1, 3), o = rnd(&G->rng, 1, 3);
  if (kh > x->type->dims[1] + pad[0] + pad[1] || kw > x->type->dims[2] + pad[2] + pad[3])
    kh = kw = 1;
  int64_t wd[4] = {o, kh, kw, c}, dwd[4] = {kh, kw, c, o}, bn = depthwise ? c * o : o;
  RgValue *w = tgen_random_const(G, gen_ttype(G, dt, 4, depthwise ? dwd : wd));
  RgValue *b = tgen_random_const(G, gen_ttype(G, is_float(dt) ? dt : RG_DT_I32, 1, &bn));
  RgValue *ops[5] = {x, w, b, izp, tgen_scalar_const(G, dt, 0)};
  RgNode *n = gen_mk(G, depthwise ? "tosa.depthwise_conv2d" : "tosa.conv2d", 5, ops, NULL);
  gen_prop(G, n, "pad", i64s(G, 4, pad));
  gen_prop(G, n, "stride", i64s(G, 2, (int64_t[]){1, 1}));
  gen_prop(G, n, "dilation", i64s(G, 2, (int64_t[]){1, 1}));
  gen_prop(G, n, "acc_type", rg_attr_type(G->g, rg_type_scalar(G->g, is_float(dt) ? dt : RG_DT_I32)));
  return gen_finish(G, n);
}

/* A pool's window: max or average (zero points izp, ozp), kernel and
 * padding. */
typedef struct Pool {
  bool avg;
  const int64_t *kernel, *pad;
  int64_t izp, ozp;
} Pool;

/* max_pool2d or avg_pool2d of x, stride 1. */
static RgValue *pool(Gen *G, RgValue *x, Pool pw) {
  bool avg = pw.avg;
  int64_t izp = pw.izp, ozp = pw.ozp;
  const int64_t *kernel = pw.kernel, *pad = pw.pad;
  RgDType dt = x->type->dtype;
  RgValue *ops[3] = {x, NULL, NULL};
  if (avg) {
    ops[1] = tgen_scalar_const(G, dt, izp);
    ops[2] = tgen_scalar_const(G, dt, ozp);
  }
  RgNode *n = gen_mk(G, avg ? "tosa.avg_pool2d" : "tosa.max_pool2d", avg ? 3 : 1, ops, NULL);
  gen_prop(G, n, "kernel", i64s(G, 2, kernel));
  gen_prop(G, n, "stride", i64s(G, 2, (int64_t[]){1, 1}));
  gen_prop(G, n, "pad", i64s(G, 4, pad));
  if (avg)
    gen_prop(G, n, "acc_type", rg_attr_type(G->g, rg_type_scalar(G->g, is_float(dt) ? dt : RG_DT_I32)));
  else if (is_float(dt))
    gen_prop_opaque(G, n, "nan_mode", tgen_nan_mode(G));
  return gen_finish(G, n);
}

/* A PAD in front of a convolution (padded with the input zero point, or
 * a near miss) or a MAX_POOL2D (padded with the lowest value, or 0), an
 * AVG_POOL2D behind a PAD (never folded), and 1x1 pools. */
static void m_pool(Gen *G) {
  bool fl = chance(&G->rng, 50), miss = chance(&G->rng, 25);
  RgValue *x = nhwc_arg(G, fl ? RG_DT_F32 : RG_DT_I8);
  int64_t zero4[4] = {0, 0, 0, 0}, one2[2] = {1, 1};
  switch (rnd(&G->rng, 0, 3)) {
  case 0: { /* conv_pad */
    int64_t izp = fl ? 0 : rnd(&G->rng, -5, 5);
    RgValue *p = pad_hw(G, x, 2, miss ? izp + 3 : izp * (fl ? 8 : 1));
    gen_push(G, conv(G, p, tgen_scalar_const(G, x->type->dtype, izp), zero4));
    break;
  }
  case 1: { /* max_pool_pad, and avg_pool2d behind a pad */
    bool avg = chance(&G->rng, 20);
    int64_t k = rnd(&G->rng, 2, 3);
    if (k > x->type->dims[1] || k > x->type->dims[2])
      k = 2; /* dims are at least 2: the window fits without the padding */
    int64_t kernel[2] = {k, k};
    RgValue *p = pad_hw(G, x, k - 1, miss || avg ? 0 : INT64_MIN);
    gen_push(G, pool(G, p, (Pool){avg, kernel, zero4, 0, 0}));
    break;
  }
  default: { /* a 1x1 window: max_pool_unit, avg_pool_unit */
    bool avg = chance(&G->rng, 50);
    int64_t izp = fl ? 0 : rnd(&G->rng, -5, 5);
    if (avg && fl && !miss)
      x = tgen_unary_simple(G, "tosa.abs", x); /* never -0.0 */
    gen_push(G, pool(G, x, (Pool){avg, one2, zero4, izp, miss && !fl ? izp + 1 : izp}));
    break;
  }
  }
}

/* Slices of a concat of two to four operands along a random axis: inside
 * one operand (the slice_concat rules), or across two (a near miss). */
static void m_slice_concat(Gen *G) {
  RgValue *x = tgen_partner(G, gen_pick(G, gen_any_value, tgen_random_arg_dtype(G)), false);
  int32_t r = x->type->rank;
  int32_t k = (int32_t)rnd(&G->rng, 0, r - 1), nops = (int32_t)rnd(&G->rng, 2, 4);
  RgValue *ops[4];
  int64_t off[5] = {0};
  for (int32_t i = 0; i < nops; i++) {
    int64_t dims[MAX_RANK];
    memcpy(dims, x->type->dims, sizeof *dims * (size_t)r);
    dims[k] = rnd(&G->rng, 1, 3);
    ops[i] = gen_new_arg(G, gen_ttype(G, x->type->dtype, r, dims));
    off[i + 1] = off[i] + dims[k];
  }
  RgNode *n = gen_mk(G, "tosa.concat", (uint32_t)nops, ops, NULL);
  gen_prop(G, n, "axis", rg_attr_int(G->g, k, rg_type_scalar(G->g, RG_DT_I32)));
  RgValue *cat = gen_finish(G, n);
  int64_t slices = rnd(&G->rng, 1, 2);
  for (int64_t s = 0; s < slices; s++) {
    int32_t i = (int32_t)rnd(&G->rng, 0, nops - 1);
    int64_t st[MAX_RANK] = {0}, sz[MAX_RANK];
    memcpy(sz, cat->type->dims, sizeof *sz * (size_t)r);
    st[k] = rnd(&G->rng, off[i], off[i + 1] - 1);
    sz[k] = rnd(&G->rng, 1, off[i + 1] - st[k]);
    if (chance(&G->rng, 20) && i + 1 < nops)
      sz[k] = off[i + 1] - st[k] + 1; /* reaches into the next operand */
    RgValue *sops[3] = {cat, shape_const(G, r, st), shape_const(G, r, sz)};
    gen_push(G, gen_finish(G, gen_mk(G, "tosa.slice", 3, sops, NULL)));
  }
  if (chance(&G->rng, 30))
    gen_push(G, cat);
}

void tgen_m_pools_slices(Gen *G) {
  if (chance(&G->rng, 60))
    m_pool(G);
  else
    m_slice_concat(G);
}
