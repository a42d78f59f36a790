/* runtime/mlir/build.c - builds the graph from the grammar's actions:
 * values resolved by name through a scoped hash table, operations with
 * their operands, results, properties and regions, block arguments,
 * aliases and resources. Everything the graph keeps goes to the graph's
 * arena; the builder's own stacks are reused across the whole file. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include "mlir/mlir_internal.h"

static OpFrame *frame(MlirParser *p) { return &p->ops.v[p->ops.len - 1]; }

/* ---- names ---- */

static uint32_t name_hash(const char *s, uint32_t len) { return rgs_hash_bytes(s, len); }

static bool names_rehash(MlirParser *p, uint32_t nbuckets) {
  uint32_t *b = rg_alloc(sizeof *b * nbuckets);
  if (!b) {
    mlir_nomem(p, NULL);
    return false;
  }
  memset(b, 0, sizeof *b * nbuckets);
  rg_free(p->buckets);
  p->buckets = b;
  p->bucket_mask = nbuckets - 1;
  for (uint32_t i = 0; i < p->names.len; i++) {
    NameEnt *e = &p->names.v[i];
    uint32_t h = e->hash & p->bucket_mask;
    e->next = b[h];
    b[h] = i + 1;
  }
  return true;
}

static NameEnt *name_find(MlirParser *p, const char *s, uint32_t len, uint32_t hash) {
  if (!p->buckets)
    return NULL;
  for (uint32_t i = p->buckets[hash & p->bucket_mask]; i; i = p->names.v[i - 1].next) {
    NameEnt *e = &p->names.v[i - 1];
    if (e->hash == hash && e->len == len && memcmp(e->s, s, len) == 0)
      return e;
  }
  return NULL;
}

/* The N of a `%N` name the slots can hold, or UINT32_MAX. The limit grows
 * with the definitions read, so a stray `%999999999` costs no memory. */
static uint32_t num_of(const MlirParser *p, const char *s, uint32_t len) {
  if (len < 2 || len > 10 || s[0] != '%' || (s[1] == '0' && len > 2))
    return UINT32_MAX;
  uint32_t n = 0;
  for (uint32_t i = 1; i < len; i++) {
    if (s[i] < '0' || s[i] > '9')
      return UINT32_MAX;
    n = n * 10 + (uint32_t)(s[i] - '0');
  }
  return (uint64_t)n < (uint64_t)p->num_limit + 4096 ? n : UINT32_MAX;
}

/* The values a group defines: from vals to its node's last result. */
static uint32_t num_count(const RgValue *vals) {
  const RgNode *n = rg_value_def(vals);
  return n ? n->num_results - vals->index : 1;
}

static bool nums_grow(MlirParser *p, uint32_t n) {
  if (n < p->num_cap)
    return true;
  uint32_t cap = p->num_cap ? p->num_cap : 1024;
  while (cap <= n)
    cap *= 2;
  RgValue **vals = rg_realloc(p->num_vals, sizeof *vals * cap);
  if (vals)
    p->num_vals = vals;
  uint32_t *at = vals ? rg_realloc(p->num_at, sizeof *at * cap) : NULL;
  if (!at) {
    mlir_nomem(p, NULL);
    return false;
  }
  p->num_at = at;
  memset(at + p->num_cap, 0, sizeof *at * (cap - p->num_cap));
  p->num_cap = cap;
  return true;
}

static void note_found(MlirParser *p, const MlirTok *t, RgValue *vals) {
  if (p->find && !p->found_any && strlen(p->find) == t->len && !memcmp(p->find, t->s, t->len)) {
    p->found_any = true;
    p->found = rg_value_def(vals); /* NULL for a block argument */
  }
}

