/* runtime/pass/layout.c - where the transposes of a function stand, chosen
 * for the whole function: the layout of every layout-agnostic op is a
 * label, a value read in a layout other than the one it is computed in
 * costs one transpose (its bytes) however many users read it so, and the
 * placement of least total bytes is a minimum cut when a region of ops
 * has two layouts (docs/layout.md). Regions with more are solved exactly
 * by enumeration when small, by pairwise swap moves otherwise, and the
 * bound is then the half-sum of each layout's isolating cut.
 *
 * The ops come from the caller's registry by their declared traits (a
 * transpose, constants, elementwise layout-agnostic ops); every other op,
 * function arguments and returned values keep the layout they have. The plan says,
 * per op, the permutation that puts it in its new layout; rules apply it
 * (rules/layout.rules) and the transpose rules clean up. */
#include <stdlib.h>
#include "rulegen/pass.h"
#include "support/support.h"

#define INF_CAP (INT64_MAX / 8)
#define MAX_RANK 8

/* ---- maximum flow (Dinic) ---- */

typedef struct Edge {
  uint32_t to, next;
  int64_t cap;
} Edge;

typedef struct Flow {
  uint32_t n;
  uint32_t *head, *level, *it, *queue;
  Edge *e;
  uint32_t ne, cap_e;
  bool oom;
} Flow;

static bool flow_init(Flow *f, uint32_t n) {
  memset(f, 0, sizeof *f);
  f->n = n;
  f->head = rg_alloc(sizeof *f->head * n);
  f->level = rg_alloc(sizeof *f->level * n);
  f->it = rg_alloc(sizeof *f->it * n);
  f->queue = rg_alloc(sizeof *f->queue * n);
  if (!f->head || !f->level || !f->it || !f->queue)
    return false;
  for (uint32_t i = 0; i < n; i++)
    f->head[i] = UINT32_MAX;
  return true;
}

static void flow_free(Flow *f) {
  rg_free(f->head);
  rg_free(f->level);
  rg_free(f->it);
  rg_free(f->queue);
  rg_free(f->e);
}

static void flow_edge1(Flow *f, uint32_t a, uint32_t b, int64_t cap) {
  if (f->ne == f->cap_e) {
    uint32_t c = f->cap_e ? 2 * f->cap_e : 64;
    Edge *e = rg_realloc(f->e, sizeof *e * c);
    if (!e) {
      f->oom = true;
      return;
    }
    f->e = e;
    f->cap_e = c;
  }
  f->e[f->ne] = (Edge){b, f->head[a], cap};
  f->head[a] = f->ne++;
}

/* Edge a -> b of capacity cap (and its residual twin). */
static void flow_edge(Flow *f, uint32_t a, uint32_t b, int64_t cap) {
  if (f->oom || cap <= 0 || a == b)
    return;
  flow_edge1(f, a, b, cap);
  flow_edge1(f, b, a, 0);
}

static bool flow_bfs(Flow *f, uint32_t s, uint32_t t) {
  for (uint32_t i = 0; i < f->n; i++)
    f->level[i] = UINT32_MAX;
  uint32_t qh = 0, qt = 0;
  f->level[s] = 0;
  f->queue[qt++] = s;
  while (qh < qt) {
    uint32_t u = f->queue[qh++];
    for (uint32_t k = f->head[u]; k != UINT32_MAX; k = f->e[k].next)
      if (f->e[k].cap > 0 && f->level[f->e[k].to] == UINT32_MAX) {
        f->level[f->e[k].to] = f->level[u] + 1;
        f->queue[qt++] = f->e[k].to;
      }
  }
  return f->level[t] != UINT32_MAX;
}

static int64_t flow_dfs(Flow *f, uint32_t u, uint32_t t, int64_t push) {
  if (u == t)
    return push;
  for (; f->it[u] != UINT32_MAX; f->it[u] = f->e[f->it[u]].next) {
    Edge *e = &f->e[f->it[u]];
    if (e->cap <= 0 || f->level[e->to] != f->level[u] + 1)
      continue;
    int64_t d = flow_dfs(f, e->to, t, push < e->cap ? push : e->cap);
    if (d > 0) {
      e->cap -= d;
      f->e[f->it[u] ^ 1u].cap += d;
      return d;
    }
  }
  return 0;
}

/* The maximum flow; afterwards level[i] != UINT32_MAX marks the source
 * side of the minimum cut closest to the source. Paths are at most as
 * long as the graph has nodes, which stays small (one region). */
static int64_t flow_run(Flow *f, uint32_t s, uint32_t t) {
  int64_t total = 0;
  while (flow_bfs(f, s, t)) {
    for (uint32_t i = 0; i < f->n; i++)
      f->it[i] = f->head[i];
    int64_t d;
    while ((d = flow_dfs(f, s, t, INF_CAP)) > 0)
      total = total + d > INF_CAP ? INF_CAP : total + d;
  }
  flow_bfs(f, s, t);
  return total;
}

/* ---- a map from value pointers to indices ---- */

typedef struct PtrMap {
  const void **keys;
  uint32_t *vals;
  size_t size; /* a power of two */
} PtrMap;

static size_t ptr_slot(const PtrMap *m, const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ull;
  return (size_t)(x >> 17) & (m->size - 1);
}

static bool map_init(PtrMap *m, size_t n) {
  m->size = 64;
  while (m->size < 2 * n + 2)
    m->size *= 2;
  m->keys = rgs_zalloc(sizeof *m->keys * m->size);
  m->vals = rg_alloc(sizeof *m->vals * m->size);
  return m->keys && m->vals;
}

static void map_put(PtrMap *m, const void *p, uint32_t v) {
  size_t s = ptr_slot(m, p);
  while (m->keys[s] && m->keys[s] != p)
    s = (s + 1) & (m->size - 1);
  m->keys[s] = p;
  m->vals[s] = v;
}

static uint32_t map_get(const PtrMap *m, const void *p) {
  if (!m->size || !p)
    return UINT32_MAX;
  for (size_t s = ptr_slot(m, p); m->keys[s]; s = (s + 1) & (m->size - 1))
    if (m->keys[s] == p)
      return m->vals[s];
  return UINT32_MAX;
}

