/* runtime/ir/graph.c - the graph IR: interning of op names, strings and types,
 * node creation and mutation with exact use lists, and the op histogram and
 * per-op node lists maintained on every attach, detach and op change. */
#include <stdlib.h>
#include "rulegen/graph.h"
#include "ir/ir_internal.h"

/* Open-addressing table of interned byte strings (op names, attribute
 * names, type text). Slots hold an index into a parallel array. */
typedef struct InternTable {
  uint32_t *slots; /* 0 empty, else index + 1 */
  uint32_t mask;
  uint32_t count;
} InternTable;

enum { TENSOR_CACHE = 256 };

/* An interned type and, once asked for, the TYPE attribute holding it:
 * nodes that spell `acc_type = f32` alike share one attribute, and so
 * their attribute arrays can be shared too. */
typedef struct TypeRec {
  RgType t; /* first: a TypeRec is reached from its RgType */
  const RgAttr *attr;
} TypeRec;

struct RgGraph {
  RgsArena arena; /* nodes, values, types, attributes: freed in one call */
  RgBlock body;
  RgRegion body_region;

  /* op ids */
  InternTable op_table;
  const char **op_names;
  uint32_t *op_name_len;
  uint32_t *op_count, *op_total;
  RgNode **op_first, **op_last;
  uint32_t num_ops, cap_ops;

  /* strings */
  InternTable str_table;
  const char **strs;
  uint32_t *str_len;
  uint32_t num_strs, cap_strs;

  /* types */
  InternTable type_table;
  RgType **types;
  uint32_t num_types, cap_types;
  const RgType *tensor_cache[TENSOR_CACHE]; /* rg_type_tensor_of by structure */

  /* while reading: attributes uniqued by their spelling, and nodes'
   * attribute arrays shared between nodes whose arrays are equal */
  InternTable attr_table;
  const RgAttr **attrs;
  uint32_t num_attrs, cap_attrs;
  InternTable attrs_table;
  RgNamedAttr **attr_arrays;
  uint32_t *attr_array_len;
  uint32_t num_attr_arrays, cap_attr_arrays;

  const RgAttr *unit_attr, *true_attr, *false_attr;
  const char *prologue, *epilogue;
  uint32_t next_node_id;
  uint32_t live_nodes;
  uint64_t version; /* bumped by every change to the attached graph */

  /* Byte offset in the source file of each node the reader made, by node
   * id (UINT32_MAX: none), so the op verifier can point at it. */
  uint32_t *src_off;
  uint32_t src_cap;
};

/* ---- interning ---- */

typedef bool (*InternEq)(RgGraph *g, uint32_t idx, const char *s, size_t len);
typedef uint32_t (*InternHash)(RgGraph *g, uint32_t idx);

static bool table_grow(InternTable *t, RgGraph *g, InternHash hash_of) {
  uint32_t ncap = t->mask ? (t->mask + 1) * 2 : 64;
  uint32_t *slots = rg_alloc(sizeof *slots * ncap);
  if (!slots)
    return false;
  memset(slots, 0, sizeof *slots * ncap);
  if (t->slots) {
    for (uint32_t i = 0; i <= t->mask; i++) {
      if (!t->slots[i])
        continue;
      uint32_t h = hash_of(g, t->slots[i] - 1) & (ncap - 1);
      while (slots[h])
        h = (h + 1) & (ncap - 1);
      slots[h] = t->slots[i];
    }
  }
  rg_free(t->slots);
  t->slots = slots;
  t->mask = ncap - 1;
  return true;
}

/* Returns the slot for (s, len): either holding the match or empty. */
static uint32_t *table_find(InternTable *t, RgGraph *g, const char *s, size_t len,
                            uint32_t hash, InternEq eq) {
  if (!t->slots)
    return NULL;
  uint32_t h = hash & t->mask;
  for (;;) {
    uint32_t *slot = &t->slots[h];
    if (!*slot || eq(g, *slot - 1, s, len))
      return slot;
    h = (h + 1) & t->mask;
  }
}

static bool grow_array(void **arr, uint32_t *cap, uint32_t need, size_t elem) {
  if (need <= *cap)
    return true;
  uint32_t ncap = *cap ? *cap * 2 : 32;
  while (ncap < need)
    ncap *= 2;
  void *p = rg_realloc(*arr, elem * ncap);
  if (!p)
    return false;
  *arr = p;
  *cap = ncap;
  return true;
}

static bool op_eq(RgGraph *g, uint32_t i, const char *s, size_t len) {
  return g->op_name_len[i] == len && memcmp(g->op_names[i], s, len) == 0;
}
static uint32_t op_hash(RgGraph *g, uint32_t i) {
  return rgs_hash_bytes(g->op_names[i], g->op_name_len[i]);
}

