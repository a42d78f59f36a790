/* Unit tests for the reference interpreter, part 1: tensors, the driver and
 * its error reporting, const/const_shape, transpose (rank 0..6), reshape,
 * add/sub, clamp and rescale. Expected values are worked out by hand from
 * the TOSA 1.0 pseudocode (see the comment next to each number). */
#include <stdlib.h>
#include "interp_tb.h"
#include "rulegen/eval.h"
#include "check.h"

/* ---- tensors ---- */

static bool bf16_exact(float v) {
  uint32_t bits;
  memcpy(&bits, &v, sizeof bits);
  return (bits & 0xffff) == 0;
}

static void test_tensor_random(void) {
  RgGraph *g = rg_graph_new();
  const RgType *t8 = rg_type_get(g, "tensor<64xi8>", 13);
  const RgType *tf = rg_type_get(g, "tensor<64xbf16>", 15);
  RgTensor a, b, c, f;
  CHECK(rg_tensor_random(&a, t8, 1) == RG_OK);
  CHECK(rg_tensor_random(&b, t8, 1) == RG_OK);
  CHECK(rg_tensor_random(&c, t8, 2) == RG_OK);
  CHECK(rg_tensor_random(&f, tf, 7) == RG_OK);
  CHECK(rg_tensor_equal(&a, &b));
  CHECK(!rg_tensor_equal(&a, &c));
  bool in_range = true, fin = true;
  for (int i = 0; i < 64; i++) {
    in_range = in_range && rg_tensor_get_int(&a, i) >= -128 && rg_tensor_get_int(&a, i) <= 127;
    fin = fin && rg_tensor_get_float(&f, i) >= -4 && rg_tensor_get_float(&f, i) <= 4 &&
          bf16_exact(rg_tensor_get_float(&f, i));
  }
  CHECK(in_range);
  CHECK(fin);
  char msg[128];
  rg_tensor_set_int(&c, 0, rg_tensor_get_int(&a, 0));
  int64_t at = rg_tensor_first_diff(&a, &c, msg, sizeof msg);
  CHECK(at > 0);
  CHECK(strncmp(msg, "element [", 9) == 0);
  CHECK(rg_tensor_first_diff(&a, &b, msg, sizeof msg) == -1);
  rg_tensor_release(&a);
  rg_tensor_release(&b);
  rg_tensor_release(&c);
  rg_tensor_release(&f);
  rg_graph_free(g);
}

static void test_tensor_nan_bits(void) {
  RgTensor a, b;
  int64_t d = 2;
  rg_tensor_init(&a, RG_DT_F32, 1, &d);
  rg_tensor_init(&b, RG_DT_F32, 1, &d);
  rg_tensor_set_float(&a, 0, NAN);
  rg_tensor_set_float(&b, 0, NAN);
  rg_tensor_set_float(&a, 1, 0.0f);
  rg_tensor_set_float(&b, 1, -0.0f);
  CHECK(!rg_tensor_equal(&a, &b)); /* +0 and -0 differ by bits */
  rg_tensor_set_float(&b, 1, 0.0f);
  CHECK(rg_tensor_equal(&a, &b)); /* same NaN bits are equal */
  rg_tensor_release(&a);
  rg_tensor_release(&b);
}

static void test_round_to_half_types(void) {
  RgTensor h, bf;
  int64_t d = 1;
  rg_tensor_init(&h, RG_DT_F16, 1, &d);
  rg_tensor_init(&bf, RG_DT_BF16, 1, &d);
  rg_tensor_set_float(&h, 0, 2049); /* tie 2048/2050: even mantissa 2048 */
  CHECK(rg_tensor_get_float(&h, 0) == 2048);
  rg_tensor_set_float(&h, 0, 2051); /* tie 2050/2052 -> 2052 */
  CHECK(rg_tensor_get_float(&h, 0) == 2052);
  rg_tensor_set_float(&h, 0, 65519); /* below the halfway point -> max */
  CHECK(rg_tensor_get_float(&h, 0) == 65504);
  rg_tensor_set_float(&h, 0, 65520); /* halfway to 2^16 -> infinity */
  CHECK(isinf(rg_tensor_get_float(&h, 0)));
  rg_tensor_set_float(&h, 0, ldexp(1, -25)); /* half the smallest subnormal: tie to 0 */
  CHECK(rg_tensor_get_float(&h, 0) == 0);
  rg_tensor_set_float(&h, 0, ldexp(3, -26)); /* 0.75 * 2^-24 -> 2^-24 */
  CHECK(rg_tensor_get_float(&h, 0) == (float)ldexp(1, -24));
  rg_tensor_set_float(&bf, 0, 1.00390625); /* 1 + 2^-8: tie -> 1.0 */
  CHECK(rg_tensor_get_float(&bf, 0) == 1.0f);
  rg_tensor_set_float(&bf, 0, 1.01171875); /* 1 + 3*2^-8: tie -> 1 + 2^-6 */
  CHECK(rg_tensor_get_float(&bf, 0) == 1.015625f);
  rg_tensor_release(&h);
  rg_tensor_release(&bf);
}

