/* backends/tosa/tosa_syntax.c - how MLIR's TOSA dialect spells its ops in
 * custom assembly, registered with the reader and writer exactly as a
 * user's dialect would be (rulegen/syntax.h): the functional form for
 * every op but the region ops and the ones with forms of their own,
 * nan_mode defaults, bare enum properties, and the spellings of TOSA
 * before 1.0 that the op verifier names. */
#include "rulegen/dialects.h"

static const RgOpSyntax tosa_ops[] = {
    {"tosa.cond_if", RG_OP_FORM_IF_ELSE, 0},
    {"tosa.while_loop", RG_OP_FORM_WHILE_DO, 0},
    {"tosa.yield", RG_OP_FORM_TERMINATOR, 0},
    /* mlir-opt prints it generically too */
    {"tosa.const", RG_OP_FORM_FUNCTIONAL, RG_OP_SYNTAX_WRITE_GENERIC},
    /* symbols and strings of their own: generic form only */
    {"tosa.variable", RG_OP_FORM_NONE, 0},
    {"tosa.variable_read", RG_OP_FORM_NONE, 0},
    {"tosa.variable_write", RG_OP_FORM_NONE, 0},
    {"tosa.custom", RG_OP_FORM_NONE, 0},
};

#define PROPAGATE "#tosa.nan_mode<PROPAGATE>"
static const RgPropDefault tosa_defaults[] = {
    {"tosa.argmax", "nan_mode", PROPAGATE},     {"tosa.clamp", "nan_mode", PROPAGATE},
    {"tosa.maximum", "nan_mode", PROPAGATE},    {"tosa.minimum", "nan_mode", PROPAGATE},
    {"tosa.max_pool2d", "nan_mode", PROPAGATE}, {"tosa.reduce_max", "nan_mode", PROPAGATE},
    {"tosa.reduce_min", "nan_mode", PROPAGATE},
};

/* resize's `mode = BILINEAR` is a `#tosa.resize_mode<BILINEAR>`, a rule's
 * `rounding_mode = "SINGLE_ROUND"` a `#tosa.rounding_mode<SINGLE_ROUND>` */
static const RgEnumName tosa_enums[] = {{"mode", "resize_mode"}, {"rounding_mode", "rounding_mode"}};

/* How TOSA 1.0 (MLIR 21 and later) changed the spelling of an op: the
 * attribute or operand count that only older producers write. */
static const RgSpellingHint tosa_hints[] = {
    {"tosa.const", "value", -1, "elements in 'value' (TOSA 1.0: 'values')"},
    {"tosa.const_shape", "value", -1, "elements in 'value' (TOSA 1.0: 'values')"},
    {"tosa.transpose", NULL, 2, "perms as an operand (TOSA 1.0: a property)"},
    {"tosa.reshape", "new_shape", -1, "'new_shape' attribute (TOSA 1.0: a shape operand)"},
    {"tosa.clamp", "min_int", -1, "min_int/max_int/min_fp/max_fp (TOSA 1.0: min_val/max_val)"},
    {"tosa.clamp", "min_fp", -1, "min_int/max_int/min_fp/max_fp (TOSA 1.0: min_val/max_val)"},
    {"tosa.rescale", "multiplier", -1, "multiplier and shift as attributes (TOSA 1.0: operands)"},
    {"tosa.rescale", "double_round", -1, "'double_round' (TOSA 1.0: 'rounding_mode')"},
    {"tosa.rescale", "input_zp", -1, "zero points as attributes (TOSA 1.0: operands)"},
    {"tosa.rescale", NULL, 1, "one operand (TOSA 1.0: multiplier, shift and zero points too)"},
    {"tosa.mul", "shift", -1, "shift as an attribute (TOSA 1.0: an operand)"},
    {"tosa.mul", NULL, 2, "two operands (TOSA 1.0: shift is the third)"},
    {"tosa.negate", NULL, 1, "one operand (TOSA 1.0: zero points are operands)"},
    {"tosa.matmul", NULL, 2, "two operands (TOSA 1.0: zero points are operands)"},
    {"tosa.conv2d", NULL, 3, "three operands (TOSA 1.0: zero points are operands)"},
    {"tosa.depthwise_conv2d", NULL, 3, "three operands (TOSA 1.0: zero points are operands)"},
    {"tosa.avg_pool2d", NULL, 1, "one operand (TOSA 1.0: zero points are operands)"},
    {"tosa.int_div", NULL, -1, "the name int_div (TOSA 1.0: intdiv)"},
};

#define COUNT(a) (uint32_t)(sizeof(a) / sizeof((a)[0]))

const RgDialectSyntax rg_syntax_tosa = {
    .name = "tosa",
    .default_form = RG_OP_FORM_FUNCTIONAL,
    .ops = tosa_ops,
    .num_ops = COUNT(tosa_ops),
    .defaults = tosa_defaults,
    .num_defaults = COUNT(tosa_defaults),
    .bare_enums = true,
    .enums = tosa_enums,
    .num_enums = COUNT(tosa_enums),
    .hints = tosa_hints,
    .num_hints = COUNT(tosa_hints),
    .hint_spelling = "pre-1.0 TOSA spelling",
    .hint_advice = "rulegen reads TOSA 1.0 as MLIR 21 and later write it, so export the graph "
                   "again with such a producer",
};
