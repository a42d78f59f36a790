/* tools/rgdiff_tosa.c - the TOSA family of rgdiff: random constants, op
 * builders (transpose, reshape, clamp, RESCALE, ...) and the motifs, each a
 * small pattern some rule of the ethos-u pipelines should rewrite. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rgdiff.h"
#include "rgdiff_tosa.h"

/* ---- constants ---- */

static RgValue *const_attr(Gen *G, const RgAttr *a) {
  RgNode *c = gen_mk(G, "tosa.const", 0, NULL, NULL);
  gen_prop(G, c, "values", a);
  return gen_finish(G, c);
}

RgValue *tgen_const_ints(Gen *G, RgDType dt, int32_t rank, const int64_t *dims, uint32_t n,
                           const int64_t *v) {
  return const_attr(G, rg_attr_dense_ints(G->g, gen_ttype(G, dt, rank, dims), n, v));
}

RgValue *tgen_const_floats(Gen *G, RgDType dt, int32_t rank, const int64_t *dims, uint32_t n,
                             const double *v) {
  return const_attr(G, rg_attr_dense_floats(G->g, gen_ttype(G, dt, rank, dims), n, v));
}

/* A rank-1, one-element constant (zero points, shifts, multipliers). */
RgValue *tgen_scalar_const(Gen *G, RgDType dt, int64_t v) {
  int64_t one = 1;
  if (is_float(dt)) {
    double f = (double)v;
    return tgen_const_floats(G, dt, 1, &one, 1, &f);
  }
  return tgen_const_ints(G, dt, 1, &one, 1, &v);
}

int64_t tgen_dtype_min(RgDType dt) {
  switch (dt) {
  case RG_DT_I1: return 0;
  case RG_DT_I8: return -128;
  case RG_DT_I16: return -32768;
  default: return -(1 << 20);
  }
}

int64_t tgen_dtype_max(RgDType dt) {
  switch (dt) {
  case RG_DT_I1: return 1;
  case RG_DT_I8: return 127;
  case RG_DT_I16: return 32767;
  default: return 1 << 20;
  }
}

/* A random constant of type `t`: sometimes a splat. Floats are multiples
 * of 1/8 in [-4, 4], exact in f16 and bf16. */
RgValue *tgen_random_const(Gen *G, const RgType *t) {
  int64_t numel = rg_type_numel(t);
  if (numel < 1 || numel > 4096)
    gen_abort(G, "constant of %s too large", t->text);
  bool splat = numel == 1 || chance(&G->rng, 25);
  uint32_t n = splat ? 1 : (uint32_t)numel;
  RgValue *c;
  if (is_float(t->dtype)) {
    double *v = malloc(sizeof *v * n);
    if (!v)
      gen_abort(G, "out of memory%s", "");
    for (uint32_t i = 0; i < n; i++)
      v[i] = (double)rnd(&G->rng, -32, 32) / 8.0;
    const RgAttr *a = rg_attr_dense_floats(G->g, t, n, v);
    free(v);
    c = const_attr(G, a);
  } else {
    int64_t *v = malloc(sizeof *v * n);
    if (!v)
      gen_abort(G, "out of memory%s", "");
    int64_t lo = tgen_dtype_min(t->dtype), hi = tgen_dtype_max(t->dtype);
    if (t->dtype == RG_DT_I32 && chance(&G->rng, 50)) {
      lo = -100;
      hi = 100;
    }
    for (uint32_t i = 0; i < n; i++)
      v[i] = rnd(&G->rng, lo, hi);
    const RgAttr *a = rg_attr_dense_ints(G->g, t, n, v);
    free(v);
    c = const_attr(G, a);
  }
  return c;
}

/* A permutation that keeps the size > 1 axes of `t` in order and moves
 * only size-1 axes (a reshape or no-op in disguise). */
static void unit_perm(Gen *G, const RgType *t, int64_t *p) {
  int32_t n = t->rank;
  int64_t big[MAX_RANK], nb = 0;
  for (int32_t i = 0; i < n; i++)
    if (t->dims[i] != 1)
      big[nb++] = i;
  gen_random_perm(G, n, p);
  /* Put the big axes back in increasing order at the slots they took. */
  int64_t k = 0;
  for (int32_t i = 0; i < n; i++)
    if (t->dims[p[i]] != 1)
      p[i] = big[k++];
}

/* ---- ops ---- */

RgValue *tgen_transpose(Gen *G, RgValue *x, const int64_t *perm) {
  RgNode *n = gen_mk(G, "tosa.transpose", 1, &x, NULL);
  gen_prop(G, n, "perms", rg_attr_dense_array_ints(G->g, RG_DT_I32, (uint32_t)x->type->rank, perm));
  return gen_finish(G, n);
}

RgValue *tgen_transpose_random(Gen *G, RgValue *x, int64_t *perm) {
  gen_random_perm(G, x->type->rank, perm);
  return tgen_transpose(G, x, perm);
}

RgValue *tgen_reshape(Gen *G, RgValue *x, int32_t rank, const int64_t *dims) {
  const RgType *st = gen_ttype(G, RG_DT_INDEX, 1, (int64_t[]){rank});
  RgNode *cs = gen_mk(G, "tosa.const_shape", 0, NULL, NULL);
  gen_prop(G, cs, "values", rg_attr_dense_ints(G->g, st, (uint32_t)rank, dims));
  RgValue *ops[2] = {x, gen_finish(G, cs)};
  return gen_finish(G, gen_mk(G, "tosa.reshape", 2, ops, NULL));
}

