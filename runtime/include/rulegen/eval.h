/* rulegen/eval.h - what an op evaluator sees: the RgEvalFn contract bound
 * by `eval(fn)` in an `.ops` file, failure reporting, attribute and scalar
 * operand accessors, element-type arithmetic, nested region execution for
 * control-flow ops, and evaluating one node on given operands (constant
 * folding). The contract in full: docs/backends.md, "The evaluator
 * contract". */
#ifndef RULEGEN_EVAL_H
#define RULEGEN_EVAL_H

#include <stdarg.h>
#include "rulegen/interp.h"
#include "rulegen/pass.h"
#include "rulegen/shape.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define RG_EVAL_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define RG_EVAL_PRINTF(a, b)
#endif

/* RgEvalFn (rulegen/pass.h): computes every result of `n` from in[0..num_in)
 * into out[0..num_out), which the interpreter has already allocated
 * (zero-filled) from the node's result types. Operands are read-only and
 * owned by the interpreter; so are the results, also on failure. Returns
 * RG_OK, or the status of rg_eval_fail. */

/* Records the failure ("<op> (node N): <message>") unless one is recorded
 * already, and returns RG_ERR_INVALID (RG_ERR_NOMEM for RG_INTERP_NOMEM). */
RG_API RgStatus rg_eval_fail(RgInterp *ip, RgInterpError kind, const char *fmt, ...)
    RG_EVAL_PRINTF(3, 4);
RG_API RgStatus rg_eval_failv(RgInterp *ip, RgInterpError kind, const char *fmt, va_list ap);
/* Fails INVALID unless num_in is in [min_in, max_in] (max_in < 0: no upper
 * bound) and num_out == want_out. */
RG_API RgStatus rg_eval_arity(RgInterp *ip, uint32_t num_in, int min_in, int max_in,
                              uint32_t num_out, uint32_t want_out);
/* Fails INVALID unless t has element type dt; `what` names the operand. */
RG_API RgStatus rg_eval_expect_dtype(RgInterp *ip, const RgTensor *t, RgDType dt, const char *what);
/* Fails UNPREDICTABLE (a REQUIRE) unless v fits the integer type acc. */
RG_API RgStatus rg_eval_require_range(RgInterp *ip, int64_t v, RgDType acc, const char *what);

/* The graph being run (dense attributes are decoded through it). */
RG_API RgGraph *rg_eval_graph(const RgInterp *ip);

/* Defines evaluator NAME for a single-result op from a body
 * `RgStatus BODY(RgInterp *ip, const RgNode *n, RgTensor *const *in,
 * RgTensor *out)`, after checking that the node has between MIN_IN and
 * MAX_IN operands (MAX_IN -1: no upper bound) and one result. */
#define RG_EVAL_ONE_RESULT(NAME, BODY, MIN_IN, MAX_IN)                                         \
  RgStatus NAME(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in,           \
                RgTensor *out, uint32_t num_out) {                                             \
    RgStatus st_ = rg_eval_arity(ip, num_in, MIN_IN, MAX_IN, num_out, 1);                      \
    return st_ != RG_OK ? st_ : BODY(ip, n, in, out);                                          \
  }

/* ---- attributes of the node ---- */

/* Integer attribute (INT or BOOL); false when absent or another kind. */
RG_API bool rg_eval_attr_int(const RgNode *n, const char *name, int64_t *v);
/* BOOL, INT (non-zero) or UNIT (true); dflt when absent. */
RG_API bool rg_eval_attr_bool(const RgNode *n, const char *name, bool dflt);
/* Integer `array<i64: ...>` / `array<i32: ...>`; false otherwise. */
RG_API bool rg_eval_attr_ints(const RgNode *n, const char *name, const int64_t **v,
                              uint32_t *count);
/* Enum-like attribute, `#dialect.kind<SYM>` or a string: true when its
 * symbol is `sym`. *present (may be NULL) reports presence. */
RG_API bool rg_eval_attr_enum_is(const RgNode *n, const char *name, const char *sym,
                                 bool *present);
