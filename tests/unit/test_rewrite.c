/* Unit tests for the rewrite driver and pass manager, using passes written
 * by hand in the shape rulegen generates: target-op conditions with counts,
 * nested regions, frozen nodes, --no-skip equivalence, budget and type
 * errors. */
#include <stdlib.h>
#include "rulegen/pass.h"
#include "support/support.h"
#include "check.h"
#include "failing_alloc.h"

enum { OP_NEG, OP_SRC, OP_X, OP_Y, OP_WIDE, OP_UNTYPED, NUM_OPS };
static const char *const op_names[NUM_OPS] = {"a.neg", "a.src", "a.x", "a.y", "a.wide", "a.untyped"};

static RgStatus same_type(RgGraph *g, const RgNode *n, const RgType **r, char *e, size_t l) {
  (void)g, (void)e, (void)l;
  r[0] = n->operands[0].value->type;
  return RG_OK;
}
static RgStatus wide_type(RgGraph *g, const RgNode *n, const RgType **r, char *e, size_t l) {
  (void)n, (void)e, (void)l;
  int64_t d[1] = {99};
  r[0] = rg_type_tensor(g, RG_DT_I32, 1, d);
  return RG_OK;
}
static const RgOpDesc neg_d = {"a.neg", 1, false, 1, RG_TRAIT_UNARY | RG_TRAIT_PURE, same_type, NULL, NULL, 0, NULL, NULL};
static const RgOpDesc x_d = {"a.x", 1, false, 1, 0, same_type, NULL, NULL, 0, NULL, NULL};
static const RgOpDesc y_d = {"a.y", 1, false, 1, 0, same_type, NULL, NULL, 0, NULL, NULL};
static const RgOpDesc wide_d = {"a.wide", 1, false, 1, 0, wide_type, NULL, NULL, 0, NULL, NULL};
static RgStatus no_type(RgGraph *g, const RgNode *n, const RgType **r, char *e, size_t l) {
  (void)g, (void)n, (void)r;
  snprintf(e, l, "dims left open");
  return RG_ERR_INVALID;
}
static const RgOpDesc untyped_d = {"a.untyped", 1, false, 1, 0, no_type, NULL, NULL, 0, NULL, NULL};
static const RgOpDesc *const op_descs[NUM_OPS] = {&neg_d, NULL, &x_d, &y_d, &wide_d, &untyped_d};

/* pass cancel { rule pair: (a.neg (a.neg x)) => x } : needs two a.neg */
static int match_cancel(RgRewriter *rw, RgNode *root, uint16_t root_op) {
  (void)root_op;
  RgNode *inner = rg_value_def(root->operands[0].value);
  if (!inner || inner->op != rg_rw_op(rw, OP_NEG) || rg_node_is_frozen(inner)) {
    if (rg_rw_explaining(rw, root))
      rg_rw_explain(rw, 0, "operand 0 is not an unfrozen a.neg");
    return 0;
  }
  if (!rg_rw_rule_enabled(rw, 0))
    return 0;
  RgValue *v[1] = {inner->operands[0].value};
  return rg_rw_replace(rw, root, v, 0) ? 1 : -1;
}
static const uint16_t cancel_roots[] = {OP_NEG};
static const uint16_t cancel_req_ops[] = {OP_NEG};
static const RgOpReq cancel_reqs[] = {{0, 1, 2}};
static const RgRuleDesc cancel_rules[] = {{"pair", "test.rules:1", 0, 1, false}};
static const RgPassDesc cancel_pass = {
    RG_ABI_VERSION, "cancel", "cancel negation pairs", RG_PASS_FIXPOINT, NUM_OPS, op_names,
    op_descs, 1, cancel_roots, 1, cancel_rules, cancel_req_ops, cancel_reqs, match_cancel, 0, NULL};

