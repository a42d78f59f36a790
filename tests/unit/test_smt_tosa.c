/* tests/unit/test_smt_tosa.c - the SMT meanings of the TOSA ops
 * (backends/tosa/tosa_smt.c) against their evaluators: one op on argument
 * tensors of edge values (-0.0, NaN, infinities, denormals, the integer
 * extremes) and random ones, run by the interpreter and encoded for Z3
 * with the arguments fixed by a model; every element must have the same
 * bits (all NaNs count as one: Z3 has one NaN), and the meaning must call
 * an element defined wherever the evaluator ran. Without Z3 it is empty. */
#include "check.h"
#include "interp_tb.h"
#ifdef RG_HAVE_Z3
#include <float.h>
#include <stdlib.h>
#include "prove/prove_internal.h"
#include "rulegen/eval.h"

static Z3_context z;
static int cases;

static Z3_ast elem_of(RgSmt *s, const RgTensor *t, int64_t i) {
  return rg_tensor_is_float(t) ? rg_smt_float(s, t->dtype, rg_tensor_get_float(t, i))
                               : rg_smt_int(s, t->dtype, rg_tensor_get_int(t, i));
}

/* Every argument element the encoding reads, fixed: `from` leaf
 * applications at numeral indices, `to` the argument's values. */
typedef struct Fix {
  Z3_ast *from, *to;
  unsigned n;
} Fix;

static void fix_args(RgSmt *s, const RgTensor *in, Fix *fx) {
  unsigned cap = 0;
  for (uint32_t l = 0; l < s->nleaves; l++)
    cap += (unsigned)in[s->leaves[l].v->index].numel;
  fx->from = calloc(cap + 1, sizeof *fx->from);
  fx->to = calloc(cap + 1, sizeof *fx->to);
  fx->n = 0;
  for (uint32_t l = 0; l < s->nleaves; l++) {
    const RgTensor *x = &in[s->leaves[l].v->index];
    for (int64_t i = 0; i < x->numel; i++) {
      Z3_ast idx[8];
      rg_smt_delinear(s, rg_smt_index(s, i), x->dims, x->rank, idx);
      fx->from[fx->n] = Z3_mk_app(z, s->leaves[l].f, (unsigned)x->rank, idx);
      fx->to[fx->n++] = elem_of(s, x, i);
    }
  }
}

static bool holds(const Fix *fx, Z3_ast c) {
  Z3_ast r = Z3_simplify(z, Z3_substitute(z, Z3_simplify(z, c), fx->n, fx->from, fx->to));
  return Z3_get_bool_value(z, r) == Z3_L_TRUE;
}

/* Runs the graph returning `out` on `in` and compares every element. */
static void diff(TB *t, RgValue *out, RgTensor *in, uint32_t nin, const char *what) {
  tb_ret1(t, out);
  RgStatus st = tb_run(t, in, nin);
  bool undefined = st != RG_OK && t->kind == RG_INTERP_UNPREDICTABLE;
  if (st != RG_OK && !undefined) {
    printf("FAIL %s: the evaluator failed: %s\n", what, t->err);
    check_failures++;
    return;
  }
  RgSmt s;
  prove_smt_init(&s, z, t->g);
  const RgOpDesc *regs[1] = {rg_ops_builtin};
  uint32_t counts[1] = {rg_num_ops_builtin};
  s.regs = regs, s.reg_counts = counts, s.nregs = 1;
  const RgType *rt = out->type;
  Z3_ast *vals = calloc((size_t)rg_type_numel(rt), sizeof *vals), *defs = calloc((size_t)rg_type_numel(rt), sizeof *defs);
  for (int64_t i = 0; i < rg_type_numel(rt) && !s.failed; i++) {
    Z3_ast idx[8];
    rg_smt_delinear(&s, rg_smt_index(&s, i), rt->dims, rt->rank, idx);
    vals[i] = prove_smt_value(&s, out, idx);
    defs[i] = prove_smt_take_reqs(&s);
  }
  if (s.failed) {
    printf("FAIL %s: no encoding: %s\n", what, s.why);
    check_failures++;
  } else {
    Fix m;
    fix_args(&s, in, &m);
    bool all_def = true;
    for (int64_t i = 0; i < rg_type_numel(rt); i++) {
      bool d = holds(&m, defs[i]);
      all_def = all_def && d;
      if (!undefined && (!d || !holds(&m, Z3_mk_eq(z, vals[i], elem_of(&s, &t->outs[0], i))))) {
        char msg[160];
        printf("FAIL %s: element %lld: evaluator %s, meaning %s\n", what, (long long)i,
               rg_tensor_format(&t->outs[0], 8, msg, sizeof msg), d ? "differs" : "calls it undefined");
        check_failures++;
        break;
      }
    }
    if (undefined && all_def) {
      printf("FAIL %s: the evaluator found a REQUIRE failure (%s), the meaning none\n", what, t->err);
      check_failures++;
    }
    free(m.from);
    free(m.to);
  }
  cases++;
  free(vals);
  free(defs);
  prove_smt_free(&s);
}

