/* backends/tosa/tosa_smt_none.c - built instead of tosa_smt.c when Z3 is
 * absent: the op registry still names the SMT meanings, which then give
 * nothing (rgopt --prove is not built without Z3). */
#include "rulegen/pass.h"
#include "rules/builtin.h"

#define NONE(f)                                                                           \
  struct _Z3_ast *f(struct RgSmt *s, const RgNode *n, uint32_t r, struct _Z3_ast *const *i) { \
    (void)s, (void)n, (void)r, (void)i;                                                  \
    return NULL;                                                                          \
  }
NONE(tosa_smt_identity) NONE(tosa_smt_const) NONE(tosa_smt_reshape) NONE(tosa_smt_transpose)
NONE(tosa_smt_slice) NONE(tosa_smt_pad) NONE(tosa_smt_concat) NONE(tosa_smt_tile)
NONE(tosa_smt_reverse) NONE(tosa_smt_add) NONE(tosa_smt_sub) NONE(tosa_smt_mul)
NONE(tosa_smt_maximum) NONE(tosa_smt_minimum) NONE(tosa_smt_equal) NONE(tosa_smt_greater)
NONE(tosa_smt_greater_equal) NONE(tosa_smt_logical_and) NONE(tosa_smt_logical_or)
NONE(tosa_smt_logical_xor) NONE(tosa_smt_bitwise_and) NONE(tosa_smt_bitwise_or)
NONE(tosa_smt_bitwise_xor) NONE(tosa_smt_select) NONE(tosa_smt_clamp) NONE(tosa_smt_negate)
NONE(tosa_smt_abs) NONE(tosa_smt_bitwise_not) NONE(tosa_smt_logical_not)
NONE(tosa_smt_reciprocal) NONE(tosa_smt_rsqrt) NONE(tosa_smt_floor) NONE(tosa_smt_ceil)
NONE(tosa_smt_opaque) NONE(tosa_smt_cast) NONE(tosa_smt_accumulate) NONE(tosa_smt_exp)
NONE(tosa_smt_rescale)
