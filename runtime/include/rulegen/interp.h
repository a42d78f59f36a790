/* rulegen/interp.h - the reference interpreter: executes a `func.func`
 * node by node through the evaluators that op registries bind with
 * `eval(fn)` (the TOSA ones are bit-exact to the TOSA 1.0 pseudocode), so
 * that graphs before and after a rewrite pipeline can be compared element
 * by element. Tensors, random inputs, comparison. Writing an evaluator:
 * rulegen/eval.h; semantics of the shipped ones: docs/interpreter.md. */
#ifndef RULEGEN_INTERP_H
#define RULEGEN_INTERP_H

#include "rulegen/graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* TOSA 1.0 allows rank 6; a little headroom for other dialects' tensors. */
#define RG_TENSOR_MAX_RANK 8

/* How a tensor's elements sit in memory, private to the runtime (the
 * inline accessors below switch on it): integers at their own width (i1,
 * i4, i8, ui8 one byte; i16, ui16 two; i32, ui32 four; i48, i64, ui64,
 * index eight), f32, f16 and bf16 as a float each. The _WRAP kinds are
 * types narrower than their container (i4, i1, i48), wrapped on store. */
typedef enum RgElemStore {
  RG_STORE_I8, RG_STORE_U8, RG_STORE_I16, RG_STORE_U16, RG_STORE_I32, RG_STORE_U32,
  RG_STORE_I64, RG_STORE_WRAP_I8, RG_STORE_WRAP_U8, RG_STORE_WRAP_I64, RG_STORE_F32
} RgElemStore;

/* A dense row-major tensor value of an integer element type (i1, i4, i8,
 * i16, i32, i48, i64, index and the ui* types; read as int64, signed types
 * sign-extended and unsigned ones zero-extended from their width) or a
 * float one (f32, f16, bf16; every stored value is exactly representable
 * in the element type, results are rounded to it).
 * A dialect's shape value (`!<dialect>.shape<N>`, as in TOSA) is
 * a rank-1 RG_DT_INDEX tensor of N entries.
 * Elements are read and written only through rg_tensor_get_* / set_*; the
 * storage fields are private to the runtime. A tensor either owns its
 * storage (allocated through rg_alloc) or is a read-only view of a dense
 * attribute's (a constant: the graph owns the data). Release it with
 * rg_tensor_release (or an array of them with rg_tensor_array_free). */
typedef struct RgTensor {
  RgDType dtype;
  int32_t rank;
  int64_t dims[RG_TENSOR_MAX_RANK];
  int64_t numel;
  void *elems_;      /* private: the elements, laid out as store_ says */
  uint8_t store_;    /* private: an RgElemStore */
  bool borrowed_;    /* private: a view; release does not free elems_ */
} RgTensor;

/* Allocates a zero-filled tensor. RG_ERR_INVALID for an element type the
 * interpreter cannot hold (f64, non-builtin) or a bad shape. */
RG_API RgStatus rg_tensor_init(RgTensor *t, RgDType dt, int32_t rank, const int64_t *dims);
/* Same, with element type and shape from a static ranked tensor type (or a
 * builtin scalar type: rank 0, or a `!<dialect>.shape<N>`). */
RG_API RgStatus rg_tensor_init_type(RgTensor *t, const RgType *type);
RG_API RgStatus rg_tensor_copy(RgTensor *dst, const RgTensor *src);
RG_API void rg_tensor_release(RgTensor *t);
RG_API void rg_tensor_array_free(RgTensor *ts, uint32_t n);

/* Two's-complement truncation to the type's width, then sign extension
 * (signed types) or zero extension (unsigned types, i1). */
RG_API int64_t rg_elem_wrap(RgDType dt, int64_t v);
/* Round to nearest, ties to even, to f32/f16/bf16 (overflow to infinity). */
RG_API float rg_elem_round(RgDType dt, double v);

/* Whether t holds an integer element type (read with rg_tensor_get_int)
 * or a float one (rg_tensor_get_float). */
static inline bool rg_tensor_is_float(const RgTensor *t) { return t->store_ == RG_STORE_F32; }
static inline bool rg_tensor_is_int(const RgTensor *t) { return t->store_ != RG_STORE_F32; }

