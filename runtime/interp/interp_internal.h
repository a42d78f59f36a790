/* runtime/interp/interp_internal.h - shared by the interpreter's engine
 * files (interp.c, tensor.c, proof.c): the evaluation context and argument
 * sources. Element storage is the IR's (ir/ir_internal.h). Op semantics are not here:
 * evaluators live with their op declarations in backends/ and reach the
 * engine through the public rulegen/eval.h. */
#ifndef RG_INTERP_INTERNAL_H
#define RG_INTERP_INTERNAL_H

#include "rulegen/eval.h"
#include "ir/ir_internal.h"

/* What the interpreter knows about one op id of the graph, resolved once
 * from the registries on first use. */
typedef struct InterpOpBinding {
  bool resolved;
  RgEvalFn eval;        /* NULL: no evaluator */
  const RgOpDesc *decl; /* first declaration found, or NULL: undeclared */
} InterpOpBinding;

/* Where a run's function arguments come from: `given` tensors, or (given
 * NULL) the random inputs of `seed`, in [lo, hi] when `ranged`. */
typedef struct InterpArgs {
  const RgTensor *given;
  uint64_t seed;
  bool ranged;
  double lo, hi;
} InterpArgs;

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

/* rg_interp_run on the inputs rg_interp_random_inputs(_range)(func, seed)
 * makes, each made when an op first reads it and freed after its last
 * use: a network whose weights are arguments never holds them all. */
RgStatus interp_run_random(RgInterp *ip, const RgNode *func, uint64_t seed, bool ranged, double lo,
                           double hi, RgTensor **outputs, uint32_t *nout, char *err, size_t errlen);

/* Element type and shape a value of `type` has in the interpreter, without
 * allocating it; RG_ERR_INVALID for a type it cannot hold (tensor.c). */
RgStatus interp_type_layout(const RgType *type, RgDType *dt, int32_t *rank, int64_t *dims);

#endif
