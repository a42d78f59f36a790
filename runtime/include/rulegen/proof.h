/* rulegen/proof.h - proof by execution as a library call: record what
 * every function of a graph computes on random inputs, rewrite the graph,
 * then check that it still computes exactly that, bit for bit. This is
 * what `rgopt --verify-by-execution` runs (docs/verify.md). */
#ifndef RULEGEN_PROOF_H
#define RULEGEN_PROOF_H

#include "rulegen/interp.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct RgProof RgProof;

/* Told about each function (or input set) left out of the proof: inputs
 * that cannot be made for its arguments, inputs for which the result is
 * unpredictable (a TOSA REQUIRE), an unsupported element type. */
typedef void (*RgProofNoteFn)(void *user, const char *msg);

/* Runs every `func.func` of the interpreter's graph (at the top level or
 * in its `builtin.module`) on `runs` sets of random inputs and records the
 * results; the inputs are remade from their seeds when checked, each
 * argument only while it is in use. An op without an evaluator fails the whole record
 * (RG_ERR_INVALID, the message naming the op and its declaration); other
 * failures leave the input set out and call note (may be NULL). On
 * success *out is a proof to free with rg_proof_free. */
RG_API RgStatus rg_proof_record(RgInterp *ip, uint32_t runs, RgProofNoteFn note, void *user,
                                RgProof **out, char *err, size_t errlen);
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
/* Input sets recorded: a proof of 0 runs proves nothing. */
RG_API uint32_t rg_proof_num_runs(const RgProof *p);
RG_API void rg_proof_free(RgProof *p);

#ifdef __cplusplus
}
#endif

#endif