static const double fedges[] = {-0.0, 0.0, NAN, INFINITY, -INFINITY, 1.4e-45, -1.4e-45, FLT_MAX, -FLT_MAX,
                                1.0, -1.0, 1.5, 2.5, -3.75, 1.2e-38, 0.1, 65504.0, 3.0e-8};
static const int64_t iedges[] = {INT64_MIN, INT64_MAX, 0, 1, -1, 2, -2, 5, -7, 100, 1 << 20};
#define NF (sizeof fedges / sizeof *fedges)
#define NI (sizeof iedges / sizeof *iedges)

/* A tensor<n x dt> argument holding vals (floats rounded, ints clamped). */
static RgTensor arg_tensor(RgDType dt, uint32_t n, const double *fv, const int64_t *iv) {
  RgTensor x;
  int64_t dims[1] = {n};
  rg_tensor_init(&x, dt, 1, dims);
  for (uint32_t i = 0; i < n; i++) {
    if (rg_dtype_is_float(dt)) {
      rg_tensor_set_float(&x, i, fv[i]);
    } else {
      int64_t v = iv[i] < rg_elem_min(dt) ? rg_elem_min(dt) : iv[i] > rg_elem_max(dt) ? rg_elem_max(dt) : iv[i];
      rg_tensor_set_int(&x, i, v);
    }
  }
  return x;
}

static const char *type_of(char *buf, size_t len, uint32_t n, RgDType dt) {
  snprintf(buf, len, "tensor<%ux%s>", n, rg_dtype_name(dt));
  return buf;
}

/* op(a, b, extra...) over every pair of edge values of dt. */
static void binary(const char *op, RgDType dt, RgDType out_dt, const char *nan_mode, int shift) {
  uint32_t k = rg_dtype_is_float(dt) ? NF : NI, n = k * k;
  double *fa = malloc(sizeof *fa * n), *fb = malloc(sizeof *fb * n);
  int64_t *ia = malloc(sizeof *ia * n), *ib = malloc(sizeof *ib * n);
  for (uint32_t i = 0; i < n; i++) {
    fa[i] = fedges[(i / k) % NF], fb[i] = fedges[i % NF];
    ia[i] = iedges[(i / k) % NI], ib[i] = iedges[i % NI];
  }
  bool ints = !rg_dtype_is_float(dt);
  /* integer ops with REQUIREs run one pair at a time, so one overflow
   * leaves the other pairs checked */
  uint32_t per = ints ? 1 : n;
  for (uint32_t at = 0; at < n; at += per) {
    TB t;
    tb_init(&t);
    char ty[48], oty[48], what[96];
    RgValue *ops[3] = {tb_arg(&t, type_of(ty, sizeof ty, per, dt)), tb_arg(&t, ty), NULL};
    uint32_t nops = 2;
    if (shift >= 0)
      ops[nops++] = tb_scalar_i(&t, "tensor<1xi8>", shift);
    RgNode *nd = tb_node(&t, op, type_of(oty, sizeof oty, per, out_dt), nops, ops);
    if (nan_mode)
      tb_prop_opaque(&t, nd, "nan_mode", nan_mode);
    RgTensor in[2] = {arg_tensor(dt, per, fa + at, ia + at), arg_tensor(dt, per, fb + at, ib + at)};
    snprintf(what, sizeof what, "%s %s%s%s", op, rg_dtype_name(dt), nan_mode ? " " : "", nan_mode ? nan_mode : "");
    diff(&t, &nd->results[0], in, 2, what);
    rg_tensor_release(&in[0]);
    rg_tensor_release(&in[1]);
    tb_free(&t);
  }
  free(fa), free(fb), free(ia), free(ib);
}