const char *tgen_nan_mode(Gen *G) {
  return chance(&G->rng, 50) ? "#tosa.nan_mode<PROPAGATE>" : "#tosa.nan_mode<IGNORE>";
}

RgValue *tgen_clamp(Gen *G, RgValue *x, int64_t lo, int64_t hi) {
  RgDType dt = x->type->dtype;
  RgNode *n = gen_mk(G, "tosa.clamp", 1, &x, NULL);
  if (is_float(dt)) {
    const RgType *et = rg_type_scalar(G->g, dt);
    gen_prop(G, n, "min_val", rg_attr_float(G->g, (double)lo / 4.0, et));
    gen_prop(G, n, "max_val", rg_attr_float(G->g, (double)hi / 4.0, et));
    gen_prop_opaque(G, n, "nan_mode", tgen_nan_mode(G));
  } else {
    const RgType *et = rg_type_scalar(G->g, dt);
    gen_prop(G, n, "min_val", rg_attr_int(G->g, lo, et));
    gen_prop(G, n, "max_val", rg_attr_int(G->g, hi, et));
    gen_prop_opaque(G, n, "nan_mode", "#tosa.nan_mode<PROPAGATE>");
  }
  return gen_finish(G, n);
}

/* Bounds for a clamp of dtype dt (floats in quarters: lo / 4). */
static void clamp_bounds(Gen *G, RgDType dt, int64_t *lo, int64_t *hi) {
  int64_t a, b;
  if (is_float(dt)) {
    a = rnd(&G->rng, -20, 20);
    b = rnd(&G->rng, -20, 20);
  } else {
    a = rnd(&G->rng, tgen_dtype_min(dt), tgen_dtype_max(dt));
    b = rnd(&G->rng, tgen_dtype_min(dt), tgen_dtype_max(dt));
  }
  *lo = a < b ? a : b;
  *hi = a < b ? b : a;
}

static RgValue *clamp_random(Gen *G, RgValue *x) {
  int64_t lo, hi;
  clamp_bounds(G, x->type->dtype, &lo, &hi);
  return tgen_clamp(G, x, lo, hi);
}

static int64_t random_zp(Gen *G, RgDType dt, bool is_unsigned) {
  if (dt == RG_DT_I8)
    return chance(&G->rng, 40) ? 0 : rnd(&G->rng, -128, 127);
  if (dt == RG_DT_I16 && is_unsigned)
    return chance(&G->rng, 50) ? 0 : -32768; /* 32768 stored in i16 */
  return 0;
}

RgValue *tgen_negate(Gen *G, RgValue *x) {
  RgDType dt = x->type->dtype;
  RgDType zdt = dt;
  /* drawn one at a time, so that a seed names one graph whatever the
   * compiler (an initializer list is evaluated in no set order) */
  RgValue *input_zp = tgen_scalar_const(G, zdt, random_zp(G, dt, false));
  RgValue *output_zp = tgen_scalar_const(G, zdt, random_zp(G, dt, false));
  RgValue *ops[3] = {x, input_zp, output_zp};
  return gen_finish(G, gen_mk(G, "tosa.negate", 3, ops, NULL));
}

RgValue *tgen_unary_simple(Gen *G, const char *op, RgValue *x) {
  return gen_finish(G, gen_mk(G, op, 1, &x, NULL));
}

static RgValue *cast_to(Gen *G, RgValue *x, RgDType to) {
  return gen_finish(G, gen_mk(G, "tosa.cast", 1, &x, gen_like(G, x->type, to)));
}

typedef struct RescaleSpec {
  RgDType out;
  int64_t mult, shift, izp, ozp;
  bool scale32, double_round, per_channel, iu, ou;
  bool channel_values; /* per-channel: distinct values per channel, else a splat */
} RescaleSpec;

static RgValue *rescale_zp(Gen *G, RgValue *x, const RescaleSpec *s, RgValue *izp, RgValue *ozp) {
  const RgType *t = x->type;
  RgValue *m, *sh;
  RgDType mdt = s->scale32 ? RG_DT_I32 : RG_DT_I16;
  if (s->per_channel) {
    int64_t c = t->dims[t->rank - 1];
    int64_t mv[64], sv[64];
    uint32_t n = s->channel_values && c <= 64 ? (uint32_t)c : 1;
    for (uint32_t i = 0; i < n; i++) {
      mv[i] = i == 0 ? s->mult : rnd(&G->rng, s->mult / 2, s->mult);
      sv[i] = i == 0 ? s->shift : s->shift + rnd(&G->rng, 0, 2) - (s->shift > 2 ? 1 : 0);
      if (sv[i] > 62)
        sv[i] = 62;
    }
    m = tgen_const_ints(G, mdt, 1, &c, n, mv);
    sh = tgen_const_ints(G, RG_DT_I8, 1, &c, n, sv);
  } else {
    m = tgen_scalar_const(G, mdt, s->mult);
    sh = tgen_scalar_const(G, RG_DT_I8, s->shift);
  }
  if (!izp)
    izp = tgen_scalar_const(G, t->dtype, s->izp);
  if (!ozp)
    ozp = tgen_scalar_const(G, s->out, s->ozp);
  RgValue *ops[5] = {x, m, sh, izp, ozp};
  RgNode *n = gen_mk(G, "tosa.rescale", 5, ops, NULL);
  gen_prop(G, n, "scale32", rg_attr_bool(G->g, s->scale32));
  gen_prop_opaque(G, n, "rounding_mode",
              s->double_round ? "#tosa.rounding_mode<DOUBLE_ROUND>" : "#tosa.rounding_mode<SINGLE_ROUND>");
  gen_prop(G, n, "per_channel", rg_attr_bool(G->g, s->per_channel));
  gen_prop(G, n, "input_unsigned", rg_attr_bool(G->g, s->iu));
  gen_prop(G, n, "output_unsigned", rg_attr_bool(G->g, s->ou));
  return gen_finish(G, n);
}

