/* runtime/prove/cex.c - one query to Z3 under its resource limit, and a
 * counterexample read back from the model: the differing element, and
 * when every free value is an argument of one function, an input set in
 * the text format rgopt --inputs reads (docs/verify.md), so the proof by
 * execution shows the same failure. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "prove/prove_internal.h"

enum { CEX_MAX_ELEMS = 1 << 16 };

static bool eval_u64(Z3_context z, Z3_model m, Z3_ast t, uint64_t *v) {
  Z3_ast r;
  return Z3_model_eval(z, m, t, true, &r) && Z3_is_numeral_ast(z, r) && Z3_get_numeral_uint64(z, r, v);
}

static bool eval_true(Z3_context z, Z3_model m, Z3_ast t) {
  Z3_ast r;
  return Z3_model_eval(z, m, t, true, &r) && Z3_get_bool_value(z, r) == Z3_L_TRUE;
}

static double half_to_double(uint32_t h) {
  int e = (int)((h >> 10) & 31), f = (int)(h & 1023);
  double v = e ? ldexp(1024 + f, e - 25) : ldexp(f, -24);
  return (h & 0x8000) ? -v : v;
}

/* An element of type dt, as the input format spells it (floats exactly). */
static void put_elem(RgsBuf *b, Z3_context z, Z3_model m, Z3_ast t, RgDType dt) {
  uint64_t u = 0;
  if (!rg_dtype_is_float(dt)) {
    int bits = rg_dtype_bits(dt);
    eval_u64(z, m, t, &u);
    int64_t v = bits < 64 && !rg_dtype_is_unsigned(dt) && dt != RG_DT_I1 && ((u >> (bits - 1)) & 1)
                    ? (int64_t)(u | ~(((uint64_t)1 << bits) - 1))
                    : (int64_t)u;
    rgs_buf_put_i64(b, v);
    return;
  }
  bool nan = eval_true(z, m, Z3_mk_fpa_is_nan(z, t));
  eval_u64(z, m, Z3_mk_fpa_to_ieee_bv(z, t), &u);
  double v;
  if (dt == RG_DT_F32) {
    uint32_t w = (uint32_t)u;
    float f;
    memcpy(&f, &w, sizeof f);
    v = f;
  } else {
    v = dt == RG_DT_F16 ? half_to_double((uint32_t)u) : 0;
    if (dt == RG_DT_BF16) {
      uint32_t w = (uint32_t)u << 16;
      float f;
      memcpy(&f, &w, sizeof f);
      v = f;
    }
  }
  if (nan)
    rgs_buf_puts(b, "nan"); /* Z3 has one NaN; the canonical quiet one shows it */
  else if (isinf(v))
    rgs_buf_puts(b, v < 0 ? "-inf" : "inf");
  else
    rgs_buf_printf(b, "%a", v);
}

static const RgNode *args_func(const RgSmt *s) {
  const RgNode *func = NULL;
  for (uint32_t i = 0; i < s->nleaves; i++) {
    const RgValue *v = s->leaves[i].v;
    if (!(v->flags & RG_VALUE_BLOCK_ARG))
      return NULL;
    const RgNode *f = rg_block_parent_node(v->owner.block);
    if (!f || (func && f != func) || !f->num_regions || v->owner.block != f->regions[0].first)
      return NULL;
    func = f;
  }
  return func;
}

static void put_arg(RgSmt *s, RgsBuf *b, Z3_model m, const RgValue *v, uint32_t k) {
  const RgType *t = v->type;
  rgs_buf_printf(b, "  arg %u: %s = [", k, t->text);
  const SmtLeaf *lf = NULL;
  for (uint32_t i = 0; i < s->nleaves; i++)
    if (s->leaves[i].v == v)
      lf = &s->leaves[i];
  int64_t n = rg_type_numel(t);
  for (int64_t i = 0; i < n; i++) {
    rgs_buf_puts(b, i ? (i % 8 ? ", " : ",\n    ") : "");
    Z3_ast idx[8];
    rg_smt_delinear(s, rg_smt_index(s, i), t->dims, t->rank, idx);
    for (int32_t d = 0; d < t->rank; d++)
      idx[d] = Z3_simplify(s->z, idx[d]);
    Z3_ast e = lf ? Z3_mk_app(s->z, lf->f, (unsigned)t->rank, idx)
                  : rg_dtype_is_float(t->dtype) ? rg_smt_float(s, t->dtype, 0) : rg_smt_int(s, t->dtype, 0);
    put_elem(b, s->z, m, e, t->dtype);
  }
  rgs_buf_puts(b, "]\n");
}

/* The input set of a counterexample, or NULL when some free value is not
 * an argument or an argument is too large to write. */