static void map_free(PtrMap *m) {
  rg_free((void *)m->keys);
  rg_free(m->vals);
}

/* ---- the model of one function ---- */

typedef struct OpKind { /* kind_of's table, per op id */
  uint8_t kind, ntensors; /* ntensors ALL_OPERANDS: every operand (variadic) */
  bool axis;              /* an axis op: its `axis` names an axis of its layout */
} OpKind;

#define ALL_OPERANDS 0xff
/* The most operands of a variadic axis op (a concat) that the model moves:
 * rules/layout.rules spells out the arities from two to this one. */
#define MAX_MOVED_OPERANDS 4

/* A value of the function: its node or block argument, the region it
 * belongs to and its layout there (the permutation from the region's
 * frame: the value holds T(frame, perm)). */
typedef struct Val {
  RgValue *v;
  uint32_t uf_region, uf_logical; /* union-find parents */
  uint32_t region;                /* dense region index, or UINT32_MAX */
  int8_t perm[MAX_RANK];
  bool has_perm;
} Val;

/* A labelled op (or a non-splat constant feeding a region): its region,
 * its current and chosen layout. */
typedef struct Var {
  RgNode *node;
  uint32_t region;
  uint16_t cur, best;
} Var;

/* A member of a logical value's group: a variable, or a fixed layout. */
typedef struct Member {
  uint32_t var; /* UINT32_MAX: fixed */
  uint16_t label;
} Member;

/* A logical value: the values one computed value becomes through
 * transposes; its members are its producer and every reader. */
typedef struct Group {
  uint32_t region, first, num; /* slice of members */
  uint64_t bytes;
  /* Per layout of the region, the first layout holding the value's
   * elements in the same order (its axes of size > 1 in the same order):
   * a transpose between two such is a reshape (to_reshape), free. */
  uint8_t cls[8];
  bool free_pair; /* two layouts of the region share a class */
} Group;

typedef struct Region {
  int8_t layouts[8][MAX_RANK]; /* distinct layouts, at most 8 */
  uint16_t num_layouts;
  int32_t rank;
  bool bad; /* inconsistent, dynamic, too many layouts: left alone */
} Region;

struct RgLayoutPlan {
  RgGraph *g;
  Val *vals;
  uint32_t nvals;
  Var *vars;
  uint32_t nvars;
  Member *members;
  uint32_t nmembers;
  Group *groups;
  uint32_t ngroups;
  Region *regions;
  uint32_t nregions;
  OpKind *kinds;        /* per op id */
  uint32_t nkinds;
  PtrMap map;          /* value -> index */
  uint32_t *var_of_val; /* value index -> variable, or UINT32_MAX */
  int64_t perm_out[MAX_RANK]; /* rg_layout_plan_perm's answer */
  RgLayoutFigures fig;
  bool oom;
};

/* ---- what each op is to the model ---- */

typedef enum Kind { K_OTHER, K_TRANSPOSE, K_AGNOSTIC, K_CONST } Kind;

static bool has_attr(const RgOpDesc *d, const char *name, RgAttrSchema kind) {
  for (uint16_t i = 0; i < d->num_attrs; i++)
    if (strcmp(d->attrs[i].name, name) == 0 && d->attrs[i].kind == kind)
      return true;
  return false;
}

/* Per op id of the graph, what the registry's declaration makes it: a
 * transpose (one operand, an int-array `perms`), a constant (`values`
 * elements), a movable op (elementwise and unary and layout-agnostic: its
 * operand 0; elementwise and binary: operands 0 and 1, equal ranks), or
 * fixed. Read from the declarations, so the runtime names no dialect; the
 * classes of rules/layout.rules are the same traits. */
static OpKind *op_kinds(const RgGraph *g, const RgOpDesc *ops, uint32_t num_ops) {
  uint32_t n = rg_op_count_ids(g);
  OpKind *t = rgs_zalloc(sizeof *t * (n ? n : 1));
  for (uint32_t op = 0; t && op < n; op++) {
    const char *name = rg_op_name(g, op);
    const RgOpDesc *d = NULL;
    for (uint32_t i = 0; i < num_ops && !d; i++)
      d = strcmp(ops[i].name, name) == 0 ? &ops[i] : NULL;
    if (!d || d->num_results != 1)
      continue;
    uint32_t tr = d->traits;
    uint32_t unary = RG_TRAIT_ELEMENTWISE | RG_TRAIT_UNARY | RG_TRAIT_LAYOUT_AGNOSTIC;
    uint32_t binary = RG_TRAIT_ELEMENTWISE | RG_TRAIT_BINARY;
    if (d->num_operands == 1 && !d->variadic && (tr & RG_TRAIT_PURE) && has_attr(d, "perms", RG_SCHEMA_INTS))
      t[op] = (OpKind){K_TRANSPOSE, 1, false};
    else if ((tr & RG_TRAIT_CONSTANT) && has_attr(d, "values", RG_SCHEMA_TENSOR))
      t[op] = (OpKind){K_CONST, 0, false};
    else if ((tr & unary) == unary && d->num_operands >= 1)
      t[op] = (OpKind){K_AGNOSTIC, 1, false};
    else if ((tr & binary) == binary && d->num_operands >= 2)
      t[op] = (OpKind){K_AGNOSTIC, 2, false};
    else if ((tr & RG_TRAIT_PURE) && has_attr(d, "axis", RG_SCHEMA_INT) && !(tr & RG_TRAIT_CONSTANT) &&
             (d->variadic ? d->num_operands == 0 : d->num_operands == 1))
      t[op] = (OpKind){K_AGNOSTIC, d->variadic ? ALL_OPERANDS : 1, true};
  }
  return t;
}

/* An axis op (a reduction, REVERSE, CONCAT) takes any layout with its axis
 * renamed when its tensors keep the rank (not ARGMAX, which drops the
 * axis) and, for a concat, it has two to MAX_MOVED_OPERANDS of them (a
 * concat of one is canonicalize's). */