/* Element i of an integer tensor (sign- or zero-extended by its type) and
 * of a float tensor. Read across kinds, an integer converts to float and a
 * float truncates toward zero (0 for NaN and values out of the int64
 * range). Float results are floats so that evaluators' arithmetic on them
 * stays in single precision. */
static inline int64_t rg_tensor_get_int(const RgTensor *t, int64_t i) {
  const void *p = t->elems_;
  switch ((RgElemStore)t->store_) {
  case RG_STORE_I8: case RG_STORE_WRAP_I8: return ((const int8_t *)p)[i];
  case RG_STORE_U8: case RG_STORE_WRAP_U8: return ((const uint8_t *)p)[i];
  case RG_STORE_I16: return ((const int16_t *)p)[i];
  case RG_STORE_U16: return ((const uint16_t *)p)[i];
  case RG_STORE_I32: return ((const int32_t *)p)[i];
  case RG_STORE_U32: return ((const uint32_t *)p)[i];
  case RG_STORE_I64: case RG_STORE_WRAP_I64: return ((const int64_t *)p)[i];
  case RG_STORE_F32: {
    float f = ((const float *)p)[i];
    return f > -9.2233720368547758e18f && f < 9.2233720368547758e18f ? (int64_t)f : 0;
  }
  }
  return 0;
}

static inline float rg_tensor_get_float(const RgTensor *t, int64_t i) {
  if (t->store_ == RG_STORE_F32)
    return ((const float *)t->elems_)[i];
  return (float)rg_tensor_get_int(t, i);
}

/* Stores v into element i, wrapped (integers: two's complement to the
 * element width, like a C cast) or rounded to nearest-even (floats). A
 * float stored into an integer tensor truncates toward zero first. */
static inline void rg_tensor_set_int(RgTensor *t, int64_t i, int64_t v) {
  void *p = t->elems_;
  uint64_t u = (uint64_t)v;
  switch ((RgElemStore)t->store_) {
  case RG_STORE_I8: ((int8_t *)p)[i] = (int8_t)((u & 0x80) ? (int64_t)(u & 0x7f) - 128 : (int64_t)(u & 0x7f)); return;
  case RG_STORE_U8: ((uint8_t *)p)[i] = (uint8_t)u; return;
  case RG_STORE_I16: ((int16_t *)p)[i] = (int16_t)((u & 0x8000) ? (int64_t)(u & 0x7fff) - 32768 : (int64_t)(u & 0x7fff)); return;
  case RG_STORE_U16: ((uint16_t *)p)[i] = (uint16_t)u; return;
  case RG_STORE_I32:
    ((int32_t *)p)[i] = (int32_t)((u & 0x80000000u) ? (int64_t)(u & 0x7fffffff) - 2147483648 : (int64_t)(u & 0x7fffffff));
    return;
  case RG_STORE_U32: ((uint32_t *)p)[i] = (uint32_t)u; return;
  case RG_STORE_I64: ((int64_t *)p)[i] = v; return;
  case RG_STORE_WRAP_I8: ((int8_t *)p)[i] = (int8_t)rg_elem_wrap(t->dtype, v); return;
  case RG_STORE_WRAP_U8: ((uint8_t *)p)[i] = (uint8_t)rg_elem_wrap(t->dtype, v); return;
  case RG_STORE_WRAP_I64: ((int64_t *)p)[i] = rg_elem_wrap(t->dtype, v); return;
  case RG_STORE_F32: ((float *)p)[i] = rg_elem_round(t->dtype, (double)v); return;
  }
}

static inline void rg_tensor_set_float(RgTensor *t, int64_t i, double v) {
  if (t->store_ == RG_STORE_F32)
    ((float *)t->elems_)[i] = t->dtype == RG_DT_F32 ? (float)v : rg_elem_round(t->dtype, v);
  else
    rg_tensor_set_int(t, i, (int64_t)v);
}
/* The elements of an f32 tensor in place, row-major, for kernels that
 * read or write many at once; NULL for any other element type. A
 * constant's view (rg_attr_dense_view) must not be written. */
static inline const float *rg_tensor_f32_in(const RgTensor *t) {
  return t->store_ == RG_STORE_F32 && t->dtype == RG_DT_F32 ? (const float *)t->elems_ : NULL;
}
static inline float *rg_tensor_f32(RgTensor *t) { return (float *)rg_tensor_f32_in(t); }
/* Bitwise equality of element i of a and element j of b (same element
 * type), as rg_tensor_equal compares. */