RgOpId rg_op_find(const RgGraph *cg, const char *name, size_t len) {
  RgGraph *g = (RgGraph *)cg; /* lookup only; the table is not changed */
  uint32_t *slot = table_find(&g->op_table, g, name, len, rgs_hash_bytes(name, len), op_eq);
  return slot && *slot ? *slot - 1 : RG_OP_NONE;
}

RgOpId rg_op_intern(RgGraph *g, const char *name, size_t len) {
  uint32_t hash = rgs_hash_bytes(name, len);
  uint32_t *slot = table_find(&g->op_table, g, name, len, hash, op_eq);
  if (slot && *slot)
    return *slot - 1;
  if ((g->num_ops + 1) * 2 > g->op_table.mask + 1 || !g->op_table.slots) {
    if (!table_grow(&g->op_table, g, op_hash))
      return RG_OP_NONE;
  }
  if (g->num_ops + 1 > g->cap_ops) {
    uint32_t cap = g->cap_ops, need = g->num_ops + 1;
    uint32_t c2 = cap, c3 = cap, c4 = cap, c5 = cap, c6 = cap;
    if (!grow_array((void **)&g->op_names, &cap, need, sizeof *g->op_names) ||
        !grow_array((void **)&g->op_name_len, &c2, need, sizeof *g->op_name_len) ||
        !grow_array((void **)&g->op_count, &c3, need, sizeof *g->op_count) ||
        !grow_array((void **)&g->op_total, &c4, need, sizeof *g->op_total) ||
        !grow_array((void **)&g->op_first, &c5, need, sizeof *g->op_first) ||
        !grow_array((void **)&g->op_last, &c6, need, sizeof *g->op_last))
      return RG_OP_NONE; /* arrays that did grow keep their larger size */
    uint32_t m = cap;
    if (c2 < m) m = c2;
    if (c3 < m) m = c3;
    if (c4 < m) m = c4;
    if (c5 < m) m = c5;
    if (c6 < m) m = c6;
    g->cap_ops = m;
  }
  char *copy = rgs_arena_strdup(&g->arena, name, len);
  if (!copy)
    return RG_OP_NONE;
  RgOpId id = g->num_ops++;
  g->op_names[id] = copy;
  g->op_name_len[id] = (uint32_t)len;
  g->op_count[id] = g->op_total[id] = 0;
  g->op_first[id] = g->op_last[id] = NULL;
  slot = table_find(&g->op_table, g, name, len, hash, op_eq);
  *slot = id + 1;
  g->op_table.count++;
  return id;
}

const char *rg_op_name(const RgGraph *g, RgOpId op) {
  return op < g->num_ops ? g->op_names[op] : "<invalid op>";
}
uint32_t rg_op_count_ids(const RgGraph *g) { return g->num_ops; }
uint32_t rg_op_count(const RgGraph *g, RgOpId op) { return op < g->num_ops ? g->op_count[op] : 0; }
uint32_t rg_op_total(const RgGraph *g, RgOpId op) { return op < g->num_ops ? g->op_total[op] : 0; }
RgNode *rg_op_first(const RgGraph *g, RgOpId op) { return op < g->num_ops ? g->op_first[op] : NULL; }
uint32_t rg_graph_num_nodes(const RgGraph *g) { return g->live_nodes; }
size_t rg_graph_arena_bytes(const RgGraph *g) { return rgs_arena_bytes(&g->arena); }

static bool str_eq(RgGraph *g, uint32_t i, const char *s, size_t len) {
  return g->str_len[i] == len && memcmp(g->strs[i], s, len) == 0;
}
static uint32_t str_hash(RgGraph *g, uint32_t i) { return rgs_hash_bytes(g->strs[i], g->str_len[i]); }

const char *rg_intern(RgGraph *g, const char *s, size_t len) {
  uint32_t hash = rgs_hash_bytes(s, len);
  uint32_t *slot = table_find(&g->str_table, g, s, len, hash, str_eq);
  if (slot && *slot)
    return g->strs[*slot - 1];
  if (!g->str_table.slots || (g->num_strs + 1) * 2 > g->str_table.mask + 1)
    if (!table_grow(&g->str_table, g, str_hash))
      return NULL;
  uint32_t cap = g->cap_strs, cap2 = g->cap_strs;
  if (!grow_array((void **)&g->strs, &cap, g->num_strs + 1, sizeof *g->strs) ||
      !grow_array((void **)&g->str_len, &cap2, g->num_strs + 1, sizeof *g->str_len))
    return NULL;
  g->cap_strs = cap < cap2 ? cap : cap2;
  char *copy = rgs_arena_strdup(&g->arena, s, len);
  if (!copy)
    return NULL;
  uint32_t id = g->num_strs++;
  g->strs[id] = copy;
  g->str_len[id] = (uint32_t)len;
  slot = table_find(&g->str_table, g, s, len, hash, str_eq);
  *slot = id + 1;
  return copy;
}

/* ---- attributes by spelling ---- */

