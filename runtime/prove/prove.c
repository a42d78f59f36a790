/* runtime/prove/prove.c - translation validation of each rewrite as it
 * fires: before the graph changes, the operands of the nodes around the
 * root are kept (erasing drops them); after, the replaced value and its
 * replacement are encoded at one symbolic index and Z3 looks for inputs
 * and an index where the old value is defined and the new one differs or
 * is undefined. None: proven; one: a counterexample; neither within the
 * resource limit (Z3's rlimit, the same on every machine): unknown. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "prove/prove_internal.h"

enum { SNAP_DEPTH = 8, SNAP_NODES = 256, QUERIES_PER_CONTEXT = 256, CONCRETE_MAX_ELEMS = 1 << 16 };

typedef struct Pending {
  RgNode *root;
  const RgPassDesc *pass;
  uint16_t rule;
  RgNode *user[4];  /* one use of each replaced result: where the new value lands */
  uint32_t slot[4];
  double t0;
} Pending;

struct RgProver {
  Z3_config cfg;
  Z3_context z;
  uint32_t queries; /* on this context */
  RgSmt smt;
  const RgOpDesc *regs[16];
  uint32_t counts[16], nregs;
  uint64_t rlimit;
  RgGraph *g;
  uint32_t new_from;
  Pending pend;
  RgProofResult *res;
  uint32_t nres, cap_res;
  RgsArena strs;
  RgRunOptions prev; /* the observers taken over */
};

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void z3_error(Z3_context z, Z3_error_code e) { (void)z, (void)e; } /* read back after each query */

static void context_new(RgProver *p) {
  p->z = Z3_mk_context(p->cfg);
  Z3_set_error_handler(p->z, z3_error);
  p->queries = 0;
  RgSmt keep = p->smt;
  prove_smt_init(&p->smt, p->z, p->g);
  p->smt.regs = p->regs;
  p->smt.reg_counts = p->counts;
  p->smt.nregs = p->nregs;
  p->smt.snap = keep.snap, p->smt.cap_snap = keep.cap_snap;
  p->smt.leaves = keep.leaves, p->smt.cap_leaves = keep.cap_leaves;
  p->smt.lins = keep.lins, p->smt.cap_lins = keep.cap_lins;
  p->smt.dense = keep.dense, p->smt.cap_dense = keep.cap_dense;
  p->smt.reqs = keep.reqs, p->smt.cap_reqs = keep.cap_reqs;
}

RgProver *rg_prover_new(const RgOpDesc *ops, uint32_t n, uint64_t rlimit) {
  RgProver *p = rgs_zalloc(sizeof *p);
  if (!p)
    return NULL;
  rgs_arena_init(&p->strs);
  p->rlimit = rlimit ? rlimit : RG_PROVE_RLIMIT_DEFAULT;
  p->cfg = Z3_mk_config();
  Z3_set_param_value(p->cfg, "model", "true");
  context_new(p);
  if (ops)
    rg_prover_add_ops(p, ops, n);
  return p;
}

RgStatus rg_prover_add_ops(RgProver *p, const RgOpDesc *ops, uint32_t n) {
  if (p->nregs == 16)
    return RG_ERR_INVALID;
  p->regs[p->nregs] = ops;
  p->counts[p->nregs++] = n;
  p->smt.nregs = p->nregs;
  return RG_OK;
}

void rg_prover_free(RgProver *p) {
  if (!p)
    return;
  prove_smt_free(&p->smt);
  Z3_del_context(p->z);
  Z3_del_config(p->cfg);
  rg_free(p->res);
  rgs_arena_free(&p->strs);
  rg_free(p);
}

uint32_t rg_prover_num_results(const RgProver *p) { return p->nres; }
const RgProofResult *rg_prover_result(const RgProver *p, uint32_t i) {
  return i < p->nres ? &p->res[i] : NULL;
}

static const char *keep_str(RgProver *p, const char *s) {
  return s ? rgs_arena_strdup(&p->strs, s, strlen(s)) : NULL;
}

static void add_result(RgProver *p, RgProofStatus st, const char *why, const char *inputs) {
  if (p->nres == p->cap_res) {
    uint32_t c = p->cap_res ? p->cap_res * 2 : 64;
    RgProofResult *v = rg_realloc(p->res, sizeof *v * c);
    if (!v)
      return;
    p->res = v;
    p->cap_res = c;
  }
  RgProofResult *r = &p->res[p->nres++];
  r->pass = p->pend.pass->name;
  r->rule = p->pend.pass->rules[p->pend.rule].name;
  r->node = p->pend.root->id;
  r->status = st;
  r->reason = keep_str(p, why);
  r->inputs = keep_str(p, inputs);
  r->seconds = now() - p->pend.t0;
}