static RgValue *rescale(Gen *G, RgValue *x, const RescaleSpec *s) { return rescale_zp(G, x, s, NULL, NULL); }

static RgDType random_qtype(Gen *G) {
  int k = (int)rnd(&G->rng, 0, 2);
  return k == 0 ? RG_DT_I8 : k == 1 ? RG_DT_I16 : RG_DT_I32;
}

/* Flags and zero points valid for input dtype `in` and output `s->out`. */
static void random_rescale_flags(Gen *G, RgDType in, RescaleSpec *s) {
  /* TOSA 1.0: not both unsigned; unsigned only between i8/i16 types. */
  bool narrow = is_qint(in) && is_qint(s->out);
  s->iu = narrow && chance(&G->rng, 20);
  s->ou = narrow && !s->iu && chance(&G->rng, 20);
  s->izp = random_zp(G, in, s->iu);
  s->ozp = random_zp(G, s->out, s->ou);
}

/* A random RESCALE of x: random gain, shift large enough for the input's
 * range most of the time. */
static void random_rescale_spec(Gen *G, RgValue *x, RescaleSpec *s) {
  RgDType in = x->type->dtype;
  memset(s, 0, sizeof *s);
  s->out = random_qtype(G);
  random_rescale_flags(G, in, s);
  s->scale32 = in == RG_DT_I8 || chance(&G->rng, 85);
  s->double_round = s->scale32 && chance(&G->rng, 40);
  int64_t min_shift = in == RG_DT_I8 ? 10 : in == RG_DT_I16 ? 18 : 23;
  /* drawn one at a time (a call's arguments are evaluated in no set order),
   * the upper bound first as gcc evaluated them */
  int64_t most = chance(&G->rng, 20) ? 62 : min_shift + 20;
  int64_t least = chance(&G->rng, 10) ? 2 : min_shift;
  s->shift = rnd(&G->rng, least, most);
  if (s->scale32) {
    int64_t bits = rnd(&G->rng, 8, 31);
    s->mult = rnd(&G->rng, 0, ((int64_t)1 << bits) - 1);
    if (s->shift > 40 && chance(&G->rng, 70))
      s->mult = rnd(&G->rng, (int64_t)1 << 30, ((int64_t)1 << 31) - 1);
  } else {
    s->mult = rnd(&G->rng, 0, 32767);
  }
  s->per_channel = chance(&G->rng, 25);
  s->channel_values = chance(&G->rng, 70);
}

/* A lossless-gain RESCALE (multiplier k << shift) into a type wide enough
 * for (x - izp) * k + ozp: the first half of a fusable pair. */
static void gain_rescale_spec(Gen *G, RgValue *x, RescaleSpec *s) {
  RgDType in = x->type->dtype;
  memset(s, 0, sizeof *s);
  s->out = in == RG_DT_I8 && chance(&G->rng, 30) ? RG_DT_I16 : RG_DT_I32;
  s->iu = is_qint(in) && s->out != RG_DT_I32 && chance(&G->rng, 25);
  s->izp = random_zp(G, in, s->iu);
  s->ozp = 0;
  s->scale32 = true;
  s->double_round = chance(&G->rng, 50);
  int64_t kmax = s->out == RG_DT_I16 ? 64 : in == RG_DT_I32 ? 256 : 4096;
  int64_t k = chance(&G->rng, 30) ? 1 : rnd(&G->rng, 1, kmax);
  int64_t kbits = 0;
  while (((int64_t)1 << kbits) <= k)
    kbits++;
  s->shift = rnd(&G->rng, 2, 30 - kbits);
  s->mult = k << s->shift;
}

/* The second half of a fusable pair: reads x (the gain RESCALE's result,
 * zero point `izp`) with any gain. */
static void outer_rescale_spec(Gen *G, RgValue *x, int64_t izp, RescaleSpec *s) {
  random_rescale_spec(G, x, s);
  s->iu = false;
  s->izp = izp;
  s->scale32 = true;
  s->per_channel = chance(&G->rng, 10);
  s->ou = s->ou && is_qint(x->type->dtype);
  s->ozp = random_zp(G, s->out, s->ou);
  if (s->shift < 30)
    s->shift = rnd(&G->rng, 30, 45);
}

bool tgen_float_value(const RgValue *v) { return is_float(v->type->dtype); }
bool tgen_qint_value(const RgValue *v) { return is_qint(v->type->dtype); }
bool tgen_i32_value(const RgValue *v) { return v->type->dtype == RG_DT_I32; }
static bool rescalable(const RgValue *v) { return is_qint(v->type->dtype) || v->type->dtype == RG_DT_I32; }
bool tgen_has_unit_dim(const RgValue *v) {
  int ones = 0, big = 0;
  for (int32_t i = 0; i < v->type->rank; i++) {
    ones += v->type->dims[i] == 1;
    big += v->type->dims[i] != 1;
  }
  return ones >= 1 && v->type->rank >= 2 && big >= 1;
}

