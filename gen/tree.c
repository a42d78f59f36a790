/* gen/tree.c - phase 2: rule IR -> one decision tree per root op. Takes the
 * variants of the rules rooted at an op, in priority order; gives a tree of
 * GenDtNode: consecutive variants whose next test is the same share one TEST
 * node, consecutive variants that test the op of the same operand share one
 * SWITCH (a case per op, each case keeping the variants in their order).
 * Only neighbours are grouped, so the first rule that matches still wins.
 * Where neighbours' next tests differ but both run the same test later, that
 * test moves ahead in both (a rule's tests are a conjunction: only a node's
 * op and operand count must come before the tests that read the node), so
 * it runs once for both rather than once per rule.
 * The tree is plain data so the printer (match.c) stays dull and checks can
 * walk it. */
#include "gen_internal.h"

/* A variant on its way down the tree: the tests it has still to run, in
 * the order it runs them. */
typedef struct Item {
  GenVariant *v;
  const GenTest *const *todo;
  uint32_t n;
} Item;

static const GenTest *item_test(const Item *it) { return it->n ? it->todo[0] : NULL; }

static Item item_advance(Item it) {
  if (it.n) {
    it.todo++;
    it.n--;
  }
  return it;
}

typedef struct Builder {
  Gen *g;
  RgsArena *a;
} Builder;

/* it with test t before the rest of its tests and todo[skip] left out
 * (skip == it.n: none); NULL when out of memory. */
static bool item_put_first(Builder *b, Item *it, const GenTest *t, uint32_t skip) {
  const GenTest **todo = rgs_arena_alloc(b->a, sizeof *todo * (it->n + 1));
  if (!todo) {
    b->g->ok = false;
    return false;
  }
  uint32_t m = 0;
  todo[m++] = t;
  for (uint32_t k = 0; k < it->n; k++)
    if (k != skip)
      todo[m++] = it->todo[k];
  it->todo = todo;
  it->n = m;
  return true;
}

static bool path_within(GenPath outer, GenPath p) {
  return outer.n <= p.n && memcmp(outer.i, p.i, outer.n) == 0;
}

/* The node whose operand p names: p without its last step (the root for
 * the root's own path, which a pattern does not test as an operand). */
static GenPath producer(GenPath p) {
  if (p.n)
    p.n--;
  return p;
}

/* The nodes a test reads: the node it names, or the producer whose operand
 * it names. */
static uint32_t nodes_read(const GenTest *t, GenPath out[2]) {
  GenPath p = t->path, o = t->other;
  switch (t->kind) {
  case GEN_T_COUNT:
  case GEN_T_ATTR_HAS:
  case GEN_T_ATTR_ABSENT:
  case GEN_T_ATTR_EQ: out[0] = p; return 1;
  case GEN_T_ATTR_VAR: out[0] = p, out[1] = o; return 2;
  case GEN_T_OP:
  case GEN_T_SPLAT:
  case GEN_T_SPLAT_EQ: out[0] = producer(p); return 1;
  case GEN_T_SAME: out[0] = producer(p), out[1] = producer(o); return 2;
  }
  return 0;
}

/* Whether t must run after u: u finds a node (its op, its operand count)
 * t reads or one above it, or u is the splat test of the splat t compares. */
static bool test_needs(const GenTest *t, const GenTest *u) {
  if (u->kind == GEN_T_SPLAT)
    return t->kind == GEN_T_SPLAT_EQ && gen_path_eq(t->path, u->path);
  if (u->kind != GEN_T_OP && u->kind != GEN_T_COUNT)
    return false;
  GenPath read[2];
  uint32_t n = nodes_read(t, read);
  for (uint32_t k = 0; k < n; k++)
    if (path_within(u->path, read[k]))
      return true;
  return false;
}

/* Where in it's tests one equal to t stands and may run first; it.n when
 * none does. */
static uint32_t find_movable(const Item *it, const GenTest *t) {
  for (uint32_t k = 0; k < it->n; k++) {
    if (test_needs(t, it->todo[k]))
      return it->n;
    if (gen_test_eq(it->todo[k], t))
      return k;
  }
  return it->n;
}

