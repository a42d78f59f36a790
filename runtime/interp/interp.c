/* runtime/interp/interp.c - the reference interpreter's engine: binds a function's
 * arguments, walks its body in program order, dispatches each node to the
 * evaluator its op registry binds with `eval(fn)` (resolved once per op id),
 * runs nested regions for control-flow evaluators, frees every value after
 * its last use, and reports the first failure with the op that caused it.
 * It knows no op by name: semantics live with the op declarations. */
#include <math.h>
#include <stdlib.h>
#include "interp/interp_internal.h"

#define MAX_DEPTH 64

/* ---- value environment: RgValue* -> tensor, never shrinking ---- */

typedef struct EnvSlot {
  const RgValue *key;
  RgTensor t;
  uint32_t remaining; /* direct uses in the defining block not yet executed */
  bool live, pinned;  /* pinned: used from a nested region, freed at block end */
  bool lazy;          /* a random function argument, made when first used */
  uint32_t arg;       /* its index */
  uint32_t share;     /* t views this value of env->share, or 0: t is the slot's own */
  bool remake;        /* computed from constants alone: freed after each use, made again */
  uint32_t was;       /* the value of env->share it last viewed: made again, it is that one */
} EnvSlot;

typedef struct InterpEnv {
  EnvSlot *slots;
  uint32_t cap, count;
  InterpShare *share; /* values shared with a twin run, or NULL */
  int side;           /* this run's index in the pair, 0 or 1 */
  RgInterp *twin;     /* the interpreter of the twin run */
  const RgBlock *body; /* of the function run */
  bool making;         /* an op is being made again: it runs, not deferred */
  RgStatus failed;    /* of an op run for the twin (twin_run) */
} InterpEnv;

/* Lets go of s's value. */
static void slot_drop(InterpEnv *e, EnvSlot *s) {
  if (s->share)
    interp_share_unref(e->share, s->share);
  else
    rg_tensor_release(&s->t);
  s->was = s->share;
  s->share = 0;
  s->live = false;
}

static EnvSlot *env_find(InterpEnv *e, const RgValue *v) {
  if (!e->cap)
    return NULL;
  for (uint32_t i = rgs_hash_ptr(v) & (e->cap - 1);; i = (i + 1) & (e->cap - 1)) {
    if (e->slots[i].key == v)
      return &e->slots[i];
    if (!e->slots[i].key)
      return NULL;
  }
}

static EnvSlot *env_insert(InterpEnv *e, const RgValue *v) {
  EnvSlot *s = env_find(e, v);
  if (s)
    return s;
  if ((e->count + 1) * 2 > e->cap) {
    uint32_t ncap = e->cap ? e->cap * 2 : 64;
    EnvSlot *ns = rg_alloc(sizeof *ns * ncap);
    if (!ns)
      return NULL;
    memset(ns, 0, sizeof *ns * ncap);
    for (uint32_t i = 0; i < e->cap; i++) {
      if (!e->slots[i].key)
        continue;
      uint32_t j = rgs_hash_ptr(e->slots[i].key) & (ncap - 1);
      while (ns[j].key)
        j = (j + 1) & (ncap - 1);
      ns[j] = e->slots[i];
    }
    rg_free(e->slots);
    e->slots = ns;
    e->cap = ncap;
  }
  uint32_t i = rgs_hash_ptr(v) & (e->cap - 1);
  while (e->slots[i].key)
    i = (i + 1) & (e->cap - 1);
  e->slots[i].key = v;
  e->count++;
  return &e->slots[i];
}

static void env_release(InterpEnv *e, const RgValue *v) {
  EnvSlot *s = env_find(e, v);
  if (s && s->live)
    slot_drop(e, s);
}

static void env_free(InterpEnv *e) {
  for (uint32_t i = 0; i < e->cap; i++)
    if (e->slots[i].key && e->slots[i].live)
      slot_drop(e, &e->slots[i]);
  rg_free(e->slots);
  e->slots = NULL;
  e->cap = e->count = 0;
}

static const RgBlock *value_block(const RgValue *v) {
  if (v->flags & RG_VALUE_BLOCK_ARG)
    return v->owner.block;
  return v->owner.node->block;
}

/* Values at least this large that depend on constants alone are freed
 * after each use and made again for the next (a splat a pipeline shares
 * between distant ops would otherwise stay for the whole run). */
#define REMAKE_MIN_BYTES ((size_t)1 << 20)

/* Whether op d of the function body computes its results from constants
 * alone: no regions, and its operands (if any) results of such ops,
 * depth levels down. */
static bool from_constants(const RgBlock *body, const RgNode *d, int depth) {
  if (!d || d->block != body || d->num_regions || !d->num_results || d->num_results > 8 || d->num_operands > 8 ||
      depth < 0)
    return false;
  for (uint32_t i = 0; i < d->num_operands; i++) {
    const RgValue *o = d->operands[i].value;
    if ((o->flags & RG_VALUE_BLOCK_ARG) || !from_constants(body, o->owner.node, depth - 1))
      return false;
  }
  return true;
}

/* Counts v's direct uses in its own block into s->remaining; a use from
 * a nested region pins v until its block ends. Whether a large value of
 * the function body with several uses may be made again from constants
 * into s->remake (t already holds its type). */
static void count_uses(const InterpEnv *e, EnvSlot *s, const RgValue *v) {
  s->pinned = false;
  s->remaining = 0;
  const RgBlock *b = value_block(v);
  for (const RgUse *u = v->uses; u; u = u->next) {
    if (u->user->block == b)
      s->remaining++;
    else
      s->pinned = true;
  }
  s->remake = !s->pinned && s->remaining > 1 && e->body && b == e->body && !(v->flags & RG_VALUE_BLOCK_ARG) &&
              ir_elem_size(s->t.dtype) * (size_t)s->t.numel >= REMAKE_MIN_BYTES &&
              from_constants(e->body, v->owner.node, 4);
}

/* Takes ownership of *t as the value of v. */
static RgStatus env_define(RgInterp *ip, const RgValue *v, RgTensor *t) {
  EnvSlot *s = env_insert(ip->env, v);
  if (!s) {
    rg_tensor_release(t);
    return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: the table of live values");
  }
  if (s->live)
    slot_drop(ip->env, s);
  s->t = *t;
  s->live = true;
  s->lazy = false;
  count_uses(ip->env, s, v);
  if (!s->remaining && !s->pinned)
    slot_drop(ip->env, s);
  return RG_OK;
}

/* v takes shared value id (one reference, the caller's, handed over). */
static RgStatus env_define_shared(RgInterp *ip, const RgValue *v, uint32_t id) {
  EnvSlot *s = env_insert(ip->env, v);
  if (!s) {
    interp_share_unref(ip->env->share, id);
    return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: the table of live values");
  }
  if (s->live)
    slot_drop(ip->env, s);
  s->t = *interp_share_tensor(ip->env->share, id);
  s->t.borrowed_ = true;
  s->share = id;
  s->live = true;
  s->lazy = false;
  count_uses(ip->env, s, v);
  interp_share_hold(ip->env->share, id, ip->env->side, v);
  if (!s->remaining && !s->pinned)
    slot_drop(ip->env, s);
  return RG_OK;
}

/* Function argument `arg` (v) gets a random tensor when an op first reads
 * it, so arguments that are weights never all exist at once. */
static RgStatus env_define_lazy(RgInterp *ip, const RgValue *v, uint32_t arg) {
  EnvSlot *s = env_insert(ip->env, v);
  if (!s)
    return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: the table of live values");
  if (s->live)
    slot_drop(ip->env, s);
  count_uses(ip->env, s, v);
  s->lazy = s->remaining || s->pinned;
  s->arg = arg;
  return RG_OK;
}

/* Argument i of a function run on random inputs: the tensor
 * rg_interp_random_inputs(_range, _edges) makes for it. */