static bool attr_eq(RgGraph *g, uint32_t i, const char *s, size_t len) {
  return g->attrs[i]->text_len == len && memcmp(g->attrs[i]->text, s, len) == 0;
}
static uint32_t attr_hash(RgGraph *g, uint32_t i) {
  return rgs_hash_bytes(g->attrs[i]->text, g->attrs[i]->text_len);
}

const RgAttr *ir_attr_find(RgGraph *g, int kind, const char *text, size_t len) {
  uint32_t *slot = table_find(&g->attr_table, g, text, len, rgs_hash_bytes(text, len), attr_eq);
  const RgAttr *a = slot && *slot ? g->attrs[*slot - 1] : NULL;
  return a && (int)a->kind == kind ? a : NULL;
}

bool ir_attr_remember(RgGraph *g, const RgAttr *a) {
  uint32_t hash = rgs_hash_bytes(a->text, a->text_len);
  uint32_t *slot = table_find(&g->attr_table, g, a->text, a->text_len, hash, attr_eq);
  if (slot && *slot)
    return true; /* the first of a spelling stays */
  if (!g->attr_table.slots || (g->num_attrs + 1) * 2 > g->attr_table.mask + 1)
    if (!table_grow(&g->attr_table, g, attr_hash))
      return false;
  if (!grow_array((void **)&g->attrs, &g->cap_attrs, g->num_attrs + 1, sizeof *g->attrs))
    return false;
  uint32_t id = g->num_attrs++;
  g->attrs[id] = a;
  slot = table_find(&g->attr_table, g, a->text, a->text_len, hash, attr_eq);
  *slot = id + 1;
  return true;
}

static bool arrays_eq(RgGraph *g, uint32_t i, const char *s, size_t len) {
  return g->attr_array_len[i] * sizeof(RgNamedAttr) == len && memcmp(g->attr_arrays[i], s, len) == 0;
}
static uint32_t arrays_hash(RgGraph *g, uint32_t i) {
  return rgs_hash_bytes(g->attr_arrays[i], g->attr_array_len[i] * sizeof(RgNamedAttr));
}

RgNamedAttr *ir_attrs_shared(RgGraph *g, const RgNamedAttr *v, uint32_t n) {
  const char *key = (const char *)v;
  size_t len = sizeof *v * n;
  uint32_t hash = rgs_hash_bytes(key, len);
  uint32_t *slot = table_find(&g->attrs_table, g, key, len, hash, arrays_eq);
  if (slot && *slot)
    return g->attr_arrays[*slot - 1];
  if (!g->attrs_table.slots || (g->num_attr_arrays + 1) * 2 > g->attrs_table.mask + 1)
    if (!table_grow(&g->attrs_table, g, arrays_hash))
      return NULL;
  uint32_t cap = g->cap_attr_arrays, cap2 = g->cap_attr_arrays;
  if (!grow_array((void **)&g->attr_arrays, &cap, g->num_attr_arrays + 1, sizeof *g->attr_arrays) ||
      !grow_array((void **)&g->attr_array_len, &cap2, g->num_attr_arrays + 1, sizeof *g->attr_array_len))
    return NULL;
  g->cap_attr_arrays = cap < cap2 ? cap : cap2;
  RgNamedAttr *arr = rgs_arena_alloc(&g->arena, len);
  if (!arr)
    return NULL;
  memcpy(arr, v, len);
  uint32_t id = g->num_attr_arrays++;
  g->attr_arrays[id] = arr;
  g->attr_array_len[id] = n;
  slot = table_find(&g->attrs_table, g, key, len, hash, arrays_eq);
  *slot = id + 1;
  return arr;
}

void ir_uniquing_end(RgGraph *g) {
  rg_free(g->attr_table.slots);
  rg_free(g->attrs);
  rg_free(g->attrs_table.slots);
  rg_free(g->attr_arrays);
  rg_free(g->attr_array_len);
  memset(&g->attr_table, 0, sizeof g->attr_table);
  memset(&g->attrs_table, 0, sizeof g->attrs_table);
  g->attrs = NULL;
  g->attr_arrays = NULL;
  g->attr_array_len = NULL;
  g->num_attrs = g->cap_attrs = g->num_attr_arrays = g->cap_attr_arrays = 0;
}

/* ---- types ---- */

static bool type_eq(RgGraph *g, uint32_t i, const char *s, size_t len) {
  return g->types[i]->text_len == len && memcmp(g->types[i]->text, s, len) == 0;
}
static uint32_t type_hash(RgGraph *g, uint32_t i) { return g->types[i]->hash; }

const RgType *ir_type_find(RgGraph *g, const char *text, size_t len) {
  uint32_t *slot = table_find(&g->type_table, g, text, len, rgs_hash_bytes(text, len), type_eq);
  return slot && *slot ? g->types[*slot - 1] : NULL;
}

