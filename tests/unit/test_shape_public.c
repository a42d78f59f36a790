/* Unit tests for the installed broadcasting helpers (rulegen/shape.h):
 * shapes, result types with their messages, and the iterator's offsets
 * against the index arithmetic it replaces. */
#include <string.h>
#include "rulegen/eval.h"
#include "rulegen/shape.h"
#include "check.h"

static void test_shapes(void) {
  int64_t a[] = {2, 1, 4}, b[] = {3, 1}, out[3];
  int32_t r = 0;
  CHECK(rg_shape_broadcast(3, a, 2, b, &r, out) && r == 3 && out[0] == 2 && out[1] == 3 && out[2] == 4);
  int64_t c[] = {5};
  CHECK(!rg_shape_broadcast(3, a, 1, c, &r, out));
  int64_t d[] = {RG_DIM_DYNAMIC, 1}, e[] = {7, RG_DIM_DYNAMIC};
  CHECK(rg_shape_broadcast(2, d, 2, e, &r, d) && r == 2 && d[0] == 7 && d[1] == RG_DIM_DYNAMIC);
}

static void test_types(void) {
  RgGraph *g = rg_graph_new();
  int64_t da[] = {2, 1, 4}, db[] = {3, 1}, dc[] = {5};
  const RgType *ts[3] = {rg_type_tensor(g, RG_DT_F32, 3, da), rg_type_tensor(g, RG_DT_F32, 2, db),
                         rg_type_tensor(g, RG_DT_F32, 1, dc)};
  const RgType *t = NULL;
  char err[256] = "";
  RgBroadcastTypes bt = {ts, 2, RG_BROADCAST_NUMPY, NULL};
  CHECK(rg_shape_broadcast_types(g, &bt, &t, err, sizeof err) == RG_OK);
  CHECK(t && strcmp(t->text, "tensor<2x3x4xf32>") == 0);
  bt.rule = RG_BROADCAST_EQUAL_RANK;
  CHECK(rg_shape_broadcast_types(g, &bt, &t, err, sizeof err) == RG_ERR_TYPE);
  CHECK(strcmp(err, "cannot broadcast tensor<2x1x4xf32> and tensor<3x1xf32>: their ranks differ") == 0);
  const RgType *bad[2] = {ts[0], ts[2]};
  bt = (RgBroadcastTypes){bad, 2, RG_BROADCAST_NUMPY, NULL};
  CHECK(rg_shape_broadcast_types(g, &bt, &t, err, sizeof err) == RG_ERR_TYPE);
  CHECK(strcmp(err, "cannot broadcast tensor<2x1x4xf32> and tensor<5xf32>") == 0);
  const RgType *un[2] = {ts[0], rg_type_get(g, "tensor<*xf32>", 13)};
  bt = (RgBroadcastTypes){un, 2, RG_BROADCAST_NUMPY, rg_type_scalar(g, RG_DT_I1)};
  CHECK(rg_shape_broadcast_types(g, &bt, &t, err, sizeof err) == RG_OK);
  CHECK(t && strcmp(t->text, "tensor<*xi1>") == 0);
  rg_graph_free(g);
}

/* The iterator's offsets are those of the multi-index with each operand's
 * broadcast dims held at 0. */
static void test_iter(void) {
  RgGraph *g = rg_graph_new();
  RgInterp *ip = rg_interp_new(g, NULL, 0);
  int64_t dout[] = {2, 3, 4}, da[] = {2, 1, 4}, db[] = {3, 1}, dc[] = {3};
  RgTensor out, a, b, c;
  CHECK(rg_tensor_init(&out, RG_DT_F32, 3, dout) == RG_OK && rg_tensor_init(&a, RG_DT_F32, 3, da) == RG_OK &&
        rg_tensor_init(&b, RG_DT_F32, 2, db) == RG_OK && rg_tensor_init(&c, RG_DT_F32, 1, dc) == RG_OK);
  RgTensor *in[2] = {&a, &b};
  RgBroadcastIter it;
  CHECK(rg_broadcast_init(ip, &it, &out, in, 2, RG_BROADCAST_NUMPY) == RG_OK);
  int64_t idx[3] = {0, 0, 0};
  bool same = true;
  for (int64_t i = 0; i < out.numel; i++, rg_broadcast_next(&it)) {
    same &= it.off[0] == idx[0] * 4 + idx[2] && it.off[1] == idx[1];
    rg_index_next(idx, dout, 3);
  }
  CHECK(same);
  CHECK(rg_broadcast_init(ip, &it, &out, in, 2, RG_BROADCAST_EQUAL_RANK) == RG_ERR_INVALID);
  CHECK(rg_interp_last_error(ip) == RG_INTERP_INVALID);
  RgInterp *ip2 = rg_interp_new(g, NULL, 0);
  RgTensor *wrong[1] = {&c};
  int64_t d2[] = {2, 4};
  RgTensor out2;
  CHECK(rg_tensor_init(&out2, RG_DT_F32, 2, d2) == RG_OK);
  CHECK(rg_broadcast_init(ip2, &it, &out2, wrong, 1, RG_BROADCAST_NUMPY) == RG_ERR_INVALID);
  rg_tensor_release(&out2);
  rg_interp_free(ip2);
  rg_tensor_release(&out);
  rg_tensor_release(&a);
  rg_tensor_release(&b);
  rg_tensor_release(&c);
  rg_interp_free(ip);
  rg_graph_free(g);
}

int main(void) {
  RUN(test_shapes);
  RUN(test_types);
  RUN(test_iter);
  TEST_EXIT();
}