static bool axis_op_movable(const RgNode *n, uint32_t nt) {
  const RgAttr *a = rg_node_attr(n, "axis");
  const RgType *r = n->results[0].type;
  if (nt < 1 || nt > MAX_MOVED_OPERANDS || !a || a->kind != RG_ATTR_INT || !r || !rg_type_is_tensor(r))
    return false;
  for (uint32_t i = 0; i < nt; i++) {
    const RgType *t = n->operands[i].value ? n->operands[i].value->type : NULL;
    if (!t || !rg_type_is_tensor(t) || t->rank != r->rank)
      return false;
  }
  return a->u.i >= 0 && a->u.i < r->rank;
}

/* The kind of n and, for a movable op, how many leading operands are the
 * tensors that take its layout. */
static Kind kind_of(const RgLayoutPlan *pl, const RgNode *n, uint32_t *ntensors) {
  *ntensors = 0;
  if (rg_node_is_frozen(n) || n->num_results != 1 || n->num_regions || n->op >= pl->nkinds)
    return K_OTHER;
  OpKind k = pl->kinds[n->op];
  if (k.kind == K_CONST) {
    const RgAttr *a = rg_node_attr(n, "values");
    return a && a->kind == RG_ATTR_DENSE && !a->splat ? K_CONST : K_OTHER;
  }
  uint32_t nt = k.ntensors == ALL_OPERANDS ? n->num_operands : k.ntensors;
  if (k.kind == K_OTHER || n->num_operands < nt || (k.kind == K_TRANSPOSE && n->num_operands != 1))
    return K_OTHER;
  if (k.axis && (!axis_op_movable(n, nt) || (k.ntensors == ALL_OPERANDS && nt < 2)))
    return K_OTHER;
  *ntensors = nt;
  return (Kind)k.kind;
}

static int64_t elem_bytes(const RgType *t) {
  int bits = t->dtype != RG_DT_NONE ? rg_dtype_bits(t->dtype) : 8;
  return bits > 0 ? (bits + 7) / 8 : 1;
}

/* Bytes a transpose of v writes; -1 when its shape is not static. */
static int64_t value_bytes(const RgValue *v) {
  if (!v->type || !rg_type_is_tensor(v->type))
    return -1;
  int64_t n = rg_type_numel(v->type);
  return n < 0 ? -1 : n * elem_bytes(v->type);
}

static bool read_perm(RgGraph *g, const RgNode *t, int8_t *p, int32_t rank) {
  RgInts q;
  const RgAttr *a = rg_node_attr(t, "perms");
  if (!a || !rg_attr_to_ints(g, a, &q) || (int32_t)q.n != rank || rank > MAX_RANK || !rg_ints_is_perm(q))
    return false;
  for (int32_t i = 0; i < rank; i++)
    p[i] = (int8_t)q.v[i];
  return true;
}

/* ---- building the model ---- */

static uint32_t uf_find(Val *vals, uint32_t i, bool logical) {
  uint32_t r = i;
  while ((logical ? vals[r].uf_logical : vals[r].uf_region) != r)
    r = logical ? vals[r].uf_logical : vals[r].uf_region;
  while (i != r) { /* path compression */
    uint32_t *up = logical ? &vals[i].uf_logical : &vals[i].uf_region;
    i = *up;
    *up = r;
  }
  return r;
}

static void uf_union(Val *vals, uint32_t a, uint32_t b, bool logical) {
  a = uf_find(vals, a, logical);
  b = uf_find(vals, b, logical);
  if (a == b)
    return;
  if (a > b) { /* the earlier value is the root */
    uint32_t t = a;
    a = b;
    b = t;
  }
  if (logical)
    vals[b].uf_logical = a;
  else
    vals[b].uf_region = a;
}


/* Calls f(ctx, o, r, t) for each operand o of a movable op or transpose of
 * the block that is defined in the block (one defined outside is fixed),
 * r its result, t the transpose (NULL for a movable op): the relations the
 * regions are joined through and the layout search walks. */
typedef void RelFn(void *ctx, uint32_t o, uint32_t r, const RgNode *t);

static void each_rel(const RgLayoutPlan *pl, const PtrMap *m, RgBlock *b, RelFn *f, void *ctx) {
  for (RgNode *x = b->first; x; x = x->next) {
    uint32_t nt;
    Kind k = kind_of(pl, x, &nt);
    if (k != K_AGNOSTIC && k != K_TRANSPOSE)
      continue;
    uint32_t r = map_get(m, &x->results[0]);
    for (uint32_t i = 0; i < nt; i++) {
      uint32_t o = map_get(m, x->operands[i].value);
      if (o != UINT32_MAX)
        f(ctx, o, r, k == K_TRANSPOSE ? x : NULL);
    }
  }
}

/* A movable op joins its operand's region; a transpose also its logical
 * value. */
static void join_rel(void *ctx, uint32_t o, uint32_t r, const RgNode *t) {
  Val *vals = ctx;
  uf_union(vals, r, o, false);
  if (t)
    uf_union(vals, r, o, true);
}

/* Every value of the block (arguments, then results in order) gets an
 * index; regions and logical values are joined through movable ops and
 * transposes. */
static bool collect(RgLayoutPlan *pl, PtrMap *m, RgBlock *b) {
  uint32_t n = b->num_args;
  for (RgNode *x = b->first; x; x = x->next)
    n += x->num_results;
  pl->vals = rgs_zalloc(sizeof *pl->vals * (n ? n : 1));
  if (!pl->vals || !map_init(m, n))
    return false;
  for (uint32_t i = 0; i < b->num_args; i++)
    pl->vals[pl->nvals++].v = b->args[i];
  for (RgNode *x = b->first; x; x = x->next)
    for (uint32_t i = 0; i < x->num_results; i++)
      pl->vals[pl->nvals++].v = &x->results[i];
  for (uint32_t i = 0; i < pl->nvals; i++) {
    pl->vals[i].uf_region = pl->vals[i].uf_logical = i;
    pl->vals[i].region = UINT32_MAX;
    map_put(m, pl->vals[i].v, i);
  }
  each_rel(pl, m, b, join_rel, pl->vals);
  return true;
}