static void test_binary(void) {
  static const RgDType fl[] = {RG_DT_F32, RG_DT_F16, RG_DT_BF16};
  static const char *const modes[] = {NULL, "#tosa.nan_mode<IGNORE>"};
  for (int f = 0; f < 3; f++) {
    binary("tosa.add", fl[f], fl[f], NULL, -1);
    binary("tosa.sub", fl[f], fl[f], NULL, -1);
    binary("tosa.mul", fl[f], fl[f], NULL, 0);
    for (int m = 0; m < 2; m++) {
      binary("tosa.maximum", fl[f], fl[f], modes[m], -1);
      binary("tosa.minimum", fl[f], fl[f], modes[m], -1);
    }
    binary("tosa.equal", fl[f], RG_DT_I1, NULL, -1);
    binary("tosa.greater", fl[f], RG_DT_I1, NULL, -1);
    binary("tosa.greater_equal", fl[f], RG_DT_I1, NULL, -1);
  }
  static const RgDType in[] = {RG_DT_I8, RG_DT_I16, RG_DT_I32};
  for (int i = 0; i < 3; i++) {
    binary("tosa.add", in[i], in[i], NULL, -1);
    binary("tosa.sub", in[i], in[i], NULL, -1);
    binary("tosa.mul", in[i], RG_DT_I32, NULL, 0);
    binary("tosa.maximum", in[i], in[i], NULL, -1);
    binary("tosa.minimum", in[i], in[i], NULL, -1);
    binary("tosa.greater", in[i], RG_DT_I1, NULL, -1);
    binary("tosa.bitwise_xor", in[i], in[i], NULL, -1);
  }
  binary("tosa.mul", RG_DT_I32, RG_DT_I32, NULL, 2);
  binary("tosa.mul", RG_DT_I32, RG_DT_I32, NULL, 31);
  binary("tosa.logical_and", RG_DT_I1, RG_DT_I1, NULL, -1);
}

/* op(x) over the edge values, with optional clamp bounds. */
static void unary(const char *op, RgDType dt, RgDType out_dt, double lo, double hi, const char *nan_mode) {
  bool ints = !rg_dtype_is_float(dt);
  uint32_t n = ints ? NI : NF;
  for (uint32_t at = 0; at < n; at += ints ? 1 : n) {
    uint32_t per = ints ? 1 : n;
    TB t;
    tb_init(&t);
    char ty[48], oty[48], what[96];
    RgValue *ops[3] = {tb_arg(&t, type_of(ty, sizeof ty, per, dt)), NULL, NULL};
    uint32_t nops = 1;
    if (strcmp(op, "tosa.negate") == 0 && ints) {
      snprintf(oty, sizeof oty, "tensor<1x%s>", rg_dtype_name(dt));
      ops[1] = tb_scalar_i(&t, oty, dt == RG_DT_I8 ? 3 : 0);
      ops[2] = tb_scalar_i(&t, oty, dt == RG_DT_I8 ? -5 : 0);
      nops = 3;
    } else if (strcmp(op, "tosa.negate") == 0) {
      snprintf(oty, sizeof oty, "tensor<1x%s>", rg_dtype_name(dt));
      ops[1] = tb_const_f(&t, oty, 1, (double[]){0});
      ops[2] = ops[1];
      nops = 3;
    }
    RgNode *nd = tb_node(&t, op, type_of(oty, sizeof oty, per, out_dt), nops, ops);
    if (strcmp(op, "tosa.clamp") == 0) {
      if (ints) {
        tb_prop_int(&t, nd, "min_val", (int64_t)lo, rg_dtype_name(dt));
        tb_prop_int(&t, nd, "max_val", (int64_t)hi, rg_dtype_name(dt));
      } else {
        rg_node_set_prop(t.g, nd, "min_val", rg_attr_float(t.g, lo, tb_type(&t, rg_dtype_name(dt))));
        rg_node_set_prop(t.g, nd, "max_val", rg_attr_float(t.g, hi, tb_type(&t, rg_dtype_name(dt))));
      }
    }
    if (nan_mode)
      tb_prop_opaque(&t, nd, "nan_mode", nan_mode);
    RgTensor in = arg_tensor(dt, per, fedges, iedges + at);
    snprintf(what, sizeof what, "%s %s->%s%s", op, rg_dtype_name(dt), rg_dtype_name(out_dt), nan_mode ? " IGNORE" : "");
    diff(&t, &nd->results[0], &in, 1, what);
    rg_tensor_release(&in);
    tb_free(&t);
  }
}