const RgType *rg_type_get(RgGraph *g, const char *text, size_t len) {
  uint32_t hash = rgs_hash_bytes(text, len);
  uint32_t *slot = table_find(&g->type_table, g, text, len, hash, type_eq);
  if (slot && *slot)
    return g->types[*slot - 1];
  TypeRec *rec = rgs_arena_zalloc(&g->arena, sizeof *rec);
  char *copy = rgs_arena_strdup(&g->arena, text, len);
  if (!rec || !copy)
    return NULL;
  RgType *t = &rec->t;
  t->text = copy;
  t->text_len = (uint32_t)len;
  t->hash = hash;
  const char *elem;
  size_t elem_len;
  if (!ir_type_decode(&g->arena, t, &elem, &elem_len))
    return NULL;
  if (elem_len) {
    /* Interning the element type first can move the table. */
    const RgType *e = rg_type_get(g, elem, elem_len);
    if (!e)
      return NULL;
    t->elem = e;
    t->dtype = e->kind == RG_TYPE_SCALAR ? e->dtype : RG_DT_NONE;
  }
  if (!g->type_table.slots || (g->num_types + 1) * 2 > g->type_table.mask + 1)
    if (!table_grow(&g->type_table, g, type_hash))
      return NULL;
  if (!grow_array((void **)&g->types, &g->cap_types, g->num_types + 1, sizeof *g->types))
    return NULL;
  uint32_t id = g->num_types++;
  g->types[id] = t;
  slot = table_find(&g->type_table, g, text, len, hash, type_eq);
  *slot = id + 1;
  return t;
}

const RgType *rg_type_scalar(RgGraph *g, RgDType dt) {
  const char *n = rg_dtype_name(dt);
  return rg_type_get(g, n, strlen(n));
}

const RgType *rg_type_tensor(RgGraph *g, RgDType dt, int32_t rank, const int64_t *dims) {
  if (dt == RG_DT_NONE || dt >= RG_DT_COUNT)
    return NULL;
  return rg_type_tensor_of(g, rg_type_scalar(g, dt), rank, dims);
}

const RgType *rg_type_storage_type(RgGraph *g, const RgType *t) {
  if (!t || !rg_type_is_quant(t))
    return t;
  const RgType *s = rg_type_scalar(g, rg_type_storage(t));
  if (!s || t->kind == RG_TYPE_QUANT)
    return s;
  if (t->kind == RG_TYPE_TENSOR)
    return rg_type_tensor_of(g, s, t->rank, t->dims);
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_puts(&b, "tensor<*x");
  rgs_buf_put(&b, s->text, s->text_len);
  rgs_buf_putc(&b, '>');
  const RgType *u = b.oom ? NULL : rg_type_get(g, b.data, b.len);
  rgs_buf_free(&b);
  return u;
}

/* Shape hooks ask for the same few tensor types over and over: a small
 * cache by structure skips spelling and hashing the text. Only types
 * interned here from their canonical spelling enter it. */
static uint32_t tensor_key(const RgType *elem, int32_t rank, const int64_t *dims) {
  uint64_t h = (uint64_t)(uintptr_t)elem * 0x9E3779B97F4A7C15u ^ (uint64_t)rank;
  for (int32_t i = 0; i < rank; i++)
    h = (h ^ (uint64_t)dims[i]) * 0xBF58476D1CE4E5B9u;
  return (uint32_t)(h >> 40) & (TENSOR_CACHE - 1);
}

const RgType *rg_type_tensor_of(RgGraph *g, const RgType *elem, int32_t rank, const int64_t *dims) {
  if (!elem || rank < 0)
    return NULL;
  uint32_t key = tensor_key(elem, rank, dims);
  const RgType *hit = g->tensor_cache[key];
  if (hit && hit->elem == elem && hit->rank == rank &&
      (rank == 0 || memcmp(hit->dims, dims, sizeof *dims * (size_t)rank) == 0))
    return hit;
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_puts(&b, "tensor<");
  for (int32_t i = 0; i < rank; i++) {
    if (dims[i] == RG_DIM_DYNAMIC)
      rgs_buf_putc(&b, '?');
    else
      rgs_buf_put_i64(&b, dims[i]);
    rgs_buf_putc(&b, 'x');
  }
  rgs_buf_put(&b, elem->text, elem->text_len);
  rgs_buf_putc(&b, '>');
  const RgType *t = b.oom ? NULL : rg_type_get(g, b.data, b.len);
  rgs_buf_free(&b);
  if (t && t->kind == RG_TYPE_TENSOR && t->elem == elem)
    g->tensor_cache[key] = t;
  return t;
}

/* ---- graph ---- */

RgGraph *rg_graph_new(void) {
  RgGraph *g = rg_alloc(sizeof *g);
  if (!g)
    return NULL;
  memset(g, 0, sizeof *g);
  rgs_arena_init(&g->arena);
  g->body.region = &g->body_region;
  g->body_region.first = g->body_region.last = &g->body;
  return g;
}