/* Defines `%N` in its slot; false when the name must take the hash table. */
static bool num_define(MlirParser *p, const MlirTok *t, RgValue *vals, uint32_t count) {
  uint32_t n = num_of(p, t->s, t->len);
  if (n == UINT32_MAX || count != num_count(vals))
    return false;
  if (p->num_hashed && name_find(p, t->s, t->len, name_hash(t->s, t->len)))
    return false; /* the hash table holds this name too: it reports */
  if (!nums_grow(p, n))
    return true;
  uint32_t pos = p->num_log.len;
  if (p->num_at[n] > p->num_iso_base) {
    mlir_error(p, t->s, "redefinition of value '%.*s'", (int)t->len, t->s);
    return true;
  }
  if (p->num_at[n]) {
    NumHidden h = {p->num_vals[n], p->num_at[n], pos};
    if (!VEC_PUSH(p, p->num_hidden, h))
      return true;
  }
  if (!VEC_PUSH(p, p->num_log, n))
    return true;
  note_found(p, t, vals);
  p->num_vals[n] = vals;
  p->num_at[n] = pos + 1;
  return true;
}

static void nums_pop(MlirParser *p, uint32_t mark) {
  while (p->num_log.len > mark) {
    uint32_t pos = --p->num_log.len, n = p->num_log.v[pos];
    p->num_vals[n] = NULL;
    p->num_at[n] = 0;
    if (p->num_hidden.len && p->num_hidden.v[p->num_hidden.len - 1].pos == pos) {
      NumHidden *h = &p->num_hidden.v[--p->num_hidden.len];
      p->num_vals[n] = h->vals;
      p->num_at[n] = h->at;
    }
  }
}

static void name_define(MlirParser *p, const MlirTok *t, RgValue *vals, uint32_t count) {
  if (p->num_limit < UINT32_MAX / 2)
    p->num_limit += 4;
  if (num_define(p, t, vals, count))
    return;
  /* A `%N` of a group that stops short of the last result comes here. */
  uint32_t n = num_of(p, t->s, t->len);
  if (n < p->num_cap && p->num_at[n] > p->num_iso_base) {
    mlir_error(p, t->s, "redefinition of value '%.*s'", (int)t->len, t->s);
    return;
  }
  uint32_t hash = name_hash(t->s, t->len);
  NameEnt *old = name_find(p, t->s, t->len, hash);
  if (old && (uint32_t)(old - p->names.v) >= p->iso_base) {
    mlir_error(p, t->s, "redefinition of value '%.*s'", (int)t->len, t->s);
    return;
  }
  if (!p->buckets || p->names.len + 1 > (p->bucket_mask + 1)) {
    if (!names_rehash(p, p->buckets ? (p->bucket_mask + 1) * 2 : 1024))
      return;
  }
  note_found(p, t, vals);
  if (t->len > 1 && t->s[1] >= '0' && t->s[1] <= '9')
    p->num_hashed = true;
  NameEnt e = {t->s, t->len, hash, 0, count, vals};
  if (!VEC_PUSH(p, p->names, e))
    return;
  uint32_t h = hash & p->bucket_mask;
  p->names.v[p->names.len - 1].next = p->buckets[h];
  p->buckets[h] = p->names.len;
}

static void names_pop(MlirParser *p, uint32_t mark) {
  while (p->names.len > mark) {
    NameEnt *e = &p->names.v[p->names.len - 1];
    uint32_t h = e->hash & p->bucket_mask;
    RGS_ASSERT(p->buckets[h] == p->names.len);
    p->buckets[h] = e->next;
    p->names.len--;
  }
}

/* Parses a decimal count; false on overflow or a sign. */
static bool parse_u32(const char *s, uint32_t len, uint32_t *out) {
  uint64_t v = 0;
  if (len == 0 || len > 10)
    return false;
  for (uint32_t i = 0; i < len; i++) {
    if (s[i] < '0' || s[i] > '9')
      return false;
    v = v * 10 + (uint64_t)(s[i] - '0');
  }
  if (v > UINT32_MAX)
    return false;
  *out = (uint32_t)v;
  return true;
}

/* ---- operations ---- */

