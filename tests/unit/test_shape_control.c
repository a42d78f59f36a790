/* Shape hooks of TOSA control flow, on graphs read from MLIR text: cond_if
 * takes the types its then-region yields, while_loop its inputs' types. */
#include <string.h>
#include "rulegen/diag.h"
#include "rulegen/mlir.h"
#include "rules/builtin.h"
#include "check.h"

static const char *cond_src =
    "\"builtin.module\"() ({\n"
    "  \"func.func\"() <{function_type = (tensor<1xi1>, tensor<4xf32>) -> tensor<4xf32>, sym_name = \"f\"}> ({\n"
    "  ^bb0(%arg0: tensor<1xi1>, %arg1: tensor<4xf32>):\n"
    "    %0 = \"tosa.cond_if\"(%arg0, %arg1) ({\n"
    "    ^bb0(%arg2: tensor<4xf32>):\n"
    "      \"tosa.yield\"(%arg2) : (tensor<4xf32>) -> ()\n"
    "    }, {\n"
    "    ^bb0(%arg3: tensor<4xf32>):\n"
    "      \"tosa.yield\"(%arg3) : (tensor<4xf32>) -> ()\n"
    "    }) : (tensor<1xi1>, tensor<4xf32>) -> tensor<4xf32>\n"
    "    %1 = \"tosa.while_loop\"(%0) ({\n"
    "    ^bb0(%arg4: tensor<4xf32>):\n"
    "      %c = \"tosa.const\"() <{values = dense<false> : tensor<1xi1>}> : () -> tensor<1xi1>\n"
    "      \"tosa.yield\"(%c) : (tensor<1xi1>) -> ()\n"
    "    }, {\n"
    "    ^bb0(%arg5: tensor<4xf32>):\n"
    "      \"tosa.yield\"(%arg5) : (tensor<4xf32>) -> ()\n"
    "    }) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "    \"func.return\"(%1) : (tensor<4xf32>) -> ()\n"
    "  }) : () -> ()\n"
    "}) : () -> ()\n";

static RgNode *find(RgGraph *g, const char *op) {
  RgOpId id = rg_op_find(g, op, strlen(op));
  return id == RG_OP_NONE ? NULL : rg_op_first(g, id);
}

static void test_control_flow_hooks(void) {
  RgDiags d;
  rg_diags_init(&d);
  RgSource *src = rg_source_from_mem("cond.mlir", cond_src, strlen(cond_src));
  RgGraph *g = rg_mlir_read(src, &d);
  CHECK(g != NULL);
  if (!g) {
    rg_diags_print(stdout, &d);
    rg_diags_free(&d);
    rg_source_free(src);
    return;
  }
  const RgType *t[1] = {NULL};
  char err[256] = "";
  RgNode *c = find(g, "tosa.cond_if"), *w = find(g, "tosa.while_loop");
  CHECK(c && tosa_infer_cond_if(g, c, t, err, sizeof err) == RG_OK && t[0] && strcmp(t[0]->text, "tensor<4xf32>") == 0);
  t[0] = NULL;
  CHECK(w && tosa_infer_while_loop(g, w, t, err, sizeof err) == RG_OK && t[0] &&
        strcmp(t[0]->text, "tensor<4xf32>") == 0);
  /* A cond_if without regions is an error, not a crash. */
  RgNode *bare = rg_node_create(g, &(RgNodeDesc){.op = c->op, .num_results = 1, .result_types = t});
  CHECK(tosa_infer_cond_if(g, bare, t, err, sizeof err) != RG_OK && strstr(err, "then-region"));
  rg_graph_free(g);
  rg_source_free(src);
  rg_diags_free(&d);
}

int main(void) {
  RUN(test_control_flow_hooks);
  TEST_EXIT();
}