RgDType tgen_random_arg_dtype(Gen *G) {
  switch (rnd(&G->rng, 0, 7)) {
  case 0: case 1: return RG_DT_F32;
  case 2: return RG_DT_F16;
  case 3: return RG_DT_BF16;
  case 4: case 5: return RG_DT_I8;
  case 6: return RG_DT_I16;
  default: return RG_DT_I32;
  }
}

/* A value of the same dtype as x and a shape that broadcasts against it
 * (some dims 1): existing when one fits, else a new argument. */
RgValue *tgen_partner(Gen *G, RgValue *x, bool allow_broadcast) {
  const RgType *t = x->type;
  if (chance(&G->rng, 50)) {
    for (uint32_t i = G->npool; i-- > 0;)
      if (G->pool[i] != x && G->pool[i]->type == t)
        return G->pool[i];
  }
  int64_t dims[MAX_RANK];
  for (int32_t i = 0; i < t->rank; i++)
    dims[i] = allow_broadcast && chance(&G->rng, 20) ? 1 : t->dims[i];
  return gen_new_arg(G, gen_ttype(G, t->dtype, t->rank, dims));
}

/* ---- motifs ---- */

/* A unary op that suits x's dtype; keeps the element type unless casting. */
static RgValue *unary_op(Gen *G, RgValue *x) {
  RgDType dt = x->type->dtype;
  if (is_float(dt)) {
    static const char *const fops[] = {"tosa.abs", "tosa.exp", "tosa.tanh", "tosa.sigmoid", "tosa.rsqrt",
                                       "tosa.reciprocal", "tosa.floor", "tosa.ceil", "tosa.log"};
    switch (rnd(&G->rng, 0, 5)) {
    case 0: case 1: return clamp_random(G, x);
    case 2: return tgen_negate(G, x);
    case 3: {
      static const RgDType to[] = {RG_DT_F32, RG_DT_F16, RG_DT_BF16, RG_DT_I8, RG_DT_I16, RG_DT_I32};
      RgDType d = to[rnd(&G->rng, 0, 5)];
      if ((dt == RG_DT_F16 && d == RG_DT_BF16) || (dt == RG_DT_BF16 && d == RG_DT_F16))
        d = RG_DT_F32; /* TOSA has no f16 <-> bf16 CAST */
      return cast_to(G, x, d);
    }
    default: return tgen_unary_simple(G, fops[rnd(&G->rng, 0, 8)], x);
    }
  }
  if (dt == RG_DT_I1) {
    if (chance(&G->rng, 50))
      return tgen_unary_simple(G, "tosa.logical_not", x);
    return cast_to(G, x, chance(&G->rng, 50) ? RG_DT_I8 : RG_DT_I32);
  }
  switch (rnd(&G->rng, 0, 4)) {
  case 0:
    if (is_qint(dt))
      return clamp_random(G, x);
    return tgen_unary_simple(G, "tosa.abs", x);
  case 1: return tgen_negate(G, x);
  case 2: {
    static const RgDType to[] = {RG_DT_I1, RG_DT_I8, RG_DT_I16, RG_DT_I32, RG_DT_F32, RG_DT_F16, RG_DT_BF16};
    return cast_to(G, x, to[rnd(&G->rng, 0, 6)]);
  }
  default: {
    RescaleSpec s;
    random_rescale_spec(G, x, &s);
    return rescale(G, x, &s);
  }
  }
}

/* A binary op for dtype dt: name, or NULL when dt has none. */
static const char *binary_name(Gen *G, RgDType dt) {
  if (is_float(dt) || dt == RG_DT_I32) {
    static const char *const ops[] = {"tosa.add", "tosa.sub", "tosa.mul", "tosa.maximum", "tosa.minimum",
                                      "tosa.greater", "tosa.equal", "tosa.add", "tosa.mul"};
    return ops[rnd(&G->rng, 0, 8)];
  }
  if (is_qint(dt))
    return "tosa.mul";
  if (dt == RG_DT_I1)
    return chance(&G->rng, 50) ? "tosa.logical_and" : "tosa.logical_or";
  return NULL;
}

RgValue *tgen_binary(Gen *G, const char *op, RgValue *a, RgValue *b) {
  if (strcmp(op, "tosa.mul") == 0) {
    int64_t shift = a->type->dtype == RG_DT_I32 && chance(&G->rng, 20) ? rnd(&G->rng, 1, 20) : 0;
    RgValue *ops[3] = {a, b, tgen_scalar_const(G, RG_DT_I8, shift)};
    return gen_finish(G, gen_mk(G, op, 3, ops, NULL));
  }
  RgValue *ops[2] = {a, b};
  RgNode *n = gen_mk(G, op, 2, ops, NULL);
  if ((strcmp(op, "tosa.maximum") == 0 || strcmp(op, "tosa.minimum") == 0) && is_float(a->type->dtype))
    gen_prop_opaque(G, n, "nan_mode", tgen_nan_mode(G));
  return gen_finish(G, n);
}

/* binary with the operands in either order (commutative sinking). */
static RgValue *binary_any_order(Gen *G, const char *op, RgValue *a, RgValue *b) {
  return chance(&G->rng, 30) ? tgen_binary(G, op, b, a) : tgen_binary(G, op, a, b);
}