/* Number attribute (INT, FLOAT or BOOL) as a double and, for integers,
 * exactly in *iv (may be NULL); *is_float (may be NULL) tells which. */
RG_API bool rg_eval_attr_number(const RgNode *n, const char *name, double *f, int64_t *iv,
                                bool *is_float);
/* Lets result `out` take over the storage of operand k of the op being
 * run instead of its own, when nothing reads that operand after this op
 * (its last use, once; not a constant's view or a given input) and it has
 * out's element type and element count (the shapes may differ); returns
 * whether it did. out then holds the operand's elements, not zeros, and
 * in[k] stays readable through the same storage: call it only from an
 * evaluator that computes each result element from operand elements at
 * the same row-major index, read before that element is written (an
 * elementwise loop in index order, or a reshape). A large activation then
 * needs no second buffer. */
RG_API bool rg_eval_reuse_operand(RgInterp *ip, uint32_t k, RgTensor *out);
/* Fills out from a `dense<...>` attribute: one element per element of out,
 * or a splat. UNSUPPORTED when it cannot be decoded, INVALID for another
 * element count. */
RG_API RgStatus rg_eval_fill_dense(RgInterp *ip, const RgAttr *a, RgTensor *out);
/* nan_mode: true for IGNORE, false for PROPAGATE (the default). */
RG_API bool rg_eval_nan_ignore(const RgNode *n);

/* First element of a zero-point / shift / pad_const style operand (0 for
 * an empty tensor), converted to the requested kind. */
RG_API int64_t rg_eval_scalar_int(const RgTensor *t);
RG_API double rg_eval_scalar_float(const RgTensor *t);

/* ---- element types ---- */

/* Element types a tensor can hold, and the integer ones among them. */
RG_API bool rg_elem_supported(RgDType dt);
RG_API bool rg_elem_is_int(RgDType dt);
/* Value range of an integer type (i1: 0..1; index, i64: the int64 range). */
RG_API int64_t rg_elem_min(RgDType dt);
RG_API int64_t rg_elem_max(RgDType dt);
/* rg_elem_wrap and rg_elem_round: rulegen/interp.h. */
/* Row-major strides of t, in elements. */
RG_API void rg_tensor_strides(const RgTensor *t, int64_t *strides);

/* Advances a row-major multi-index over dims; false after the last one. */
static inline bool rg_index_next(int64_t *idx, const int64_t *dims, int32_t rank) {
  for (int32_t d = rank - 1; d >= 0; d--) {
    if (++idx[d] < dims[d])
      return true;
    idx[d] = 0;
  }
  return false;
}

/* ---- fp32 kernels ----
 * For evaluators whose accumulator is fp32: fast, and bit-identical to the
 * plain loops they replace (each accumulator adds its products one at a
 * time, in order, as a multiply then an add, never fused). */

/* acc[j] = acc[j] + v * w[j] for j < n. */
RG_API void rg_eval_axpy_f32(float *acc, float v, const float *w, int64_t n);
/* The operands of rg_eval_gemm_f32: row-major matrices a (m x k), b
 * (k x n) and c (m x n) with leading dimensions lda, ldb, ldc. */
typedef struct RgGemmF32 {
  int64_t m, n, k;
  const float *a;
  int64_t lda;
  const float *b;
  int64_t ldb;
  float *c;
  int64_t ldc;
} RgGemmF32;
/* c[i,j] = c[i,j] + a[i,p] * b[p,j] for p ascending from 0, for every
 * i < m and j < n. */
RG_API void rg_eval_gemm_f32(const RgGemmF32 *mm);

/* ---- elementwise kernels ---- */

typedef enum RgArithF32 { RG_ARITH_ADD, RG_ARITH_SUB, RG_ARITH_MUL } RgArithF32;
/* out = a OP b for every element of out, a's and b's element read at the
 * offsets `it` gives (an iterator rg_broadcast_init started with in[0] = a
 * and in[1] = b, not yet moved). a, b and out hold f32; out may be a or b
 * itself when that has out's shape. Large results are split over threads;
 * the values do not depend on it. */