/* ---- driver ---- */

static void test_unknown_op(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<2xi32>");
  RgValue *y = tb_op(&t, "tosa.frobnicate", "tensor<2xi32>", 1, &x);
  tb_return(&t, 1, &y);
  RgTensor in = tb_in_i(RG_DT_I32, 1, I64S(2), I64S(1, 2));
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID);
  CHECK(t.kind == RG_INTERP_NO_EVALUATOR);
  CHECK(strstr(t.err, "tosa.frobnicate (node") && strstr(t.err, "undeclared op"));
  CHECK(t.outs == NULL && t.nout == 0);
  rg_tensor_release(&in);
  tb_free(&t);
}

/* ---- memory exhaustion is reported as such ---- */

static void *small_alloc(void *user, void *ptr, size_t size) {
  (void)user;
  if (size == 0) {
    free(ptr);
    return NULL;
  }
  return size > ((size_t)1 << 20) ? NULL : realloc(ptr, size);
}

static void test_out_of_memory(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<1xi32>");
  RgValue *y = tb_op(&t, "tosa.tile", "tensor<1048576xi32>", 2,
                     (RgValue *[]){x, tb_shape(&t, 1, I64S(1048576))});
  tb_return(&t, 1, &y);
  RgTensor in = tb_in_i(RG_DT_I32, 1, I64S(1), I64S(7));
  rg_set_allocator(small_alloc, NULL);
  RgStatus s = tb_run(&t, &in, 1);
  rg_set_allocator(NULL, NULL);
  CHECK(s == RG_ERR_NOMEM && t.kind == RG_INTERP_NOMEM);
  CHECK(strstr(t.err, "tosa.tile (node") && strstr(t.err, "out of memory: result 0, tensor<1048576xi32>"));
  rg_tensor_release(&in);
  tb_free(&t);
}

/* ---- evaluators bound through a registry of the test's own ---- */

/* my.twice(x) = 2 * x, with a second result x + 1: a user's op. */
static RgStatus eval_twice(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in,
                           RgTensor *out, uint32_t num_out) {
  (void)n;
  RgStatus s = rg_eval_arity(ip, num_in, 1, 1, num_out, 2);
  if (s != RG_OK)
    return s;
  if (!rg_tensor_is_int(in[0]))
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "integers only");
  for (int64_t i = 0; i < in[0]->numel; i++) {
    rg_tensor_set_int(&out[0], i, 2 * rg_tensor_get_int(in[0], i));
    rg_tensor_set_int(&out[1], i, rg_tensor_get_int(in[0], i) + 1);
  }
  return RG_OK;
}

static const RgOpDesc my_ops[] = {
    {"my.twice", 1, false, 2, 0, NULL, eval_twice, "my.ops:2", 0, NULL, NULL},
    {"my.opaque", 1, false, 1, 0, NULL, NULL, "my.ops:3", 0, NULL, NULL},
};

static void test_user_registry(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<3xi8>");
  const RgType *rt[2] = {tb_type(&t, "tensor<3xi8>"), tb_type(&t, "tensor<3xi32>")};
  RgNode *tw = rg_node_create(t.g, &(RgNodeDesc){rg_op_intern(t.g, "my.twice", 8), 1, &x, 2, rt, 0});
  rg_block_append(t.g, t.body, tw);
  RgValue *rs[2] = {&tw->results[0], &tw->results[1]};
  tb_return(&t, 2, rs);
  RgTensor in = tb_in_i(RG_DT_I8, 1, I64S(3), I64S(1, -3, 100));
  RgInterp *ip = rg_interp_new(t.g, NULL, 0);
  CHECK(ip && rg_interp_add_ops(ip, my_ops, 2) == RG_OK && rg_interp_supports(ip, "my.twice"));
  RgTensor *outs = NULL;
  uint32_t nout = 0;
  CHECK(rg_interp_run(ip, t.func, &in, 1, &outs, &nout) == RG_OK && nout == 2 && !*rg_interp_message(ip));
  CHECK(nout == 2 && ints_are(&outs[0], 3, I64S(2, -6, -56)) && ints_are(&outs[1], 3, I64S(2, -2, 101)));
  rg_tensor_array_free(outs, nout);
  /* one node on given operands, as constant folding calls it */
  RgTensor *in_p = &in;
  CHECK(rg_interp_eval_node(ip, tw, &in_p, 1, &outs) == RG_OK);
  CHECK(outs && ints_are(&outs[0], 3, I64S(2, -6, -56)) && outs[1].dtype == RG_DT_I32);
  rg_tensor_array_free(outs, 2);
  CHECK(rg_interp_eval_node(ip, tw, &in_p, 0, &outs) == RG_ERR_INVALID && !outs);
  CHECK(strstr(rg_interp_message(ip), "given 0 operands for 1"));
  rg_interp_free(ip);
  rg_tensor_release(&in);
  tb_free(&t);

  /* declared without eval(...): the message names the declaration */
  tb_init(&t);
  x = tb_arg(&t, "tensor<2xi32>");
  RgValue *y = tb_op(&t, "my.opaque", "tensor<2xi32>", 1, &x);
  tb_return(&t, 1, &y);
  in = tb_in_i(RG_DT_I32, 1, I64S(2), I64S(1, 2));
  ip = rg_interp_new(t.g, my_ops, 2);
  CHECK(ip && rg_interp_run(ip, t.func, &in, 1, &outs, &nout) == RG_ERR_INVALID);
  const char *err = rg_interp_message(ip);
  CHECK(rg_interp_last_error(ip) == RG_INTERP_NO_EVALUATOR && !outs && !nout);
  CHECK(strstr(err, "my.opaque (node") && strstr(err, "declared at my.ops:3 without eval(...)"));
  rg_interp_free(ip);
  rg_tensor_release(&in);
  tb_free(&t);
}

