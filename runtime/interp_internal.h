/* runtime/interp_internal.h - shared by the interpreter's files: element
 * type helpers (ranges, wrapping, rounding to f16/bf16/f32), the evaluation
 * context with its error reporting, attribute and operand accessors, and the
 * op evaluators of each family (interp_elem.c, interp_data.c, interp_nn.c). */
#ifndef RG_INTERP_INTERNAL_H
#define RG_INTERP_INTERNAL_H

#include "rulegen/interp.h"
#include "internal.h"

/* ---- element types (tensor.c) ---- */

bool interp_dt_supported(RgDType dt);
bool interp_dt_is_int(RgDType dt); /* stored in RgTensor.ints */
/* Value range of an integer type (i1: 0..1; index, i64: the int64 range). */
int64_t interp_dt_min(RgDType dt);
int64_t interp_dt_max(RgDType dt);
/* Two's-complement truncation to the type's width, then sign extension
 * (signed types) or zero extension (unsigned types, i1). */
int64_t interp_wrap(RgDType dt, int64_t v);
/* Round to nearest, ties to even, to f32/f16/bf16 (overflow to infinity). */
float interp_round_float(RgDType dt, double v);
/* Row-major strides of t (elements). */
void interp_strides(const RgTensor *t, int64_t *strides);

/* ---- evaluation context (interp.c) ---- */

struct RgInterp {
  RgGraph *g;
  RgInterpError kind;
  char msg[512];
  const RgNode *node; /* the node being evaluated, for messages */
  /* op id -> evaluator, resolved lazily by name */
  const struct InterpOpDef **ops;
  uint32_t num_ops;
  struct InterpEnv *env;
  uint32_t depth; /* nesting of regions, bounded */
};

/* Records the first failure ("<op> (node N): <message>") and returns
 * RG_ERR_INVALID, or RG_ERR_NOMEM for RG_INTERP_NOMEM. */
RgStatus interp_fail(RgInterp *ip, RgInterpError kind, const char *fmt, ...) RG_PRINTF(3, 4);

/* Evaluates node `n` with operand tensors `in` into the already allocated
 * `out` (shape and element type from the node's single result type). */
typedef RgStatus (*InterpOpFn)(RgInterp *ip, const RgNode *n, RgTensor *const *in,
                               RgTensor *out);
typedef struct InterpOpDef {
  const char *name;
  InterpOpFn fn;
  int16_t min_operands, max_operands; /* max -1: variadic */
} InterpOpDef;

extern const InterpOpDef interp_elem_ops[];
extern const InterpOpDef interp_data_ops[];
extern const InterpOpDef interp_nn_ops[];
extern const InterpOpDef interp_aten_ops[]; /* edge-dialect ops */

/* ---- attribute accessors (interp.c) ---- */

/* Integer attribute (INT or BOOL); false when absent or another kind. */
bool interp_attr_int(const RgNode *n, const char *name, int64_t *v);
bool interp_attr_bool(const RgNode *n, const char *name, bool dflt);
/* `array<i64: ...>` / `array<i32: ...>` */
bool interp_attr_ints(const RgNode *n, const char *name, const int64_t **v, uint32_t *count);
/* Enum-like attribute: `#tosa.rounding_mode<DOUBLE_ROUND>` (opaque) or a
 * string; true when its symbol equals `sym`. `*present` reports presence. */
bool interp_attr_enum_is(const RgNode *n, const char *name, const char *sym, bool *present);
/* nan_mode: true for IGNORE, false for PROPAGATE (the default). */
bool interp_nan_ignore(const RgNode *n);

/* First element of a zero-point / shift / pad_const style operand. */
int64_t interp_scalar_int(const RgTensor *t);
double interp_scalar_float(const RgTensor *t);

/* Checks that `t` has element type `dt`; fails INVALID otherwise. */
RgStatus interp_expect_dtype(RgInterp *ip, const RgTensor *t, RgDType dt, const char *what);
/* Checks int64 arithmetic results against an accumulator type (REQUIRE). */
RgStatus interp_require_range(RgInterp *ip, int64_t v, RgDType acc, const char *what);

/* Iterates a multi-index over dims (row-major); returns false at the end. */
static inline bool interp_next_index(int64_t *idx, const int64_t *dims, int32_t rank) {
  for (int32_t d = rank - 1; d >= 0; d--) {
    if (++idx[d] < dims[d])
      return true;
    idx[d] = 0;
  }
  return false;
}

#endif