/* pass flip { rule xy: (a.x v) => (a.y v); rule yx: (a.y v) => (a.x v) } */
static int match_flip(RgRewriter *rw, RgNode *root, uint16_t root_op) {
  uint16_t rule = root_op == OP_X ? 0 : 1;
  RgValue *in = root->operands[0].value;
  RgNode *n = rg_rw_create(rw, root_op == OP_X ? OP_Y : OP_X, 1, &in, 0, NULL);
  if (!n)
    return -1;
  RgValue *v[1] = {&n->results[0]};
  return rg_rw_replace(rw, root, v, rule) ? 1 : -1;
}
static const uint16_t flip_roots[] = {OP_X, OP_Y};
static const uint16_t flip_req_ops[] = {OP_X, OP_Y};
static const RgOpReq flip_reqs[] = {{0, 1, 1}, {1, 1, 1}};
static const RgRuleDesc flip_rules[] = {{"xy", "test.rules:2", 0, 1, false}, {"yx", "test.rules:3", 1, 1, false}};
static const RgPassDesc flip_pass = {
    RG_ABI_VERSION, "flip", "never terminates", RG_PASS_FIXPOINT, NUM_OPS, op_names,
    op_descs, 2, flip_roots, 2, flip_rules, flip_req_ops, flip_reqs, match_flip, 0, NULL};

/* pass widen { rule bad: (a.src) => (a.wide x) } : a type error */
static int match_widen(RgRewriter *rw, RgNode *root, uint16_t root_op) {
  (void)root_op;
  if (root->num_operands == 0)
    return 0;
  RgValue *in = root->operands[0].value;
  RgNode *n = rg_rw_create(rw, OP_WIDE, 1, &in, 0, NULL);
  if (!n)
    return -1;
  RgValue *v[1] = {&n->results[0]};
  return rg_rw_replace(rw, root, v, 0) ? 1 : -1;
}
static const uint16_t widen_roots[] = {OP_NEG};
static const RgRuleDesc widen_rules[] = {{"bad", "test.rules:4", 0, 1, false}};
static const RgOpReq widen_reqs[] = {{0, 1, 1}};
static const RgPassDesc widen_pass = {
    RG_ABI_VERSION, "widen", "", RG_PASS_FIXPOINT, NUM_OPS, op_names, op_descs,
    1, widen_roots, 1, widen_rules, cancel_req_ops, widen_reqs, match_widen, 0, NULL};

/* pass sticky { rule bad: (a.neg v) => (a.x (a.untyped v));
 *               rule good: (a.neg v) => (a.y v) }, as generated actions
 * build: the make after a failed one does nothing (it would read its NULL
 * operand), the apply refuses, and the next rule builds afresh. */
static int sticky_made;
static int match_sticky(RgRewriter *rw, RgNode *root, uint16_t root_op) {
  (void)root_op;
  RgValue *in = root->operands[0].value;
  RgValue *u = rg_rw_make(rw, OP_UNTYPED, 1, &in, 0, NULL);
  RgValue *x = rg_rw_make(rw, OP_X, 1, &u, 0, NULL);
  sticky_made += (u != NULL) + (x != NULL);
  int r = rg_rw_apply(rw, root, &x, 0);
  if (r != 0)
    return r;
  RgValue *y = rg_rw_make(rw, OP_Y, 1, &in, 0, NULL);
  sticky_made += y != NULL;
  return rg_rw_apply(rw, root, &y, 1);
}
static const RgRuleDesc sticky_rules[] = {{"bad", "test.rules:5", 0, 1, false}, {"good", "test.rules:6", 0, 1, false}};
static const RgOpReq sticky_reqs[] = {{0, 1, 1}, {1, 1, 1}};
static const uint16_t sticky_req_ops[] = {OP_NEG, OP_NEG};
static const RgPassDesc sticky_pass = {
    RG_ABI_VERSION, "sticky", "", RG_PASS_ONCE, NUM_OPS, op_names, op_descs,
    1, widen_roots, 2, sticky_rules, sticky_req_ops, sticky_reqs, match_sticky, 0, NULL};

/* pass lost { rule oom: (a.neg v) => (a.x (a.untyped v) {k = <out of memory>}) }:
 * an attribute the action could not make is an error even after a make
 * that failed. */
static int match_lost(RgRewriter *rw, RgNode *root, uint16_t root_op) {
  (void)root_op;
  RgValue *in = root->operands[0].value;
  RgValue *u = rg_rw_make(rw, OP_UNTYPED, 1, &in, 0, NULL);
  RgValue *x = rg_rw_make(rw, OP_X, 1, &u, 1, (const RgNamedAttr[]){{"k", NULL}});
  return rg_rw_apply(rw, root, &x, 0);
}
static const RgPassDesc lost_pass = {
    RG_ABI_VERSION, "lost", "", RG_PASS_ONCE, NUM_OPS, op_names, op_descs,
    1, widen_roots, 1, sticky_rules, sticky_req_ops, sticky_reqs, match_lost, 0, NULL};

