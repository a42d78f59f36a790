/* backends/tosa/tosa_layout.c - the externs of rules/layout.rules: the
 * layout plan of a function (runtime/pass/layout.c), made once per run of
 * the pass, says which ops move to another layout and by which
 * permutation. A plan is applied only by a run that visits every op it
 * moves: a run seeded from a few nodes (a re-run of the pass manager)
 * would apply part of it, which can cost more than it saves. */
#include <string.h>
#include "rules/builtin.h"

typedef struct FuncPlan {
  const RgNode *func;
  RgLayoutPlan *plan;
  bool valid;
} FuncPlan;

typedef struct Plans {
  FuncPlan *v;
  uint32_t n, cap;
} Plans;

static const char plans_key; /* its address names the state */

static void plans_release(void *p) {
  Plans *ps = p;
  for (uint32_t i = 0; i < ps->n; i++)
    rg_layout_plan_free(ps->v[i].plan);
  rg_free(ps->v);
  rg_free(ps);
}

/* Whether every op the plan moves is n itself or still on the worklist. */
static bool all_queued(const RgLayoutPlan *pl, const RgNode *n) {
  uint32_t k = rg_layout_plan_moved(pl, NULL, 0);
  RgNode **moved = k ? rg_alloc(sizeof *moved * k) : NULL;
  if (k && !moved)
    return false;
  rg_layout_plan_moved(pl, moved, k);
  bool ok = true;
  for (uint32_t i = 0; i < k && ok; i++)
    ok = moved[i] == n || (moved[i]->flags & RG_NODE_QUEUED);
  rg_free(moved);
  return ok;
}

static FuncPlan *plan_of(RgRewriter *rw, const RgNode *n) {
  const RgNode *func = n && n->block && n->block->region ? n->block->region->parent : NULL;
  if (!func)
    return NULL;
  Plans *ps = rg_rw_state(rw, &plans_key);
  if (!ps) {
    ps = rg_alloc(sizeof *ps);
    if (!ps)
      return NULL;
    memset(ps, 0, sizeof *ps);
    if (!rg_rw_set_state(rw, &plans_key, ps, plans_release))
      return NULL;
  }
  for (uint32_t i = 0; i < ps->n; i++)
    if (ps->v[i].func == func)
      return &ps->v[i];
  if (ps->n == ps->cap) {
    uint32_t cap = ps->cap ? 2 * ps->cap : 4;
    FuncPlan *v = rg_realloc(ps->v, sizeof *v * cap);
    if (!v)
      return NULL;
    ps->v = v;
    ps->cap = cap;
  }
  FuncPlan *fp = &ps->v[ps->n];
  if (rg_layout_plan(rg_rw_graph(rw), (RgNode *)func, &fp->plan) != RG_OK)
    return NULL;
  fp->func = func;
  fp->valid = all_queued(fp->plan, n);
  ps->n++;
  return fp;
}

bool tosa_layout_moves(RgRewriter *rw, RgValue *r) {
  const RgNode *n = rg_value_def(r);
  FuncPlan *fp = plan_of(rw, n);
  return fp && fp->valid && rg_layout_plan_moves(fp->plan, n);
}

bool tosa_layout_perm(RgRewriter *rw, RgValue *r, RgInts *out) {
  const RgNode *n = rg_value_def(r);
  FuncPlan *fp = plan_of(rw, n);
  return fp && fp->valid && rg_layout_plan_perm(fp->plan, n, out);
}