static void test_input_mismatch(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<2xi32>");
  tb_return(&t, 1, &x);
  RgTensor in = tb_in_i(RG_DT_I32, 1, I64S(3), I64S(1, 2, 3));
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID);
  CHECK(t.kind == RG_INTERP_INVALID);
  CHECK(tb_run(&t, NULL, 0) == RG_ERR_INVALID);
  rg_tensor_release(&in);
  tb_free(&t);
}

static void test_find_func(void) {
  TB t;
  tb_init(&t);
  tb_arg(&t, "tensor<2x2xi8>");
  tb_arg(&t, "tensor<3xf32>");
  RgTensor *in = NULL, *in2 = NULL;
  uint32_t n = 0, n2 = 0;
  CHECK(rg_interp_random_inputs(t.func, 5, &in, &n) == RG_OK && n == 2);
  CHECK(rg_interp_random_inputs(t.func, 5, &in2, &n2) == RG_OK && n2 == 2);
  CHECK(n == 2 && n2 == 2 && in[0].dtype == RG_DT_I8 && in[1].numel == 3);
  CHECK(n == 2 && n2 == 2 && rg_tensor_equal(&in[0], &in2[0]) && rg_tensor_equal(&in[1], &in2[1]));
  rg_tensor_array_free(in, n);
  rg_tensor_array_free(in2, n2);
  CHECK(rg_interp_find_func(t.g, "main") == t.func);
  CHECK(rg_interp_find_func(t.g, "other") == NULL);
  RgInterp *ip = rg_interp_new(t.g, rg_ops_builtin, rg_num_ops_builtin);
  CHECK(ip && rg_interp_supports(ip, "tosa.rescale"));
  CHECK(ip && !rg_interp_supports(ip, "tosa.custom"));
  rg_interp_free(ip);
  ip = rg_interp_new(t.g, NULL, 0); /* no registry: no op runs */
  CHECK(ip && !rg_interp_supports(ip, "tosa.rescale"));
  rg_interp_free(ip);
  tb_free(&t);
}

/* ---- const, add, sub ---- */

static void test_const_add_broadcast(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<2x3xi32>");
  RgValue *c = tb_const_i(&t, "tensor<1x3xi32>", 3, I64S(1, 2, 3));
  RgValue *ops[2] = {x, c};
  RgValue *y = tb_op(&t, "tosa.add", "tensor<2x3xi32>", 2, ops);
  RgTensor in = tb_in_i(RG_DT_I32, 2, I64S(2, 3), I64S(10, 20, 30, 40, 50, 60));
  CHECK(tb_run1(&t, y, &in, 1));
  CHECK(ints_are(&t.outs[0], 6, I64S(11, 22, 33, 41, 52, 63)));
  rg_tensor_release(&in);
  tb_free(&t);
}

static void test_add_overflow_is_unpredictable(void) {
  /* apply_add_s<i32> REQUIREs the exact sum to fit i32: no silent wrap */
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<1xi32>");
  RgValue *c = tb_const_i(&t, "tensor<1xi32>", 1, I64S(1));
  RgValue *ops[2] = {x, c};
  RgValue *y = tb_op(&t, "tosa.add", "tensor<1xi32>", 2, ops);
  tb_return(&t, 1, &y);
  RgTensor in = tb_in_i(RG_DT_I32, 1, I64S(1), I64S(2147483647));
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID);
  CHECK(t.kind == RG_INTERP_UNPREDICTABLE);
  CHECK(strstr(t.err, "tosa.add") != NULL);
  rg_tensor_release(&in);
  tb_free(&t);
}

static void test_sub_float(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<3xf32>");
  RgValue *c = tb_const_f(&t, "tensor<1xf32>", 1, F64S(0.1));
  RgValue *ops[2] = {x, c};
  RgValue *y = tb_op(&t, "tosa.sub", "tensor<3xf32>", 2, ops);
  RgTensor in = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(1.0f, 0.1f, -0.0f));
  CHECK(tb_run1(&t, y, &in, 1));
  /* fp32 arithmetic: 1 - 0.1f, 0.1f - 0.1f = +0, -0 - 0.1f */
  CHECK(floats_are(&t.outs[0], 3, F32S(1.0f - 0.1f, 0.0f, -0.1f)));
  rg_tensor_release(&in);
  tb_free(&t);
}

