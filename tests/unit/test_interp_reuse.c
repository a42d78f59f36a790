/* Unit tests for results that take over a dying operand's storage
 * (rg_eval_reuse_operand) and for splat constants of zero, which leave the
 * zero-filled result untouched: a value read again later keeps its
 * elements, the operand order of a reused broadcast operand is kept, and
 * -0.0 is not taken for a zero. */
#include <stdlib.h>
#include "interp_tb.h"
#include "rulegen/eval.h"
#include "check.h"

/* a = abs(x) is read by sigmoid and then, for the last time, by add: only
 * the add may write its result over a. */
static void test_value_read_later_kept(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<4xf32>");
  RgValue *a = tb_op(&t, "tosa.abs", "tensor<4xf32>", 1, &x);
  RgValue *b = tb_op(&t, "tosa.sigmoid", "tensor<4xf32>", 1, &a);
  RgValue *c = tb_op(&t, "tosa.add", "tensor<4xf32>", 2, (RgValue *[]){a, b});
  RgValue *d = tb_op(&t, "tosa.exp", "tensor<4xf32>", 1, &c);
  tb_return(&t, 3, (RgValue *[]){b, c, d});
  const float xs[4] = {-1.5f, 0.25f, -3.0f, 2.0f};
  RgTensor in = tb_in_f(RG_DT_F32, 1, I64S(4), xs);
  CHECK(tb_run(&t, &in, 1) == RG_OK && t.nout == 3);
  float want_b[4], want_c[4], want_d[4];
  for (int i = 0; i < 4; i++) {
    float av = fabsf(xs[i]), e = expf(-av), den = 1.0f + e;
    want_b[i] = 1.0f / den;
    want_c[i] = av + want_b[i];
    want_d[i] = expf(want_c[i]);
  }
  CHECK(t.nout == 3 && floats_are(&t.outs[0], 4, want_b));
  CHECK(t.nout == 3 && floats_are(&t.outs[1], 4, want_c));
  CHECK(t.nout == 3 && floats_are(&t.outs[2], 4, want_d));
  /* the given input is the caller's: never written */
  CHECK(floats_are(&in, 4, xs));
  rg_tensor_release(&in);
  tb_free(&t);
}

/* sub(y, a) with y broadcast and a dying: the result may live in a's
 * storage, and is still y - a, not a - y. */
static void test_broadcast_second_operand(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<1x4xi32>");
  RgValue *a = tb_op(&t, "tosa.abs", "tensor<1x4xi32>", 1, &x);
  RgValue *y = tb_const_i(&t, "tensor<1x1xi32>", 1, I64S(10));
  RgValue *c = tb_op(&t, "tosa.sub", "tensor<1x4xi32>", 2, (RgValue *[]){y, a});
  RgValue *d = tb_op(&t, "tosa.sub", "tensor<1x4xi32>", 2, (RgValue *[]){c, y});
  tb_return(&t, 2, (RgValue *[]){c, d});
  RgTensor in = tb_in_i(RG_DT_I32, 2, I64S(1, 4), I64S(-1, 2, -30, 4));
  CHECK(tb_run(&t, &in, 1) == RG_OK && t.nout == 2);
  CHECK(t.nout == 2 && ints_are(&t.outs[0], 4, I64S(9, 8, -20, 6)));
  CHECK(t.nout == 2 && ints_are(&t.outs[1], 4, I64S(-1, -2, -30, -4)));
  rg_tensor_release(&in);
  tb_free(&t);
}

/* A splat of +0.0 or 0 leaves the zero-filled result as it is; -0.0 and
 * other values are written. */
static void test_zero_splats(void) {
  TB t;
  tb_init(&t);
  RgValue *z = tb_const_f(&t, "tensor<3xf32>", 1, F64S(0.0));
  RgValue *nz = tb_const_f(&t, "tensor<3xf32>", 1, F64S(-0.0));
  RgValue *h = tb_const_f(&t, "tensor<3xf32>", 1, F64S(0.125));
  RgValue *zi = tb_const_i(&t, "tensor<3xi8>", 1, I64S(0));
  RgValue *mi = tb_const_i(&t, "tensor<3xi8>", 1, I64S(-128));
  tb_return(&t, 5, (RgValue *[]){z, nz, h, zi, mi});
  CHECK(tb_run(&t, NULL, 0) == RG_OK && t.nout == 5);
  CHECK(t.nout == 5 && floats_are(&t.outs[0], 3, F32S(0.0f, 0.0f, 0.0f)));
  CHECK(t.nout == 5 && floats_are(&t.outs[1], 3, F32S(-0.0f, -0.0f, -0.0f)));
  CHECK(t.nout == 5 && floats_are(&t.outs[2], 3, F32S(0.125f, 0.125f, 0.125f)));
  CHECK(t.nout == 5 && ints_are(&t.outs[3], 3, I64S(0, 0, 0)));
  CHECK(t.nout == 5 && ints_are(&t.outs[4], 3, I64S(-128, -128, -128)));
  tb_free(&t);
}

/* rg_eval_fill_dense writes a zero splat into a tensor that holds other
 * values: only a tensor that is all zeros already is left as it is. */
