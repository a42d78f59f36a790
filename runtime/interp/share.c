/* runtime/interp/share.c - values shared by two runs evaluated side by side
 * (a graph before and after a rewrite pipeline, interp_run_paired): a store
 * of result tensors counted by the value slots holding them; an index by
 * content (two 64-bit digests, then the bytes) through which equal values
 * of the two runs become one id; and a memo of the ops evaluated, keyed by
 * op name, attributes, result types, regions and the ids of the operands.
 * An op evaluated again with the same key takes the stored results:
 * evaluators are pure functions of exactly those, so the bits are the
 * same. A value that died keeps its id and digests: made again (the same
 * op on the same ids, an argument, or bits with the same two digests) it
 * takes the id back, so that the memo still knows what follows it. */
#include <stdlib.h>
#include "interp/interp_internal.h"

typedef struct ShareVal {
  RgTensor t; /* owns its storage, or views a constant */
  uint64_t digest, digest2; /* two independent 64-bit digests of its bytes */
  uint32_t refs;   /* value slots holding it */
  bool live;       /* its storage still holds these bits */
  uint32_t chain;  /* next value id in its digest bucket, 0 at the end */
  const RgValue *holder[2]; /* per run: the last value that took it */
} ShareVal;

typedef struct ShareMemo {
  uint64_t hash;
  const RgGraph *g;
  const RgNode *node;
  size_t ids;      /* operand ids then result ids, in InterpShare.ids */
  uint16_t nops, nres;
} ShareMemo;

struct InterpShare {
  ShareVal *vals; /* index = id; 0 is no value */
  uint32_t nvals, capvals;
  uint32_t *buckets; /* digest -> first value id of the chain */
  uint32_t nbuckets;
  ShareMemo *memo; /* open addressing, never shrinking */
  uint32_t nmemo, capmemo;
  uint32_t *ids;
  size_t nids, capids;
  uint32_t *args; /* per function argument: its value id, 0 before it is made */
  uint32_t nargs;
  InterpShareStats stats;
};

InterpShare *interp_share_new(void) {
  InterpShare *s = rgs_zalloc(sizeof *s);
  if (!s)
    return NULL;
  s->nvals = 1;
  return s;
}

void interp_share_free(InterpShare *s) {
  if (!s)
    return;
  for (uint32_t i = 1; i < s->nvals; i++)
    if (s->vals[i].refs || s->vals[i].live)
      rg_tensor_release(&s->vals[i].t);
  rg_free(s->vals);
  rg_free(s->buckets);
  rg_free(s->memo);
  rg_free(s->ids);
  rg_free(s->args);
  rg_free(s);
}

const InterpShareStats *interp_share_stats(const InterpShare *s) { return &s->stats; }

static size_t tensor_bytes(const RgTensor *t) { return ir_elem_size(t->dtype) * (size_t)t->numel; }

/* Four lanes each of two independent hashes, fed 8 bytes a lane. */
typedef struct Lanes {
  uint64_t h[4], g[4];
} Lanes;

static void lanes_word(Lanes *x, int l, uint64_t w) {
  x->h[l] = (x->h[l] ^ w) * 0x9E3779B97F4A7C15ull;
  x->h[l] ^= x->h[l] >> 31;
  x->g[l] = (x->g[l] + w) * 0xD6E8FEB86659FD93ull;
  x->g[l] ^= x->g[l] >> 29;
}

/* Feeds p[0..n) to x: 32 bytes a step, the rest a byte at a time. */
static void lanes_bytes(Lanes *x, const unsigned char *p, size_t n) {
  size_t i = 0;
  for (; i + 32 <= n; i += 32)
    for (int l = 0; l < 4; l++) {
      uint64_t w;
      memcpy(&w, p + i + 8 * (size_t)l, sizeof w);
      lanes_word(x, l, w);
    }
  for (; i < n; i++) {
    x->h[0] = (x->h[0] ^ p[i]) * 0x100000001B3ull;
    x->g[0] = (x->g[0] + p[i]) * 0xD6E8FEB86659FD93ull;
  }
}

