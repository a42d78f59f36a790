/* gen/tree.c - phase 2: rule IR -> one decision tree per root op. Takes the
 * variants of the rules rooted at an op, in priority order; gives a tree of
 * GenDtNode: consecutive variants whose next test is the same share one TEST
 * node, consecutive variants that test the op of the same operand share one
 * SWITCH (a case per op, each case keeping the variants in their order).
 * Only neighbours are grouped, so the first rule that matches still wins.
 * The tree is plain data so the printer (match.c) stays dull and checks can
 * walk it. */
#include "gen_internal.h"

typedef struct Item {
  GenVariant *v;
  uint32_t next;        /* next test of v */
  const GenTest *front; /* a residual test to run before tests[next] */
} Item;

static const GenTest *item_test(const Item *it) {
  if (it->front)
    return it->front;
  return it->next < it->v->ntests ? &it->v->tests[it->next] : NULL;
}

static Item item_advance(Item it) {
  if (it.front)
    it.front = NULL;
  else
    it.next++;
  return it;
}

static bool has_op(const GenTest *t, uint16_t op) {
  for (uint32_t i = 0; i < t->nops; i++)
    if (t->ops[i] == op)
      return true;
  return false;
}

typedef struct Builder {
  Gen *g;
  RgsArena *a;
} Builder;

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
      sub[ns] = item_advance(items[i]);
      sub[ns].front = count;
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
    const GenTest *t = item_test(&items[i]);
    GenDtNode *d;
    uint32_t run = 1;
    if (!t) {
      d = new_node(b, GEN_DT_ACCEPT, NULL, 0);
      if (d)
        d->variant = items[i].v;
    } else if (t->kind == GEN_T_OP) {
      while (i + run < n) {
        const GenTest *u = item_test(&items[i + run]);
        if (!u || u->kind != GEN_T_OP || !gen_path_eq(u->path, t->path))
          break;
        run++;
      }
      if (run == 1) {
        d = new_node(b, GEN_DT_OP, items + i, 1);
        if (d) {
          d->test = t;
          d->body = advance_all(b, items + i, 1);
        }
      } else {
        d = build_switch(b, items + i, run);
      }
    } else {
      while (i + run < n) {
        const GenTest *u = item_test(&items[i + run]);
        if (!u || !gen_test_eq(u, t))
          break;
        run++;
      }
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
        items[m++] = (Item){&gp->rules[i].variants[k], 0, NULL};
  return build_seq(&b, items, m);
}
