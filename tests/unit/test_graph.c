/* Unit tests for the graph IR: builder API, use lists, regions, frozen
 * nodes, and the op histogram / per-op node lists checked against a full
 * recount after each of thousands of random edits. */
#include <stdlib.h>
#include "rulegen/graph.h"
#include "ir/ir_internal.h"
#include "check.h"

static uint64_t rng_state = 88172645463325252ull;
static uint32_t rnd(uint32_t n) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (uint32_t)(rng_state % n);
}

typedef struct Recount {
  uint32_t *count, *total, nodes;
} Recount;

static bool count_node(RgNode *n, void *user) {
  Recount *r = user;
  r->total[n->op]++;
  if (!rg_node_is_frozen(n))
    r->count[n->op]++;
  r->nodes++;
  return true;
}

/* Compares the incremental histogram and node lists with a recount. */
static bool histogram_exact(RgGraph *g) {
  uint32_t nops = rg_op_count_ids(g);
  Recount r = {calloc(nops, sizeof(uint32_t)), calloc(nops, sizeof(uint32_t)), 0};
  rg_graph_walk(g, count_node, &r);
  bool ok = r.nodes == rg_graph_num_nodes(g);
  for (RgOpId op = 0; op < nops; op++) {
    uint32_t listed = 0;
    for (RgNode *n = rg_op_first(g, op); n; n = n->op_next)
      listed++;
    ok = ok && r.count[op] == rg_op_count(g, op) && r.total[op] == rg_op_total(g, op) &&
         listed == r.total[op];
  }
  free(r.count);
  free(r.total);
  return ok;
}

static const RgType *f32_tensor(RgGraph *g) {
  int64_t dims[2] = {2, 3};
  return rg_type_tensor(g, RG_DT_F32, 2, dims);
}

static void test_types(void) {
  RgGraph *g = rg_graph_new();
  const RgType *a = rg_type_get(g, "tensor<2x?x3xi8>", 16);
  CHECK(a && a->kind == RG_TYPE_TENSOR && a->rank == 3 && a->dims[1] == RG_DIM_DYNAMIC);
  CHECK(a->dtype == RG_DT_I8 && rg_type_numel(a) == -1);
  int64_t dims[3] = {2, RG_DIM_DYNAMIC, 3};
  CHECK(rg_type_tensor(g, RG_DT_I8, 3, dims) == a);
  const RgType *u = rg_type_get(g, "tensor<*xui16>", 14);
  CHECK(u->kind == RG_TYPE_UNRANKED && u->dtype == RG_DT_UI16);
  const RgType *s = rg_type_get(g, "tensor<f32>", 11);
  CHECK(s->kind == RG_TYPE_TENSOR && s->rank == 0 && rg_type_numel(s) == 1);
  const RgType *o = rg_type_get(g, "!tosa.shape<4>", 14);
  CHECK(o->kind == RG_TYPE_OTHER);
  const RgType *q = rg_type_get(g, "tensor<4x!quant.uniform<i8:f32, 0.1>>", 37);
  CHECK(q->kind == RG_TYPE_TENSOR && q->rank == 1 && q->dtype == RG_DT_NONE);
  /* quantized elements: their storage type, per-tensor or not, the scale */
  CHECK(q->elem->kind == RG_TYPE_QUANT && rg_type_storage(q) == RG_DT_I8 && rg_type_is_quant(q));
  CHECK(rg_type_is_quant_per_tensor(q) && rg_type_quant_scale(q) == 0.1);
  CHECK(rg_type_storage_type(g, q) == rg_type_get(g, "tensor<4xi8>", 12));
  const RgType *pa = rg_type_get(g, "tensor<2x!quant.uniform<u8<1:255>:f32:0, {0.1:3,0.2:4}>>", 56);
  CHECK(pa->kind == RG_TYPE_TENSOR && rg_type_storage(pa) == RG_DT_UI8 && rg_type_is_quant(pa));
  CHECK(!rg_type_is_quant_per_tensor(pa) && rg_type_quant_scale(pa) == 0);
  const RgType *qz = rg_type_get(g, "!quant.uniform<i16:f16, 2.5e-1:-3>", 34);
  CHECK(qz->kind == RG_TYPE_QUANT && qz->dtype == RG_DT_I16 && rg_type_quant_scale(qz) == 0.25);
  CHECK(rg_type_storage_type(g, qz) == rg_type_scalar(g, RG_DT_I16));
  CHECK(rg_type_get(g, "!quant.uniform<f8:f32, 0.5>", 27)->kind == RG_TYPE_OTHER);
  CHECK(rg_type_get(g, "!quant.calibrated<f32<-1.0:1.0>>", 32)->kind == RG_TYPE_OTHER);
  CHECK(rg_type_storage(a) == RG_DT_I8 && !rg_type_is_quant(a) && rg_type_storage_type(g, a) == a);
  const RgType *e = rg_type_get(g, "tensor<4xf32, #enc>", 19);
  CHECK(e->kind == RG_TYPE_OTHER);
  CHECK(rg_type_get(g, "i48", 3)->dtype == RG_DT_I48 && rg_dtype_bits(RG_DT_I48) == 48);
  rg_graph_free(g);
}

