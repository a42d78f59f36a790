/* runtime/prove/smt.c - graph values as Z3 terms, one element at a time.
 * A value is read at a symbolic index; the nodes a rewrite removed or made
 * (and constants) are expanded through their ops' SMT meanings, every
 * other value is a leaf: an uninterpreted function of its index, the same
 * on both sides of the rewrite, so what the rewrite did not touch is
 * shared rather than re-derived. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "prove/prove_internal.h"
#include "rulegen/interp.h"

enum { SMT_MAX_DEPTH = 64, SMT_DENSE_ARRAY_MAX = 4096 };

static bool grow(RgSmt *s, void **p, uint32_t *cap, uint32_t n, size_t size) {
  if (n < *cap)
    return true;
  uint32_t c = *cap ? *cap * 2 : 16;
  void *q = rg_realloc(*p, size * c);
  if (!q) {
    s->oom = s->failed = true;
    snprintf(s->why, sizeof s->why, "out of memory");
    return false;
  }
  *p = q;
  *cap = c;
  return true;
}

void prove_smt_init(RgSmt *s, Z3_context z, RgGraph *g) {
  memset(s, 0, sizeof *s);
  s->z = z;
  s->g = g;
  s->ibits = 32;
  s->term_limit = 200000;
}

void prove_smt_reset(RgSmt *s) {
  for (uint32_t i = 0; i < s->nsnap; i++)
    rg_free(s->snap[i].ops);
  s->nsnap = s->nleaves = s->nlins = s->ndense = s->nreqs = s->nfacts = 0;
  s->widen = 0;
  s->depth = 0;
  s->terms = 0;
  s->failed = s->oom = false;
  s->why[0] = 0;
}

void prove_smt_free(RgSmt *s) {
  prove_smt_reset(s);
  rg_free(s->snap);
  rg_free(s->leaves);
  rg_free(s->lins);
  rg_free(s->dense);
  rg_free(s->reqs);
  rg_free(s->facts);
}

bool prove_smt_in_snap(const RgSmt *s, const RgNode *n) {
  for (uint32_t i = 0; i < s->nsnap; i++)
    if (s->snap[i].node == n)
      return true;
  return false;
}

/* Within `widen` levels of the root: expanded though the rewrite kept it.
 * Decided per node, never per path, so both sides expand the same nodes. */
static bool widened(const RgSmt *s, const RgNode *n) {
  for (uint32_t i = 0; i < s->nsnap; i++)
    if (s->snap[i].node == n)
      return s->snap[i].depth <= s->widen;
  return false;
}

bool prove_smt_snap(RgSmt *s, const RgNode *n, uint32_t depth) {
  if (prove_smt_in_snap(s, n))
    return true;
  if (!grow(s, (void **)&s->snap, &s->cap_snap, s->nsnap, sizeof *s->snap))
    return false;
  RgValue **ops = rg_alloc(sizeof *ops * (n->num_operands ? n->num_operands : 1));
  if (!ops) {
    s->oom = s->failed = true;
    return false;
  }
  for (uint32_t k = 0; k < n->num_operands; k++)
    ops[k] = n->operands[k].value;
  s->snap[s->nsnap].node = n;
  s->snap[s->nsnap].depth = depth;
  s->snap[s->nsnap++].ops = ops;
  return true;
}

/* ---- for meanings ---- */

Z3_context rg_smt_context(RgSmt *s) { return s->z; }
RgGraph *rg_smt_graph(RgSmt *s) { return s->g; }
unsigned rg_smt_index_bits(const RgSmt *s) { return s->ibits; }

Z3_ast rg_smt_index(RgSmt *s, int64_t v) {
  return Z3_mk_unsigned_int64(s->z, (uint64_t)v, Z3_mk_bv_sort(s->z, s->ibits));
}

Z3_ast rg_smt_unsupported(RgSmt *s, const char *fmt, ...) {
  if (!s->failed) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->why, sizeof s->why, fmt, ap);
    va_end(ap);
    s->failed = true;
  }
  return NULL;
}

Z3_sort rg_smt_sort(RgSmt *s, RgDType dt) {
  switch (dt) {
  case RG_DT_F32: return Z3_mk_fpa_sort_32(s->z);
  case RG_DT_F16: return Z3_mk_fpa_sort_16(s->z);
  case RG_DT_BF16: return Z3_mk_fpa_sort(s->z, 8, 8);
  case RG_DT_NONE: case RG_DT_F64: case RG_DT_INDEX: case RG_DT_COUNT: return NULL;
  default: return Z3_mk_bv_sort(s->z, (unsigned)rg_dtype_bits(dt));
  }
}

