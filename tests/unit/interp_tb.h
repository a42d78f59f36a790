/* tests/unit/interp_tb.h - a tiny builder for interpreter tests: one graph
 * with one func.func, TOSA ops appended through the graph C API, constants
 * and const_shape values, and a runner that returns the outputs. */
#ifndef RG_TEST_INTERP_TB_H
#define RG_TEST_INTERP_TB_H
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "rulegen/interp.h"
#include "rules/builtin.h"

typedef struct TB {
  RgGraph *g;
  RgNode *func;
  RgBlock *body;
  RgTensor *outs;
  uint32_t nout;
  char err[512];
  RgInterpError kind;
} TB;

static inline const RgType *tb_type(TB *t, const char *text) {
  return rg_type_get(t->g, text, strlen(text));
}

static inline void tb_init(TB *t) {
  memset(t, 0, sizeof *t);
  t->g = rg_graph_new();
  t->func = rg_node_create(t->g, &(RgNodeDesc){.op = rg_op_intern(t->g, "func.func", 9), .num_regions = 1});
  rg_node_set_prop(t->g, t->func, "sym_name", rg_attr_string(t->g, "main", 4));
  t->body = rg_region_add_block(t->g, &t->func->regions[0]);
  rg_block_append(t->g, rg_graph_body(t->g), t->func);
}

static inline void tb_free(TB *t) {
  rg_tensor_array_free(t->outs, t->nout);
  rg_graph_free(t->g);
}

static inline RgValue *tb_arg(TB *t, const char *type) {
  return rg_block_add_arg(t->g, t->body, tb_type(t, type), NULL);
}

/* Appends `op` with operands and one result of `type`; returns the node. */
static inline RgNode *tb_node(TB *t, const char *op, const char *type, uint32_t n,
                              RgValue *const *ops) {
  const RgType *rt = tb_type(t, type);
  RgNode *nd = rg_node_create(t->g, &(RgNodeDesc){rg_op_intern(t->g, op, strlen(op)), n, ops, 1, &rt, 0});
  rg_block_append(t->g, t->body, nd);
  return nd;
}

static inline RgValue *tb_op(TB *t, const char *op, const char *type, uint32_t n,
                             RgValue *const *ops) {
  return &tb_node(t, op, type, n, ops)->results[0];
}

static inline RgValue *tb_const_i(TB *t, const char *type, uint32_t n, const int64_t *v) {
  RgNode *nd = tb_node(t, "tosa.const", type, 0, NULL);
  rg_node_set_prop(t->g, nd, "values", rg_attr_dense_ints(t->g, tb_type(t, type), n, v));
  return &nd->results[0];
}

static inline RgValue *tb_const_f(TB *t, const char *type, uint32_t n, const double *v) {
  RgNode *nd = tb_node(t, "tosa.const", type, 0, NULL);
  rg_node_set_prop(t->g, nd, "values", rg_attr_dense_floats(t->g, tb_type(t, type), n, v));
  return &nd->results[0];
}

static inline RgValue *tb_scalar_i(TB *t, const char *type, int64_t v) {
  return tb_const_i(t, type, 1, &v);
}

static inline RgValue *tb_shape(TB *t, uint32_t n, const int64_t *v) {
  char ty[32], st[40];
  snprintf(ty, sizeof ty, "!tosa.shape<%u>", n);
  snprintf(st, sizeof st, "tensor<%uxindex>", n);
  RgNode *nd = tb_node(t, "tosa.const_shape", ty, 0, NULL);
  rg_node_set_prop(t->g, nd, "values", rg_attr_dense_ints(t->g, tb_type(t, st), n, v));
  return &nd->results[0];
}

static inline void tb_prop_ints(TB *t, RgNode *n, const char *name, uint32_t cnt,
                                const int64_t *v) {
  rg_node_set_prop(t->g, n, name, rg_attr_dense_array_ints(t->g, RG_DT_I64, cnt, v));
}

static inline void tb_prop_bool(TB *t, RgNode *n, const char *name, bool v) {
  rg_node_set_prop(t->g, n, name, rg_attr_bool(t->g, v));
}