/* ---- transpose, reshape ---- */

static void run_transpose(const char *in_ty, const char *out_ty, int32_t rank, const int64_t *dims,
                          const int64_t *perms, const int64_t *want) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, in_ty);
  RgNode *n = tb_node(&t, "tosa.transpose", out_ty, 1, &x);
  rg_node_set_prop(t.g, n, "perms", rg_attr_dense_array_ints(t.g, RG_DT_I32, (uint32_t)rank, perms));
  RgTensor in;
  rg_tensor_init(&in, RG_DT_I32, rank, dims);
  for (int64_t i = 0; i < in.numel; i++)
    rg_tensor_set_int(&in, i, i);
  CHECK(tb_run1(&t, &n->results[0], &in, 1));
  CHECK(t.nout == 1 && ints_are(&t.outs[0], in.numel, want));
  rg_tensor_release(&in);
  tb_free(&t);
}

static void test_transpose_ranks(void) {
  /* out[idx] = in[j] with j[perms[i]] = idx[i]; inputs hold 0, 1, 2, ... */
  run_transpose("tensor<i32>", "tensor<i32>", 0, NULL, NULL, I64S(0));
  run_transpose("tensor<3xi32>", "tensor<3xi32>", 1, I64S(3), I64S(0), I64S(0, 1, 2));
  run_transpose("tensor<2x3xi32>", "tensor<3x2xi32>", 2, I64S(2, 3), I64S(1, 0),
                I64S(0, 3, 1, 4, 2, 5));
  /* [2,3,4] perms [2,0,1] -> [4,2,3]; out[i,j,k] = in[j,k,i] = 12j + 4k + i */
  run_transpose("tensor<2x3x4xi32>", "tensor<4x2x3xi32>", 3, I64S(2, 3, 4), I64S(2, 0, 1),
                I64S(0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11,
                     15, 19, 23));
  /* NCHW [1,2,2,2] perms [0,2,3,1] -> NHWC; out[n,h,w,c] = 4c + 2h + w */
  run_transpose("tensor<1x2x2x2xi32>", "tensor<1x2x2x2xi32>", 4, I64S(1, 2, 2, 2),
                I64S(0, 2, 3, 1), I64S(0, 4, 1, 5, 2, 6, 3, 7));
  /* [2,1,1,1,3] reversed -> [3,1,1,1,2]; out[e,..,a] = 3a + e */
  run_transpose("tensor<2x1x1x1x3xi32>", "tensor<3x1x1x1x2xi32>", 5, I64S(2, 1, 1, 1, 3),
                I64S(4, 3, 2, 1, 0), I64S(0, 3, 1, 4, 2, 5));
  /* [1,2,1,2,1,2] reversed; value 4b + 2d + f in out order (f, d, b) */
  run_transpose("tensor<1x2x1x2x1x2xi32>", "tensor<2x1x2x1x2x1xi32>", 6, I64S(1, 2, 1, 2, 1, 2),
                I64S(5, 4, 3, 2, 1, 0), I64S(0, 4, 2, 6, 1, 5, 3, 7));
}

static void test_transpose_bad_perms(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<2x3xi32>");
  RgNode *n = tb_node(&t, "tosa.transpose", "tensor<3x2xi32>", 1, &x);
  rg_node_set_prop(t.g, n, "perms", rg_attr_dense_array_ints(t.g, RG_DT_I32, 2, I64S(0, 0)));
  tb_ret1(&t, &n->results[0]);
  RgTensor in = tb_in_i(RG_DT_I32, 2, I64S(2, 3), I64S(1, 2, 3, 4, 5, 6));
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID);
  CHECK(t.kind == RG_INTERP_INVALID);
  rg_tensor_release(&in);
  tb_free(&t);
}

static void test_reshape_order(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<2x3xi8>");
  RgValue *ops[2] = {x, tb_shape(&t, 3, I64S(3, 1, 2))};
  RgValue *y = tb_op(&t, "tosa.reshape", "tensor<3x1x2xi8>", 2, ops);
  RgTensor in = tb_in_i(RG_DT_I8, 2, I64S(2, 3), I64S(1, -2, 3, -4, 5, -6));
  CHECK(tb_run1(&t, y, &in, 1));
  CHECK(ints_are(&t.outs[0], 6, I64S(1, -2, 3, -4, 5, -6))); /* row-major order kept */
  CHECK(t.outs[0].rank == 3 && t.outs[0].dims[0] == 3 && t.outs[0].dims[2] == 2);
  rg_tensor_release(&in);
  tb_free(&t);

  tb_init(&t); /* shape operand disagrees with the result type */
  x = tb_arg(&t, "tensor<2x3xi8>");
  RgValue *ops2[2] = {x, tb_shape(&t, 2, I64S(2, 3))};
  y = tb_op(&t, "tosa.reshape", "tensor<3x2xi8>", 2, ops2);
  tb_return(&t, 1, &y);
  in = tb_in_i(RG_DT_I8, 2, I64S(2, 3), I64S(1, 2, 3, 4, 5, 6));
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  rg_tensor_release(&in);
  tb_free(&t);
}