Z3_ast rg_smt_int(RgSmt *s, RgDType dt, int64_t v) {
  Z3_sort so = rg_smt_sort(s, dt);
  if (!so)
    return rg_smt_unsupported(s, "element type %s has no SMT sort", rg_dtype_name(dt));
  if (rg_dtype_is_float(dt))
    return rg_smt_float(s, dt, (double)v);
  int bits = rg_dtype_bits(dt);
  uint64_t u = bits >= 64 ? (uint64_t)v : (uint64_t)v & (((uint64_t)1 << bits) - 1);
  return Z3_mk_unsigned_int64(s->z, u, so);
}

/* The f16 bits of an f32 (bits w) that f16 holds exactly. */
static uint32_t half_bits(uint32_t w) {
  uint32_t sign = (w >> 16) & 0x8000;
  int e = (int)((w >> 23) & 255) - 127;
  uint32_t m = w & 0x7fffff;
  if (e == 128)
    return sign | 0x7c00 | (m ? 0x200 : 0);
  if (e < -24 || (e == -127 && !m))
    return sign;
  if (e >= -14)
    return sign | (uint32_t)(e + 15) << 10 | m >> 13;
  return sign | (0x400 | m >> 13) >> (-14 - e); /* subnormal: exact by assumption */
}

Z3_ast rg_smt_float(RgSmt *s, RgDType dt, double v) {
  Z3_sort so = rg_smt_sort(s, dt);
  if (!so)
    return rg_smt_unsupported(s, "element type %s has no SMT sort", rg_dtype_name(dt));
  if (!rg_dtype_is_float(dt))
    return rg_smt_int(s, dt, (int64_t)v);
  if (v != v)
    return Z3_mk_fpa_nan(s->z, so);
  if (v == 0)
    return Z3_mk_fpa_zero(s->z, so, signbit(v) != 0);
  if (v > 1e300 || v < -1e300)
    return Z3_mk_fpa_inf(s->z, so, v < 0);
  /* decoded literals are doubles: rounded to dt as the interpreter does,
   * then handed to Z3 as IEEE bits (its double conversion loses
   * subnormals) */
  float f = rg_elem_round(dt, v);
  uint32_t w;
  memcpy(&w, &f, sizeof w);
  unsigned bits = 32;
  if (dt == RG_DT_BF16) {
    w >>= 16, bits = 16;
  } else if (dt == RG_DT_F16) {
    w = half_bits(w), bits = 16;
  }
  Z3_ast bv = Z3_mk_unsigned_int64(s->z, w, Z3_mk_bv_sort(s->z, bits));
  return Z3_simplify(s->z, Z3_mk_fpa_to_fp_bv(s->z, bv, so));
}

void rg_smt_require(RgSmt *s, Z3_ast cond) {
  if (cond && grow(s, (void **)&s->reqs, &s->cap_reqs, s->nreqs, sizeof *s->reqs))
    s->reqs[s->nreqs++] = cond;
}

void rg_smt_assume(RgSmt *s, Z3_ast fact) {
  if (fact && grow(s, (void **)&s->facts, &s->cap_facts, s->nfacts, sizeof *s->facts))
    s->facts[s->nfacts++] = fact;
}

Z3_ast prove_smt_take_facts(RgSmt *s) {
  Z3_ast r = s->nfacts ? Z3_mk_and(s->z, s->nfacts, s->facts) : Z3_mk_true(s->z);
  s->nfacts = 0;
  return r;
}

Z3_ast prove_smt_take_reqs(RgSmt *s) {
  Z3_ast r = s->nreqs ? Z3_mk_and(s->z, s->nreqs, s->reqs) : Z3_mk_true(s->z);
  s->nreqs = 0;
  return r;
}

/* ---- index maps ---- */

static bool is_num(RgSmt *s, Z3_ast a, uint64_t *v) {
  return Z3_is_numeral_ast(s->z, a) && Z3_get_numeral_uint64(s->z, a, v);
}

static bool same_dims(const SmtLin *l, const int64_t *dims, int32_t rank) {
  if (l->rank != rank)
    return false;
  for (int32_t d = 0; d < rank; d++)
    if (l->dims[d] != dims[d])
      return false;
  return true;
}

/* idx equal to l's index wherever dims are not 1 (size-1 dims hold 0). */
static bool same_idx(const SmtLin *l, Z3_ast const *idx) {
  for (int32_t d = 0; d < l->rank; d++)
    if (l->dims[d] != 1 && l->idx[d] != idx[d])
      return false;
  return true;
}