/* A relation for the layout search: b = T(a, perm of t) or, t NULL, the
 * same layout. */
typedef struct Rel {
  uint32_t a, b;
  const RgNode *t;
} Rel;

static bool same_perm(const int8_t *a, const int8_t *b, int32_t rank) {
  return memcmp(a, b, (size_t)rank) == 0;
}

/* Layout of b from a's across relation r (forward) or of a from b's. */
static bool step_perm(RgGraph *g, const Rel *r, bool forward, const int8_t *from, int8_t *to, int32_t rank) {
  if (!r->t) {
    memcpy(to, from, (size_t)rank);
    return true;
  }
  int8_t p[MAX_RANK];
  if (!read_perm(g, r->t, p, rank))
    return false;
  for (int32_t i = 0; i < rank; i++) {
    if (forward)
      to[i] = from[p[i]]; /* compose(from, p) */
    else
      to[p[i]] = from[i]; /* compose(from, inverse(p)) */
  }
  return true;
}

static uint16_t add_layout(Region *rg, const int8_t *perm) {
  for (uint16_t i = 0; i < rg->num_layouts; i++)
    if (same_perm(rg->layouts[i], perm, rg->rank))
      return i;
  if (rg->num_layouts == 8) {
    rg->bad = true;
    return 0;
  }
  memcpy(rg->layouts[rg->num_layouts], perm, (size_t)rg->rank);
  return rg->num_layouts++;
}

/* Relations of the block's movable ops and transposes, as adjacency
 * lists (CSR) over the values. */
typedef struct Adj {
  Rel *rels;
  uint32_t nrels;
  uint32_t *start, *list; /* list[start[v] .. start[v+1]): relation ids */
} Adj;

static void add_rel(void *ctx, uint32_t o, uint32_t r, const RgNode *t) {
  Adj *adj = ctx;
  adj->rels[adj->nrels++] = (Rel){o, r, t};
}

static bool adjacency(RgLayoutPlan *pl, const PtrMap *m, RgBlock *b, Adj *adj) {
  uint32_t cap = 0;
  for (RgNode *x = b->first; x; x = x->next)
    cap += x->num_operands;
  adj->rels = rg_alloc(sizeof *adj->rels * (cap ? cap : 1));
  adj->start = rgs_zalloc(sizeof *adj->start * (pl->nvals + 1));
  if (!adj->rels || !adj->start)
    return false;
  each_rel(pl, m, b, add_rel, adj);
  for (uint32_t i = 0; i < adj->nrels; i++) {
    adj->start[adj->rels[i].a]++;
    adj->start[adj->rels[i].b]++;
  }
  uint32_t at = 0;
  for (uint32_t v = 0; v <= pl->nvals; v++) {
    uint32_t c = v < pl->nvals ? adj->start[v] : 0;
    adj->start[v] = at;
    at += c;
  }
  adj->list = rg_alloc(sizeof *adj->list * (at ? at : 1));
  uint32_t *fill = rg_alloc(sizeof *fill * (pl->nvals ? pl->nvals : 1));
  if (!adj->list || !fill) {
    rg_free(fill);
    return false;
  }
  memcpy(fill, adj->start, sizeof *fill * pl->nvals);
  for (uint32_t i = 0; i < adj->nrels; i++) {
    adj->list[fill[adj->rels[i].a]++] = i;
    adj->list[fill[adj->rels[i].b]++] = i;
  }
  rg_free(fill);
  return true;
}

/* Gives every value joined to others a region and its layout there,
 * breadth first from the region's first value. */
static bool assign_layouts(RgLayoutPlan *pl, const Adj *adj) {
  uint32_t *queue = rg_alloc(sizeof *queue * (pl->nvals ? pl->nvals : 1));
  pl->regions = rg_alloc(sizeof *pl->regions * (pl->nvals ? pl->nvals : 1));
  if (!queue || !pl->regions) {
    rg_free(queue);
    return false;
  }
  for (uint32_t s = 0; s < pl->nvals; s++) {
    if (pl->vals[s].region != UINT32_MAX || adj->start[s] == adj->start[s + 1])
      continue;
    Region *rg = &pl->regions[pl->nregions];
    memset(rg, 0, sizeof *rg);
    const RgType *t = pl->vals[s].v->type;
    rg->rank = t && rg_type_is_tensor(t) ? t->rank : -1;
    rg->bad = rg->rank < 1 || rg->rank > MAX_RANK;
    Val *v0 = &pl->vals[s];
    v0->region = pl->nregions;
    v0->has_perm = true;
    for (int32_t i = 0; i < rg->rank && i < MAX_RANK; i++)
      v0->perm[i] = (int8_t)i;
    uint32_t qh = 0, qt = 0;
    queue[qt++] = s;
    while (qh < qt) {
      uint32_t u = queue[qh++];
      Val *vu = &pl->vals[u];
      if (value_bytes(vu->v) < 0 || vu->v->type->rank != rg->rank)
        rg->bad = true;
      if (!rg->bad)
        add_layout(rg, vu->perm);
      for (uint32_t k = adj->start[u]; k < adj->start[u + 1]; k++) {
        const Rel *r = &adj->rels[adj->list[k]];
        bool forward = r->a == u;
        uint32_t w = forward ? r->b : r->a;
        int8_t p[MAX_RANK];
        if (rg->bad || !step_perm(pl->g, r, forward, vu->perm, p, rg->rank)) {
          rg->bad = true;
          memcpy(p, vu->perm, sizeof p);
        }
        Val *vw = &pl->vals[w];
        if (vw->region == UINT32_MAX) {
          vw->region = pl->nregions;
          vw->has_perm = true;
          memcpy(vw->perm, p, sizeof p);
          queue[qt++] = w;
        } else if (!rg->bad && !same_perm(vw->perm, p, rg->rank)) {
          rg->bad = true; /* x op T(x) on a square shape: no one frame */
        }
      }
    }
    pl->nregions++;
  }
  rg_free(queue);
  return true;
}

