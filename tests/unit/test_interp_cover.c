/* Unit tests for the reference interpreter, part 3: one test at least for
 * every evaluator the shipped .ops files bind that the other parts do not
 * reach: comparisons, logical and bitwise ops, shifts, integer division,
 * pow, the remaining unary ops, reduce_min/product/all/any, argmax,
 * reverse, gather, scatter, aten.relu/sub/div/clone/_to_copy/full, the Arm
 * edge ops test_eval_arm.c leaves out (erf, tanh, sigmoid, gelu,
 * leaky_relu, add.Scalar, the copies), and the upstream ops of mixed graphs (linalg.matmul, linalg.softmax,
 * tensor.empty, tensor.insert_slice, arith.constant, math.sin/cos).
 * Expected values come from the TOSA 1.0 pseudocode (or the op's
 * definition) worked by hand. */
#include "interp_tb.h"
#include "check.h"

/* Runs `op` on two arguments of type `ty`; the result has type `out_ty`. */
static RgStatus run_binary(TB *t, const char *op, const char *ty, const char *out_ty,
                           const RgTensor *a, const RgTensor *b, RgNode **node) {
  tb_init(t);
  RgValue *ops[2] = {tb_arg(t, ty), tb_arg(t, ty)};
  RgNode *n = tb_node(t, op, out_ty, 2, ops);
  if (node)
    *node = n;
  tb_ret1(t, &n->results[0]);
  RgTensor in[2] = {*a, *b};
  return tb_run(t, in, 2);
}

static RgStatus run_unary(TB *t, const char *op, const char *ty, const char *out_ty,
                          const RgTensor *a) {
  tb_init(t);
  RgValue *x = tb_arg(t, ty);
  tb_ret1(t, tb_op(t, op, out_ty, 1, &x));
  return tb_run(t, a, 1);
}

/* Expects `op` on i32 operands a, b to give `want` (4 elements). */
static bool binary_i32(const char *op, const char *out_ty, const int64_t *a, const int64_t *b,
                       const int64_t *want) {
  TB t;
  RgTensor x = tb_in_i(RG_DT_I32, 1, I64S(4), a), y = tb_in_i(RG_DT_I32, 1, I64S(4), b);
  RgStatus s = run_binary(&t, op, "tensor<4xi32>", out_ty, &x, &y, NULL);
  bool ok = s == RG_OK && t.nout == 1 && ints_are(&t.outs[0], 4, want);
  if (!ok)
    printf("  %s: %s\n", op, t.err);
  tb_free(&t);
  rg_tensor_release(&x);
  rg_tensor_release(&y);
  return ok;
}

