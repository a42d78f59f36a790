/* Unit tests for the incremental deduplication the pass manager runs after
 * a pass (ir_graph_dedup_touched, runtime/pass/dedup.c): it merges what the
 * whole-graph rg_graph_dedup merges when given the nodes a rewrite made or
 * rewired, keeps the earlier node of a pair even when the touched one is
 * earlier, follows merges to the users they rewire, and pairs operand-less
 * constants through the op's node list. */
#include <string.h>
#include "ir/ir_internal.h"
#include "interp_tb.h"
#include "check.h"
#include "rules/builtin.h"

static bool erased(const RgNode *n) { return (n->flags & RG_NODE_ERASED) != 0; }

static void test_cascade(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<2xf32>");
  RgNode *a = tb_node(&t, "aten.neg", "tensor<2xf32>", 1, &x);
  RgNode *b = tb_node(&t, "aten.exp", "tensor<2xf32>", 1, (RgValue *[]){&a->results[0]});
  RgNode *c = tb_node(&t, "aten.neg", "tensor<2xf32>", 1, &x);
  RgNode *d = tb_node(&t, "aten.exp", "tensor<2xf32>", 1, (RgValue *[]){&c->results[0]});
  tb_return(&t, 2, (RgValue *[]){&b->results[0], &d->results[0]});
  uint32_t merged = 0;
  /* c is new: merging it into a rewires d, which then meets b */
  CHECK(ir_graph_dedup_touched(t.g, rg_ops_builtin, rg_num_ops_builtin, &c, 1, &merged) == RG_OK);
  CHECK(merged == 2 && erased(c) && erased(d) && !erased(a) && !erased(b));
  tb_free(&t);
}

static void test_keeps_earliest(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<2xf32>");
  RgNode *old = tb_node(&t, "aten.neg", "tensor<2xf32>", 1, &x);
  tb_ret1(&t, &old->results[0]);
  const RgType *ty = tb_type(&t, "tensor<2xf32>");
  RgNode *fresh = rg_node_create(t.g, &(RgNodeDesc){old->op, 1, &x, 1, &ty, 0});
  rg_node_insert_before(t.g, old, fresh);
  RgNode *user = tb_node(&t, "aten.exp", "tensor<2xf32>", 1, (RgValue *[]){&fresh->results[0]});
  (void)user;
  uint32_t merged = 0;
  CHECK(ir_graph_dedup_touched(t.g, rg_ops_builtin, rg_num_ops_builtin, &fresh, 1, &merged) == RG_OK);
  CHECK(merged == 1 && erased(old) && !erased(fresh));
  tb_free(&t);
}

static void test_constants(void) {
  TB t;
  tb_init(&t);
  RgNode *k[2];
  for (int i = 0; i < 2; i++) {
    k[i] = tb_node(&t, "aten._constant", "tensor<2xf32>", 0, NULL);
    rg_node_set_prop(t.g, k[i], "value",
                     rg_attr_dense_floats(t.g, tb_type(&t, "tensor<2xf32>"), 2, (double[]){1, 2}));
  }
  tb_return(&t, 2, (RgValue *[]){&k[0]->results[0], &k[1]->results[0]});
  uint32_t merged = 0;
  CHECK(ir_graph_dedup_touched(t.g, rg_ops_builtin, rg_num_ops_builtin, &k[1], 1, &merged) == RG_OK);
  CHECK(merged == 1 && erased(k[1]) && !erased(k[0]));
  tb_free(&t);
}

int main(void) {
  RUN(test_cascade);
  RUN(test_keeps_earliest);
  RUN(test_constants);
  TEST_EXIT();
}