/* T(x, p) then a unary op, then optionally T back (or another perm). */
static void m_sandwich(Gen *G) {
  RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
  int64_t p[MAX_RANK], inv[MAX_RANK], q[MAX_RANK];
  int32_t r = x->type->rank;
  RgValue *t = tgen_transpose_random(G, x, p);
  int k = (int)rnd(&G->rng, 1, 3);
  for (int i = 0; i < k; i++)
    t = unary_op(G, t);
  gen_inverse_perm(r, p, inv);
  if (chance(&G->rng, 70))
    t = tgen_transpose(G, t, inv);
  else if (chance(&G->rng, 50))
    t = tgen_transpose_random(G, t, q);
  gen_push(G, t);
}

static void m_transpose_chain(Gen *G) {
  RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
  int32_t r = x->type->rank;
  int64_t p[MAX_RANK], q[MAX_RANK];
  RgValue *t = tgen_transpose_random(G, x, p);
  switch (rnd(&G->rng, 0, 3)) {
  case 0: gen_inverse_perm(r, p, q); t = tgen_transpose(G, t, q); break;
  case 1: t = tgen_transpose_random(G, t, q); break;
  case 2: t = tgen_transpose_random(G, tgen_transpose_random(G, t, q), q); break;
  default:
    for (int32_t i = 0; i < r; i++)
      q[i] = i;
    t = tgen_transpose(G, t, q); /* identity */
    break;
  }
  gen_push(G, t);
}

/* Binary op over transposed operands: same perm on both, the same value
 * twice, or one transposed operand and a free one (constant, all-1 dims)
 * or a non-free one (the rule must not fire). */
static void m_binary(Gen *G) {
  RgDType dt = tgen_random_arg_dtype(G);
  if (chance(&G->rng, 25))
    dt = RG_DT_I32;
  RgValue *a = gen_pick(G, dt == RG_DT_I32 ? tgen_i32_value : is_float(dt) ? tgen_float_value : tgen_qint_value, dt);
  dt = a->type->dtype;
  const char *op = binary_name(G, dt);
  if (!op)
    return;
  int32_t r = a->type->rank;
  int64_t p[MAX_RANK], inv[MAX_RANK];
  RgValue *ta = tgen_transpose_random(G, a, p), *res;
  gen_inverse_perm(r, p, inv);
  bool plain = false;
  switch (rnd(&G->rng, 0, 5)) {
  case 0: { /* same perm on both */
    RgValue *b = tgen_partner(G, a, true);
    res = tgen_binary(G, op, ta, tgen_transpose(G, b, p));
    break;
  }
  case 1: /* x op x */
    res = tgen_binary(G, op, ta, ta);
    break;
  case 2: { /* a constant shaped like T(a), some dims 1 */
    int64_t dims[MAX_RANK];
    for (int32_t i = 0; i < r; i++)
      dims[i] = chance(&G->rng, 25) ? 1 : ta->type->dims[i];
    res = binary_any_order(G, op, ta, tgen_random_const(G, gen_ttype(G, dt, r, dims)));
    break;
  }
  case 3: { /* all-1 dims operand */
    int64_t dims[MAX_RANK];
    for (int32_t i = 0; i < r; i++)
      dims[i] = 1;
    RgValue *b = chance(&G->rng, 50) ? gen_new_arg(G, gen_ttype(G, dt, r, dims)) : tgen_random_const(G, gen_ttype(G, dt, r, dims));
    res = binary_any_order(G, op, ta, b);
    break;
  }
  case 4: { /* a transposed constant (fold_const) */
    const RgType *ct = gen_ttype(G, dt, r, a->type->dims);
    RgValue *c = tgen_transpose(G, tgen_random_const(G, ct), p);
    res = binary_any_order(G, op, ta, c);
    break;
  }
  default: { /* a plain operand: no free inverse (the rule must not fire,
              * unless the transpose back below, always made here, pays
              * for one of it: sink_binary_left_value) */
    RgValue *b = tgen_partner(G, ta, true);
    res = chance(&G->rng, 50) ? tgen_binary(G, op, b, ta) : tgen_binary(G, op, ta, b);
    plain = true;
    break;
  }
  }
  if ((chance(&G->rng, 50) || plain) && res->type->rank == r)
    res = tgen_transpose(G, res, inv);
  gen_push(G, res);
}

/* Two RESCALEs in a row; the first often a lossless gain so fusion fires,
 * sometimes with a transpose (sink_rescale) between them. */
static void m_rescale_chain(Gen *G) {
  RgValue *x = gen_pick(G, rescalable, chance(&G->rng, 70) ? RG_DT_I8 : RG_DT_I16);
  RescaleSpec a, b;
  bool gain = chance(&G->rng, 75);
  if (gain)
    gain_rescale_spec(G, x, &a);
  else
    random_rescale_spec(G, x, &a);
  int64_t p[MAX_RANK], q[MAX_RANK];
  bool tr = chance(&G->rng, 35);
  RgValue *v = x;
  if (tr)
    v = tgen_transpose_random(G, v, p);
  v = rescale(G, v, &a);
  if (gain)
    outer_rescale_spec(G, v, a.ozp, &b);
  else
    random_rescale_spec(G, v, &b);
  if (tr && chance(&G->rng, 50)) {
    gen_inverse_perm(v->type->rank, p, q);
    v = tgen_transpose(G, v, q);
  }
  v = rescale(G, v, &b);
  if (tr && chance(&G->rng, 50))
    v = tgen_transpose(G, v, p);
  gen_push(G, v);
}