static void test_dense_decode(void) {
  RgGraph *g = rg_graph_new();
  RgAttr *a = rgs_arena_zalloc(ir_arena(g), sizeof *a);
  const char *t = "dense<[[1, -2], [3, 4]]> : tensor<2x2xi32>";
  a->kind = RG_ATTR_DENSE;
  a->text = t;
  a->text_len = (uint32_t)strlen(t);
  a->type = rg_type_get(g, "tensor<2x2xi32>", 15);
  const int64_t *v;
  uint32_t n;
  CHECK(rg_attr_dense_get_ints(g, a, &v, &n) && n == 4 && v[1] == -2 && v[3] == 4);

  RgAttr *h = rgs_arena_zalloc(ir_arena(g), sizeof *h);
  const char *ht = "dense<\"0x0000803F000000C0\"> : tensor<2xf32>";
  h->kind = RG_ATTR_DENSE;
  h->text = ht;
  h->text_len = (uint32_t)strlen(ht);
  h->type = rg_type_get(g, "tensor<2xf32>", 13);
  const double *f;
  CHECK(rg_attr_dense_get_floats(g, h, &f, &n) && n == 2 && f[0] == 1.0 && f[1] == -2.0);

  RgAttr *s = rgs_arena_zalloc(ir_arena(g), sizeof *s);
  const char *st = "dense<5.000000e-01> : tensor<3x3xf32>";
  s->kind = RG_ATTR_DENSE;
  s->text = st;
  s->text_len = (uint32_t)strlen(st);
  s->type = rg_type_get(g, "tensor<3x3xf32>", 15);
  CHECK(rg_attr_dense_get_floats(g, s, &f, &n) && n == 1 && f[0] == 0.5 && s->splat);

  RgAttr *bad = rgs_arena_zalloc(ir_arena(g), sizeof *bad);
  const char *bt = "dense<[1, 2, 3]> : tensor<2xi8>";
  bad->kind = RG_ATTR_DENSE;
  bad->text = bt;
  bad->text_len = (uint32_t)strlen(bt);
  bad->type = rg_type_get(g, "tensor<2xi8>", 12);
  CHECK(!rg_attr_dense_get_ints(g, bad, &v, &n));

  int64_t vals[2] = {7, 9};
  int64_t d2[1] = {2};
  const RgAttr *built = rg_attr_dense_ints(g, rg_type_tensor(g, RG_DT_I8, 1, d2), 2, vals);
  CHECK(rg_attr_dense_get_ints(g, built, &v, &n) && n == 2 && v[1] == 9);
  CHECK(rg_attr_dense_ints(g, rg_type_tensor(g, RG_DT_I8, 1, d2), 3, vals) == NULL);
  rg_graph_free(g);
}