static void test_compare_and_bitwise(void) {
  const int64_t *a = I64S(5, -7, 0, -1), *b = I64S(5, 2, -3, 1);
  CHECK(binary_i32("tosa.equal", "tensor<4xi1>", a, b, I64S(1, 0, 0, 0)));
  CHECK(binary_i32("tosa.greater", "tensor<4xi1>", a, b, I64S(0, 0, 1, 0)));
  CHECK(binary_i32("tosa.greater_equal", "tensor<4xi1>", a, b, I64S(1, 0, 1, 0)));
  CHECK(binary_i32("tosa.bitwise_and", "tensor<4xi32>", a, b, I64S(5, 0, 0, 1)));
  CHECK(binary_i32("tosa.bitwise_or", "tensor<4xi32>", a, b, I64S(5, -5, -3, -1)));
  CHECK(binary_i32("tosa.bitwise_xor", "tensor<4xi32>", a, b, I64S(0, -5, -3, -2)));
  /* INTDIV truncates toward zero */
  CHECK(binary_i32("tosa.intdiv", "tensor<4xi32>", I64S(7, -7, 7, -7), I64S(2, 2, -2, -2),
                   I64S(3, -3, -3, 3)));
  /* shifts: logical right shift of a negative i32 brings in zeros */
  CHECK(binary_i32("tosa.logical_left_shift", "tensor<4xi32>", I64S(1, -1, 3, 1 << 30),
                   I64S(4, 1, 0, 1), I64S(16, -2, 3, -2147483647 - 1)));
  CHECK(binary_i32("tosa.logical_right_shift", "tensor<4xi32>", I64S(-8, 8, -1, 5),
                   I64S(1, 2, 31, 0), I64S(2147483644, 2, 1, 5)));
  CHECK(binary_i32("tosa.arithmetic_right_shift", "tensor<4xi32>", I64S(-8, 7, -7, 5),
                   I64S(1, 1, 1, 0), I64S(-4, 3, -4, 5)));

  TB t;
  /* ARITHMETIC_RIGHT_SHIFT with round adds the last bit shifted out */
  RgTensor x = tb_in_i(RG_DT_I32, 1, I64S(4), I64S(7, -7, 6, -5));
  RgTensor y = tb_in_i(RG_DT_I32, 1, I64S(4), I64S(1, 1, 2, 1));
  RgNode *n;
  tb_init(&t);
  RgValue *ops[2] = {tb_arg(&t, "tensor<4xi32>"), tb_arg(&t, "tensor<4xi32>")};
  n = tb_node(&t, "tosa.arithmetic_right_shift", "tensor<4xi32>", 2, ops);
  tb_prop_bool(&t, n, "round", true);
  tb_ret1(&t, &n->results[0]);
  RgTensor in[2] = {x, y};
  CHECK(tb_run(&t, in, 2) == RG_OK && ints_are(&t.outs[0], 4, I64S(4, -3, 2, -2)));
  tb_free(&t);
  rg_tensor_release(&x);
  rg_tensor_release(&y);

  /* shift amounts outside [0, 31] and division by zero: REQUIRE */
  x = tb_in_i(RG_DT_I32, 1, I64S(1), I64S(1));
  y = tb_in_i(RG_DT_I32, 1, I64S(1), I64S(32));
  CHECK(run_binary(&t, "tosa.logical_left_shift", "tensor<1xi32>", "tensor<1xi32>", &x, &y,
                   NULL) == RG_ERR_INVALID && t.kind == RG_INTERP_UNPREDICTABLE);
  tb_free(&t);
  rg_tensor_set_int(&y, 0, 0);
  CHECK(run_binary(&t, "tosa.intdiv", "tensor<1xi32>", "tensor<1xi32>", &x, &y, NULL) ==
            RG_ERR_INVALID && t.kind == RG_INTERP_UNPREDICTABLE && strstr(t.err, "tosa.intdiv"));
  tb_free(&t);
  rg_tensor_release(&x);
  rg_tensor_release(&y);

  /* logical ops on i1 */
  x = tb_in_i(RG_DT_I1, 1, I64S(4), I64S(0, 0, 1, 1));
  y = tb_in_i(RG_DT_I1, 1, I64S(4), I64S(0, 1, 0, 1));
  static const struct { const char *op; int64_t want[4]; } lg[] = {
      {"tosa.logical_and", {0, 0, 0, 1}},
      {"tosa.logical_or", {0, 1, 1, 1}},
      {"tosa.logical_xor", {0, 1, 1, 0}},
  };
  for (size_t i = 0; i < sizeof lg / sizeof lg[0]; i++) {
    CHECK(run_binary(&t, lg[i].op, "tensor<4xi1>", "tensor<4xi1>", &x, &y, NULL) == RG_OK &&
          ints_are(&t.outs[0], 4, lg[i].want));
    tb_free(&t);
  }
  CHECK(run_unary(&t, "tosa.logical_not", "tensor<4xi1>", "tensor<4xi1>", &x) == RG_OK &&
        ints_are(&t.outs[0], 4, I64S(1, 1, 0, 0)));
  tb_free(&t);
  rg_tensor_release(&x);
  rg_tensor_release(&y);
}

static void test_pow(void) {
  TB t;
  RgTensor x = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(2.0f, 9.0f, 0.5f));
  RgTensor y = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(10.0f, 0.5f, -1.0f));
  CHECK(run_binary(&t, "tosa.pow", "tensor<3xf32>", "tensor<3xf32>", &x, &y, NULL) == RG_OK &&
        floats_are(&t.outs[0], 3, F32S(1024.0f, 3.0f, 2.0f)));
  tb_free(&t);
  rg_tensor_release(&x);
  rg_tensor_release(&y);
}