/* Whether a variant whose next test is u joins the node that tests t. */
static bool groups_with(const GenTest *t, const GenTest *u) {
  if (!t || !u)
    return false;
  if (t->kind == GEN_T_OP)
    return u->kind == GEN_T_OP && gen_path_eq(u->path, t->path);
  return gen_test_eq(u, t);
}

/* The test items[0] and items[1] may share now: items[0]'s next test where
 * items[1] runs it now or may run it first, else the first test of
 * items[0] both may run first; NULL when there is none. */
static const GenTest *shared_test(const Item *items) {
  const GenTest *t = item_test(&items[0]);
  if (groups_with(t, item_test(&items[1])) || find_movable(&items[1], t) < items[1].n)
    return t;
  for (uint32_t j = 1; j < items[0].n; j++) {
    t = items[0].todo[j];
    if (find_movable(&items[0], t) == j && find_movable(&items[1], t) < items[1].n)
      return t;
  }
  return NULL;
}

/* Moves the test items[0] shares with its neighbour to the front of it and
 * of each item after it that may run it first, up to the first that may
 * not. */
static void gather_run(Builder *b, Item *items, uint32_t n) {
  const GenTest *t = n > 1 && item_test(&items[0]) ? shared_test(items) : NULL;
  for (uint32_t i = 0; t && i < n; i++) {
    if (groups_with(t, item_test(&items[i])))
      continue;
    uint32_t k = find_movable(&items[i], t);
    if (k == items[i].n || !item_put_first(b, &items[i], items[i].todo[k], k))
      return;
  }
}

static bool has_op(const GenTest *t, uint16_t op) {
  for (uint32_t i = 0; i < t->nops; i++)
    if (t->ops[i] == op)
      return true;
  return false;
}

static GenDtSeq build_seq(Builder *b, Item *items, uint32_t n);

static GenDtNode *new_node(Builder *b, GenDtKind kind, const Item *items, uint32_t run) {
  GenDtNode *d = rgs_arena_zalloc(b->a, sizeof *d);
  if (d && run) {
    d->run = rgs_arena_alloc(b->a, sizeof *d->run * run);
    if (d->run)
      for (uint32_t i = 0; i < run; i++)
        d->run[d->nrun++] = items[i].v;
  }
  if (!d || (run && !d->run)) {
    b->g->ok = false;
    return NULL;
  }
  d->kind = kind;
  return d;
}

/* Body of the run after each item passed its current test. */
static GenDtSeq advance_all(Builder *b, const Item *items, uint32_t run) {
  Item *sub = rgs_arena_alloc(b->a, sizeof *sub * run);
  if (!sub) {
    b->g->ok = false;
    return (GenDtSeq){NULL, 0};
  }
  for (uint32_t k = 0; k < run; k++)
    sub[k] = item_advance(items[k]);
  return build_seq(b, sub, run);
}

static GenDtNode *build_switch(Builder *b, Item *items, uint32_t run) {
  GenDtNode *d = new_node(b, GEN_DT_SWITCH, items, run);
  if (!d)
    return NULL;
  d->test = item_test(&items[0]);
  d->run_tests = rgs_arena_alloc(b->a, sizeof *d->run_tests * run);
  uint32_t max = 0;
  for (uint32_t i = 0; i < run && d->run_tests; i++) {
    const GenTest *t = item_test(&items[i]);
    d->run_tests[i] = t;
    for (uint32_t k = 0; k < t->nops; k++)
      max = t->ops[k] > max ? t->ops[k] : max;
  }
  d->cases = rgs_arena_alloc(b->a, sizeof *d->cases * (max + 1));
  Item *sub = rgs_arena_alloc(b->a, sizeof *sub * run);
  if (!d->run_tests || !d->cases || !sub) {
    b->g->ok = false;
    return NULL;
  }
  for (uint32_t op = 0; op <= max; op++) {
    uint32_t ns = 0;
    for (uint32_t i = 0; i < run; i++) {
      const GenTest *t = d->run_tests[i];
      if (!has_op(t, (uint16_t)op))
        continue;
      /* Past the op, the operand count is still to be tested: as its own
       * test, so rules with the same count share it. */
      GenTest *count = rgs_arena_zalloc(b->a, sizeof *count);
      if (!count) {
        b->g->ok = false;
        return NULL;
      }
      count->kind = GEN_T_COUNT;
      count->path = t->path;
      count->nargs = t->nargs;
      count->rest = t->rest;
      sub[ns] = items[i];
      if (!item_put_first(b, &sub[ns], count, 0))
        return NULL;
      ns++;
    }
    if (ns)
      d->cases[d->ncases++] = (GenDtCase){(uint16_t)op, build_seq(b, sub, ns)};
  }
  return d;
}