static void remember(RgSmt *s, Z3_ast lin, Z3_ast const *idx, const int64_t *dims, int32_t rank) {
  if (rank > 8 || !grow(s, (void **)&s->lins, &s->cap_lins, s->nlins, sizeof *s->lins))
    return;
  SmtLin *l = &s->lins[s->nlins++];
  l->lin = lin;
  l->rank = rank;
  for (int32_t d = 0; d < rank; d++) {
    l->dims[d] = dims[d];
    l->idx[d] = idx[d];
  }
}

/* The non-unit dims of two shapes agree: the row-major orders of their
 * elements are then the same index with size-1 dims dropped. */
static const SmtLin *by_lin(RgSmt *s, Z3_ast lin) {
  for (uint32_t i = s->nlins; i-- > 0;)
    if (s->lins[i].lin == lin)
      return &s->lins[i];
  return NULL;
}

/* All numerals: the linear index as a number (*v), no term cached. */
static bool num_linear(RgSmt *s, Z3_ast const *idx, const int64_t *dims, int32_t rank, uint64_t *v) {
  uint64_t lin = 0, x;
  for (int32_t d = 0; d < rank; d++) {
    if (!is_num(s, idx[d], &x))
      return false;
    lin = lin * (uint64_t)dims[d] + x;
  }
  *v = lin;
  return true;
}

Z3_ast rg_smt_linear(RgSmt *s, Z3_ast const *idx, const int64_t *dims, int32_t rank) {
  uint64_t v;
  if (num_linear(s, idx, dims, rank, &v))
    return rg_smt_index(s, (int64_t)v);
  for (uint32_t i = s->nlins; i-- > 0;)
    if (same_dims(&s->lins[i], dims, rank) && same_idx(&s->lins[i], idx))
      return s->lins[i].lin;
  Z3_ast lin = rg_smt_index(s, 0);
  int64_t stride = 1;
  for (int32_t d = rank; d-- > 0;) {
    if (dims[d] != 1) {
      Z3_ast t = stride == 1 ? idx[d] : Z3_mk_bvmul(s->z, idx[d], rg_smt_index(s, stride));
      lin = d == rank - 1 || lin == NULL ? t : Z3_mk_bvadd(s->z, lin, t);
    }
    stride *= dims[d];
  }
  uint64_t zero;
  if (rank == 0 || (is_num(s, lin, &zero) && zero == 0))
    return rg_smt_index(s, 0);
  lin = Z3_simplify(s->z, lin);
  remember(s, lin, idx, dims, rank);
  return lin;
}

/* The same non-unit dims in the same order. */
static bool same_nonunit(const SmtLin *l, const int64_t *dims, int32_t rank) {
  int32_t a = 0, b = 0;
  for (;;) {
    while (a < l->rank && l->dims[a] == 1)
      a++;
    while (b < rank && dims[b] == 1)
      b++;
    if (a == l->rank || b == rank)
      return a == l->rank && b == rank;
    if (l->dims[a++] != dims[b++])
      return false;
  }
}

void rg_smt_delinear(RgSmt *s, Z3_ast lin, const int64_t *dims, int32_t rank, Z3_ast *idx) {
  uint64_t v;
  if (is_num(s, lin, &v)) {
    for (int32_t d = rank; d-- > 0;) {
      idx[d] = rg_smt_index(s, dims[d] ? (int64_t)(v % (uint64_t)dims[d]) : 0);
      v = dims[d] ? v / (uint64_t)dims[d] : 0;
    }
    return;
  }
  const SmtLin *l = by_lin(s, lin);
  if (l && same_nonunit(l, dims, rank)) {
    int32_t a = 0;
    for (int32_t b = 0; b < rank; b++) {
      if (dims[b] == 1) {
        idx[b] = rg_smt_index(s, 0);
        continue;
      }
      while (l->dims[a] == 1)
        a++;
      idx[b] = l->idx[a++];
    }
    return;
  }
  int64_t stride = 1;
  for (int32_t d = rank; d-- > 0;) {
    if (dims[d] == 1) {
      idx[d] = rg_smt_index(s, 0);
    } else {
      Z3_ast q = stride == 1 ? lin : Z3_mk_bvudiv(s->z, lin, rg_smt_index(s, stride));
      idx[d] = d == 0 ? q : Z3_mk_bvurem(s->z, q, rg_smt_index(s, dims[d]));
    }
    stride *= dims[d];
  }
  remember(s, lin, idx, dims, rank);
}

/* ---- constants ---- */

