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

/* Elementwise math ops print `math.sin %x : t`, leaving out the default
 * fastmath flags (other flags have a form of their own, not read). */
static const RgOpSyntax math_ops[] = {
    {"math.sin", RG_OP_FORM_SAME_TYPE, 0},
    {"math.cos", RG_OP_FORM_SAME_TYPE, 0},
};

static const RgPropDefault math_defaults[] = {
    {"math.sin", "fastmath", "#arith.fastmath<none>"},
    {"math.cos", "fastmath", "#arith.fastmath<none>"},
};

const RgDialectSyntax rg_syntax_math = {
    .name = "math",
    .default_form = RG_OP_FORM_NONE,
    .ops = math_ops,
    .num_ops = sizeof math_ops / sizeof *math_ops,
    .defaults = math_defaults,
    .num_defaults = sizeof math_defaults / sizeof *math_defaults,
};

const RgDialectSyntax *const rg_syntax_shipped[] = {&rg_syntax_tosa, &rg_syntax_arith,
                                                    &rg_syntax_math, NULL};
