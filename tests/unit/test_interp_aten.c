/* Unit tests for the interpreter's edge-dialect ops (runtime/interp_aten.c):
 * PyTorch broadcasting, dtype conversion to the result type, f32 opmath for
 * f16 with an unrounded scalar, integer wrapping, bool add/mul, matrix
 * products with f32 accumulation, data movement and _constant. Expected
 * values are computed by hand (f16 ones with Python's struct 'e' format). */
#include "interp_tb.h"
#include "check.h"

static RgValue *run_binary(TB *t, const char *op, const char *ta, const char *tb_, const char *to,
                           RgNode **node) {
  tb_init(t);
  RgValue *ops[2] = {tb_arg(t, ta), tb_arg(t, tb_)};
  RgNode *n = tb_node(t, op, to, 2, ops);
  if (node)
    *node = n;
  return &n->results[0];
}

static void test_mul_tensor_broadcast(void) {
  TB t;
  RgValue *r = run_binary(&t, "aten.mul.Tensor", "tensor<2x3xf32>", "tensor<3xf32>", "tensor<2x3xf32>", NULL);
  RgTensor in[2] = {tb_in_f(RG_DT_F32, 2, I64S(2, 3), F32S(1, 2, 3, 4, 5, 6)),
                    tb_in_f(RG_DT_F32, 1, I64S(3), F32S(10, 0.5f, -1))};
  CHECK(tb_run1(&t, r, in, 2) && floats_are(&t.outs[0], 6, F32S(10, 1, -3, 40, 2.5f, -6)));
  tb_free(&t);
  rg_tensor_release(&in[0]);
  rg_tensor_release(&in[1]);
  /* rank-0 other, i32 * i32 wraps to i32 */
  r = run_binary(&t, "aten.mul.Tensor", "tensor<2xi32>", "tensor<i32>", "tensor<2xi32>", NULL);
  RgTensor a = tb_in_i(RG_DT_I32, 1, I64S(2), I64S(65536, -3)), b = tb_in_i(RG_DT_I32, 0, NULL, I64S(65536));
  RgTensor in2[2] = {a, b};
  CHECK(tb_run1(&t, r, in2, 2) && ints_are(&t.outs[0], 2, I64S(0, -196608)));
  tb_free(&t);
  rg_tensor_release(&a);
  rg_tensor_release(&b);
  /* shapes that do not broadcast */
  r = run_binary(&t, "aten.mul.Tensor", "tensor<2x3xf32>", "tensor<2xf32>", "tensor<2x3xf32>", NULL);
  RgTensor c = tb_in_f(RG_DT_F32, 2, I64S(2, 3), F32S(1, 2, 3, 4, 5, 6)), d = tb_in_f(RG_DT_F32, 1, I64S(2), F32S(1, 2));
  RgTensor in3[2] = {c, d};
  tb_ret1(&t, r);
  CHECK(tb_run(&t, in3, 2) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  rg_tensor_release(&c);
  rg_tensor_release(&d);
}

static RgValue *run_scalar(TB *t, const char *ti, const char *to, const RgAttr *(*mk)(TB *)) {
  tb_init(t);
  RgValue *x = tb_arg(t, ti);
  RgNode *n = tb_node(t, "aten.mul.Scalar", to, 1, &x);
  rg_node_set_prop(t->g, n, "other", mk(t));
  return &n->results[0];
}

static const RgAttr *tenth(TB *t) { return rg_attr_float(t->g, 0.1, tb_type(t, "f64")); }
static const RgAttr *three(TB *t) { return rg_attr_int(t->g, 3, tb_type(t, "i64")); }

static void test_mul_scalar_opmath(void) {
  /* f16 * 0.1 multiplies in f32 by 0.1f, then rounds once to f16:
   * 3 -> 0.300048828125, 7 -> 0.7001953125 (an f16 constant 0.1 would give
   * 0.2998046875 and 0.69970703125). */
  TB t;
  RgValue *r = run_scalar(&t, "tensor<2xf16>", "tensor<2xf16>", tenth);
  RgTensor x = tb_in_f(RG_DT_F16, 1, I64S(2), F32S(3, 7));
  CHECK(tb_run1(&t, r, &x, 1) && floats_are(&t.outs[0], 2, F32S(0.300048828125f, 0.7001953125f)));
  tb_free(&t);
  rg_tensor_release(&x);
  /* i32 * 3 stays i32; i32 * 0.1 with an i32 result is invalid */
  r = run_scalar(&t, "tensor<2xi32>", "tensor<2xi32>", three);
  RgTensor y = tb_in_i(RG_DT_I32, 1, I64S(2), I64S(5, 1000000000));
  CHECK(tb_run1(&t, r, &y, 1) && ints_are(&t.outs[0], 2, I64S(15, -1294967296)));
  tb_free(&t);
  r = run_scalar(&t, "tensor<2xi32>", "tensor<2xi32>", tenth);
  tb_ret1(&t, r);
  CHECK(tb_run(&t, &y, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  /* i32 * 0.1 -> f32: the input converts to f32 first */
  r = run_scalar(&t, "tensor<2xi32>", "tensor<2xf32>", tenth);
  CHECK(tb_run1(&t, r, &y, 1) && floats_are(&t.outs[0], 2, F32S(5.0f * 0.1f, 1e9f * 0.1f)));
  tb_free(&t);
  rg_tensor_release(&y);
}

static void test_add_alpha(void) {
  TB t;
  RgNode *n;
  RgValue *r = run_binary(&t, "aten.add.Tensor", "tensor<2xi32>", "tensor<2xi32>", "tensor<2xi32>", &n);
  tb_prop_int(&t, n, "alpha", 2, "i64");
  RgTensor a = tb_in_i(RG_DT_I32, 1, I64S(2), I64S(1, 0)), b = tb_in_i(RG_DT_I32, 1, I64S(2), I64S(5, 1073741824));
  RgTensor in[2] = {a, b};
  CHECK(tb_run1(&t, r, in, 2) && ints_are(&t.outs[0], 2, I64S(11, -2147483648LL)));
  tb_free(&t);
  rg_tensor_release(&a);
  rg_tensor_release(&b);
  /* f32 + 3 * f32: alpha * y is rounded before the add (no fused multiply-add) */
  r = run_binary(&t, "aten.add.Tensor", "tensor<1xf32>", "tensor<1xf32>", "tensor<1xf32>", &n);
  tb_prop_int(&t, n, "alpha", 3, "i64");
  float yv = 0.1f, xv = -0.3f;
  float prod = 3.0f * yv;
  float want = xv + prod;
  RgTensor c = tb_in_f(RG_DT_F32, 1, I64S(1), &xv), d = tb_in_f(RG_DT_F32, 1, I64S(1), &yv);
  RgTensor in2[2] = {c, d};
  CHECK(tb_run1(&t, r, in2, 2) && floats_are(&t.outs[0], 1, &want));
  tb_free(&t);
  rg_tensor_release(&c);
  rg_tensor_release(&d);
  /* bool + bool is `or`, bool * bool `and` */
  r = run_binary(&t, "aten.add.Tensor", "tensor<4xi1>", "tensor<4xi1>", "tensor<4xi1>", NULL);
  RgTensor p = tb_in_i(RG_DT_I1, 1, I64S(4), I64S(0, 0, 1, 1)), q = tb_in_i(RG_DT_I1, 1, I64S(4), I64S(0, 1, 0, 1));
  RgTensor in3[2] = {p, q};
  CHECK(tb_run1(&t, r, in3, 2) && ints_are(&t.outs[0], 4, I64S(0, 1, 1, 1)));
  tb_free(&t);
  r = run_binary(&t, "aten.mul.Tensor", "tensor<4xi1>", "tensor<4xi1>", "tensor<4xi1>", NULL);
  CHECK(tb_run1(&t, r, in3, 2) && ints_are(&t.outs[0], 4, I64S(0, 0, 0, 1)));
  tb_free(&t);
  rg_tensor_release(&p);
  rg_tensor_release(&q);
}

static void test_matmuls(void) {
  TB t;
  /* bmm: batch 2 of [1x2] @ [2x1] */
  RgValue *r = run_binary(&t, "aten.bmm", "tensor<2x1x2xf32>", "tensor<2x2x1xf32>", "tensor<2x1x1xf32>", NULL);
  RgTensor a = tb_in_f(RG_DT_F32, 3, I64S(2, 1, 2), F32S(1, 2, 3, 4)),
           b = tb_in_f(RG_DT_F32, 3, I64S(2, 2, 1), F32S(5, 6, 7, 8));
  RgTensor in[2] = {a, b};
  CHECK(tb_run1(&t, r, in, 2) && floats_are(&t.outs[0], 2, F32S(17, 53)));
  tb_free(&t);
  rg_tensor_release(&a);
  rg_tensor_release(&b);
  /* mm accumulates in ascending k with one rounding per step:
   * (1e8 + 1) - 1e8 = 0 in f32 (1e8 + 1 rounds to 1e8), not 1 */
  r = run_binary(&t, "aten.mm", "tensor<1x3xf32>", "tensor<3x1xf32>", "tensor<1x1xf32>", NULL);
  RgTensor c = tb_in_f(RG_DT_F32, 2, I64S(1, 3), F32S(1e8f, 1, -1e8f)), d = tb_in_f(RG_DT_F32, 2, I64S(3, 1), F32S(1, 1, 1));
  RgTensor in2[2] = {c, d};
  CHECK(tb_run1(&t, r, in2, 2) && floats_are(&t.outs[0], 1, F32S(0)));
  tb_free(&t);
  rg_tensor_release(&c);
  rg_tensor_release(&d);
  /* linear(x, w, b) = x @ w^T + b; addmm(b, m1, m2) with alpha 2, beta 3 */
  tb_init(&t);
  RgValue *ops[3] = {tb_arg(&t, "tensor<1x2xf32>"), tb_arg(&t, "tensor<2x2xf32>"), tb_arg(&t, "tensor<2xf32>")};
  r = tb_op(&t, "aten.linear", "tensor<1x2xf32>", 3, ops);
  RgTensor x = tb_in_f(RG_DT_F32, 2, I64S(1, 2), F32S(1, 2)), w = tb_in_f(RG_DT_F32, 2, I64S(2, 2), F32S(1, 0, 3, 4)),
           bias = tb_in_f(RG_DT_F32, 1, I64S(2), F32S(0.5f, -1));
  RgTensor in3[3] = {x, w, bias};
  CHECK(tb_run1(&t, r, in3, 3) && floats_are(&t.outs[0], 2, F32S(1.5f, 10)));
  tb_free(&t);
  tb_init(&t);
  RgValue *ops2[3] = {tb_arg(&t, "tensor<2xf32>"), tb_arg(&t, "tensor<1x2xf32>"), tb_arg(&t, "tensor<2x2xf32>")};
  RgNode *n = tb_node(&t, "aten.addmm", "tensor<1x2xf32>", 3, ops2);
  tb_prop_int(&t, n, "alpha", 2, "i64");
  tb_prop_int(&t, n, "beta", 3, "i64");
  RgTensor in4[3] = {bias, x, w};
  /* x @ w = [1*1 + 2*3, 1*0 + 2*4] = [7, 8]; 2*[7, 8] + 3*[0.5, -1] */
  CHECK(tb_run1(&t, &n->results[0], in4, 3) && floats_are(&t.outs[0], 2, F32S(15.5f, 13)));
  tb_free(&t);
  rg_tensor_release(&x);
  rg_tensor_release(&w);
  rg_tensor_release(&bias);
}

static void test_data_movement(void) {
  TB t;
  RgTensor x = tb_in_i(RG_DT_I8, 2, I64S(2, 3), I64S(1, 2, 3, 4, 5, 6));
  /* permute_copy with a negative dim */
  tb_init(&t);
  RgValue *a = tb_arg(&t, "tensor<2x3xi8>");
  RgNode *n = tb_node(&t, "aten.permute_copy", "tensor<3x2xi8>", 1, &a);
  tb_prop_ints(&t, n, "dims", 2, I64S(-1, 0));
  CHECK(tb_run1(&t, &n->results[0], &x, 1) && ints_are(&t.outs[0], 6, I64S(1, 4, 2, 5, 3, 6)));
  tb_free(&t);
  /* expand_copy [2x3] -> [2x2x3] (a new leading dim) */
  tb_init(&t);
  a = tb_arg(&t, "tensor<2x3xi8>");
  n = tb_node(&t, "aten.expand_copy", "tensor<2x2x3xi8>", 1, &a);
  tb_prop_ints(&t, n, "size", 3, I64S(2, -1, -1));
  CHECK(tb_run1(&t, &n->results[0], &x, 1) &&
        ints_are(&t.outs[0], 12, I64S(1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6)));
  tb_free(&t);
  /* expand_copy of a size-1 dim, then view_copy */
  RgTensor col = tb_in_i(RG_DT_I8, 2, I64S(2, 1), I64S(7, 9));
  tb_init(&t);
  a = tb_arg(&t, "tensor<2x1xi8>");
  n = tb_node(&t, "aten.expand_copy", "tensor<2x3xi8>", 1, &a);
  tb_prop_ints(&t, n, "size", 2, I64S(2, 3));
  RgValue *e = &n->results[0];
  RgNode *v = tb_node(&t, "aten.view_copy", "tensor<6xi8>", 1, &e);
  tb_prop_ints(&t, v, "size", 1, I64S(6));
  CHECK(tb_run1(&t, &v->results[0], &col, 1) && ints_are(&t.outs[0], 6, I64S(7, 7, 7, 9, 9, 9)));
  tb_free(&t);
  rg_tensor_release(&col);
  /* not a permutation */
  tb_init(&t);
  a = tb_arg(&t, "tensor<2x3xi8>");
  n = tb_node(&t, "aten.permute_copy", "tensor<2x3xi8>", 1, &a);
  tb_prop_ints(&t, n, "dims", 2, I64S(0, 0));
  tb_ret1(&t, &n->results[0]);
  CHECK(tb_run(&t, &x, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  rg_tensor_release(&x);
}

static void test_constant(void) {
  TB t;
  tb_init(&t);
  RgNode *n = tb_node(&t, "aten._constant", "tensor<2xf16>", 0, NULL);
  rg_node_set_prop(t.g, n, "value", rg_attr_dense_floats(t.g, tb_type(&t, "tensor<f16>"), 1, F64S(0.1)));
  /* a rank-0 value for a [2] result is two copies of the f16-rounded 0.1 */
  CHECK(tb_run1(&t, &n->results[0], NULL, 0) && floats_are(&t.outs[0], 2, F32S(0.0999755859375f, 0.0999755859375f)));
  tb_free(&t);
  tb_init(&t);
  n = tb_node(&t, "aten._constant", "tensor<2xi32>", 0, NULL);
  rg_node_set_prop(t.g, n, "value", rg_attr_dense_floats(t.g, tb_type(&t, "tensor<2xf32>"), 2, F64S(1, 2)));
  tb_ret1(&t, &n->results[0]);
  CHECK(tb_run(&t, NULL, 0) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  RgGraph *g = rg_graph_new();
  RgInterp *ip = rg_interp_new(g, rg_ops_builtin, rg_num_ops_builtin);
  CHECK(ip && rg_interp_supports(ip, "aten.mul.Scalar") && rg_interp_supports(ip, "aten.permute_copy") &&
        !rg_interp_supports(ip, "aten.sign"));
  rg_interp_free(ip);
  rg_graph_free(g);
}

int main(void) {
  RUN(test_mul_tensor_broadcast);
  RUN(test_mul_scalar_opmath);
  RUN(test_add_alpha);
  RUN(test_matmuls);
  RUN(test_data_movement);
  RUN(test_constant);
  TEST_EXIT();
}