typedef struct Chain {
  RgGraph *g;
  RgBlock *body;
  RgNode *func;
  RgNode *negs[16];
} Chain;

/* module { src; neg^k(src); ret } with the chain optionally inside a region. */
static void build_chain(Chain *c, int k, bool nested) {
  RgGraph *g = c->g = rg_graph_new();
  int64_t d[1] = {4};
  const RgType *t = rg_type_tensor(g, RG_DT_F32, 1, d);
  RgOpId ids[NUM_OPS];
  for (int i = 0; i < NUM_OPS; i++)
    ids[i] = rg_op_intern(g, op_names[i], strlen(op_names[i]));
  RgNode *mod = rg_node_create(g, &(RgNodeDesc){.op = rg_op_intern(g, "builtin.module", 14), .num_regions = 1});
  rg_block_append(g, rg_graph_body(g), mod);
  RgBlock *b = rg_region_add_block(g, &mod->regions[0]);
  RgNode *src = rg_node_create(g, &(RgNodeDesc){.op = ids[OP_SRC], .num_results = 1, .result_types = &t});
  rg_block_append(g, b, src);
  RgBlock *inner = b;
  if (nested) {
    RgValue *sv = &src->results[0];
    RgNode *region_op = rg_node_create(g, &(RgNodeDesc){rg_op_intern(g, "r.loop", 6), 1, &sv, 1, &t, 1});
    rg_block_append(g, b, region_op);
    inner = rg_region_add_block(g, &region_op->regions[0]);
  }
  RgValue *v = &src->results[0];
  for (int i = 0; i < k; i++) {
    RgNode *n = rg_node_create(g, &(RgNodeDesc){ids[OP_NEG], 1, &v, 1, &t, 0});
    rg_block_append(g, inner, n);
    c->negs[i] = n;
    v = &n->results[0];
  }
  RgNode *ret = rg_node_create(g, &(RgNodeDesc){rg_op_intern(g, "func.return", 11), 1, &v, 0, NULL, 0});
  rg_block_append(g, inner, ret);
  c->body = inner;
}

static void test_condition_counts(void) {
  Chain c;
  build_chain(&c, 1, false);
  CHECK(!rg_pass_should_run(c.g, &cancel_pass)); /* one a.neg is not enough */
  rg_graph_free(c.g);
  build_chain(&c, 2, false);
  CHECK(rg_pass_should_run(c.g, &cancel_pass));
  rg_node_set_frozen(c.g, c.negs[0], true);
  CHECK(!rg_pass_should_run(c.g, &cancel_pass)); /* frozen ones do not count */
  rg_graph_free(c.g);
  build_chain(&c, 2, true);
  CHECK(rg_pass_should_run(c.g, &cancel_pass)); /* only inside a region */
  rg_graph_free(c.g);
}

static void run_cancel(int k, bool nested, bool no_skip, uint64_t *visited, uint32_t *left) {
  Chain c;
  build_chain(&c, k, nested);
  RgRunOptions o;
  rg_run_options_init(&o);
  o.no_skip = no_skip;
  o.verify_each = true;
  RgRunStats st;
  char err[256] = "";
  const RgPassDesc *p[1] = {&cancel_pass};
  RgStatus s = rg_pipeline_run(c.g, &(RgPipelineDesc){NULL, 1, p}, &o, &st, err, sizeof err);
  CHECK(s == RG_OK);
  if (s != RG_OK)
    printf("  error: %s\n", err);
  *visited = st.passes[0].nodes_visited;
  *left = rg_op_total(c.g, rg_op_find(c.g, "a.neg", 5));
  CHECK(st.passes[0].rewrites == (uint32_t)(k / 2));
  CHECK(st.passes[0].rule_fires[0] == (uint32_t)(k / 2));
  rg_run_stats_free(&st);
  rg_graph_free(c.g);
}