static uint16_t label_of(const RgLayoutPlan *pl, uint32_t v) {
  const Val *x = &pl->vals[v];
  const Region *rg = &pl->regions[x->region];
  for (uint16_t i = 0; i < rg->num_layouts; i++)
    if (same_perm(rg->layouts[i], x->perm, rg->rank))
      return i;
  return 0;
}

/* The classes of a group's layouts: the value holds T(frame, perm), so
 * the frame's axis perm[k] has the value's size k; in layout L its data
 * order is that of the frame's axes L[0], L[1], ... of size > 1. */
static void order_classes(const Region *rg, const Val *v, Group *gr) {
  int64_t frame[MAX_RANK];
  for (int32_t k = 0; k < rg->rank; k++)
    frame[v->perm[k]] = v->v->type->dims[k];
  int8_t order[8][MAX_RANK];
  int32_t len[8];
  for (uint16_t l = 0; l < rg->num_layouts; l++) {
    len[l] = 0;
    for (int32_t k = 0; k < rg->rank; k++)
      if (frame[rg->layouts[l][k]] != 1)
        order[l][len[l]++] = rg->layouts[l][k];
    gr->cls[l] = (uint8_t)l;
    for (uint16_t m = 0; m < l; m++)
      if (len[m] == len[l] && memcmp(order[m], order[l], (size_t)len[l]) == 0) {
        gr->cls[l] = gr->cls[m];
        gr->free_pair = true;
        break;
      }
  }
}

/* Variables (movable ops and non-splat constants in a usable region) and
 * groups (one per logical value, its producer first). */
static bool build_groups(RgLayoutPlan *pl, const PtrMap *m, RgBlock *b, uint32_t *var_of_val) {
  pl->vars = rg_alloc(sizeof *pl->vars * (pl->nvals ? pl->nvals : 1));
  if (!pl->vars)
    return false;
  for (uint32_t i = 0; i < pl->nvals; i++)
    var_of_val[i] = UINT32_MAX;
  for (RgNode *x = b->first; x; x = x->next) {
    uint32_t nt, r = map_get(m, &x->results[0]);
    Kind k = kind_of(pl, x, &nt);
    if ((k != K_AGNOSTIC && k != K_CONST) || r == UINT32_MAX || pl->vals[r].region == UINT32_MAX ||
        pl->regions[pl->vals[r].region].bad)
      continue;
    var_of_val[r] = pl->nvars;
    uint16_t l = label_of(pl, r);
    pl->vars[pl->nvars++] = (Var){x, pl->vals[r].region, l, l};
  }
  /* Members: a producer and one per use, at most values + uses. */
  uint32_t cap = pl->nvals;
  for (uint32_t i = 0; i < pl->nvals; i++)
    cap += pl->vals[i].v->num_uses;
  pl->members = rg_alloc(sizeof *pl->members * (cap ? cap : 1));
  pl->groups = rg_alloc(sizeof *pl->groups * (pl->nvals ? pl->nvals : 1));
  uint32_t *next = rg_alloc(sizeof *next * (pl->nvals ? pl->nvals : 1)); /* class lists */
  uint32_t *last = rg_alloc(sizeof *last * (pl->nvals ? pl->nvals : 1));
  if (!pl->members || !pl->groups || !next || !last) {
    rg_free(next);
    rg_free(last);
    return false;
  }
  for (uint32_t i = 0; i < pl->nvals; i++) {
    next[i] = UINT32_MAX;
    uint32_t root = uf_find(pl->vals, i, true);
    if (root != i) {
      next[last[root]] = i;
      last[root] = i;
    } else {
      last[i] = i;
    }
  }
  for (uint32_t i = 0; i < pl->nvals; i++) {
    Val *v = &pl->vals[i];
    if (uf_find(pl->vals, i, true) != i || v->region == UINT32_MAX || pl->regions[v->region].bad)
      continue;
    RgNode *def = rg_value_def(v->v);
    const RgAttr *k = def && def->op < pl->nkinds && pl->kinds[def->op].kind == K_CONST ? rg_node_attr(def, "values")
                                                                                        : NULL;
    if (k && k->kind == RG_ATTR_DENSE && k->splat)
      continue; /* a splat constant is permuted for free */
    Group *gr = &pl->groups[pl->ngroups++];
    *gr = (Group){v->region, pl->nmembers, 0, (uint64_t)value_bytes(v->v), {0}, false};
    order_classes(&pl->regions[v->region], v, gr);
    pl->members[pl->nmembers++] = (Member){var_of_val[i], label_of(pl, i)};
    for (uint32_t w = i; w != UINT32_MAX; w = next[w]) {
      for (RgUse *u = pl->vals[w].v->uses; u; u = u->next) {
        RgNode *c = u->user;
        uint32_t nt, cr = c->num_results ? map_get(m, &c->results[0]) : UINT32_MAX;
        Kind ck = c->block == b ? kind_of(pl, c, &nt) : K_OTHER;
        if (ck == K_TRANSPOSE)
          continue; /* the value itself in another layout */
        uint32_t idx = (uint32_t)(u - c->operands);
        bool var = ck == K_AGNOSTIC && idx < nt && cr != UINT32_MAX && var_of_val[cr] != UINT32_MAX;
        pl->members[pl->nmembers++] = (Member){var ? var_of_val[cr] : UINT32_MAX, label_of(pl, w)};
      }
    }
    gr->num = pl->nmembers - gr->first;
  }
  rg_free(next);
  rg_free(last);
  return true;
}

/* ---- solving one region ---- */

/* The region being solved: its variables and groups, and labels for all
 * of the plan's variables (only this region's are read or written). */
typedef struct Solve {
  RgLayoutPlan *pl;
  uint32_t region;
  const uint32_t *vars, *groups;
  uint32_t nvars, ngroups;
  uint16_t *label;  /* per variable of the plan */
  uint32_t *local;  /* per variable of the plan: its index in vars, or UINT32_MAX */
} Solve;

static uint32_t popcount(uint32_t m) {
  uint32_t n = 0;
  for (; m; m &= m - 1)
    n++;
  return n;
}

static uint16_t member_label(const Solve *s, const Member *mb) {
  return mb->var == UINT32_MAX ? mb->label : s->label[mb->var];
}