static void test_unary_rest(void) {
  TB t;
  RgTensor f = tb_in_f(RG_DT_F32, 1, I64S(4), F32S(1.5f, -1.5f, 0.0f, 2.0f));
  CHECK(run_unary(&t, "tosa.floor", "tensor<4xf32>", "tensor<4xf32>", &f) == RG_OK &&
        floats_are(&t.outs[0], 4, F32S(1.0f, -2.0f, 0.0f, 2.0f)));
  tb_free(&t);
  CHECK(run_unary(&t, "tosa.ceil", "tensor<4xf32>", "tensor<4xf32>", &f) == RG_OK &&
        floats_are(&t.outs[0], 4, F32S(2.0f, -1.0f, 0.0f, 2.0f)));
  tb_free(&t);
  CHECK(run_unary(&t, "tosa.identity", "tensor<4xf32>", "tensor<4xf32>", &f) == RG_OK &&
        floats_are(&t.outs[0], 4, F32S(1.5f, -1.5f, 0.0f, 2.0f)));
  tb_free(&t);
  /* libm values: only exact points are pinned */
  CHECK(run_unary(&t, "tosa.log", "tensor<4xf32>", "tensor<4xf32>", &f) == RG_OK &&
        isnan(rg_tensor_get_float(&t.outs[0], 1)) && isinf(rg_tensor_get_float(&t.outs[0], 2)) && rg_tensor_get_float(&t.outs[0], 2) < 0);
  tb_free(&t);
  CHECK(run_unary(&t, "tosa.erf", "tensor<4xf32>", "tensor<4xf32>", &f) == RG_OK &&
        rg_tensor_get_float(&t.outs[0], 2) == 0.0f && rg_tensor_get_float(&t.outs[0], 0) == -rg_tensor_get_float(&t.outs[0], 1) &&
        rg_tensor_get_float(&t.outs[0], 3) > 0.995f && rg_tensor_get_float(&t.outs[0], 3) < 0.996f);
  tb_free(&t);
  CHECK(run_unary(&t, "tosa.sin", "tensor<4xf32>", "tensor<4xf32>", &f) == RG_OK &&
        rg_tensor_get_float(&t.outs[0], 2) == 0.0f && rg_tensor_get_float(&t.outs[0], 0) == -rg_tensor_get_float(&t.outs[0], 1));
  tb_free(&t);
  CHECK(run_unary(&t, "tosa.cos", "tensor<4xf32>", "tensor<4xf32>", &f) == RG_OK &&
        rg_tensor_get_float(&t.outs[0], 2) == 1.0f && rg_tensor_get_float(&t.outs[0], 0) == rg_tensor_get_float(&t.outs[0], 1));
  tb_free(&t);
  rg_tensor_release(&f);

  RgTensor i = tb_in_i(RG_DT_I32, 1, I64S(4), I64S(0, 1, -1, 0x00ff0000));
  CHECK(run_unary(&t, "tosa.clz", "tensor<4xi32>", "tensor<4xi32>", &i) == RG_OK &&
        ints_are(&t.outs[0], 4, I64S(32, 31, 0, 8)));
  tb_free(&t);
  CHECK(run_unary(&t, "tosa.bitwise_not", "tensor<4xi32>", "tensor<4xi32>", &i) == RG_OK &&
        ints_are(&t.outs[0], 4, I64S(-1, -2, 0, ~(int64_t)0x00ff0000)));
  tb_free(&t);
  CHECK(run_unary(&t, "tosa.identity", "tensor<4xi32>", "tensor<4xi32>", &i) == RG_OK &&
        ints_are(&t.outs[0], 4, I64S(0, 1, -1, 0x00ff0000)));
  tb_free(&t);
  rg_tensor_release(&i);
}

/* Reduces a 2x3 input along axis 1 with `op`. */
static RgStatus run_reduce(TB *t, const char *op, const char *ty, const char *out_ty,
                           const RgTensor *in) {
  tb_init(t);
  RgValue *x = tb_arg(t, ty);
  RgNode *n = tb_node(t, op, out_ty, 1, &x);
  tb_prop_int(t, n, "axis", 1, "i32");
  tb_ret1(t, &n->results[0]);
  return tb_run(t, in, 1);
}

static void test_reduce_rest(void) {
  TB t;
  RgTensor x = tb_in_i(RG_DT_I32, 2, I64S(2, 3), I64S(3, -2, 5, 4, 0, 1));
  CHECK(run_reduce(&t, "tosa.reduce_min", "tensor<2x3xi32>", "tensor<2x1xi32>", &x) == RG_OK &&
        ints_are(&t.outs[0], 2, I64S(-2, 0)));
  tb_free(&t);
  CHECK(run_reduce(&t, "tosa.reduce_product", "tensor<2x3xi32>", "tensor<2x1xi32>", &x) ==
            RG_OK && ints_are(&t.outs[0], 2, I64S(-30, 0)));
  tb_free(&t);
  CHECK(run_reduce(&t, "tosa.argmax", "tensor<2x3xi32>", "tensor<2xi32>", &x) == RG_OK &&
        ints_are(&t.outs[0], 2, I64S(2, 0)));
  tb_free(&t);
  rg_tensor_release(&x);
  /* i32 products REQUIRE no overflow */
  x = tb_in_i(RG_DT_I32, 2, I64S(1, 3), I64S(65536, 65536, 1));
  CHECK(run_reduce(&t, "tosa.reduce_product", "tensor<1x3xi32>", "tensor<1x1xi32>", &x) ==
            RG_ERR_INVALID && t.kind == RG_INTERP_UNPREDICTABLE);
  tb_free(&t);
  rg_tensor_release(&x);
  /* float product in index order */
  x = tb_in_f(RG_DT_F32, 2, I64S(1, 3), F32S(0.5f, -4.0f, 3.0f));
  CHECK(run_reduce(&t, "tosa.reduce_product", "tensor<1x3xf32>", "tensor<1x1xf32>", &x) ==
            RG_OK && floats_are(&t.outs[0], 1, F32S(-6.0f)));
  tb_free(&t);
  rg_tensor_release(&x);
  x = tb_in_i(RG_DT_I1, 2, I64S(2, 3), I64S(1, 1, 1, 1, 0, 1));
  CHECK(run_reduce(&t, "tosa.reduce_all", "tensor<2x3xi1>", "tensor<2x1xi1>", &x) == RG_OK &&
        ints_are(&t.outs[0], 2, I64S(1, 0)));
  tb_free(&t);
  rg_tensor_release(&x);
  x = tb_in_i(RG_DT_I1, 2, I64S(2, 3), I64S(0, 0, 0, 0, 1, 0));
  CHECK(run_reduce(&t, "tosa.reduce_any", "tensor<2x3xi1>", "tensor<2x1xi1>", &x) == RG_OK &&
        ints_are(&t.outs[0], 2, I64S(0, 1)));
  tb_free(&t);
  rg_tensor_release(&x);
}