static void test_unary(void) {
  static const RgDType fl[] = {RG_DT_F32, RG_DT_F16, RG_DT_BF16};
  for (int f = 0; f < 3; f++) {
    static const char *const ops[] = {"tosa.abs", "tosa.negate", "tosa.reciprocal", "tosa.rsqrt",
                                      "tosa.floor", "tosa.ceil", "tosa.identity"};
    for (size_t o = 0; o < sizeof ops / sizeof *ops; o++)
      unary(ops[o], fl[f], fl[f], 0, 0, NULL);
    unary("tosa.clamp", fl[f], fl[f], -1.0, 2.5, NULL);
    unary("tosa.clamp", fl[f], fl[f], -1.0, 2.5, "#tosa.nan_mode<IGNORE>");
    unary("tosa.clamp", fl[f], fl[f], -0.0, 0.0, NULL);
    for (int g = 0; g < 3; g++)
      unary("tosa.cast", fl[f], fl[g], 0, 0, NULL);
    unary("tosa.cast", fl[f], RG_DT_I8, 0, 0, NULL);
    unary("tosa.cast", fl[f], RG_DT_I32, 0, 0, NULL);
  }
  static const RgDType in[] = {RG_DT_I8, RG_DT_I16, RG_DT_I32};
  for (int i = 0; i < 3; i++) {
    unary("tosa.abs", in[i], in[i], 0, 0, NULL);
    unary("tosa.negate", in[i], in[i], 0, 0, NULL);
    unary("tosa.clamp", in[i], in[i], -7, 100, NULL);
    unary("tosa.bitwise_not", in[i], in[i], 0, 0, NULL);
    unary("tosa.cast", in[i], RG_DT_I1, 0, 0, NULL);
    unary("tosa.cast", in[i], RG_DT_I8, 0, 0, NULL);
    unary("tosa.cast", in[i], RG_DT_I32, 0, 0, NULL);
    unary("tosa.cast", in[i], RG_DT_F32, 0, 0, NULL);
    unary("tosa.cast", in[i], RG_DT_F16, 0, 0, NULL);
    unary("tosa.cast", in[i], RG_DT_BF16, 0, 0, NULL);
  }
}

/* Data movement on a 2x3x4 tensor of random i16 values. */
static void movement(const char *what, void (*build)(TB *t, RgValue *x, RgValue **out)) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<2x3x4xi16>"), *out = NULL;
  build(&t, x, &out);
  int64_t dims[3] = {2, 3, 4};
  RgTensor in;
  rg_tensor_init(&in, RG_DT_I16, 3, dims);
  for (int64_t i = 0; i < in.numel; i++)
    rg_tensor_set_int(&in, i, (i * 7919) % 65536 - 32768);
  diff(&t, out, &in, 1, what);
  rg_tensor_release(&in);
  tb_free(&t);
}