void mlir_result_group(MlirParser *p, const MlirTok *name, const MlirTok *count) {
  if (p->failed)
    return;
  if (memchr(name->s, '#', name->len)) {
    mlir_error(p, name->s, "a result name cannot carry a '#index'");
    return;
  }
  ResGroup r = {*name, 1};
  if (count && (!parse_u32(count->s, count->len, &r.count) || r.count == 0)) {
    mlir_error(p, count->s, "invalid result count '%.*s'", (int)count->len, count->s);
    return;
  }
  VEC_PUSH(p, p->results, r);
}

void mlir_op_begin(MlirParser *p, const MlirTok *name, uint32_t ngroups) {
  if (p->failed)
    return;
  const char *s = name->s + 1;
  size_t len = name->len - 2;
  if (memchr(s, '\\', len)) {
    if (!mlir_unescape(p, name))
      return;
    s = p->scratch.data;
    len = p->scratch.len;
  }
  if (len == 0) {
    mlir_error(p, name->s, "empty operation name");
    return;
  }
  if (memchr(s, 0, len)) {
    mlir_error(p, name->s, "operation name contains a NUL byte");
    return;
  }
  OpFrame f = {0};
  mlir_frame_push(p, &f, name, s, len, ngroups);
}

void mlir_frame_push(MlirParser *p, OpFrame *f, const MlirTok *name, const char *s, size_t len,
                     uint32_t ngroups) {
  f->name = *name;
  f->op = rg_op_intern(p->g, s, len);
  if (f->op == RG_OP_NONE) {
    mlir_nomem(p, name->s);
    return;
  }
  f->res_base = p->results.len - ngroups;
  f->ngroups = ngroups;
  f->opnd_base = p->opnds.len;
  f->named_base = p->named.len;
  f->region_base = p->done_regions.len;
  f->init_base = p->inits.len;
  VEC_PUSH(p, p->ops, *f);
}

void mlir_operand(MlirParser *p, const MlirTok *v) {
  if (p->failed)
    return;
  uint32_t len = v->len, idx = 0;
  const char *hash = memchr(v->s, '#', v->len);
  if (hash) {
    len = (uint32_t)(hash - v->s);
    if (!parse_u32(hash + 1, (uint32_t)(v->s + v->len - hash - 1), &idx)) {
      mlir_error(p, hash, "result index too large");
      return;
    }
  }
  uint32_t n = num_of(p, v->s, len);
  bool outside = false; /* `%N` is defined beyond an isolated-from-above op */
  if (n < p->num_cap && p->num_at[n] && p->num_at[n] <= p->num_iso_base) {
    outside = true;
  } else if (n < p->num_cap && p->num_at[n]) {
    RgValue *vals = p->num_vals[n];
    uint32_t count = num_count(vals);
    if (idx >= count) {
      mlir_error(p, v->s, "result index #%u out of range: '%.*s' has %u result%s", idx, (int)len,
                 v->s, count, count == 1 ? "" : "s");
      return;
    }
    if (VEC_PUSH(p, p->opnds, &vals[idx]))
      VEC_PUSH(p, p->opnd_at, v->s);
    return;
  }
  NameEnt *e = outside && !p->num_hashed ? NULL : name_find(p, v->s, len, name_hash(v->s, len));
  if (!e && outside) {
    mlir_error(p, v->s, "use of value '%.*s' from outside an isolated-from-above op", (int)len, v->s);
    return;
  }
  if (!e) {
    mlir_error(p, v->s, "use of undefined value '%.*s'", (int)len, v->s);
    return;
  }
  if ((uint32_t)(e - p->names.v) < p->iso_base) {
    mlir_error(p, v->s, "use of value '%.*s' from outside an isolated-from-above op", (int)len, v->s);
    return;
  }
  if (idx >= e->count) {
    mlir_error(p, v->s, "result index #%u out of range: '%.*s' has %u result%s", idx, (int)len,
          v->s, e->count, e->count == 1 ? "" : "s");
    return;
  }
  if (VEC_PUSH(p, p->opnds, &e->vals[idx]))
    VEC_PUSH(p, p->opnd_at, v->s);
}