RgStatus interp_random_arg(const RgTensor *layout, bool shape, const InterpArgs *a, uint32_t i, RgTensor *t) {
  uint64_t s = a->seed * 0x9E3779B97F4A7C15ull + i * 0xD1B54A32D192ED03ull + 1;
  double lo = a->lo, hi = a->hi;
  if (!a->ranged) /* a shape value (no element type of its own) gets small entries */
    interp_default_range(shape ? RG_DT_NONE : layout->dtype, &lo, &hi);
  RgStatus st = rg_tensor_init(t, layout->dtype, layout->rank, layout->dims);
  if (st == RG_OK && (st = interp_fill_random(t, s, lo, hi)) != RG_OK)
    rg_tensor_release(t);
  if (st != RG_OK || !a->edges)
    return st;
  int64_t ints[INTERP_MAX_INTS];
  RgEdgeValues e = {a->first, a->ranged, a->lo, a->hi, ints, 0};
  for (uint32_t k = 0; a->ints && k < a->ints->n; k++)
    if (a->ints->dt[k] == t->dtype)
      ints[e.num_ints++] = a->ints->v[k];
  rg_tensor_mix_edges(t, s, &e);
  return RG_OK;
}

/* interp_random_arg for a value of `type`. */
static RgStatus random_arg_of(const RgType *type, const InterpArgs *a, uint32_t i, RgTensor *t) {
  RgTensor layout;
  memset(&layout, 0, sizeof layout);
  memset(t, 0, sizeof *t);
  if (interp_type_layout(type, &layout.dtype, &layout.rank, layout.dims) != RG_OK)
    return RG_ERR_INVALID;
  return interp_random_arg(&layout, type->kind == RG_TYPE_OTHER, a, i, t);
}

void interp_func_ints(RgGraph *g, const RgNode *func, InterpInts *out) {
  out->n = 0;
  const RgBlock *b = func && func->num_regions ? func->regions[0].first : NULL;
  for (const RgNode *n = b ? b->first : NULL; n && out->n < INTERP_MAX_INTS; n = n->next) {
    if (n->num_operands || n->num_regions)
      continue;
    for (uint16_t k = 0; k < n->num_attrs; k++) {
      const RgAttr *a = n->attrs[k].value;
      if (a->kind != RG_ATTR_DENSE || a->count != 1 || !rg_elem_is_int(a->type->dtype) ||
          a->type->dtype == RG_DT_INDEX || !ir_dense_decoded(g, a))
        continue;
      int64_t v = ir_dense_int(a, 0);
      bool seen = false;
      for (uint32_t j = 0; j < out->n && !seen; j++)
        seen = out->dt[j] == a->type->dtype && out->v[j] == v;
      if (!seen && out->n < INTERP_MAX_INTS) {
        out->dt[out->n] = a->type->dtype;
        out->v[out->n++] = v;
      }
    }
  }
}

/* ---- errors ---- */

RgStatus rg_eval_failv(RgInterp *ip, RgInterpError kind, const char *fmt, va_list ap) {
  if (ip->kind == RG_INTERP_OK) {
    ip->kind = kind;
    int off = 0;
    if (ip->node)
      off = snprintf(ip->msg, sizeof ip->msg, "%s (node %u): ", rg_op_name(ip->g, ip->node->op),
                     ip->node->id);
    if (off < 0 || (size_t)off >= sizeof ip->msg)
      off = 0;
    vsnprintf(ip->msg + off, sizeof ip->msg - (size_t)off, fmt, ap);
  }
  return kind == RG_INTERP_NOMEM ? RG_ERR_NOMEM : RG_ERR_INVALID;
}

RgStatus rg_eval_fail(RgInterp *ip, RgInterpError kind, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  RgStatus s = rg_eval_failv(ip, kind, fmt, ap);
  va_end(ap);
  return s;
}

RgStatus rg_eval_arity(RgInterp *ip, uint32_t num_in, int min_in, int max_in, uint32_t num_out,
                       uint32_t want_out) {
  if ((int64_t)num_in < min_in || (max_in >= 0 && (int64_t)num_in > max_in))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "wrong number of operands (%u)", num_in);
  if (num_out != want_out)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "expected %u result%s, found %u", want_out,
                        want_out == 1 ? "" : "s", num_out);
  return RG_OK;
}

RgStatus rg_eval_expect_dtype(RgInterp *ip, const RgTensor *t, RgDType dt, const char *what) {
  if (t->dtype == dt)
    return RG_OK;
  return rg_eval_fail(ip, RG_INTERP_INVALID, "%s has element type %s, expected %s", what,
                      rg_dtype_name(t->dtype), rg_dtype_name(dt));
}

RgStatus rg_eval_require_range(RgInterp *ip, int64_t v, RgDType acc, const char *what) {
  if (v >= rg_elem_min(acc) && v <= rg_elem_max(acc))
    return RG_OK;
  return rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE, "%s: result %lld out of %s range (REQUIRE)",
                      what, (long long)v, rg_dtype_name(acc));
}

RgGraph *rg_eval_graph(const RgInterp *ip) { return ip->g; }

/* ---- attributes ---- */

bool rg_eval_attr_int(const RgNode *n, const char *name, int64_t *v) {
  const RgAttr *a = rg_node_attr(n, name);
  if (a && a->kind == RG_ATTR_INT) {
    *v = a->u.i;
    return true;
  }
  if (a && a->kind == RG_ATTR_BOOL) {
    *v = a->u.b;
    return true;
  }
  return false;
}

bool rg_eval_attr_bool(const RgNode *n, const char *name, bool dflt) {
  const RgAttr *a = rg_node_attr(n, name);
  if (a && a->kind == RG_ATTR_BOOL)
    return a->u.b;
  if (a && a->kind == RG_ATTR_INT)
    return a->u.i != 0;
  if (a && a->kind == RG_ATTR_UNIT)
    return true;
  return dflt;
}

bool rg_eval_attr_ints(const RgNode *n, const char *name, const int64_t **v, uint32_t *count) {
  const RgAttr *a = rg_node_attr(n, name);
  if (!a || a->kind != RG_ATTR_DENSE_ARRAY || rg_dtype_is_float(a->type->dtype))
    return false;
  *v = a->u.ints;
  *count = a->count;
  return true;
}

bool rg_eval_attr_enum_is(const RgNode *n, const char *name, const char *sym, bool *present) {
  const RgAttr *a = rg_node_attr(n, name);
  size_t len = strlen(sym);
  if (present)
    *present = a != NULL;
  if (!a)
    return false;
  if (a->kind == RG_ATTR_STRING)
    return a->u.str.len == len && memcmp(a->u.str.data, sym, len) == 0;
  const char *t = a->text;
  uint32_t tl = a->text_len;
  if (!t || tl < len + 2)
    return false;
  /* `#dialect.kind<SYM>`: the symbol sits between the last '<' and '>' */
  return t[tl - 1] == '>' && t[tl - 2 - len] == '<' && memcmp(t + tl - 1 - len, sym, len) == 0;
}

bool rg_eval_nan_ignore(const RgNode *n) { return rg_eval_attr_enum_is(n, "nan_mode", "IGNORE", NULL); }

int64_t rg_eval_scalar_int(const RgTensor *t) {
  if (t->numel < 1)
    return 0;
  return rg_tensor_get_int(t, 0);
}

double rg_eval_scalar_float(const RgTensor *t) {
  if (t->numel < 1)
    return 0;
  return rg_tensor_is_float(t) ? (double)rg_tensor_get_float(t, 0) : (double)rg_tensor_get_int(t, 0);
}

bool rg_eval_attr_number(const RgNode *n, const char *name, double *f, int64_t *iv,
                         bool *is_float) {
  const RgAttr *a = rg_node_attr(n, name);
  if (!a)
    return false;
  bool fl = a->kind == RG_ATTR_FLOAT;
  if (fl)
    *f = a->u.f;
  else if (a->kind == RG_ATTR_INT || a->kind == RG_ATTR_BOOL) {
    int64_t v = a->kind == RG_ATTR_INT ? a->u.i : a->u.b;
    *f = (double)v;
    if (iv)
      *iv = v;
  } else
    return false;
  if (is_float)
    *is_float = fl;
  return true;
}

/* ---- a run paired with a twin (interp_run_paired) ---- */

static bool executed(const InterpEnv *e, const RgNode *n) { return n->num_results && env_find((InterpEnv *)e, &n->results[0]); }

/* The stored ids of n's operands into ops (of values made again from
 * constants: the id they take again), false when one has none. */