static void test_reverse(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<2x3xi8>");
  RgNode *n = tb_node(&t, "tosa.reverse", "tensor<2x3xi8>", 1, &x);
  tb_prop_int(&t, n, "axis", 1, "i32");
  RgTensor in = tb_in_i(RG_DT_I8, 2, I64S(2, 3), I64S(1, 2, 3, 4, 5, 6));
  CHECK(tb_run1(&t, &n->results[0], &in, 1) && ints_are(&t.outs[0], 6, I64S(3, 2, 1, 6, 5, 4)));
  tb_free(&t);
  rg_tensor_release(&in);
}

static void test_gather_scatter(void) {
  TB t;
  /* values [1, 3, 2], indices [1, 2] -> rows 2 and 0 */
  tb_init(&t);
  RgValue *ops[2] = {tb_arg(&t, "tensor<1x3x2xf32>"), tb_arg(&t, "tensor<1x2xi32>")};
  tb_ret1(&t, tb_op(&t, "tosa.gather", "tensor<1x2x2xf32>", 2, ops));
  RgTensor in[3] = {tb_in_f(RG_DT_F32, 3, I64S(1, 3, 2), F32S(0, 1, 10, 11, 20, 21)),
                    tb_in_i(RG_DT_I32, 2, I64S(1, 2), I64S(2, 0))};
  CHECK(tb_run(&t, in, 2) == RG_OK && floats_are(&t.outs[0], 4, F32S(20, 21, 0, 1)));
  tb_free(&t);
  /* an index outside [0, K) is a REQUIRE */
  rg_tensor_set_int(&in[1], 1, 3);
  tb_init(&t);
  ops[0] = tb_arg(&t, "tensor<1x3x2xf32>");
  ops[1] = tb_arg(&t, "tensor<1x2xi32>");
  tb_ret1(&t, tb_op(&t, "tosa.gather", "tensor<1x2x2xf32>", 2, ops));
  CHECK(tb_run(&t, in, 2) == RG_ERR_INVALID && t.kind == RG_INTERP_UNPREDICTABLE);
  tb_free(&t);

  /* scatter rows 2 and 0 of the values with the input rows */
  rg_tensor_set_int(&in[1], 1, 0);
  in[2] = tb_in_f(RG_DT_F32, 3, I64S(1, 2, 2), F32S(-1, -2, -3, -4));
  tb_init(&t);
  RgValue *sops[3] = {tb_arg(&t, "tensor<1x3x2xf32>"), tb_arg(&t, "tensor<1x2xi32>"),
                      tb_arg(&t, "tensor<1x2x2xf32>")};
  tb_ret1(&t, tb_op(&t, "tosa.scatter", "tensor<1x3x2xf32>", 3, sops));
  CHECK(tb_run(&t, in, 3) == RG_OK && floats_are(&t.outs[0], 6, F32S(-3, -4, 10, 11, -1, -2)));
  tb_free(&t);
  /* writing one row twice is a REQUIRE */
  rg_tensor_set_int(&in[1], 1, 2);
  tb_init(&t);
  sops[0] = tb_arg(&t, "tensor<1x3x2xf32>");
  sops[1] = tb_arg(&t, "tensor<1x2xi32>");
  sops[2] = tb_arg(&t, "tensor<1x2x2xf32>");
  tb_ret1(&t, tb_op(&t, "tosa.scatter", "tensor<1x3x2xf32>", 3, sops));
  CHECK(tb_run(&t, in, 3) == RG_ERR_INVALID && t.kind == RG_INTERP_UNPREDICTABLE &&
        strstr(t.err, "twice"));
  tb_free(&t);
  for (int i = 0; i < 3; i++)
    rg_tensor_release(&in[i]);
}