/* Builds: module { func { %a = c; %b = add(%a, %a); cond(%b) { x(%a) } } } */
static void test_builder_and_regions(void) {
  RgGraph *g = rg_graph_new();
  const RgType *t = f32_tensor(g);
  RgOpId mod = rg_op_intern(g, "builtin.module", 14);
  RgOpId c = rg_op_intern(g, "tosa.const", 10);
  RgOpId add = rg_op_intern(g, "tosa.add", 8);
  RgOpId cond = rg_op_intern(g, "tosa.cond_if", 12);
  RgOpId neg = rg_op_intern(g, "tosa.negate", 11);
  RgNode *m = rg_node_create(g, &(RgNodeDesc){.op = mod, .num_regions = 1});
  rg_block_append(g, rg_graph_body(g), m);
  RgBlock *body = rg_region_add_block(g, &m->regions[0]);
  RgNode *k = rg_node_create(g, &(RgNodeDesc){.op = c, .num_results = 1, .result_types = &t});
  rg_block_append(g, body, k);
  RgValue *ops[2] = {&k->results[0], &k->results[0]};
  RgNode *a = rg_node_create(g, &(RgNodeDesc){add, 2, ops, 1, &t, 0});
  rg_block_append(g, body, a);
  CHECK(k->results[0].num_uses == 2);
  RgNode *ci = rg_node_create(g, &(RgNodeDesc){cond, 1, ops, 1, &t, 1});
  RgBlock *then = rg_region_add_block(g, &ci->regions[0]);
  RgNode *inner = rg_node_create(g, &(RgNodeDesc){neg, 1, ops, 1, &t, 0});
  rg_block_append(g, then, inner); /* detached parent: not counted yet */
  CHECK(rg_op_count(g, neg) == 0);
  rg_block_append(g, body, ci);
  CHECK(rg_op_count(g, neg) == 1 && rg_op_first(g, neg) == inner);
  char msg[256];
  CHECK(rg_graph_verify(g, msg, sizeof msg) == RG_OK);

  /* A use before its definition is caught. */
  RgNode *early = rg_node_create(g, &(RgNodeDesc){neg, 1, (RgValue *[]){&a->results[0]}, 1, &t, 0});
  rg_node_insert_before(g, k, early);
  CHECK(rg_graph_verify(g, msg, sizeof msg) == RG_ERR_VERIFY);
  CHECK(strstr(msg, "dominate") != NULL);
  /* A failed run leaves no scope marks behind: a later use before its
   * definition is still caught, and no value keeps the scratch bit. */
  RgNode *early2 = rg_node_create(g, &(RgNodeDesc){neg, 1, (RgValue *[]){&a->results[0]}, 1, &t, 0});
  rg_node_insert_before(g, k, early2);
  CHECK(rg_graph_verify(g, msg, sizeof msg) == RG_ERR_VERIFY);
  CHECK(!(k->results[0].flags & RG_VALUE_IN_SCOPE) && !(a->results[0].flags & RG_VALUE_IN_SCOPE));
  CHECK(rg_node_erase(g, early2) == RG_OK);
  CHECK(rg_node_erase(g, early) == RG_OK);
  CHECK(rg_graph_verify(g, msg, sizeof msg) == RG_OK);
  CHECK(!(k->results[0].flags & RG_VALUE_IN_SCOPE));

  /* Erasing a used node is refused; erasing the region op uncounts its body. */
  CHECK(rg_node_erase(g, k) == RG_ERR_INVALID);
  CHECK(rg_node_erase(g, ci) == RG_OK);
  CHECK(rg_op_count(g, neg) == 0 && rg_op_total(g, cond) == 0);
  CHECK(k->results[0].num_uses == 2);

  /* Frozen nodes count in total but not in count. */
  rg_node_set_attr(g, a, "rg.frozen", rg_attr_unit(g));
  CHECK(rg_op_count(g, add) == 0 && rg_op_total(g, add) == 1);
  rg_node_set_attr(g, a, "rg.frozen", NULL);
  CHECK(rg_op_count(g, add) == 1 && rg_node_attr(a, "rg.frozen") == NULL);

  rg_node_set_prop(g, a, "shift", rg_attr_int(g, 3, rg_type_scalar(g, RG_DT_I8)));
  rg_node_set_attr(g, a, "note", rg_attr_string(g, "x", 1));
  rg_node_set_prop(g, a, "mode", rg_attr_bool(g, true));
  CHECK(a->num_props == 2 && a->num_attrs == 3);
  CHECK(strcmp(a->attrs[2].name, "note") == 0);
  CHECK(rg_node_attr(a, "shift")->u.i == 3);
  CHECK(histogram_exact(g));
  CHECK(rg_graph_verify(g, msg, sizeof msg) == RG_OK);
  rg_graph_free(g);
}