static bool operand_ids(RgInterp *ip, const RgNode *n, uint32_t *ops) {
  for (uint32_t i = 0; i < n->num_operands; i++) {
    EnvSlot *s = env_find(ip->env, n->operands[i].value);
    if (!s || !(ops[i] = s->live ? s->share : s->remake && s->remaining ? s->was : 0))
      return false;
  }
  return true;
}

/* Whether slot s gives stored value id when read: it holds it, or it is
 * an argument made as id, or a value made again from constants that was
 * id (made again through the memo, it takes the same id). */
static bool slot_yields(const InterpEnv *e, const EnvSlot *s, uint32_t id) {
  if (s->live)
    return s->share == id;
  if (s->lazy)
    return interp_share_arg_peek(e->share, s->arg) == id;
  return s->remake && s->remaining && s->was == id;
}

/* Whether op a of the twin run tw, not run yet, is op b of ip's run on
 * the same stored operands (ops): it takes b's results from the memo. */
static bool twin_ready(RgInterp *tw, const RgNode *a, RgInterp *ip, const RgNode *b, const uint32_t *ops) {
  InterpEnv *te = tw->env;
  if (!a->num_results || a->block != te->body || a->num_operands != b->num_operands || executed(te, a) ||
      !interp_share_same_op(ip->g, b, tw->g, a))
    return false;
  for (uint32_t i = 0; i < a->num_operands; i++) {
    EnvSlot *s = env_find(te, a->operands[i].value);
    if (!s || !slot_yields(te, s, ops[i]))
      return false;
  }
  return true;
}

/* Whether the only other reader of stored operand id of n is the twin
 * run's same op on the same operands, which twin_run runs right after n
 * from the memo: n may then take the operand's storage for its result. */
static bool twin_reads_alike(RgInterp *ip, const RgNode *n, uint32_t id) {
  InterpEnv *e = ip->env;
  RgInterp *tw = e->twin;
  uint32_t ops[64];
  if (!tw || !tw->env || tw->env->failed || ip->depth || n->num_operands > 64 || interp_share_refs(e->share, id) != 2 ||
      !operand_ids(ip, n, ops))
    return false;
  for (uint32_t r = 0; r < n->num_results; r++) /* the results stay stored for the twin */
    if (!n->results[r].uses)
      return false;
  const RgValue *tv = interp_share_holder(e->share, id, tw->env->side);
  EnvSlot *ts = tv ? env_find(tw->env, tv) : NULL;
  if (!ts || !ts->live || ts->share != id || ts->pinned || ts->remaining != 1 || tv->num_uses != 1)
    return false;
  return twin_ready(tw, tv->uses->user, ip, n, ops);
}

static RgStatus exec_node(RgInterp *ip, const RgNode *n);

static RgStatus remake(RgInterp *ip, const RgValue *v);

/* The stored id value v of ip's run has, or would take if made again from
 * constants through the memo without evaluating anything, depth ops up;
 * 0 when neither. */
static uint32_t remade_id(RgInterp *ip, const RgValue *v, int depth) {
  EnvSlot *s = env_find(ip->env, v);
  if (s && s->live)
    return s->share;
  if ((v->flags & RG_VALUE_BLOCK_ARG) || depth <= 0)
    return 0;
  const RgNode *d = v->owner.node;
  uint32_t ops[8], res[8];
  if (!from_constants(ip->env->body, d, depth))
    return 0;
  for (uint32_t i = 0; i < d->num_operands; i++)
    if (!(ops[i] = remade_id(ip, d->operands[i].value, depth - 1)))
      return 0;
  return interp_share_peek(ip->env->share, ip->g, d, ops, res) ? res[v->index] : 0;
}

/* How many ops up twin_pull goes from an op of the twin run. */
#define PULL_DEPTH 8

/* Runs, in the twin run tw, the ops defining a's operands that have not
 * run yet (ops on arguments that waited), depth levels up: whether every
 * operand of a then has a value or is an argument. */
static bool twin_pull(RgInterp *tw, const RgNode *a, int depth) {
  InterpEnv *te = tw->env;
  for (uint32_t i = 0; i < a->num_operands && !te->failed; i++) {
    const RgValue *v = a->operands[i].value;
    EnvSlot *s = env_find(te, v);
    if (s && (s->live || s->lazy))
      continue;
    if (s && s->remake && s->remaining) {
      /* a value made from constants that the other run holds now: made
       * again here from the memo, at no cost */
      if (!remade_id(tw, v, PULL_DEPTH))
        return false;
      RgStatus rs = remake(tw, v);
      if (rs != RG_OK) {
        te->failed = rs;
        return false;
      }
      continue;
    }
    const RgNode *d = (v->flags & RG_VALUE_BLOCK_ARG) ? NULL : v->owner.node;
    if (s || !d || d->block != te->body || !d->next || d->num_regions || depth <= 0 || !twin_pull(tw, d, depth - 1))
      return false;
    RgStatus st = executed(te, d) ? RG_OK : exec_node(tw, d); /* it may have run on the way */
    if (st != RG_OK) {
      te->failed = st;
      return false;
    }
  }
  return !te->failed;
}

/* After op n (operand ids ops) ran: the twin run's ops that are the same
 * op on the same operands run now, from the memo, while n's results are
 * stored: the two runs stay in step wherever the graphs agree. */
static void twin_run(RgInterp *ip, const RgNode *n, const uint32_t *ops) {
  RgInterp *tw = ip->env->twin;
  if (!tw || !tw->env || tw->env->failed)
    return;
  for (uint32_t r = 0; r < n->num_results; r++) {
    EnvSlot *s = env_find(ip->env, &n->results[r]);
    if (!s || !s->live || !s->share)
      return;
  }
  for (uint32_t k = 0; k < n->num_operands; k++) {
    bool seen = false;
    for (uint32_t j = 0; j < k && !seen; j++)
      seen = ops[j] == ops[k];
    const RgValue *v = n->operands[k].value, *tv = NULL;
    if ((v->flags & RG_VALUE_BLOCK_ARG) && v->owner.block == ip->env->body) /* an argument: the twin's own */
      tv = v->index < tw->env->body->num_args ? tw->env->body->args[v->index] : NULL;
    else if (!seen)
      tv = interp_share_holder(ip->env->share, ops[k], tw->env->side);
    EnvSlot *ts = tv ? env_find(tw->env, tv) : NULL;
    if (!ts || !slot_yields(tw->env, ts, ops[k]))
      continue;
    for (const RgUse *u = tv->uses; u && !tw->env->failed; u = u->next) {
      const RgNode *a = u->user;
      if (a->block != tw->env->body || executed(tw->env, a) || !interp_share_same_op(ip->g, n, tw->g, a) ||
          !twin_pull(tw, a, PULL_DEPTH))
        continue;
      if (twin_ready(tw, a, ip, n, ops)) {
        RgStatus st = exec_node(tw, a);
        if (st != RG_OK)
          tw->env->failed = st;
      }
    }
  }
}

/* Whether the twin run may read v's stored value later without holding
 * it now: v is a function argument the twin has not made yet, or a value
 * made from constants (the twin's equal one waits until it is read). */
static bool twin_may_read(const RgInterp *ip, const RgValue *v) {
  const InterpEnv *e = ip->env;
  const RgInterp *tw = e->twin;
  if (!tw || !tw->env || tw->env->failed || ip->depth)
    return false;
  if (!(v->flags & RG_VALUE_BLOCK_ARG))
    return from_constants(e->body, v->owner.node, 4);
  if (v->owner.block != e->body || v->index >= tw->env->body->num_args)
    return false;
  const EnvSlot *ts = env_find(tw->env, tw->env->body->args[v->index]);
  return ts && !ts->live && ts->lazy;
}