/* Bytes the transposes of a labelling write: per logical value, one
 * transpose for every class of layouts it is read in other than its
 * own. */
static uint64_t cost(const Solve *s) {
  uint64_t total = 0;
  for (uint32_t i = 0; i < s->ngroups; i++) {
    const Group *gr = &s->pl->groups[s->groups[i]];
    uint32_t mask = 0;
    for (uint32_t k = 0; k < gr->num; k++)
      mask |= 1u << gr->cls[member_label(s, &s->pl->members[gr->first + k])];
    total += gr->bytes * (uint64_t)(popcount(mask) - 1);
  }
  return total;
}

/* One binary cut: cls[l] is 0 (source side), 1 (sink side) or -1 (not
 * free) per label. Variables whose label has a side choose a side; a group
 * pays its bytes for each side its members use, unless a member that is
 * not free already uses that side (then the side costs nothing more): for
 * a group this is its cost up to a constant. With `penalty`, a variable
 * that changes side pays 1 and bytes are scaled above the number of
 * variables, so the fewest moves break ties. side_label, when not NULL,
 * receives the new labels: side_label[0] on the source side, [1] on the
 * sink side. Returns false when out of memory. */
static bool binary_cut(Solve *s, const int8_t *cls, bool penalty, const uint16_t *side_label, bool by_class) {
  uint32_t nv = s->nvars, ng = s->ngroups;
  int64_t K = penalty ? (int64_t)nv + 1 : 1;
  Flow f;
  if (!flow_init(&f, 2 + nv + 2 * ng)) {
    flow_free(&f);
    return false;
  }
  for (uint32_t i = 0; i < nv; i++) {
    int8_t c = cls[s->label[s->vars[i]]];
    if (penalty && c == 0)
      flow_edge(&f, 0, 2 + i, 1);
    else if (penalty && c == 1)
      flow_edge(&f, 2 + i, 1, 1);
  }
  for (uint32_t gi = 0; gi < ng; gi++) {
    const Group *gr = &s->pl->groups[s->groups[gi]];
    uint32_t za = 2 + nv + 2 * gi, zb = za + 1;
    bool fixed_a = false, fixed_b = false, any = false;
    uint8_t ca = by_class ? gr->cls[side_label[0]] : 0, cb = by_class ? gr->cls[side_label[1]] : 0;
    uint64_t bytes = by_class || !gr->free_pair ? gr->bytes : 0;
    if ((by_class && ca == cb) || !bytes)
      continue; /* the choice costs this group nothing */
    for (uint32_t k = 0; k < gr->num; k++) {
      const Member *mb = &s->pl->members[gr->first + k];
      uint16_t l = member_label(s, mb);
      int8_t c = cls[l];
      uint32_t vi = mb->var != UINT32_MAX && c >= 0 ? s->local[mb->var] : UINT32_MAX;
      if (vi == UINT32_MAX) { /* a layout in use anyway: its class costs nothing more */
        fixed_a |= by_class ? gr->cls[l] == ca : c == 0;
        fixed_b |= by_class ? gr->cls[l] == cb : c == 1;
        continue;
      }
      any = true;
      flow_edge(&f, 2 + vi, za, INF_CAP); /* on the source side: side a is used */
      flow_edge(&f, zb, 2 + vi, INF_CAP); /* on the sink side: side b is used */
    }
    if (any && !fixed_a)
      flow_edge(&f, za, 1, K * (int64_t)bytes);
    if (any && !fixed_b)
      flow_edge(&f, 0, zb, K * (int64_t)bytes);
  }
  bool ok = !f.oom;
  if (ok)
    flow_run(&f, 0, 1);
  for (uint32_t i = 0; ok && side_label && i < nv; i++)
    if (cls[s->label[s->vars[i]]] >= 0)
      s->label[s->vars[i]] = side_label[f.level[2 + i] != UINT32_MAX ? 0 : 1];
  flow_free(&f);
  return ok;
}

/* Bytes of the groups whose members use both sides of cls (none for a
 * group with two layouts in one class: the bound takes it as free). */
static uint64_t side_cost(const Solve *s, const int8_t *cls) {
  uint64_t total = 0;
  for (uint32_t i = 0; i < s->ngroups; i++) {
    const Group *gr = &s->pl->groups[s->groups[i]];
    if (gr->free_pair)
      continue;
    unsigned used = 0;
    for (uint32_t k = 0; k < gr->num; k++)
      used |= cls[member_label(s, &s->pl->members[gr->first + k])] == 0 ? 1u : 2u;
    total += used == 3 ? gr->bytes : 0;
  }
  return total;
}

/* Swap moves: for each pair of layouts, the variables in either choose
 * between the two by a cut; kept when the cost drops (for two layouts the
 * first move is the optimum). */
static bool swaps(Solve *s, uint16_t nl, uint16_t *save) {
  uint64_t best = cost(s);
  for (bool improved = true; improved;) {
    improved = false;
    for (uint16_t a = 0; a < nl; a++)
      for (uint16_t b = a + 1; b < nl; b++) {
        int8_t cls[8];
        memset(cls, -1, sizeof cls);
        cls[a] = 0;
        cls[b] = 1;
        for (uint32_t i = 0; i < s->nvars; i++)
          save[i] = s->label[s->vars[i]];
        if (!binary_cut(s, cls, true, (uint16_t[]){a, b}, true))
          return false;
        uint64_t c = cost(s);
        if (c < best || (nl == 2 && c == best)) {
          improved = c < best && nl > 2;
          best = c;
        } else {
          for (uint32_t i = 0; i < s->nvars; i++)
            s->label[s->vars[i]] = save[i];
        }
      }
  }
  return true;
}

/* Every labelling of a small region: the least cost, then the fewest
 * moves. */
