/* runtime/pass/dedup.c - merges identical pure ops: two nodes of an op declared
 * pure, in the same block, with the same operands, attributes and result
 * types compute the same values, so the later one is replaced by the
 * earlier one (hash-consing after the fact, as a CSE pass does). Identical
 * constants merge the same way, and then so do identical ops over them: a
 * sweep in program order sees a node's operands merged before the node.
 *
 * Only ops a registry declares `pure` are touched; ops with regions and
 * frozen nodes never are. Restricting merges to one block keeps the kept
 * node dominating every use of the removed one without a dominance query.
 *
 * ir_graph_dedup_touched gives the same graph from the nodes a rewrite
 * created or rewired alone: a graph without duplicates can only gain one
 * that involves such a node, its twins share its first operand (or, with
 * no operands, its op list), and the earliest of a group is kept, as the
 * sweep keeps it. So the pass manager pays for what changed, not for the
 * whole graph, after every pass that rewrote. */
#include <string.h>
#include "rulegen/pass.h"
#include "ir/ir_internal.h"

/* One multiply per 64-bit word (not FNV's one per byte): the pass manager
 * deduplicates the whole graph after every pass that rewrote, so hashing
 * is most of its cost. Which node is kept does not depend on the hash. */
static uint32_t mix(uint32_t h, uint64_t v) {
  uint64_t x = (((uint64_t)h << 32) | h) ^ v;
  x *= 0x9e3779b97f4a7c15ull;
  x ^= x >> 32;
  x *= 0xd6e8feb86659fd93ull;
  return (uint32_t)(x ^ (x >> 32));
}

/* n 8-byte words (integers or doubles) at p. */
static uint32_t mix_words(uint32_t h, const void *p, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    uint64_t w;
    memcpy(&w, (const char *)p + 8 * (size_t)i, sizeof w);
    h = mix(h, w);
  }
  return h;
}

static uint32_t mix_ptr(uint32_t h, const void *p) { return mix(h, (uint64_t)(uintptr_t)p); }

/* A hash that agrees with rg_attr_equal: equal attributes hash equal.
 * Dense elements are decoded (and cached by the attribute) so that two
 * spellings of the same values meet; undecodable ones hash their text,
 * which is then what equality compares. */
static uint32_t attr_hash(RgGraph *g, const RgAttr *a, uint32_t h) {
  h = mix(h, (uint64_t)a->kind);
  switch (a->kind) {
  case RG_ATTR_UNIT: return h;
  case RG_ATTR_BOOL: return mix(h, a->u.b);
  case RG_ATTR_INT: return mix(h, (uint64_t)a->u.i);
  case RG_ATTR_FLOAT: {
    uint64_t bits;
    memcpy(&bits, &a->u.f, sizeof bits);
    return mix(h, bits);
  }
  case RG_ATTR_STRING: return mix(h, rgs_hash_bytes(a->u.str.data, a->u.str.len));
  case RG_ATTR_TYPE: return mix_ptr(h, a->type);
  case RG_ATTR_DENSE_ARRAY: return mix_words(mix(h, a->count), a->u.ints, a->count);
  case RG_ATTR_DENSE: {
    h = mix_ptr(h, a->type);
    uint32_t eh;
    if (ir_dense_hash(g, a, &eh))
      return mix(h, eh);
    return mix(h, a->text ? rgs_hash_bytes(a->text, a->text_len) : 0);
  }
  case RG_ATTR_ARRAY:
    for (uint32_t i = 0; i < a->count; i++)
      h = attr_hash(g, a->u.items[i], h);
    return h;
  case RG_ATTR_DICT:
    for (uint32_t i = 0; i < a->count; i++)
      h = attr_hash(g, a->u.entries[i].value, mix_ptr(h, a->u.entries[i].name));
    return h;
  case RG_ATTR_OPAQUE: return mix(h, rgs_hash_bytes(a->text, a->text_len));
  }
  return h;
}

/* Attributes are compared as sets by name (the order is not meaningful);
 * names are interned, so they hash by pointer, and the per-attribute
 * hashes are summed to be order-independent. */
static uint32_t node_hash(RgGraph *g, const RgNode *n) {
  uint32_t h = mix_ptr(2166136261u, n->block);
  h = mix(h, n->op);
  h = mix(h, ((uint64_t)n->num_operands << 32) | n->num_results);
  for (uint32_t i = 0; i < n->num_operands; i++)
    h = mix_ptr(h, n->operands[i].value);
  for (uint32_t i = 0; i < n->num_results; i++)
    h = mix_ptr(h, n->results[i].type);
  uint32_t sum = 0;
  for (uint16_t i = 0; i < n->num_attrs; i++)
    sum += attr_hash(g, n->attrs[i].value, mix_ptr(2166136261u, n->attrs[i].name));
  return mix(h, ((uint64_t)n->num_attrs << 32) | sum);
}

