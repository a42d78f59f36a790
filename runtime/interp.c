/* runtime/interp.c - the reference interpreter's driver: binds a function's
 * arguments, walks its body in program order, dispatches each node to the
 * evaluator of its op (tables in interp_elem.c, interp_data.c, interp_nn.c,
 * interp_aten.c),
 * runs tosa.cond_if / tosa.while_loop regions, frees every value after its
 * last use, and reports the first failure with the op that caused it. */
#include <stdlib.h>
#include "interp_internal.h"

#define MAX_DEPTH 64
#define MAX_LOOP_ITERATIONS 1000000

/* ---- value environment: RgValue* -> tensor, never shrinking ---- */

typedef struct EnvSlot {
  const RgValue *key;
  RgTensor t;
  uint32_t remaining; /* direct uses in the defining block not yet executed */
  bool live, pinned;  /* pinned: used from a nested region, freed at block end */
} EnvSlot;

typedef struct InterpEnv {
  EnvSlot *slots;
  uint32_t cap, count;
} InterpEnv;

static uint32_t ptr_hash(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return (uint32_t)x;
}

static EnvSlot *env_find(InterpEnv *e, const RgValue *v) {
  if (!e->cap)
    return NULL;
  for (uint32_t i = ptr_hash(v) & (e->cap - 1);; i = (i + 1) & (e->cap - 1)) {
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
      uint32_t j = ptr_hash(e->slots[i].key) & (ncap - 1);
      while (ns[j].key)
        j = (j + 1) & (ncap - 1);
      ns[j] = e->slots[i];
    }
    rg_free(e->slots);
    e->slots = ns;
    e->cap = ncap;
  }
  uint32_t i = ptr_hash(v) & (e->cap - 1);
  while (e->slots[i].key)
    i = (i + 1) & (e->cap - 1);
  e->slots[i].key = v;
  e->count++;
  return &e->slots[i];
}

static void env_release(InterpEnv *e, const RgValue *v) {
  EnvSlot *s = env_find(e, v);
  if (s && s->live) {
    rg_tensor_release(&s->t);
    s->live = false;
  }
}

static void env_free(InterpEnv *e) {
  for (uint32_t i = 0; i < e->cap; i++)
    if (e->slots[i].key && e->slots[i].live)
      rg_tensor_release(&e->slots[i].t);
  rg_free(e->slots);
  e->slots = NULL;
  e->cap = e->count = 0;
}

static const RgBlock *value_block(const RgValue *v) {
  if (v->flags & RG_VALUE_BLOCK_ARG)
    return v->owner.block;
  return v->owner.node->block;
}

/* Takes ownership of *t as the value of v. */
static RgStatus env_define(RgInterp *ip, const RgValue *v, RgTensor *t) {
  EnvSlot *s = env_insert(ip->env, v);
  if (!s) {
    rg_tensor_release(t);
    return interp_fail(ip, RG_INTERP_NOMEM, "out of memory");
  }
  if (s->live)
    rg_tensor_release(&s->t);
  s->t = *t;
  s->live = true;
  s->pinned = false;
  s->remaining = 0;
  const RgBlock *b = value_block(v);
  for (const RgUse *u = v->uses; u; u = u->next) {
    if (u->user->block == b)
      s->remaining++;
    else
      s->pinned = true;
  }
  if (!s->remaining && !s->pinned) {
    rg_tensor_release(&s->t);
    s->live = false;
  }
  return RG_OK;
}

/* ---- errors ---- */

RgStatus interp_fail(RgInterp *ip, RgInterpError kind, const char *fmt, ...) {
  if (ip->kind == RG_INTERP_OK) {
    ip->kind = kind;
    int off = 0;
    if (ip->node)
      off = snprintf(ip->msg, sizeof ip->msg, "%s (node %u): ", rg_op_name(ip->g, ip->node->op),
                     ip->node->id);
    if (off < 0 || (size_t)off >= sizeof ip->msg)
      off = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ip->msg + off, sizeof ip->msg - (size_t)off, fmt, ap);
    va_end(ap);
  }
  return kind == RG_INTERP_NOMEM ? RG_ERR_NOMEM : RG_ERR_INVALID;
}

RgStatus interp_expect_dtype(RgInterp *ip, const RgTensor *t, RgDType dt, const char *what) {
  if (t->dtype == dt)
    return RG_OK;
  return interp_fail(ip, RG_INTERP_INVALID, "%s has element type %s, expected %s", what,
                     rg_dtype_name(t->dtype), rg_dtype_name(dt));
}