static void test_aten_relu(void) {
  TB t;
  RgTensor x = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(-1.5f, 0.0f, 2.5f));
  CHECK(run_unary(&t, "aten.relu", "tensor<3xf32>", "tensor<3xf32>", &x) == RG_OK &&
        floats_are(&t.outs[0], 3, F32S(0.0f, 0.0f, 2.5f)));
  tb_free(&t);
  rg_tensor_release(&x);
}

static void test_aten_sub_div_clone(void) {
  TB t;
  RgTensor x = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(1.0f, 6.0f, -3.0f));
  RgTensor y = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(4.0f, 3.0f, 0.0f));
  CHECK(run_binary(&t, "aten.div.Tensor", "tensor<3xf32>", "tensor<3xf32>", &x, &y, NULL) ==
            RG_OK && floats_are(&t.outs[0], 3, F32S(0.25f, 2.0f, -INFINITY)));
  tb_free(&t);
  /* sub with alpha: x - alpha * y, the product rounded first */
  RgNode *n;
  tb_init(&t);
  RgValue *ops[2] = {tb_arg(&t, "tensor<3xf32>"), tb_arg(&t, "tensor<3xf32>")};
  n = tb_node(&t, "aten.sub.Tensor", "tensor<3xf32>", 2, ops);
  rg_node_set_prop(t.g, n, "alpha", rg_attr_float(t.g, 0.5, tb_type(&t, "f64")));
  tb_ret1(&t, &n->results[0]);
  RgTensor in[2] = {x, y};
  CHECK(tb_run(&t, in, 2) == RG_OK && floats_are(&t.outs[0], 3, F32S(-1.0f, 4.5f, -3.0f)));
  tb_free(&t);
  CHECK(run_unary(&t, "aten.clone", "tensor<3xf32>", "tensor<3xf32>", &x) == RG_OK &&
        floats_are(&t.outs[0], 3, F32S(1.0f, 6.0f, -3.0f)));
  tb_free(&t);
  rg_tensor_release(&x);
  rg_tensor_release(&y);
  /* integers: sub wraps, true division needs a float result */
  x = tb_in_i(RG_DT_I8, 1, I64S(3), I64S(-128, 5, 0));
  y = tb_in_i(RG_DT_I8, 1, I64S(3), I64S(1, 7, 2));
  CHECK(run_binary(&t, "aten.sub.Tensor", "tensor<3xi8>", "tensor<3xi8>", &x, &y, NULL) ==
            RG_OK && ints_are(&t.outs[0], 3, I64S(127, -2, -2)));
  tb_free(&t);
  CHECK(run_binary(&t, "aten.div.Tensor", "tensor<3xi8>", "tensor<3xf32>", &x, &y, NULL) ==
            RG_OK && floats_are(&t.outs[0], 3, F32S(-128.0f, 5.0f / 7.0f, 0.0f)));
  tb_free(&t);
  CHECK(run_binary(&t, "aten.div.Tensor", "tensor<3xi8>", "tensor<3xi8>", &x, &y, NULL) ==
            RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  rg_tensor_release(&x);
  rg_tensor_release(&y);
}

static void test_aten_to_copy_full(void) {
  TB t;
  /* floats to integers truncate toward zero; to bool is != 0 */
  RgTensor x = tb_in_f(RG_DT_F32, 1, I64S(4), F32S(2.75f, -2.75f, 0.0f, 127.5f));
  CHECK(run_unary(&t, "aten._to_copy", "tensor<4xf32>", "tensor<4xi8>", &x) == RG_OK &&
        ints_are(&t.outs[0], 4, I64S(2, -2, 0, 127)));
  tb_free(&t);
  CHECK(run_unary(&t, "aten._to_copy", "tensor<4xf32>", "tensor<4xi1>", &x) == RG_OK &&
        ints_are(&t.outs[0], 4, I64S(1, 1, 0, 1)));
  tb_free(&t);
  /* f32 -> f16 rounds to nearest even: 2.75 is exact, 127.5 too */
  CHECK(run_unary(&t, "aten._to_copy", "tensor<4xf32>", "tensor<4xf16>", &x) == RG_OK &&
        floats_are(&t.outs[0], 4, F32S(2.75f, -2.75f, 0.0f, 127.5f)));
  tb_free(&t);
  rg_tensor_set_float(&x, 3, 128.0);
  CHECK(run_unary(&t, "aten._to_copy", "tensor<4xf32>", "tensor<4xi8>", &x) == RG_ERR_INVALID &&
        t.kind == RG_INTERP_UNPREDICTABLE);
  tb_free(&t);
  rg_tensor_release(&x);
  /* integers wrap; 2^24 + 1 rounds to even in f32 */
  x = tb_in_i(RG_DT_I32, 1, I64S(2), I64S(300, 16777217));
  CHECK(run_unary(&t, "aten._to_copy", "tensor<2xi32>", "tensor<2xi8>", &x) == RG_OK &&
        ints_are(&t.outs[0], 2, I64S(44, 1)));
  tb_free(&t);
  CHECK(run_unary(&t, "aten._to_copy", "tensor<2xi32>", "tensor<2xf32>", &x) == RG_OK &&
        floats_are(&t.outs[0], 2, F32S(300.0f, 16777216.0f)));
  tb_free(&t);
  rg_tensor_release(&x);

  tb_init(&t);
  RgNode *f = tb_node(&t, "aten.full", "tensor<2x2xf16>", 0, NULL);
  rg_node_set_prop(t.g, f, "fill_value", rg_attr_float(t.g, 0.1, tb_type(&t, "f64")));
  RgNode *k = tb_node(&t, "aten.full", "tensor<3xi8>", 0, NULL);
  rg_node_set_prop(t.g, k, "fill_value", rg_attr_int(t.g, 257, tb_type(&t, "i64")));
  RgValue *rets[2] = {&f->results[0], &k->results[0]};
  tb_return(&t, 2, rets);
  CHECK(tb_run(&t, NULL, 0) == RG_OK && t.nout == 2);
  /* 0.1 -> f32 -> f16: 0.0999755859375 */
  CHECK(t.nout == 2 && floats_are(&t.outs[0], 4, F32S(0.0999755859375f, 0.0999755859375f,
                                                      0.0999755859375f, 0.0999755859375f)));
  CHECK(t.nout == 2 && ints_are(&t.outs[1], 3, I64S(1, 1, 1)));
  tb_free(&t);
}

