/* runtime/interp/interp_internal.h - shared by the interpreter's engine
 * files (interp.c, tensor.c, proof.c): the evaluation context and argument
 * sources. Element storage is the IR's (ir/ir_internal.h). Op semantics are not here:
 * evaluators live with their op declarations in backends/ and reach the
 * engine through the public rulegen/eval.h. */
#ifndef RG_INTERP_INTERNAL_H
#define RG_INTERP_INTERNAL_H

#include "rulegen/eval.h"
#include "rulegen/proof.h"
#include "ir/ir_internal.h"

/* What the interpreter knows about one op id of the graph, resolved once
 * from the registries on first use. */
typedef struct InterpOpBinding {
  bool resolved;
  RgEvalFn eval;        /* NULL: no evaluator */
  const RgOpDesc *decl; /* first declaration found, or NULL: undeclared */
} InterpOpBinding;

/* The integer constants of one value in a function's body (zero points,
 * shifts), with their element types: edge values for the arguments of
 * that type. */
enum { INTERP_MAX_INTS = 16 };
typedef struct InterpInts {
  RgDType dt[INTERP_MAX_INTS];
  int64_t v[INTERP_MAX_INTS];
  uint32_t n;
} InterpInts;

/* Where a run's function arguments come from: `given` tensors, or (given
 * NULL) the random inputs of `seed`, in [lo, hi] when `ranged`, with edge
 * values mixed in from `first` when `edges` (ints: more for integers). */
typedef struct InterpArgs {
  const RgTensor *given;
  uint32_t ngiven;
  uint64_t seed;
  bool ranged;
  double lo, hi;
  bool edges;
  uint32_t first;
  const InterpInts *ints;
} InterpArgs;

/* Values shared by two runs evaluated side by side (share.c): a store of
 * tensors by id (0: none), each counted by the value slots holding it and
 * merged with an equal live one (same type, same bytes) when put, or given
 * the id of a dead one with the same two 64-bit digests; and a memo of
 * evaluated ops by op, attributes, result types and operand ids. */
typedef struct InterpShare InterpShare;
typedef struct InterpShareStats {
  uint64_t evals;  /* ops evaluated */
  uint64_t hits;   /* ops that took the results of an equal one */
  uint64_t merged; /* results found equal to a stored value */
  uint64_t stale;  /* ops remembered whose results were gone when asked for */
} InterpShareStats;
InterpShare *interp_share_new(void);
void interp_share_free(InterpShare *s);
const InterpShareStats *interp_share_stats(const InterpShare *s);
/* Stores *t (taken over, *t zeroed) under *id, or gives the id of an equal
 * live value (and releases *t), or of a dead one with the same digests;
 * the caller holds one reference. */
RgStatus interp_share_put(InterpShare *s, RgTensor *t, uint32_t *id);
const RgTensor *interp_share_tensor(const InterpShare *s, uint32_t id);
void interp_share_unref(InterpShare *s, uint32_t id);
/* Hands the storage of id to out when it has at most max_refs references
 * (a dying operand reused for a result): the id holds no value after. */
bool interp_share_take(InterpShare *s, uint32_t id, uint32_t max_refs, RgTensor *out);
/* Which value of run 0 or 1 last took id (NULL: none), and setting it;
 * references held, and whether id still holds its value. */
void interp_share_hold(InterpShare *s, uint32_t id, int run, const RgValue *v);
const RgValue *interp_share_holder(const InterpShare *s, uint32_t id, int run);
uint32_t interp_share_refs(const InterpShare *s, uint32_t id);
bool interp_share_live(const InterpShare *s, uint32_t id);
/* The live id of function argument i, 0 when none (no reference taken). */
uint32_t interp_share_arg_peek(const InterpShare *s, uint32_t i);
/* Whether op a of ga and op b of gb are the same op (name, attributes,
 * result types, regions), so equal operands give equal results. */
bool interp_share_same_op(const RgGraph *ga, const RgNode *a, const RgGraph *gb, const RgNode *b);
/* The results of an op of g equal to n with operand ids ops, into res
 * (referenced), when one was remembered and its results still live; when
 * they are gone, false with *stale set and their ids in res, for
 * interp_share_revive: the same op on the same values gives the same bits. */
bool interp_share_lookup(InterpShare *s, const RgGraph *g, const RgNode *n, const uint32_t *ops, uint32_t *res,
                         bool *stale);
/* Whether interp_share_lookup would find n's results (no reference taken);
 * peek also gives their ids in res (when not NULL). */
bool interp_share_known(const InterpShare *s, const RgGraph *g, const RgNode *n, const uint32_t *ops);
bool interp_share_peek(const InterpShare *s, const RgGraph *g, const RgNode *n, const uint32_t *ops, uint32_t *res);
/* Stores *t (taken over) under id again, a value that is gone and that t
 * equals by construction; false when id cannot take it. */
bool interp_share_revive(InterpShare *s, uint32_t id, RgTensor *t);
RgStatus interp_share_remember(InterpShare *s, const RgGraph *g, const RgNode *n, const uint32_t *ops,
                               const uint32_t *res);
/* The id function argument i was stored under (0: none yet) when it has
 * the type of layout; *live when it still is (then referenced). */
