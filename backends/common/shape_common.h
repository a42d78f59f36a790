/* backends/common/shape_common.h - helpers shared by the shape-inference
 * hooks of every backend: operand and attribute access that never trusts a
 * node to be well formed, tensor types of any element type, broadcasting,
 * constant shape operands, and error messages. Prefix `shape_`. */
#ifndef RG_BACKENDS_SHAPE_COMMON_H
#define RG_BACKENDS_SHAPE_COMMON_H

#include "rulegen/pass.h"
#include "rulegen/shape.h"
#include "support/support.h"

/* The graph reader keeps tensors of higher rank verbatim; so do we. */
#define SHAPE_MAX_RANK 64

/* Formats a message into err (when there is room) and returns RG_ERR_TYPE. */
RgStatus shape_fail(char *err, size_t errlen, const char *fmt, ...) RGS_PRINTF(3, 4);

/* Type of operand i, or NULL when the operand is missing, unset or untyped. */
const RgType *shape_operand(const RgNode *n, uint32_t i);
/* The type result i already carries (the rewriter or the graph reader may
 * have set it), or NULL. Used only where operands cannot determine it. */
const RgType *shape_hint(const RgNode *n, uint32_t i);

/* The operand a check is about and how its errors name it: operand i of
 * node n, called `what`, of the op called `op`
 * ("transpose: operand 0 (input1) is missing"). */
typedef struct ShapeOperand {
  const RgNode *n;
  uint32_t i;
  const char *op, *what;
} ShapeOperand;

/* The operand as a tensor (ranked or unranked). */
RgStatus shape_need_tensor(ShapeOperand o, const RgType **t, char *err, size_t errlen);
/* The operand as a ranked tensor; rank < 0 accepts any rank. */
RgStatus shape_need_ranked(ShapeOperand o, int32_t rank, const RgType **t, char *err, size_t errlen);
/* Fails unless the node has at least `min` operands (and at most `max`,
 * when max >= min). */
RgStatus shape_need_operands(const RgNode *n, uint32_t min, uint32_t max, const char *op,
                             char *err, size_t errlen);

/* tensor<d0x...xELEM> for any element type (quantized ones included).
 * NULL only when out of memory. */
const RgType *shape_tensor(RgGraph *g, const RgType *elem, int32_t rank, const int64_t *dims);
/* tensor<*xELEM>. */
const RgType *shape_unranked(RgGraph *g, const RgType *elem);
/* The shape of `like` (ranked or unranked) with element type `elem`. */
const RgType *shape_like(RgGraph *g, const RgType *like, const RgType *elem);
/* Stores t into *out; RG_ERR_NOMEM when t is NULL. */
RgStatus shape_set(const RgType **out, const RgType *t);

/* Element of a tensor type as a type ("i8", "!quant.uniform<...>"). */
static inline const RgType *shape_elem(const RgType *t) {
  return t->kind == RG_TYPE_SCALAR ? t : t->elem;
}

/* Two dims that can be equal at run time (dynamic matches anything). */
static inline bool shape_dim_compatible(int64_t a, int64_t b) {
  return a == b || a == RG_DIM_DYNAMIC || b == RG_DIM_DYNAMIC;
}
/* a + b and a * b, false when the result does not fit: property values
 * and dims come from untrusted input, so size formulas must not overflow. */
static inline bool shape_add(int64_t a, int64_t b, int64_t *r) {
  return !__builtin_add_overflow(a, b, r);
}
static inline bool shape_mul(int64_t a, int64_t b, int64_t *r) {
  return !__builtin_mul_overflow(a, b, r);
}
/* Sum and product that stay dynamic when either side is (or on overflow). */
int64_t shape_dim_add(int64_t a, int64_t b);
int64_t shape_dim_mul(int64_t a, int64_t b);

/* A reduction (mean.dim, sum.dim_IntList, amax, ...): its node, the name
 * its errors give it, its input's type and its result's element type. */
typedef struct ShapeReduction {
  const RgNode *n;
  const char *op;
  const RgType *in, *elem;
} ShapeReduction;

/* The result of reduction r over the node's `dim` property (absent or
 * empty: every dim; negative dims wrap) with its `keepdim` property. */
RgStatus shape_reduce(RgGraph *g, ShapeReduction r, const RgType **result, char *err, size_t errlen);

/* Numpy broadcasting of two ranked shapes (TOSA callers check equal
 * ranks first): rg_shape_broadcast of the installed rulegen/shape.h. */
static inline bool shape_broadcast(int32_t ra, const int64_t *a, int32_t rb, const int64_t *b, int32_t *rout,
                                   int64_t *out) {
  return rg_shape_broadcast(ra, a, rb, b, rout, out);
}

/* Integer entries of a DENSE_ARRAY attribute (`array<i64: 1, 2>`); false
 * when `a` is missing or of another kind. */
bool shape_attr_ints(const RgAttr *a, const int64_t **v, uint32_t *n);
/* An INT attribute (`1 : i32`) or a BOOL one (as 0/1). */
bool shape_attr_int(const RgAttr *a, int64_t *v);
/* A FLOAT or INT attribute as a number. */
bool shape_attr_number(const RgAttr *a, double *v, bool *is_float);

/* The integer values of the `values` attribute of the node that defines
 * `v` (tosa.const_shape, tosa.const), expanded when it is a splat. Returns
 * 1 and fills out[0..*n) when found, 0 when `v` is not such a constant (a
 * block argument, another op), -1 when it has more than `max` entries or
 * cannot be decoded. */
int shape_const_ints(RgGraph *g, const RgValue *v, int64_t *out, uint32_t max, uint32_t *n);

/* Writes a dims list as "2x?x3" into buf (for messages). */
const char *shape_dims_str(char *buf, size_t len, int32_t rank, const int64_t *dims);

/* Text of a type for messages; "<none>" for NULL. */
static inline const char *shape_text(const RgType *t) { return t ? t->text : "<none>"; }

#endif