static inline void tb_prop_int(TB *t, RgNode *n, const char *name, int64_t v, const char *type) {
  rg_node_set_prop(t->g, n, name, rg_attr_int(t->g, v, tb_type(t, type)));
}

static inline void tb_prop_opaque(TB *t, RgNode *n, const char *name, const char *text) {
  rg_node_set_prop(t->g, n, name, rg_attr_opaque(t->g, text, strlen(text)));
}

static inline void tb_return(TB *t, uint32_t n, RgValue *const *vals) {
  RgNode *nd = rg_node_create(t->g, &(RgNodeDesc){rg_op_intern(t->g, "func.return", 11), n, vals, 0, NULL, 0});
  rg_block_append(t->g, t->body, nd);
}

static inline void tb_ret1(TB *t, RgValue *v) { tb_return(t, 1, &v); }

/* Verifies the graph, runs it, keeps outputs in t->outs. */
static inline RgStatus tb_run(TB *t, const RgTensor *in, uint32_t n) {
  char msg[256];
  if (rg_graph_verify(t->g, msg, sizeof msg) != RG_OK) {
    printf("  graph does not verify: %s\n", msg);
    return RG_ERR_VERIFY;
  }
  RgInterp *ip = rg_interp_new(t->g, rg_ops_builtin, rg_num_ops_builtin);
  rg_tensor_array_free(t->outs, t->nout);
  RgStatus s = rg_interp_run(ip, t->func, in, n, &t->outs, &t->nout);
  snprintf(t->err, sizeof t->err, "%s", rg_interp_message(ip));
  t->kind = rg_interp_last_error(ip);
  rg_interp_free(ip);
  return s;
}

/* Runs a graph that returns `v` and expects success. */
static inline bool tb_run1(TB *t, RgValue *v, const RgTensor *in, uint32_t n) {
  tb_return(t, 1, &v);
  RgStatus s = tb_run(t, in, n);
  if (s != RG_OK)
    printf("  run failed: %s\n", t->err);
  return s == RG_OK && t->nout == 1;
}

static inline bool ints_are(const RgTensor *x, int64_t n, const int64_t *want) {
  if (!x || !rg_tensor_is_int(x) || x->numel != n)
    return false;
  for (int64_t i = 0; i < n; i++)
    if (rg_tensor_get_int(x, i) != want[i]) {
      printf("  element %lld: got %lld, want %lld\n", (long long)i, (long long)rg_tensor_get_int(x, i),
             (long long)want[i]);
      return false;
    }
  return true;
}

/* Bitwise float comparison (NaN matches any NaN here). */
static inline bool floats_are(const RgTensor *x, int64_t n, const float *want) {
  if (!x || !rg_tensor_is_float(x) || x->numel != n)
    return false;
  for (int64_t i = 0; i < n; i++) {
    float got = (float)rg_tensor_get_float(x, i);
    bool ok = isnan(want[i]) ? isnan(got) : memcmp(&got, &want[i], sizeof(float)) == 0;
    if (!ok) {
      printf("  element %lld: got %.9g, want %.9g\n", (long long)i, (double)rg_tensor_get_float(x, i),
             (double)want[i]);
      return false;
    }
  }
  return true;
}

/* Input tensor from ints / floats. */
static inline RgTensor tb_in_i(RgDType dt, int32_t rank, const int64_t *dims, const int64_t *v) {
  RgTensor x;
  rg_tensor_init(&x, dt, rank, dims);
  for (int64_t i = 0; i < x.numel; i++)
    rg_tensor_set_int(&x, i, v[i]);
  return x;
}

static inline RgTensor tb_in_f(RgDType dt, int32_t rank, const int64_t *dims, const float *v) {
  RgTensor x;
  rg_tensor_init(&x, dt, rank, dims);
  for (int64_t i = 0; i < x.numel; i++)
    rg_tensor_set_float(&x, i, v[i]);
  return x;
}

#define I64S(...) ((const int64_t[]){__VA_ARGS__})
#define F32S(...) ((const float[]){__VA_ARGS__})
#define F64S(...) ((const double[]){__VA_ARGS__})
#define COUNT_I64(...) (sizeof((const int64_t[]){__VA_ARGS__}) / sizeof(int64_t))
#endif
