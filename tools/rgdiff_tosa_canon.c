/* tools/rgdiff_tosa_canon.c - TOSA motifs for rules/canonicalize.rules (an
 * op that returns its input, and its near miss) and for transposes moving
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

/* An op that returns its input (or zeros) in most draws, and a near miss
 * otherwise: a float where only integers fold, a non-unit axis, padding. */
void tgen_m_canonical(Gen *G) {
  int64_t zeros[2 * MAX_RANK] = {0}, ones[MAX_RANK], v[MAX_RANK];
  for (int i = 0; i < MAX_RANK; i++)
    ones[i] = 1;
  bool miss = chance(&G->rng, 25);
  RgDType dt = miss ? RG_DT_F32 : RG_DT_I32;
  switch (rnd(&G->rng, 0, 13)) {
  case 0: {
    RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
    gen_push(G, gen_finish(G, gen_mk(G, "tosa.identity", 1, &x, NULL)));
    break;
  }
  case 1: { /* clamp over the whole range */
    RgValue *x = gen_pick(G, miss ? tgen_float_value : tgen_qint_value, miss ? RG_DT_F32 : RG_DT_I8);
    if (!is_float(x->type->dtype)) {
      gen_push(G, tgen_clamp(G, x, tgen_dtype_min(x->type->dtype), tgen_dtype_max(x->type->dtype)));
      break;
    }
    RgNode *n = gen_mk(G, "tosa.clamp", 1, &x, NULL);
    const RgType *et = rg_type_scalar(G->g, x->type->dtype);
    gen_prop(G, n, "min_val", rg_attr_float(G->g, -INFINITY, et));
    gen_prop(G, n, "max_val", rg_attr_float(G->g, chance(&G->rng, 80) ? INFINITY : 2.0, et));
    gen_prop_opaque(G, n, "nan_mode", tgen_nan_mode(G));
    gen_push(G, gen_finish(G, n));
    break;
  }
  case 2: { /* x + 0, x - 0, 0 + x */
    RgValue *x = gen_pick(G, miss ? tgen_float_value : tgen_i32_value, dt);
    RgValue *z = splat_of(G, x, true, chance(&G->rng, 50) ? -0.0 : 0.0);
    const char *op = chance(&G->rng, 50) ? "tosa.add" : "tosa.sub";
    gen_push(G, strcmp(op, "tosa.add") == 0 && chance(&G->rng, 50) ? tgen_binary(G, op, z, x) : tgen_binary(G, op, x, z));
    break;
  }
  case 3: { /* x * 0 */
    RgValue *x = gen_pick(G, miss ? tgen_float_value : tgen_i32_value, dt);
    RgValue *z = splat_of(G, x, true, 0.0);
    RgValue *ops[3] = {x, z, tgen_scalar_const(G, RG_DT_I8, 0)};
    gen_push(G, gen_finish(G, gen_mk(G, "tosa.mul", 3, ops, NULL)));
    break;
  }
  case 4:
  case 10: { /* a reduction over a size-1 axis */
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
    int32_t axis = 0;
    for (int32_t i = 0; i < x->type->rank; i++)
      if ((x->type->dims[i] == 1) != miss)
        axis = i;
    RgNode *n = gen_mk(G, op, 1, &x, NULL);
    gen_prop(G, n, "axis", rg_attr_int(G->g, axis, rg_type_scalar(G->g, RG_DT_I32)));
    if (is_float(x->type->dtype) && (strcmp(op, "tosa.reduce_max") == 0 || strcmp(op, "tosa.reduce_min") == 0))
      gen_prop_opaque(G, n, "nan_mode", tgen_nan_mode(G));
    gen_push(G, gen_finish(G, n));
    break;
  }
  case 5: { /* pad by zero (or by one on the last axis) */
    RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
    int32_t r = x->type->rank;
    int64_t pads[2 * MAX_RANK] = {0};
    pads[2 * r - 1] = miss;
    RgValue *ops[3] = {x, shape_const(G, 2 * r, pads), NULL};
    ops[2] = tgen_scalar_const(G, x->type->dtype, 0);
    gen_push(G, gen_finish(G, gen_mk(G, "tosa.pad", 3, ops, NULL)));
    break;
  }
  case 6: { /* tile by ones */
    RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
    int32_t r = x->type->rank;
    memcpy(v, ones, sizeof v);
    v[0] += miss;
    RgValue *ops[2] = {x, shape_const(G, r, v)};
    gen_push(G, gen_finish(G, gen_mk(G, "tosa.tile", 2, ops, NULL)));
    break;
  }
  case 7: { /* the whole tensor as a slice */
    RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
    int32_t r = x->type->rank;
    memcpy(v, x->type->dims, sizeof *v * (size_t)r);
    if (miss && v[0] > 1)
      v[0]--;
    RgValue *ops[3] = {x, shape_const(G, r, zeros), NULL};
    ops[2] = shape_const(G, r, v);
    gen_push(G, gen_finish(G, gen_mk(G, "tosa.slice", 3, ops, NULL)));
    break;
  }
  case 8: { /* concat of one tensor */
    RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
    RgNode *n = gen_mk(G, "tosa.concat", 1, &x, NULL);
    gen_prop(G, n, "axis", rg_attr_int(G->g, 0, rg_type_scalar(G->g, RG_DT_I32)));
    gen_push(G, gen_finish(G, n));
    break;
  }
  case 12: { /* abs(abs x), -(-x) */
    RgValue *x = gen_pick(G, miss ? tgen_i32_value : tgen_float_value, miss ? RG_DT_I32 : RG_DT_F32);
    gen_push(G, chance(&G->rng, 50) ? tgen_unary_simple(G, "tosa.abs", tgen_unary_simple(G, "tosa.abs", x))
                                : tgen_negate(G, tgen_negate(G, x)));
    break;
  }
  case 13: { /* a reshape of a constant */
    RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
    int64_t dims[MAX_RANK];
    int32_t rank = gen_refactor(G, x->type, dims);
    RgValue *c = tgen_reshape(G, tgen_random_const(G, x->type), rank, dims);
    gen_push(G, tgen_binary(G, "tosa.add", c, tgen_reshape(G, x, rank, dims)));
    break;
  }
  case 11: { /* select between a value and itself */
    RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
    RgValue *ops[3] = {tgen_random_const(G, gen_like(G, x->type, RG_DT_I1)), x, x};
    gen_push(G, gen_finish(G, gen_mk(G, "tosa.select", 3, ops, NULL)));
    break;
  }
  default: { /* reverse along a size-1 axis */
    RgValue *x = gen_pick(G, tgen_has_unit_dim, tgen_random_arg_dtype(G));
    int32_t axis = 0;
    for (int32_t i = 0; i < x->type->rank; i++)
      if ((x->type->dims[i] == 1) != miss)
        axis = i;
    RgNode *n = gen_mk(G, "tosa.reverse", 1, &x, x->type); /* no shape hook: typed as its input */
    gen_prop(G, n, "axis", rg_attr_int(G->g, axis, rg_type_scalar(G->g, RG_DT_I32)));
    rg_block_append(G->g, G->body, n);
    gen_push(G, &n->results[0]);
    break;
  }
  }
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