bool rg_eval_reuse_operand(RgInterp *ip, uint32_t k, RgTensor *out) {
  const RgNode *n = ip->node;
  if (!ip->env || !n || k >= n->num_operands || out->borrowed_)
    return false;
  const RgValue *v = n->operands[k].value;
  EnvSlot *s = env_find(ip->env, v);
  /* remaining 1: this op is its only reader left, and reads it once */
  if (!s || !s->live || s->pinned || s->remaining != 1 || value_block(v) != n->block)
    return false;
  if (s->share && twin_may_read(ip, v)) /* the twin run reads it later: what follows stays shared */
    return false;
  if (s->share) /* and no twin run holds it, or only for the same op */
    return interp_share_take(ip->env->share, s->share, twin_reads_alike(ip, n, s->share) ? 2 : 1, out);
  if (s->t.borrowed_ || !interp_same_storage(&s->t, out))
    return false;
  rg_free(out->elems_);
  out->elems_ = s->t.elems_;
  s->t.borrowed_ = true; /* out owns the storage now; the slot only reads it */
  return true;
}

/* Whether every byte of t's storage is 0. Reading the untouched pages of
 * a fresh zero-filled allocation makes none of them resident. */
static bool all_zero_bytes(const RgTensor *t) {
  static const unsigned char zeros[4096];
  const unsigned char *p = t->elems_;
  size_t n = ir_elem_size(t->dtype) * (size_t)t->numel;
  /* a block at a time through memcmp, which the C library vectorizes */
  for (size_t i = 0; i < n; i += sizeof zeros)
    if (memcmp(p + i, zeros, n - i < sizeof zeros ? n - i : sizeof zeros) != 0)
      return false;
  return true;
}

/* Repeats t's first element over all of t, doubling the filled part. */
static void fill_copies(RgTensor *t) {
  unsigned char *p = t->elems_;
  size_t done = ir_elem_size(t->dtype), all = done * (size_t)t->numel;
  while (done < all) {
    size_t n = done < all - done ? done : all - done;
    memcpy(p + done, p, n);
    done += n;
  }
}

RgStatus rg_eval_fill_dense(RgInterp *ip, const RgAttr *a, RgTensor *out) {
  if (!a || a->kind != RG_ATTR_DENSE)
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "attribute is not a decodable dense<>");
  if (!ir_dense_decoded(rg_eval_graph(ip), a) && a->decode_state == -2)
    return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: decoding the elements of %s",
                        a->type->text);
  uint32_t cnt = 0;
  if (rg_dtype_is_float(a->type->dtype)) {
    const double *v;
    if (!rg_attr_dense_get_floats(rg_eval_graph(ip), a, &v, &cnt))
      return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "cannot decode dense float elements");
    if (cnt != 1 && cnt != out->numel)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "%u elements for %lld", cnt,
                         (long long)out->numel);
    /* a splat of +0.0 into a zero-filled result leaves its pages untouched */
    if (cnt == 1 && v[0] == 0 && !signbit(v[0]) && all_zero_bytes(out))
      return RG_OK;
    if (cnt == 1 && out->numel > 0) { /* one element, then copies of what is filled */
      rg_tensor_set_float(out, 0, v[0]);
      fill_copies(out);
    } else {
      for (int64_t i = 0; i < out->numel; i++)
        rg_tensor_set_float(out, i, v[i]);
    }
  } else {
    if (!ir_dense_decoded(rg_eval_graph(ip), a))
      return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "cannot decode dense integer elements");
    cnt = a->count;
    if (cnt != 1 && cnt != out->numel)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "%u elements for %lld", cnt,
                         (long long)out->numel);
    RgTensor view;
    if (a->type->dtype == out->dtype && rg_attr_dense_view(rg_eval_graph(ip), a, &view) &&
        rg_tensor_same_type(&view, out)) {
      /* the constant's data is the graph's: view it instead of a copy */
      rg_tensor_release(out);
      *out = view;
      return RG_OK;
    }
    if (cnt == 1 && ir_dense_int(a, 0) == 0 && all_zero_bytes(out))
      return RG_OK;
    if (cnt == 1 && out->numel > 0) {
      rg_tensor_set_int(out, 0, ir_dense_int(a, 0));
      fill_copies(out);
    } else {
      for (int64_t i = 0; i < out->numel; i++)
        rg_tensor_set_int(out, i, ir_dense_int(a, (uint32_t)i));
    }
  }
  return RG_OK;
}

/* ---- op bindings ---- */

RgStatus rg_interp_add_ops(RgInterp *ip, const RgOpDesc *ops, uint32_t n) {
  struct InterpRegistry *r = rg_realloc(ip->regs, sizeof *r * (ip->num_regs + 1));
  if (!r)
    return RG_ERR_NOMEM;
  r[ip->num_regs].ops = ops;
  r[ip->num_regs].n = n;
  ip->regs = r;
  ip->num_regs++;
  /* bindings resolved before this registry may change */
  for (uint32_t i = 0; i < ip->num_bindings; i++)
    ip->bindings[i].resolved = false;
  return RG_OK;
}

static void resolve(const RgInterp *ip, const char *name, InterpOpBinding *b) {
  b->resolved = true;
  b->eval = NULL;
  b->decl = NULL;
  for (uint32_t r = 0; r < ip->num_regs; r++)
    for (uint32_t i = 0; i < ip->regs[r].n; i++) {
      const RgOpDesc *d = &ip->regs[r].ops[i];
      if (strcmp(d->name, name) != 0)
        continue;
      if (!b->decl)
        b->decl = d;
      if (d->eval) {
        b->eval = d->eval;
        b->decl = d;
        return;
      }
    }
}

bool rg_interp_supports(const RgInterp *ip, const char *op_name) {
  InterpOpBinding b;
  resolve(ip, op_name, &b);
  return b.eval != NULL;
}

/* The binding of op id `op`, or NULL when out of memory. */
static const InterpOpBinding *binding(RgInterp *ip, RgOpId op) {
  if (op >= ip->num_bindings) {
    uint32_t n = rg_op_count_ids(ip->g);
    if (n <= op)
      n = op + 1;
    InterpOpBinding *bs = rg_realloc(ip->bindings, sizeof *bs * n);
    if (!bs)
      return NULL;
    memset(bs + ip->num_bindings, 0, sizeof *bs * (n - ip->num_bindings));
    ip->bindings = bs;
    ip->num_bindings = n;
  }
  InterpOpBinding *b = &ip->bindings[op];
  if (!b->resolved)
    resolve(ip, rg_op_name(ip->g, op), b);
  return b;
}

/* Fails NO_EVALUATOR for the op of the current node, naming where it is
 * declared, or that no registry declares it. */
static RgStatus no_evaluator(RgInterp *ip, const InterpOpBinding *b) {
  if (b->decl)
    return rg_eval_fail(ip, RG_INTERP_NO_EVALUATOR, "no evaluator: declared at %s without eval(...)",
                        b->decl->source ? b->decl->source : "?");
  return rg_eval_fail(ip, RG_INTERP_NO_EVALUATOR,
                      "undeclared op: no .ops file given to the interpreter declares it");
}

/* ---- execution ---- */

RgInterp *rg_interp_new(RgGraph *g, const RgOpDesc *ops, uint32_t n) {
  RgInterp *ip = rg_alloc(sizeof *ip);
  if (!ip)
    return NULL;
  memset(ip, 0, sizeof *ip);
  ip->g = g;
  if (ops && rg_interp_add_ops(ip, ops, n) != RG_OK) {
    rg_interp_free(ip);
    return NULL;
  }
  return ip;
}

void rg_interp_free(RgInterp *ip) {
  if (!ip)
    return;
  rg_free(ip->bindings);
  rg_free(ip->regs);
  rg_free(ip);
}

RgInterpError rg_interp_last_error(const RgInterp *ip) { return ip->kind; }

const char *rg_interp_message(const RgInterp *ip) { return ip->msg; }

static RgStatus exec_block(RgInterp *ip, const RgBlock *b, RgTensor *const *args, uint32_t nargs,
                           RgTensor **yielded, uint32_t *nyield);
static RgStatus yield_block(RgInterp *ip, const RgNode *n, RgTensor **yielded, uint32_t *nyield);

/* `tensor<2x3xi8>` for t, into buf. */
static const char *tensor_type(const RgTensor *t, char *buf, size_t len) {
  size_t at = (size_t)snprintf(buf, len, "tensor<");
  for (int32_t d = 0; d < t->rank && at < len; d++)
    at += (size_t)snprintf(buf + at, len - at, "%lldx", (long long)t->dims[d]);
  if (at < len)
    snprintf(buf + at, len - at, "%s>", rg_dtype_name(t->dtype));
  return buf;
}