/* An identity RESCALE (1 << 30, shift 30, one zero-point constant). */
static void m_identity_rescale(Gen *G) {
  RgValue *x = gen_pick(G, rescalable, chance(&G->rng, 50) ? RG_DT_I8 : RG_DT_I16);
  RgDType dt = x->type->dtype;
  RescaleSpec s;
  memset(&s, 0, sizeof s);
  s.out = dt;
  s.scale32 = true;
  s.double_round = chance(&G->rng, 50);
  s.iu = s.ou = false; /* both unsigned is an ERROR_IF */
  s.mult = (int64_t)1 << 30;
  s.shift = 30;
  s.per_channel = chance(&G->rng, 15);
  s.channel_values = false;
  RgValue *zp = tgen_scalar_const(G, dt, random_zp(G, dt, s.iu));
  int64_t p[MAX_RANK];
  if (chance(&G->rng, 30))
    x = tgen_transpose_random(G, x, p);
  gen_push(G, rescale_zp(G, x, &s, zp, zp));
}

static void m_reshape(Gen *G) {
  RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
  int64_t dims[MAX_RANK];
  int32_t rank;
  RgValue *v = x;
  switch (rnd(&G->rng, 0, 4)) {
  case 0: /* no-op reshape */
    v = tgen_reshape(G, v, x->type->rank, x->type->dims);
    break;
  case 4: { /* attention heads: axis 0 of x moves last, the others merge
             * (contiguous in x too: sink_reshape), then it moves back */
    int32_t r = x->type->rank;
    int64_t p[MAX_RANK], two[2];
    if (r < 3 || x->type->dims[0] < 1)
      break;
    for (int32_t i = 0; i < r; i++)
      p[i] = (i + 1) % r;
    two[0] = rg_type_numel(x->type) / x->type->dims[0];
    two[1] = x->type->dims[0];
    v = tgen_reshape(G, tgen_transpose(G, x, p), 2, two);
    v = tgen_transpose(G, v, (int64_t[]){1, 0});
    break;
  }
  case 3: { /* flatten + fully connected: T(x), one row, int8 matmul */
    RgValue *q = gen_pick(G, tgen_qint_value, RG_DT_I8);
    int64_t numel = rg_type_numel(q->type), p[MAX_RANK], cols = rnd(&G->rng, 1, 3);
    if (q->type->dtype != RG_DT_I8 || numel < 1 || numel * cols > 4096)
      break;
    v = tgen_reshape(G, tgen_transpose_random(G, q, p), 3, (int64_t[]){1, 1, numel});
    RgValue *w = tgen_random_const(G, gen_ttype(G, RG_DT_I8, 3, (int64_t[]){1, numel, cols}));
    RgValue *ops[4] = {v, w, tgen_scalar_const(G, RG_DT_I8, rnd(&G->rng, -3, 3)), tgen_scalar_const(G, RG_DT_I8, 0)};
    v = gen_finish(G, gen_mk(G, "tosa.matmul", 4, ops, NULL));
    break;
  }
  case 1: /* chain */
    rank = gen_refactor(G, x->type, dims);
    v = tgen_reshape(G, v, rank, dims);
    rank = gen_refactor(G, x->type, dims);
    v = tgen_reshape(G, v, rank, dims);
    break;
  default:
    rank = gen_refactor(G, x->type, dims);
    v = tgen_reshape(G, v, rank, dims);
    v = unary_op(G, v);
    break;
  }
  gen_push(G, v);
}

static void m_clamp_chain(Gen *G) {
  RgDType dt = chance(&G->rng, 50) ? RG_DT_F32 : RG_DT_I8;
  RgValue *x = gen_pick(G, chance(&G->rng, 50) ? tgen_float_value : tgen_qint_value, dt);
  if (is_float(x->type->dtype) && chance(&G->rng, 30))
    x = tgen_unary_simple(G, chance(&G->rng, 50) ? "tosa.rsqrt" : "tosa.log", x); /* NaNs */
  int64_t lo1, hi1, lo2, hi2;
  clamp_bounds(G, x->type->dtype, &lo1, &hi1);
  if (chance(&G->rng, 70)) { /* nested: the outer clamp is a no-op */
    lo2 = lo1 - rnd(&G->rng, 0, 3);
    hi2 = hi1 + rnd(&G->rng, 0, 3);
    if (!is_float(x->type->dtype)) {
      lo2 = lo2 < tgen_dtype_min(x->type->dtype) ? tgen_dtype_min(x->type->dtype) : lo2;
      hi2 = hi2 > tgen_dtype_max(x->type->dtype) ? tgen_dtype_max(x->type->dtype) : hi2;
    }
  } else {
    clamp_bounds(G, x->type->dtype, &lo2, &hi2);
  }
  RgValue *v = tgen_clamp(G, x, lo1, hi1);
  int64_t p[MAX_RANK];
  if (chance(&G->rng, 25))
    v = tgen_transpose_random(G, v, p);
  gen_push(G, tgen_clamp(G, v, lo2, hi2));
}

static void m_mul_one(Gen *G) {
  RgDType dt = chance(&G->rng, 50) ? RG_DT_I32 : RG_DT_F32;
  RgValue *x = gen_pick(G, dt == RG_DT_I32 ? tgen_i32_value : tgen_float_value, dt);
  int32_t r = x->type->rank;
  int64_t dims[MAX_RANK];
  for (int32_t i = 0; i < r; i++)
    dims[i] = chance(&G->rng, 70) ? 1 : x->type->dims[i];
  const RgType *ct = gen_ttype(G, x->type->dtype, r, dims);
  RgValue *one;
  if (is_float(x->type->dtype)) {
    double v = 1.0;
    one = tgen_const_floats(G, x->type->dtype, r, dims, 1, &v);
  } else {
    int64_t v = 1;
    one = tgen_const_ints(G, x->type->dtype, r, dims, 1, &v);
  }
  (void)ct;
  RgValue *ops[3] = {x, one, tgen_scalar_const(G, RG_DT_I8, 0)};
  if (chance(&G->rng, 40)) {
    ops[0] = one;
    ops[1] = x;
  }
  gen_push(G, gen_finish(G, gen_mk(G, "tosa.mul", 3, ops, NULL)));
}