void rg_graph_free(RgGraph *g) {
  if (!g)
    return;
  rg_free(g->op_table.slots);
  rg_free(g->op_names);
  rg_free(g->op_name_len);
  rg_free(g->op_count);
  rg_free(g->op_total);
  rg_free(g->op_first);
  rg_free(g->op_last);
  rg_free(g->str_table.slots);
  rg_free(g->strs);
  rg_free(g->str_len);
  rg_free(g->type_table.slots);
  rg_free(g->types);
  ir_uniquing_end(g);
  rg_free(g->src_off);
  rgs_arena_free(&g->arena);
  rg_free(g);
}

RgBlock *rg_graph_body(RgGraph *g) { return &g->body; }

void rg_graph_set_prologue(RgGraph *g, const char *text, size_t len) {
  g->version++;
  g->prologue = len ? rgs_arena_strdup(&g->arena, text, len) : NULL;
}
void rg_graph_set_epilogue(RgGraph *g, const char *text, size_t len) {
  g->version++;
  g->epilogue = len ? rgs_arena_strdup(&g->arena, text, len) : NULL;
}
const char *rg_graph_prologue(const RgGraph *g) { return g->prologue; }
const char *rg_graph_epilogue(const RgGraph *g) { return g->epilogue; }

/* ---- histogram bookkeeping ---- */

static void op_list_add(RgGraph *g, RgNode *n) {
  RgOpId op = n->op;
  n->op_next = NULL;
  n->op_prev = g->op_last[op];
  if (g->op_last[op])
    g->op_last[op]->op_next = n;
  else
    g->op_first[op] = n;
  g->op_last[op] = n;
  g->op_total[op]++;
  if (!(n->flags & RG_NODE_FROZEN))
    g->op_count[op]++;
  g->live_nodes++;
}

static void op_list_remove(RgGraph *g, RgNode *n) {
  RgOpId op = n->op;
  if (n->op_prev)
    n->op_prev->op_next = n->op_next;
  else
    g->op_first[op] = n->op_next;
  if (n->op_next)
    n->op_next->op_prev = n->op_prev;
  else
    g->op_last[op] = n->op_prev;
  n->op_prev = n->op_next = NULL;
  g->op_total[op]--;
  if (!(n->flags & RG_NODE_FROZEN))
    g->op_count[op]--;
  g->live_nodes--;
}

/* Marks a subtree live or not live, counting each node once. Iterative over
 * the block lists, recursive over region nesting (bounded by the reader). */
static void set_live(RgGraph *g, RgNode *n, bool live) {
  if (live == ((n->flags & RG_NODE_LIVE) != 0))
    return;
  if (live) {
    n->flags |= RG_NODE_LIVE;
    op_list_add(g, n);
  } else {
    op_list_remove(g, n);
    n->flags &= (uint16_t)~RG_NODE_LIVE;
  }
  for (uint16_t r = 0; r < n->num_regions; r++)
    for (RgBlock *b = n->regions[r].first; b; b = b->next)
      for (RgNode *c = b->first; c; c = c->next)
        set_live(g, c, live);
}

static bool block_is_live(const RgGraph *g, const RgBlock *b) {
  if (b == &g->body)
    return true;
  RgNode *p = b->region ? b->region->parent : NULL;
  return p && (p->flags & RG_NODE_LIVE);
}

RgNode *rg_block_parent_node(const RgBlock *b) { return b->region ? b->region->parent : NULL; }

/* ---- uses ---- */

static void use_link(RgUse *u, RgValue *v) {
  u->value = v;
  if (!v)
    return;
  u->next = v->uses;
  u->pprev = &v->uses;
  if (v->uses)
    v->uses->pprev = &u->next;
  v->uses = u;
  v->num_uses++;
}

static void use_unlink(RgUse *u) {
  if (!u->value)
    return;
  *u->pprev = u->next;
  if (u->next)
    u->next->pprev = u->pprev;
  u->value->num_uses--;
  u->value = NULL;
  u->next = NULL;
  u->pprev = NULL;
}

/* ---- nodes ---- */

/* Marks n, and the users of its results when `users` (shape hooks read
 * the op and attributes of the nodes defining their operands). */
static void mark_changed(RgNode *n, bool users) {
  n->flags |= RG_NODE_CHANGED;
  if (!users)
    return;
  for (uint32_t i = 0; i < n->num_results; i++)
    for (RgUse *u = n->results[i].uses; u; u = u->next)
      u->user->flags |= RG_NODE_CHANGED;
}