static void lanes_init(Lanes *x, uint64_t a, uint64_t b, uint64_t c) {
  *x = (Lanes){{0x243F6A8885A308D3ull ^ a, 0x13198A2E03707344ull ^ b, 0xA4093822299F31D0ull ^ c, 0x082EFA98EC4E6C89ull},
               {0x452821E638D01377ull, 0xBE5466CF34E90C6Cull, 0xC0AC29B7C97C50DDull, 0x3F84D5B5B5470917ull ^ c}};
}

static void lanes_end(const Lanes *x, uint64_t d[2]) {
  uint64_t r = x->h[0] ^ (x->h[1] * 0xC2B2AE3D27D4EB4Full) ^ (x->h[2] * 0x165667B19E3779F9ull) ^
               (x->h[3] * 0x27D4EB2F165667C5ull);
  uint64_t q = x->g[0] ^ (x->g[1] * 0x94D049BB133111EBull) ^ (x->g[2] * 0xBF58476D1CE4E5B9ull) ^
               (x->g[3] * 0xFF51AFD7ED558CCDull);
  d[0] = r ^ (r >> 29);
  d[1] = q ^ (q >> 32);
}

/* Large values are digested in parts of at least DIGEST_PART bytes (at
 * most DIGEST_PARTS of them, a multiple of 32 each) on the kernels'
 * threads, and the parts' digests then in order: the parts depend on the
 * size alone, so the digests do not depend on the number of threads. */
#define DIGEST_PART ((size_t)1 << 20)
#define DIGEST_PARTS 256u

typedef struct DigestParts {
  const unsigned char *p;
  size_t n, part;
  uint64_t d[DIGEST_PARTS][2];
} DigestParts;

static void digest_part(void *ctx, uint32_t k) {
  DigestParts *dp = ctx;
  size_t at = (size_t)k * dp->part, len = dp->n - at < dp->part ? dp->n - at : dp->part;
  Lanes x;
  lanes_init(&x, k, len, 0x5851F42D4C957F2Dull);
  lanes_bytes(&x, dp->p + at, len);
  lanes_end(&x, dp->d[k]);
}

/* Two independent 64-bit digests of t's element type, shape and bytes,
 * into d[0] and d[1]. */
static void digest(const RgTensor *t, uint64_t d[2]) {
  size_t n = tensor_bytes(t);
  Lanes x;
  lanes_init(&x, (uint64_t)t->dtype, (uint64_t)t->rank, (uint64_t)n);
  for (int32_t k = 0; k < t->rank; k++) {
    x.h[k & 3] = (x.h[k & 3] ^ (uint64_t)t->dims[k]) * 0x9E3779B97F4A7C15ull;
    x.g[k & 3] = (x.g[k & 3] ^ (uint64_t)t->dims[k]) * 0xD6E8FEB86659FD93ull;
  }
  DigestParts *dp = n >= 2 * DIGEST_PART ? rg_alloc(sizeof *dp) : NULL;
  if (!dp) {
    lanes_bytes(&x, t->elems_, n);
    lanes_end(&x, d);
    return;
  }
  dp->p = t->elems_;
  dp->n = n;
  dp->part = (n + DIGEST_PARTS - 1) / DIGEST_PARTS;
  dp->part = dp->part < DIGEST_PART ? DIGEST_PART : (dp->part + 31) / 32 * 32;
  uint32_t parts = (uint32_t)((n + dp->part - 1) / dp->part);
  rg_eval_parallel(parts, digest_part, dp);
  for (uint32_t k = 0; k < parts; k++) {
    lanes_word(&x, (int)(k & 3), dp->d[k][0]);
    lanes_word(&x, (int)((k + 2) & 3), dp->d[k][1]);
  }
  rg_free(dp);
  lanes_end(&x, d);
}

static bool buckets_grow(InterpShare *s) {
  uint32_t nb = s->nbuckets ? s->nbuckets * 2 : 1024;
  uint32_t *b = rgs_zalloc(sizeof *b * nb);
  if (!b)
    return false;
  for (uint32_t i = 1; i < s->nvals; i++) {
    uint32_t k = s->vals[i].digest & (nb - 1);
    s->vals[i].chain = b[k];
    b[k] = i;
  }
  rg_free(s->buckets);
  s->buckets = b;
  s->nbuckets = nb;
  return true;
}

/* The storage of value id no longer holds its bits (taken over) or is
 * gone; its digests stay indexed, so that the same bits made again take
 * the same id. */