static void b_transpose(TB *t, RgValue *x, RgValue **out) {
  RgNode *n = tb_node(t, "tosa.transpose", "tensor<4x2x3xi16>", 1, &x);
  tb_prop_ints(t, n, "perms", 3, (int64_t[]){2, 0, 1});
  *out = &n->results[0];
}
static void b_reshape(TB *t, RgValue *x, RgValue **out) {
  RgValue *ops[2] = {x, tb_shape(t, 2, (int64_t[]){6, 4})};
  RgValue *r = tb_op(t, "tosa.reshape", "tensor<6x4xi16>", 2, ops);
  RgValue *ops2[2] = {r, tb_shape(t, 3, (int64_t[]){4, 1, 6})};
  *out = tb_op(t, "tosa.reshape", "tensor<4x1x6xi16>", 2, ops2);
}
static void b_slice(TB *t, RgValue *x, RgValue **out) {
  RgValue *ops[3] = {x, tb_shape(t, 3, (int64_t[]){1, 1, 2}), tb_shape(t, 3, (int64_t[]){1, 2, 2})};
  *out = tb_op(t, "tosa.slice", "tensor<1x2x2xi16>", 3, ops);
}
static void b_pad(TB *t, RgValue *x, RgValue **out) {
  RgValue *ops[3] = {x, tb_shape(t, 6, (int64_t[]){0, 1, 2, 0, 1, 1}), tb_scalar_i(t, "tensor<1xi16>", -9)};
  *out = tb_op(t, "tosa.pad", "tensor<3x5x6xi16>", 3, ops);
}
static void b_concat(TB *t, RgValue *x, RgValue **out) {
  RgValue *ops[3] = {x, x, x};
  RgNode *n = tb_node(t, "tosa.concat", "tensor<2x9x4xi16>", 3, ops);
  tb_prop_int(t, n, "axis", 1, "i32");
  *out = &n->results[0];
}
static void b_tile(TB *t, RgValue *x, RgValue **out) {
  RgValue *ops[2] = {x, tb_shape(t, 3, (int64_t[]){2, 1, 2})};
  *out = tb_op(t, "tosa.tile", "tensor<4x3x8xi16>", 2, ops);
}
static void b_reverse(TB *t, RgValue *x, RgValue **out) {
  RgNode *n = tb_node(t, "tosa.reverse", "tensor<2x3x4xi16>", 1, &x);
  tb_prop_int(t, n, "axis", 2, "i32");
  *out = &n->results[0];
}
static void b_const(TB *t, RgValue *x, RgValue **out) {
  int64_t v[24];
  for (int i = 0; i < 24; i++)
    v[i] = i * 37 - 400;
  RgValue *ops[2] = {x, tb_const_i(t, "tensor<2x3x4xi16>", 24, v)};
  *out = tb_op(t, "tosa.sub", "tensor<2x3x4xi16>", 2, ops);
}

/* RESCALE of an i8/i16/i32 value, per tensor or per channel (2 channels),
 * every input value of the edge set against each parameter set. */
typedef struct Rescale {
  RgDType in, out;
  bool scale32, dbl, per_channel, in_u, out_u;
  int64_t mult[2], shift[2], izp, ozp;
} Rescale;