RgNode *rg_node_create(RgGraph *g, const RgNodeDesc *d) {
  uint32_t num_operands = d->num_operands, num_results = d->num_results;
  uint32_t num_regions = d->num_regions;
  if (d->op >= g->num_ops || num_regions > UINT16_MAX || num_results > RG_VALUE_MAX_INDEX)
    return NULL;
  size_t size = sizeof(RgNode) + sizeof(RgUse) * num_operands +
                sizeof(RgValue) * num_results + sizeof(RgRegion) * num_regions;
  char *mem = rgs_arena_zalloc(&g->arena, size);
  if (!mem)
    return NULL;
  RgNode *n = (RgNode *)mem;
  n->op = d->op;
  n->num_operands = num_operands;
  n->num_results = num_results;
  n->num_regions = (uint16_t)num_regions;
  n->operands = (RgUse *)(mem + sizeof(RgNode));
  n->results = (RgValue *)(mem + sizeof(RgNode) + sizeof(RgUse) * num_operands);
  n->regions = (RgRegion *)(mem + sizeof(RgNode) + sizeof(RgUse) * num_operands +
                            sizeof(RgValue) * num_results);
  n->id = g->next_node_id++;
  for (uint32_t i = 0; i < num_operands; i++) {
    n->operands[i].user = n;
    use_link(&n->operands[i], d->operands ? d->operands[i] : NULL);
  }
  for (uint32_t i = 0; i < num_results; i++) {
    n->results[i].type = d->result_types ? d->result_types[i] : NULL;
    n->results[i].owner.node = n;
    n->results[i].index = i;
  }
  for (uint32_t i = 0; i < num_regions; i++)
    n->regions[i].parent = n;
  return n;
}

void rg_block_append(RgGraph *g, RgBlock *b, RgNode *n) {
  g->version++;
  RGS_ASSERT(!n->block);
  n->block = b;
  n->next = NULL;
  n->prev = b->last;
  if (b->last)
    b->last->next = n;
  else
    b->first = n;
  b->last = n;
  if (block_is_live(g, b))
    set_live(g, n, true);
}

void rg_node_insert_before(RgGraph *g, RgNode *pos, RgNode *n) {
  g->version++;
  RGS_ASSERT(!n->block && pos->block);
  RgBlock *b = pos->block;
  n->block = b;
  n->next = pos;
  n->prev = pos->prev;
  if (pos->prev)
    pos->prev->next = n;
  else
    b->first = n;
  pos->prev = n;
  if (block_is_live(g, b))
    set_live(g, n, true);
}

void rg_node_insert_after(RgGraph *g, RgNode *pos, RgNode *n) {
  g->version++;
  if (pos->next) {
    rg_node_insert_before(g, pos->next, n);
    return;
  }
  rg_block_append(g, pos->block, n);
}

void rg_node_unlink(RgGraph *g, RgNode *n) {
  g->version++;
  RgBlock *b = n->block;
  if (!b)
    return;
  if (n->flags & RG_NODE_LIVE)
    set_live(g, n, false);
  if (n->prev)
    n->prev->next = n->next;
  else
    b->first = n->next;
  if (n->next)
    n->next->prev = n->prev;
  else
    b->last = n->prev;
  n->prev = n->next = NULL;
  n->block = NULL;
}

static void drop_uses(RgNode *n) {
  for (uint32_t i = 0; i < n->num_operands; i++)
    use_unlink(&n->operands[i]);
  for (uint16_t r = 0; r < n->num_regions; r++)
    for (RgBlock *b = n->regions[r].first; b; b = b->next)
      for (RgNode *c = b->first; c; c = c->next)
        drop_uses(c);
}

static void mark_erased(RgNode *n) {
  n->flags |= RG_NODE_ERASED;
  for (uint16_t r = 0; r < n->num_regions; r++)
    for (RgBlock *b = n->regions[r].first; b; b = b->next)
      for (RgNode *c = b->first; c; c = c->next)
        mark_erased(c);
}

RgStatus rg_node_erase(RgGraph *g, RgNode *n) {
  g->version++;
  for (uint32_t i = 0; i < n->num_results; i++)
    if (n->results[i].num_uses)
      return RG_ERR_INVALID;
  rg_node_unlink(g, n);
  drop_uses(n);
  mark_erased(n);
  return RG_OK;
}

void rg_node_set_operand(RgGraph *g, RgNode *n, uint32_t i, RgValue *v) {
  g->version++;
  (void)g;
  RGS_ASSERT(i < n->num_operands);
  RgUse *u = &n->operands[i];
  if (u->value == v)
    return;
  n->flags |= RG_NODE_CHANGED;
  use_unlink(u);
  use_link(u, v);
}

void rg_value_replace_all_uses(RgGraph *g, RgValue *from, RgValue *to) {
  g->version++;
  (void)g;
  if (from == to)
    return;
  while (from->uses) {
    RgUse *u = from->uses;
    u->user->flags |= RG_NODE_CHANGED;
    use_unlink(u);
    use_link(u, to);
  }
}

void rg_value_set_type(RgValue *v, const RgType *t) {
  if (v->type == t)
    return;
  v->type = t;
  if (!(v->flags & RG_VALUE_BLOCK_ARG))
    v->owner.node->flags |= RG_NODE_CHANGED;
  for (RgUse *u = v->uses; u; u = u->next)
    u->user->flags |= RG_NODE_CHANGED;
}

