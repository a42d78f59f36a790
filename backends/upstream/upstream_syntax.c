/* backends/upstream/upstream_syntax.c - the custom assembly of the
 * upstream MLIR dialects that mixed models carry next to TOSA, registered
 * as any dialect is (rulegen/syntax.h). */
#include "upstream_parse.h"

static const RgOpSyntax arith_ops[] = {
    {"arith.constant", RG_OP_FORM_CONSTANT, 0},
    /* casts without properties of their own: `%a : i64 to index` */
    {"arith.index_cast", RG_OP_FORM_CAST, 0},
    {"arith.index_castui", RG_OP_FORM_CAST, 0},
    {"arith.extsi", RG_OP_FORM_CAST, 0},
    {"arith.extui", RG_OP_FORM_CAST, 0},
    {"arith.sitofp", RG_OP_FORM_CAST, 0},
    {"arith.uitofp", RG_OP_FORM_CAST, 0},
    {"arith.fptosi", RG_OP_FORM_CAST, 0},
    {"arith.fptoui", RG_OP_FORM_CAST, 0},
    {"arith.bitcast", RG_OP_FORM_CAST, 0},
    {"arith.extf", RG_OP_FORM_CAST, 0},
    {"arith.truncf", RG_OP_FORM_CAST, 0},
    {"arith.trunci", RG_OP_FORM_CAST, 0},
    /* integer ops without properties: `%a, %b : t` */
    {"arith.andi", RG_OP_FORM_SAME_TYPE, 0},
    {"arith.ori", RG_OP_FORM_SAME_TYPE, 0},
    {"arith.xori", RG_OP_FORM_SAME_TYPE, 0},
    {"arith.divsi", RG_OP_FORM_SAME_TYPE, 0},
    {"arith.divui", RG_OP_FORM_SAME_TYPE, 0},
    {"arith.remsi", RG_OP_FORM_SAME_TYPE, 0},
    {"arith.remui", RG_OP_FORM_SAME_TYPE, 0},
    {"arith.maxsi", RG_OP_FORM_SAME_TYPE, 0},
    {"arith.minsi", RG_OP_FORM_SAME_TYPE, 0},
    {"arith.maxui", RG_OP_FORM_SAME_TYPE, 0},
    {"arith.minui", RG_OP_FORM_SAME_TYPE, 0},
};

/* Ops with flags printed `fastmath<..>` / `overflow<..>` (left out at
 * their default), predicates and a shaped select condition. */
static const RgOpParser arith_parsers[] = {
    {"arith.addf", upstream_parse_float_binary},
    {"arith.subf", upstream_parse_float_binary},
    {"arith.mulf", upstream_parse_float_binary},
    {"arith.divf", upstream_parse_float_binary},
    {"arith.remf", upstream_parse_float_binary},
    {"arith.maximumf", upstream_parse_float_binary},
    {"arith.minimumf", upstream_parse_float_binary},
    {"arith.maxnumf", upstream_parse_float_binary},
    {"arith.minnumf", upstream_parse_float_binary},
    {"arith.negf", upstream_parse_float_binary},
    {"arith.addi", upstream_parse_int_binary},
    {"arith.subi", upstream_parse_int_binary},
    {"arith.muli", upstream_parse_int_binary},
    {"arith.shli", upstream_parse_int_binary},
    {"arith.select", upstream_parse_select},
    {"arith.cmpi", upstream_parse_cmpi},
    {"arith.cmpf", upstream_parse_cmpf},
};

static const RgOpPrinter arith_printers[] = {
    {"arith.addf", upstream_print_float_binary},
    {"arith.subf", upstream_print_float_binary},
    {"arith.mulf", upstream_print_float_binary},
    {"arith.divf", upstream_print_float_binary},
    {"arith.remf", upstream_print_float_binary},
    {"arith.maximumf", upstream_print_float_binary},
    {"arith.minimumf", upstream_print_float_binary},
    {"arith.maxnumf", upstream_print_float_binary},
    {"arith.minnumf", upstream_print_float_binary},
    {"arith.negf", upstream_print_float_binary},
    {"arith.addi", upstream_print_int_binary},
    {"arith.subi", upstream_print_int_binary},
    {"arith.muli", upstream_print_int_binary},
    {"arith.shli", upstream_print_int_binary},
    {"arith.select", upstream_print_select},
    {"arith.cmpi", upstream_print_cmpi},
    {"arith.cmpf", upstream_print_cmpf},
};