RG_API void rg_eval_arith_f32(RgArithF32 op, const RgTensor *a, const RgTensor *b, RgTensor *out,
                              const RgBroadcastIter *it);
/* dst[di + j] = src[si + j * step] for j < n: a row of a data-layout op.
 * src and dst have the same element type; with step 1 the ranges may
 * overlap. */
RG_API void rg_eval_copy_row(RgTensor *dst, int64_t di, const RgTensor *src, int64_t si, int64_t n,
                             int64_t step);

/* ---- threads ----
 * rg_eval_gemm_f32 splits large products over threads; each result is
 * computed by one thread in the order above, so the values do not depend
 * on how many there are (a NaN's payload may: the compiler picks which
 * of two NaN operands an add returns). */

/* The threads the kernels use: as set, or by default the online CPUs (at
 * most 8). */
RG_API uint32_t rg_eval_threads(void);
/* Sets that number (1: the calling thread alone; 0: the default); at most
 * 64. */
RG_API void rg_eval_set_threads(uint32_t n);
/* Calls fn(ctx, p) once for every part p < parts, on up to
 * rg_eval_threads() threads at once (the caller's among them), and returns
 * when all are done. Parts must not depend on one another's order, must
 * not call the allocator set with rg_set_allocator (it may not be safe
 * across threads) and may call rg_eval_parallel again, which then runs
 * its parts on the calling thread, and the kernels above, which then run
 * on the calling thread without allocating. */
RG_API void rg_eval_parallel(uint32_t parts, void (*fn)(void *ctx, uint32_t part), void *ctx);
/* Work over items [0, n) that are independent of one another: deals them
 * in equal runs to up to rg_eval_threads() parts (rg_eval_parallel, same
 * rules) and calls fn(ctx, lo, hi) once a run; one run on the calling
 * thread when the job touches fewer than 2^18 elements (`elements`), where
 * waking threads costs more than it saves. */
RG_API void rg_eval_for(int64_t n, int64_t elements, void (*fn)(void *ctx, int64_t lo, int64_t hi), void *ctx);
/* Elements [first, first + count) of t as floats (rg_tensor_get_float),
 * in an array the caller frees with rg_free; NULL when out of memory. */
RG_API float *rg_eval_pack_f32(const RgTensor *t, int64_t first, int64_t count);

/* ---- control flow ---- */

/* Runs region r (of the node being evaluated) with its entry block's
 * arguments bound to copies of args (when it declares any) and returns
 * the operands of the block's terminator (its last op, which has no
 * results) as *yielded, an array of *nyield tensors the caller frees with
 * rg_tensor_array_free. Nesting is bounded (UNSUPPORTED past 64 levels). */
RG_API RgStatus rg_eval_region(RgInterp *ip, const RgRegion *r, RgTensor *const *args,
                               uint32_t nargs, RgTensor **yielded, uint32_t *nyield);
/* Moves vals[0..n) into the evaluator's results out[0..num_out), checking
 * count, element types and shapes (INVALID on a mismatch), and frees vals
 * (the array and every tensor left in it) in all cases. */
RG_API RgStatus rg_eval_take_results(RgInterp *ip, RgTensor *vals, uint32_t n, RgTensor *out,
                                     uint32_t num_out);

/* ---- one node ---- */

/* Evaluates node n of the interpreter's graph on the operand tensors
 * in[0..num_in) through its op's evaluator binding, outside any function
 * run (the entry point of constant folding). On success *out is an array
 * of n->num_results tensors, typed from the result types, to free with
 * rg_tensor_array_free; on failure *out is NULL and rg_interp_message
 * gives the message. A node with regions runs them too, as long as they
 * use no value defined outside them (those have no tensor here). */
RG_API RgStatus rg_interp_eval_node(RgInterp *ip, const RgNode *n, RgTensor *const *in,
                                    uint32_t num_in, RgTensor **out);

#ifdef __cplusplus
}
#endif

#endif