static void test_cancel_runs(void) {
  uint64_t vis_skip, vis_all;
  uint32_t left;
  run_cancel(7, false, false, &vis_skip, &left);
  CHECK(left == 1);
  run_cancel(7, false, true, &vis_all, &left);
  CHECK(left == 1);
  CHECK(vis_all > vis_skip); /* no-skip also visits module, src, return */
  run_cancel(6, true, false, &vis_skip, &left);
  CHECK(left == 0);
}

/* The same pass with a.neg declared without `pure`, or not declared: the
 * replaced root goes, but its producer left without uses stays. */
static const RgOpDesc impure_neg_d = {"a.neg", 1, false, 1, RG_TRAIT_UNARY, same_type, NULL, NULL, 0, NULL, NULL};
static const RgOpDesc *const impure_descs[NUM_OPS] = {&impure_neg_d, NULL, &x_d, &y_d, &wide_d};
static const RgOpDesc *const unknown_descs[NUM_OPS] = {NULL, NULL, &x_d, &y_d, &wide_d};

static void test_only_pure_removed(void) {
  const RgOpDesc *const *descs[3] = {op_descs, impure_descs, unknown_descs};
  for (int i = 0; i < 3; i++) {
    RgPassDesc pass = cancel_pass;
    pass.op_descs = descs[i];
    Chain c;
    build_chain(&c, 2, false);
    RgRunStats st;
    char err[256] = "";
    const RgPassDesc *p[1] = {&pass};
    CHECK(rg_pipeline_run(c.g, &(RgPipelineDesc){NULL, 1, p}, NULL, &st, err, sizeof err) == RG_OK);
    CHECK(st.passes[0].rule_fires[0] == 1);
    uint32_t left = rg_op_total(c.g, rg_op_find(c.g, "a.neg", 5));
    CHECK(left == (i == 0 ? 0u : 1u));
    CHECK(rg_graph_verify(c.g, err, sizeof err) == RG_OK);
    rg_run_stats_free(&st);
    rg_graph_free(c.g);
  }
}

/* Running out of memory anywhere in a pipeline ends it with a message. */
static void test_pipeline_out_of_memory(void) {
  int failed = 0, ok = 0;
  for (long k = 0; k < 60; k++) {
    Chain c;
    build_chain(&c, 6, false);
    RgRunStats st;
    char err[256] = "";
    const RgPassDesc *p[1] = {&cancel_pass};
    rg_set_allocator(failing_alloc, NULL);
    alloc_budget = k;
    RgStatus s = rg_pipeline_run(c.g, &(RgPipelineDesc){NULL, 1, p}, NULL, &st, err, sizeof err);
    alloc_budget = -1;
    rg_set_allocator(NULL, NULL);
    if (s == RG_OK) {
      ok++;
    } else {
      failed++;
      CHECK(s == RG_ERR_NOMEM);
      CHECK(strstr(err, "out of memory") != NULL);
    }
    rg_run_stats_free(&st);
    rg_graph_free(c.g);
  }
  CHECK(failed > 0 && ok > 0);
}

static void test_skip_visits_nothing(void) {
  Chain c;
  build_chain(&c, 1, false);
  RgRunStats st;
  char err[128];
  const RgPassDesc *p[1] = {&cancel_pass};
  CHECK(rg_pipeline_run(c.g, &(RgPipelineDesc){NULL, 1, p}, NULL, &st, err, sizeof err) == RG_OK);
  CHECK(st.passes[0].skipped && !st.passes[0].ran && st.passes[0].nodes_visited == 0);
  rg_run_stats_free(&st);
  rg_graph_free(c.g);
}

/* Statistics and the message are optional: an embedder that only wants
 * the rewritten graph passes NULL for both. */
static void test_null_stats_and_err(void) {
  Chain c;
  build_chain(&c, 4, false);
  const RgPassDesc *p[1] = {&cancel_pass};
  CHECK(rg_pipeline_run(c.g, &(RgPipelineDesc){NULL, 1, p}, NULL, NULL, NULL, 0) == RG_OK);
  CHECK(rg_op_total(c.g, rg_op_find(c.g, "a.neg", 5)) == 0);
  rg_graph_free(c.g);
  build_chain(&c, 1, false);
  rg_node_set_op(c.g, c.negs[0], rg_op_find(c.g, "a.x", 3));
  const RgPassDesc *f[1] = {&flip_pass};
  CHECK(rg_pipeline_run(c.g, &(RgPipelineDesc){NULL, 1, f}, NULL, NULL, NULL, 0) == RG_ERR_BUDGET);
  rg_graph_free(c.g);
}