static void m_cast(Gen *G) {
  RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
  if (chance(&G->rng, 60))
    gen_push(G, cast_to(G, x, x->type->dtype)); /* no-op cast */
  else
    gen_push(G, unary_op(G, x));
}

/* A transpose moving only size-1 axes (a reshape or nothing). */
static void m_unit_transpose(Gen *G) {
  RgValue *x = gen_pick(G, tgen_has_unit_dim, tgen_random_arg_dtype(G));
  if (!tgen_has_unit_dim(x)) {
    int64_t dims[MAX_RANK] = {1, 1, 1, 1};
    int32_t rank = (int32_t)rnd(&G->rng, 2, 4);
    for (int32_t i = 0; i < rank; i++)
      dims[i] = chance(&G->rng, 50) ? 1 : rnd(&G->rng, 2, 5);
    dims[rnd(&G->rng, 0, rank - 1)] = 1;
    x = gen_new_arg(G, gen_ttype(G, x->type->dtype, rank, dims));
    if (!tgen_has_unit_dim(x))
      return;
  }
  int64_t p[MAX_RANK];
  unit_perm(G, x->type, p);
  RgValue *v = tgen_transpose(G, x, p);
  if (chance(&G->rng, 40))
    v = unary_op(G, v);
  gen_push(G, v);
}

/* A transpose with several users: it must not move (fan-out). */
static void m_fanout(Gen *G) {
  RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
  int64_t p[MAX_RANK], inv[MAX_RANK];
  RgValue *t = tgen_transpose_random(G, x, p);
  gen_inverse_perm(x->type->rank, p, inv);
  RgValue *a = unary_op(G, t);
  RgValue *b = chance(&G->rng, 50) ? unary_op(G, t) : tgen_transpose(G, t, inv);
  if (a->type->rank == x->type->rank && chance(&G->rng, 50))
    a = tgen_transpose(G, a, inv);
  gen_push(G, a);
  gen_push(G, b);
  if (chance(&G->rng, 30))
    gen_push(G, t);
}

/* An NCHW-style layout round trip: T -> rescale/clamp chain -> T back. */
static void m_layout(Gen *G) {
  RgValue *x = gen_pick(G, rescalable, RG_DT_I8);
  int64_t p[MAX_RANK], inv[MAX_RANK];
  RgValue *v = tgen_transpose_random(G, x, p);
  gen_inverse_perm(x->type->rank, p, inv);
  RescaleSpec a, b;
  gain_rescale_spec(G, v, &a);
  v = rescale(G, v, &a);
  outer_rescale_spec(G, v, a.ozp, &b);
  b.out = RG_DT_I8;
  b.ou = false;
  b.ozp = random_zp(G, RG_DT_I8, false);
  v = rescale(G, v, &b);
  v = clamp_random(G, v);
  gen_push(G, tgen_transpose(G, v, inv));
}

/* SELECT with transposed operands: all three by the same permutation, or
 * one of them next to two constants that take the inverse for free. The
 * condition is never pushed: later motifs do not expect i1 values. */
static void m_select(Gen *G) {
  bool compare = chance(&G->rng, 50);
  RgDType dt = compare ? (chance(&G->rng, 50) ? RG_DT_I32 : RG_DT_F32) : tgen_random_arg_dtype(G);
  RgValue *x = gen_pick(G, dt == RG_DT_I32 ? tgen_i32_value : is_float(dt) ? tgen_float_value : tgen_qint_value, dt);
  dt = x->type->dtype;
  int32_t r = x->type->rank;
  int64_t p[MAX_RANK];
  RgValue *tx = tgen_transpose_random(G, x, p);
  const RgType *tt = tx->type;
  RgValue *ops[3];
  if (compare && (dt == RG_DT_I32 || dt == RG_DT_F32)) {
    RgValue *y = tgen_partner(G, x, false);
    RgValue *c = tgen_binary(G, "tosa.greater", x, y);
    bool all = chance(&G->rng, 50);
    ops[0] = tgen_transpose(G, c, p);
    ops[1] = all ? tx : tgen_random_const(G, tt);
    ops[2] = all ? tgen_transpose(G, y, p) : tgen_random_const(G, tt);
  } else {
    RgValue *c = tgen_random_const(G, gen_ttype(G, RG_DT_I1, r, tt->dims));
    bool then = chance(&G->rng, 50);
    ops[0] = c;
    ops[1] = then ? tx : tgen_random_const(G, tt);
    ops[2] = then ? tgen_random_const(G, tt) : tx;
  }
  gen_push(G, gen_finish(G, gen_mk(G, "tosa.select", 3, ops, NULL)));
}

/* A constant nothing reads (cleanup.dead_const removes it), next to a
 * unary op so that the graph still computes something. */
static void m_dead_const(Gen *G) {
  RgValue *x = gen_pick(G, gen_any_value, tgen_random_arg_dtype(G));
  (void)tgen_scalar_const(G, RG_DT_I8, (int64_t)(rng_next(&G->rng) % 7));
  gen_push(G, unary_op(G, x));
}

