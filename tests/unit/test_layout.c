/* Unit tests for the layout optimiser (runtime/pass/layout.c): on a
 * fan-out the plan moves both readers to the argument's layout by the
 * inverse permutation and calls the result optimal; a region with three
 * layouts is solved by enumeration, its bound equal to the optimum; an
 * axis op moves with its axis renamed. */
#include <string.h>
#include "interp_tb.h"
#include "check.h"

#define NCHW "tensor<1x4x5x6xf32>"
#define NHWC "tensor<1x5x6x4xf32>"

static RgNode *transpose(TB *t, RgValue *x, const char *type, int64_t a, int64_t b, int64_t c, int64_t d) {
  RgNode *n = tb_node(t, "tosa.transpose", type, 1, &x);
  rg_node_set_prop(t->g, n, "perms", rg_attr_dense_array_ints(t->g, RG_DT_I32, 4, (int64_t[]){a, b, c, d}));
  return n;
}

static void test_fanout(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, NCHW);
  RgValue *v = &transpose(&t, x, NHWC, 0, 2, 3, 1)->results[0];
  RgNode *a = tb_node(&t, "tosa.abs", NHWC, 1, &v), *e = tb_node(&t, "tosa.exp", NHWC, 1, &v);
  RgNode *ra = transpose(&t, &a->results[0], NCHW, 0, 3, 1, 2);
  RgNode *re = transpose(&t, &e->results[0], NCHW, 0, 3, 1, 2);
  tb_return(&t, 2, (RgValue *[]){&ra->results[0], &re->results[0]});
  RgLayoutPlan *pl;
  CHECK(rg_layout_plan(t.g, t.func, rg_ops_builtin, rg_num_ops_builtin, &pl) == RG_OK);
  const RgLayoutFigures *f = rg_layout_plan_figures(pl);
  CHECK(f->bytes == 3 * 480 && f->placed == 3 * 480 && f->best == 0 && f->bound == 0 && f->regions == 1);
  RgInts q;
  CHECK(rg_layout_plan_moves(pl, a) && rg_layout_plan_perm(pl, a, &q));
  CHECK(q.n == 4 && q.v[0] == 0 && q.v[1] == 3 && q.v[2] == 1 && q.v[3] == 2);
  CHECK(rg_layout_plan_moves(pl, e) && !rg_layout_plan_moves(pl, ra));
  CHECK(rg_layout_plan_moved(pl, NULL, 0) == 2);
  rg_layout_plan_free(pl);
  tb_free(&t);
}

/* x read in three layouts by abs and exp, each returned in its own: every
 * placement writes two transposes; the bound says so. */
static void test_three_layouts(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, NCHW);
  RgValue *v1 = &transpose(&t, x, NHWC, 0, 2, 3, 1)->results[0];
  RgValue *v2 = &transpose(&t, x, "tensor<1x5x4x6xf32>", 0, 2, 1, 3)->results[0];
  RgNode *a = tb_node(&t, "tosa.abs", NHWC, 1, &v1);
  RgNode *e = tb_node(&t, "tosa.exp", "tensor<1x5x4x6xf32>", 1, &v2);
  tb_return(&t, 2, (RgValue *[]){&a->results[0], &e->results[0]});
  RgLayoutPlan *pl;
  CHECK(rg_layout_plan(t.g, t.func, rg_ops_builtin, rg_num_ops_builtin, &pl) == RG_OK);
  const RgLayoutFigures *f = rg_layout_plan_figures(pl);
  CHECK(f->multi == 1 && f->multi_exact == 1 && f->heuristic_gap == 0);
  CHECK(f->bytes == 2 * 480 && f->best == 2 * 480 && f->bound == f->best);
  CHECK(rg_layout_plan_moved(pl, NULL, 0) == 0); /* nothing to gain: nothing moves */
  rg_layout_plan_free(pl);
  tb_free(&t);
}

/* Axis ops: a reduction of an NHWC value that is also returned moves to
 * NCHW with its axis renamed (the plan's permutation), and drops the
 * transpose back of its result; an ARGMAX, whose result loses the axis,
 * keeps its layout. */
static void test_axis_ops(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, NCHW);
  RgValue *v = &transpose(&t, x, NHWC, 0, 2, 3, 1)->results[0];
  RgNode *r = tb_node(&t, "tosa.reduce_sum", "tensor<1x5x1x4xf32>", 1, &v);
  rg_node_set_prop(t.g, r, "axis", rg_attr_int(t.g, 2, rg_type_scalar(t.g, RG_DT_I32)));
  RgNode *m = tb_node(&t, "tosa.argmax", "tensor<1x5x6xi32>", 1, &v);
  rg_node_set_prop(t.g, m, "axis", rg_attr_int(t.g, 3, rg_type_scalar(t.g, RG_DT_I32)));
  RgNode *rr = transpose(&t, &r->results[0], "tensor<1x4x5x1xf32>", 0, 3, 1, 2);
  tb_return(&t, 3, (RgValue *[]){v, &rr->results[0], &m->results[0]});
  RgLayoutPlan *pl;
  CHECK(rg_layout_plan(t.g, t.func, rg_ops_builtin, rg_num_ops_builtin, &pl) == RG_OK);
  const RgLayoutFigures *f = rg_layout_plan_figures(pl);
  CHECK(f->bytes == 480 + 80 && f->best == 480 && f->bound == 480);
  RgInts q;
  CHECK(rg_layout_plan_moves(pl, r) && rg_layout_plan_perm(pl, r, &q));
  CHECK(q.n == 4 && q.v[0] == 0 && q.v[1] == 3 && q.v[2] == 1 && q.v[3] == 2);
  CHECK(!rg_layout_plan_moves(pl, m));
  rg_layout_plan_free(pl);
  tb_free(&t);
}

int main(void) {
  RUN(test_fanout);
  RUN(test_three_layouts);
  RUN(test_axis_ops);
  TEST_EXIT();
}