static void test_frozen_never_rewritten(void) {
  Chain c;
  build_chain(&c, 4, false);
  rg_node_set_frozen(c.g, c.negs[1], true);
  RgRunStats st;
  char err[128];
  const RgPassDesc *p[1] = {&cancel_pass};
  CHECK(rg_pipeline_run(c.g, &(RgPipelineDesc){NULL, 1, p}, NULL, &st, err, sizeof err) == RG_OK);
  /* neg0 stays (its user neg1 is frozen), neg1 stays, neg2/neg3 cancel. */
  CHECK(rg_op_total(c.g, rg_op_find(c.g, "a.neg", 5)) == 2);
  CHECK(!(c.negs[1]->flags & RG_NODE_ERASED));
  rg_run_stats_free(&st);
  rg_graph_free(c.g);
}

static void test_budget(void) {
  Chain c;
  build_chain(&c, 1, false);
  RgOpId x = rg_op_find(c.g, "a.x", 3);
  rg_node_set_op(c.g, c.negs[0], x);
  RgRunStats st;
  char err[512] = "";
  const RgPassDesc *p[1] = {&flip_pass};
  CHECK(rg_pipeline_run(c.g, &(RgPipelineDesc){NULL, 1, p}, NULL, &st, err, sizeof err) == RG_ERR_BUDGET);
  CHECK(strstr(err, "xy (test.rules:2)") && strstr(err, "yx (test.rules:3)"));
  char msg[256];
  CHECK(rg_graph_verify(c.g, msg, sizeof msg) == RG_OK);
  rg_run_stats_free(&st);
  rg_graph_free(c.g);
}

static void test_type_error(void) {
  Chain c;
  build_chain(&c, 1, false);
  RgRunStats st;
  char err[512] = "";
  const RgPassDesc *p[1] = {&widen_pass};
  CHECK(rg_pipeline_run(c.g, &(RgPipelineDesc){NULL, 1, p}, NULL, &st, err, sizeof err) == RG_ERR_TYPE);
  CHECK(strstr(err, "rule 'bad'") && strstr(err, "tensor<99xi32>") && strstr(err, "tensor<4xf32>"));
  rg_run_stats_free(&st);
  rg_graph_free(c.g);
}

static void test_make_after_failed_make(void) {
  Chain c;
  build_chain(&c, 1, false);
  RgRunStats st;
  char err[256] = "";
  const RgPassDesc *p[1] = {&sticky_pass};
  CHECK(rg_pipeline_run(c.g, &(RgPipelineDesc){NULL, 1, p}, NULL, &st, err, sizeof err) == RG_OK);
  CHECK(sticky_made == 1); /* only a.y */
  CHECK(st.passes[0].rule_refusals[0] == 1 && st.passes[0].rule_fires[0] == 0);
  CHECK(st.passes[0].num_refused == 1 && strstr(st.passes[0].refused[0].why, "dims left open"));
  CHECK(st.passes[0].rule_fires[1] == 1 && st.passes[0].rewrites == 1);
  char msg[256];
  CHECK(rg_graph_verify(c.g, msg, sizeof msg) == RG_OK);
  rg_run_stats_free(&st);
  rg_graph_free(c.g);
  build_chain(&c, 1, false);
  p[0] = &lost_pass;
  CHECK(rg_pipeline_run(c.g, &(RgPipelineDesc){NULL, 1, p}, NULL, &st, err, sizeof err) == RG_ERR_NOMEM);
  CHECK(strstr(err, "out of memory making attribute 'k' of a new 'a.x'") != NULL);
  CHECK(rg_graph_verify(c.g, msg, sizeof msg) == RG_OK);
  rg_run_stats_free(&st);
  rg_graph_free(c.g);
}