static Z3_ast dense_elem(RgSmt *s, const RgAttr *a, RgDType dt, uint64_t i) {
  if (rg_dtype_is_float(dt)) {
    const double *v;
    uint32_t n;
    if (!rg_attr_dense_get_floats(s->g, a, &v, &n) || (n != 1 && i >= n))
      return rg_smt_unsupported(s, "a float constant that cannot be decoded");
    return rg_smt_float(s, dt, v[n == 1 ? 0 : i]);
  }
  const int64_t *v;
  uint32_t n;
  if (!rg_attr_dense_get_ints(s->g, a, &v, &n) || (n != 1 && i >= n))
    return rg_smt_unsupported(s, "an integer constant that cannot be decoded");
  return rg_smt_int(s, dt, v[n == 1 ? 0 : i]);
}

static SmtDense *dense_entry(RgSmt *s, const RgAttr *a, RgDType dt, int64_t numel) {
  for (uint32_t i = 0; i < s->ndense; i++)
    if (s->dense[i].a == a)
      return &s->dense[i];
  if (!grow(s, (void **)&s->dense, &s->cap_dense, s->ndense, sizeof *s->dense))
    return NULL;
  SmtDense *e = &s->dense[s->ndense];
  memset(e, 0, sizeof *e);
  e->a = a;
  Z3_sort is = Z3_mk_bv_sort(s->z, s->ibits), es = rg_smt_sort(s, dt);
  if (numel > SMT_DENSE_ARRAY_MAX) {
    e->f = Z3_mk_fresh_func_decl(s->z, "const", 1, &is, es);
  } else {
    Z3_ast arr = Z3_mk_const_array(s->z, is, dense_elem(s, a, dt, 0));
    for (int64_t i = 1; i < numel && !s->failed; i++)
      arr = Z3_mk_store(s->z, arr, rg_smt_index(s, i), dense_elem(s, a, dt, (uint64_t)i));
    e->array = arr;
  }
  s->ndense++;
  return s->failed ? NULL : e;
}

Z3_ast rg_smt_dense(RgSmt *s, const RgAttr *a, const RgType *type, Z3_ast const *idx) {
  if (!a || a->kind != RG_ATTR_DENSE || !rg_type_is_tensor(type) || rg_type_numel(type) < 0)
    return rg_smt_unsupported(s, "a constant that is not dense elements of a static shape");
  if (!rg_smt_sort(s, type->dtype))
    return rg_smt_unsupported(s, "element type %s has no SMT sort", rg_dtype_name(type->dtype));
  if (a->splat)
    return dense_elem(s, a, type->dtype, 0);
  Z3_ast lin = rg_smt_linear(s, idx, type->dims, type->rank);
  uint64_t i;
  if (is_num(s, lin, &i))
    return dense_elem(s, a, type->dtype, i);
  SmtDense *e = dense_entry(s, a, type->dtype, rg_type_numel(type));
  if (!e)
    return NULL;
  return e->array ? Z3_mk_select(s->z, e->array, lin) : Z3_mk_app(s->z, e->f, 1, &lin);
}

/* ---- values ---- */

static Z3_ast leaf(RgSmt *s, const RgValue *v, Z3_ast const *idx) {
  const RgType *t = v->type;
  if (!rg_type_is_tensor(t) || rg_type_numel(t) < 0)
    return rg_smt_unsupported(s, "a value of type %s (not a static tensor)", t ? t->text : "?");
  Z3_sort es = rg_smt_sort(s, t->dtype);
  if (!es)
    return rg_smt_unsupported(s, "element type %s has no SMT sort", rg_dtype_name(t->dtype));
  uint32_t i = 0;
  while (i < s->nleaves && s->leaves[i].v != v)
    i++;
  if (i == s->nleaves) {
    if (!grow(s, (void **)&s->leaves, &s->cap_leaves, s->nleaves, sizeof *s->leaves))
      return NULL;
    Z3_sort dom[8];
    for (int32_t d = 0; d < t->rank && d < 8; d++)
      dom[d] = Z3_mk_bv_sort(s->z, s->ibits);
    if (t->rank > 8)
      return rg_smt_unsupported(s, "rank %d", t->rank);
    s->leaves[i].v = v;
    s->leaves[i].f = Z3_mk_fresh_func_decl(s->z, "v", (unsigned)t->rank, dom, es);
    s->nleaves++;
  }
  return Z3_mk_app(s->z, s->leaves[i].f, (unsigned)t->rank, idx);
}