static void retire(InterpShare *s, uint32_t id) { s->vals[id].live = false; }

RgStatus interp_share_put(InterpShare *s, RgTensor *t, uint32_t *id) {
  uint64_t dg[2];
  digest(t, dg);
  if (s->nbuckets) {
    for (uint32_t k = s->buckets[dg[0] & (s->nbuckets - 1)]; k; k = s->vals[k].chain) {
      ShareVal *v = &s->vals[k];
      if (v->digest != dg[0] || v->digest2 != dg[1] || !rg_tensor_same_type(&v->t, t))
        continue;
      if (v->live && memcmp(v->t.elems_, t->elems_, tensor_bytes(t)) == 0) {
        rg_tensor_release(t);
        v->refs++;
        s->stats.merged++;
        *id = k;
        return RG_OK;
      }
      /* gone: the same 128-bit digest is taken as the same bits */
      if (!v->live && !v->refs) {
        v->t = *t;
        v->refs = 1;
        v->live = true;
        memset(t, 0, sizeof *t);
        s->stats.merged++;
        *id = k;
        return RG_OK;
      }
    }
  }
  if (s->nvals >= s->capvals) {
    uint32_t cap = s->capvals ? s->capvals * 2 : 256;
    ShareVal *nv = rg_realloc(s->vals, sizeof *nv * cap);
    if (!nv)
      return RG_ERR_NOMEM;
    s->vals = nv;
    s->capvals = cap;
  }
  if (s->nvals >= s->nbuckets && !buckets_grow(s))
    return RG_ERR_NOMEM;
  uint32_t k = s->nvals++;
  ShareVal *v = &s->vals[k];
  v->t = *t;
  v->digest = dg[0];
  v->digest2 = dg[1];
  v->refs = 1;
  v->live = true;
  uint32_t b = (uint32_t)(dg[0] & (s->nbuckets - 1));
  v->chain = s->buckets[b];
  s->buckets[b] = k;
  v->holder[0] = v->holder[1] = NULL;
  memset(t, 0, sizeof *t);
  *id = k;
  return RG_OK;
}

void interp_share_hold(InterpShare *s, uint32_t id, int run, const RgValue *v) { s->vals[id].holder[run & 1] = v; }

const RgValue *interp_share_holder(const InterpShare *s, uint32_t id, int run) { return s->vals[id].holder[run & 1]; }

uint32_t interp_share_refs(const InterpShare *s, uint32_t id) { return s->vals[id].refs; }

bool interp_share_live(const InterpShare *s, uint32_t id) { return s->vals[id].live; }

const RgTensor *interp_share_tensor(const InterpShare *s, uint32_t id) { return &s->vals[id].t; }

void interp_share_unref(InterpShare *s, uint32_t id) {
  ShareVal *v = &s->vals[id];
  if (!v->refs || --v->refs)
    return;
  retire(s, id);
  rg_tensor_release(&v->t);
}

bool interp_share_take(InterpShare *s, uint32_t id, uint32_t max_refs, RgTensor *out) {
  ShareVal *v = &s->vals[id];
  if (v->refs > max_refs || !v->live || v->t.borrowed_ || !interp_same_storage(&v->t, out))
    return false;
  rg_free(out->elems_);
  out->elems_ = v->t.elems_;
  v->t.borrowed_ = true; /* out owns the storage now: the slot still reads it */
  retire(s, id);
  return true;
}

/* ---- the static key of an op: name, attributes, result types, regions ---- */

static bool type_same(const RgType *a, const RgType *b) {
  return a == b || (a && b && a->text_len == b->text_len && memcmp(a->text, b->text, a->text_len) == 0);
}

/* Whether two attributes, possibly of different graphs, are the same;
 * false when unsure (the op is then evaluated again). */