static void test_abi_and_disable(void) {
  Chain c;
  build_chain(&c, 2, false);
  RgPassDesc old = cancel_pass;
  old.abi = RG_ABI_VERSION + 1;
  const RgPassDesc *p[1] = {&old};
  RgRunStats st;
  char err[256] = "";
  CHECK(rg_pipeline_run(c.g, &(RgPipelineDesc){NULL, 1, p}, NULL, &st, err, sizeof err) == RG_ERR_ABI);
  CHECK(strstr(err, "regenerate") != NULL);
  rg_run_stats_free(&st);
  RgRunOptions o;
  rg_run_options_init(&o);
  const char *off[] = {"cancel.pair", NULL};
  o.disabled_rules = off;
  p[0] = &cancel_pass;
  CHECK(rg_pipeline_run(c.g, &(RgPipelineDesc){NULL, 1, p}, &o, &st, err, sizeof err) == RG_OK);
  /* with its only rule off, the pass has nothing to apply: skipped, saying why */
  CHECK(st.passes[0].skipped && st.passes[0].rewrites == 0 && st.passes[0].nodes_visited == 0);
  CHECK(st.passes[0].skip_reason && strstr(st.passes[0].skip_reason, "all disabled"));
  rg_run_stats_free(&st);
  o.no_skip = true; /* measurement still visits every node */
  CHECK(rg_pipeline_run(c.g, &(RgPipelineDesc){NULL, 1, p}, &o, &st, err, sizeof err) == RG_OK);
  CHECK(st.passes[0].ran && st.passes[0].rewrites == 0 && !st.passes[0].skip_reason);
  rg_run_stats_free(&st);
  rg_graph_free(c.g);
}

static int explained;
static void on_explain(void *u, const char *pass, const char *rule, const char *why) {
  (void)u;
  explained += strcmp(pass, "cancel") == 0 && strcmp(rule, "pair") == 0 && strstr(why, "a.neg");
}

static void test_explain(void) {
  Chain c;
  build_chain(&c, 2, false);
  RgRunOptions o;
  rg_run_options_init(&o);
  o.explain_fn = on_explain;
  o.explain_node = c.negs[0]->id; /* its operand is a.src: the rule fails */
  RgRunStats st;
  char err[128];
  const RgPassDesc *p[1] = {&cancel_pass};
  explained = 0;
  CHECK(rg_pipeline_run(c.g, &(RgPipelineDesc){NULL, 1, p}, &o, &st, err, sizeof err) == RG_OK);
  CHECK(explained == 1);
  rg_run_stats_free(&st);
  rg_graph_free(c.g);
}

static void test_reaches(void) {
  Chain c;
  build_chain(&c, 3, false);
  RgOpId neg = rg_op_find(c.g, "a.neg", 5), ret = rg_op_find(c.g, "func.return", 11);
  RgOpId src = rg_op_find(c.g, "a.src", 5);
  RgValue *v = &c.negs[0]->results[0];
  CHECK(rg_value_reaches(v, &ret, 1, &neg, 1));
  CHECK(!rg_value_reaches(v, &ret, 1, &src, 1)); /* the chain is not through src */
  CHECK(rg_value_reaches(&c.negs[2]->results[0], &ret, 1, NULL, 0));
  rg_graph_free(c.g);
}

/* pass twice { rule x: (a.x v) => (a.neg (a.neg v)) } */
static int match_twice(RgRewriter *rw, RgNode *root, uint16_t root_op) {
  (void)root_op;
  RgValue *in = root->operands[0].value;
  RgValue *n1 = rg_rw_make(rw, OP_NEG, 1, &in, 0, NULL);
  RgValue *n2 = rg_rw_make(rw, OP_NEG, 1, &n1, 0, NULL);
  return rg_rw_apply(rw, root, &n2, 0);
}
static const uint16_t twice_roots[] = {OP_X};
static const uint16_t twice_req_ops[] = {OP_X};
static const RgOpReq twice_reqs[] = {{0, 1, 1}};
static const RgRuleDesc twice_rules[] = {{"x", "test.rules:7", 0, 1, false}};
static const RgPassDesc twice_pass = {
    RG_ABI_VERSION, "twice", "", RG_PASS_FIXPOINT, NUM_OPS, op_names, op_descs,
    1, twice_roots, 1, twice_rules, twice_req_ops, twice_reqs, match_twice, 0, NULL};