static GenDtSeq build_seq(Builder *b, Item *items, uint32_t n) {
  GenDtSeq s = {NULL, 0};
  s.v = rgs_arena_alloc(b->a, sizeof *s.v * (n ? n : 1));
  if (!s.v) {
    b->g->ok = false;
    return s;
  }
  uint32_t i = 0;
  while (i < n && b->g->ok) {
    gather_run(b, items + i, n - i);
    const GenTest *t = item_test(&items[i]);
    GenDtNode *d;
    uint32_t run = 1;
    while (t && i + run < n && groups_with(t, item_test(&items[i + run])))
      run++;
    if (!t) {
      d = new_node(b, GEN_DT_ACCEPT, NULL, 0);
      if (d)
        d->variant = items[i].v;
    } else if (t->kind == GEN_T_OP) {
      uint32_t same = 1;
      while (same < run && gen_test_eq(item_test(&items[i + same]), t))
        same++;
      if (same == run) { /* one op set: a test, not a switch */
        d = new_node(b, GEN_DT_OP, items + i, run);
        if (d) {
          d->test = t;
          d->body = advance_all(b, items + i, run);
        }
      } else {
        d = build_switch(b, items + i, run);
      }
    } else {
      d = new_node(b, GEN_DT_TEST, items + i, run);
      if (d) {
        d->test = t;
        d->body = advance_all(b, items + i, run);
      }
    }
    if (!d)
      break;
    s.v[s.n++] = d;
    i += run;
  }
  return s;
}

static bool roots_at(const GenPass *gp, const GenRule *r, uint16_t op) {
  const DslPattern *pt = r->rule->pattern;
  for (uint32_t k = 0; k < pt->nops; k++)
    if (gen_local_index(gp, pt->ops[k]) == (int)op)
      return true;
  return false;
}

static bool variant_item(Builder *b, GenVariant *v, Item *it) {
  const GenTest **todo = rgs_arena_alloc(b->a, sizeof *todo * (v->ntests ? v->ntests : 1));
  if (!todo)
    return b->g->ok = false;
  for (uint32_t k = 0; k < v->ntests; k++)
    todo[k] = &v->tests[k];
  *it = (Item){v, todo, v->ntests};
  return true;
}

GenDtSeq gen_tree_build(Gen *g, GenPass *gp, uint16_t root_op) {
  Builder b = {g, &g->arena};
  uint32_t n = 0;
  for (uint32_t i = 0; i < gp->nrules; i++)
    n += roots_at(gp, &gp->rules[i], root_op) ? gp->rules[i].nvariants : 0;
  Item *items = rgs_arena_alloc(&g->arena, sizeof *items * (n ? n : 1));
  if (!items) {
    g->ok = false;
    return (GenDtSeq){NULL, 0};
  }
  uint32_t m = 0;
  for (uint32_t i = 0; i < gp->nrules; i++)
    if (roots_at(gp, &gp->rules[i], root_op))
      for (uint32_t k = 0; k < gp->rules[i].nvariants; k++)
        if (!variant_item(&b, &gp->rules[i].variants[k], &items[m++]))
          return (GenDtSeq){NULL, 0};
  return build_seq(&b, items, m);
}