/* ---- clamp ---- */

static void test_clamp_int(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<5xi8>");
  RgNode *n = tb_node(&t, "tosa.clamp", "tensor<5xi8>", 1, &x);
  tb_prop_int(&t, n, "min_val", -5, "i8");
  tb_prop_int(&t, n, "max_val", 5, "i8");
  RgTensor in = tb_in_i(RG_DT_I8, 1, I64S(5), I64S(-128, -5, 0, 6, 127));
  CHECK(tb_run1(&t, &n->results[0], &in, 1));
  CHECK(ints_are(&t.outs[0], 5, I64S(-5, -5, 0, 5, 5)));
  rg_tensor_release(&in);
  tb_free(&t);
}

static void run_clamp_f(const char *nan_mode, float lo, float hi, const float *want) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<4xf32>");
  RgNode *n = tb_node(&t, "tosa.clamp", "tensor<4xf32>", 1, &x);
  rg_node_set_prop(t.g, n, "min_val", rg_attr_float(t.g, lo, tb_type(&t, "f32")));
  rg_node_set_prop(t.g, n, "max_val", rg_attr_float(t.g, hi, tb_type(&t, "f32")));
  if (nan_mode)
    tb_prop_opaque(&t, n, "nan_mode", nan_mode);
  RgTensor in = tb_in_f(RG_DT_F32, 1, I64S(4), F32S(NAN, -1.0f, 3.5f, 7.0f));
  tb_ret1(&t, &n->results[0]);
  RgStatus s = tb_run(&t, &in, 1);
  if (want) {
    CHECK(s == RG_OK);
    CHECK(t.nout == 1 && floats_are(&t.outs[0], 4, want));
  } else {
    CHECK(s == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  }
  rg_tensor_release(&in);
  tb_free(&t);
}

static void test_clamp_float_nan(void) {
  run_clamp_f(NULL, 0.0f, 6.0f, F32S(NAN, 0.0f, 3.5f, 6.0f));
  run_clamp_f("#tosa.nan_mode<PROPAGATE>", 0.0f, 6.0f, F32S(NAN, 0.0f, 3.5f, 6.0f));
  /* IGNORE: a NaN input becomes min_val */
  run_clamp_f("#tosa.nan_mode<IGNORE>", 0.0f, 6.0f, F32S(0.0f, 0.0f, 3.5f, 6.0f));
  run_clamp_f(NULL, 6.0f, 0.0f, NULL); /* ERROR_IF(max_val < min_val) */
}

/* ---- rescale ---- */

typedef struct RescaleCase {
  const char *in_ty, *out_ty, *mult_ty, *izp_ty, *ozp_ty;
  int64_t n, nc;
  const int64_t *in, *mult, *shift;
  int64_t izp, ozp;
  bool scale32, dbl, per_channel, in_u, out_u;
} RescaleCase;

/* Builds and runs one RESCALE; returns the status, outputs in t. */
static RgStatus run_rescale(TB *t, const RescaleCase *c, RgDType in_dt) {
  tb_init(t);
  RgValue *x = tb_arg(t, c->in_ty);
  char mty[40], sty[40];
  snprintf(mty, sizeof mty, "tensor<%lldx%s>", (long long)c->nc, c->mult_ty);
  snprintf(sty, sizeof sty, "tensor<%lldxi8>", (long long)c->nc);
  RgValue *ops[5] = {x, tb_const_i(t, mty, (uint32_t)c->nc, c->mult),
                     tb_const_i(t, sty, (uint32_t)c->nc, c->shift),
                     tb_scalar_i(t, c->izp_ty, c->izp), tb_scalar_i(t, c->ozp_ty, c->ozp)};
  RgNode *n = tb_node(t, "tosa.rescale", c->out_ty, 5, ops);
  tb_prop_bool(t, n, "scale32", c->scale32);
  tb_prop_bool(t, n, "per_channel", c->per_channel);
  tb_prop_bool(t, n, "input_unsigned", c->in_u);
  tb_prop_bool(t, n, "output_unsigned", c->out_u);
  tb_prop_opaque(t, n, "rounding_mode", c->dbl ? "#tosa.rounding_mode<DOUBLE_ROUND>"
                                                : "#tosa.rounding_mode<SINGLE_ROUND>");
  tb_ret1(t, &n->results[0]);
  const RgType *it = tb_type(t, c->in_ty);
  RgTensor in;
  rg_tensor_init_type(&in, it);
  (void)in_dt;
  for (int64_t i = 0; i < in.numel; i++)
    rg_tensor_set_int(&in, i, c->in[i]);
  RgStatus s = tb_run(t, &in, 1);
  rg_tensor_release(&in);
  return s;
}