static void rescale(const Rescale *c) {
  for (uint32_t at = 0; at < NI; at++) {
    TB t;
    tb_init(&t);
    char ty[48], oty[48], what[96];
    snprintf(ty, sizeof ty, "tensor<1x2x%s>", rg_dtype_name(c->in));
    snprintf(oty, sizeof oty, "tensor<1x2x%s>", rg_dtype_name(c->out));
    uint32_t nc = c->per_channel ? 2 : 1;
    char mty[32], sty[32], izt[32], ozt[32];
    snprintf(mty, sizeof mty, "tensor<%ux%s>", nc, c->scale32 ? "i32" : "i16");
    snprintf(sty, sizeof sty, "tensor<%uxi8>", nc);
    snprintf(izt, sizeof izt, "tensor<1x%s>", rg_dtype_name(c->in));
    snprintf(ozt, sizeof ozt, "tensor<1x%s>", rg_dtype_name(c->out));
    RgValue *ops[5] = {tb_arg(&t, ty), tb_const_i(&t, mty, nc, c->mult), tb_const_i(&t, sty, nc, c->shift),
                       tb_scalar_i(&t, izt, c->izp), tb_scalar_i(&t, ozt, c->ozp)};
    RgNode *nd = tb_node(&t, "tosa.rescale", oty, 5, ops);
    tb_prop_bool(&t, nd, "scale32", c->scale32);
    tb_prop_bool(&t, nd, "per_channel", c->per_channel);
    tb_prop_bool(&t, nd, "input_unsigned", c->in_u);
    tb_prop_bool(&t, nd, "output_unsigned", c->out_u);
    tb_prop_opaque(&t, nd, "rounding_mode", c->dbl ? "#tosa.rounding_mode<DOUBLE_ROUND>" : "#tosa.rounding_mode<SINGLE_ROUND>");
    int64_t v[2] = {iedges[at], iedges[(at + 3) % NI]}, dims[2] = {1, 2};
    for (int i = 0; i < 2; i++)
      v[i] = v[i] < rg_elem_min(c->in) ? rg_elem_min(c->in) : v[i] > rg_elem_max(c->in) ? rg_elem_max(c->in) : v[i];
    RgTensor in = tb_in_i(c->in, 2, dims, v);
    snprintf(what, sizeof what, "rescale %s->%s%s%s", rg_dtype_name(c->in), rg_dtype_name(c->out),
             c->dbl ? " double" : "", c->per_channel ? " per-channel" : "");
    diff(&t, &nd->results[0], &in, 1, what);
    rg_tensor_release(&in);
    tb_free(&t);
  }
}

static void test_rescale(void) {
  static const Rescale cases_[] = {
      {RG_DT_I8, RG_DT_I8, true, false, false, false, false, {1 << 30, 0}, {31, 0}, 3, -5},
      {RG_DT_I8, RG_DT_I32, true, true, false, false, false, {1518500250, 0}, {38, 0}, -128, 0},
      {RG_DT_I32, RG_DT_I8, true, true, true, false, false, {1073741824, 2000000000}, {33, 40}, 0, 7},
      {RG_DT_I32, RG_DT_I16, true, false, true, false, false, {1, 123456789}, {2, 62}, 0, 0},
      {RG_DT_I16, RG_DT_I8, false, false, false, false, false, {32767, 0}, {20, 0}, 0, 0},
      {RG_DT_I8, RG_DT_I8, true, false, false, true, false, {1 << 30, 0}, {30, 0}, -128, 0},
      {RG_DT_I8, RG_DT_I8, true, false, false, false, true, {1 << 30, 0}, {30, 0}, 0, -128},
      {RG_DT_I32, RG_DT_I32, true, false, false, false, false, {-5, 0}, {10, 0}, 0, 0},
  };
  for (size_t i = 0; i < sizeof cases_ / sizeof *cases_; i++)
    rescale(&cases_[i]);
}

static void test_movement(void) {
  movement("transpose", b_transpose);
  movement("reshape", b_reshape);
  movement("slice", b_slice);
  movement("pad", b_pad);
  movement("concat", b_concat);
  movement("tile", b_tile);
  movement("reverse", b_reverse);
  movement("const", b_const);
}

static void z3_error(Z3_context c, Z3_error_code e) {
  printf("FAIL z3: %s\n", Z3_get_error_msg(c, e));
  abort();
}

int main(void) {
  Z3_config cfg = Z3_mk_config();
  z = Z3_mk_context(cfg);
  Z3_set_error_handler(z, z3_error);
  RUN(test_binary);
  RUN(test_unary);
  RUN(test_movement);
  RUN(test_rescale);
  printf("%d op graphs compared\n", cases);
  Z3_del_context(z);
  Z3_del_config(cfg);
  TEST_EXIT();
}
#else
int main(void) {
  printf("SKIP test_smt_tosa: built without Z3\n");
  return 0;
}
#endif