/* ---- before the rewrite: keep what erasing drops ---- */

static void snap_cone(RgProver *p, RgNode *root) {
  RgNode *q[SNAP_NODES];
  uint32_t depth[SNAP_NODES], head = 0, tail = 0;
  q[tail] = root, depth[tail++] = 0;
  prove_smt_snap(&p->smt, root, 0);
  while (head < tail) {
    RgNode *n = q[head];
    uint32_t d = depth[head++];
    for (uint32_t k = 0; d < SNAP_DEPTH && k < n->num_operands; k++) {
      RgNode *def = n->operands[k].value ? rg_value_def(n->operands[k].value) : NULL;
      if (!def || prove_smt_in_snap(&p->smt, def) || tail == SNAP_NODES)
        continue;
      prove_smt_snap(&p->smt, def, d + 1);
      q[tail] = def, depth[tail++] = d + 1;
    }
  }
}

static void before(RgProver *p, RgNode *root, const RgPassDesc *pass, uint16_t rule) {
  prove_smt_reset(&p->smt);
  memset(&p->pend, 0, sizeof p->pend);
  p->pend.root = root;
  p->pend.pass = pass;
  p->pend.rule = rule;
  p->pend.t0 = now();
  for (uint32_t r = 0; r < root->num_results && r < 4; r++)
    if (root->results[r].uses) {
      p->pend.user[r] = root->results[r].uses->user;
      p->pend.slot[r] = (uint32_t)(root->results[r].uses - root->results[r].uses->user->operands);
    }
  snap_cone(p, root);
}

/* ---- after: the query ---- */

static Z3_ast index_vars(RgProver *p, const RgType *t, Z3_ast *idx) {
  Z3_context z = p->z;
  Z3_ast bounds[8];
  uint32_t nb = 0;
  for (int32_t d = 0; d < t->rank; d++) {
    if (t->dims[d] == 1) {
      idx[d] = rg_smt_index(&p->smt, 0);
      continue;
    }
    char name[16];
    snprintf(name, sizeof name, "i%d", (int)d);
    idx[d] = Z3_mk_const(z, Z3_mk_string_symbol(z, name), Z3_mk_bv_sort(z, p->smt.ibits));
    bounds[nb++] = Z3_mk_bvult(z, idx[d], rg_smt_index(&p->smt, t->dims[d]));
  }
  return nb ? Z3_mk_and(z, nb, bounds) : Z3_mk_true(z);
}

/* A value computed from constants alone, compared with its replacement
 * element by element (numeral indices read constants directly, so this
 * costs no solver call): what a fold made is checked, not trusted. */
static bool compare_concrete(RgProver *p, const RgValue *old, const RgValue *nv, ProveOutcome *out) {
  const RgType *t = old->type;
  int64_t n = rg_type_numel(t);
  if (n > CONCRETE_MAX_ELEMS)
    return false;
  Z3_context z = p->z;
  for (int64_t i = 0; i < n; i++) {
    Z3_ast idx[8];
    rg_smt_delinear(&p->smt, rg_smt_index(&p->smt, i), t->dims, t->rank, idx);
    Z3_ast a = prove_smt_value(&p->smt, old, idx), da = prove_smt_take_reqs(&p->smt);
    Z3_ast b = a ? prove_smt_value(&p->smt, nv, idx) : NULL, db = prove_smt_take_reqs(&p->smt);
    if (!a || !b || p->smt.nleaves)
      return false;
    a = Z3_simplify(z, a), b = Z3_simplify(z, b), da = Z3_simplify(z, da), db = Z3_simplify(z, db);
    if (Z3_is_eq_ast(z, da, Z3_mk_false(z)) || (Z3_is_eq_ast(z, a, b) && Z3_is_eq_ast(z, db, Z3_mk_true(z))))
      continue;
    bool nums = Z3_is_numeral_ast(z, a) && Z3_is_numeral_ast(z, b);
    out->st = nums ? RG_PROOF_REFUTED : RG_PROOF_UNKNOWN;
    char sa[160]; /* Z3_ast_to_string reuses one buffer */
    snprintf(sa, sizeof sa, "%s", Z3_ast_to_string(z, a));
    snprintf(out->why, sizeof out->why, "%s %s at element %lld of the constant (%s before, %.160s after)",
             nums ? "a fold differs:" : "values with no exact meaning (free functions) under",
             rg_op_name(p->g, rg_value_def(old)->op), (long long)i, sa,
             Z3_ast_to_string(z, b));
    out->why[sizeof out->why - 1] = 0;
    return true;
  }
  out->st = RG_PROOF_PROVEN;
  return true;
}