static void count_ops(RgGraph *g, uint32_t *negs, uint32_t *xs) {
  RgOpId neg = rg_op_find(g, "a.neg", 5), x = rg_op_find(g, "a.x", 3);
  *negs = neg == RG_OP_NONE ? 0 : rg_op_count(g, neg);
  *xs = x == RG_OP_NONE ? 0 : rg_op_count(g, x);
}

/* [cancel, twice] on src -> a.x -> a.neg: cancel is skipped (one a.neg),
 * twice makes two more, and cancel runs again on them, seeded from what
 * twice recorded; a.x alone, rooted by twice only, need not be. With
 * --single-sweep the pair stays. */
static void test_rerun_from_history(void) {
  for (int sweep = 0; sweep < 2; sweep++) {
    Chain c;
    build_chain(&c, 1, false);
    RgValue *src = c.negs[0]->operands[0].value;
    RgNode *x = rg_node_create(c.g, &(RgNodeDesc){rg_op_intern(c.g, "a.x", 3), 1, &src, 1, &src->type, 0});
    rg_node_insert_before(c.g, c.negs[0], x);
    rg_node_set_operand(c.g, c.negs[0], 0, &x->results[0]);
    RgRunOptions o;
    rg_run_options_init(&o);
    o.single_sweep = sweep;
    RgRunStats st;
    char err[128] = "";
    const RgPassDesc *p[2] = {&cancel_pass, &twice_pass};
    CHECK(rg_pipeline_run(c.g, &(RgPipelineDesc){NULL, 2, p}, &o, &st, err, sizeof err) == RG_OK);
    uint32_t negs, xs;
    count_ops(c.g, &negs, &xs);
    CHECK(xs == 0);
    CHECK(negs == (sweep ? 3u : 1u));
    CHECK(st.passes[0].rewrites == (sweep ? 0u : 1u) && st.passes[1].rewrites == 1);
    rg_run_stats_free(&st);
    rg_graph_free(c.g);
  }
}

/* The observer sees each rewrite twice, through one event record: before
 * with its root, after with what replaced it (no op made: the producer of
 * the replacing value). */
typedef struct Seen {
  int calls;
  bool after[4];
  const RgNode *node[4];
  uint32_t num[4];
  uint16_t rule[4];
  const RgPassDesc *pass[4];
} Seen;
static void record_event(void *user, const RgRewriteEvent *ev) {
  Seen *s = user;
  if (s->calls < 4) {
    s->after[s->calls] = ev->after;
    s->node[s->calls] = ev->num_nodes ? ev->nodes[0] : NULL;
    s->num[s->calls] = ev->num_nodes;
    s->rule[s->calls] = ev->rule;
    s->pass[s->calls] = ev->pass;
  }
  s->calls++;
}

static void test_observer_events(void) {
  Chain c;
  build_chain(&c, 2, false);
  RgNode *src = rg_value_def(c.negs[0]->operands[0].value), *outer = c.negs[1];
  RgRunOptions o;
  rg_run_options_init(&o);
  Seen seen = {0};
  o.on_rewrite = record_event;
  o.observe_user = &seen;
  const RgPassDesc *p[1] = {&cancel_pass};
  CHECK(rg_pipeline_run(c.g, &(RgPipelineDesc){NULL, 1, p}, &o, NULL, NULL, 0) == RG_OK);
  CHECK(seen.calls == 2);
  CHECK(!seen.after[0] && seen.num[0] == 1 && seen.node[0] == outer);
  CHECK(seen.after[1] && seen.num[1] == 1 && seen.node[1] == src);
  CHECK(seen.rule[0] == 0 && seen.rule[1] == 0 && seen.pass[0] == &cancel_pass && seen.pass[1] == &cancel_pass);
  rg_graph_free(c.g);
}

int main(void) {
  RUN(test_condition_counts);
  RUN(test_cancel_runs);
  RUN(test_only_pure_removed);
  RUN(test_pipeline_out_of_memory);
  RUN(test_skip_visits_nothing);
  RUN(test_null_stats_and_err);
  RUN(test_frozen_never_rewritten);
  RUN(test_budget);
  RUN(test_type_error);
  RUN(test_make_after_failed_make);
  RUN(test_abi_and_disable);
  RUN(test_explain);
  RUN(test_reaches);
  RUN(test_observer_events);
  RUN(test_rerun_from_history);
  TEST_EXIT();
}