static bool same_attrs(const RgNode *a, const RgNode *b) {
  if (a->num_attrs != b->num_attrs || a->num_props != b->num_props)
    return false;
  for (uint16_t i = 0; i < a->num_attrs; i++) {
    const RgAttr *other = NULL;
    for (uint16_t j = 0; j < b->num_attrs && !other; j++)
      if (b->attrs[j].name == a->attrs[i].name || strcmp(b->attrs[j].name, a->attrs[i].name) == 0)
        other = b->attrs[j].value;
    if (!other || !rg_attr_equal(a->attrs[i].value, other))
      return false;
  }
  return true;
}

static bool same_node(const RgNode *a, const RgNode *b) {
  if (a->op != b->op || a->block != b->block || a->num_operands != b->num_operands ||
      a->num_results != b->num_results)
    return false;
  for (uint32_t i = 0; i < a->num_operands; i++)
    if (a->operands[i].value != b->operands[i].value)
      return false;
  for (uint32_t i = 0; i < a->num_results; i++)
    if (a->results[i].type != b->results[i].type)
      return false;
  return same_attrs(a, b);
}

/* Per op id of g: declared pure by the registry. */
static bool *pure_ops(RgGraph *g, const RgOpDesc *ops, uint32_t num_ops, uint32_t *num_ids) {
  *num_ids = rg_op_count_ids(g);
  bool *pure = rg_alloc(*num_ids ? *num_ids : 1);
  if (!pure)
    return NULL;
  memset(pure, 0, *num_ids ? *num_ids : 1);
  for (uint32_t i = 0; i < num_ops; i++) {
    if (!(ops[i].traits & RG_TRAIT_PURE))
      continue;
    RgOpId id = rg_op_find(g, ops[i].name, strlen(ops[i].name));
    if (id != RG_OP_NONE && id < *num_ids)
      pure[id] = true;
  }
  return pure;
}

/* The whole-graph sweep: an open-addressing table of the nodes kept so
 * far, sized from the op histogram so that it never grows, and filled in
 * program order while walking (no list of candidates on the side: on a
 * large graph the sweep's tables are the peak of a run). */
typedef struct Sweep {
  RgGraph *g;
  const bool *pure; /* per op id */
  uint32_t num_ids;
  RgNode **table;
  uint32_t *hashes;
  size_t size;
  uint32_t merged;
} Sweep;

static RgStatus sweep_node(Sweep *w, RgNode *n) {
  if (n->op >= w->num_ids || !w->pure[n->op] || n->num_regions || rg_node_is_frozen(n) ||
      n->num_results == 0)
    return RG_OK;
  uint32_t h = node_hash(w->g, n);
  size_t slot = (size_t)(((uint64_t)h * w->size) >> 32);
  RgNode *twin = NULL;
  for (; w->table[slot]; slot = slot + 1 == w->size ? 0 : slot + 1)
    if (w->hashes[slot] == h && same_node(w->table[slot], n)) {
      twin = w->table[slot];
      break;
    }
  if (!twin) {
    w->table[slot] = n;
    w->hashes[slot] = h;
    return RG_OK;
  }
  for (uint32_t i = 0; i < n->num_results; i++)
    rg_value_replace_all_uses(w->g, &n->results[i], &twin->results[i]);
  w->merged++;
  return rg_node_erase(w->g, n);
}

/* Pre-order, as rg_graph_walk, but a node may be erased once visited. */
static RgStatus sweep_block(Sweep *w, RgBlock *b) {
  RgNode *next;
  for (RgNode *n = b->first; n; n = next) {
    next = n->next;
    uint16_t nr = n->num_regions;
    RgStatus st = sweep_node(w, n);
    for (uint16_t r = 0; r < nr && st == RG_OK; r++)
      for (RgBlock *c = n->regions[r].first; c && st == RG_OK; c = c->next)
        st = sweep_block(w, c);
    if (st != RG_OK)
      return st;
  }
  return RG_OK;
}

RgStatus rg_graph_dedup(RgGraph *g, const RgOpDesc *ops, uint32_t num_ops, uint32_t *merged) {
  *merged = 0;
  Sweep w = {.g = g};
  bool *pure = pure_ops(g, ops, num_ops, &w.num_ids);
  if (!pure)
    return RG_ERR_NOMEM;
  w.pure = pure;
  size_t candidates = 0; /* live nodes of pure ops bound the table's load */
  for (uint32_t op = 0; op < w.num_ids; op++)
    if (pure[op])
      candidates += rg_op_total(g, op);
  w.size = candidates + candidates / 2 + 16;
  w.table = rgs_zalloc(sizeof *w.table * w.size);
  w.hashes = w.table ? rg_alloc(sizeof *w.hashes * w.size) : NULL;
  RgStatus st = w.hashes ? sweep_block(&w, rg_graph_body(g)) : RG_ERR_NOMEM;
  *merged = w.merged;
  rg_free(w.hashes);
  rg_free(w.table);
  rg_free(pure);
  return st;
}