static bool attr_same(const RgAttr *a, const RgAttr *b) {
  if (a == b)
    return true;
  if (!a || !b || a->kind != b->kind)
    return false;
  if (a->text && b->text)
    return a->text_len == b->text_len && memcmp(a->text, b->text, a->text_len) == 0;
  switch (a->kind) {
  case RG_ATTR_UNIT: return true;
  case RG_ATTR_BOOL: return a->u.b == b->u.b;
  case RG_ATTR_INT: return a->u.i == b->u.i && type_same(a->type, b->type);
  case RG_ATTR_FLOAT: return memcmp(&a->u.f, &b->u.f, sizeof a->u.f) == 0 && type_same(a->type, b->type);
  case RG_ATTR_STRING:
    return a->u.str.len == b->u.str.len && memcmp(a->u.str.data, b->u.str.data, a->u.str.len) == 0;
  case RG_ATTR_TYPE: return type_same(a->type, b->type);
  case RG_ATTR_DENSE_ARRAY:
    return type_same(a->type, b->type) && a->count == b->count &&
           (!a->count || memcmp(a->u.ints, b->u.ints, sizeof(int64_t) * a->count) == 0);
  case RG_ATTR_DENSE:
    return type_same(a->type, b->type) && a->count == b->count && a->splat == b->splat && a->decode_state == 1 &&
           b->decode_state == 1 && memcmp(a->decoded, b->decoded, ir_dense_elem_size(a->type->dtype) * (size_t)a->count) == 0;
  case RG_ATTR_ARRAY:
    if (a->count != b->count)
      return false;
    for (uint32_t i = 0; i < a->count; i++)
      if (!attr_same(a->u.items[i], b->u.items[i]))
        return false;
    return true;
  case RG_ATTR_DICT:
    if (a->count != b->count)
      return false;
    for (uint32_t i = 0; i < a->count; i++)
      if (strcmp(a->u.entries[i].name, b->u.entries[i].name) != 0 ||
          !attr_same(a->u.entries[i].value, b->u.entries[i].value))
        return false;
    return true;
  case RG_ATTR_OPAQUE: return false;
  }
  return false;
}

/* Where v is defined inside block b: argument k gives k, result r of the
 * i-th op gives 1024 + i * 256 + r; -1 when outside b. */
static int64_t local_pos(const RgValue *v, const RgBlock *b) {
  if (v->flags & RG_VALUE_BLOCK_ARG)
    return v->owner.block == b ? (int64_t)v->index : -1;
  int64_t i = 0;
  for (const RgNode *n = b->first; n; n = n->next, i++)
    if (n == v->owner.node)
      return 1024 + i * 256 + v->index;
  return -1;
}

static bool node_same(const RgGraph *ga, const RgNode *a, const RgGraph *gb, const RgNode *b, int depth);

/* Single-block regions whose ops read only values of the block itself
 * (the body of a linalg op), compared op by op. */
static bool region_same(const RgGraph *ga, const RgRegion *ra, const RgGraph *gb, const RgRegion *rb, int depth) {
  const RgBlock *x = ra->first, *y = rb->first;
  if (!x || !y || x->next || y->next || x->num_args != y->num_args || depth > 4)
    return false;
  for (uint32_t i = 0; i < x->num_args; i++)
    if (!type_same(x->args[i]->type, y->args[i]->type))
      return false;
  const RgNode *m = x->first, *n = y->first;
  for (; m && n; m = m->next, n = n->next) {
    if (!node_same(ga, m, gb, n, depth + 1))
      return false;
    for (uint32_t k = 0; k < m->num_operands; k++) {
      int64_t p = local_pos(m->operands[k].value, x);
      if (p < 0 || p != local_pos(n->operands[k].value, y))
        return false;
    }
  }
  return !m && !n;
}

static bool node_same(const RgGraph *ga, const RgNode *a, const RgGraph *gb, const RgNode *b, int depth) {
  if (a->num_operands != b->num_operands || a->num_results != b->num_results || a->num_attrs != b->num_attrs ||
      a->num_regions != b->num_regions || strcmp(rg_op_name((RgGraph *)ga, a->op), rg_op_name((RgGraph *)gb, b->op)) != 0)
    return false;
  for (uint32_t i = 0; i < a->num_results; i++)
    if (!type_same(a->results[i].type, b->results[i].type))
      return false;
  for (uint16_t i = 0; i < a->num_attrs; i++)
    if (strcmp(a->attrs[i].name, b->attrs[i].name) != 0 || !attr_same(a->attrs[i].value, b->attrs[i].value))
      return false;
  for (uint16_t i = 0; i < a->num_regions; i++)
    if (!region_same(ga, &a->regions[i], gb, &b->regions[i], depth))
      return false;
  return true;
}

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001B3ull ^ ((h ^ v) >> 32); }