/* Random edits; after each, the histogram must equal a recount and the
 * graph must verify. Values are only ever replaced by earlier values in the
 * same block so that the edits keep SSA dominance. */
static void test_random_edits(void) {
  RgGraph *g = rg_graph_new();
  const RgType *t = f32_tensor(g);
  enum { NOPS = 6 };
  RgOpId ops[NOPS];
  const char *names[NOPS] = {"a.x", "a.y", "b.z", "tosa.transpose", "tosa.add", "r.region"};
  for (int i = 0; i < NOPS; i++)
    ops[i] = rg_op_intern(g, names[i], strlen(names[i]));
  RgNode *mod = rg_node_create(g, &(RgNodeDesc){.op = rg_op_intern(g, "builtin.module", 14), .num_regions = 1});
  rg_block_append(g, rg_graph_body(g), mod);
  RgBlock *blocks[64];
  int nblocks = 0;
  blocks[nblocks++] = rg_region_add_block(g, &mod->regions[0]);
  rg_block_add_arg(g, blocks[0], t, NULL);
  int bad = 0;
  char msg[256];
  for (int step = 0; step < 5000 && bad < 3; step++) {
    RgBlock *b = blocks[rnd((uint32_t)nblocks)];
    uint32_t nnodes = 0;
    for (RgNode *n = b->first; n; n = n->next)
      nnodes++;
    RgNode *pick = NULL;
    if (nnodes) {
      uint32_t k = rnd(nnodes);
      pick = b->first;
      while (k--)
        pick = pick->next;
    }
    switch (rnd(6)) {
    case 0:
    case 1: { /* append a node using earlier values of this block or args */
      RgValue *cands[2] = {NULL, NULL};
      uint32_t nops = rnd(3);
      for (uint32_t i = 0; i < nops; i++) {
        RgNode *src = b->last;
        for (uint32_t k = rnd(4); src && k; k--)
          src = src->prev;
        if (src && src->num_results)
          cands[i < 2 ? i : 1] = &src->results[0];
        else if (b->num_args)
          cands[i < 2 ? i : 1] = b->args[0];
        else
          nops = i;
      }
      if (nops > 2)
        nops = 2;
      uint32_t which = rnd(NOPS);
      bool region = ops[which] == ops[5] && nblocks < 64;
      RgNode *n = rg_node_create(g, &(RgNodeDesc){ops[which], nops, cands, 1, &t, region ? 1 : 0});
      if (region) {
        RgBlock *nb = rg_region_add_block(g, &n->regions[0]);
        rg_block_add_arg(g, nb, t, NULL);
        blocks[nblocks++] = nb;
      }
      rg_block_append(g, b, n);
      break;
    }
    case 2: /* erase a node without uses (not a region holder we track) */
      if (pick && pick->num_regions == 0 && pick->results[0].num_uses == 0)
        CHECK(rg_node_erase(g, pick) == RG_OK);
      break;
    case 3: /* change its op */
      if (pick && pick->num_regions == 0)
        rg_node_set_op(g, pick, ops[rnd(NOPS - 1)]);
      break;
    case 4: /* freeze or thaw */
      if (pick)
        rg_node_set_frozen(g, pick, !rg_node_is_frozen(pick));
      break;
    case 5: /* replace all uses of a result by an earlier value */
      if (pick && pick->prev && pick->prev->num_results)
        rg_value_replace_all_uses(g, &pick->results[0], &pick->prev->results[0]);
      break;
    }
    if (!histogram_exact(g)) {
      printf("FAIL test_random_edits: histogram differs from recount at step %d\n", step);
      check_failures++;
      bad++;
    }
    if (rg_graph_verify(g, msg, sizeof msg) != RG_OK) {
      printf("FAIL test_random_edits: verify at step %d: %s\n", step, msg);
      check_failures++;
      bad++;
    }
  }
  CHECK(rg_graph_num_nodes(g) > 10);
  rg_graph_free(g);
}