/* Takes operand k of n (the block's terminator) out of its slot into *t
 * when nothing else reads it: its only use left is this one, in this
 * block, and no twin run holds it. */
static bool take_operand(RgInterp *ip, const RgNode *n, uint32_t k, RgTensor *t) {
  const RgValue *v = n->operands[k].value;
  EnvSlot *s = env_find(ip->env, v);
  if (!s || !s->live || s->pinned || s->remaining != 1 || value_block(v) != n->block)
    return false;
  if (s->share) {
    if (rg_tensor_init(t, s->t.dtype, s->t.rank, s->t.dims) != RG_OK)
      return false;
    if (!interp_share_take(ip->env->share, s->share, 1, t)) {
      rg_tensor_release(t);
      return false;
    }
  } else {
    if (s->t.borrowed_)
      return false;
    *t = s->t;
    s->t.borrowed_ = true;
  }
  s->remaining = 0;
  slot_drop(ip->env, s);
  return true;
}

/* The values the terminator n yields (src), into a fresh array: taken
 * from their slots when nothing else reads them, else copied. */
static RgStatus copy_tensors(RgInterp *ip, const RgNode *n, RgTensor *const *src, RgTensor **out) {
  *out = NULL;
  char tb[160];
  uint32_t num = n->num_operands;
  RgTensor *arr = rg_alloc(sizeof *arr * (num ? num : 1));
  if (!arr)
    return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: %u copied values", num);
  memset(arr, 0, sizeof *arr * (num ? num : 1));
  for (uint32_t i = 0; i < num; i++) {
    if (take_operand(ip, n, i, &arr[i]))
      continue;
    if (rg_tensor_copy(&arr[i], src[i]) != RG_OK) {
      rg_tensor_array_free(arr, i);
      return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: copy of value %u, %s", i, tensor_type(src[i], tb, sizeof tb));
    }
  }
  *out = arr;
  return RG_OK;
}

RgStatus rg_eval_region(RgInterp *ip, const RgRegion *r, RgTensor *const *args, uint32_t nargs,
                        RgTensor **yielded, uint32_t *nyield) {
  *yielded = NULL;
  *nyield = 0;
  const RgNode *self = ip->node;
  const RgBlock *b = r ? r->first : NULL;
  if (!b)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "empty region");
  if (b->num_args && b->num_args != nargs)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "region takes %u arguments, given %u", b->num_args,
                        nargs);
  if (!ip->env)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "regions run only inside rg_interp_run");
  if (ip->depth >= MAX_DEPTH)
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "regions nested too deeply");
  ip->depth++;
  RgStatus s = exec_block(ip, b, args, b->num_args ? nargs : 0, yielded, nyield);
  ip->depth--;
  ip->node = self;
  return s;
}

RgStatus rg_eval_take_results(RgInterp *ip, RgTensor *vals, uint32_t n, RgTensor *out,
                              uint32_t num_out) {
  RgStatus s = RG_OK;
  if (n != num_out)
    s = rg_eval_fail(ip, RG_INTERP_INVALID, "region yields %u values for %u results", n, num_out);
  for (uint32_t i = 0; i < n && s == RG_OK; i++)
    if (!rg_tensor_same_type(&vals[i], &out[i]))
      s = rg_eval_fail(ip, RG_INTERP_INVALID, "result %u: yielded value does not match %s", i,
                       ip->node && i < ip->node->num_results && ip->node->results[i].type
                           ? ip->node->results[i].type->text
                           : "the result type");
  for (uint32_t i = 0; i < n; i++) {
    if (s == RG_OK) {
      rg_tensor_release(&out[i]);
      out[i] = vals[i];
    } else {
      rg_tensor_release(&vals[i]);
    }
  }
  rg_free(vals);
  return s;
}

/* Runs node n's evaluator on `in`; on success *outs holds its results
 * (allocated from the result types), on failure *outs is NULL. */
static RgStatus eval_node(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor **outs) {
  *outs = NULL;
  ip->node = n;
  const InterpOpBinding *b = binding(ip, n->op);
  if (!b)
    return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: the op's evaluator binding");
  if (!b->eval)
    return no_evaluator(ip, b);
  uint32_t nr = n->num_results;
  RgTensor *out = rg_alloc(sizeof *out * (nr ? nr : 1));
  if (!out)
    return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: %u results", nr);
  memset(out, 0, sizeof *out * (nr ? nr : 1));
  RgStatus s = RG_OK;
  uint32_t made = 0;
  for (; made < nr && s == RG_OK; made++) {
    const RgType *rt = n->results[made].type;
    if ((s = rg_tensor_init_type(&out[made], rt)) == RG_ERR_NOMEM)
      s = rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: result %u, %s", made, rt->text);
    else if (s != RG_OK)
      s = rg_eval_fail(ip, RG_INTERP_UNSUPPORTED,
                       "result type %s is not a static tensor of a supported element type",
                       rt ? rt->text : "(none)");
  }
  if (s == RG_OK)
    s = b->eval(ip, n, in, n->num_operands, out, nr);
  ip->node = n;
  if (s != RG_OK) {
    if (ip->kind == RG_INTERP_OK)
      rg_eval_fail(ip, RG_INTERP_INVALID, "evaluator failed without a message");
    rg_tensor_array_free(out, made);
    return s;
  }
  *outs = out;
  return RG_OK;
}

/* The random function argument of slot (value v), or its twin's when that
 * is stored and live. */
static RgStatus make_arg(RgInterp *ip, EnvSlot *slot, const RgValue *v) {
  InterpShare *sh = ip->env->share;
  RgTensor layout;
  memset(&layout, 0, sizeof layout);
  uint32_t id = 0;
  bool live = false;
  if (sh && interp_type_layout(v->type, &layout.dtype, &layout.rank, layout.dims) == RG_OK)
    id = interp_share_arg(sh, slot->arg, &layout, &live);
  if (!live) {
    RgStatus s = random_arg_of(v->type, ip->args, slot->arg, &slot->t);
    if (s != RG_OK || !sh)
      return s;
    /* made again, it is the same tensor: it keeps its id */
    if (!id || !interp_share_revive(sh, id, &slot->t)) {
      if ((s = interp_share_put(sh, &slot->t, &id)) != RG_OK) {
        rg_tensor_release(&slot->t);
        return s;
      }
      interp_share_set_arg(sh, slot->arg, id);
    }
  }
  slot->t = *interp_share_tensor(sh, id);
  slot->t.borrowed_ = true;
  slot->share = id;
  interp_share_hold(sh, id, ip->env->side, v);
  return RG_OK;
}

/* Makes value v of the function body again (its slot's `remake`): its
 * op evaluated anew, or, beside a twin, its stored results taken, which
 * are the same bits. The uses left of v and of the op's operands stay as
 * they were, and operands made again for it are freed after. */
static RgStatus remake(RgInterp *ip, const RgValue *v) {
  const RgNode *d = v->owner.node, *self = ip->node;
  uint32_t left[8], oleft[8];
  bool olive[8];
  if (d->num_results > 8 || d->num_operands > 8 || ip->depth)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "a value made from constants cannot be made again");
  for (uint32_t i = 0; i < d->num_results; i++) {
    EnvSlot *r = env_find(ip->env, &d->results[i]);
    left[i] = r ? r->remaining : 0;
  }
  RgStatus st = RG_OK;
  for (uint32_t i = 0; i < d->num_operands; i++) {
    EnvSlot *o = env_find(ip->env, d->operands[i].value);
    oleft[i] = o ? o->remaining : 0;
    olive[i] = o && o->live;
    if (o && !o->live && st == RG_OK) /* from constants too (from_constants) */
      st = remake(ip, d->operands[i].value);
  }
  bool making = ip->env->making;
  ip->env->making = true;
  if (st == RG_OK)
    st = exec_node(ip, d);
  ip->env->making = making;
  for (uint32_t i = 0; i < d->num_operands; i++) {
    EnvSlot *o = env_find(ip->env, d->operands[i].value);
    if (!o)
      continue;
    o->remaining = oleft[i];
    if (o->live && !olive[i])
      slot_drop(ip->env, o);
  }
  for (uint32_t i = 0; i < d->num_results; i++) {
    EnvSlot *r = env_find(ip->env, &d->results[i]);
    if (r)
      r->remaining = left[i];
    if (r && r->live && !left[i] && &d->results[i] != v)
      slot_drop(ip->env, r);
  }
  ip->node = self;
  return st;
}

