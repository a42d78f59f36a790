/* tests/unit/edge_nodes.h - builds edge-dialect test nodes: operands of a
 * given type, properties of each kind; shared by the edge-dialect shape
 * tests. Include after `static RgGraph *g;`. */
#ifndef RG_TEST_EDGE_NODES_H
#define RG_TEST_EDGE_NODES_H

static RgValue *val(const char *type) {
  const RgType *t = rg_type_get(g, type, strlen(type));
  RgNode *s = rg_node_create(g, &(RgNodeDesc){.op = rg_op_intern(g, "test.src", 8),
                                     .num_results = 1, .result_types = &t});
  return &s->results[0];
}

static RgNode *node(const char *op, uint32_t k, RgValue *const *ops) {
  return rg_node_create(g, &(RgNodeDesc){rg_op_intern(g, op, strlen(op)), k, ops, 1, NULL, 0});
}
#define NODE(op, ...) node(op, sizeof((RgValue *[]){__VA_ARGS__}) / sizeof(RgValue *), (RgValue *[]){__VA_ARGS__})

static void ints(RgNode *n, const char *name, uint32_t k, const int64_t *v) {
  rg_node_set_prop(g, n, name, rg_attr_dense_array_ints(g, RG_DT_I64, k, v));
}
#define I64S(n, name, ...) ints(n, name, sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t), (int64_t[]){__VA_ARGS__})

static void iprop(RgNode *n, const char *name, int64_t v) {
  rg_node_set_prop(g, n, name, rg_attr_int(g, v, rg_type_scalar(g, RG_DT_I64)));
}
static void fprop(RgNode *n, const char *name, double v) {
  rg_node_set_prop(g, n, name, rg_attr_float(g, v, rg_type_scalar(g, RG_DT_F64)));
}
static void bprop(RgNode *n, const char *name, bool v) {
  rg_node_set_prop(g, n, name, rg_attr_bool(g, v));
}

#endif