static void test_rescale_single_round_ties(void) {
  /* scale 0.5 = 2^30 / 2^31: value*m + 2^30 >> 31 rounds halves toward
   * +infinity: -1.5 -> -1, -0.5 -> 0, 0.5 -> 1, 1.5 -> 2, 2.5 -> 3 */
  RescaleCase c = {"tensor<6xi8>", "tensor<6xi8>", "i32", "tensor<1xi8>", "tensor<1xi8>", 6, 1,
                   I64S(-3, -1, 1, 3, 5, -128), I64S(1 << 30), I64S(31), 0, 0,
                   true, false, false, false, false};
  TB t;
  CHECK(run_rescale(&t, &c, RG_DT_I8) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 6, I64S(-1, 0, 1, 2, 3, -64)));
  tb_free(&t);
}

static void test_rescale_double_round(void) {
  /* m = 1.25 * 2^30, shift 32: v*m/2^32 = 0.3125 for v = 1. SINGLE_ROUND:
   * floor(0.3125 + 0.5) = 0, floor(-0.3125 + 0.5) = 0. DOUBLE_ROUND adds
   * +-2^30 to the rounding term: floor(1.0625) = 1, floor(-0.0625) = -1.
   * v = 2: 0.625 -> 1 either way. */
  RescaleCase c = {"tensor<3xi32>", "tensor<3xi32>", "i32", "tensor<1xi32>", "tensor<1xi32>", 3,
                   1, I64S(1, -1, 2), I64S(1342177280), I64S(32), 0, 0,
                   true, false, false, false, false};
  TB t;
  CHECK(run_rescale(&t, &c, RG_DT_I32) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 3, I64S(0, 0, 1)));
  tb_free(&t);
  c.dbl = true;
  CHECK(run_rescale(&t, &c, RG_DT_I32) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 3, I64S(1, -1, 1)));
  tb_free(&t);
  /* shift <= 31: DOUBLE_ROUND changes nothing (scale 0.5 as above) */
  RescaleCase d = {"tensor<2xi32>", "tensor<2xi32>", "i32", "tensor<1xi32>", "tensor<1xi32>", 2,
                   1, I64S(-3, 3), I64S(1 << 30), I64S(31), 0, 0,
                   true, true, false, false, false};
  CHECK(run_rescale(&t, &d, RG_DT_I32) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 2, I64S(-1, 2)));
  tb_free(&t);
  /* ERROR_IF(!scale32 && DOUBLE_ROUND) */
  RescaleCase e = {"tensor<1xi16>", "tensor<1xi16>", "i16", "tensor<1xi16>", "tensor<1xi16>", 1,
                   1, I64S(3), I64S(16384), I64S(15), 0, 0,
                   false, true, false, false, false};
  CHECK(run_rescale(&t, &e, RG_DT_I16) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
}

static void test_rescale_shift_limits(void) {
  /* shift 2, m 3: value must lie in [-2, 2); (1*3 + 2) >> 2 = 1 (0.75),
   * (-2*3 + 2) >> 2 = -1 (-1.5 toward +inf) */
  RescaleCase c = {"tensor<2xi32>", "tensor<2xi32>", "i32", "tensor<1xi32>", "tensor<1xi32>", 2,
                   1, I64S(1, -2), I64S(3), I64S(2), 0, 0,
                   true, false, false, false, false};
  TB t;
  CHECK(run_rescale(&t, &c, RG_DT_I32) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 2, I64S(1, -1)));
  tb_free(&t);
  c.in = I64S(1, 2); /* 2 >= 2^(shift-1): REQUIRE fails */
  CHECK(run_rescale(&t, &c, RG_DT_I32) == RG_ERR_INVALID && t.kind == RG_INTERP_UNPREDICTABLE);
  tb_free(&t);
  int64_t bad_shifts[] = {0, 1, 63};
  for (int k = 0; k < 3; k++) {
    c.in = I64S(0, 0);
    c.shift = &bad_shifts[k];
    CHECK(run_rescale(&t, &c, RG_DT_I32) == RG_ERR_INVALID && t.kind == RG_INTERP_UNPREDICTABLE);
    CHECK(strstr(t.err, "shift") != NULL);
    tb_free(&t);
  }
  RescaleCase d = {"tensor<1xi48>", "tensor<1xi32>", "i16", "tensor<1xi48>", "tensor<1xi32>", 1,
                   1, I64S(((int64_t)1 << 47) - 1), I64S(32767), I64S(62), 0, 0,
                   false, false, false, false, false};
  /* shift 62 (the largest allowed), scale16 on i48:
   * (2^47-1)*32767 / 2^62 = 0.99997 -> floor(1.49997) = 1 */
  CHECK(run_rescale(&t, &d, RG_DT_I48) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 1, I64S(1)));
  tb_free(&t);
  /* negative multiplier: REQUIRE(multiplier >= 0) */
  RescaleCase e = {"tensor<1xi32>", "tensor<1xi32>", "i32", "tensor<1xi32>", "tensor<1xi32>", 1,
                   1, I64S(5), I64S(-1), I64S(10), 0, 0, true, false, false, false, false};
  CHECK(run_rescale(&t, &e, RG_DT_I32) == RG_ERR_INVALID && t.kind == RG_INTERP_UNPREDICTABLE);
  tb_free(&t);
}