/* ---- Arm edge ops the Arm tests do not reach ---- */

/* Runs unary `op` on x (f32[3]) with one property set (name NULL: none). */
static RgStatus run_prop(TB *t, const char *op, const RgTensor *x, const char *name,
                         const RgAttr *(*make)(TB *t)) {
  tb_init(t);
  RgValue *a = tb_arg(t, "tensor<3xf32>");
  RgNode *n = tb_node(t, op, "tensor<3xf32>", 1, &a);
  if (name)
    rg_node_set_prop(t->g, n, name, make(t));
  tb_ret1(t, &n->results[0]);
  return tb_run(t, x, 1);
}

static const RgAttr *str_tanh(TB *t) { return rg_attr_string(t->g, "tanh", 4); }
static const RgAttr *half(TB *t) { return rg_attr_float(t->g, 0.5, tb_type(t, "f64")); }
static const RgAttr *two(TB *t) { return rg_attr_int(t->g, 2, tb_type(t, "i64")); }

static void test_arm_unary(void) {
  TB t;
  RgTensor x = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(0.0f, 1.0f, -2.0f));
  CHECK(run_unary(&t, "aten.erf", "tensor<3xf32>", "tensor<3xf32>", &x) == RG_OK &&
        floats_are(&t.outs[0], 3, F32S(0.0f, erff(1.0f), erff(-2.0f))));
  tb_free(&t);
  CHECK(run_unary(&t, "aten.tanh", "tensor<3xf32>", "tensor<3xf32>", &x) == RG_OK &&
        floats_are(&t.outs[0], 3, F32S(0.0f, tanhf(1.0f), tanhf(-2.0f))));
  tb_free(&t);
  CHECK(run_unary(&t, "aten.sigmoid", "tensor<3xf32>", "tensor<3xf32>", &x) == RG_OK &&
        rg_tensor_get_float(&t.outs[0], 0) == 0.5f && fabsf(rg_tensor_get_float(&t.outs[0], 1) - 0.7310586f) < 1e-6f);
  tb_free(&t);
  /* gelu(1): 0.8413447 exact form, 0.8411920 tanh form; gelu(0) = 0 */
  CHECK(run_prop(&t, "aten.gelu", &x, NULL, NULL) == RG_OK && rg_tensor_get_float(&t.outs[0], 0) == 0.0f &&
        fabsf(rg_tensor_get_float(&t.outs[0], 1) - 0.8413447f) < 1e-6f && rg_tensor_get_float(&t.outs[0], 2) < 0);
  tb_free(&t);
  CHECK(run_prop(&t, "aten.gelu", &x, "approximate", str_tanh) == RG_OK &&
        fabsf(rg_tensor_get_float(&t.outs[0], 1) - 0.8411920f) < 1e-6f);
  tb_free(&t);
  /* leaky_relu: default slope 0.01, or the property */
  CHECK(run_prop(&t, "aten.leaky_relu", &x, NULL, NULL) == RG_OK &&
        floats_are(&t.outs[0], 3, F32S(0.0f, 1.0f, -2.0f * 0.01f)));
  tb_free(&t);
  CHECK(run_prop(&t, "aten.leaky_relu", &x, "negative_slope", half) == RG_OK &&
        floats_are(&t.outs[0], 3, F32S(0.0f, 1.0f, -1.0f)));
  tb_free(&t);
  /* add.Scalar: x + alpha * other, alpha 1 by default */
  CHECK(run_prop(&t, "aten.add.Scalar", &x, "other", two) == RG_OK &&
        floats_are(&t.outs[0], 3, F32S(2.0f, 3.0f, 0.0f)));
  tb_free(&t);
  rg_tensor_release(&x);
}