RgStatus interp_require_range(RgInterp *ip, int64_t v, RgDType acc, const char *what) {
  if (v >= interp_dt_min(acc) && v <= interp_dt_max(acc))
    return RG_OK;
  return interp_fail(ip, RG_INTERP_UNPREDICTABLE, "%s: result %lld out of %s range (REQUIRE)",
                     what, (long long)v, rg_dtype_name(acc));
}

/* ---- attributes ---- */

bool interp_attr_int(const RgNode *n, const char *name, int64_t *v) {
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

bool interp_attr_bool(const RgNode *n, const char *name, bool dflt) {
  const RgAttr *a = rg_node_attr(n, name);
  if (a && a->kind == RG_ATTR_BOOL)
    return a->u.b;
  if (a && a->kind == RG_ATTR_INT)
    return a->u.i != 0;
  if (a && a->kind == RG_ATTR_UNIT)
    return true;
  return dflt;
}

bool interp_attr_ints(const RgNode *n, const char *name, const int64_t **v, uint32_t *count) {
  const RgAttr *a = rg_node_attr(n, name);
  if (!a || a->kind != RG_ATTR_DENSE_ARRAY || rg_dtype_is_float(a->type->dtype))
    return false;
  *v = a->u.ints;
  *count = a->count;
  return true;
}

bool interp_attr_enum_is(const RgNode *n, const char *name, const char *sym, bool *present) {
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

bool interp_nan_ignore(const RgNode *n) { return interp_attr_enum_is(n, "nan_mode", "IGNORE", NULL); }

int64_t interp_scalar_int(const RgTensor *t) {
  if (t->numel < 1)
    return 0;
  return t->ints ? t->ints[0] : (int64_t)t->floats[0];
}

double interp_scalar_float(const RgTensor *t) {
  if (t->numel < 1)
    return 0;
  return t->floats ? (double)t->floats[0] : (double)t->ints[0];
}

/* ---- op table ---- */

static const InterpOpDef unsupported_def = {NULL, NULL, 0, 0};
static const InterpOpDef *const op_tables[] = {interp_elem_ops, interp_data_ops, interp_nn_ops,
                                               interp_aten_ops};

static const InterpOpDef *find_def(const char *name) {
  for (size_t t = 0; t < sizeof op_tables / sizeof op_tables[0]; t++)
    for (const InterpOpDef *d = op_tables[t]; d->name; d++)
      if (strcmp(d->name, name) == 0)
        return d;
  return NULL;
}

bool rg_interp_supports(const char *op_name) {
  return find_def(op_name) || strcmp(op_name, "tosa.cond_if") == 0 ||
         strcmp(op_name, "tosa.while_loop") == 0;
}

static const InterpOpDef *op_def(RgInterp *ip, RgOpId op) {
  if (op >= ip->num_ops) {
    uint32_t n = rg_op_count_ids(ip->g);
    if (op >= n)
      return &unsupported_def;
    const InterpOpDef **ops = rg_realloc(ip->ops, sizeof *ops * n);
    if (!ops)
      return NULL;
    for (uint32_t i = ip->num_ops; i < n; i++)
      ops[i] = NULL;
    ip->ops = ops;
    ip->num_ops = n;
  }
  if (!ip->ops[op]) {
    const InterpOpDef *d = find_def(rg_op_name(ip->g, op));
    ip->ops[op] = d ? d : &unsupported_def;
  }
  return ip->ops[op];
}

/* ---- execution ---- */

RgInterp *rg_interp_new(RgGraph *g) {
  RgInterp *ip = rg_alloc(sizeof *ip);
  if (!ip)
    return NULL;
  memset(ip, 0, sizeof *ip);
  ip->g = g;
  return ip;
}

void rg_interp_free(RgInterp *ip) {
  if (!ip)
    return;
  rg_free(ip->ops);
  rg_free(ip);
}

RgInterpError rg_interp_last_error(const RgInterp *ip) { return ip->kind; }

static bool op_is(RgInterp *ip, const RgNode *n, const char *name) {
  return strcmp(rg_op_name(ip->g, n->op), name) == 0;
}

static RgStatus exec_block(RgInterp *ip, const RgBlock *b, RgTensor *const *args, uint32_t nargs,
                           RgTensor **yielded, uint32_t *nyield);

/* Copies n tensors into a fresh array. */
static RgStatus copy_tensors(RgInterp *ip, RgTensor *const *src, uint32_t n, RgTensor **out) {
  *out = NULL;
  RgTensor *arr = rg_alloc(sizeof *arr * (n ? n : 1));
  if (!arr)
    return interp_fail(ip, RG_INTERP_NOMEM, "out of memory");
  memset(arr, 0, sizeof *arr * (n ? n : 1));
  for (uint32_t i = 0; i < n; i++) {
    if (rg_tensor_copy(&arr[i], src[i]) != RG_OK) {
      rg_tensor_array_free(arr, i);
      return interp_fail(ip, RG_INTERP_NOMEM, "out of memory");
    }
  }
  *out = arr;
  return RG_OK;
}

static bool truthy(const RgTensor *t) {
  return t->numel >= 1 && (t->ints ? t->ints[0] != 0 : t->floats[0] != 0);
}

/* Runs a region's entry block with the given arguments (when it declares
 * any) and returns what its terminator yields. */
static RgStatus run_region(RgInterp *ip, const RgRegion *r, RgTensor *const *args, uint32_t nargs,
                           RgTensor **yielded, uint32_t *nyield) {
  const RgBlock *b = r->first;
  if (!b)
    return interp_fail(ip, RG_INTERP_INVALID, "empty region");
  if (b->num_args && b->num_args != nargs)
    return interp_fail(ip, RG_INTERP_INVALID, "region takes %u arguments, given %u", b->num_args,
                       nargs);
  return exec_block(ip, b, args, b->num_args ? nargs : 0, yielded, nyield);
}

static RgStatus define_results(RgInterp *ip, const RgNode *n, RgTensor *vals, uint32_t nvals) {
  RgStatus s = RG_OK;
  if (nvals != n->num_results)
    s = interp_fail(ip, RG_INTERP_INVALID, "region yields %u values for %u results", nvals,
                    n->num_results);
  for (uint32_t i = 0; i < nvals; i++) {
    if (s == RG_OK && i < n->num_results) {
      const RgType *rt = n->results[i].type;
      RgTensor want;
      if (rg_tensor_init_type(&want, rt) == RG_OK) {
        if (want.dtype != vals[i].dtype || want.numel != vals[i].numel)
          s = interp_fail(ip, RG_INTERP_INVALID, "result %u: yielded value does not match %s", i,
                          rt->text);
        rg_tensor_release(&want);
      }
      if (s == RG_OK) {
        s = env_define(ip, &n->results[i], &vals[i]);
        continue;
      }
    }
    rg_tensor_release(&vals[i]);
  }
  rg_free(vals);
  return s;
}

static RgStatus exec_cond_if(RgInterp *ip, const RgNode *n, RgTensor *const *in) {
  if (n->num_operands < 1 || n->num_regions != 2)
    return interp_fail(ip, RG_INTERP_INVALID, "expects a condition and two regions");
  RgTensor *vals = NULL;
  uint32_t nv = 0;
  const RgRegion *r = &n->regions[truthy(in[0]) ? 0 : 1];
  const RgNode *self = n;
  RgStatus s = run_region(ip, r, in + 1, n->num_operands - 1, &vals, &nv);
  ip->node = self;
  if (s != RG_OK)
    return s;
  return define_results(ip, n, vals, nv);
}

static RgStatus exec_while(RgInterp *ip, const RgNode *n, RgTensor *const *in) {
  if (n->num_regions != 2)
    return interp_fail(ip, RG_INTERP_INVALID, "expects a cond and a body region");
  uint32_t nvars = n->num_operands;
  RgTensor *vars = NULL;
  RgStatus s = copy_tensors(ip, in, nvars, &vars);
  if (s != RG_OK)
    return s;
  RgTensor **ptrs = rg_alloc(sizeof *ptrs * (nvars ? nvars : 1));
  if (!ptrs) {
    rg_tensor_array_free(vars, nvars);
    return interp_fail(ip, RG_INTERP_NOMEM, "out of memory");
  }
  for (uint32_t iter = 0;; iter++) {
    for (uint32_t i = 0; i < nvars; i++)
      ptrs[i] = &vars[i];
    RgTensor *c = NULL;
    uint32_t nc = 0;
    s = run_region(ip, &n->regions[0], ptrs, nvars, &c, &nc);
    ip->node = n;
    if (s != RG_OK)
      break;
    bool go = nc == 1 && truthy(&c[0]);
    if (nc != 1)
      s = interp_fail(ip, RG_INTERP_INVALID, "cond region must yield one value");
    rg_tensor_array_free(c, nc);
    if (s != RG_OK || !go)
      break;
    if (iter >= MAX_LOOP_ITERATIONS) {
      s = interp_fail(ip, RG_INTERP_UNSUPPORTED, "more than %d iterations", MAX_LOOP_ITERATIONS);
      break;
    }
    RgTensor *next = NULL;
    uint32_t nn = 0;
    s = run_region(ip, &n->regions[1], ptrs, nvars, &next, &nn);
    ip->node = n;
    if (s == RG_OK && nn != nvars)
      s = interp_fail(ip, RG_INTERP_INVALID, "body yields %u values for %u loop variables", nn,
                      nvars);
    if (s != RG_OK) {
      rg_tensor_array_free(next, nn);
      break;
    }
    rg_tensor_array_free(vars, nvars);
    vars = next;
  }
  rg_free(ptrs);
  if (s != RG_OK) {
    rg_tensor_array_free(vars, nvars);
    return s;
  }
  return define_results(ip, n, vars, nvars);
}

static RgStatus exec_node(RgInterp *ip, const RgNode *n) {
  ip->node = n;
  RgTensor *small[8];
  RgTensor **in = small;
  if (n->num_operands > 8) {
    in = rg_alloc(sizeof *in * n->num_operands);
    if (!in)
      return interp_fail(ip, RG_INTERP_NOMEM, "out of memory");
  }
  RgStatus s = RG_OK;
  for (uint32_t i = 0; i < n->num_operands && s == RG_OK; i++) {
    EnvSlot *slot = env_find(ip->env, n->operands[i].value);
    if (!slot || !slot->live)
      s = interp_fail(ip, RG_INTERP_INVALID, "operand %u has no value", i);
    else
      in[i] = &slot->t;
  }
  if (s == RG_OK) {
    if (op_is(ip, n, "tosa.cond_if") || op_is(ip, n, "tosa.while_loop")) {
      if (++ip->depth > MAX_DEPTH)
        s = interp_fail(ip, RG_INTERP_UNSUPPORTED, "regions nested too deeply");
      else if (op_is(ip, n, "tosa.cond_if"))
        s = exec_cond_if(ip, n, in);
      else
        s = exec_while(ip, n, in);
      ip->depth--;
    } else {
      const InterpOpDef *d = op_def(ip, n->op);
      RgTensor out;
      if (!d)
        s = interp_fail(ip, RG_INTERP_NOMEM, "out of memory");
      else if (!d->fn)
        s = interp_fail(ip, RG_INTERP_UNSUPPORTED, "unsupported op");
      else if ((int64_t)n->num_operands < d->min_operands ||
               (d->max_operands >= 0 && (int64_t)n->num_operands > d->max_operands))
        s = interp_fail(ip, RG_INTERP_INVALID, "wrong number of operands (%u)", n->num_operands);
      else if (n->num_results != 1)
        s = interp_fail(ip, RG_INTERP_INVALID, "expected one result, found %u", n->num_results);
      else if ((s = rg_tensor_init_type(&out, n->results[0].type)) != RG_OK)
        s = interp_fail(ip, s == RG_ERR_NOMEM ? RG_INTERP_NOMEM : RG_INTERP_UNSUPPORTED,
                        "result type %s is not a static tensor of a supported element type",
                        n->results[0].type ? n->results[0].type->text : "(none)");
      else if ((s = d->fn(ip, n, in, &out)) != RG_OK)
        rg_tensor_release(&out);
      else
        s = env_define(ip, &n->results[0], &out);
    }
  }
  if (in != small)
    rg_free(in);
  if (s != RG_OK)
    return s;
  /* drop operands whose last direct use this was */
  for (uint32_t i = 0; i < n->num_operands; i++) {
    const RgValue *v = n->operands[i].value;
    EnvSlot *slot = env_find(ip->env, v);
    if (slot && slot->live && !slot->pinned && value_block(v) == n->block && slot->remaining &&
        --slot->remaining == 0) {
      rg_tensor_release(&slot->t);
      slot->live = false;
    }
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

static RgStatus exec_block(RgInterp *ip, const RgBlock *b, RgTensor *const *args, uint32_t nargs,
                           RgTensor **yielded, uint32_t *nyield) {
  *yielded = NULL;
  *nyield = 0;
  RgStatus s = RG_OK;
  for (uint32_t i = 0; i < nargs && s == RG_OK; i++) {
    RgTensor t;
    if (rg_tensor_copy(&t, args[i]) != RG_OK)
      s = interp_fail(ip, RG_INTERP_NOMEM, "out of memory");
    else
      s = env_define(ip, b->args[i], &t);
  }
  bool terminated = false;
  for (const RgNode *n = b->first; n && s == RG_OK; n = n->next) {
    if (op_is(ip, n, "func.return") || op_is(ip, n, "tosa.yield")) {
      ip->node = n;
      RgTensor *small[8];
      RgTensor **vals = small;
      if (n->num_operands > 8 && !(vals = rg_alloc(sizeof *vals * n->num_operands))) {
        s = interp_fail(ip, RG_INTERP_NOMEM, "out of memory");
        break;
      }
      for (uint32_t i = 0; i < n->num_operands && s == RG_OK; i++) {
        EnvSlot *slot = env_find(ip->env, n->operands[i].value);
        if (!slot || !slot->live)
          s = interp_fail(ip, RG_INTERP_INVALID, "operand %u has no value", i);
        else
          vals[i] = &slot->t;
      }
      if (s == RG_OK && (s = copy_tensors(ip, vals, n->num_operands, yielded)) == RG_OK)
        *nyield = n->num_operands;
      if (vals != small)
        rg_free(vals);
      terminated = true;
      break;
    }
    s = exec_node(ip, n);
  }
  if (s == RG_OK && !terminated)
    s = interp_fail(ip, RG_INTERP_INVALID, "block has no func.return or tosa.yield");
  release_block(ip, b);
  return s;
}

RgStatus rg_interp_run(RgInterp *ip, const RgNode *func, const RgTensor *inputs, uint32_t n,
                       RgTensor **outputs, uint32_t *nout, char *err, size_t errlen) {
  *outputs = NULL;
  *nout = 0;
  ip->kind = RG_INTERP_OK;
  ip->msg[0] = 0;
  ip->node = func;
  ip->depth = 0;
  InterpEnv env = {0};
  ip->env = &env;
  RgStatus s = RG_OK;
  const RgBlock *body = func && func->num_regions ? func->regions[0].first : NULL;
  RgTensor **args = NULL;
  if (!body) {
    s = interp_fail(ip, RG_INTERP_INVALID, "not a function with a body");
  } else if (body->num_args != n) {
    s = interp_fail(ip, RG_INTERP_INVALID, "function takes %u arguments, given %u",
                    body->num_args, n);
  } else if (!(args = rg_alloc(sizeof *args * (n ? n : 1)))) {
    s = interp_fail(ip, RG_INTERP_NOMEM, "out of memory");
  } else {
    for (uint32_t i = 0; i < n && s == RG_OK; i++) {
      RgTensor want;
      args[i] = (RgTensor *)&inputs[i];
      if (rg_tensor_init_type(&want, body->args[i]->type) != RG_OK) {
        s = interp_fail(ip, RG_INTERP_UNSUPPORTED, "argument %u has unsupported type %s", i,
                        body->args[i]->type->text);
        continue;
      }
      bool same = want.dtype == inputs[i].dtype && want.rank == inputs[i].rank;
      for (int32_t d = 0; same && d < want.rank; d++)
        same = want.dims[d] == inputs[i].dims[d];
      if (!same)
        s = interp_fail(ip, RG_INTERP_INVALID, "input %u does not match argument type %s", i,
                        body->args[i]->type->text);
      rg_tensor_release(&want);
    }
    if (s == RG_OK)
      s = exec_block(ip, body, args, n, outputs, nout);
  }
  rg_free(args);
  env_free(&env);
  ip->env = NULL;
  if (s != RG_OK) {
    rg_tensor_array_free(*outputs, *nout);
    *outputs = NULL;
    *nout = 0;
    if (ip->kind == RG_INTERP_OK)
      interp_fail(ip, RG_INTERP_INVALID, "failed");
  }
  if (err && errlen)
    snprintf(err, errlen, "%s", s == RG_OK ? "" : ip->msg);
  return s;
}

RgStatus rg_interp_random_inputs(const RgNode *func, uint64_t seed, RgTensor **inputs,
                                 uint32_t *n) {
  *inputs = NULL;
  *n = 0;
  const RgBlock *b = func && func->num_regions ? func->regions[0].first : NULL;
  if (!b)
    return RG_ERR_INVALID;
  RgTensor *arr = rg_alloc(sizeof *arr * (b->num_args ? b->num_args : 1));
  if (!arr)
    return RG_ERR_NOMEM;
  for (uint32_t i = 0; i < b->num_args; i++) {
    uint64_t s = seed * 0x9E3779B97F4A7C15ull + i * 0xD1B54A32D192ED03ull + 1;
    RgStatus st = rg_tensor_random(&arr[i], b->args[i]->type, s);
    if (st != RG_OK) {
      rg_tensor_array_free(arr, i);
      return st;
    }
  }
  *inputs = arr;
  *n = b->num_args;
  return RG_OK;
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