static uint64_t mix_text(uint64_t h, const char *t, size_t n) {
  /* long spellings (constants' elements) by their length and ends: equal
   * keys are compared in full anyway */
  if (n > 64)
    return mix(mix(h, rgs_hash_bytes(t, 32)), rgs_hash_bytes(t + n - 32, 32) ^ ((uint64_t)n << 32));
  return mix(h, rgs_hash_bytes(t, n));
}

static uint64_t node_hash(const RgGraph *g, const RgNode *n) {
  const char *op = rg_op_name((RgGraph *)g, n->op);
  uint64_t h = mix_text(0xcbf29ce484222325ull, op, strlen(op));
  h = mix(h, (uint64_t)n->num_operands << 32 | (uint64_t)n->num_attrs << 16 | n->num_regions);
  for (uint32_t i = 0; i < n->num_results; i++)
    h = mix_text(h, n->results[i].type->text, n->results[i].type->text_len);
  for (uint16_t i = 0; i < n->num_attrs; i++) {
    const RgAttr *a = n->attrs[i].value;
    h = mix_text(h, n->attrs[i].name, strlen(n->attrs[i].name));
    h = mix(h, a->kind);
    if (a->kind == RG_ATTR_INT)
      h = mix(h, (uint64_t)a->u.i);
  }
  return h;
}

/* Whether n may be memoised: its regions are single blocks (compared in
 * full by node_same) and its results are few. */
static bool memoisable(const RgNode *n) {
  if (n->num_results > 8 || n->num_operands > 64)
    return false;
  for (uint16_t r = 0; r < n->num_regions; r++)
    if (!n->regions[r].first || n->regions[r].first->next)
      return false;
  return true;
}

static uint64_t key_hash(uint64_t node_h, const uint32_t *ops, uint32_t nops) {
  uint64_t h = node_h;
  for (uint32_t i = 0; i < nops; i++)
    h = mix(h, ops[i]);
  return h ? h : 1;
}

/* The memo entry of an op equal to n (same op, attributes, types and
 * operand ids), or NULL. */
static ShareMemo *memo_find(const InterpShare *s, const RgGraph *g, const RgNode *n, const uint32_t *ops) {
  if (!s->capmemo || !memoisable(n))
    return NULL;
  uint64_t h = key_hash(node_hash(g, n), ops, n->num_operands);
  for (uint32_t i = (uint32_t)h & (s->capmemo - 1);; i = (i + 1) & (s->capmemo - 1)) {
    ShareMemo *m = &s->memo[i];
    if (!m->hash)
      return NULL;
    if (m->hash == h && m->nops == n->num_operands && m->nres == n->num_results &&
        memcmp(s->ids + m->ids, ops, sizeof *ops * m->nops) == 0 && node_same(m->g, m->node, g, n, 0))
      return m;
  }
}

bool interp_share_lookup(InterpShare *s, const RgGraph *g, const RgNode *n, const uint32_t *ops, uint32_t *res,
                         bool *stale) {
  *stale = false;
  const ShareMemo *m = memo_find(s, g, n, ops);
  if (!m)
    return false;
  const uint32_t *r = s->ids + m->ids + m->nops;
  bool live = true;
  for (uint32_t k = 0; k < m->nres; k++) {
    res[k] = r[k];
    live = live && s->vals[r[k]].live;
  }
  if (!live) {
    s->stats.stale++;
    *stale = true;
    return false;
  }
  for (uint32_t k = 0; k < m->nres; k++)
    s->vals[r[k]].refs++;
  s->stats.hits++;
  return true;
}

bool interp_share_revive(InterpShare *s, uint32_t id, RgTensor *t) {
  ShareVal *v = &s->vals[id];
  if (v->live || v->refs || !rg_tensor_same_type(&v->t, t))
    return false;
  v->t = *t;
  v->refs = 1;
  v->live = true;
  memset(t, 0, sizeof *t);
  return true;
}

