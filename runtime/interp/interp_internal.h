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
RgStatus interp_run_args(RgInterp *ip, const RgNode *func, const InterpArgs *a, RgTensor **outputs,
                         uint32_t *nout, char *err, size_t errlen);
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

#endif