void mlir_successors(MlirParser *p, const MlirTok *at) {
  mlir_error(p, at->s, "successors are not supported");
}

void mlir_props_end(MlirParser *p) {
  if (p->failed)
    return;
  OpFrame *f = &p->ops.v[p->ops.len - 1];
  f->num_props = p->named.len - f->named_base;
  p->dict_bases.len--;
}

static bool is_isolated(MlirParser *p, RgOpId op) { return op == p->op_func || op == p->op_module; }

void mlir_region_begin(MlirParser *p, const MlirTok *at) {
  if (p->failed)
    return;
  RegionFrame rf = {0};
  rf.r = rgs_arena_zalloc(ir_arena(p->g), sizeof *rf.r);
  if (!rf.r) {
    mlir_nomem(p, at->s);
    return;
  }
  rf.name_mark = p->names.len;
  rf.iso_saved = p->iso_base;
  rf.num_mark = p->num_log.len;
  rf.num_iso_saved = p->num_iso_base;
  if (is_isolated(p, p->ops.v[p->ops.len - 1].op)) {
    p->iso_base = p->names.len;
    p->num_iso_base = p->num_log.len;
  }
  VEC_PUSH(p, p->regions, rf);
}

void mlir_region_end(MlirParser *p) {
  if (p->failed)
    return;
  RegionFrame *rf = &p->regions.v[p->regions.len - 1];
  names_pop(p, rf->name_mark);
  nums_pop(p, rf->num_mark);
  p->iso_base = rf->iso_saved;
  p->num_iso_base = rf->num_iso_saved;
  VEC_PUSH(p, p->done_regions, rf->r);
  p->regions.len--;
}

void mlir_block_begin(MlirParser *p, const MlirTok *label) {
  if (p->failed)
    return;
  RegionFrame *rf = &p->regions.v[p->regions.len - 1];
  /* Without successors no block dominates another: each block's values
   * go out of scope where the next block begins. */
  names_pop(p, rf->name_mark);
  nums_pop(p, rf->num_mark);
  rf->cur = rg_region_add_block(p->g, rf->r);
  if (!rf->cur)
    mlir_nomem(p, label->s);
}

static const char *intern_loc(MlirParser *p, const MlirTok *loc) {
  if (!loc)
    return NULL;
  const char *s = rg_intern(p->g, loc->s, loc->len);
  if (!s)
    mlir_nomem(p, loc->s);
  return s;
}

void mlir_block_arg(MlirParser *p, const MlirTok *name, MlirTy ty, const MlirTok *loc) {
  if (p->failed)
    return;
  if (memchr(name->s, '#', name->len)) {
    mlir_error(p, name->s, "a block argument name cannot carry a '#index'");
    return;
  }
  RgBlock *b = p->regions.v[p->regions.len - 1].cur;
  RgValue *v = rg_block_add_arg(p->g, b, ty.t, intern_loc(p, loc));
  if (!v) {
    mlir_nomem(p, name->s);
    return;
  }
  name_define(p, name, v, 1);
}

static void print_type_name(char *buf, size_t n, const RgType *t) {
  if (t->text_len <= 60)
    snprintf(buf, n, "%s", t->text);
  else
    snprintf(buf, n, "%.56s...", t->text);
}

/* The op's trailing type against what it was given: as many operand
 * types as operands, each the operand's type, as many results as names
 * bound. False when not (said). */