static void test_rescale_saturation_and_zp(void) {
  /* scale 1 (2^30 / 2^30), i32 -> i8 with output_zp -10:
   * 100 -> 90, 200 -> 190 -> 127, -1000 -> -1010 -> -128 */
  RescaleCase c = {"tensor<3xi32>", "tensor<3xi8>", "i32", "tensor<1xi32>", "tensor<1xi8>", 3,
                   1, I64S(100, 200, -1000), I64S(1 << 30), I64S(30), 0, -10,
                   true, false, false, false, false};
  TB t;
  CHECK(run_rescale(&t, &c, RG_DT_I32) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 3, I64S(90, 127, -128)));
  tb_free(&t);
  /* i8 -> i32 with input_zp 5: value - 5 */
  RescaleCase d = {"tensor<2xi8>", "tensor<2xi32>", "i32", "tensor<1xi8>", "tensor<1xi32>", 2,
                   1, I64S(-128, 127), I64S(1 << 30), I64S(30), 5, 0,
                   true, false, false, false, false};
  CHECK(run_rescale(&t, &d, RG_DT_I8) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 2, I64S(-133, 122)));
  tb_free(&t);
  /* ERROR_IF: a non-zero zero point on an i32 input */
  RescaleCase e = {"tensor<1xi32>", "tensor<1xi8>", "i32", "tensor<1xi32>", "tensor<1xi8>", 1,
                   1, I64S(1), I64S(1 << 30), I64S(30), 1, 0,
                   true, false, false, false, false};
  CHECK(run_rescale(&t, &e, RG_DT_I32) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
}

static void test_rescale_int16_scale(void) {
  /* scale32 = false: m = 2^14 (i16), shift 15 -> scale 0.5.
   * -32768 -> -16384; 3 -> (49152 + 16384) >> 15 = 2; -3 -> -1 */
  RescaleCase c = {"tensor<3xi16>", "tensor<3xi16>", "i16", "tensor<1xi16>", "tensor<1xi16>", 3,
                   1, I64S(-32768, 3, -3), I64S(16384), I64S(15), 0, 0,
                   false, false, false, false, false};
  TB t;
  CHECK(run_rescale(&t, &c, RG_DT_I16) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 3, I64S(-16384, 2, -1)));
  tb_free(&t);
}

static void test_rescale_per_channel(void) {
  /* channels scale 1, 0.5, 0.25 (m = 2^30, shifts 30, 31, 32):
   * [4, 4, 4] -> [4, 2, 1]; [-6, -6, -6] -> [-6, -3, -1] (-1.5 -> -1) */
  RescaleCase c = {"tensor<2x3xi8>", "tensor<2x3xi8>", "i32", "tensor<1xi8>", "tensor<1xi8>", 6,
                   3, I64S(4, 4, 4, -6, -6, -6), I64S(1 << 30, 1 << 30, 1 << 30),
                   I64S(30, 31, 32), 0, 0, true, false, true, false, false};
  TB t;
  CHECK(run_rescale(&t, &c, RG_DT_I8) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 6, I64S(4, 2, 1, -6, -3, -1)));
  tb_free(&t);
  c.nc = 2; /* ERROR_IF: multiplier count != channels */
  c.mult = I64S(1 << 30, 1 << 30);
  c.shift = I64S(30, 30);
  CHECK(run_rescale(&t, &c, RG_DT_I8) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
}