uint32_t interp_share_arg(InterpShare *s, uint32_t i, const RgTensor *layout, bool *live);
void interp_share_set_arg(InterpShare *s, uint32_t i, uint32_t id);
/* A hash of n's op name, result types and attribute names: equal for
 * equal ops of two graphs (interp_run_paired lines the two bodies up). */
uint64_t interp_node_key(const RgGraph *g, const RgNode *n);

struct RgInterp {
  RgGraph *g;
  RgInterpError kind;
  char msg[512];
  const RgNode *node; /* the node being evaluated, for messages */
  /* registries given with rg_interp_add_ops, searched in that order */
  struct InterpRegistry { const RgOpDesc *ops; uint32_t n; } *regs;
  uint32_t num_regs;
  InterpOpBinding *bindings; /* indexed by op id */
  uint32_t num_bindings;
  struct InterpEnv *env;
  const InterpArgs *args; /* of the function being run */
  uint32_t depth; /* nesting of regions, bounded */
};

/* Runs func on the arguments `a` describes; random ones are made when an
 * op first reads them and freed after their last use: a network whose
 * weights are arguments never holds them all. */
/* One run: its arguments, then its outputs and the message of a failure. */
typedef struct InterpRun {
  const InterpArgs *args;
  RgTensor *out;
  uint32_t nout;
  char *err;
  size_t errlen;
} InterpRun;
RgStatus interp_run_args(RgInterp *ip, const RgNode *func, InterpRun *r);
/* Two runs side by side on the same arguments: func[0] of ip[0] (the
 * graph before a pipeline) and func[1] of ip[1] (after it), which take the
 * same argument types. Each op is evaluated once for both when its twin
 * has the same operand values (share.c), so what the pipeline left alone
 * costs one evaluation. A failure of run 0 stops both; one of run 1 only
 * itself. Outputs, status and message per run. */
typedef struct InterpPaired {
  RgInterp *ip[2];
  const RgNode *func[2];
  const InterpArgs *args;
  RgTensor *out[2];
  uint32_t nout[2];
  RgStatus st[2];
  char err[2][512];
  InterpShareStats stats;
} InterpPaired;
void interp_run_paired(InterpPaired *p);
/* rg_proof_record with the graph after the passes at hand (`after`, an
 * interpreter on it): each run is evaluated with its twin there through
 * interp_run_paired, and the next check on that graph takes the results
 * after instead of running again. */
RgStatus interp_proof_record_paired(RgInterp *ip, RgInterp *after, const RgProofOptions *o, RgProof **out,
                                    char *err, size_t errlen);
/* Random argument i, of the element type and shape of `layout` (no
 * elements; `shape`: of a dialect's shape type), as `a` (given NULL)
 * describes it, into *t. */
RgStatus interp_random_arg(const RgTensor *layout, bool shape, const InterpArgs *a, uint32_t i, RgTensor *t);
/* The integer constants of one value in func's body, into *out. */
void interp_func_ints(RgGraph *g, const RgNode *func, InterpInts *out);

/* Fills the allocated t with random values in [lo, hi] (tensor.c), and
 * the range rg_tensor_random draws element type dt from. */
RgStatus interp_fill_random(RgTensor *t, uint64_t seed, double lo, double hi);
void interp_default_range(RgDType dt, double *lo, double *hi);

/* Input sets read from text (inputs.c): a function's name, where its
 * set begins ("FILE:LINE") and a tensor per argument. */
typedef struct InterpInputSet {
  char *func, *where;
  RgTensor *args;
  uint32_t nargs;
} InterpInputSet;
struct RgInputSets {
  InterpInputSet *sets;
  uint32_t n, cap;
};
/* The text of input sets: a `func @NAME` line (the file's first line is a
 * comment naming the format), then one line per argument. */
void interp_inputs_put_func(RgsBuf *b, const char *func);
void interp_inputs_put_arg(RgsBuf *b, uint32_t i, const char *type, const RgTensor *t);

/* Element type and shape a value of `type` has in the interpreter, without
 * allocating it; RG_ERR_INVALID for a type it cannot hold (tensor.c). */
RgStatus interp_type_layout(const RgType *type, RgDType *dt, int32_t *rank, int64_t *dims);

/* An f32's bit pattern and back: edge values and input files handle
 * floats by their bits, so -0.0 and NaN payloads survive. */
static inline uint32_t interp_f32_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}
static inline float interp_bits_f32(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

/* Whether a's storage can hold b's elements: the same element type and
 * count (the shapes may differ: storage is row-major either way). */
bool interp_same_storage(const RgTensor *a, const RgTensor *b);

/* ---- the blocked fp32 product (gemm.c) ----
 * c += a * b over one part of an RgGemmF32, with pk (k * INTERP_GEMM_NB
 * floats, or NULL) to pack b's panels into; the _avx2 build exists when
 * RG_GEMM_AVX2 is defined, and gives the same bits. */
#define INTERP_GEMM_NB 256 /* columns per panel: k x NB of b stays in the cache */
#define INTERP_GEMM_MB 4   /* rows per tile: each panel row is loaded once for them */
void interp_gemm_blocked(const RgGemmF32 *mm, float *pk);
/* Whether the calling thread runs a part of an rg_eval_parallel job (a
 * kernel called there runs alone and must not allocate). */
bool interp_in_part(void);
void interp_gemm_blocked_avx2(const RgGemmF32 *mm, float *pk);

#endif