static bool check_op_types(MlirParser *p, const OpFrame *f, MlirSig sig, const MlirTok *colon) {
  uint32_t nopnds = p->opnds.len - f->opnd_base;
  const RgType **tin = &p->types.v[p->types.len - sig.nin - sig.nout];
  if (sig.nin != nopnds) {
    mlir_error(p, colon->s, "expected %u operand type%s but had %u", nopnds, nopnds == 1 ? "" : "s",
          sig.nin);
    return false;
  }
  uint32_t named_results = 0;
  for (uint32_t i = 0; i < f->ngroups; i++)
    named_results += p->results.v[f->res_base + i].count;
  if (f->ngroups && named_results != sig.nout) {
    mlir_error(p, f->ngroups ? p->results.v[f->res_base].name.s : f->name.s,
          "operation defines %u result%s but was provided %u to bind", sig.nout,
          sig.nout == 1 ? "" : "s", named_results);
    return false;
  }
  RgValue **opnds = &p->opnds.v[f->opnd_base];
  for (uint32_t i = 0; i < nopnds; i++) {
    if (opnds[i]->type == tin[i])
      continue;
    char have[64], want[64];
    print_type_name(have, sizeof have, opnds[i]->type);
    print_type_name(want, sizeof want, tin[i]);
    const char *at = p->opnd_at.v[f->opnd_base + i];
    const char *e = at;
    while (*e && *e != ',' && *e != ')' && *e != ' ')
      e++;
    mlir_error(p, at, "operand #%u ('%.*s') has type '%s' but the op's type says '%s'", i,
          (int)(e - at), at, have, want);
    return false;
  }
  return true;
}

/* The node of the frame: its operands, result types, source position and
 * the regions parsed inside it. NULL when it cannot be made (said). */
static RgNode *make_node(MlirParser *p, const OpFrame *f, MlirSig sig) {
  uint32_t nopnds = p->opnds.len - f->opnd_base;
  const RgType **tout = &p->types.v[p->types.len - sig.nout];
  uint32_t nregions = p->done_regions.len - f->region_base;
  if (nregions > UINT16_MAX) {
    mlir_error(p, f->name.s, "too many regions");
    return NULL;
  }
  RgNode *n = rg_node_create(p->g, &(RgNodeDesc){f->op, nopnds, &p->opnds.v[f->opnd_base], sig.nout, tout,
                                                 nregions});
  if (!n || !ir_node_set_src(p->g, n, (uint32_t)(f->name.s - p->src->text))) {
    mlir_nomem(p, f->name.s);
    return NULL;
  }
  for (uint32_t i = 0; i < nregions; i++) {
    RgRegion *stub = p->done_regions.v[f->region_base + i];
    n->regions[i].first = stub->first;
    n->regions[i].last = stub->last;
    for (RgBlock *b = stub->first; b; b = b->next)
      b->region = &n->regions[i];
  }
  return n;
}

/* The frame's properties and attributes, as one uniqued array. */
static bool give_attrs(MlirParser *p, const OpFrame *f, RgNode *n) {
  uint32_t nattrs = p->named.len - f->named_base;
  if (nattrs > UINT16_MAX) {
    mlir_error(p, f->name.s, "too many attributes");
    return false;
  }
  if (!nattrs)
    return true;
  RgNamedAttr *arr = ir_attrs_shared(p->g, &p->named.v[f->named_base], nattrs);
  if (!arr) {
    mlir_nomem(p, f->name.s);
    return false;
  }
  ir_node_set_attrs(p->g, n, arr, (uint16_t)f->num_props, (uint16_t)nattrs);
  return true;
}

/* The block the op goes to: the current one of the innermost region (its
 * first, made now, when the region has none yet), or the top level. */
static RgBlock *block_of_op(MlirParser *p, const OpFrame *f) {
  if (!p->regions.len) {
    p->top_ops++;
    return rg_graph_body(p->g);
  }
  RegionFrame *rf = &p->regions.v[p->regions.len - 1];
  if (!rf->cur) {
    rf->cur = rg_region_add_block(p->g, rf->r);
    if (!rf->cur)
      mlir_nomem(p, f->name.s);
  }
  return rf->cur;
}