static void test_rescale_unsigned(void) {
  /* input_unsigned: raw -1 reads as 255, input_zp -128 reads as 128:
   * 255 - 128 = 127; raw 0 -> -128; raw 10 -> -118 */
  RescaleCase c = {"tensor<3xi8>", "tensor<3xi8>", "i32", "tensor<1xi8>", "tensor<1xi8>", 3,
                   1, I64S(-1, 0, 10), I64S(1 << 30), I64S(30), -128, 0,
                   true, false, false, true, false};
  TB t;
  CHECK(run_rescale(&t, &c, RG_DT_I8) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 3, I64S(127, -128, -118)));
  tb_free(&t);
  /* output_unsigned, output_zp 128 (stored -128), scale 2 (2^30 / 2^29):
   * 5 -> 138 (stored -118), 100 -> 328 -> 255 (stored -1), -100 -> -72 -> 0 */
  RescaleCase d = {"tensor<3xi8>", "tensor<3xi8>", "i32", "tensor<1xi8>", "tensor<1xi8>", 3,
                   1, I64S(5, 100, -100), I64S(1 << 30), I64S(29), 0, -128,
                   true, false, false, false, true};
  CHECK(run_rescale(&t, &d, RG_DT_I8) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 3, I64S(-118, -1, 0)));
  tb_free(&t);
  /* unsigned i16 input with zero point 32768 (stored -32768):
   * raw -1 = 65535 -> 32767; raw 0 -> -32768 */
  RescaleCase e = {"tensor<2xi16>", "tensor<2xi16>", "i32", "tensor<1xi16>", "tensor<1xi16>", 2,
                   1, I64S(-1, 0), I64S(1 << 30), I64S(30), -32768, 0,
                   true, false, false, true, false};
  CHECK(run_rescale(&t, &e, RG_DT_I16) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 2, I64S(32767, -32768)));
  tb_free(&t);
  e.izp = 1; /* ERROR_IF: unsigned i16 zero point must be 0 or 32768 */
  CHECK(run_rescale(&t, &e, RG_DT_I16) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  e.izp = 0; /* ERROR_IF: both unsigned flags */
  e.out_u = true;
  CHECK(run_rescale(&t, &e, RG_DT_I16) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
}

static void test_rescale_inexact_round_rejected(void) {
  TB t;
  RescaleCase c = {"tensor<1xi8>", "tensor<1xi8>", "i32", "tensor<1xi8>", "tensor<1xi8>", 1, 1,
                   I64S(1), I64S(1 << 30), I64S(30), 0, 0, true, false, false, false, false};
  CHECK(run_rescale(&t, &c, RG_DT_I8) == RG_OK);
  tb_free(&t);
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<1xi8>");
  RgValue *ops[5] = {x, tb_scalar_i(&t, "tensor<1xi32>", 1 << 30),
                     tb_scalar_i(&t, "tensor<1xi8>", 30), tb_scalar_i(&t, "tensor<1xi8>", 0),
                     tb_scalar_i(&t, "tensor<1xi8>", 0)};
  RgNode *n = tb_node(&t, "tosa.rescale", "tensor<1xi8>", 5, ops);
  tb_prop_bool(&t, n, "scale32", true);
  tb_prop_opaque(&t, n, "rounding_mode", "#tosa.rounding_mode<INEXACT_ROUND>");
  tb_ret1(&t, &n->results[0]);
  RgTensor in = tb_in_i(RG_DT_I8, 1, I64S(1), I64S(1));
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_UNSUPPORTED);
  rg_tensor_release(&in);
  tb_free(&t);
}

/* ---- a chain: values are freed after their last use ---- */

static void test_chain_and_fanout(void) {
  /* y = clamp(x + x, -3, 3); z = y - x; return (z, y) */
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<4xi32>");
  RgValue *ops[2] = {x, x};
  RgValue *s = tb_op(&t, "tosa.add", "tensor<4xi32>", 2, ops);
  RgNode *c = tb_node(&t, "tosa.clamp", "tensor<4xi32>", 1, &s);
  tb_prop_int(&t, c, "min_val", -3, "i32");
  tb_prop_int(&t, c, "max_val", 3, "i32");
  RgValue *ops2[2] = {&c->results[0], x};
  RgValue *z = tb_op(&t, "tosa.sub", "tensor<4xi32>", 2, ops2);
  RgValue *rets[2] = {z, &c->results[0]};
  tb_return(&t, 2, rets);
  RgTensor in = tb_in_i(RG_DT_I32, 1, I64S(4), I64S(-5, -1, 1, 5));
  CHECK(tb_run(&t, &in, 1) == RG_OK);
  CHECK(t.nout == 2);
  CHECK(t.nout == 2 && ints_are(&t.outs[1], 4, I64S(-3, -2, 2, 3)));
  CHECK(t.nout == 2 && ints_are(&t.outs[0], 4, I64S(2, -1, 1, -2)));
  rg_tensor_release(&in);
  tb_free(&t);
}

int main(void) {
  RUN(test_tensor_random);
  RUN(test_tensor_nan_bits);
  RUN(test_round_to_half_types);
  RUN(test_unknown_op);
  RUN(test_user_registry);
  RUN(test_out_of_memory);
  RUN(test_input_mismatch);
  RUN(test_find_func);
  RUN(test_const_add_broadcast);
  RUN(test_add_overflow_is_unpredictable);
  RUN(test_sub_float);
  RUN(test_transpose_ranks);
  RUN(test_transpose_bad_perms);
  RUN(test_reshape_order);
  RUN(test_clamp_int);
  RUN(test_clamp_float_nan);
  RUN(test_rescale_single_round_ties);
  RUN(test_rescale_double_round);
  RUN(test_rescale_shift_limits);
  RUN(test_rescale_saturation_and_zp);
  RUN(test_rescale_int16_scale);
  RUN(test_rescale_per_channel);
  RUN(test_rescale_unsigned);
  RUN(test_rescale_inexact_round_rejected);
  RUN(test_chain_and_fanout);
  TEST_EXIT();
}