/* Operand tensors of n from the environment, into in[0..num_operands). */
static RgStatus gather_operands(RgInterp *ip, const RgNode *n, RgTensor **in) {
  for (uint32_t i = 0; i < n->num_operands; i++) {
    EnvSlot *slot = env_find(ip->env, n->operands[i].value);
    if (slot && !slot->live && slot->remake && slot->remaining) {
      RgStatus s = remake(ip, n->operands[i].value);
      if (s != RG_OK)
        return s;
    }
    if (slot && !slot->live && slot->lazy) {
      const RgValue *v = n->operands[i].value;
      RgStatus s = make_arg(ip, slot, v);
      if (s != RG_OK)
        return rg_eval_fail(ip, s == RG_ERR_NOMEM ? RG_INTERP_NOMEM : RG_INTERP_UNSUPPORTED,
                            "%s argument %u, %s", s == RG_ERR_NOMEM ? "out of memory:" : "cannot make",
                            slot->arg, v->type->text);
      slot->live = true;
      slot->lazy = false;
    }
    if (!slot || !slot->live)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "operand %u has no value", i);
    in[i] = &slot->t;
  }
  return RG_OK;
}

/* Whether n's results are stored for a twin run: ops of the function body. */
static bool shares_results(const RgInterp *ip, const RgNode *n) {
  return ip->env->share && ip->depth == 0 && n->num_results <= 8;
}

/* The results of n (evaluated, outs) defined, stored for a twin run when
 * shared; with its operand ids (ops, NULL when one has none), n is
 * remembered under them, unless the memo knew it (stale: the ids its
 * results had, which they take again). */
static RgStatus define_results(RgInterp *ip, const RgNode *n, RgTensor *outs, const uint32_t *ops,
                               const uint32_t *stale) {
  RgStatus s = RG_OK;
  bool shared = shares_results(ip, n);
  uint32_t res[8];
  for (uint32_t i = 0; i < n->num_results; i++) {
    if (s != RG_OK) {
      rg_tensor_release(&outs[i]);
    } else if (!shared) {
      s = env_define(ip, &n->results[i], &outs[i]);
    } else if (stale && interp_share_revive(ip->env->share, stale[i], &outs[i])) {
      /* evaluated again: the results keep the ids the memo knows them by */
      res[i] = stale[i];
      s = env_define_shared(ip, &n->results[i], res[i]);
    } else if ((s = interp_share_put(ip->env->share, &outs[i], &res[i])) != RG_OK) {
      rg_tensor_release(&outs[i]);
      s = rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: the store of shared values");
    } else {
      s = env_define_shared(ip, &n->results[i], res[i]);
    }
  }
  /* the memo only saves work: without memory for it, n is evaluated again */
  if (s == RG_OK && ops)
    interp_share_remember(ip->env->share, ip->g, n, ops, res);
  return s;
}

/* Whether n, an op of the function body computing one large value from
 * constants alone, waits until an op reads its result (constants are
 * often all defined at the top of a function). */
static bool deferred(const RgInterp *ip, const RgNode *n) {
  const InterpEnv *e = ip->env;
  if (ip->depth || e->making || !e->body || n->num_results != 1 || !n->results[0].uses ||
      !from_constants(e->body, n, 4))
    return false;
  RgDType dt;
  int32_t rank;
  int64_t dims[RG_TENSOR_MAX_RANK], numel = 1;
  if (interp_type_layout(n->results[0].type, &dt, &rank, dims) != RG_OK)
    return false;
  for (int32_t d = 0; d < rank; d++)
    numel *= dims[d];
  if (ir_elem_size(dt) * (size_t)numel < REMAKE_MIN_BYTES)
    return false;
  for (const RgUse *u = n->results[0].uses; u; u = u->next)
    if (u->user->block != n->block)
      return false;
  return true;
}

/* n's result (deferred) gets a slot with no value, made when first read. */
static RgStatus defer(RgInterp *ip, const RgNode *n) {
  EnvSlot *s = env_insert(ip->env, &n->results[0]);
  if (!s)
    return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: the table of live values");
  if (s->live)
    slot_drop(ip->env, s);
  memset(&s->t, 0, sizeof s->t);
  s->remaining = 0;
  for (const RgUse *u = n->results[0].uses; u; u = u->next)
    s->remaining++;
  s->pinned = s->lazy = false;
  s->remake = true;
  s->share = s->was = 0;
  return RG_OK;
}

static RgStatus exec_node(RgInterp *ip, const RgNode *n) {
  ip->node = n;
  if (deferred(ip, n))
    return defer(ip, n);
  RgTensor *small[8];
  RgTensor **in = small;
  if (n->num_operands > 8) {
    in = rg_alloc(sizeof *in * n->num_operands);
    if (!in)
      return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: %u operands", n->num_operands);
  }
  RgTensor *outs = NULL;
  RgStatus s = gather_operands(ip, n, in);
  /* values of the function body are shared with a twin run */
  bool keyed = shares_results(ip, n) && n->num_operands <= 64;
  uint32_t ops[64], res[8];
  for (uint32_t i = 0; s == RG_OK && keyed && i < n->num_operands; i++)
    keyed = (ops[i] = env_find(ip->env, n->operands[i].value)->share) != 0;
  bool stale = false;
  bool hit = s == RG_OK && keyed && interp_share_lookup(ip->env->share, ip->g, n, ops, res, &stale);
  for (uint32_t i = 0; hit && i < n->num_results; i++) {
    if (s == RG_OK)
      s = env_define_shared(ip, &n->results[i], res[i]);
    else
      interp_share_unref(ip->env->share, res[i]);
  }
  /* an operand whose storage a result took is never read again */
  for (uint32_t i = 0; s == RG_OK && !hit && keyed && i < n->num_operands; i++)
    if (!interp_share_live(ip->env->share, ops[i]))
      s = rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: operand %u of a shared op is gone", i);
  if (s == RG_OK && !hit)
    s = eval_node(ip, n, in, &outs);
  if (in != small)
    rg_free(in);
  if (outs) {
    RgStatus d = define_results(ip, n, outs, keyed ? ops : NULL, stale ? res : NULL);
    s = s == RG_OK ? d : s;
  }
  rg_free(outs);
  if (s != RG_OK)
    return s;
  if (keyed && ip->env->twin)
    twin_run(ip, n, ops);

  /* drop operands whose last direct use this was, and those made again
   * for their next use */
  for (uint32_t i = 0; i < n->num_operands; i++) {
    const RgValue *v = n->operands[i].value;
    EnvSlot *slot = env_find(ip->env, v);
    if (!slot || slot->pinned || value_block(v) != n->block || !slot->remaining)
      continue;
    if (--slot->remaining == 0 || slot->remake)
      if (slot->live)
        slot_drop(ip->env, slot);
  }
  return RG_OK;
}

static void release_block(RgInterp *ip, const RgBlock *b) {
  for (uint32_t i = 0; i < b->num_args; i++)
    env_release(ip->env, b->args[i]);
  for (const RgNode *n = b->first; n; n = n->next)
    for (uint32_t i = 0; i < n->num_results; i++)
      env_release(ip->env, &n->results[i]);
}

/* Executes a block up to its terminator, its last op (func.return, a
 * dialect's yield), which must have no results: its operands are what the
 * block yields. */
static RgStatus exec_block(RgInterp *ip, const RgBlock *b, RgTensor *const *args, uint32_t nargs,
                           RgTensor **yielded, uint32_t *nyield) {
  *yielded = NULL;
  *nyield = 0;
  RgStatus s = RG_OK;
  char tb[160];
  for (uint32_t i = 0; i < nargs && s == RG_OK; i++) {
    RgTensor t;
    if (rg_tensor_copy(&t, args[i]) != RG_OK)
      s = rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: copy of block argument %u, %s", i, tensor_type(args[i], tb, sizeof tb));
    else
      s = env_define(ip, b->args[i], &t);
  }
  const RgNode *n = b->first;
  for (; n && n->next && s == RG_OK; n = n->next)
    s = exec_node(ip, n);
  if (s == RG_OK)
    s = yield_block(ip, n, yielded, nyield);
  release_block(ip, b);
  return s;
}

