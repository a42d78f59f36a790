/* tools/rgdiff.c - differential tester for the TOSA rule library: generates
 * random TOSA graphs with the graph C API (types from the ops' shape hooks),
 * runs the reference interpreter on random inputs, runs the ethos-u55 and
 * ethos-u85 pipelines on fresh copies of the graph, and requires every
 * output to be bit-identical afterwards. Reports how often each rule fired.
 *
 * A graph is generated from its seed alone, so `rgdiff --seed S --count 1`
 * regenerates a failing graph; the failing graph is also written as MLIR
 * (generic form) to OUTDIR/rgdiff-fail-S.mlir (and the rewritten one next to
 * it) for `rgopt --target ... --verify-by-execution`.
 *
 * Exit status: 0 every graph kept its results (and every rule fired at least
 * --min-fires times), 1 a difference, an invalid rewrite or too few fires,
 * 2 bad usage. docs/verify.md describes the generator. */
#include <math.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "rulegen/core.h"
#include "rulegen/graph.h"
#include "rulegen/interp.h"
#include "rulegen/mlir.h"
#include "rulegen/pass.h"
#include "rules/builtin.h"
#include "internal.h"

enum { MAX_POOL = 512, MAX_ARGS = 32, MAX_RET = 8, MAX_RANK = 4 };

/* ---- random numbers (splitmix64: the same seed gives the same graph) ---- */

typedef struct Rng {
  uint64_t s;
} Rng;