static void test_arm_copies(void) {
  TB t;
  RgTensor x = tb_in_i(RG_DT_I8, 2, I64S(2, 1), I64S(-3, 4));
  CHECK(run_unary(&t, "aten.alias_copy", "tensor<2x1xi8>", "tensor<2x1xi8>", &x) == RG_OK &&
        ints_are(&t.outs[0], 2, I64S(-3, 4)));
  tb_free(&t);
  CHECK(run_unary(&t, "aten.detach_copy", "tensor<2x1xi8>", "tensor<2x1xi8>", &x) == RG_OK &&
        ints_are(&t.outs[0], 2, I64S(-3, 4)));
  tb_free(&t);
  CHECK(run_unary(&t, "aten.squeeze_copy.dim", "tensor<2x1xi8>", "tensor<2xi8>", &x) == RG_OK &&
        ints_are(&t.outs[0], 2, I64S(-3, 4)));
  tb_free(&t);
  CHECK(run_unary(&t, "aten.unsqueeze_copy", "tensor<2x1xi8>", "tensor<1x2x1xi8>", &x) == RG_OK &&
        ints_are(&t.outs[0], 2, I64S(-3, 4)));
  tb_free(&t);
  /* a copy that changes the element type is malformed */
  CHECK(run_unary(&t, "aten.alias_copy", "tensor<2x1xi8>", "tensor<2x1xi32>", &x) ==
            RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  rg_tensor_release(&x);
}

/* ---- upstream MLIR ops of mixed graphs ---- */

static void test_linalg_matmul(void) {
  TB t;
  tb_init(&t);
  RgValue *ops[3] = {tb_arg(&t, "tensor<2x3xf32>"), tb_arg(&t, "tensor<3x2xf32>"),
                     tb_arg(&t, "tensor<2x2xf32>")};
  tb_ret1(&t, tb_op(&t, "linalg.matmul", "tensor<2x2xf32>", 3, ops));
  RgTensor in[3] = {tb_in_f(RG_DT_F32, 2, I64S(2, 3), F32S(1, 2, 3, 4, 5, 6)),
                    tb_in_f(RG_DT_F32, 2, I64S(3, 2), F32S(1, 0, 0, 1, 1, 1)),
                    tb_in_f(RG_DT_F32, 2, I64S(2, 2), F32S(0.5f, 0, 0, -1))};
  CHECK(tb_run(&t, in, 3) == RG_OK && floats_are(&t.outs[0], 4, F32S(4.5f, 5, 10, 10)));
  tb_free(&t);
  /* ascending k from the init value: (1e8 + 1) + -1e8 = 0 in fp32 */
  tb_init(&t);
  ops[0] = tb_arg(&t, "tensor<1x2xf32>");
  ops[1] = tb_arg(&t, "tensor<2x1xf32>");
  ops[2] = tb_arg(&t, "tensor<1x1xf32>");
  tb_ret1(&t, tb_op(&t, "linalg.matmul", "tensor<1x1xf32>", 3, ops));
  for (int i = 0; i < 3; i++)
    rg_tensor_release(&in[i]);
  in[0] = tb_in_f(RG_DT_F32, 2, I64S(1, 2), F32S(1, -1e8f));
  in[1] = tb_in_f(RG_DT_F32, 2, I64S(2, 1), F32S(1, 1));
  in[2] = tb_in_f(RG_DT_F32, 2, I64S(1, 1), F32S(1e8f));
  CHECK(tb_run(&t, in, 3) == RG_OK && floats_are(&t.outs[0], 1, F32S(0)));
  tb_free(&t);
  for (int i = 0; i < 3; i++)
    rg_tensor_release(&in[i]);
}

static void test_linalg_softmax(void) {
  TB t;
  tb_init(&t);
  RgValue *ops[2] = {tb_arg(&t, "tensor<2x2xf32>"), tb_arg(&t, "tensor<2x2xf32>")};
  RgNode *n = tb_node(&t, "linalg.softmax", "tensor<2x2xf32>", 2, ops);
  tb_prop_int(&t, n, "dimension", 1, "i64");
  tb_ret1(&t, &n->results[0]);
  RgTensor in[2] = {tb_in_f(RG_DT_F32, 2, I64S(2, 2), F32S(3, 3, 100, 100 + 0.6931471805599453f)),
                    tb_in_f(RG_DT_F32, 2, I64S(2, 2), F32S(0, 0, 0, 0))};
  CHECK(tb_run(&t, in, 2) == RG_OK && rg_tensor_get_float(&t.outs[0], 0) == 0.5f &&
        rg_tensor_get_float(&t.outs[0], 1) == 0.5f && fabsf(rg_tensor_get_float(&t.outs[0], 2) - 1.0f / 3) < 1e-6f &&
        fabsf(rg_tensor_get_float(&t.outs[0], 3) - 2.0f / 3) < 1e-6f);
  tb_free(&t);
  for (int i = 0; i < 2; i++)
    rg_tensor_release(&in[i]);
}

static void test_tensor_and_arith(void) {
  TB t;
  tb_init(&t);
  RgValue *src = tb_arg(&t, "tensor<1x2xf32>");
  RgNode *e = tb_node(&t, "tensor.empty", "tensor<2x3xf32>", 0, NULL);
  RgValue *ops[2] = {src, &e->results[0]};
  RgNode *ins = tb_node(&t, "tensor.insert_slice", "tensor<2x3xf32>", 2, ops);
  tb_prop_ints(&t, ins, "static_offsets", 2, I64S(1, 0));
  tb_prop_ints(&t, ins, "static_sizes", 2, I64S(1, 2));
  tb_prop_ints(&t, ins, "static_strides", 2, I64S(1, 2));
  RgNode *c = tb_node(&t, "arith.constant", "tensor<2xi32>", 0, NULL);
  rg_node_set_prop(t.g, c, "value", rg_attr_dense_ints(t.g, tb_type(&t, "tensor<2xi32>"), 2, I64S(7, -7)));
  RgNode *k = tb_node(&t, "arith.constant", "f32", 0, NULL);
  rg_node_set_prop(t.g, k, "value", rg_attr_float(t.g, 0.25, tb_type(&t, "f32")));
  RgValue *sin_in = src;
  RgNode *sn = tb_node(&t, "math.sin", "tensor<1x2xf32>", 1, &sin_in);
  RgNode *cs = tb_node(&t, "math.cos", "tensor<1x2xf32>", 1, &sin_in);
  RgValue *rets[5] = {&ins->results[0], &c->results[0], &k->results[0], &sn->results[0],
                      &cs->results[0]};
  tb_return(&t, 5, rets);
  RgTensor in = tb_in_f(RG_DT_F32, 2, I64S(1, 2), F32S(0.0f, 1.5f));
  CHECK(tb_run(&t, &in, 1) == RG_OK && t.nout == 5);
  if (t.nout == 5) {
    CHECK(floats_are(&t.outs[0], 6, F32S(0, 0, 0, 0.0f, 0, 1.5f)));
    CHECK(ints_are(&t.outs[1], 2, I64S(7, -7)));
    CHECK(t.outs[2].rank == 0 && floats_are(&t.outs[2], 1, F32S(0.25f)));
    CHECK(rg_tensor_get_float(&t.outs[3], 0) == 0.0f && rg_tensor_get_float(&t.outs[3], 1) == sinf(1.5f));
    CHECK(rg_tensor_get_float(&t.outs[4], 0) == 1.0f && rg_tensor_get_float(&t.outs[4], 1) == cosf(1.5f));
  }
  tb_free(&t);

  /* a slice that leaves the destination is invalid */
  tb_init(&t);
  src = tb_arg(&t, "tensor<1x2xf32>");
  e = tb_node(&t, "tensor.empty", "tensor<2x3xf32>", 0, NULL);
  ops[0] = src;
  ops[1] = &e->results[0];
  ins = tb_node(&t, "tensor.insert_slice", "tensor<2x3xf32>", 2, ops);
  tb_prop_ints(&t, ins, "static_offsets", 2, I64S(1, 2));
  tb_prop_ints(&t, ins, "static_sizes", 2, I64S(1, 2));
  tb_prop_ints(&t, ins, "static_strides", 2, I64S(1, 1));
  tb_ret1(&t, &ins->results[0]);
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID &&
        strstr(t.err, "tensor.insert_slice"));
  tb_free(&t);
  rg_tensor_release(&in);
}

int main(void) {
  RUN(test_compare_and_bitwise);
  RUN(test_pow);
  RUN(test_unary_rest);
  RUN(test_reduce_rest);
  RUN(test_reverse);
  RUN(test_gather_scatter);
  RUN(test_aten_relu);
  RUN(test_aten_sub_div_clone);
  RUN(test_aten_to_copy_full);
  RUN(test_arm_unary);
  RUN(test_arm_copies);
  RUN(test_linalg_matmul);
  RUN(test_linalg_softmax);
  RUN(test_tensor_and_arith);
  TEST_EXIT();
}