static void enumerate(Solve *s, uint16_t nl, const uint16_t *cur, uint16_t *bestl) {
  uint64_t best = UINT64_MAX;
  uint32_t best_moves = UINT32_MAX;
  for (uint32_t i = 0; i < s->nvars; i++)
    s->label[s->vars[i]] = 0;
  for (;;) {
    uint64_t c = cost(s);
    uint32_t moves = 0;
    for (uint32_t i = 0; i < s->nvars; i++)
      moves += s->label[s->vars[i]] != cur[i];
    if (c < best || (c == best && moves < best_moves)) {
      best = c;
      best_moves = moves;
      for (uint32_t i = 0; i < s->nvars; i++)
        bestl[i] = s->label[s->vars[i]];
    }
    uint32_t i = 0;
    while (i < s->nvars && ++s->label[s->vars[i]] == nl)
      s->label[s->vars[i++]] = 0;
    if (i == s->nvars)
      break;
  }
  for (uint32_t i = 0; i < s->nvars; i++)
    s->label[s->vars[i]] = bestl[i];
}

/* A lower bound for more than two layouts: every placement pays, per
 * group, at least its fixed members' extra layouts, and at least half of
 * the sum over layouts of the cut isolating that layout from the others
 * (a group read in k layouts is cut by k of them, and k <= 2 (k - 1)). */
static bool multi_bound(Solve *s, uint16_t nl, uint16_t *save, uint64_t *out) {
  uint64_t pins = 0, iso = 0;
  for (uint32_t i = 0; i < s->ngroups; i++) {
    const Group *gr = &s->pl->groups[s->groups[i]];
    uint32_t mask = 0;
    for (uint32_t k = 0; k < gr->num; k++)
      if (s->pl->members[gr->first + k].var == UINT32_MAX)
        mask |= 1u << gr->cls[s->pl->members[gr->first + k].label];
    pins += mask ? gr->bytes * (uint64_t)(popcount(mask) - 1) : 0;
  }
  for (uint32_t i = 0; i < s->nvars; i++)
    save[i] = s->label[s->vars[i]];
  for (uint16_t a = 0; a < nl; a++) {
    int8_t cls[8];
    memset(cls, 1, sizeof cls);
    cls[a] = 0;
    if (!binary_cut(s, cls, false, (uint16_t[]){a, (uint16_t)(a ? 0 : 1)}, false))
      return false;
    iso += side_cost(s, cls);
    for (uint32_t i = 0; i < s->nvars; i++)
      s->label[s->vars[i]] = save[i];
  }
  *out = pins > (iso + 1) / 2 ? pins : (iso + 1) / 2;
  return true;
}

/* Solves region r: the labels of its variables, its part of the figures. */
static bool solve_region(Solve *s, uint16_t *cur, uint16_t *tmp) {
  const Region *rg = &s->pl->regions[s->region];
  RgLayoutFigures *fig = &s->pl->fig;
  uint16_t nl = rg->num_layouts;
  for (uint32_t i = 0; i < s->nvars; i++)
    cur[i] = s->label[s->vars[i]];
  uint64_t now = cost(s);
  fig->placed += now;
  if (nl <= 2) {
    if (nl == 2 && s->nvars && !swaps(s, nl, tmp))
      return false;
    uint64_t c = cost(s);
    fig->best += c;
    fig->bound += c;
    fig->regions += nl == 2;
    return true;
  }
  fig->multi++;
  uint64_t space = 1;
  for (uint32_t i = 0; i < s->nvars && space <= 65536; i++)
    space *= nl;
  if (space <= 65536) { /* exact; the heuristic's gap is measured too */
    if (!swaps(s, nl, tmp))
      return false;
    uint64_t heur = cost(s);
    enumerate(s, nl, cur, tmp);
    uint64_t c = cost(s);
    fig->best += c;
    fig->bound += c;
    fig->multi_exact++;
    fig->heuristic_gap += heur - c;
    return true;
  }
  uint64_t bound;
  if (!multi_bound(s, nl, tmp, &bound) || !swaps(s, nl, tmp))
    return false;
  fig->best += cost(s);
  fig->bound += bound;
  return true;
}

/* Solves every usable region, its variables and groups gathered by
 * region (counting sort). */
static bool solve_all(RgLayoutPlan *pl) {
  uint32_t nr = pl->nregions;
  uint32_t *vstart = rgs_zalloc(sizeof *vstart * (nr + 1)), *gstart = rgs_zalloc(sizeof *gstart * (nr + 1));
  uint32_t *vlist = rg_alloc(sizeof *vlist * (pl->nvars + 1)), *glist = rg_alloc(sizeof *glist * (pl->ngroups + 1));
  uint32_t *local = rg_alloc(sizeof *local * (pl->nvars + 1));
  uint16_t *label = rg_alloc(sizeof *label * (pl->nvars + 1));
  uint16_t *cur = rg_alloc(sizeof *cur * (pl->nvars + 1)), *tmp = rg_alloc(sizeof *tmp * (pl->nvars + 1));
  bool ok = vstart && gstart && vlist && glist && local && label && cur && tmp;
  for (uint32_t i = 0; ok && i < pl->nvars; i++) {
    vstart[pl->vars[i].region + 1]++;
    label[i] = pl->vars[i].cur;
  }
  for (uint32_t i = 0; ok && i < pl->ngroups; i++)
    gstart[pl->groups[i].region + 1]++;
  for (uint32_t r = 0; ok && r < nr; r++) {
    vstart[r + 1] += vstart[r];
    gstart[r + 1] += gstart[r];
  }
  /* Counting sort: tmp-sized cursors are the starts, advanced in place
   * and then restored by one more prefix pass. */
  for (uint32_t i = 0; ok && i < pl->nvars; i++) {
    uint32_t r = pl->vars[i].region;
    vlist[vstart[r]++] = i;
  }
  for (uint32_t i = 0; ok && i < pl->ngroups; i++)
    glist[gstart[pl->groups[i].region]++] = i;
  for (uint32_t r = nr; ok && r > 0; r--) {
    vstart[r] = vstart[r - 1];
    gstart[r] = gstart[r - 1];
  }
  if (ok)
    vstart[0] = gstart[0] = 0;
  for (uint32_t r = 0; ok && r < nr; r++)
    for (uint32_t k = vstart[r]; k < vstart[r + 1]; k++)
      local[vlist[k]] = k - vstart[r];
  for (uint32_t r = 0; ok && r < nr; r++) {
    if (pl->regions[r].bad)
      continue;
    Solve s = {pl, r, vlist + vstart[r], glist + gstart[r], vstart[r + 1] - vstart[r], gstart[r + 1] - gstart[r],
               label, local};
    ok = solve_region(&s, cur, tmp);
  }
  for (uint32_t i = 0; ok && i < pl->nvars; i++)
    pl->vars[i].best = label[i];
  rg_free(vstart);
  rg_free(gstart);
  rg_free(vlist);
  rg_free(glist);
  rg_free(local);
  rg_free(label);
  rg_free(cur);
  rg_free(tmp);
  return ok;
}

