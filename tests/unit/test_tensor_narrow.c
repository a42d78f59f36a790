/* Unit tests for the narrow tensor storage (runtime/interp/tensor.c, the inline
 * accessors of rulegen/interp.h): stores wrap to the element width and
 * loads sign- or zero-extend, i4/i1/i48 wrap inside their wider container,
 * and an i8 dense literal is viewed, not copied, by a constant tensor. */
#include "interp_tb.h"
#include "check.h"

static int64_t stored(RgDType dt, int64_t v) {
  RgTensor t;
  int64_t one = 1;
  if (rg_tensor_init(&t, dt, 1, &one) != RG_OK)
    return INT64_MIN;
  rg_tensor_set_int(&t, 0, v);
  int64_t r = rg_tensor_get_int(&t, 0);
  rg_tensor_release(&t);
  return r;
}

static void test_wrap_and_extend(void) {
  CHECK(stored(RG_DT_I8, 200) == -56);
  CHECK(stored(RG_DT_I8, -129) == 127);
  CHECK(stored(RG_DT_UI8, -1) == 255);
  CHECK(stored(RG_DT_I16, 40000) == 40000 - 65536);
  CHECK(stored(RG_DT_UI16, 70000) == 70000 - 65536);
  CHECK(stored(RG_DT_I32, 2147483648LL) == -2147483648LL);
  CHECK(stored(RG_DT_UI32, -1) == 4294967295LL);
  CHECK(stored(RG_DT_I4, 9) == -7);
  CHECK(stored(RG_DT_I1, 3) == 1);
  CHECK(stored(RG_DT_I48, (int64_t)1 << 47) == -((int64_t)1 << 47));
  CHECK(stored(RG_DT_I64, INT64_MIN) == INT64_MIN);
  for (int64_t v = -300; v <= 300; v += 7) /* the accessors agree with rg_elem_wrap */
    CHECK(stored(RG_DT_I8, v) == rg_elem_wrap(RG_DT_I8, v));
}

static void test_float_kinds(void) {
  RgTensor t;
  int64_t two = 2;
  CHECK(rg_tensor_init(&t, RG_DT_F16, 1, &two) == RG_OK);
  CHECK(rg_tensor_is_float(&t) && !rg_tensor_is_int(&t));
  rg_tensor_set_float(&t, 0, 2049); /* rounded to f16 */
  rg_tensor_set_int(&t, 1, 7);
  CHECK(rg_tensor_get_float(&t, 0) == 2048 && rg_tensor_get_int(&t, 1) == 7);
  rg_tensor_release(&t);
}

static void test_constant_view(void) {
  TB t;
  tb_init(&t);
  const int64_t v[4] = {-128, -1, 0, 127};
  RgValue *c = tb_const_i(&t, "tensor<4xi8>", 4, v);
  const RgAttr *a = rg_node_attr(rg_value_def(c), "values");
  RgTensor view;
  CHECK(a && rg_attr_dense_view(t.g, a, &view));
  CHECK(view.numel == 4 && view.dtype == RG_DT_I8);
  for (int i = 0; i < 4; i++)
    CHECK(rg_tensor_get_int(&view, i) == v[i]);
  rg_tensor_release(&view); /* frees nothing: the graph owns the data */
  CHECK(rg_attr_dense_view(t.g, a, &view) && rg_tensor_get_int(&view, 3) == 127);
  const RgAttr *b = rg_attr_dense_tensor(t.g, a->type, &view);
  CHECK(b && rg_attr_equal(a, b));
  CHECK(tb_run1(&t, c, NULL, 0) && ints_are(&t.outs[0], 4, v));
  tb_free(&t);
}

int main(void) {
  RUN(test_wrap_and_extend);
  RUN(test_float_kinds);
  RUN(test_constant_view);
  TEST_EXIT();
}