/* Axis ops that only the layout plan moves (rules/layout.rules): a concat
 * of two to four operands of which only some are transposed (the others
 * are arguments already in the transposed shape), or a reduction or
 * REVERSE of a transpose that has a second user; usually a transpose
 * back after it. Or a transpose of a transpose with a second user whose
 * composition moves only axes of size 1 (compose_to_reshape). Not in the table: gen_graph adds it from a stream of its
 * own. */
static bool rank2_value(const RgValue *v) { return gen_any_value(v) && v->type->rank >= 2; }

void tgen_m_layout_axes(Gen *G) {
  if (chance(&G->rng, 20)) { /* T(T(x, p), q) moving only size-1 axes, T(x, p) read twice */
    int64_t dims[4] = {rnd(&G->rng, 2, 3), 1, rnd(&G->rng, 2, 4), 1};
    RgValue *x = gen_new_arg(G, gen_ttype(G, tgen_random_arg_dtype(G), 4, dims));
    int64_t p[MAX_RANK], inv[MAX_RANK], u[MAX_RANK], q[MAX_RANK];
    RgValue *t = tgen_transpose_random(G, x, p);
    gen_inverse_perm(4, p, inv);
    unit_perm(G, x->type, u);
    for (int32_t i = 0; i < 4; i++) /* compose(p, q) = u */
      q[i] = inv[u[i]];
    gen_push(G, clamp_random(G, t));
    gen_push(G, tgen_transpose(G, t, q));
    return;
  }
  bool concat = chance(&G->rng, 50);
  RgValue *x = gen_pick(G, rank2_value, tgen_random_arg_dtype(G));
  if (x->type->rank < (concat ? 2 : 4)) {
    /* A reduced axis leaves a size-1 one, and a transpose that keeps the
     * order of the others is a reshape: on four axes of size 2 or more
     * that is rare, and the transpose back stays for the plan to save. */
    int64_t dims[4] = {rnd(&G->rng, 2, 3), rnd(&G->rng, 2, 3), rnd(&G->rng, 2, 4), rnd(&G->rng, 2, 3)};
    x = gen_new_arg(G, gen_ttype(G, x->type->dtype, 4, dims));
  }
  int32_t r = x->type->rank;
  int64_t p[MAX_RANK], inv[MAX_RANK];
  RgValue *t = tgen_transpose_random(G, x, p);
  RgNode *n;
  if (concat) {
    RgValue *ops[4] = {t, NULL, NULL, NULL};
    uint32_t k = (uint32_t)rnd(&G->rng, 2, 4);
    for (uint32_t i = 1; i < k; i++) /* one call a statement: the same graph from every compiler */
      ops[i] = chance(&G->rng, 50) ? tgen_transpose(G, tgen_partner(G, x, false), p) : tgen_partner(G, t, false);
    n = gen_mk(G, "tosa.concat", k, ops, NULL);
  } else {
    static const char *const ops[] = {"tosa.reduce_max", "tosa.reduce_min", "tosa.reverse"};
    n = gen_mk(G, ops[rnd(&G->rng, 0, 2)], 1, &t, NULL);
    gen_push(G, t);
  }
  gen_prop(G, n, "axis", rg_attr_int(G->g, rnd(&G->rng, 0, r - 1), rg_type_scalar(G->g, RG_DT_I32)));
  RgValue *v = gen_finish(G, n);
  if (chance(&G->rng, 70)) {
    gen_inverse_perm(r, p, inv);
    v = tgen_transpose(G, v, inv);
  }
  gen_push(G, v);
}

static bool tableable(const RgValue *v) { return is_qint(v->type->dtype); }

/* A TABLE (random entries: 256 for i8, 513 for i16, which widens to
 * i32) between a transpose and often its inverse (sink_table). */
void tgen_m_table(Gen *G) {
  RgValue *x = gen_pick(G, tableable, chance(&G->rng, 70) ? RG_DT_I8 : RG_DT_I16);
  bool i8 = x->type->dtype == RG_DT_I8;
  int64_t n = i8 ? 256 : 513, entries[513];
  for (int64_t i = 0; i < n; i++)
    entries[i] = rnd(&G->rng, tgen_dtype_min(x->type->dtype), tgen_dtype_max(x->type->dtype));
  RgValue *table = tgen_const_ints(G, x->type->dtype, 1, &n, (uint32_t)n, entries);
  int64_t p[MAX_RANK], q[MAX_RANK];
  RgValue *v = tgen_transpose_random(G, x, p);
  RgValue *ops[2] = {v, table};
  v = gen_finish(G, gen_mk(G, "tosa.table", 2, ops, NULL));
  if (chance(&G->rng, 60)) {
    gen_inverse_perm(v->type->rank, p, q);
    v = tgen_transpose(G, v, q);
  }
  gen_push(G, v);
}

const Motif gen_tosa_motifs[] = {m_sandwich, m_transpose_chain, m_binary, m_binary, m_rescale_chain,
                                 m_identity_rescale, m_reshape, m_clamp_chain, m_mul_one, m_cast,
                                 m_unit_transpose, m_fanout, m_layout, m_sandwich, m_binary, m_dead_const,
                                 m_select, tgen_m_canonical, tgen_m_axis_op, tgen_m_canonical, tgen_m_axis_op,
                                 tgen_m_pools_slices};
const int gen_num_tosa_motifs = (int)(sizeof gen_tosa_motifs / sizeof gen_tosa_motifs[0]);