/* What the block ends in, n: its terminator (no results), whose operands
 * are copied out as what the block yields. */
static RgStatus yield_block(RgInterp *ip, const RgNode *n, RgTensor **yielded, uint32_t *nyield) {
  RgStatus s = RG_OK;
  if (!n || n->num_results) {
    if (n)
      ip->node = n;
    s = rg_eval_fail(ip, RG_INTERP_INVALID, "block does not end in a terminator");
  }
  if (s == RG_OK) {
    ip->node = n;
    RgTensor *small[8];
    RgTensor **vals = small;
    if (n->num_operands > 8 && !(vals = rg_alloc(sizeof *vals * n->num_operands)))
      s = rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: %u yielded values", n->num_operands);
    if (s == RG_OK)
      s = gather_operands(ip, n, vals);
    if (s == RG_OK && (s = copy_tensors(ip, n, vals, yielded)) == RG_OK)
      *nyield = n->num_operands;
    if (vals != small)
      rg_free(vals);
  }
  return s;
}

RgStatus rg_interp_eval_node(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in,
                             RgTensor **out) {
  *out = NULL;
  ip->kind = RG_INTERP_OK;
  ip->msg[0] = 0;
  ip->depth = 0;
  InterpEnv env = {0};
  InterpEnv *saved = ip->env;
  ip->env = &env;
  ip->node = n;
  RgStatus s = num_in == n->num_operands
                   ? eval_node(ip, n, in, out)
                   : rg_eval_fail(ip, RG_INTERP_INVALID, "given %u operands for %u", num_in,
                                  n->num_operands);
  env_free(&env);
  ip->env = saved;
  if (s == RG_OK)
    ip->msg[0] = 0;
  return s;
}

/* Binds the function's arguments: views of the given inputs (no copy:
 * evaluators never write their operands), or random ones made lazily. */
static RgStatus bind_args(RgInterp *ip, const RgBlock *body, const InterpArgs *a) {
  RgStatus s = RG_OK;
  for (uint32_t i = 0; i < body->num_args && s == RG_OK; i++) {
    RgDType dt;
    int32_t rank;
    int64_t dims[RG_TENSOR_MAX_RANK];
    if (interp_type_layout(body->args[i]->type, &dt, &rank, dims) != RG_OK)
      return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "argument %u has unsupported type %s", i,
                          body->args[i]->type->text);
    if (!a->given) {
      s = env_define_lazy(ip, body->args[i], i);
      continue;
    }
    bool same = dt == a->given[i].dtype && rank == a->given[i].rank;
    for (int32_t d = 0; same && d < rank; d++)
      same = dims[d] == a->given[i].dims[d];
    if (!same)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "input %u does not match argument type %s", i,
                          body->args[i]->type->text);
    RgTensor view = a->given[i];
    view.borrowed_ = true;
    uint32_t id;
    if (!ip->env->share)
      s = env_define(ip, body->args[i], &view);
    else if (interp_share_put(ip->env->share, &view, &id) != RG_OK)
      s = rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: the store of shared values");
    else
      s = env_define_shared(ip, body->args[i], id);
  }
  return s;
}

/* Starts a run of func on the arguments `a` describes, in the fresh
 * environment env (its share set): *body is the function's body. */
static RgStatus run_begin(RgInterp *ip, const RgNode *func, const InterpArgs *a, InterpEnv *env,
                          const RgBlock **body) {
  ip->kind = RG_INTERP_OK;
  ip->msg[0] = 0;
  ip->node = func;
  ip->depth = 0;
  ip->env = env;
  ip->args = a;
  *body = func && func->num_regions ? func->regions[0].first : NULL;
  env->body = *body;
  if (!*body)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "not a function with a body");
  if (a->given && (*body)->num_args != a->ngiven)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "function takes %u arguments, given %u", (*body)->num_args,
                        a->ngiven);
  return bind_args(ip, *body, a);
}

/* Ends a run begun with run_begin (status s): its outputs kept only on
 * success, the message of a failure into r->err. */
static RgStatus run_end(RgInterp *ip, RgStatus s, InterpRun *r) {
  if (ip->env)
    env_free(ip->env);
  ip->env = NULL;
  ip->args = NULL;
  if (s != RG_OK) {
    rg_tensor_array_free(r->out, r->nout);
    r->out = NULL;
    r->nout = 0;
    if (ip->kind == RG_INTERP_OK)
      rg_eval_fail(ip, RG_INTERP_INVALID, "failed");
  } else {
    ip->msg[0] = 0;
  }
  if (r->err && r->errlen)
    snprintf(r->err, r->errlen, "%s", s == RG_OK ? "" : ip->msg);
  return s;
}

static RgStatus run(RgInterp *ip, const RgNode *func, InterpRun *r) {
  r->out = NULL;
  r->nout = 0;
  InterpEnv env = {0};
  const RgBlock *body;
  RgStatus s = run_begin(ip, func, r->args, &env, &body);
  if (s == RG_OK)
    s = exec_block(ip, body, NULL, 0, &r->out, &r->nout);
  return run_end(ip, s, r);
}

RgStatus rg_interp_run(RgInterp *ip, const RgNode *func, const RgTensor *inputs, uint32_t n,
                       RgTensor **outputs, uint32_t *nout) {
  static const RgTensor none;
  InterpArgs a = {inputs ? inputs : &none, n, 0, false, 0, 0, false, 0, NULL};
  InterpRun r = {&a, NULL, 0, NULL, 0};
  RgStatus s = run(ip, func, &r);
  *outputs = r.out;
  *nout = r.nout;
  return s;
}

RgStatus interp_run_args(RgInterp *ip, const RgNode *func, InterpRun *r) { return run(ip, func, r); }

typedef struct PairSide {
  RgInterp *ip;
  InterpEnv env;
  const RgBlock *body;
  const RgNode **seq; /* its ops but the terminator */
  uint64_t *keys;     /* interp_node_key of each */
  uint32_t n, at;
} PairSide;

/* Whether n reads a function argument that the other run has not made
 * (or no longer holds): an op on weights, which waits until its equal op
 * of the other run makes them, or until an op needs its result. */
static bool waits_for_args(const InterpEnv *e, const RgNode *n) {
  for (uint32_t i = 0; i < n->num_operands; i++) {
    EnvSlot *s = env_find((InterpEnv *)e, n->operands[i].value);
    if (s && !s->live && s->lazy && !interp_share_arg_peek(e->share, s->arg))
      return true;
  }
  return false;
}

/* Runs op n of side k after the ops defining its operands that have not
 * run (ops that waited), depth levels up. */
static RgStatus run_pulled(PairSide *sd, int k, const RgNode *n, int depth) {
  InterpEnv *e = &sd[k].env;
  for (uint32_t i = 0; i < n->num_operands; i++) {
    const RgValue *v = n->operands[i].value;
    const RgNode *d = (v->flags & RG_VALUE_BLOCK_ARG) ? NULL : v->owner.node;
    if (d && d->block == e->body && !executed(e, d) && depth < 256) {
      RgStatus st = run_pulled(sd, k, d, depth + 1);
      if (st != RG_OK)
        return st;
    }
  }
  return executed(e, n) ? RG_OK : exec_node(sd[k].ip, n);
}

/* The status of each run after an op: one run for its twin may have failed. */
static void pair_status(InterpPaired *p, PairSide *sd) {
  for (int j = 0; j < 2; j++)
    if (p->st[j] == RG_OK && sd[j].env.failed)
      p->st[j] = sd[j].env.failed;
  if (p->st[1] != RG_OK && sd[1].env.cap) {
    env_free(&sd[1].env);
    sd[1].env.failed = p->st[1];
  }
}

/* Runs op `at` of side k unless it ran already or, on side 1, waits for
 * arguments side 0 has not made (waits_for_args). */
static void pair_step(InterpPaired *p, PairSide *sd, int k) {
  const RgNode *n = sd[k].seq[sd[k].at++];
  if (p->st[k] == RG_OK && !executed(&sd[k].env, n) && !(k == 1 && waits_for_args(&sd[1].env, n)))
    p->st[k] = run_pulled(sd, k, n, 0);
  pair_status(p, sd);
}