/* 1: proven, 0: settled otherwise (a result was added), -1: no value to compare */
static int prove_result(RgProver *p, uint32_t r) {
  RgNode *root = p->pend.root;
  if (r >= 4 || !p->pend.user[r])
    return -1;
  const RgValue *old = &root->results[r];
  const RgValue *nv = p->pend.user[r]->operands[p->pend.slot[r]].value;
  const RgType *t = old->type;
  if (!rg_type_is_tensor(t) || rg_type_numel(t) < 0 || t->rank > 8) {
    add_result(p, RG_PROOF_UNKNOWN, "the replaced value is not a static tensor", NULL);
    return 0;
  }
  ProveOutcome out;
  static const uint32_t widen_steps[] = {0, 2, 5, SNAP_DEPTH};
  for (uint32_t step = 0;; step++) {
    uint32_t widen = widen_steps[step];
    /* a counterexample over untouched intermediate values may be one the
     * graph cannot produce: again with their producers expanded */
    p->smt.widen = widen;
    p->smt.nleaves = 0;
    ProveQuery q = {.t = t, .rlimit = p->rlimit};
    q.bounds = index_vars(p, t, q.idx);
    q.a = prove_smt_value(&p->smt, old, q.idx);
    q.def_a = prove_smt_take_reqs(&p->smt);
    q.b = q.a ? prove_smt_value(&p->smt, nv, q.idx) : NULL;
    q.def_b = prove_smt_take_reqs(&p->smt);
    q.facts = prove_smt_take_facts(&p->smt);
    if ((!q.a || !q.b) && widen) { /* the last answer stands */
      p->smt.failed = false;
      break;
    }
    if (!q.a || !q.b) {
      add_result(p, RG_PROOF_UNKNOWN, p->smt.why[0] ? p->smt.why : "no encoding", NULL);
      return 0;
    }
    prove_solve(&p->smt, &q, &out);
    if (!out.inner || widen == SNAP_DEPTH)
      break;
    rg_free(out.inputs);
    out.inputs = NULL;
  }
  if (out.st != RG_PROOF_PROVEN && !p->smt.nleaves && !p->smt.failed) {
    rg_free(out.inputs);
    out.inputs = NULL;
    compare_concrete(p, old, nv, &out);
  }
  if (out.st != RG_PROOF_PROVEN)
    add_result(p, out.st, out.why, out.inputs);
  rg_free(out.inputs);
  return out.st == RG_PROOF_PROVEN;
}

static void after(RgProver *p, RgNode *const *nodes, uint32_t n) {
  if (!p->pend.root)
    return;
  int proven = 0, done = 0;
  if (p->pend.root->num_results > 4) {
    add_result(p, RG_PROOF_UNKNOWN, "a root of more than 4 results", NULL);
    done = 1;
  }
  for (uint32_t r = 0; r < p->pend.root->num_results && !done; r++) {
    int k = prove_result(p, r);
    if (k == 1)
      proven++;
    else if (k == 0)
      done = 1;
  }
  if (!done)
    add_result(p, RG_PROOF_PROVEN, proven ? NULL : "no value replaced (the op had no uses)", NULL);
  for (uint32_t i = 0; i < n; i++)
    if (nodes[i]->id >= p->new_from)
      p->new_from = nodes[i]->id + 1;
  p->smt.new_from = p->new_from;
  p->pend.root = NULL;
  if (++p->queries >= QUERIES_PER_CONTEXT) {
    Z3_del_context(p->z);
    context_new(p);
    p->smt.new_from = p->new_from;
  }
}

static void on_rewrite(void *user, const RgRewriteEvent *ev) {
  RgProver *p = user;
  if (!ev->after && ev->num_nodes == 1)
    before(p, ev->nodes[0], ev->pass, ev->rule);
  else if (ev->after)
    after(p, ev->nodes, ev->num_nodes);
  if (p->prev.on_rewrite)
    p->prev.on_rewrite(p->prev.observe_user, ev);
}

static void after_pass(void *user, RgGraph *g, uint32_t index, const RgPassDesc *pass, const RgPassStats *st) {
  RgProver *p = user;
  if (p->prev.after_pass)
    p->prev.after_pass(p->prev.observe_user, g, index, pass, st);
}

static bool max_id(RgNode *n, void *user) {
  uint32_t *m = user;
  if (n->id >= *m)
    *m = n->id + 1;
  return true;
}

void rg_prover_attach(RgProver *p, RgGraph *g, RgRunOptions *o) {
  p->g = g;
  p->smt.g = g;
  p->new_from = 0;
  rg_graph_walk(g, max_id, &p->new_from);
  p->smt.new_from = p->new_from;
  p->prev = *o;
  o->on_rewrite = on_rewrite;
  o->after_pass = after_pass;
  o->observe_user = p;
}
