/* backends/upstream/upstream_syntax.c - the custom assembly of the
 * upstream MLIR dialects that mixed models carry next to TOSA, registered
 * as any dialect is (rulegen/syntax.h). */
#include "rulegen/dialects.h"

static const RgOpSyntax arith_ops[] = {
    {"arith.constant", RG_OP_FORM_CONSTANT, 0},
};

const RgDialectSyntax rg_syntax_arith = {
    .name = "arith",
    .default_form = RG_OP_FORM_NONE,
    .ops = arith_ops,
    .num_ops = sizeof arith_ops / sizeof *arith_ops,
};

const RgDialectSyntax *const rg_syntax_shipped[] = {&rg_syntax_tosa, &rg_syntax_arith, NULL};