RG_API bool rg_tensor_elem_equal(const RgTensor *a, int64_t i, const RgTensor *b, int64_t j);
/* Copies every element of src into dst, which has the same element type
 * and element count. */
RG_API void rg_tensor_copy_elems(RgTensor *dst, const RgTensor *src);

/* A read-only view (t does not own the data: release does not free it,
 * and nothing may write to it) of the elements of a dense attribute of an
 * integer element type that stores one element per element of its type
 * (not a splat), decoded on first use. Valid while the graph lives. False
 * for float elements, splats and text that cannot be decoded. */
RG_API bool rg_attr_dense_view(RgGraph *g, const RgAttr *a, RgTensor *t);
/* A dense attribute of the tensor type `type` (same element type and
 * element count as t) holding t's elements: one stored element when they
 * are all equal (bitwise), a splat. NULL when out of memory or the types
 * disagree. */
RG_API const RgAttr *rg_attr_dense_tensor(RgGraph *g, const RgType *type, const RgTensor *t);

/* Deterministic pseudo-random contents (splitmix64 on `seed`) for a static
 * tensor type. Ranges: i1 {0,1}; i4, i8, i16, ui8, ui16 their full range;
 * i32 [-2^20, 2^20]; i48 and i64 [-2^32, 2^32]; floats uniform in [-4, 4]
 * rounded to the element type (never NaN or infinity). */
RG_API RgStatus rg_tensor_random(RgTensor *out, const RgType *type, uint64_t seed);
/* Same with an explicit closed range [lo, hi] (rounded for floats). */
RG_API RgStatus rg_tensor_random_range(RgTensor *out, const RgType *type, uint64_t seed,
                                       double lo, double hi);

/* Edge values, mixed into random tensors by rg_tensor_mix_edges: the
 * values where rewrites that are almost right go wrong (signed zeros, NaN
 * modes and payloads, saturation at the type's minimum). */
typedef struct RgEdgeValues {
  uint32_t first;      /* the edge value the first chosen element takes; the next ones follow in turn */
  bool ranged;         /* only edge values within [lo, hi] (never NaN; -0.0 when 0 is) */
  double lo, hi;
  const int64_t *ints; /* more integer edge values (a graph's zero points), where the type holds them */
  uint32_t num_ints;
} RgEdgeValues;
/* Overwrites one element in eight (at least one; positions drawn from
 * `seed`, the other elements untouched) with the element type's edge
 * values, in turn from e->first (e may be NULL: from the first, any range):
 * floats -0.0, a NaN with a payload, +inf, -inf, a negative NaN with a
 * payload, +0.0, the smallest denormal and its negation, the largest
 * denormal, the largest finite value and its negation, 1, -1, the smallest
 * normal, the canonical NaN (quiet NaNs only, bit-exact in f32, f16 and
 * bf16); signed integers the minimum, the maximum, e->ints, 0, -1, 1,
 * minimum + 1, maximum - 1; unsigned ones the same that fit. i1 and index
 * tensors are left as they are. */
RG_API void rg_tensor_mix_edges(RgTensor *t, uint64_t seed, const RgEdgeValues *e);

/* Same element type and shape. */
RG_API bool rg_tensor_same_type(const RgTensor *a, const RgTensor *b);
/* Bitwise equality: same element type, shape and bits (NaN equals NaN
 * when the bits agree; -0.0 differs from +0.0). */
RG_API bool rg_tensor_equal(const RgTensor *a, const RgTensor *b);
/* Returns -1 when equal; otherwise the row-major index of the first
 * differing element (0 when element type or shape differ) and, if msg is
 * not NULL, a description such as `element [0, 2, 1]: 3 != 4`. */
RG_API int64_t rg_tensor_first_diff(const RgTensor *a, const RgTensor *b, char *msg, size_t msglen);
/* Writes a short human-readable rendering (`tensor<2x2xi8> [1, 2, 3, 4]`,
 * elided after `max_elems` elements) and returns msg. */
RG_API const char *rg_tensor_format(const RgTensor *t, size_t max_elems, char *msg, size_t msglen);

/* ---- the interpreter ---- */

typedef struct RgInterp RgInterp;

