/* runtime/dedup.c - merges identical pure ops: two nodes of an op declared
 * pure, in the same block, with the same operands, attributes and result
 * types compute the same values, so the later one is replaced by the
 * earlier one (hash-consing after the fact, as a CSE pass does). Identical
 * constants merge the same way, and then so do identical ops over them: a
 * sweep in program order sees a node's operands merged before the node.
 *
 * Only ops a registry declares `pure` are touched; ops with regions and
 * frozen nodes never are. Restricting merges to one block keeps the kept
 * node dominating every use of the removed one without a dominance query. */
#include <string.h>
#include "rulegen/pass.h"
#include "interp_internal.h"

static uint32_t mix(uint32_t h, uint64_t v) {
  /* FNV-1a over the 8 bytes of v. */
  for (int i = 0; i < 8; i++) {
    h ^= (uint32_t)(v >> (8 * i)) & 0xffu;
    h *= 16777619u;
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
  case RG_ATTR_STRING: return mix(h, rg_hash_bytes(a->u.str.data, a->u.str.len));
  case RG_ATTR_TYPE: return mix_ptr(h, a->type);
  case RG_ATTR_DENSE_ARRAY: return mix(h, a->count ? rg_hash_bytes(a->u.ints, 8 * (size_t)a->count) : 0);
  case RG_ATTR_DENSE: {
    h = mix_ptr(h, a->type);
    if (ir_dense_decoded(g, a))
      return mix(h, rg_hash_bytes(a->decoded, ir_dense_elem_size(a->type->dtype) * (size_t)a->count));
    return mix(h, a->text ? rg_hash_bytes(a->text, a->text_len) : 0);
  }
  case RG_ATTR_ARRAY:
    for (uint32_t i = 0; i < a->count; i++)
      h = attr_hash(g, a->u.items[i], h);
    return h;
  case RG_ATTR_DICT:
    for (uint32_t i = 0; i < a->count; i++)
      h = attr_hash(g, a->u.entries[i].value, mix_ptr(h, a->u.entries[i].name));
    return h;
  case RG_ATTR_OPAQUE: return mix(h, rg_hash_bytes(a->text, a->text_len));
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

typedef struct Collect {
  RgNode **nodes;
  size_t len, cap;
  const bool *pure; /* per op id */
  uint32_t num_ids;
  bool nomem;
} Collect;

static bool collect(RgNode *n, void *user) {
  Collect *c = user;
  if (n->op >= c->num_ids || !c->pure[n->op] || n->num_regions || rg_node_is_frozen(n) ||
      n->num_results == 0)
    return true;
  if (c->len == c->cap) {
    size_t cap = c->cap ? 2 * c->cap : 256;
    RgNode **p = rg_realloc(c->nodes, sizeof *p * cap);
    if (!p) {
      c->nomem = true;
      return false;
    }
    c->nodes = p;
    c->cap = cap;
  }
  c->nodes[c->len++] = n;
  return true;
}

RgStatus rg_graph_dedup(RgGraph *g, const RgOpDesc *ops, uint32_t num_ops, uint32_t *merged) {
  *merged = 0;
  Collect c = {0};
  c.num_ids = rg_op_count_ids(g);
  bool *pure = rg_alloc(c.num_ids ? c.num_ids : 1);
  if (!pure)
    return RG_ERR_NOMEM;
  memset(pure, 0, c.num_ids ? c.num_ids : 1);
  for (uint32_t i = 0; i < num_ops; i++) {
    if (!(ops[i].traits & RG_TRAIT_PURE))
      continue;
    RgOpId id = rg_op_find(g, ops[i].name, strlen(ops[i].name));
    if (id != RG_OP_NONE && id < c.num_ids)
      pure[id] = true;
  }
  c.pure = pure;
  rg_graph_walk(g, collect, &c);
  size_t size = 1;
  while (size < 2 * c.len)
    size *= 2;
  RgNode **table = c.nomem ? NULL : rg_alloc(sizeof *table * size);
  uint32_t *hashes = table ? rg_alloc(sizeof *hashes * size) : NULL;
  RgStatus st = RG_OK;
  if (!hashes) {
    st = RG_ERR_NOMEM;
    goto done;
  }
  memset(table, 0, sizeof *table * size);
  for (size_t k = 0; k < c.len; k++) {
    RgNode *n = c.nodes[k];
    uint32_t h = node_hash(g, n);
    size_t slot = h & (size - 1);
    RgNode *twin = NULL;
    for (; table[slot]; slot = (slot + 1) & (size - 1))
      if (hashes[slot] == h && same_node(table[slot], n)) {
        twin = table[slot];
        break;
      }
    if (!twin) {
      table[slot] = n;
      hashes[slot] = h;
      continue;
    }
    for (uint32_t i = 0; i < n->num_results; i++)
      rg_value_replace_all_uses(g, &n->results[i], &twin->results[i]);
    if ((st = rg_node_erase(g, n)) != RG_OK)
      goto done;
    ++*merged;
  }
done:
  rg_free(hashes);
  rg_free(table);
  rg_free(c.nodes);
  rg_free(pure);
  return st;
}
