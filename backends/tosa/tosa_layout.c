/* backends/tosa/tosa_layout.c - the externs of rules/layout.rules: the
 * layout plan of a function (runtime/pass/layout.c), made once per run of
 * the pass, says which ops move to another layout and by which
 * permutation. A plan is applied only by a full run of the pass: a re-run
 * of the pass manager, seeded from a few nodes, would apply part of it
 * (which can cost more than it saves), and applying it once per pipeline
 * run keeps the sinking rules and the plan from undoing each other. */
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
  RgOpDesc *ops; /* the ops the plan may use: the pass's own and tosa.const */
  uint32_t num_ops;
} Plans;

static const char plans_key; /* its address names the state */

static void plans_release(void *p) {
  Plans *ps = p;
  for (uint32_t i = 0; i < ps->n; i++)
    rg_layout_plan_free(ps->v[i].plan);
  rg_free(ps->v);
  rg_free(ps->ops);
  rg_free(ps);
}

/* The registry the plan reads: the ops this pass names, so that every op
 * the plan moves is one its rules rewrite, and the constants, which a
 * moved op's operands may be (they take any layout for free when they
 * have one reader, fuse_transposes.fold_const). */
static bool pass_ops(const RgPassDesc *p, Plans *ps) {
  ps->ops = rg_alloc(sizeof *ps->ops * ((size_t)p->num_ops + 1));
  if (!ps->ops)
    return false;
  for (uint16_t k = 0; k < p->num_ops; k++)
    if (p->op_descs && p->op_descs[k])
      ps->ops[ps->num_ops++] = *p->op_descs[k];
  for (uint32_t i = 0; i < rg_num_ops_builtin; i++)
    if (strcmp(rg_ops_builtin[i].name, "tosa.const") == 0)
      ps->ops[ps->num_ops++] = rg_ops_builtin[i];
  return true;
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
    if (!rg_rw_set_state(rw, &plans_key, ps, plans_release) || !pass_ops(rg_rw_pass(rw), ps))
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
  if (rg_layout_plan(rg_rw_graph(rw), (RgNode *)func, ps->ops, ps->num_ops, &fp->plan) != RG_OK)
    return NULL;
  fp->func = func;
  fp->valid = !rg_rw_seeded(rw);
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