const RgDialectSyntax rg_syntax_arith = {
    .name = "arith",
    .default_form = RG_OP_FORM_NONE,
    .ops = arith_ops,
    .num_ops = sizeof arith_ops / sizeof *arith_ops,
    .parsers = arith_parsers,
    .num_parsers = sizeof arith_parsers / sizeof *arith_parsers,
    .printers = arith_printers,
    .num_printers = sizeof arith_printers / sizeof *arith_printers,
};

/* Elementwise math ops print `math.sin %x : t`, leaving out the default
 * fastmath flags (other flags have a form of their own, not read);
 * math.fpowi's two types are read in code (upstream_parse.c). */
static const RgOpSyntax math_ops[] = {
    {"math.sin", RG_OP_FORM_SAME_TYPE, 0},
    {"math.cos", RG_OP_FORM_SAME_TYPE, 0},
};

static const RgPropDefault math_defaults[] = {
    {"math.sin", "fastmath", "#arith.fastmath<none>"},
    {"math.cos", "fastmath", "#arith.fastmath<none>"},
};

static const RgOpParser math_parsers[] = {{"math.fpowi", upstream_parse_fpowi}};
static const RgOpPrinter math_printers[] = {{"math.fpowi", upstream_print_fpowi}};

const RgDialectSyntax rg_syntax_math = {
    .name = "math",
    .default_form = RG_OP_FORM_NONE,
    .ops = math_ops,
    .num_ops = sizeof math_ops / sizeof *math_ops,
    .defaults = math_defaults,
    .num_defaults = sizeof math_defaults / sizeof *math_defaults,
    .parsers = math_parsers,
    .num_parsers = sizeof math_parsers / sizeof *math_parsers,
    .printers = math_printers,
    .num_printers = sizeof math_printers / sizeof *math_printers,
};

static const RgOpParser tensor_parsers[] = {
    {"tensor.empty", upstream_parse_empty},
    {"tensor.extract", upstream_parse_extract},
    {"tensor.insert_slice", upstream_parse_insert_slice},
};

static const RgOpPrinter tensor_printers[] = {
    {"tensor.empty", upstream_print_empty},
    {"tensor.extract", upstream_print_extract},
    {"tensor.insert_slice", upstream_print_insert_slice},
};

const RgDialectSyntax rg_syntax_tensor = {
    .name = "tensor",
    .default_form = RG_OP_FORM_NONE,
    .parsers = tensor_parsers,
    .num_parsers = sizeof tensor_parsers / sizeof *tensor_parsers,
    .printers = tensor_printers,
    .num_printers = sizeof tensor_printers / sizeof *tensor_printers,
};

static const RgOpSyntax linalg_ops[] = {{"linalg.yield", RG_OP_FORM_TERMINATOR, 0}};

static const RgOpParser linalg_parsers[] = {
    {"linalg.generic", upstream_parse_linalg_generic},
    {"linalg.matmul", upstream_parse_matmul},
    {"linalg.softmax", upstream_parse_softmax},
    {"linalg.index", upstream_parse_index},
};

static const RgOpParser linalg_normalizers[] = {{"linalg.matmul", upstream_normalize_matmul}};

/* linalg.matmul prints its custom form only where its region body is the
 * default one its custom form leaves out. */
static const RgOpPrinter linalg_printers[] = {
    {"linalg.matmul", upstream_print_matmul},
    {"linalg.generic", upstream_print_linalg_generic},
    {"linalg.softmax", upstream_print_softmax},
    {"linalg.index", upstream_print_index},
};

const RgDialectSyntax rg_syntax_linalg = {
    .name = "linalg",
    .default_form = RG_OP_FORM_NONE,
    .ops = linalg_ops,
    .num_ops = sizeof linalg_ops / sizeof *linalg_ops,
    .parsers = linalg_parsers,
    .num_parsers = sizeof linalg_parsers / sizeof *linalg_parsers,
    .normalizers = linalg_normalizers,
    .num_normalizers = sizeof linalg_normalizers / sizeof *linalg_normalizers,
    .printers = linalg_printers,
    .num_printers = sizeof linalg_printers / sizeof *linalg_printers,
};

const RgDialectSyntax *const rg_syntax_shipped[] = {&rg_syntax_tosa,   &rg_syntax_arith,
                                                    &rg_syntax_math,   &rg_syntax_tensor,
                                                    &rg_syntax_linalg, NULL};