void rg_node_set_op(RgGraph *g, RgNode *n, RgOpId op) {
  g->version++;
  RGS_ASSERT(op < g->num_ops);
  if (n->op == op)
    return;
  mark_changed(n, true);
  bool live = (n->flags & RG_NODE_LIVE) != 0;
  if (live)
    op_list_remove(g, n);
  n->op = op;
  if (live)
    op_list_add(g, n);
}

void rg_node_set_frozen(RgGraph *g, RgNode *n, bool frozen) {
  g->version++;
  if (frozen == rg_node_is_frozen(n))
    return;
  bool live = (n->flags & RG_NODE_LIVE) != 0;
  if (live && !frozen)
    g->op_count[n->op]++;
  else if (live && frozen)
    g->op_count[n->op]--;
  if (frozen)
    n->flags |= RG_NODE_FROZEN;
  else
    n->flags &= (uint16_t)~RG_NODE_FROZEN;
}

/* ---- node attributes ---- */

const RgAttr *rg_node_attr(const RgNode *n, const char *name) {
  for (uint16_t i = 0; i < n->num_attrs; i++)
    if (strcmp(n->attrs[i].name, name) == 0)
      return n->attrs[i].value;
  return NULL;
}

/* Attribute arrays may be shared between nodes (the reader shares equal
 * ones), so a change always makes the node a fresh array. */
static RgStatus set_attr(RgGraph *g, RgNode *n, const char *name, const RgAttr *v, bool prop) {
  g->version++;
  mark_changed(n, true);
  uint16_t lo = prop ? 0 : n->num_props, hi = prop ? n->num_props : n->num_attrs;
  for (uint16_t i = lo; i < hi; i++) {
    if (strcmp(n->attrs[i].name, name) != 0)
      continue;
    RgNamedAttr *arr = rgs_arena_alloc(&g->arena, sizeof *arr * n->num_attrs);
    if (!arr)
      return RG_ERR_NOMEM;
    memcpy(arr, n->attrs, sizeof *arr * n->num_attrs);
    if (v) {
      arr[i].value = v;
    } else {
      memmove(&arr[i], &arr[i + 1], sizeof *arr * (size_t)(n->num_attrs - i - 1));
      n->num_attrs--;
      if (prop)
        n->num_props--;
    }
    n->attrs = arr;
    return RG_OK;
  }
  if (!v)
    return RG_OK;
  if (n->num_attrs == UINT16_MAX)
    return RG_ERR_INVALID;
  const char *iname = rg_intern(g, name, strlen(name));
  /* Attribute arrays are small; a fresh arena copy per addition keeps the
   * node a single pointer wide at the cost of a little garbage. */
  RgNamedAttr *arr = rgs_arena_alloc(&g->arena, sizeof *arr * (size_t)(n->num_attrs + 1));
  if (!iname || !arr)
    return RG_ERR_NOMEM;
  if (hi) /* n->attrs is NULL on a node without attributes */
    memcpy(arr, n->attrs, sizeof *arr * hi);
  arr[hi].name = iname;
  arr[hi].value = v;
  if (n->num_attrs > hi)
    memcpy(arr + hi + 1, n->attrs + hi, sizeof *arr * (size_t)(n->num_attrs - hi));
  n->attrs = arr;
  n->num_attrs++;
  if (prop)
    n->num_props++;
  if (!prop && strcmp(name, "rg.frozen") == 0)
    rg_node_set_frozen(g, n, true);
  return RG_OK;
}

RgStatus rg_node_set_prop(RgGraph *g, RgNode *n, const char *name, const RgAttr *v) {
  return set_attr(g, n, name, v, true);
}
RgStatus rg_node_set_attr(RgGraph *g, RgNode *n, const char *name, const RgAttr *v) {
  if (!v && strcmp(name, "rg.frozen") == 0)
    rg_node_set_frozen(g, n, false);
  return set_attr(g, n, name, v, false);
}

/* ---- blocks and regions ---- */

RgBlock *rg_region_add_block(RgGraph *g, RgRegion *r) {
  g->version++;
  RgBlock *b = rgs_arena_zalloc(&g->arena, sizeof *b);
  if (!b)
    return NULL;
  b->region = r;
  b->prev = r->last;
  if (r->last)
    r->last->next = b;
  else
    r->first = b;
  r->last = b;
  return b;
}

RgValue *rg_block_add_arg(RgGraph *g, RgBlock *b, const RgType *t, const char *loc) {
  g->version++;
  if (b->num_args == RG_VALUE_MAX_INDEX)
    return NULL;
  if (b->num_args == b->cap_args) {
    uint32_t cap = b->cap_args ? b->cap_args * 2 : 4;
    RgValue **args = rgs_arena_alloc(&g->arena, sizeof *args * cap);
    const char **locs = rgs_arena_zalloc(&g->arena, sizeof *locs * cap);
    if (!args || !locs)
      return NULL;
    if (b->num_args)
      memcpy(args, b->args, sizeof *args * b->num_args);
    if (b->arg_locs)
      memcpy(locs, b->arg_locs, sizeof *locs * b->num_args);
    b->args = args;
    b->arg_locs = locs;
    b->cap_args = cap;
  }
  RgValue *v = rgs_arena_zalloc(&g->arena, sizeof *v);
  if (!v)
    return NULL;
  v->type = t;
  v->owner.block = b;
  v->flags = RG_VALUE_BLOCK_ARG;
  v->index = b->num_args;
  b->arg_locs[b->num_args] = loc;
  b->args[b->num_args++] = v;
  return v;
}