RgStatus interp_share_remember(InterpShare *s, const RgGraph *g, const RgNode *n, const uint32_t *ops,
                               const uint32_t *res) {
  s->stats.evals++;
  if (!memoisable(n))
    return RG_OK;
  ShareMemo *seen = memo_find(s, g, n, ops);
  if (seen) {
    /* evaluated again (its results were gone): the results it has now */
    memcpy(s->ids + seen->ids + seen->nops, res, sizeof *res * seen->nres);
    return RG_OK;
  }
  uint64_t h = key_hash(node_hash(g, n), ops, n->num_operands);
  if ((s->nmemo + 1) * 2 > s->capmemo) {
    uint32_t cap = s->capmemo ? s->capmemo * 2 : 1024;
    ShareMemo *nm = rgs_zalloc(sizeof *nm * cap);
    if (!nm)
      return RG_ERR_NOMEM;
    for (uint32_t i = 0; i < s->capmemo; i++) {
      if (!s->memo[i].hash)
        continue;
      uint32_t j = (uint32_t)s->memo[i].hash & (cap - 1);
      while (nm[j].hash)
        j = (j + 1) & (cap - 1);
      nm[j] = s->memo[i];
    }
    rg_free(s->memo);
    s->memo = nm;
    s->capmemo = cap;
  }
  size_t need = (size_t)n->num_operands + n->num_results;
  if (s->nids + need > s->capids) {
    size_t cap = s->capids ? s->capids * 2 : 4096;
    while (cap < s->nids + need)
      cap *= 2;
    uint32_t *ni = rg_realloc(s->ids, sizeof *ni * cap);
    if (!ni)
      return RG_ERR_NOMEM;
    s->ids = ni;
    s->capids = cap;
  }
  ShareMemo m = {h, g, n, s->nids, (uint16_t)n->num_operands,
                 (uint16_t)n->num_results};
  memcpy(s->ids + s->nids, ops, sizeof *ops * n->num_operands);
  memcpy(s->ids + s->nids + n->num_operands, res, sizeof *res * n->num_results);
  s->nids += need;
  uint32_t j = (uint32_t)m.hash & (s->capmemo - 1);
  while (s->memo[j].hash)
    j = (j + 1) & (s->capmemo - 1);
  s->memo[j] = m;
  s->nmemo++;
  return RG_OK;
}

uint64_t interp_node_key(const RgGraph *g, const RgNode *n) { return node_hash(g, n); }

uint32_t interp_share_arg(InterpShare *s, uint32_t i, const RgTensor *layout, bool *live) {
  *live = false;
  if (i >= s->nargs || !s->args[i] || !rg_tensor_same_type(&s->vals[s->args[i]].t, layout))
    return 0;
  if (s->vals[s->args[i]].live) {
    *live = true;
    s->vals[s->args[i]].refs++;
  }
  return s->args[i];
}

void interp_share_set_arg(InterpShare *s, uint32_t i, uint32_t id) {
  if (i >= s->nargs) {
    uint32_t n = i + 64;
    uint32_t *a = rg_realloc(s->args, sizeof *a * n);
    if (!a)
      return; /* the argument is made again when its twin needs it */
    memset(a + s->nargs, 0, sizeof *a * (n - s->nargs));
    s->args = a;
    s->nargs = n;
  }
  s->args[i] = id;
}

uint32_t interp_share_arg_peek(const InterpShare *s, uint32_t i) {
  return i < s->nargs && s->args[i] && s->vals[s->args[i]].live ? s->args[i] : 0;
}

bool interp_share_same_op(const RgGraph *ga, const RgNode *a, const RgGraph *gb, const RgNode *b) {
  return memoisable(a) && memoisable(b) && node_same(ga, a, gb, b, 0);
}

bool interp_share_peek(const InterpShare *s, const RgGraph *g, const RgNode *n, const uint32_t *ops, uint32_t *res) {
  const ShareMemo *m = memo_find(s, g, n, ops);
  if (!m)
    return false;
  for (uint32_t k = 0; k < m->nres; k++) {
    uint32_t id = s->ids[m->ids + m->nops + k];
    if (!s->vals[id].live)
      return false;
    if (res)
      res[k] = id;
  }
  return true;
}

bool interp_share_known(const InterpShare *s, const RgGraph *g, const RgNode *n, const uint32_t *ops) {
  return interp_share_peek(s, g, n, ops, NULL);
}