/* ---- the plan ---- */

/* Bytes of the function's transposes, and of those the model does not
 * place (frozen ones, those of regions it leaves alone). */
static void count_transposes(RgLayoutPlan *pl, RgBlock *b) {
  for (RgNode *x = b->first; x; x = x->next) {
    if (x->op >= pl->nkinds || pl->kinds[x->op].kind != K_TRANSPOSE || x->num_results != 1)
      continue;
    int64_t n = value_bytes(&x->results[0]);
    uint32_t v = map_get(&pl->map, &x->results[0]);
    uint32_t nt;
    bool placed = kind_of(pl, x, &nt) == K_TRANSPOSE && v != UINT32_MAX &&
                  pl->vals[v].region != UINT32_MAX && !pl->regions[pl->vals[v].region].bad;
    pl->fig.bytes += n > 0 ? (uint64_t)n : 0;
    pl->fig.fixed += n > 0 && !placed ? (uint64_t)n : 0;
  }
}

RgStatus rg_layout_plan(RgGraph *g, RgNode *func, const RgOpDesc *ops, uint32_t num_ops, RgLayoutPlan **out) {
  *out = NULL;
  RgLayoutPlan *pl = rgs_zalloc(sizeof *pl);
  if (!pl)
    return RG_ERR_NOMEM;
  pl->g = g;
  pl->kinds = op_kinds(g, ops, num_ops);
  pl->nkinds = rg_op_count_ids(g);
  if (!pl->kinds) {
    rg_free(pl);
    return RG_ERR_NOMEM;
  }
  uint64_t transposes = 0;
  for (uint32_t op = 0; op < pl->nkinds; op++)
    transposes += pl->kinds[op].kind == K_TRANSPOSE ? rg_op_total(g, op) : 0;
  /* Without a transpose every value has one layout: nothing to place. */
  RgBlock *b = func && func->num_regions && transposes ? func->regions[0].first : NULL;
  Adj adj = {0};
  bool ok = true;
  if (b) {
    ok = collect(pl, &pl->map, b) && adjacency(pl, &pl->map, b, &adj) && assign_layouts(pl, &adj);
    pl->var_of_val = ok ? rg_alloc(sizeof *pl->var_of_val * (pl->nvals ? pl->nvals : 1)) : NULL;
    ok = ok && pl->var_of_val && build_groups(pl, &pl->map, b, pl->var_of_val) && solve_all(pl);
    if (ok)
      count_transposes(pl, b);
  }
  rg_free(adj.rels);
  rg_free(adj.start);
  rg_free(adj.list);
  if (!ok) {
    rg_layout_plan_free(pl);
    return RG_ERR_NOMEM;
  }
  pl->fig.best += pl->fig.fixed;
  pl->fig.bound += pl->fig.fixed;
  *out = pl;
  return RG_OK;
}

const RgLayoutFigures *rg_layout_plan_figures(const RgLayoutPlan *pl) { return &pl->fig; }

bool rg_layout_plan_perm(RgLayoutPlan *pl, const RgNode *n, RgInts *q) {
  if (!pl || !n || !n->num_results || !pl->var_of_val)
    return false;
  uint32_t v = map_get(&pl->map, &n->results[0]);
  uint32_t nt;
  if (v == UINT32_MAX || pl->var_of_val[v] == UINT32_MAX || kind_of(pl, n, &nt) != K_AGNOSTIC)
    return false;
  const Var *x = &pl->vars[pl->var_of_val[v]];
  if (x->node != n || x->best == x->cur)
    return false;
  const Region *rg = &pl->regions[x->region];
  const int8_t *from = rg->layouts[x->cur], *to = rg->layouts[x->best];
  int8_t inv[MAX_RANK];
  for (int32_t i = 0; i < rg->rank; i++)
    inv[from[i]] = (int8_t)i;
  for (int32_t i = 0; i < rg->rank; i++) /* compose(inverse(from), to) */
    pl->perm_out[i] = inv[to[i]];
  q->v = pl->perm_out;
  q->n = (uint32_t)rg->rank;
  return true;
}

bool rg_layout_plan_moves(const RgLayoutPlan *pl, const RgNode *n) {
  uint32_t v = pl && n && n->num_results && pl->var_of_val ? map_get(&pl->map, &n->results[0]) : UINT32_MAX;
  if (v == UINT32_MAX || pl->var_of_val[v] == UINT32_MAX)
    return false;
  const Var *x = &pl->vars[pl->var_of_val[v]];
  return x->node == n && x->best != x->cur;
}

uint32_t rg_layout_plan_moved(const RgLayoutPlan *pl, RgNode **nodes, uint32_t max) {
  uint32_t k = 0;
  for (uint32_t i = 0; pl && i < pl->nvars; i++) {
    uint32_t nt;
    if (pl->vars[i].best == pl->vars[i].cur || kind_of(pl, pl->vars[i].node, &nt) != K_AGNOSTIC)
      continue;
    if (k < max)
      nodes[k] = pl->vars[i].node;
    k++;
  }
  return k;
}

void rg_layout_plan_free(RgLayoutPlan *pl) {
  if (!pl)
    return;
  rg_free(pl->vals);
  rg_free(pl->vars);
  rg_free(pl->members);
  rg_free(pl->groups);
  rg_free(pl->regions);
  rg_free(pl->var_of_val);
  rg_free(pl->kinds);
  map_free(&pl->map);
  rg_free(pl);
}