static char *input_set(RgSmt *s, Z3_model m) {
  const RgNode *f = args_func(s);
  if (!f)
    return NULL;
  const RgBlock *body = f->regions[0].first;
  for (uint32_t k = 0; k < body->num_args; k++) {
    const RgType *t = body->args[k]->type;
    if (!rg_type_is_tensor(t) || rg_type_numel(t) < 0 || rg_type_numel(t) > CEX_MAX_ELEMS ||
        t->rank > 8 || !rg_smt_sort(s, t->dtype))
      return NULL;
  }
  const RgAttr *name = rg_node_attr(f, "sym_name");
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_puts(&b, "// input sets for rgopt --inputs (docs/verify.md): a counterexample of rgopt --prove\n");
  rgs_buf_printf(&b, "func @%.*s\n", name && name->kind == RG_ATTR_STRING ? (int)name->u.str.len : 4,
                 name && name->kind == RG_ATTR_STRING ? name->u.str.data : "main");
  for (uint32_t k = 0; k < body->num_args; k++)
    put_arg(s, &b, m, body->args[k], k);
  return rgs_buf_take(&b);
}

static void describe(RgSmt *s, const ProveQuery *q, Z3_model m, ProveOutcome *out) {
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_puts(&b, "element [");
  for (int32_t d = 0; d < q->t->rank; d++) {
    uint64_t v = 0;
    eval_u64(s->z, m, q->idx[d], &v);
    rgs_buf_printf(&b, "%s%llu", d ? ", " : "", (unsigned long long)v);
  }
  rgs_buf_puts(&b, "]: ");
  put_elem(&b, s->z, m, q->a, q->t->dtype);
  if (eval_true(s->z, m, q->def_b)) {
    rgs_buf_puts(&b, " before, ");
    put_elem(&b, s->z, m, q->b, q->t->dtype);
    rgs_buf_puts(&b, " after");
  } else {
    rgs_buf_puts(&b, " before, undefined after (a REQUIRE fails)");
  }
  out->inputs = input_set(s, m);
  if (!out->inputs) {
    out->st = RG_PROOF_UNKNOWN;
    out->inner = !args_func(s);
    snprintf(out->why, sizeof out->why, "differs on values of %s (%s)",
             args_func(s) ? "arguments too large to write" : "intermediate values not shown reachable",
             b.data ? b.data : "");
  } else {
    snprintf(out->why, sizeof out->why, "%s", b.data ? b.data : "");
  }
  rgs_buf_free(&b);
}

static Z3_lbool check(Z3_context z, Z3_ast f, uint64_t rlimit, Z3_solver *keep) {
  Z3_solver sv = Z3_mk_simple_solver(z);
  Z3_solver_inc_ref(z, sv);
  Z3_params ps = Z3_mk_params(z);
  Z3_params_inc_ref(z, ps);
  Z3_params_set_uint(z, ps, Z3_mk_string_symbol(z, "rlimit"), rlimit > UINT32_MAX ? UINT32_MAX : (unsigned)rlimit);
  Z3_solver_set_params(z, sv, ps);
  Z3_params_dec_ref(z, ps);
  Z3_solver_assert(z, sv, f);
  if (getenv("RG_PROVE_DUMP"))
    fprintf(stderr, "%s\n", Z3_solver_to_string(z, sv));
  Z3_lbool r = Z3_solver_check(z, sv);
  if (keep)
    *keep = sv;
  else
    Z3_solver_dec_ref(z, sv);
  return r;
}

void prove_solve(RgSmt *s, const ProveQuery *q, ProveOutcome *out) {
  Z3_context z = s->z;
  memset(out, 0, sizeof *out);
  Z3_ast differ[2] = {Z3_mk_not(z, q->def_b), Z3_mk_not(z, Z3_mk_eq(z, q->a, q->b))};
  Z3_ast parts[4] = {q->bounds, q->def_a, q->facts, Z3_mk_or(z, 2, differ)};
  Z3_ast f = Z3_mk_and(z, 4, parts), fa = prove_abstract(z, f);
  Z3_solver sv = NULL;
  Z3_lbool r = fa ? check(z, fa, q->rlimit, &sv) : Z3_L_TRUE;
  if (r == Z3_L_TRUE) { /* the original, for its model (or when abstraction gave up) */
    if (sv)
      Z3_solver_dec_ref(z, sv);
    r = check(z, f, q->rlimit, &sv);
  }
  Z3_error_code ec = Z3_get_error_code(z);
  if (ec != Z3_OK) {
    out->st = RG_PROOF_UNKNOWN;
    snprintf(out->why, sizeof out->why, "Z3: %s", Z3_get_error_msg(z, ec));
  } else if (r == Z3_L_FALSE) {
    out->st = RG_PROOF_PROVEN;
  } else if (r == Z3_L_UNDEF) {
    out->st = RG_PROOF_UNKNOWN;
    const char *why = Z3_solver_get_reason_unknown(z, sv);
    if (strstr(why, "resource") || strstr(why, "canceled"))
      snprintf(out->why, sizeof out->why, "Z3 reached its resource limit (rlimit %llu)",
               (unsigned long long)q->rlimit);
    else
      snprintf(out->why, sizeof out->why, "Z3: %s", why);
  } else {
    out->st = RG_PROOF_REFUTED;
    Z3_model m = Z3_solver_get_model(z, sv);
    Z3_model_inc_ref(z, m);
    describe(s, q, m, out);
    Z3_model_dec_ref(z, m);
  }
  if (sv)
    Z3_solver_dec_ref(z, sv);
}