static void test_zero_splat_over_values(void) {
  TB t;
  tb_init(&t);
  RgValue *z = tb_const_f(&t, "tensor<3xf32>", 1, F64S(0.0));
  RgValue *zi = tb_const_i(&t, "tensor<3xi8>", 1, I64S(0));
  RgInterp *ip = rg_interp_new(t.g, rg_ops_builtin, rg_num_ops_builtin);
  RgTensor f = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(1.0f, -0.0f, 2.0f));
  RgTensor i = tb_in_i(RG_DT_I8, 1, I64S(3), I64S(5, 0, -7));
  CHECK(rg_eval_fill_dense(ip, rg_node_attr(rg_value_def(z), "values"), &f) == RG_OK);
  CHECK(rg_eval_fill_dense(ip, rg_node_attr(rg_value_def(zi), "values"), &i) == RG_OK);
  CHECK(floats_are(&f, 3, F32S(0.0f, 0.0f, 0.0f)));
  CHECK(ints_are(&i, 3, I64S(0, 0, 0)));
  rg_tensor_release(&f);
  rg_tensor_release(&i);
  rg_interp_free(ip);
  tb_free(&t);
}

/* An allocator that counts the bytes of large blocks (1/2 MiB and more)
 * live at once; small ones and those made before it was set pass through. */
typedef struct BigBlocks {
  void *ptr[64];
  size_t size[64];
  size_t live, peak;
} BigBlocks;

static void big_forget(BigBlocks *b, void *p) {
  for (int i = 0; p && i < 64; i++)
    if (b->ptr[i] == p) {
      b->live -= b->size[i];
      b->ptr[i] = NULL;
      return;
    }
}

static void *big_alloc(void *user, void *ptr, size_t size) {
  BigBlocks *b = user;
  big_forget(b, ptr);
  if (!size) {
    free(ptr);
    return NULL;
  }
  void *p = realloc(ptr, size);
  if (p && size >= (size_t)1 << 19)
    for (int i = 0; i < 64; i++)
      if (!b->ptr[i]) {
        b->ptr[i] = p;
        b->size[i] = size;
        b->live += size;
        b->peak = b->live > b->peak ? b->live : b->peak;
        break;
      }
  return p;
}

/* Three 1 MiB constants read at the start and again at the end, with a
 * chain of ops between: each is freed after every use and made again for
 * the next, so the chain runs without them (at most 3 MiB live at once,
 * not 5), and the results are those of the arithmetic. */
static void test_constants_made_again(void) {
  TB t;
  tb_init(&t);
  const char *ty = "tensor<512x512xf32>";
  RgValue *x = tb_arg(&t, ty);
  RgValue *c1 = tb_const_f(&t, ty, 1, F64S(0.5)), *c2 = tb_const_f(&t, ty, 1, F64S(0.25));
  RgValue *c3 = tb_const_f(&t, ty, 1, F64S(2.0));
  RgValue *a = tb_op(&t, "tosa.add", ty, 2, (RgValue *[]){x, c1});
  a = tb_op(&t, "tosa.add", ty, 2, (RgValue *[]){a, c2});
  a = tb_op(&t, "tosa.sub", ty, 2, (RgValue *[]){a, c3});
  a = tb_op(&t, "tosa.abs", ty, 1, &a);
  a = tb_op(&t, "tosa.floor", ty, 1, &a);
  a = tb_op(&t, "tosa.abs", ty, 1, &a);
  a = tb_op(&t, "tosa.add", ty, 2, (RgValue *[]){a, c1});
  a = tb_op(&t, "tosa.sub", ty, 2, (RgValue *[]){a, c2});
  a = tb_op(&t, "tosa.add", ty, 2, (RgValue *[]){c3, a});
  tb_ret1(&t, a);
  RgTensor in;
  rg_tensor_init(&in, RG_DT_F32, 2, I64S(512, 512));
  for (int64_t i = 0; i < in.numel; i++)
    rg_tensor_set_float(&in, i, (double)((i * 7919) % 2001 - 1000) / 64.0);
  BigBlocks big;
  memset(&big, 0, sizeof big);
  rg_set_allocator(big_alloc, &big);
  RgStatus st = tb_run(&t, &in, 1);
  rg_set_allocator(NULL, NULL);
  CHECK(st == RG_OK && t.nout == 1);
  bool same = t.nout == 1;
  for (int64_t i = 0; same && i < in.numel; i++) {
    float v = rg_tensor_get_float(&in, i), w = v + 0.5f;
    w = w + 0.25f;
    w = w - 2.0f;
    w = fabsf(floorf(fabsf(w)));
    w = w + 0.5f;
    w = w - 0.25f;
    w = 2.0f + w;
    float got = rg_tensor_get_float(&t.outs[0], i);
    same = memcmp(&got, &w, sizeof w) == 0;
  }
  CHECK(same);
  if (big.peak > (size_t)3 << 20)
    printf("  peak of large blocks %zu bytes\n", big.peak);
  CHECK(big.peak <= (size_t)3 << 20);
  rg_tensor_release(&in);
  tb_free(&t);
}

int main(void) {
  RUN(test_value_read_later_kept);
  RUN(test_broadcast_second_operand);
  RUN(test_zero_splats);
  RUN(test_zero_splat_over_values);
  RUN(test_constants_made_again);
  TEST_EXIT();
}
