/* rulegen/proof.h - proof by execution as a library call: record what
 * every function of a graph computes on random inputs, rewrite the graph,
 * then check that it still computes exactly that, bit for bit. This is
 * what `rgopt --verify-by-execution` runs (docs/verify.md). */
#ifndef RULEGEN_PROOF_H
#define RULEGEN_PROOF_H

#include "rulegen/diag.h"
#include "rulegen/interp.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct RgProof RgProof;

/* Told about each function (or input set) left out of the proof: inputs
 * that cannot be made for its arguments, inputs for which the result is
 * unpredictable (a TOSA REQUIRE), an unsupported element type. */
typedef void (*RgProofNoteFn)(void *user, const char *msg);

/* Input sets given as text (docs/verify.md): `func @NAME`, then one
 * `arg N: TYPE = [values]` per argument, floats bit for bit. */
typedef struct RgInputSets RgInputSets;
/* Reads input sets from src and checks them against graph g: the function
 * exists, every argument is given once, in order, with the argument's type
 * and exactly its element count of values, each a value of the element
 * type. NULL with `file:line:col` errors in d when the text is wrong. */
RG_API RgInputSets *rg_input_sets_read(RgGraph *g, const RgSource *src, RgDiags *d);
RG_API uint32_t rg_input_sets_count(const RgInputSets *s);
RG_API void rg_input_sets_free(RgInputSets *s);
/* The input set in[0..n) of `func` as that text (rg_free it); NULL when n
 * is not func's argument count or out of memory. */
RG_API char *rg_input_set_text(const RgNode *func, const RgTensor *in, uint32_t n, size_t *len);

/* What rg_proof_record runs. */
typedef struct RgProofOptions {
  uint32_t runs;            /* sets of random inputs per function */
  const RgInputSets *given; /* run first, each on its function (read
                               against this graph); NULL for none */
  RgProofNoteFn note;       /* told of input sets left out; may be NULL */
  void *user;               /* note's first argument */
} RgProofOptions;

/* Runs every `func.func` of the interpreter's graph (at the top level or
 * in its `builtin.module`) on o's input sets and records the results; the
 * random inputs are remade from their seeds when checked, each argument
 * only while it is in use. An op without an evaluator fails the whole
 * record (RG_ERR_INVALID, the message naming the op and its declaration);
 * other failures leave the input set out and call o->note. On success
 * *out is a proof to free with rg_proof_free. */
RG_API RgStatus rg_proof_record(RgInterp *ip, const RgProofOptions *o, RgProof **out, char *err,
                                size_t errlen);
/* Random input set 0 is drawn as rg_interp_random_inputs draws; sets 1
 * and on mix in edge values (rg_tensor_mix_edges, set s from edge value
 * s - 1, with the function's integer constants of one value). A set whose
 * inputs break a REQUIRE is drawn again: without edge values, then in
 * [0, 1] (rg_interp_random_inputs_range, edge values in that range kept). */
/* Runs the recorded input sets through the interpreter's graph again (it may
 * be a fresh interpreter, or the same one after the graph was rewritten)
 * and returns RG_OK when every result is bit-identical to the recorded
 * one; otherwise RG_ERR_VERIFY with a message naming the function, the
 * result, the input set and the first differing element. */
RG_API RgStatus rg_proof_check(const RgProof *p, RgInterp *ip, char *err, size_t errlen);
/* How far results of a graph rewritten by inexact rules (which reassociate
 * float arithmetic) may move: a float element passes when
 *   |after - before| <= rel * max(|before|, |after|, floor),
 * so `floor` keeps results near zero, where cancellation leaves only
 * absolute accuracy, from needing an impossible relative one. NaN must stay
 * NaN and infinities equal; integer results and types stay bit-exact. */
typedef struct RgTolerance {
  double rel, floor;
} RgTolerance;
#define RG_TOLERANCE_REL_DEFAULT 1e-5
#define RG_TOLERANCE_FLOOR_DEFAULT 1e-3
/* Reads "REL" or "REL,FLOOR" (REL in (0, 1), FLOOR positive) into *tol;
 * an absent FLOOR keeps tol->floor. False, *tol unchanged, when malformed. */
RG_API bool rg_tolerance_parse(const char *text, RgTolerance *tol);
/* rg_proof_check within `tol`; *max_err (may be NULL) receives the largest
 * |after - before| / max(|before|, |after|, floor) seen over every float
 * result, the number the tolerance bounds. */
RG_API RgStatus rg_proof_check_within(const RgProof *p, RgInterp *ip, RgTolerance tol, double *max_err,
                                      char *err, size_t errlen);
/* The first element of b further than `tol` from a's, or -1 (the message
 * names it); *max_err (may be NULL) is raised to the largest error seen.
 * Tensors of different types, and integer tensors, are compared bit for
 * bit (rg_tensor_first_diff). */
RG_API int64_t rg_tensor_first_far(const RgTensor *a, const RgTensor *b, RgTolerance tol, double *max_err,
                                   char *msg, size_t msglen);
/* After a check failed: the input set that showed it, as the text
 * rg_input_sets_read reads (rg_free it), so that it can be run again;
 * NULL when the last check passed or out of memory. */
RG_API char *rg_proof_failed_inputs(const RgProof *p, size_t *len);
/* Input sets recorded: a proof of 0 runs proves nothing. */
RG_API uint32_t rg_proof_num_runs(const RgProof *p);
RG_API void rg_proof_free(RgProof *p);

#ifdef __cplusplus
}
#endif

#endif