/* ---- the incremental form ---- */

typedef struct NodeVec {
  RgNode **v;
  size_t len, cap;
} NodeVec;

static bool vec_push(NodeVec *q, RgNode *n) {
  if (q->len == q->cap) {
    size_t cap = q->cap ? 2 * q->cap : 64;
    RgNode **p = rg_realloc(q->v, sizeof *p * cap);
    if (!p)
      return false;
    q->v = p;
    q->cap = cap;
  }
  q->v[q->len++] = n;
  return true;
}

/* What the sweep would hash: a live pure node without regions, not frozen,
 * with results. */
static bool eligible(const RgNode *n, const bool *pure, uint32_t num_ids) {
  return (n->flags & RG_NODE_LIVE) && !(n->flags & RG_NODE_ERASED) && n->op < num_ids && pure[n->op] &&
         !n->num_regions && !rg_node_is_frozen(n) && n->num_results;
}

/* True when a comes before b in their block: both walk forward, the first
 * to meet the other (or the end) decides, in steps bounded by the nearer. */
static bool before(const RgNode *a, const RgNode *b) {
  for (const RgNode *x = a->next, *y = b->next;; x = x->next, y = y->next) {
    if (x == b)
      return true;
    if (y == a || !x)
      return false;
    if (!y)
      return true;
  }
}

RgStatus ir_graph_dedup_touched(RgGraph *g, const RgOpDesc *ops, uint32_t num_ops, RgNode *const *nodes,
                                size_t num_nodes, uint32_t *merged) {
  IrDedupOut out = {0};
  RgStatus st = ir_graph_dedup_touched_out(g, ops, num_ops, nodes, num_nodes, &out);
  rg_free(out.kept);
  *merged = out.merged;
  return st;
}

RgStatus ir_graph_dedup_touched_out(RgGraph *g, const RgOpDesc *ops, uint32_t num_ops, RgNode *const *nodes,
                                    size_t num_nodes, IrDedupOut *out) {
  memset(out, 0, sizeof *out);
  uint32_t *merged = &out->merged;
  NodeVec kept = {0};
  uint32_t num_ids;
  bool *pure = pure_ops(g, ops, num_ops, &num_ids);
  NodeVec work = {0}, group = {0};
  RgStatus st = pure ? RG_OK : RG_ERR_NOMEM;
  for (size_t i = 0; i < num_nodes && st == RG_OK; i++)
    if (!vec_push(&work, nodes[i]))
      st = RG_ERR_NOMEM;
  while (st == RG_OK && work.len) {
    RgNode *n = work.v[--work.len];
    if (!eligible(n, pure, num_ids))
      continue;
    /* Its twins: users of its first operand, or nodes of its op. */
    group.len = 0;
    if (n->num_operands) {
      for (RgUse *u = n->operands[0].value->uses; u && st == RG_OK; u = u->next)
        if (u->user != n && eligible(u->user, pure, num_ids) && same_node(u->user, n))
          st = vec_push(&group, u->user) ? RG_OK : RG_ERR_NOMEM;
    } else {
      for (RgNode *m = rg_op_first(g, n->op); m && st == RG_OK; m = m->op_next)
        if (m != n && eligible(m, pure, num_ids) && same_node(m, n))
          st = vec_push(&group, m) ? RG_OK : RG_ERR_NOMEM;
    }
    if (st != RG_OK || !group.len)
      continue;
    /* A node using the value twice is listed twice. */
    RgNode *keep = n;
    for (size_t k = 0; k < group.len; k++)
      if (before(group.v[k], keep))
        keep = group.v[k];
    if (!vec_push(&group, n))
      st = RG_ERR_NOMEM;
    for (size_t k = 0; k < group.len && st == RG_OK; k++) {
      RgNode *x = group.v[k];
      if (x == keep || (x->flags & RG_NODE_ERASED))
        continue;
      for (uint32_t r = 0; r < x->num_results && st == RG_OK; r++) {
        for (RgUse *u = x->results[r].uses; u && st == RG_OK; u = u->next)
          if (!vec_push(&work, u->user)) /* rewired: may meet a twin now */
            st = RG_ERR_NOMEM;
        rg_value_replace_all_uses(g, &x->results[r], &keep->results[r]);
      }
      if (st == RG_OK)
        st = rg_node_erase(g, x);
      ++*merged;
      if (!out->lost && (kept.len == 0 || kept.v[kept.len - 1] != keep) && !vec_push(&kept, keep))
        out->lost = true;
    }
  }
  out->kept = kept.v;
  out->nkept = kept.len;
  rg_free(work.v);
  rg_free(group.v);
  rg_free(pure);
  return st;
}