/* How far ahead (in ops) run 0 is searched for an op like run 1's next. */
#define PAIR_WINDOW 64

/* Whether side 1's op n would take stored results now. */
static bool would_hit(PairSide *sd, const RgNode *n) {
  uint32_t ops[64];
  return n->num_operands <= 64 && operand_ids(sd[1].ip, n, ops) &&
         interp_share_known(sd[1].env.share, sd[1].ip->g, n, ops);
}


/* Runs run 0 in program order, and run 1 beside it: run 1's next op runs
 * when it takes stored results, has no operands, or has no op like it
 * (same key) among run 0's next PAIR_WINDOW ops; otherwise run 0 goes
 * first, so that the equal op's results are stored when run 1 asks for
 * them. Ops of run 1 on arguments wait for run 0 to make them, and run
 * when an op needs their results (run_pulled); what is left runs last. */
static void pair_schedule(InterpPaired *p, PairSide *sd) {
  while ((sd[0].at < sd[0].n || sd[1].at < sd[1].n) && p->st[0] == RG_OK) {
    if (sd[1].at >= sd[1].n || p->st[1] != RG_OK) {
      if (sd[0].at >= sd[0].n)
        break;
      pair_step(p, sd, 0);
      continue;
    }
    const RgNode *a = sd[1].seq[sd[1].at];
    bool go = sd[0].at >= sd[0].n || executed(&sd[1].env, a) || !a->num_operands || would_hit(sd, a);
    for (uint32_t d = 0; !go && d < PAIR_WINDOW && sd[0].at + d < sd[0].n; d++)
      if (sd[0].keys[sd[0].at + d] == sd[1].keys[sd[1].at])
        break;
      else if (d + 1 == PAIR_WINDOW || sd[0].at + d + 1 == sd[0].n)
        go = true;
    pair_step(p, sd, go ? 1 : 0);
  }
  for (uint32_t j = 0; j < sd[1].n && p->st[0] == RG_OK && p->st[1] == RG_OK; j++)
    if (!executed(&sd[1].env, sd[1].seq[j])) {
      p->st[1] = run_pulled(sd, 1, sd[1].seq[j], 0);
      pair_status(p, sd);
    }
}

/* The ops of body but its terminator, in order, into *seq, with their keys. */
static RgStatus body_ops(const RgBlock *body, const RgNode ***seq, uint64_t **keys, uint32_t *n, const RgGraph *g) {
  *n = 0;
  for (const RgNode *x = body->first; x && x->next; x = x->next)
    (*n)++;
  *seq = rg_alloc(sizeof **seq * (*n + 1));
  *keys = rg_alloc(sizeof **keys * (*n + 1));
  if (!*seq || !*keys)
    return RG_ERR_NOMEM;
  uint32_t i = 0;
  for (const RgNode *x = body->first; x && x->next; x = x->next, i++) {
    (*seq)[i] = x;
    (*keys)[i] = interp_node_key(g, x);
  }
  return RG_OK;
}

void interp_run_paired(InterpPaired *p) {
  InterpShare *share = interp_share_new();
  PairSide sd[2];
  memset(sd, 0, sizeof sd);
  InterpRun r[2];
  for (int k = 0; k < 2; k++) {
    r[k] = (InterpRun){p->args, NULL, 0, p->err[k], sizeof p->err[k]};
    sd[k].ip = p->ip[k];
    sd[k].env.share = share;
    sd[k].env.side = k;
    sd[k].env.twin = p->ip[1 - k];
    if (!share) {
      sd[k].ip->kind = RG_INTERP_OK;
      p->st[k] = rg_eval_fail(sd[k].ip, RG_INTERP_NOMEM, "out of memory: the store of shared values");
      continue;
    }
    p->st[k] = run_begin(sd[k].ip, p->func[k], p->args, &sd[k].env, &sd[k].body);
    sd[k].env.body = sd[k].body;
    if (p->st[k] == RG_OK && body_ops(sd[k].body, &sd[k].seq, &sd[k].keys, &sd[k].n, sd[k].ip->g) != RG_OK)
      p->st[k] = rg_eval_fail(sd[k].ip, RG_INTERP_NOMEM, "out of memory: the ops of the body");
  }
  if (p->st[0] == RG_OK)
    pair_schedule(p, sd);
  for (int k = 0; k < 2; k++) {
    RgInterp *ip = sd[k].ip;
    const RgNode *last = sd[k].body ? sd[k].body->first : NULL;
    while (last && last->next)
      last = last->next;
    if (p->st[k] == RG_OK && p->st[0] == RG_OK) {
      ip->env = &sd[k].env;
      p->st[k] = yield_block(ip, last, &r[k].out, &r[k].nout);
      release_block(ip, sd[k].body);
    } else if (p->st[k] == RG_OK) {
      p->st[k] = rg_eval_fail(ip, RG_INTERP_INVALID, "not run: its twin failed");
    }
    ip->env = &sd[k].env;
    p->st[k] = run_end(ip, p->st[k], &r[k]);
    p->out[k] = r[k].out;
    p->nout[k] = r[k].nout;
    rg_free(sd[k].seq);
    rg_free(sd[k].keys);
  }
  if (share)
    p->stats = *interp_share_stats(share);

  interp_share_free(share);
}

static RgStatus random_inputs(const RgNode *func, const InterpArgs *a, RgTensor **inputs, uint32_t *n) {
  *inputs = NULL;
  *n = 0;
  const RgBlock *b = func && func->num_regions ? func->regions[0].first : NULL;
  if (!b)
    return RG_ERR_INVALID;
  RgTensor *arr = rg_alloc(sizeof *arr * (b->num_args ? b->num_args : 1));
  if (!arr)
    return RG_ERR_NOMEM;
  for (uint32_t i = 0; i < b->num_args; i++) {
    RgStatus st = random_arg_of(b->args[i]->type, a, i, &arr[i]);
    if (st != RG_OK) {
      rg_tensor_array_free(arr, i);
      return st;
    }
  }
  *inputs = arr;
  *n = b->num_args;
  return RG_OK;
}

RgStatus rg_interp_random_inputs(const RgNode *func, uint64_t seed, RgTensor **inputs,
                                 uint32_t *n) {
  InterpArgs a = {NULL, 0, seed, false, 0, 0, false, 0, NULL};
  return random_inputs(func, &a, inputs, n);
}

RgStatus rg_interp_random_inputs_range(const RgNode *func, uint64_t seed, double lo, double hi,
                                       RgTensor **inputs, uint32_t *n) {
  InterpArgs a = {NULL, 0, seed, true, lo, hi, false, 0, NULL};
  return random_inputs(func, &a, inputs, n);
}

RgStatus rg_interp_random_inputs_edges(RgGraph *g, const RgNode *func, uint64_t seed, uint32_t first,
                                       RgTensor **inputs, uint32_t *n) {
  InterpInts ints;
  interp_func_ints(g, func, &ints);
  InterpArgs a = {NULL, 0, seed, false, 0, 0, true, first, &ints};
  return random_inputs(func, &a, inputs, n);
}

static const RgNode *find_in_block(RgGraph *g, const RgBlock *b, const char *name, int depth) {
  for (const RgNode *n = b->first; n; n = n->next) {
    const char *op = rg_op_name(g, n->op);
    if (strcmp(op, "func.func") == 0) {
      const RgAttr *a = rg_node_attr(n, "sym_name");
      if (a && a->kind == RG_ATTR_STRING && a->u.str.len == strlen(name) &&
          memcmp(a->u.str.data, name, a->u.str.len) == 0)
        return n;
    } else if (depth < 2 && strcmp(op, "builtin.module") == 0) {
      for (uint16_t r = 0; r < n->num_regions; r++)
        for (const RgBlock *bb = n->regions[r].first; bb; bb = bb->next) {
          const RgNode *f = find_in_block(g, bb, name, depth + 1);
          if (f)
            return f;
        }
    }
  }
  return NULL;
}

const RgNode *rg_interp_find_func(RgGraph *g, const char *name) {
  return find_in_block(g, rg_graph_body(g), name, 0);
}