/* Why the last run failed: lets a differential tester tell an unsupported
 * op (skip the graph) from a graph that is invalid TOSA (ERROR_IF) and from
 * inputs for which the specification leaves the result unpredictable
 * (REQUIRE: overflowing i32 ADD, rescale value out of range, ...). */
typedef enum RgInterpError {
  RG_INTERP_OK = 0,
  RG_INTERP_UNSUPPORTED,   /* op, attribute or element type not implemented */
  RG_INTERP_INVALID,       /* the graph breaks an ERROR_IF or a type rule */
  RG_INTERP_UNPREDICTABLE, /* a REQUIRE failed for these input values */
  RG_INTERP_NOMEM,
  RG_INTERP_NO_EVALUATOR   /* an op is undeclared or declared without eval(...) */
} RgInterpError;

struct RgOpDesc;

/* An interpreter for graph g that runs ops through the evaluators bound in
 * the registry ops[0..n) (rg_ops_<symbol> of a generated rule set; NULL, 0
 * for none) and in those added with rg_interp_add_ops. NULL when out of
 * memory. */
RG_API RgInterp *rg_interp_new(RgGraph *g, const struct RgOpDesc *ops, uint32_t n);
RG_API void rg_interp_free(RgInterp *ip);
/* Adds a registry of n op declarations (kept by pointer: it must outlive
 * the interpreter). An op runs with the evaluator of its first declaration
 * that has one, in the order registries were added. */
RG_API RgStatus rg_interp_add_ops(RgInterp *ip, const struct RgOpDesc *ops, uint32_t n);

/* The `func.func` named `name` (its sym_name) anywhere at the top level or
 * inside `builtin.module`, or NULL. */
RG_API const RgNode *rg_interp_find_func(RgGraph *g, const char *name);

/* Runs `func` (a `func.func`): its entry block arguments are bound to
 * copies of inputs[0..n), and the operands of `func.return` become
 * *outputs (an array of *nout tensors allocated with rg_alloc; free with
 * rg_tensor_array_free). On failure returns RG_ERR_INVALID (or
 * RG_ERR_NOMEM), sets *outputs = NULL, *nout = 0, and keeps a message
 * naming the op for rg_interp_message, e.g. `my_npu.foo (node 12): no
 * evaluator: declared at my_npu.ops:30 without eval(...)`. */
RG_API RgStatus rg_interp_run(RgInterp *ip, const RgNode *func, const RgTensor *inputs,
                              uint32_t n, RgTensor **outputs, uint32_t *nout);
/* The kind of the last failure of a run or evaluation (RG_INTERP_OK after
 * a success). */
RG_API RgInterpError rg_interp_last_error(const RgInterp *ip);
/* The message of the last failed run or evaluation ("" after a success),
 * owned by the interpreter until its next run. */
RG_API const char *rg_interp_message(const RgInterp *ip);

/* Random inputs for every argument of `func` (rg_tensor_random with seed
 * mixed with the argument index): *inputs is an array of *n tensors to free
 * with rg_tensor_array_free. RG_ERR_INVALID when an argument type is not a
 * static tensor of a supported element type. */
RG_API RgStatus rg_interp_random_inputs(const RgNode *func, uint64_t seed, RgTensor **inputs,
                                        uint32_t *n);
/* Same with every argument drawn from [lo, hi] (rg_tensor_random_range):
 * e.g. [0, 1] for graphs whose integer arguments are indices (gather) and
 * whose full-range inputs break a REQUIRE. */
RG_API RgStatus rg_interp_random_inputs_range(const RgNode *func, uint64_t seed, double lo,
                                              double hi, RgTensor **inputs, uint32_t *n);

/* rg_interp_random_inputs with edge values mixed into every argument
 * (rg_tensor_mix_edges from `first`); the integer constants of one value
 * in the body of func (of graph g: zero points, shifts) join the edge
 * values of the arguments of their element type. */
RG_API RgStatus rg_interp_random_inputs_edges(RgGraph *g, const RgNode *func, uint64_t seed, uint32_t first,
                                              RgTensor **inputs, uint32_t *n);

/* True when one of the interpreter's registries binds an evaluator to the
 * op name. */
RG_API bool rg_interp_supports(const RgInterp *ip, const char *op_name);

#ifdef __cplusplus
}
#endif

#endif