/* The mutators mark what the op verifier must check again after rewrites:
 * the node changed and, when its op or attributes change, its users. */
static void test_changed_marks(void) {
  RgGraph *g = rg_graph_new();
  const RgType *t = f32_tensor(g), *u = rg_type_get(g, "tensor<2xi8>", 12);
  RgOpId c = rg_op_intern(g, "tosa.const", 10);
  RgOpId neg = rg_op_intern(g, "tosa.negate", 11);
  RgOpId absv = rg_op_intern(g, "tosa.abs", 8);
  RgNode *k = rg_node_create(g, &(RgNodeDesc){.op = c, .num_results = 1, .result_types = &t});
  RgNode *k2 = rg_node_create(g, &(RgNodeDesc){.op = c, .num_results = 1, .result_types = &t});
  RgNode *a = rg_node_create(g, &(RgNodeDesc){neg, 1, (RgValue *[]){&k->results[0]}, 1, &t, 0});
  RgNode *b = rg_node_create(g, &(RgNodeDesc){neg, 1, (RgValue *[]){&a->results[0]}, 1, &t, 0});
  RgNode *all[] = {k, k2, a, b};
  for (int i = 0; i < 4; i++)
    rg_block_append(g, rg_graph_body(g), all[i]);
#define CHANGED(n) (((n)->flags & RG_NODE_CHANGED) != 0)
  CHECK(!CHANGED(k) && !CHANGED(k2) && !CHANGED(a) && !CHANGED(b)); /* made, not changed */
  CHECK(rg_node_set_prop(g, k, "values", rg_attr_unit(g)) == RG_OK);
  CHECK(CHANGED(k) && CHANGED(a) && !CHANGED(b)); /* a's hook may read k's attributes */
  a->flags &= (uint16_t)~RG_NODE_CHANGED;
  rg_node_set_frozen(g, b, true); /* frozen marks do not change what verifies */
  CHECK(!CHANGED(b));
  rg_value_replace_all_uses(g, &k->results[0], &k2->results[0]);
  CHECK(CHANGED(a) && !CHANGED(k2));
  a->flags &= (uint16_t)~RG_NODE_CHANGED;
  rg_value_set_type(&a->results[0], t); /* the same type: nothing changes */
  CHECK(!CHANGED(a) && !CHANGED(b));
  rg_value_set_type(&a->results[0], u);
  CHECK(CHANGED(a) && CHANGED(b));
  b->flags &= (uint16_t)~RG_NODE_CHANGED;
  rg_node_set_op(g, a, absv);
  CHECK(CHANGED(b));
  b->flags &= (uint16_t)~RG_NODE_CHANGED;
  rg_node_set_operand(g, b, 0, &k->results[0]);
  CHECK(CHANGED(b));
#undef CHANGED
  rg_graph_free(g);
}

int main(void) {
  RUN(test_types);
  RUN(test_changed_marks);
  RUN(test_dense_decode);
  RUN(test_builder_and_regions);
  RUN(test_random_edits);
  TEST_EXIT();
}