void mlir_op_end(MlirParser *p, MlirSig sig, const MlirTok *colon, const MlirTok *loc) {
  if (p->syn.normalizers)
    mlir_normalize(p);
  if (p->failed)
    return;
  OpFrame f = p->ops.v[p->ops.len - 1];
  if (!check_op_types(p, &f, sig, colon))
    return;
  RgNode *n = make_node(p, &f, sig);
  if (!n || !give_attrs(p, &f, n))
    return;
  if (loc) {
    n->loc = intern_loc(p, loc);
    if (!n->loc)
      return;
  }
  RgBlock *b = block_of_op(p, &f);
  if (!b)
    return;
  rg_block_append(p->g, b, n);
  uint32_t at = 0;
  for (uint32_t i = 0; i < f.ngroups; i++) {
    ResGroup *r = &p->results.v[f.res_base + i];
    name_define(p, &r->name, &n->results[at], r->count);
    at += r->count;
  }
  /* the frame's operands, types, attributes, regions and names are used */
  p->types.len -= sig.nin + sig.nout;
  p->opnds.len = p->opnd_at.len = f.opnd_base;
  p->named.len = f.named_base;
  p->done_regions.len = f.region_base;
  p->results.len = f.res_base;
  p->ops.len--;
}

void mlir_alias(MlirParser *p, const MlirTok *start, const char *end, const RgAttr *value) {
  if (p->failed || !end)
    return;
  if (start->len < 2 || (start->s[0] != '#' && start->s[0] != '!') ||
      memchr(start->s, '<', start->len)) {
    mlir_error(p, start->s, "expected an alias name ('#name' or '!name') before '='");
    return;
  }
  if (start->s[0] == '#' && value && value->kind == RG_ATTR_OPAQUE && value->text &&
      (!strncmp(value->text, "affine_map<", 11) || !strncmp(value->text, "affine_set<", 11))) {
    mlir_map_alias(p, start, value);
    return;
  }
  Span s = {start->s, (uint32_t)(end - start->s), p->top_ops, false};
  VEC_PUSH(p, p->spans, s);
}

void mlir_resources(MlirParser *p, const MlirTok *t) {
  if (p->failed)
    return;
  Span s = {t->s, t->len, p->top_ops, true};
  VEC_PUSH(p, p->spans, s);
}

/* ---- ops in a dialect's custom form ---- */

void mlir_custom_end(MlirParser *p, const MlirTok *loc) {
  if (p->failed)
    return;
  OpFrame *f = frame(p);
  uint32_t nin = p->opnds.len - f->opnd_base, nout = p->cust_types.len - f->cust_base;
  for (uint32_t i = 0; i < nin; i++) {
    MlirTy t = {p->opnds.v[f->opnd_base + i]->type, NULL};
    mlir_type_push(p, t);
  }
  for (uint32_t i = 0; i < nout; i++) {
    MlirTy t = {p->cust_types.v[f->cust_base + i], NULL};
    mlir_type_push(p, t);
  }
  p->cust_types.len = f->cust_base;
  MlirSig sig = {nin, nout, NULL};
  mlir_op_end(p, sig, &f->name, loc);
}

void mlir_normalize(MlirParser *p) {
  if (p->failed)
    return;
  RgOpId op = frame(p)->op;
  while (p->norm_known.len <= op) {
    if (!VEC_PUSH(p, p->norm_known, 0) || !VEC_PUSH(p, p->norm_fns, NULL))
      return;
  }
  if (!p->norm_known.v[op]) {
    const char *name = rg_op_name(p->g, op);
    const MlirSynEnt *e = mlir_syntax_find(&p->syn, name, strlen(name));
    p->norm_fns.v[op] = e ? e->normalize : NULL;
    p->norm_known.v[op] = p->norm_fns.v[op] ? 2 : 1;
  }
  RgOpReader r = {p};
  if (p->norm_known.v[op] == 2 && !p->norm_fns.v[op](&r) && !p->failed)
    mlir_error(p, frame(p)->name.s, "cannot normalize '%s'", rg_op_name(p->g, op));
}