static RgSmtFn meaning(const RgSmt *s, const char *name) {
  for (uint32_t r = 0; r < s->nregs; r++)
    for (uint32_t i = 0; i < s->reg_counts[r]; i++)
      if (strcmp(s->regs[r][i].name, name) == 0 && s->regs[r][i].smt)
        return s->regs[r][i].smt;
  return NULL;
}

static bool is_constant(const RgSmt *s, const char *name) {
  for (uint32_t r = 0; r < s->nregs; r++)
    for (uint32_t i = 0; i < s->reg_counts[r]; i++)
      if (strcmp(s->regs[r][i].name, name) == 0)
        return (s->regs[r][i].traits & RG_TRAIT_CONSTANT) != 0;
  return false;
}

Z3_ast prove_smt_value(RgSmt *s, const RgValue *v, Z3_ast const *idx) {
  if (s->failed)
    return NULL;
  if (!v)
    return rg_smt_unsupported(s, "a missing operand");
  RgNode *def = rg_value_def(v);
  const char *name = def ? rg_op_name(s->g, def->op) : NULL;
  bool erased = def && (def->flags & RG_NODE_ERASED);
  bool expand = def && ((erased && prove_smt_in_snap(s, def)) || def->id >= s->new_from ||
                        is_constant(s, name));
  RgSmtFn fn = def ? meaning(s, name) : NULL;
  if (!expand && !(fn && !erased && s->widen && widened(s, def)))
    return leaf(s, v, idx);
  if (!fn)
    return rg_smt_unsupported(s, "%s has no SMT meaning", name);
  if (++s->depth > SMT_MAX_DEPTH || ++s->terms > s->term_limit) {
    s->depth--;
    return rg_smt_unsupported(s, "the terms grow beyond the encoder's limit");
  }
  Z3_ast r = fn(s, def, v->index, idx);
  s->depth--;
  if (!r && !s->failed)
    rg_smt_unsupported(s, "%s: its meaning gave no term", name);
  return s->failed ? NULL : r;
}

const RgValue *rg_smt_operand_value(RgSmt *s, const RgNode *n, uint32_t k) {
  if (k >= n->num_operands)
    return NULL;
  for (uint32_t i = 0; i < s->nsnap; i++)
    if (s->snap[i].node == n)
      return s->snap[i].ops[k];
  return n->operands[k].value;
}

Z3_ast rg_smt_operand(RgSmt *s, const RgNode *n, uint32_t k, Z3_ast const *idx) {
  return prove_smt_value(s, rg_smt_operand_value(s, n, k), idx);
}

bool rg_smt_operand_int(RgSmt *s, const RgNode *n, uint32_t k, int64_t *v) {
  const RgValue *ov = rg_smt_operand_value(s, n, k);
  RgNode *def = ov ? rg_value_def(ov) : NULL;
  if (!def || !is_constant(s, rg_op_name(s->g, def->op)) || !rg_type_is_tensor(ov->type) ||
      ov->type->rank > 8 || rg_dtype_is_float(ov->type->dtype))
    return false;
  Z3_ast zero[8];
  for (int32_t d = 0; d < ov->type->rank; d++)
    zero[d] = rg_smt_index(s, 0);
  Z3_ast e = prove_smt_value(s, ov, zero);
  int64_t x;
  uint64_t u;
  if (!e || !(e = Z3_simplify(s->z, e)) || !is_num(s, e, &u))
    return false;
  int bits = rg_dtype_bits(ov->type->dtype);
  x = bits < 64 && (u >> (bits - 1)) & 1 && !rg_dtype_is_unsigned(ov->type->dtype)
          ? (int64_t)(u | ~(((uint64_t)1 << bits) - 1))
          : (int64_t)u;
  *v = x;
  return true;
}

Z3_ast rg_smt_opaque(RgSmt *s, const RgNode *n, Z3_ast const *args, uint32_t nargs, RgDType result) {
  /* one function per op and attribute array: equal ops are equal functions */
  char name[160];
  snprintf(name, sizeof name, "%s/%p/%s", rg_op_name(s->g, n->op), (const void *)n->attrs,
           rg_dtype_name(result));
  Z3_sort dom[8], rs = rg_smt_sort(s, result);
  if (nargs > 8 || !rs)
    return rg_smt_unsupported(s, "%s: no opaque meaning", rg_op_name(s->g, n->op));
  for (uint32_t i = 0; i < nargs; i++)
    dom[i] = Z3_get_sort(s->z, args[i]);
  Z3_func_decl f = Z3_mk_func_decl(s->z, Z3_mk_string_symbol(s->z, name), nargs, dom, rs);
  return Z3_mk_app(s->z, f, nargs, args);
}
