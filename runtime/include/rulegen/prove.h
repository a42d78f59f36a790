/* rulegen/prove.h - translation validation with Z3 (rgopt --prove): every
 * rewrite that fires is proven, refuted with a counterexample, or left
 * unknown with a reason. Op meanings for the solver are C functions bound
 * in .ops files with `smt(fn)` (RgSmtFn, rulegen/pass.h); this header is
 * what such a function calls. Present only in builds with Z3 (libz3-dev);
 * the functions need z3.h's types, named here by their struct tags.
 * docs/prove.md describes the encoding and its limits. */
#ifndef RULEGEN_PROVE_H
#define RULEGEN_PROVE_H

#include "rulegen/pass.h"

#ifdef __cplusplus
extern "C" {
#endif

struct _Z3_context;
struct _Z3_sort;
typedef struct RgSmt RgSmt;

/* ---- for SMT meanings (RgSmtFn) ----
 * A meaning returns one element of a result at a symbolic index: one
 * bit-vector term of rg_smt_index_bits bits per dimension (numerals for
 * size-1 dims), each below its dim. It reads operands the same way, at
 * indices it computes (data movement is an index map, never unrolled);
 * integers are bit-vectors of the element width, i1 one bit, floats
 * Z3 floating-point terms of the element type. */

/* The Z3 context every term must belong to, and the graph. */
RG_API struct _Z3_context *rg_smt_context(RgSmt *s);
RG_API RgGraph *rg_smt_graph(RgSmt *s);
/* Element of operand k of n at idx (one entry per dim of the operand), or
 * NULL when it has no meaning (the reason is kept). */
RG_API struct _Z3_ast *rg_smt_operand(RgSmt *s, const RgNode *n, uint32_t k,
                                      struct _Z3_ast *const *idx);
/* Operand k of n: its type and producer (an erased node's operands are read
 * from the prover's copy, so a meaning never reads n->operands itself). */
RG_API const RgValue *rg_smt_operand_value(RgSmt *s, const RgNode *n, uint32_t k);
/* Operand k's element 0 when it is a constant integer (a scalar zero point,
 * shift or multiplier), sign-extended; false otherwise. */
RG_API bool rg_smt_operand_int(RgSmt *s, const RgNode *n, uint32_t k, int64_t *v);
/* Width of index terms, and the index numeral v. */
RG_API unsigned rg_smt_index_bits(const RgSmt *s);
RG_API struct _Z3_ast *rg_smt_index(RgSmt *s, int64_t v);
/* The sort of an element type (NULL for one without a meaning). */
RG_API struct _Z3_sort *rg_smt_sort(RgSmt *s, RgDType dt);
/* Integer numeral v (wrapped to the width) or float numeral of type dt. */
RG_API struct _Z3_ast *rg_smt_int(RgSmt *s, RgDType dt, int64_t v);
RG_API struct _Z3_ast *rg_smt_float(RgSmt *s, RgDType dt, double v);
/* TOSA's REQUIRE: the result is defined only where cond (a Boolean term)
 * holds. A rewrite must keep defined what was defined before. */
RG_API void rg_smt_require(RgSmt *s, struct _Z3_ast *cond);
/* A fact the op's semantics guarantee about a term (a sum that starts at
 * +0.0 is never -0.0): assumed by the solver, so it must hold always. */
RG_API void rg_smt_assume(RgSmt *s, struct _Z3_ast *fact);
/* Element of a DENSE attribute of tensor type `type` at idx: numerals for
 * splats and numeral indices, otherwise a Z3 array (or, over the size
 * limit, a function shared by every read of the same attribute). */
RG_API struct _Z3_ast *rg_smt_dense(RgSmt *s, const RgAttr *a, const RgType *type,
                                    struct _Z3_ast *const *idx);
/* Row-major linear index of idx in dims[0..rank), and back; the encoder
 * recognizes one undone by the other, so reshapes compose without division. */
RG_API struct _Z3_ast *rg_smt_linear(RgSmt *s, struct _Z3_ast *const *idx, const int64_t *dims,
                                     int32_t rank);
RG_API void rg_smt_delinear(RgSmt *s, struct _Z3_ast *lin, const int64_t *dims, int32_t rank,
                            struct _Z3_ast **idx);
/* The same uninterpreted function of n's op and attributes applied to
 * args (for ops with no exact meaning, such as exp: equal on both sides of
 * a rewrite, nothing else known). */
RG_API struct _Z3_ast *rg_smt_opaque(RgSmt *s, const RgNode *n, struct _Z3_ast *const *args,
                                     uint32_t nargs, RgDType result);
/* Gives up on the op with a printf-style reason; returns NULL. */
RG_API struct _Z3_ast *rg_smt_unsupported(RgSmt *s, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- the prover ---- */

typedef enum RgProofStatus { RG_PROOF_PROVEN, RG_PROOF_REFUTED, RG_PROOF_UNKNOWN } RgProofStatus;

typedef struct RgProofResult {
  const char *pass, *rule;
  uint32_t node;           /* id of the rewritten root */
  RgProofStatus status;
  const char *reason;      /* unknown: why; refuted: the differing element */
  const char *inputs;      /* refuted over the function's arguments: an input set (docs/verify.md) */
  double seconds;
} RgProofResult;

typedef struct RgProver RgProver;

#define RG_PROVE_RLIMIT_DEFAULT 10000000u
/* A prover using the SMT meanings of the registry ops[0..n) (more with
 * rg_prover_add_ops), each query limited to `rlimit` Z3 resource units
 * (0: the default, RG_PROVE_RLIMIT_DEFAULT). NULL when out of memory. */
RG_API RgProver *rg_prover_new(const RgOpDesc *ops, uint32_t n, uint64_t rlimit);
/* Adds a registry (kept by pointer) searched after the earlier ones. */
RG_API RgStatus rg_prover_add_ops(RgProver *p, const RgOpDesc *ops, uint32_t n);
RG_API void rg_prover_free(RgProver *p);
/* Makes the run `o` over graph g report every rewrite to the prover: its
 * on_rewrite and after_pass observers are taken over and still called. */
RG_API void rg_prover_attach(RgProver *p, RgGraph *g, RgRunOptions *o);
/* The results so far, one per rewrite in firing order. */
RG_API uint32_t rg_prover_num_results(const RgProver *p);
RG_API const RgProofResult *rg_prover_result(const RgProver *p, uint32_t i);

#ifdef __cplusplus
}
#endif

#endif