static uint64_t rng_next(Rng *r) {
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Uniform in [lo, hi]. */
static int64_t rnd(Rng *r, int64_t lo, int64_t hi) {
  return lo + (int64_t)(rng_next(r) % (uint64_t)(hi - lo + 1));
}

/* True with probability pct / 100. */
static bool chance(Rng *r, int pct) { return rnd(r, 0, 99) < pct; }

/* ---- the generator ---- */

typedef struct Gen {
  RgGraph *g;
  RgNode *func;
  RgBlock *body;
  Rng rng;
  RgValue *pool[MAX_POOL]; /* values later ops may use */
  uint32_t npool;
  RgValue *args[MAX_ARGS];
  uint32_t nargs;
  jmp_buf fail;      /* generation aborted: a shape hook refused an op */
  char err[256];
} Gen;

static const RgOpDesc *find_desc(const char *name) {
  for (uint32_t i = 0; i < rg_num_ops_builtin; i++)
    if (strcmp(rg_ops_builtin[i].name, name) == 0)
      return &rg_ops_builtin[i];
  return NULL;
}

RG_NORETURN static void gen_abort(Gen *G, const char *fmt, const char *a) {
  snprintf(G->err, sizeof G->err, fmt, a);
  longjmp(G->fail, 1);
}

static const RgType *ttype(Gen *G, RgDType dt, int32_t rank, const int64_t *dims) {
  const RgType *t = rg_type_tensor(G->g, dt, rank, dims);
  if (!t)
    gen_abort(G, "out of memory%s", "");
  return t;
}

static const RgType *like(Gen *G, const RgType *t, RgDType dt) { return ttype(G, dt, t->rank, t->dims); }

/* A detached node of `op` with one result (type `hint`, or NULL: the shape
 * hook computes it in finish). */
static RgNode *mk(Gen *G, const char *op, uint32_t nops, RgValue *const *ops, const RgType *hint) {
  RgNode *n = rg_node_create(G->g, rg_op_intern(G->g, op, strlen(op)), nops, ops, 1, &hint, 0);
  if (!n)
    gen_abort(G, "out of memory creating %s", op);
  return n;
}

/* Types the result with the op's shape hook (so generated graphs are
 * typed exactly as rewrites type them), appends it, returns the result. */
static RgValue *finish(Gen *G, RgNode *n) {
  const char *name = rg_op_name(G->g, n->op);
  const RgOpDesc *d = find_desc(name);
  const RgType *res[1] = {NULL};
  char err[200] = "";
  if (!d || !d->infer || d->infer(G->g, n, res, err, sizeof err) != RG_OK || !res[0]) {
    snprintf(G->err, sizeof G->err, "%s: %s", name, err[0] ? err : "no shape hook");
    longjmp(G->fail, 1);
  }
  rg_value_set_type(&n->results[0], res[0]);
  rg_block_append(G->g, G->body, n);
  return &n->results[0];
}

static void push(Gen *G, RgValue *v) {
  if (G->npool < MAX_POOL)
    G->pool[G->npool++] = v;
}

static void prop(Gen *G, RgNode *n, const char *name, const RgAttr *a) {
  if (!a || rg_node_set_prop(G->g, n, name, a) != RG_OK)
    gen_abort(G, "out of memory setting %s", name);
}

static void prop_opaque(Gen *G, RgNode *n, const char *name, const char *text) {
  prop(G, n, name, rg_attr_opaque(G->g, text, strlen(text)));
}

static bool is_float(RgDType dt) { return dt == RG_DT_F32 || dt == RG_DT_F16 || dt == RG_DT_BF16; }
static bool is_qint(RgDType dt) { return dt == RG_DT_I8 || dt == RG_DT_I16; }

/* ---- constants ---- */

static RgValue *const_attr(Gen *G, const RgAttr *a) {
  RgNode *c = mk(G, "tosa.const", 0, NULL, NULL);
  prop(G, c, "values", a);
  return finish(G, c);
}

static RgValue *const_ints(Gen *G, RgDType dt, int32_t rank, const int64_t *dims, uint32_t n,
                           const int64_t *v) {
  const RgType *t = ttype(G, dt, rank, dims);
  RgNode *c = mk(G, "tosa.const", 0, NULL, NULL);
  prop(G, c, "values", rg_attr_dense_ints(G->g, t, n, v));
  return finish(G, c);
}

static RgValue *const_floats(Gen *G, RgDType dt, int32_t rank, const int64_t *dims, uint32_t n,
                             const double *v) {
  const RgType *t = ttype(G, dt, rank, dims);
  RgNode *c = mk(G, "tosa.const", 0, NULL, NULL);
  prop(G, c, "values", rg_attr_dense_floats(G->g, t, n, v));
  return finish(G, c);
}

/* A rank-1, one-element constant (zero points, shifts, multipliers). */
static RgValue *scalar_const(Gen *G, RgDType dt, int64_t v) {
  int64_t one = 1;
  if (is_float(dt)) {
    double f = (double)v;
    return const_floats(G, dt, 1, &one, 1, &f);
  }
  return const_ints(G, dt, 1, &one, 1, &v);
}

static int64_t dtype_min(RgDType dt) {
  switch (dt) {
  case RG_DT_I1: return 0;
  case RG_DT_I8: return -128;
  case RG_DT_I16: return -32768;
  default: return -(1 << 20);
  }
}

static int64_t dtype_max(RgDType dt) {
  switch (dt) {
  case RG_DT_I1: return 1;
  case RG_DT_I8: return 127;
  case RG_DT_I16: return 32767;
  default: return 1 << 20;
  }
}

/* A random constant of type `t`: sometimes a splat. Floats are multiples
 * of 1/8 in [-4, 4], exact in f16 and bf16. */
static RgValue *random_const(Gen *G, const RgType *t) {
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
    int64_t lo = dtype_min(t->dtype), hi = dtype_max(t->dtype);
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

/* ---- shapes and permutations ---- */

static int32_t random_shape(Gen *G, int64_t *dims) {
  int32_t rank = (int32_t)rnd(&G->rng, 1, MAX_RANK);
  int64_t numel = 1;
  for (int32_t i = 0; i < rank; i++) {
    dims[i] = chance(&G->rng, 35) ? 1 : rnd(&G->rng, 2, 5);
    if (numel * dims[i] > 200)
      dims[i] = 1;
    numel *= dims[i];
  }
  return rank;
}

static void random_perm(Gen *G, int32_t n, int64_t *p) {
  for (int32_t i = 0; i < n; i++)
    p[i] = i;
  for (int32_t i = n - 1; i > 0; i--) {
    int32_t j = (int32_t)rnd(&G->rng, 0, i);
    int64_t t = p[i];
    p[i] = p[j];
    p[j] = t;
  }
}

static void inverse_perm(int32_t n, const int64_t *p, int64_t *inv) {
  for (int32_t i = 0; i < n; i++)
    inv[p[i]] = i;
}

/* A permutation that keeps the size > 1 axes of `t` in order and moves
 * only size-1 axes (a reshape or no-op in disguise). */
static void unit_perm(Gen *G, const RgType *t, int64_t *p) {
  int32_t n = t->rank;
  int64_t big[MAX_RANK], nb = 0;
  for (int32_t i = 0; i < n; i++)
    if (t->dims[i] != 1)
      big[nb++] = i;
  random_perm(G, n, p);
  /* Put the big axes back in increasing order at the slots they took. */
  int64_t k = 0;
  for (int32_t i = 0; i < n; i++)
    if (t->dims[p[i]] != 1)
      p[i] = big[k++];
}

/* ---- ops ---- */

static RgValue *transpose(Gen *G, RgValue *x, const int64_t *perm) {
  RgNode *n = mk(G, "tosa.transpose", 1, &x, NULL);
  prop(G, n, "perms", rg_attr_dense_array_ints(G->g, RG_DT_I32, (uint32_t)x->type->rank, perm));
  return finish(G, n);
}

static RgValue *transpose_random(Gen *G, RgValue *x, int64_t *perm) {
  random_perm(G, x->type->rank, perm);
  return transpose(G, x, perm);
}

static RgValue *reshape(Gen *G, RgValue *x, int32_t rank, const int64_t *dims) {
  const RgType *st = ttype(G, RG_DT_INDEX, 1, (int64_t[]){rank});
  RgNode *cs = mk(G, "tosa.const_shape", 0, NULL, NULL);
  prop(G, cs, "values", rg_attr_dense_ints(G->g, st, (uint32_t)rank, dims));
  RgValue *ops[2] = {x, finish(G, cs)};
  return finish(G, mk(G, "tosa.reshape", 2, ops, NULL));
}

/* A random shape with the same number of elements. */
static int32_t refactor(Gen *G, const RgType *t, int64_t *dims) {
  int64_t numel = rg_type_numel(t);
  int32_t rank = (int32_t)rnd(&G->rng, 1, MAX_RANK);
  int64_t left = numel;
  for (int32_t i = 0; i < rank - 1; i++) {
    int64_t divs[64], nd = 0;
    for (int64_t d = 1; d <= left && nd < 64; d++)
      if (left % d == 0)
        divs[nd++] = d;
    dims[i] = divs[rnd(&G->rng, 0, nd - 1)];
    left /= dims[i];
  }
  dims[rank - 1] = left;
  return rank;
}

static const char *nan_mode(Gen *G) {
  return chance(&G->rng, 50) ? "#tosa.nan_mode<PROPAGATE>" : "#tosa.nan_mode<IGNORE>";
}

static RgValue *clamp(Gen *G, RgValue *x, int64_t lo, int64_t hi) {
  RgDType dt = x->type->dtype;
  RgNode *n = mk(G, "tosa.clamp", 1, &x, NULL);
  if (is_float(dt)) {
    const RgType *et = rg_type_scalar(G->g, dt);
    prop(G, n, "min_val", rg_attr_float(G->g, (double)lo / 4.0, et));
    prop(G, n, "max_val", rg_attr_float(G->g, (double)hi / 4.0, et));
    prop_opaque(G, n, "nan_mode", nan_mode(G));
  } else {
    const RgType *et = rg_type_scalar(G->g, dt);
    prop(G, n, "min_val", rg_attr_int(G->g, lo, et));
    prop(G, n, "max_val", rg_attr_int(G->g, hi, et));
    prop_opaque(G, n, "nan_mode", "#tosa.nan_mode<PROPAGATE>");
  }
  return finish(G, n);
}

/* Bounds for a clamp of dtype dt (floats in quarters: lo / 4). */
static void clamp_bounds(Gen *G, RgDType dt, int64_t *lo, int64_t *hi) {
  int64_t a, b;
  if (is_float(dt)) {
    a = rnd(&G->rng, -20, 20);
    b = rnd(&G->rng, -20, 20);
  } else {
    a = rnd(&G->rng, dtype_min(dt), dtype_max(dt));
    b = rnd(&G->rng, dtype_min(dt), dtype_max(dt));
  }
  *lo = a < b ? a : b;
  *hi = a < b ? b : a;
}

static RgValue *clamp_random(Gen *G, RgValue *x) {
  int64_t lo, hi;
  clamp_bounds(G, x->type->dtype, &lo, &hi);
  return clamp(G, x, lo, hi);
}

static int64_t random_zp(Gen *G, RgDType dt, bool is_unsigned) {
  if (dt == RG_DT_I8)
    return chance(&G->rng, 40) ? 0 : rnd(&G->rng, -128, 127);
  if (dt == RG_DT_I16 && is_unsigned)
    return chance(&G->rng, 50) ? 0 : -32768; /* 32768 stored in i16 */
  return 0;
}

static RgValue *negate(Gen *G, RgValue *x) {
  RgDType dt = x->type->dtype;
  RgDType zdt = dt;
  RgValue *ops[3] = {x, scalar_const(G, zdt, random_zp(G, dt, false)), scalar_const(G, zdt, random_zp(G, dt, false))};
  return finish(G, mk(G, "tosa.negate", 3, ops, NULL));
}

static RgValue *unary_simple(Gen *G, const char *op, RgValue *x) {
  return finish(G, mk(G, op, 1, &x, NULL));
}

static RgValue *cast_to(Gen *G, RgValue *x, RgDType to) {
  return finish(G, mk(G, "tosa.cast", 1, &x, like(G, x->type, to)));
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
    m = const_ints(G, mdt, 1, &c, n, mv);
    sh = const_ints(G, RG_DT_I8, 1, &c, n, sv);
  } else {
    m = scalar_const(G, mdt, s->mult);
    sh = scalar_const(G, RG_DT_I8, s->shift);
  }
  if (!izp)
    izp = scalar_const(G, t->dtype, s->izp);
  if (!ozp)
    ozp = scalar_const(G, s->out, s->ozp);
  RgValue *ops[5] = {x, m, sh, izp, ozp};
  RgNode *n = mk(G, "tosa.rescale", 5, ops, NULL);
  prop(G, n, "scale32", rg_attr_bool(G->g, s->scale32));
  prop_opaque(G, n, "rounding_mode",
              s->double_round ? "#tosa.rounding_mode<DOUBLE_ROUND>" : "#tosa.rounding_mode<SINGLE_ROUND>");
  prop(G, n, "per_channel", rg_attr_bool(G->g, s->per_channel));
  prop(G, n, "input_unsigned", rg_attr_bool(G->g, s->iu));
  prop(G, n, "output_unsigned", rg_attr_bool(G->g, s->ou));
  return finish(G, n);
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
  s->shift = rnd(&G->rng, chance(&G->rng, 10) ? 2 : min_shift, chance(&G->rng, 20) ? 62 : min_shift + 20);
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

/* ---- value selection ---- */

typedef bool (*Pred)(const RgValue *v);

static bool any_value(const RgValue *v) { (void)v; return true; }
static bool float_value(const RgValue *v) { return is_float(v->type->dtype); }
static bool qint_value(const RgValue *v) { return is_qint(v->type->dtype); }
static bool i32_value(const RgValue *v) { return v->type->dtype == RG_DT_I32; }
static bool rescalable(const RgValue *v) { return is_qint(v->type->dtype) || v->type->dtype == RG_DT_I32; }
static bool has_unit_dim(const RgValue *v) {
  int ones = 0, big = 0;
  for (int32_t i = 0; i < v->type->rank; i++) {
    ones += v->type->dims[i] == 1;
    big += v->type->dims[i] != 1;
  }
  return ones >= 1 && v->type->rank >= 2 && big >= 1;
}

static RgDType random_arg_dtype(Gen *G) {
  switch (rnd(&G->rng, 0, 7)) {
  case 0: case 1: return RG_DT_F32;
  case 2: return RG_DT_F16;
  case 3: return RG_DT_BF16;
  case 4: case 5: return RG_DT_I8;
  case 6: return RG_DT_I16;
  default: return RG_DT_I32;
  }
}

static RgValue *new_arg(Gen *G, const RgType *t) {
  if (G->nargs == MAX_ARGS)
    gen_abort(G, "too many arguments%s", "");
  RgValue *v = rg_block_add_arg(G->g, G->body, t, NULL);
  if (!v)
    gen_abort(G, "out of memory%s", "");
  G->args[G->nargs++] = v;
  push(G, v);
  return v;
}

static RgValue *new_random_arg(Gen *G, RgDType dt) {
  int64_t dims[MAX_RANK];
  int32_t rank = random_shape(G, dims);
  return new_arg(G, ttype(G, dt, rank, dims));
}

/* A value satisfying `p`: recent ones more often; a new argument of dtype
 * `dt` when there is none. */
static RgValue *pick(Gen *G, Pred p, RgDType dt) {
  RgValue *cand[MAX_POOL];
  uint32_t n = 0;
  for (uint32_t i = 0; i < G->npool; i++)
    if (p(G->pool[i]))
      cand[n++] = G->pool[i];
  if (n == 0 || chance(&G->rng, 8))
    return new_random_arg(G, dt);
  if (chance(&G->rng, 50))
    return cand[n - 1];
  return cand[rnd(&G->rng, 0, n - 1)];
}

/* A value of the same dtype as x and a shape that broadcasts against it
 * (some dims 1): existing when one fits, else a new argument. */
static RgValue *partner(Gen *G, RgValue *x, bool allow_broadcast) {
  const RgType *t = x->type;
  if (chance(&G->rng, 50)) {
    for (uint32_t i = G->npool; i-- > 0;)
      if (G->pool[i] != x && G->pool[i]->type == t)
        return G->pool[i];
  }
  int64_t dims[MAX_RANK];
  for (int32_t i = 0; i < t->rank; i++)
    dims[i] = allow_broadcast && chance(&G->rng, 20) ? 1 : t->dims[i];
  return new_arg(G, ttype(G, t->dtype, t->rank, dims));
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
    case 2: return negate(G, x);
    case 3: {
      static const RgDType to[] = {RG_DT_F32, RG_DT_F16, RG_DT_BF16, RG_DT_I8, RG_DT_I16, RG_DT_I32};
      RgDType d = to[rnd(&G->rng, 0, 5)];
      if ((dt == RG_DT_F16 && d == RG_DT_BF16) || (dt == RG_DT_BF16 && d == RG_DT_F16))
        d = RG_DT_F32; /* TOSA has no f16 <-> bf16 CAST */
      return cast_to(G, x, d);
    }
    default: return unary_simple(G, fops[rnd(&G->rng, 0, 8)], x);
    }
  }
  if (dt == RG_DT_I1) {
    if (chance(&G->rng, 50))
      return unary_simple(G, "tosa.logical_not", x);
    return cast_to(G, x, chance(&G->rng, 50) ? RG_DT_I8 : RG_DT_I32);
  }
  switch (rnd(&G->rng, 0, 4)) {
  case 0:
    if (is_qint(dt))
      return clamp_random(G, x);
    return unary_simple(G, "tosa.abs", x);
  case 1: return negate(G, x);
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

static RgValue *binary(Gen *G, const char *op, RgValue *a, RgValue *b) {
  if (strcmp(op, "tosa.mul") == 0) {
    int64_t shift = a->type->dtype == RG_DT_I32 && chance(&G->rng, 20) ? rnd(&G->rng, 1, 20) : 0;
    RgValue *ops[3] = {a, b, scalar_const(G, RG_DT_I8, shift)};
    return finish(G, mk(G, op, 3, ops, NULL));
  }
  RgValue *ops[2] = {a, b};
  RgNode *n = mk(G, op, 2, ops, NULL);
  if ((strcmp(op, "tosa.maximum") == 0 || strcmp(op, "tosa.minimum") == 0) && is_float(a->type->dtype))
    prop_opaque(G, n, "nan_mode", nan_mode(G));
  return finish(G, n);
}

/* binary with the operands in either order (commutative sinking). */
static RgValue *binary_any_order(Gen *G, const char *op, RgValue *a, RgValue *b) {
  return chance(&G->rng, 30) ? binary(G, op, b, a) : binary(G, op, a, b);
}

/* T(x, p) then a unary op, then optionally T back (or another perm). */
static void m_sandwich(Gen *G) {
  RgValue *x = pick(G, any_value, random_arg_dtype(G));
  int64_t p[MAX_RANK], inv[MAX_RANK], q[MAX_RANK];
  int32_t r = x->type->rank;
  RgValue *t = transpose_random(G, x, p);
  int k = (int)rnd(&G->rng, 1, 3);
  for (int i = 0; i < k; i++)
    t = unary_op(G, t);
  inverse_perm(r, p, inv);
  if (chance(&G->rng, 70))
    t = transpose(G, t, inv);
  else if (chance(&G->rng, 50))
    t = transpose_random(G, t, q);
  push(G, t);
}

static void m_transpose_chain(Gen *G) {
  RgValue *x = pick(G, any_value, random_arg_dtype(G));
  int32_t r = x->type->rank;
  int64_t p[MAX_RANK], q[MAX_RANK];
  RgValue *t = transpose_random(G, x, p);
  switch (rnd(&G->rng, 0, 3)) {
  case 0: inverse_perm(r, p, q); t = transpose(G, t, q); break;
  case 1: t = transpose_random(G, t, q); break;
  case 2: t = transpose_random(G, transpose_random(G, t, q), q); break;
  default:
    for (int32_t i = 0; i < r; i++)
      q[i] = i;
    t = transpose(G, t, q); /* identity */
    break;
  }
  push(G, t);
}

/* Binary op over transposed operands: same perm on both, the same value
 * twice, or one transposed operand and a free one (constant, all-1 dims)
 * or a non-free one (the rule must not fire). */
static void m_binary(Gen *G) {
  RgDType dt = random_arg_dtype(G);
  if (chance(&G->rng, 25))
    dt = RG_DT_I32;
  RgValue *a = pick(G, dt == RG_DT_I32 ? i32_value : is_float(dt) ? float_value : qint_value, dt);
  dt = a->type->dtype;
  const char *op = binary_name(G, dt);
  if (!op)
    return;
  int32_t r = a->type->rank;
  int64_t p[MAX_RANK], inv[MAX_RANK];
  RgValue *ta = transpose_random(G, a, p), *res;
  inverse_perm(r, p, inv);
  switch (rnd(&G->rng, 0, 5)) {
  case 0: { /* same perm on both */
    RgValue *b = partner(G, a, true);
    res = binary(G, op, ta, transpose(G, b, p));
    break;
  }
  case 1: /* x op x */
    res = binary(G, op, ta, ta);
    break;
  case 2: { /* a constant shaped like T(a), some dims 1 */
    int64_t dims[MAX_RANK];
    for (int32_t i = 0; i < r; i++)
      dims[i] = chance(&G->rng, 25) ? 1 : ta->type->dims[i];
    res = binary_any_order(G, op, ta, random_const(G, ttype(G, dt, r, dims)));
    break;
  }
  case 3: { /* all-1 dims operand */
    int64_t dims[MAX_RANK];
    for (int32_t i = 0; i < r; i++)
      dims[i] = 1;
    RgValue *b = chance(&G->rng, 50) ? new_arg(G, ttype(G, dt, r, dims)) : random_const(G, ttype(G, dt, r, dims));
    res = binary_any_order(G, op, ta, b);
    break;
  }
  case 4: { /* a transposed constant (fold_const) */
    const RgType *ct = ttype(G, dt, r, a->type->dims);
    RgValue *c = transpose(G, random_const(G, ct), p);
    res = binary_any_order(G, op, ta, c);
    break;
  }
  default: { /* a plain operand: no free inverse */
    RgValue *b = partner(G, ta, true);
    res = binary_any_order(G, op, ta, b);
    break;
  }
  }
  if (chance(&G->rng, 50) && res->type->rank == r)
    res = transpose(G, res, inv);
  push(G, res);
}

/* Two RESCALEs in a row; the first often a lossless gain so fusion fires,
 * sometimes with a transpose (sink_rescale) between them. */
static void m_rescale_chain(Gen *G) {
  RgValue *x = pick(G, rescalable, chance(&G->rng, 70) ? RG_DT_I8 : RG_DT_I16);
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
    v = transpose_random(G, v, p);
  v = rescale(G, v, &a);
  if (gain)
    outer_rescale_spec(G, v, a.ozp, &b);
  else
    random_rescale_spec(G, v, &b);
  if (tr && chance(&G->rng, 50)) {
    inverse_perm(v->type->rank, p, q);
    v = transpose(G, v, q);
  }
  v = rescale(G, v, &b);
  if (tr && chance(&G->rng, 50))
    v = transpose(G, v, p);
  push(G, v);
}

/* An identity RESCALE (1 << 30, shift 30, one zero-point constant). */
static void m_identity_rescale(Gen *G) {
  RgValue *x = pick(G, rescalable, chance(&G->rng, 50) ? RG_DT_I8 : RG_DT_I16);
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
  RgValue *zp = scalar_const(G, dt, random_zp(G, dt, s.iu));
  int64_t p[MAX_RANK];
  if (chance(&G->rng, 30))
    x = transpose_random(G, x, p);
  push(G, rescale_zp(G, x, &s, zp, zp));
}

static void m_reshape(Gen *G) {
  RgValue *x = pick(G, any_value, random_arg_dtype(G));
  int64_t dims[MAX_RANK];
  int32_t rank;
  RgValue *v = x;
  switch (rnd(&G->rng, 0, 2)) {
  case 0: /* no-op reshape */
    v = reshape(G, v, x->type->rank, x->type->dims);
    break;
  case 1: /* chain */
    rank = refactor(G, x->type, dims);
    v = reshape(G, v, rank, dims);
    rank = refactor(G, x->type, dims);
    v = reshape(G, v, rank, dims);
    break;
  default:
    rank = refactor(G, x->type, dims);
    v = reshape(G, v, rank, dims);
    v = unary_op(G, v);
    break;
  }
  push(G, v);
}

static void m_clamp_chain(Gen *G) {
  RgDType dt = chance(&G->rng, 50) ? RG_DT_F32 : RG_DT_I8;
  RgValue *x = pick(G, chance(&G->rng, 50) ? float_value : qint_value, dt);
  if (is_float(x->type->dtype) && chance(&G->rng, 30))
    x = unary_simple(G, chance(&G->rng, 50) ? "tosa.rsqrt" : "tosa.log", x); /* NaNs */
  int64_t lo1, hi1, lo2, hi2;
  clamp_bounds(G, x->type->dtype, &lo1, &hi1);
  if (chance(&G->rng, 70)) { /* nested: the outer clamp is a no-op */
    lo2 = lo1 - rnd(&G->rng, 0, 3);
    hi2 = hi1 + rnd(&G->rng, 0, 3);
    if (!is_float(x->type->dtype)) {
      lo2 = lo2 < dtype_min(x->type->dtype) ? dtype_min(x->type->dtype) : lo2;
      hi2 = hi2 > dtype_max(x->type->dtype) ? dtype_max(x->type->dtype) : hi2;
    }
  } else {
    clamp_bounds(G, x->type->dtype, &lo2, &hi2);
  }
  RgValue *v = clamp(G, x, lo1, hi1);
  int64_t p[MAX_RANK];
  if (chance(&G->rng, 25))
    v = transpose_random(G, v, p);
  push(G, clamp(G, v, lo2, hi2));
}

static void m_mul_one(Gen *G) {
  RgDType dt = chance(&G->rng, 50) ? RG_DT_I32 : RG_DT_F32;
  RgValue *x = pick(G, dt == RG_DT_I32 ? i32_value : float_value, dt);
  int32_t r = x->type->rank;
  int64_t dims[MAX_RANK];
  for (int32_t i = 0; i < r; i++)
    dims[i] = chance(&G->rng, 70) ? 1 : x->type->dims[i];
  const RgType *ct = ttype(G, x->type->dtype, r, dims);
  RgValue *one;
  if (is_float(x->type->dtype)) {
    double v = 1.0;
    one = const_floats(G, x->type->dtype, r, dims, 1, &v);
  } else {
    int64_t v = 1;
    one = const_ints(G, x->type->dtype, r, dims, 1, &v);
  }
  (void)ct;
  RgValue *ops[3] = {x, one, scalar_const(G, RG_DT_I8, 0)};
  if (chance(&G->rng, 40)) {
    ops[0] = one;
    ops[1] = x;
  }
  push(G, finish(G, mk(G, "tosa.mul", 3, ops, NULL)));
}

static void m_cast(Gen *G) {
  RgValue *x = pick(G, any_value, random_arg_dtype(G));
  if (chance(&G->rng, 60))
    push(G, cast_to(G, x, x->type->dtype)); /* no-op cast */
  else
    push(G, unary_op(G, x));
}

/* A transpose moving only size-1 axes (a reshape or nothing). */
static void m_unit_transpose(Gen *G) {
  RgValue *x = pick(G, has_unit_dim, random_arg_dtype(G));
  if (!has_unit_dim(x)) {
    int64_t dims[MAX_RANK] = {1, 1, 1, 1};
    int32_t rank = (int32_t)rnd(&G->rng, 2, 4);
    for (int32_t i = 0; i < rank; i++)
      dims[i] = chance(&G->rng, 50) ? 1 : rnd(&G->rng, 2, 5);
    dims[rnd(&G->rng, 0, rank - 1)] = 1;
    x = new_arg(G, ttype(G, x->type->dtype, rank, dims));
    if (!has_unit_dim(x))
      return;
  }
  int64_t p[MAX_RANK];
  unit_perm(G, x->type, p);
  RgValue *v = transpose(G, x, p);
  if (chance(&G->rng, 40))
    v = unary_op(G, v);
  push(G, v);
}

/* A transpose with several users: it must not move (fan-out). */
static void m_fanout(Gen *G) {
  RgValue *x = pick(G, any_value, random_arg_dtype(G));
  int64_t p[MAX_RANK], inv[MAX_RANK];
  RgValue *t = transpose_random(G, x, p);
  inverse_perm(x->type->rank, p, inv);
  RgValue *a = unary_op(G, t);
  RgValue *b = chance(&G->rng, 50) ? unary_op(G, t) : transpose(G, t, inv);
  if (a->type->rank == x->type->rank && chance(&G->rng, 50))
    a = transpose(G, a, inv);
  push(G, a);
  push(G, b);
  if (chance(&G->rng, 30))
    push(G, t);
}

/* An NCHW-style layout round trip: T -> rescale/clamp chain -> T back. */
static void m_layout(Gen *G) {
  RgValue *x = pick(G, rescalable, RG_DT_I8);
  int64_t p[MAX_RANK], inv[MAX_RANK];
  RgValue *v = transpose_random(G, x, p);
  inverse_perm(x->type->rank, p, inv);
  RescaleSpec a, b;
  gain_rescale_spec(G, v, &a);
  v = rescale(G, v, &a);
  outer_rescale_spec(G, v, a.ozp, &b);
  b.out = RG_DT_I8;
  b.ou = false;
  b.ozp = random_zp(G, RG_DT_I8, false);
  v = rescale(G, v, &b);
  v = clamp_random(G, v);
  push(G, transpose(G, v, inv));
}

/* SELECT with transposed operands: all three by the same permutation, or
 * one of them next to two constants that take the inverse for free. The
 * condition is never pushed: later motifs do not expect i1 values. */
static void m_select(Gen *G) {
  bool compare = chance(&G->rng, 50);
  RgDType dt = compare ? (chance(&G->rng, 50) ? RG_DT_I32 : RG_DT_F32) : random_arg_dtype(G);
  RgValue *x = pick(G, dt == RG_DT_I32 ? i32_value : is_float(dt) ? float_value : qint_value, dt);
  dt = x->type->dtype;
  int32_t r = x->type->rank;
  int64_t p[MAX_RANK];
  RgValue *tx = transpose_random(G, x, p);
  const RgType *tt = tx->type;
  RgValue *ops[3];
  if (compare && (dt == RG_DT_I32 || dt == RG_DT_F32)) {
    RgValue *y = partner(G, x, false);
    RgValue *c = binary(G, "tosa.greater", x, y);
    bool all = chance(&G->rng, 50);
    ops[0] = transpose(G, c, p);
    ops[1] = all ? tx : random_const(G, tt);
    ops[2] = all ? transpose(G, y, p) : random_const(G, tt);
  } else {
    RgValue *c = random_const(G, ttype(G, RG_DT_I1, r, tt->dims));
    bool then = chance(&G->rng, 50);
    ops[0] = c;
    ops[1] = then ? tx : random_const(G, tt);
    ops[2] = then ? random_const(G, tt) : tx;
  }
  push(G, finish(G, mk(G, "tosa.select", 3, ops, NULL)));
}

/* A constant nothing reads (cleanup.dead_const removes it), next to a
 * unary op so that the graph still computes something. */
static void m_dead_const(Gen *G) {
  RgValue *x = pick(G, any_value, random_arg_dtype(G));
  (void)scalar_const(G, RG_DT_I8, (int64_t)(rng_next(&G->rng) % 7));
  push(G, unary_op(G, x));
}

/* ---- canonicalizations (rules/canonicalize.rules) ---- */

static RgValue *shape_const(Gen *G, int32_t n, const int64_t *v) {
  const RgType *st = ttype(G, RG_DT_INDEX, 1, (int64_t[]){n});
  RgNode *cs = mk(G, "tosa.const_shape", 0, NULL, NULL);
  prop(G, cs, "values", rg_attr_dense_ints(G->g, st, (uint32_t)n, v));
  return finish(G, cs);
}

static RgValue *splat_of(Gen *G, RgValue *x, bool unit_dims, double v) {
  int64_t dims[MAX_RANK];
  for (int32_t i = 0; i < x->type->rank; i++)
    dims[i] = unit_dims && chance(&G->rng, 60) ? 1 : x->type->dims[i];
  if (is_float(x->type->dtype))
    return const_floats(G, x->type->dtype, x->type->rank, dims, 1, &v);
  int64_t iv = (int64_t)v;
  return const_ints(G, x->type->dtype, x->type->rank, dims, 1, &iv);
}

/* An op that returns its input (or zeros) in most draws, and a near miss
 * otherwise: a float where only integers fold, a non-unit axis, padding. */
static void m_canonical(Gen *G) {
  int64_t zeros[2 * MAX_RANK] = {0}, ones[MAX_RANK], v[MAX_RANK];
  for (int i = 0; i < MAX_RANK; i++)
    ones[i] = 1;
  bool miss = chance(&G->rng, 25);
  RgDType dt = miss ? RG_DT_F32 : RG_DT_I32;
  switch (rnd(&G->rng, 0, 13)) {
  case 0: {
    RgValue *x = pick(G, any_value, random_arg_dtype(G));
    push(G, finish(G, mk(G, "tosa.identity", 1, &x, NULL)));
    break;
  }
  case 1: { /* clamp over the whole range */
    RgValue *x = pick(G, miss ? float_value : qint_value, miss ? RG_DT_F32 : RG_DT_I8);
    if (!is_float(x->type->dtype)) {
      push(G, clamp(G, x, dtype_min(x->type->dtype), dtype_max(x->type->dtype)));
      break;
    }
    RgNode *n = mk(G, "tosa.clamp", 1, &x, NULL);
    const RgType *et = rg_type_scalar(G->g, x->type->dtype);
    prop(G, n, "min_val", rg_attr_float(G->g, -INFINITY, et));
    prop(G, n, "max_val", rg_attr_float(G->g, chance(&G->rng, 80) ? INFINITY : 2.0, et));
    prop_opaque(G, n, "nan_mode", nan_mode(G));
    push(G, finish(G, n));
    break;
  }
  case 2: { /* x + 0, x - 0, 0 + x */
    RgValue *x = pick(G, miss ? float_value : i32_value, dt);
    RgValue *z = splat_of(G, x, true, chance(&G->rng, 50) ? -0.0 : 0.0);
    const char *op = chance(&G->rng, 50) ? "tosa.add" : "tosa.sub";
    push(G, strcmp(op, "tosa.add") == 0 && chance(&G->rng, 50) ? binary(G, op, z, x) : binary(G, op, x, z));
    break;
  }
  case 3: { /* x * 0 */
    RgValue *x = pick(G, miss ? float_value : i32_value, dt);
    RgValue *z = splat_of(G, x, true, 0.0);
    RgValue *ops[3] = {x, z, scalar_const(G, RG_DT_I8, 0)};
    push(G, finish(G, mk(G, "tosa.mul", 3, ops, NULL)));
    break;
  }
  case 4:
  case 10: { /* a reduction over a size-1 axis */
    static const char *const ops[] = {"tosa.reduce_sum", "tosa.reduce_max", "tosa.reduce_min",
                                      "tosa.reduce_product", "tosa.reduce_all", "tosa.reduce_any"};
    const char *op = ops[rnd(&G->rng, 0, 5)];
    bool logical = strcmp(op, "tosa.reduce_all") == 0 || strcmp(op, "tosa.reduce_any") == 0;
    bool int_sum = strcmp(op, "tosa.reduce_sum") == 0 && !miss; /* floats do not fold */
    RgValue *x = logical || int_sum ? NULL : pick(G, has_unit_dim, chance(&G->rng, 50) ? RG_DT_F32 : RG_DT_I32);
    if (int_sum) {
      int64_t dims[3] = {3, 1, 2};
      x = new_arg(G, ttype(G, RG_DT_I32, 3, dims));
    } else if (!x || !has_unit_dim(x)) {
      int64_t dims[4] = {2, 1, 3, 1};
      x = new_arg(G, ttype(G, logical ? RG_DT_I1 : chance(&G->rng, 50) ? RG_DT_F32 : RG_DT_I32, 4, dims));
    }
    int32_t axis = 0;
    for (int32_t i = 0; i < x->type->rank; i++)
      if ((x->type->dims[i] == 1) != miss)
        axis = i;
    RgNode *n = mk(G, op, 1, &x, NULL);
    prop(G, n, "axis", rg_attr_int(G->g, axis, rg_type_scalar(G->g, RG_DT_I32)));
    if (is_float(x->type->dtype) && (strcmp(op, "tosa.reduce_max") == 0 || strcmp(op, "tosa.reduce_min") == 0))
      prop_opaque(G, n, "nan_mode", nan_mode(G));
    push(G, finish(G, n));
    break;
  }
  case 5: { /* pad by zero (or by one on the last axis) */
    RgValue *x = pick(G, any_value, random_arg_dtype(G));
    int32_t r = x->type->rank;
    int64_t pads[2 * MAX_RANK] = {0};
    pads[2 * r - 1] = miss;
    RgValue *ops[3] = {x, shape_const(G, 2 * r, pads), NULL};
    ops[2] = scalar_const(G, x->type->dtype, 0);
    push(G, finish(G, mk(G, "tosa.pad", 3, ops, NULL)));
    break;
  }
  case 6: { /* tile by ones */
    RgValue *x = pick(G, any_value, random_arg_dtype(G));
    int32_t r = x->type->rank;
    memcpy(v, ones, sizeof v);
    v[0] += miss;
    RgValue *ops[2] = {x, shape_const(G, r, v)};
    push(G, finish(G, mk(G, "tosa.tile", 2, ops, NULL)));
    break;
  }
  case 7: { /* the whole tensor as a slice */
    RgValue *x = pick(G, any_value, random_arg_dtype(G));
    int32_t r = x->type->rank;
    memcpy(v, x->type->dims, sizeof *v * (size_t)r);
    if (miss && v[0] > 1)
      v[0]--;
    RgValue *ops[3] = {x, shape_const(G, r, zeros), NULL};
    ops[2] = shape_const(G, r, v);
    push(G, finish(G, mk(G, "tosa.slice", 3, ops, NULL)));
    break;
  }
  case 8: { /* concat of one tensor */
    RgValue *x = pick(G, any_value, random_arg_dtype(G));
    RgNode *n = mk(G, "tosa.concat", 1, &x, NULL);
    prop(G, n, "axis", rg_attr_int(G->g, 0, rg_type_scalar(G->g, RG_DT_I32)));
    push(G, finish(G, n));
    break;
  }
  case 12: { /* abs(abs x), -(-x) */
    RgValue *x = pick(G, miss ? i32_value : float_value, miss ? RG_DT_I32 : RG_DT_F32);
    push(G, chance(&G->rng, 50) ? unary_simple(G, "tosa.abs", unary_simple(G, "tosa.abs", x))
                                : negate(G, negate(G, x)));
    break;
  }
  case 13: { /* a reshape of a constant */
    RgValue *x = pick(G, any_value, random_arg_dtype(G));
    int64_t dims[MAX_RANK];
    int32_t rank = refactor(G, x->type, dims);
    RgValue *c = reshape(G, random_const(G, x->type), rank, dims);
    push(G, binary(G, "tosa.add", c, reshape(G, x, rank, dims)));
    break;
  }
  case 11: { /* select between a value and itself */
    RgValue *x = pick(G, any_value, random_arg_dtype(G));
    RgValue *ops[3] = {random_const(G, like(G, x->type, RG_DT_I1)), x, x};
    push(G, finish(G, mk(G, "tosa.select", 3, ops, NULL)));
    break;
  }
  default: { /* reverse along a size-1 axis */
    RgValue *x = pick(G, has_unit_dim, random_arg_dtype(G));
    int32_t axis = 0;
    for (int32_t i = 0; i < x->type->rank; i++)
      if ((x->type->dims[i] == 1) != miss)
        axis = i;
    RgNode *n = mk(G, "tosa.reverse", 1, &x, x->type); /* no shape hook: typed as its input */
    prop(G, n, "axis", rg_attr_int(G->g, axis, rg_type_scalar(G->g, RG_DT_I32)));
    rg_block_append(G->g, G->body, n);
    push(G, &n->results[0]);
    break;
  }
  }
}

/* A transpose into an axis op (reduction, concat, slice, pad, tile), and
 * usually a transpose after it: the transposes move across with the axis
 * or per-axis operands moved to the input's axes. */
static void m_axis_op(Gen *G) {
  RgValue *x = pick(G, any_value, random_arg_dtype(G));
  int32_t r = x->type->rank;
  int64_t p[MAX_RANK], inv[MAX_RANK], a[2 * MAX_RANK], b[MAX_RANK];
  RgValue *t = transpose_random(G, x, p);
  const int64_t *d = t->type->dims;
  RgValue *v;
  switch (rnd(&G->rng, 0, 4)) {
  case 0: { /* reduction */
    static const char *const ops[] = {"tosa.reduce_sum", "tosa.reduce_max", "tosa.reduce_min"};
    const char *op = ops[rnd(&G->rng, 0, 2)];
    if (!is_float(x->type->dtype) && x->type->dtype != RG_DT_I32 && strcmp(op, "tosa.reduce_sum") == 0)
      op = "tosa.reduce_max"; /* sum takes i32 and floats */
    RgNode *n = mk(G, op, 1, &t, NULL);
    prop(G, n, "axis", rg_attr_int(G->g, rnd(&G->rng, 0, r - 1), rg_type_scalar(G->g, RG_DT_I32)));
    v = finish(G, n);
    break;
  }
  case 1: { /* concat of two or three transposed the same way */
    RgValue *ops[3] = {t, NULL, NULL}; /* one call a statement: the same graph from every compiler */
    ops[1] = transpose(G, partner(G, x, false), p);
    ops[2] = transpose(G, partner(G, x, false), p);
    RgNode *n = mk(G, "tosa.concat", (uint32_t)rnd(&G->rng, 2, 3), ops, NULL);
    prop(G, n, "axis", rg_attr_int(G->g, rnd(&G->rng, 0, r - 1), rg_type_scalar(G->g, RG_DT_I32)));
    v = finish(G, n);
    break;
  }
  case 2: /* slice */
    for (int32_t i = 0; i < r; i++) {
      a[i] = rnd(&G->rng, 0, d[i] - 1);
      b[i] = rnd(&G->rng, 1, d[i] - a[i]);
    }
    RgValue *start = shape_const(G, r, a);
    RgValue *size = shape_const(G, r, b);
    v = finish(G, mk(G, "tosa.slice", 3, (RgValue *[]){t, start, size}, NULL));
    break;
  case 3: /* pad */
    for (int32_t i = 0; i < 2 * r; i++)
      a[i] = rnd(&G->rng, 0, 1);
    RgValue *pads = shape_const(G, 2 * r, a);
    RgValue *zero = scalar_const(G, x->type->dtype, 0);
    v = finish(G, mk(G, "tosa.pad", 3, (RgValue *[]){t, pads, zero}, NULL));
    break;
  default: /* tile */
    for (int32_t i = 0; i < r; i++)
      a[i] = rnd(&G->rng, 1, 2);
    v = finish(G, mk(G, "tosa.tile", 2, (RgValue *[]){t, shape_const(G, r, a)}, NULL));
    break;
  }
  if (chance(&G->rng, 70)) {
    inverse_perm(r, p, inv);
    v = transpose(G, v, inv);
  }
  push(G, v);
}

typedef void (*Motif)(Gen *G);
static const Motif motifs[] = {m_sandwich, m_transpose_chain, m_binary, m_binary, m_rescale_chain,
                               m_identity_rescale, m_reshape, m_clamp_chain, m_mul_one, m_cast,
                               m_unit_transpose, m_fanout, m_layout, m_sandwich, m_binary, m_dead_const,
                               m_select, m_canonical, m_axis_op, m_canonical, m_axis_op};
enum { NUM_MOTIFS = sizeof motifs / sizeof motifs[0] };

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
static void maybe_freeze(Gen *G, RgNode *n) {
  if (chance(&G->rng, 4))
    rg_node_set_frozen(G->g, n, true);
}

/* aten._constant of type t: multiples of 1/8 (floats) or small integers,
 * sometimes a splat; rank 0 allowed. */
static RgValue *e_const(Gen *G, const RgType *t) {
  int64_t numel = rg_type_numel(t);
  if (numel < 1 || numel > 4096)
    gen_abort(G, "constant of %s too large", t->text);
  uint32_t n = numel == 1 || chance(&G->rng, 30) ? 1 : (uint32_t)numel;
  RgNode *c = mk(G, "aten._constant", 0, NULL, NULL);
  if (is_float(t->dtype)) {
    double v[4096];
    for (uint32_t i = 0; i < n; i++)
      v[i] = (double)rnd(&G->rng, -32, 32) / 8.0;
    prop(G, c, "value", rg_attr_dense_floats(G->g, t, n, v));
  } else {
    int64_t v[4096];
    int64_t lo = t->dtype == RG_DT_UI8 ? 0 : -8;
    for (uint32_t i = 0; i < n; i++)
      v[i] = rnd(&G->rng, lo, 8);
    prop(G, c, "value", rg_attr_dense_ints(G->g, t, n, v));
  }
  return finish(G, c);
}

static RgValue *e_ints_op(Gen *G, const char *op, const char *name, RgValue *x, int32_t n, const int64_t *v) {
  RgNode *nd = mk(G, op, 1, &x, NULL);
  prop(G, nd, name, rg_attr_dense_array_ints(G->g, RG_DT_I64, (uint32_t)n, v));
  return finish(G, nd);
}

static RgValue *e_view(Gen *G, RgValue *x, int32_t rank, const int64_t *dims) {
  int64_t d[MAX_RANK];
  memcpy(d, dims, sizeof *d * (size_t)rank);
  if (rank > 0 && chance(&G->rng, 20))
    d[rnd(&G->rng, 0, rank - 1)] = -1; /* inferred from the element count */
  return e_ints_op(G, "aten.view_copy", "size", x, rank, d);
}

static RgValue *e_expand(Gen *G, RgValue *x, int32_t rank, const int64_t *dims) {
  int64_t d[MAX_RANK];
  int32_t lead = rank - x->type->rank;
  for (int32_t i = 0; i < rank; i++)
    d[i] = i >= lead && dims[i] == x->type->dims[i - lead] && chance(&G->rng, 25) ? -1 : dims[i];
  return e_ints_op(G, "aten.expand_copy", "size", x, rank, d);
}

static RgValue *e_permute(Gen *G, RgValue *x, const int64_t *perm) {
  int64_t p[MAX_RANK];
  int32_t r = x->type->rank;
  for (int32_t i = 0; i < r; i++)
    p[i] = chance(&G->rng, 10) ? perm[i] - r : perm[i]; /* negative dims wrap */
  return e_ints_op(G, "aten.permute_copy", "dims", x, r, p);
}

static RgValue *e_permute_random(Gen *G, RgValue *x, int64_t *perm) {
  random_perm(G, x->type->rank, perm);
  return e_permute(G, x, perm);
}

static RgValue *e_mul_scalar(Gen *G, RgValue *x, Num c) {
  RgNode *n = mk(G, "aten.mul.Scalar", 1, &x, NULL);
  prop(G, n, "other", num_attr(G, c));
  RgValue *v = finish(G, n);
  maybe_freeze(G, n);
  return v;
}

/* add.Tensor (alpha NULL: absent) or mul.Tensor. */
static RgValue *e_binary(Gen *G, const char *op, RgValue *a, RgValue *b, const Num *alpha) {
  RgValue *ops[2] = {a, b};
  RgNode *n = mk(G, op, 2, ops, NULL);
  if (alpha)
    prop(G, n, "alpha", num_attr(G, *alpha));
  RgValue *v = finish(G, n);
  maybe_freeze(G, n);
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
  return ttype(G, dt, r - drop, dims);
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
    return e_const(G, t);
  if (chance(&G->rng, 15))
    return e_const(G, ttype(G, dt, 0, NULL));
  return new_arg(G, t);
}

static RgValue *e_pick(Gen *G) { return pick(G, any_value, e_random_dtype(G)); }

/* mul.Scalar with every kind of scalar, sometimes chained. */
static void e_mul_scalar_motif(Gen *G) {
  RgValue *x = e_pick(G);
  RgValue *m = e_mul_scalar(G, x, e_scalar(G, x->type->dtype));
  if (chance(&G->rng, 30))
    m = e_mul_scalar(G, m, e_scalar(G, m->type->dtype));
  push(G, m);
}

static void e_mul_tensor_motif(Gen *G) {
  RgValue *x = e_pick(G), *y = e_partner(G, x);
  push(G, chance(&G->rng, 40) ? e_binary(G, "aten.mul.Tensor", y, x, NULL)
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
  push(G, e_binary(G, "aten.add.Tensor", x, y, has ? &a : NULL));
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
  RgValue *q = new_arg(G, ttype(G, dt, 4, (int64_t[]){qb, H, S, D}));
  RgValue *k = new_arg(G, ttype(G, dt, 4, (int64_t[]){B, H, S2, D}));
  Num scale = is_float(dt) && chance(&G->rng, 50) ? num_float(chance(&G->rng, 50) ? 0.125 : 0.5)
                                                  : e_scalar(G, dt);
  int variant = (int)rnd(&G->rng, 0, 5);
  RgValue *qs = q;
  if (variant != 4)
    qs = e_mul_scalar(G, q, scale);
  if (qs->type->dtype != dt) { /* an int q times a float: promoted, no bmm */
    push(G, qs);
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
  RgValue *r = finish(G, mk(G, "aten.bmm", 2, ops, NULL));
  if (variant == 3) /* fan-out: the scaled q has another user */
    push(G, e_binary(G, "aten.add.Tensor", qs, e_partner(G, qs), NULL));
  if (variant == 4)
    r = e_mul_scalar(G, r, scale);
  if (chance(&G->rng, 30))
    push(G, qs);
  push(G, r);
}

/* permute_copy chains: inverse pairs, compositions, identities. */
static void e_permute_motif(Gen *G) {
  RgValue *x = e_pick(G);
  int32_t r = x->type->rank;
  int64_t p[MAX_RANK], q[MAX_RANK];
  RgValue *t = e_permute_random(G, x, p);
  switch (rnd(&G->rng, 0, 3)) {
  case 0: inverse_perm(r, p, q); t = e_permute(G, t, q); break;
  case 1: t = e_permute_random(G, t, q); break;
  case 2: t = e_mul_scalar(G, t, e_scalar(G, t->type->dtype)); t = e_permute_random(G, t, q); break;
  default: break;
  }
  push(G, t);
}

/* view_copy chains and expand_copy (size-1 dims, new leading dims). */
static void e_view_motif(Gen *G) {
  RgValue *x = e_pick(G);
  int64_t dims[MAX_RANK];
  int32_t rank = refactor(G, x->type, dims);
  RgValue *v = e_view(G, x, rank, dims);
  if (chance(&G->rng, 40)) {
    rank = refactor(G, x->type, dims);
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
  push(G, v);
}

/* aten.linear: 2-D (decomposed) and 3-D (kept) inputs, bias of several
 * broadcast shapes or none, weight an argument or a constant. */
static void e_linear_motif(Gen *G) {
  RgDType dt = chance(&G->rng, 85) ? e_float_dtype(G) : RG_DT_I32;
  int64_t M = rnd(&G->rng, 1, 5), K = rnd(&G->rng, 1, 5), N = rnd(&G->rng, 1, 5), Bt = rnd(&G->rng, 1, 3);
  bool three = chance(&G->rng, 25);
  RgValue *x = three ? new_arg(G, ttype(G, dt, 3, (int64_t[]){Bt, M, K})) : NULL;
  if (!x) {
    for (uint32_t i = G->npool; i-- > 0 && !x;)
      if (G->pool[i]->type->rank == 2 && G->pool[i]->type->dtype == dt && chance(&G->rng, 50))
        x = G->pool[i];
    if (!x)
      x = new_arg(G, ttype(G, dt, 2, (int64_t[]){M, K}));
    M = x->type->dims[0];
    K = x->type->dims[1];
  }
  const RgType *wt = ttype(G, dt, 2, (int64_t[]){N, K});
  RgValue *w = chance(&G->rng, 30) ? e_const(G, wt) : new_arg(G, wt);
  RgValue *ops[3] = {x, w, NULL};
  uint32_t nops = 3;
  switch (rnd(&G->rng, 0, 5)) {
  case 0: nops = 2; break;
  case 1: ops[2] = new_arg(G, ttype(G, dt, 1, (int64_t[]){1})); break;
  case 2: ops[2] = new_arg(G, ttype(G, dt, 0, NULL)); break; /* a zero-dim bias */
  case 3: ops[2] = e_const(G, ttype(G, dt, 1, &N)); break;
  default: ops[2] = new_arg(G, ttype(G, dt, 1, &N)); break;
  }
  RgNode *n = mk(G, "aten.linear", nops, ops, NULL);
  push(G, finish(G, n));
  maybe_freeze(G, n);
}

/* aten.addmm with default (absent or 1) and other alpha/beta. */
static void e_addmm_motif(Gen *G) {
  RgDType dt = chance(&G->rng, 85) ? e_float_dtype(G) : RG_DT_I32;
  int64_t M = rnd(&G->rng, 1, 5), K = rnd(&G->rng, 1, 5), N = rnd(&G->rng, 1, 5);
  const RgType *bt;
  switch (rnd(&G->rng, 0, 4)) {
  case 0: bt = ttype(G, dt, 1, &N); break;
  case 1: bt = ttype(G, dt, 2, (int64_t[]){1, N}); break;
  case 2: bt = ttype(G, dt, 2, (int64_t[]){M, 1}); break;
  case 3: bt = ttype(G, dt, 0, NULL); break;
  default: bt = ttype(G, dt, 2, (int64_t[]){M, N}); break;
  }
  RgValue *ops[3] = {chance(&G->rng, 25) ? e_const(G, bt) : new_arg(G, bt),
                     new_arg(G, ttype(G, dt, 2, (int64_t[]){M, K})), new_arg(G, ttype(G, dt, 2, (int64_t[]){K, N}))};
  RgNode *n = mk(G, "aten.addmm", 3, ops, NULL);
  static const char *const names[2] = {"alpha", "beta"};
  /* Both spelled out as 1 (what addmm_plain matches; absent scales and
   * 1.0 do not match it), or each absent, 1, 1.0 or another value. */
  bool plain = chance(&G->rng, 40);
  for (int i = 0; i < 2 && plain; i++)
    prop(G, n, names[i], num_attr(G, num_int(1)));
  for (int i = 0; i < 2 && !plain; i++) {
    switch (rnd(&G->rng, 0, 5)) {
    case 0: case 1: break; /* absent: the default 1 */
    case 2: prop(G, n, names[i], num_attr(G, num_int(1))); break;
    case 3: prop(G, n, names[i], num_attr(G, is_float(dt) ? num_float(1.0) : num_int(1))); break;
    case 4: prop(G, n, names[i], num_attr(G, num_int(rnd(&G->rng, -2, 3)))); break;
    default: prop(G, n, names[i], num_attr(G, is_float(dt) ? num_float(chance(&G->rng, 50) ? 0.5 : 0.1) : num_int(2))); break;
    }
  }
  RgValue *r = finish(G, n);
  maybe_freeze(G, n);
  if (chance(&G->rng, 25))
    r = e_mul_scalar(G, r, e_scalar(G, dt));
  push(G, r);
}

static const Motif edge_motifs[] = {e_mul_scalar_motif, e_mul_scalar_motif, e_mul_tensor_motif, e_add_motif,
                                    e_add_motif, e_sdpa_motif, e_sdpa_motif, e_permute_motif, e_view_motif,
                                    e_linear_motif, e_addmm_motif};
enum { NUM_EDGE_MOTIFS = sizeof edge_motifs / sizeof edge_motifs[0] };

static bool append_type_text(char *buf, size_t cap, size_t *len, const char *s) {
  size_t n = strlen(s);
  if (*len + n + 1 > cap)
    return false;
  memcpy(buf + *len, s, n + 1);
  *len += n;
  return true;
}

/* Builds graph number `seed`: builtin.module { func.func @main }. Returns
 * NULL (with a message in err) when generation failed. */
static RgGraph *generate(uint64_t seed, bool edge, char *err, size_t errlen) {
  Gen *G = calloc(1, sizeof *G);
  if (!G) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  G->rng.s = seed * 0x2545f4914f6cdd1dull + 17;
  G->g = rg_graph_new();
  if (!G->g) {
    free(G);
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  RgGraph *g = G->g;
  if (setjmp(G->fail)) {
    snprintf(err, errlen, "%s", G->err);
    rg_graph_free(g);
    free(G);
    return NULL;
  }
  RgNode *mod = rg_node_create(g, rg_op_intern(g, "builtin.module", 14), 0, NULL, 0, NULL, 1);
  RgNode *f = rg_node_create(g, rg_op_intern(g, "func.func", 9), 0, NULL, 0, NULL, 1);
  if (!mod || !f)
    gen_abort(G, "out of memory%s", "");
  rg_block_append(g, rg_graph_body(g), mod);
  RgBlock *mb = rg_region_add_block(g, &mod->regions[0]);
  G->body = rg_region_add_block(g, &f->regions[0]);
  if (!mb || !G->body)
    gen_abort(G, "out of memory%s", "");
  rg_block_append(g, mb, f);
  G->func = f;
  prop(G, f, "sym_name", rg_attr_string(g, "main", 4));

  int steps = (int)rnd(&G->rng, 2, 9);
  for (int i = 0; i < steps; i++) {
    if (edge)
      edge_motifs[rnd(&G->rng, 0, NUM_EDGE_MOTIFS - 1)](G);
    else
      motifs[rnd(&G->rng, 0, NUM_MOTIFS - 1)](G);
  }

  /* Return every value nobody uses (and a few that others use too). */
  RgValue *ret[MAX_RET];
  uint32_t nret = 0;
  for (uint32_t i = G->npool; i-- > 0 && nret < MAX_RET;) {
    RgValue *v = G->pool[i];
    bool dup = false;
    for (uint32_t k = 0; k < nret; k++)
      dup = dup || ret[k] == v;
    if (dup || (v->flags & RG_VALUE_BLOCK_ARG))
      continue;
    if (v->num_uses == 0 || chance(&G->rng, 5))
      ret[nret++] = v;
  }
  if (nret == 0)
    ret[nret++] = G->pool[G->npool - 1];
  RgNode *rn = rg_node_create(g, rg_op_intern(g, "func.return", 11), nret, ret, 0, NULL, 0);
  if (!rn)
    gen_abort(G, "out of memory%s", "");
  rg_block_append(g, G->body, rn);

  /* function_type = (args) -> results */
  char ft[4096];
  size_t len = 0;
  bool ok = append_type_text(ft, sizeof ft, &len, "(");
  for (uint32_t i = 0; i < G->nargs; i++) {
    ok = ok && (i == 0 || append_type_text(ft, sizeof ft, &len, ", "));
    ok = ok && append_type_text(ft, sizeof ft, &len, G->args[i]->type->text);
  }
  ok = ok && append_type_text(ft, sizeof ft, &len, nret == 1 ? ") -> " : ") -> (");
  for (uint32_t i = 0; i < nret; i++) {
    ok = ok && (i == 0 || append_type_text(ft, sizeof ft, &len, ", "));
    ok = ok && append_type_text(ft, sizeof ft, &len, ret[i]->type->text);
  }
  ok = ok && (nret == 1 || append_type_text(ft, sizeof ft, &len, ")"));
  if (!ok)
    gen_abort(G, "function type too long%s", "");
  const RgType *fty = rg_type_get(g, ft, len);
  if (!fty)
    gen_abort(G, "out of memory%s", "");
  prop(G, f, "function_type", rg_attr_type(g, fty));
  free(G);
  return g;
}

/* ---- checks ---- */

static RgNode *main_func(RgGraph *g) { return (RgNode *)rg_interp_find_func(g, "main"); }

/* Every TOSA op's result type is what its shape hook computes now. */
static bool types_consistent(RgGraph *g, char *msg, size_t msglen) {
  RgNode *f = main_func(g);
  if (!f)
    return snprintf(msg, msglen, "@main is gone"), false;
  for (RgNode *n = f->regions[0].first->first; n; n = n->next) {
    const RgOpDesc *d = find_desc(rg_op_name(g, n->op));
    if (!d || !d->infer || n->num_results != 1)
      continue;
    const RgType *res[1] = {NULL};
    char err[200] = "";
    if (d->infer(g, n, res, err, sizeof err) != RG_OK) {
      snprintf(msg, msglen, "%s (node %u): shape hook refuses it: %s", d->name, n->id, err);
      return false;
    }
    if (res[0] != n->results[0].type) {
      snprintf(msg, msglen, "%s (node %u): result type %s, shape hook says %s", d->name, n->id,
               n->results[0].type->text, res[0] ? res[0]->text : "?");
      return false;
    }
  }
  return true;
}

/* Edge family: mul.Scalar nodes from which aten.bmm is reachable through
 * view_copy/expand_copy only (the SDPA scale the guard must keep), and
 * frozen nodes (which no rule may touch). Compared before and after. */
static bool reaches_bmm(RgGraph *g, const RgValue *v, int depth) {
  for (const RgUse *u = v->uses; u && depth < 16; u = u->next) {
    const char *op = rg_op_name(g, u->user->op);
    if (strcmp(op, "aten.bmm") == 0)
      return true;
    if ((strcmp(op, "aten.view_copy") == 0 || strcmp(op, "aten.expand_copy") == 0) &&
        reaches_bmm(g, &u->user->results[0], depth + 1))
      return true;
  }
  return false;
}

typedef struct EdgeCounts {
  uint32_t guarded, frozen;
} EdgeCounts;

static EdgeCounts edge_counts(RgGraph *g) {
  EdgeCounts c = {0, 0};
  RgNode *f = main_func(g);
  for (RgNode *n = f ? f->regions[0].first->first : NULL; n; n = n->next) {
    c.frozen += rg_node_is_frozen(n);
    if (strcmp(rg_op_name(g, n->op), "aten.mul.Scalar") == 0 && reaches_bmm(g, &n->results[0], 0))
      c.guarded++;
  }
  return c;
}

/* ---- the driver ---- */

typedef struct Options {
  uint64_t seed;
  uint32_t count, inputs, min_fires, max_failures;
  const char *outdir;
  bool verbose, quiet;
  bool edge;          /* --family edge: aten graphs, the xnnpack pipeline */
  int ntargets;       /* 2 (ethos-u55, ethos-u85) or 1 (xnnpack) */
} Options;

typedef struct Target {
  const char *name; /* pipeline name */
  const RgPipelineDesc *pl;
} Target;

/* Fire counts per distinct pass of both pipelines. */
typedef struct PassFires {
  const RgPassDesc *pass;
  uint64_t *fires[2]; /* per target, num_rules entries */
} PassFires;

typedef struct Totals {
  uint64_t tested, unpredictable, unsupported, gen_failed, invalid_before, failures;
  uint64_t nodes, runs;
  PassFires passes[16];
  uint32_t npasses;
} Totals;

static PassFires *pass_fires(Totals *T, const RgPassDesc *p) {
  for (uint32_t i = 0; i < T->npasses; i++)
    if (T->passes[i].pass == p)
      return &T->passes[i];
  if (T->npasses == 16)
    return NULL;
  PassFires *pf = &T->passes[T->npasses++];
  pf->pass = p;
  for (int k = 0; k < 2; k++)
    pf->fires[k] = calloc(p->num_rules ? p->num_rules : 1, sizeof(uint64_t));
  return pf->fires[0] && pf->fires[1] ? pf : NULL;
}

static void write_graph(const Options *o, RgGraph *g, uint64_t seed, const char *suffix) {
  size_t len = 0;
  char *text = rg_mlir_write(g, &len);
  if (!text)
    return;
  char path[1024], err[256];
  snprintf(path, sizeof path, "%s/rgdiff-fail-%llu%s.mlir", o->outdir, (unsigned long long)seed, suffix);
  if (rg_write_file_atomic(path, text, len, err, sizeof err) == 0)
    fprintf(stderr, "rgdiff:   wrote %s\n", path);
  else
    fprintf(stderr, "rgdiff:   %s\n", err);
  rg_free(text);
}

/* ".after-ethos-u55" for pipeline ethos_u55. */
static void suffix_for(const char *target, char *buf, size_t len) {
  snprintf(buf, len, ".after-%s", target);
  for (char *p = buf; *p; p++)
    if (*p == '_')
      *p = '-';
}

static void report_failure(const Options *o, Totals *T, uint64_t seed, const char *target, const char *what,
                           RgGraph *after) {
  T->failures++;
  fprintf(stderr, "rgdiff: FAIL seed %llu, target %s: %s\n", (unsigned long long)seed, target, what);
  char err[256];
  RgGraph *before = generate(seed, o->edge, err, sizeof err);
  if (before) {
    write_graph(o, before, seed, "");
    rg_graph_free(before);
  }
  if (after) {
    char suffix[64];
    suffix_for(target, suffix, sizeof suffix);
    write_graph(o, after, seed, suffix);
  }
  fprintf(stderr, "rgdiff:   reproduce: rgdiff%s --seed %llu --count 1\n", o->edge ? " --family edge" : "",
          (unsigned long long)seed);
}

/* Runs graph `seed`: 0 tested, 1 skipped, -1 failed. */
static int run_one(const Options *o, const Target *targets, Totals *T, uint64_t seed) {
  char err[512], msg[1024];
  RgGraph *g = generate(seed, o->edge, err, sizeof err);
  if (!g) {
    T->gen_failed++;
    if (o->verbose)
      fprintf(stderr, "rgdiff: seed %llu: generator: %s\n", (unsigned long long)seed, err);
    return 1;
  }
  if (rg_graph_verify(g, msg, sizeof msg) != RG_OK) {
    fprintf(stderr, "rgdiff: seed %llu: generated graph does not verify: %s\n", (unsigned long long)seed, msg);
    rg_graph_free(g);
    T->gen_failed++;
    return 1;
  }
  RgNode *f = main_func(g);
  /* Reference runs: input sets whose results the specification defines. */
  RgTensor *ins[8] = {0}, *outs[8] = {0};
  uint32_t nin[8] = {0}, nout[8] = {0}, nsets = 0;
  RgInterp *ip = rg_interp_new(g, rg_ops_builtin, rg_num_ops_builtin);
  int rc = 0;
  for (uint32_t s = 0; s < o->inputs * 3 && nsets < o->inputs && nsets < 8; s++) {
    uint32_t k = nsets;
    if (rg_interp_random_inputs(f, seed * 1000 + s, &ins[k], &nin[k]) != RG_OK) {
      rc = 1;
      break;
    }
    if (rg_interp_run(ip, f, ins[k], nin[k], &outs[k], &nout[k], err, sizeof err) == RG_OK) {
      nsets++;
      continue;
    }
    RgInterpError e = rg_interp_last_error(ip);
    rg_tensor_array_free(ins[k], nin[k]);
    ins[k] = NULL;
    if (e == RG_INTERP_UNPREDICTABLE)
      continue;
    if (e == RG_INTERP_UNSUPPORTED)
      T->unsupported++;
    else
      T->invalid_before++;
    if (o->verbose || e == RG_INTERP_INVALID)
      fprintf(stderr, "rgdiff: seed %llu: generated graph does not run: %s\n", (unsigned long long)seed, err);
    rc = 2;
    break;
  }
  rg_interp_free(ip);
  rg_graph_free(g);
  if (rc == 0 && nsets == 0) {
    T->unpredictable++;
    rc = 1;
  }
  if (rc != 0) {
    for (uint32_t k = 0; k < nsets; k++) {
      rg_tensor_array_free(ins[k], nin[k]);
      rg_tensor_array_free(outs[k], nout[k]);
    }
    return 1;
  }

  int result = 0;
  for (int t = 0; t < o->ntargets && result == 0; t++) {
    g = generate(seed, o->edge, err, sizeof err);
    if (!g) {
      result = -1;
      report_failure(o, T, seed, targets[t].name, "graph could not be regenerated", NULL);
      break;
    }
    T->nodes += rg_graph_num_nodes(g);
    EdgeCounts before_counts = o->edge ? edge_counts(g) : (EdgeCounts){0, 0};
    RgRunOptions ro;
    rg_run_options_init(&ro);
    ro.verify_each = true;
    RgRunStats st;
    RgStatus s = rg_pipeline_run(g, targets[t].pl->passes, targets[t].pl->num_passes, &ro, &st, err, sizeof err);
    if (s == RG_OK) {
      for (uint32_t i = 0; i < st.num_passes; i++) {
        PassFires *pf = pass_fires(T, targets[t].pl->passes[i]);
        for (uint16_t r = 0; pf && r < targets[t].pl->passes[i]->num_rules; r++)
          pf->fires[t][r] += st.passes[i].rule_fires[r];
      }
    }
    rg_run_stats_free(&st);
    if (s != RG_OK) {
      snprintf(msg, sizeof msg, "the pipeline failed: %s", err);
      report_failure(o, T, seed, targets[t].name, msg, NULL);
      result = -1;
    } else if (rg_graph_verify(g, err, sizeof err) != RG_OK) {
      snprintf(msg, sizeof msg, "the rewritten graph does not verify: %s", err);
      report_failure(o, T, seed, targets[t].name, msg, g);
      result = -1;
    } else if (!types_consistent(g, err, sizeof err)) {
      snprintf(msg, sizeof msg, "the rewritten graph is mistyped: %s", err);
      report_failure(o, T, seed, targets[t].name, msg, g);
      result = -1;
    } else if (o->edge) {
      EdgeCounts c = edge_counts(g);
      if (c.guarded != before_counts.guarded || c.frozen != before_counts.frozen) {
        snprintf(msg, sizeof msg,
                 "mul.Scalar reaching bmm through view/expand: %u before, %u after; frozen nodes: %u before, "
                 "%u after",
                 before_counts.guarded, c.guarded, before_counts.frozen, c.frozen);
        report_failure(o, T, seed, targets[t].name, msg, g);
        result = -1;
      }
    }
    ip = result == 0 ? rg_interp_new(g, rg_ops_builtin, rg_num_ops_builtin) : NULL;
    for (uint32_t k = 0; k < nsets && ip && result == 0; k++) {
      RgTensor *after = NULL;
      uint32_t nafter = 0;
      T->runs++;
      if (rg_interp_run(ip, main_func(g), ins[k], nin[k], &after, &nafter, err, sizeof err) != RG_OK) {
        snprintf(msg, sizeof msg, "input set %u ran before the pipeline but not after: %s", k, err);
        report_failure(o, T, seed, targets[t].name, msg, g);
        result = -1;
        break;
      }
      if (nafter != nout[k]) {
        snprintf(msg, sizeof msg, "%u results after the pipeline, %u before", nafter, nout[k]);
        report_failure(o, T, seed, targets[t].name, msg, g);
        result = -1;
      }
      for (uint32_t i = 0; i < nafter && result == 0; i++) {
        char diff[256];
        if (rg_tensor_first_diff(&outs[k][i], &after[i], diff, sizeof diff) >= 0) {
          snprintf(msg, sizeof msg, "input set %u, result %u differs: %s", k, i, diff);
          report_failure(o, T, seed, targets[t].name, msg, g);
          result = -1;
        }
      }
      rg_tensor_array_free(after, nafter);
    }
    rg_interp_free(ip);
    rg_graph_free(g);
  }
  for (uint32_t k = 0; k < nsets; k++) {
    rg_tensor_array_free(ins[k], nin[k]);
    rg_tensor_array_free(outs[k], nout[k]);
  }
  if (result == 0)
    T->tested++;
  return result;
}

static void print_table(const Options *o, const Totals *T, const Target *targets, bool *too_few) {
  if (o->ntargets == 1)
    printf("%-34s %10s\n", "rule", targets[0].name);
  else
    printf("%-34s %10s %10s %10s\n", "rule", targets[0].name, targets[1].name, "total");
  *too_few = false;
  for (uint32_t i = 0; i < T->npasses; i++) {
    const RgPassDesc *p = T->passes[i].pass;
    for (uint16_t r = 0; r < p->num_rules; r++) {
      char name[128];
      snprintf(name, sizeof name, "%s.%s", p->name, p->rules[r].name);
      uint64_t a = T->passes[i].fires[0][r], b = T->passes[i].fires[1][r];
      bool low = a + b < o->min_fires;
      *too_few = *too_few || low;
      if (o->ntargets == 1)
        printf("%-34s %10llu%s\n", name, (unsigned long long)a, low ? "  < --min-fires" : "");
      else
        printf("%-34s %10llu %10llu %10llu%s\n", name, (unsigned long long)a, (unsigned long long)b,
               (unsigned long long)(a + b), low ? "  < --min-fires" : "");
    }
  }
}

static bool parse_u64(const char *s, uint64_t max, uint64_t *out) {
  char *end;
  if (!s || !*s || *s == '-')
    return false;
  unsigned long long v = strtoull(s, &end, 10);
  if (*end || v > max)
    return false;
  *out = v;
  return true;
}

static int usage(const char *msg, const char *arg) {
  if (msg) {
    fprintf(stderr, "rgdiff: ");
    fprintf(stderr, msg, arg);
    fprintf(stderr, "\nTry 'rgdiff --help' for more information.\n");
    return 2;
  }
  printf("usage: rgdiff [options]\n\n"
         "Generates random TOSA graphs, runs the ethos-u55 and ethos-u85 pipelines on\n"
         "them and requires the interpreter to give bit-identical results before and\n"
         "after (--family edge: edge-dialect graphs and the xnnpack pipeline). Prints\n"
         "how often each rule fired. Exit status: 0 ok, 1 a failure or a rule that\n"
         "fired fewer than --min-fires times, 2 bad usage.\n\n"
         "options:\n"
         "  --family F      tosa (default) or edge\n"
         "  --count N       graphs to test (default 300; skipped ones do not count)\n"
         "  --seed S        seed of the first graph (default 1); graph i uses S + i\n"
         "  --inputs N      random input sets per graph (default 2, at most 8)\n"
         "  --min-fires N   fail when a rule fired fewer than N times in total\n"
         "  --max-failures N  stop after N failing graphs (default 5)\n"
         "  --out DIR       where failing graphs are written (default .)\n"
         "  --dump          write graph --seed to standard output and exit\n"
         "  --verbose       report skipped graphs\n"
         "  --quiet         no rule table\n");
  return -1;
}

int main(int argc, char **argv) {
  Options o = {1, 300, 2, 0, 5, ".", false, false, false, 2};
  bool dump = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    uint64_t v;
    const char *val = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
      return usage(NULL, NULL) < 0 ? 0 : 2;
    else if (strcmp(a, "--verbose") == 0)
      o.verbose = true;
    else if (strcmp(a, "--quiet") == 0)
      o.quiet = true;
    else if (strcmp(a, "--dump") == 0)
      dump = true;
    else if (strcmp(a, "--family") == 0 && val && (strcmp(val, "tosa") == 0 || strcmp(val, "edge") == 0))
      o.edge = strcmp(argv[++i], "edge") == 0;
    else if (strcmp(a, "--out") == 0 && val)
      o.outdir = argv[++i];
    else if (strcmp(a, "--seed") == 0 && parse_u64(val, UINT64_MAX / 4, &v))
      o.seed = v, i++;
    else if (strcmp(a, "--count") == 0 && parse_u64(val, 100000000, &v))
      o.count = (uint32_t)v, i++;
    else if (strcmp(a, "--inputs") == 0 && parse_u64(val, 8, &v) && v > 0)
      o.inputs = (uint32_t)v, i++;
    else if (strcmp(a, "--min-fires") == 0 && parse_u64(val, UINT32_MAX, &v))
      o.min_fires = (uint32_t)v, i++;
    else if (strcmp(a, "--max-failures") == 0 && parse_u64(val, UINT32_MAX, &v) && v > 0)
      o.max_failures = (uint32_t)v, i++;
    else
      return usage("bad option or value '%s'", a);
  }
  if (dump) {
    char err[256];
    RgGraph *g = generate(o.seed, o.edge, err, sizeof err);
    if (!g) {
      fprintf(stderr, "rgdiff: seed %llu: %s\n", (unsigned long long)o.seed, err);
      return 1;
    }
    size_t len;
    char *text = rg_mlir_write(g, &len);
    rg_graph_free(g);
    if (!text)
      return 1;
    fwrite(text, 1, len, stdout);
    rg_free(text);
    return 0;
  }
  Target targets[2] = {{"ethos_u55", NULL}, {"ethos_u85", NULL}};
  if (o.edge) {
    targets[0].name = "xnnpack";
    o.ntargets = 1;
  }
  for (const RgPipelineDesc *const *pl = rg_pipelines_builtin; *pl; pl++)
    for (int t = 0; t < o.ntargets; t++)
      if (strcmp((*pl)->name, targets[t].name) == 0)
        targets[t].pl = *pl;
  for (int t = 0; t < o.ntargets; t++)
    if (!targets[t].pl) {
      fprintf(stderr, "rgdiff: pipeline %s is not built in\n", targets[t].name);
      return 1;
    }
  Totals T;
  memset(&T, 0, sizeof T);
  /* Every pass of both pipelines appears in the table, fired or not. */
  for (int t = 0; t < o.ntargets; t++)
    for (uint32_t i = 0; i < targets[t].pl->num_passes; i++)
      pass_fires(&T, targets[t].pl->passes[i]);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  uint64_t seed = o.seed, attempts = 0;
  while (T.tested + T.failures < o.count && T.failures < o.max_failures) {
    run_one(&o, targets, &T, seed++);
    if (++attempts > (uint64_t)o.count * 20 + 100) {
      fprintf(stderr, "rgdiff: too many skipped graphs\n");
      T.failures++;
      break;
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  bool too_few = false;
  if (!o.quiet)
    print_table(&o, &T, targets, &too_few);
  else {
    bool dummy;
    (void)dummy;
    for (uint32_t i = 0; i < T.npasses; i++)
      for (uint16_t r = 0; r < T.passes[i].pass->num_rules; r++)
        too_few = too_few || T.passes[i].fires[0][r] + T.passes[i].fires[1][r] < o.min_fires;
  }
  printf("rgdiff: seeds %llu..%llu: %llu %s graphs bit-identical on %s, %llu failed; "
         "skipped %llu (unpredictable inputs %llu, unsupported %llu, generator %llu, invalid %llu); "
         "%llu nodes, %llu comparison runs, %.2f s\n",
         (unsigned long long)o.seed, (unsigned long long)(seed - 1), (unsigned long long)T.tested,
         o.edge ? "edge" : "TOSA", o.edge ? "the xnnpack pipeline" : "both pipelines", (unsigned long long)T.failures,
         (unsigned long long)(T.unpredictable + T.unsupported + T.gen_failed + T.invalid_before),
         (unsigned long long)T.unpredictable, (unsigned long long)T.unsupported, (unsigned long long)T.gen_failed,
         (unsigned long long)T.invalid_before, (unsigned long long)T.nodes, (unsigned long long)T.runs, secs);
  if (too_few)
    printf("rgdiff: some rule fired fewer than %u times: extend the generator\n", o.min_fires);
  for (uint32_t i = 0; i < T.npasses; i++)
    for (int k = 0; k < 2; k++)
      free(T.passes[i].fires[k]);
  return T.failures || too_few || T.invalid_before ? 1 : 0;
}