/* ---- walking ---- */

static bool walk_block(RgBlock *b, RgNodeFn fn, void *user);

static bool walk_node(RgNode *n, RgNodeFn fn, void *user) {
  if (!fn(n, user))
    return false;
  for (uint16_t r = 0; r < n->num_regions; r++)
    for (RgBlock *b = n->regions[r].first; b; b = b->next)
      if (!walk_block(b, fn, user))
        return false;
  return true;
}

static bool walk_block(RgBlock *b, RgNodeFn fn, void *user) {
  for (RgNode *n = b->first; n; n = n->next)
    if (!walk_node(n, fn, user))
      return false;
  return true;
}

void rg_graph_walk(RgGraph *g, RgNodeFn fn, void *user) { walk_block(&g->body, fn, user); }

RgsArena *ir_arena(RgGraph *g) { return &g->arena; }

RgStatus rg_node_set_attrs(RgGraph *g, RgNode *n, const RgNamedAttr *attrs, uint16_t num_props,
                           uint16_t num_attrs) {
  RgNamedAttr *arr = rgs_arena_alloc(&g->arena, sizeof *arr * (num_attrs ? num_attrs : 1));
  if (!arr || num_props > num_attrs)
    return arr ? RG_ERR_INVALID : RG_ERR_NOMEM;
  if (num_attrs)
    memcpy(arr, attrs, sizeof *arr * num_attrs);
  mark_changed(n, true);
  ir_node_set_attrs(g, n, arr, num_props, num_attrs);
  return RG_OK;
}

static bool clear_changed(RgNode *n, void *user) {
  (void)user;
  n->flags &= (uint16_t)~RG_NODE_CHANGED;
  return true;
}

void rg_graph_clear_changed(RgGraph *g) { rg_graph_walk(g, clear_changed, NULL); }

void ir_node_set_attrs(RgGraph *g, RgNode *n, RgNamedAttr *attrs, uint16_t num_props,
                       uint16_t num_attrs) {
  g->version++;
  n->attrs = attrs;
  n->num_props = num_props;
  n->num_attrs = num_attrs;
  for (uint16_t i = num_props; i < num_attrs; i++)
    if (strcmp(attrs[i].name, "rg.frozen") == 0)
      rg_node_set_frozen(g, n, true);
}

uint32_t ir_next_node_id(const RgGraph *g) { return g->next_node_id; }
uint64_t ir_graph_version(const RgGraph *g) { return g->version; }

bool ir_node_set_src(RgGraph *g, const RgNode *n, uint32_t off) {
  if (n->id >= g->src_cap) {
    uint32_t cap = g->src_cap ? g->src_cap : 256;
    while (cap <= n->id && cap < UINT32_MAX / 2)
      cap *= 2;
    if (cap <= n->id)
      return false;
    uint32_t *v = rg_realloc(g->src_off, sizeof *v * cap);
    if (!v)
      return false;
    for (uint32_t i = g->src_cap; i < cap; i++)
      v[i] = UINT32_MAX;
    g->src_off = v;
    g->src_cap = cap;
  }
  g->src_off[n->id] = off;
  return true;
}

const RgAttr **ir_type_attr(const RgType *t) { return &((TypeRec *)(uintptr_t)t)->attr; }

void ir_node_src_forget(RgGraph *g) {
  rg_free(g->src_off);
  g->src_off = NULL;
  g->src_cap = 0;
}

uint32_t ir_node_src(const RgGraph *g, const RgNode *n) {
  return n->id < g->src_cap ? g->src_off[n->id] : UINT32_MAX;
}

void ir_node_src_ranks(const RgGraph *g, const uint32_t *offs, uint32_t n, uint32_t *ranks) {
  /* ranks[j] counts the positions below offs[j]: each position adds one to
   * every query above it, as a difference array over the queries */
  memset(ranks, 0, sizeof *ranks * n);
  for (uint32_t i = 0; n && i < g->src_cap; i++) {
    uint32_t v = g->src_off[i], lo = 0, hi = n;
    if (v == UINT32_MAX)
      continue;
    while (lo < hi) { /* the first query above v */
      uint32_t mid = lo + (hi - lo) / 2;
      if (offs[mid] > v)
        hi = mid;
      else
        lo = mid + 1;
    }
    if (lo < n)
      ranks[lo]++;
  }
  for (uint32_t j = 1; j < n; j++)
    ranks[j] += ranks[j - 1];
}
