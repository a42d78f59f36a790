/* rulegen/pass.h - what generated passes look like to the runtime: pass and
 * rule descriptors with the derived target-op condition, the rewriter API
 * the generated matchers call, and the pass manager that runs pipelines,
 * skipping every pass whose condition fails on the op histogram. */
#ifndef RULEGEN_PASS_H
#define RULEGEN_PASS_H

#include "rulegen/diag.h"
#include "rulegen/graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Generated rule actions are called once each from a decision tree; left
 * to itself the C compiler inlines them all back into one huge function,
 * which makes large passes compile slowly. */
#if defined(__GNUC__) || defined(__clang__)
#define RG_NOINLINE __attribute__((noinline))
#else
#define RG_NOINLINE
#endif

typedef struct RgRewriter RgRewriter;
typedef struct RgPassDesc RgPassDesc;
typedef struct RgRunOptions RgRunOptions;

/* Shape inference hook of an op: fills results[i] with the type of each
 * result of `n` from its operand types and attributes. Returns RG_OK, or an
 * error with a message in `err`. */
typedef RgStatus (*RgShapeFn)(RgGraph *g, const RgNode *n, const RgType **results,
                              char *err, size_t errlen);

/* Evaluator of an op, bound by `eval(fn)` in its declaration: computes the
 * results of `n` from its operand tensors into out[0..num_out), allocated by
 * the interpreter from the result types. Contract: rulegen/eval.h. */
struct RgInterp;
struct RgTensor;
typedef RgStatus (*RgEvalFn)(struct RgInterp *ip, const RgNode *n, struct RgTensor *const *in,
                             uint32_t num_in, struct RgTensor *out, uint32_t num_out);
/* The function types of RgShapeFn and RgEvalFn: generated code declares
 * the hooks it names with them (`RgShapeHook tosa_infer_add, tosa_infer_sub;`). */
typedef RgStatus RgShapeHook(RgGraph *g, const RgNode *n, const RgType **results, char *err, size_t errlen);
typedef RgStatus RgEvalHook(struct RgInterp *ip, const RgNode *n, struct RgTensor *const *in, uint32_t num_in,
                            struct RgTensor *out, uint32_t num_out);

/* Kind of a declared attribute (`{perms: i32[]}` in a .ops file), which
 * the op verifier checks against the attribute a graph carries. */
typedef enum RgAttrSchema {
  RG_SCHEMA_ANY,    /* any */
  RG_SCHEMA_INT,    /* i32, i64, int: an integer */
  RG_SCHEMA_NUM,    /* num: an integer or a float */
  RG_SCHEMA_BOOL,   /* bool */
  RG_SCHEMA_STR,    /* str: a string or an enum attribute */
  RG_SCHEMA_INTS,   /* i32[], int[]: an integer array */
  RG_SCHEMA_TYPE,   /* type */
  RG_SCHEMA_TENSOR  /* tensor: dense (or resource) elements */
} RgAttrSchema;

/* SMT meaning of an op, bound by `smt(fn)` in its declaration: the element
 * of result `result` of `n` at the index idx[0..rank) (Z3 bit-vector terms),
 * as a Z3 term, or NULL (with the reason given to rg_smt_unsupported).
 * Contract and helpers: rulegen/prove.h. Z3's own types are named by
 * their struct tags so this header needs no z3.h. */
struct RgSmt;
struct _Z3_ast;
typedef struct _Z3_ast *(*RgSmtFn)(struct RgSmt *s, const RgNode *n, uint32_t result,
                                   struct _Z3_ast *const *idx);
/* Its function type, as generated code declares the meanings it names. */
typedef struct _Z3_ast *RgSmtHook(struct RgSmt *s, const RgNode *n, uint32_t result, struct _Z3_ast *const *idx);

typedef struct RgAttrDesc {
  const char *name;
  uint8_t kind;  /* RgAttrSchema */
  bool optional; /* `name?: T` */
} RgAttrDesc;

/* One entry of a generated op registry. */
typedef struct RgOpDesc {
  const char *name;        /* "my_npu.conv" */
  uint16_t num_operands;   /* fixed operands; variadic ones come last */
  bool variadic;
  uint16_t num_results;
  uint32_t traits;         /* RG_TRAIT_* bits */
  RgShapeFn infer;         /* NULL: the op cannot be created by a rewrite */
  RgEvalFn eval;           /* NULL: the interpreter cannot run the op */
  const char *source;      /* where it is declared: "my_npu.ops:7" */
  uint16_t num_attrs;      /* declared attributes */
  const RgAttrDesc *attrs;
  RgSmtFn smt;             /* NULL: rgopt --prove has no meaning for the op */
} RgOpDesc;

enum {
  RG_TRAIT_ELEMENTWISE = 1u << 0,
  RG_TRAIT_UNARY = 1u << 1,
  RG_TRAIT_BINARY = 1u << 2,
  RG_TRAIT_TERNARY = 1u << 3,
  RG_TRAIT_COMMUTATIVE = 1u << 4,
  RG_TRAIT_LAYOUT_AGNOSTIC = 1u << 5,
  RG_TRAIT_CONSTANT = 1u << 6,
  RG_TRAIT_PURE = 1u << 7, /* no side effects: removable when unused; equal operands give equal results */
  RG_TRAIT_RESULTS_VARY = 1u << 8 /* each node has its own result count (num_results is 0) */
};

/* The op verifier for graphs as read: checks every node whose op is in
 * `ops` (a generated registry) against its declaration (operand and result
 * counts, declared attributes, result types against the shape hook, which
 * also rejects invalid attribute values), every dense literal against its
 * type, and every func.func against its signature and terminators (one
 * func.return, last, of the right types; distinct names). Old spellings
 * of a dialect's ops are rg_graph_verify_spelling's (rulegen/syntax.h).
 * Ops named in `skip` are not checked: each
 * entry of the NULL-terminated array is a comma-separated list of op names,
 * "dialect.*" or "*". Errors go to `d`, located in `src`
 * when the reader recorded positions; returns the number of errors. */
RG_API size_t rg_graph_verify_ops(RgGraph *g, const RgOpDesc *ops, uint32_t nops,
                                  const char *const *skip, const RgSource *src, RgDiags *d);
/* rg_graph_verify_ops after rewrites of a graph that passed it whole: only
 * the nodes made from id `first_new` on (rg_node_create's ids increase),
 * those marked RG_NODE_CHANGED, and every function and module. An
 * embedder that built the graph through this API clears the marks of
 * building first (rg_graph_clear_changed). */
RG_API size_t rg_graph_verify_ops_changed(RgGraph *g, const RgOpDesc *ops, uint32_t nops,
                                          const char *const *skip, RgDiags *d, uint32_t first_new);

/* Target-op condition. A requirement says: the live, unfrozen nodes whose op
 * is one of ops[first .. first+num) number at least `min_count` (an op class
 * in a pattern becomes one requirement over all its members). A rule can
 * fire only if all its requirements hold; a pass can run only if some rule
 * can fire. */
typedef struct RgOpReq {
  uint16_t first, num; /* slice of RgPassDesc.req_ops (local op indices) */
  uint32_t min_count;
} RgOpReq;

typedef struct RgRuleDesc {
  const char *name;    /* rule name, unique within the pass */
  const char *source;  /* "rules/transpose.rules:12:3": where the rule is */
  uint16_t first_req, num_reqs; /* slice of RgPassDesc.reqs */
  bool inexact;        /* `inexact rule`: applied only with RgRunOptions.inexact */
} RgRuleDesc;

typedef enum RgPassMode { RG_PASS_FIXPOINT, RG_PASS_ONCE } RgPassMode;

/* Matcher for one root node: tries the pass's rules in order, applies the
 * first that matches. Returns 1 when it rewrote, 0 when nothing matched,
 * -1 on error (status in the rewriter). `root_op` is the local index of
 * the node's op. */
typedef int (*RgMatchFn)(RgRewriter *rw, RgNode *root, uint16_t root_op);

struct RgPassDesc {
  int abi;                   /* RG_ABI_VERSION the code was generated for */
  const char *name;
  const char *doc;
  RgPassMode mode;
  uint16_t num_ops;          /* local op table used by the matcher */
  const char *const *op_names;
  const RgOpDesc *const *op_descs; /* per local op: its registry entry or NULL */
  uint16_t num_roots;        /* local ops that can be a pattern root */
  const uint16_t *roots;
  uint16_t num_rules;
  const RgRuleDesc *rules;
  const uint16_t *req_ops;
  const RgOpReq *reqs;
  RgMatchFn match;
  uint16_t num_attr_names;   /* attribute names the matcher compares by id */
  const char *const *attr_names;
};

/* ---- rewriter: what generated matchers call ---- */

/* Graph op id of local op `k` of the running pass. */
RG_API RgOpId rg_rw_op(const RgRewriter *rw, uint16_t k);
RG_API RgGraph *rg_rw_graph(RgRewriter *rw);
/* The running pass (its op table carries the ops' registry entries) and
 * the options of the run, for externs that need them. */
RG_API const RgPassDesc *rg_rw_pass(const RgRewriter *rw);
RG_API const RgRunOptions *rg_rw_options(const RgRewriter *rw);
/* False when the rule is disabled (or another rule is isolated). */
RG_API bool rg_rw_rule_enabled(const RgRewriter *rw, uint16_t rule);
/* What generated matchers ask before calling a rule: true when it may run;
 * false when it is disabled (then, with `ex`, explains "rule is disabled"). */
RG_API bool rg_rw_rule_on(RgRewriter *rw, uint16_t rule, bool ex);
/* True when explain mode is on for this root; generated code then reports
 * each rule's first failing test through rg_rw_explain. */
RG_API bool rg_rw_explaining(const RgRewriter *rw, const RgNode *root);
RG_API void rg_rw_explain(RgRewriter *rw, uint16_t rule, const char *failed_test);
/* rg_rw_explain for each of rules[0..n), in order: a test that failed for
 * every rule that reached it. */
RG_API void rg_rw_explain_rules(RgRewriter *rw, const uint16_t *rules, uint32_t n, const char *failed_test);
/* Explains a guard's first failing conjunct `text` (false, or with
 * `unevaluable` not computable) with the values it reads: `reads` is a
 * comma-separated list such as "rank(x) = %r, p = %l" whose directives
 * take, in order, %i int64_t, %f double, %b bool, %s const char *, %l
 * RgInts, %t RgDType, and an RgValue * for %r its rank, %S its shape, %d
 * its element type, %n its element count, %u its use count, %v its type. */
RG_API void rg_rw_explain_guard(RgRewriter *rw, uint16_t rule, bool unevaluable, const char *text,
                                const char *reads, ...);
/* Explains, for a `switch` on a node's op, every rule whose op set lacks
 * `local`; pairs holds (rule, local op) pairs, npairs of them. Each report
 * is `why` followed by a space and the rule's ops joined by '|'. */
RG_API void rg_rw_explain_switch(RgRewriter *rw, int local, const uint16_t *pairs, uint32_t npairs,
                                 const char *why);
/* Creates a node of local op `k` right before the root being rewritten,
 * with result types from the op's shape hook. Returns NULL on error, or
 * when the hook cannot type the node (then the status stays RG_OK and
 * rg_rw_refuse gives the rule up). */
RG_API RgNode *rg_rw_create(RgRewriter *rw, uint16_t k, uint32_t num_operands,
                            RgValue *const *operands, uint32_t num_attrs,
                            const RgNamedAttr *props);
/* Same, for a node of like's op rebuilt from the matched `like` (`(op x
 * ..rest)`): its results start with like's types, which hooks such as
 * cast's read for the element type the operands do not determine. */
RG_API RgNode *rg_rw_create_like(RgRewriter *rw, const RgNode *like, uint32_t num_operands,
                                 RgValue *const *operands, uint32_t num_attrs,
                                 const RgNamedAttr *props);
/* A node rebuilt from the matched `like` (`(op x ..rest)`): like's op and
 * properties, operands ops[0..n) then the values of rest[0..nrest), result
 * types started from like's (see rg_rw_create_like). NULL as for
 * rg_rw_create, or past 64 operands (then the rule fails, RG_ERR_INVALID). */
RG_API RgNode *rg_rw_rebuild(RgRewriter *rw, const RgNode *like, uint32_t n, RgValue *const *ops,
                             const RgUse *rest, uint32_t nrest);
/* What generated actions build replacements with: rg_rw_create,
 * rg_rw_create_like and rg_rw_rebuild returning the new node's first
 * result. On failure NULL, and every later make of the rule does nothing
 * and returns NULL too; rg_rw_apply (or rg_rw_drop) then refuses the rule
 * as rg_rw_refuse does, so an action checks once, where it ends. A NULL
 * attribute value in props is out of memory (an error, -1 where the
 * action ends). */
RG_API RgValue *rg_rw_make(RgRewriter *rw, uint16_t k, uint32_t num_operands, RgValue *const *operands,
                           uint32_t num_attrs, const RgNamedAttr *props);
RG_API RgValue *rg_rw_make_like(RgRewriter *rw, const RgNode *like, uint32_t num_operands,
                                RgValue *const *operands, uint32_t num_attrs, const RgNamedAttr *props);
RG_API RgValue *rg_rw_remake(RgRewriter *rw, const RgNode *like, uint32_t n, RgValue *const *ops,
                             const RgUse *rest, uint32_t nrest);
/* Replaces every result of `root` with `values` (one per result; NULL
 * leaves a result that has no uses alone), checks
 * the types, erases the root and the producers left without uses, counts
 * the firing of `rule` and queues affected nodes. Returns false on error. */
RG_API bool rg_rw_replace(RgRewriter *rw, RgNode *root, RgValue *const *values, uint16_t rule);
/* rg_rw_replace for generated rules: a replacement whose type differs
 * from the replaced value's (a static dim against a dynamic one included)
 * is refused instead: the rule's new nodes are erased, the refusal is
 * counted and 0 returned, so later rules may match; so is one an
 * rg_rw_make of which failed. 1 when the rule fired, -1 on error. */
RG_API int rg_rw_apply(RgRewriter *rw, RgNode *root, RgValue *const *values, uint16_t rule);
/* The rule's replacement could not be built (rg_rw_create returned NULL):
 * erases its new nodes and returns 0 after counting a refusal when a shape
 * hook could not type a node, -1 on other errors (out of memory). */
RG_API int rg_rw_refuse(RgRewriter *rw, uint16_t rule);
/* A replacement value could not be computed: rg_rw_refuse when a make of
 * the rule failed before, else rg_rw_discard and 0. */
RG_API int rg_rw_drop(RgRewriter *rw, uint16_t rule);
/* Erases the nodes rg_rw_create made for the rule being applied (its
 * replacement could not be completed), so the graph is left unchanged. */
RG_API void rg_rw_discard(RgRewriter *rw);
/* Removes `root`, which has no uses (a `=> _` rule), and counts the
 * firing of `rule`. Returns false on error. */
RG_API bool rg_rw_erase(RgRewriter *rw, RgNode *root, uint16_t rule);
/* Records a failure of the running rule (for errors in guards/externs). */
RG_API int rg_rw_fail(RgRewriter *rw, RgStatus st, const char *fmt, ...);

/* Local op index of a node's op in the running pass, or -1 when the pass
 * does not name that op. Generated matchers switch on it. */
RG_API int rg_rw_local(const RgRewriter *rw, const RgNode *n);
/* The node defining the value (NULL for block arguments), when it is not
 * frozen and the value is its first result: the only nodes a pattern may
 * match below its root (an op in a pattern stands for its first result). */
static inline RgNode *rg_match_def(const RgValue *v) {
  RgNode *n = v ? rg_value_def(v) : NULL;
  return n && v->index == 0 && !rg_node_is_frozen(n) ? n : NULL;
}

/* The pass's attribute names (RgPassDesc.attr_names) as the graph interns
 * them: the id of an attribute name is its interned pointer, so matchers
 * find an attribute by comparing pointers, never strings. */
RG_API const char *const *rg_rw_attr_ids(const RgRewriter *rw);
static inline const RgAttr *rg_match_attr(const RgNode *n, const char *id) {
  for (uint16_t i = 0; i < n->num_attrs; i++)
    if (n->attrs[i].name == id)
      return n->attrs[i].value;
  return NULL;
}
/* Whether node n has each of the running pass's attributes that `list`
 * names: its first entry k, then k rules, then the attributes' ids
 * (indices of RgPassDesc.attr_names) up to UINT16_MAX. A matcher's tests
 * of a node's attributes on one line: when `ex`, the first one missing is
 * explained for each of the k rules as "WHERE has no attribute 'NAME'",
 * as the test of each alone would (WHERE the node's path, "root.0"). */
RG_API bool rg_rw_has_attrs(RgRewriter *rw, bool ex, const RgNode *n, const char *where, const uint16_t *list);

/* ---- guard helpers ---- */

/* An int array computed by a guard. Storage comes from the rewriter's
 * scratch memory and is valid until the next root node is matched. */
typedef struct RgInts {
  const int64_t *v;
  uint32_t n;
} RgInts;

/* Each returns false when the value cannot be computed (a guard that
 * cannot be evaluated is false, so the rule does not fire). */
RG_API int64_t *rg_rw_scratch(RgRewriter *rw, uint32_t n);
RG_API bool rg_attr_to_ints(RgGraph *g, const RgAttr *a, RgInts *out);
RG_API bool rg_value_shape(const RgValue *v, RgInts *out);
RG_API bool rg_ints_iota(RgRewriter *rw, int64_t n, RgInts *out);
/* compose(p, q)[i] = p[q[i]]: transposing by p then by q equals one
 * transpose by compose(p, q). Both must be permutations of equal length. */
RG_API bool rg_ints_compose(RgRewriter *rw, RgInts p, RgInts q, RgInts *out);
RG_API bool rg_ints_inverse(RgRewriter *rw, RgInts p, RgInts *out);
RG_API bool rg_ints_equal(RgInts a, RgInts b);
/* The length as a DSL int (a call, so comparing it with any int64 literal
 * draws no "comparison is always true" warning). */
static inline int64_t rg_ints_len(RgInts a) { return (int64_t)a.n; }
/* `a[i]`: false when i is out of range (a negative i converts to a huge
 * one). */
static inline bool rg_ints_at(RgInts a, int64_t i, int64_t *out) {
  if ((uint64_t)i >= a.n)
    return false;
  *out = a.v[i];
  return true;
}
/* True when p is a permutation of 0..len(p)-1. */
RG_API bool rg_ints_is_perm(RgInts p);
/* Int-list arithmetic of the rules language: `a + b` (concatenation),
 * `l * n` (repetition; a negative n cannot be evaluated), `l[lo .. hi]`
 * (a view; needs 0 <= lo <= hi <= n), `sum`, `prod` and `cumsum`
 * (inclusive prefix sums). Overflow and over-long results are false. */
RG_API bool rg_ints_concat(RgRewriter *rw, RgInts a, RgInts b, RgInts *out);
RG_API bool rg_ints_repeat(RgRewriter *rw, RgInts a, int64_t n, RgInts *out);
RG_API bool rg_ints_slice(RgInts a, int64_t lo, int64_t hi, RgInts *out);
RG_API bool rg_ints_sum(RgInts a, int64_t *out);
RG_API bool rg_ints_prod(RgInts a, int64_t *out);
RG_API bool rg_ints_cumsum(RgRewriter *rw, RgInts a, RgInts *out);
RG_API bool rg_value_reaches(const RgValue *v, const RgOpId *targets, uint32_t ntargets,
                             const RgOpId *through, uint32_t nthrough);

/* Quantization parameters (runtime/pass/quant.c, docs/dsl.md). The scale,
 * zero point and storage type of a per-tensor `!quant.uniform` value (false
 * for any other type; the storage type also of a plain integer value). */
RG_API bool rg_value_qscale(const RgValue *v, double *out);
RG_API bool rg_value_qzero(const RgValue *v, int64_t *out);
RG_API bool rg_value_qstorage(const RgValue *v, RgDType *out);
/* TOSA RESCALE with scale32 applies scale as multiplier * 2^-shift: the
 * 31-bit multiplier in [2^30, 2^31) and the shift in [2, 62]; false for a
 * scale that is not positive and finite or whose shift is out of range. */
RG_API bool rg_rescale_multiplier(double scale, int64_t *out);
RG_API bool rg_rescale_shift(double scale, int64_t *out);
/* x / scale rounded half to even, as an integer (false when it is not
 * finite or beyond 9e18). */
RG_API bool rg_quantize_scalar(double x, double scale, int64_t *out);
/* The float constant v quantized with zero point 0: each element divided
 * by scale, rounded half to even, clamped to the signed type dt (at most
 * 32 bits); NULL when v is not a float constant. */
RG_API const RgAttr *rg_quantize_const(RgGraph *g, const RgValue *v, double scale, RgDType dt);

/* Per-channel parameters, as dense tensor attributes (one scale a channel
 * of the first axis, as convolution and linear weights have them): the
 * RESCALE multipliers (i32) and shifts (i8) of scales[c] * factor; the
 * float weight constant w quantized per channel to i8 (NULL unless every
 * zero point is 0: TOSA takes one weight zero point); the float bias b
 * quantized to i32 at scales[c] * factor. NULL when not computable. */
RG_API const RgAttr *rg_rescale_multipliers(RgGraph *g, const RgAttr *scales, double factor);
RG_API const RgAttr *rg_rescale_shifts(RgGraph *g, const RgAttr *scales, double factor);
RG_API const RgAttr *rg_quantize_weight_per_channel(RgGraph *g, const RgValue *w, const RgAttr *scales,
                                                    const RgAttr *zero_points);
RG_API const RgAttr *rg_quantize_bias_per_channel(RgGraph *g, const RgValue *b, const RgAttr *scales,
                                                  double factor);

/* State an extern keeps for one run of a pass (the layout plan of
 * rules/layout.rules): found by `key`, released with `release` when the
 * run ends. rg_rw_state returns NULL when none was set; rg_rw_set_state
 * returns false (and releases `state`) when out of room. */
RG_API void *rg_rw_state(const RgRewriter *rw, const void *key);
RG_API bool rg_rw_set_state(RgRewriter *rw, const void *key, void *state, void (*release)(void *));
/* True when this run of the pass was seeded from what other passes changed
 * (the pass manager's re-runs toward a fixed point), not from every node of
 * its root ops: a pass that applies a plan over the whole function applies
 * it only in a full run. */
RG_API bool rg_rw_seeded(const RgRewriter *rw);

/* ---- layout placement (runtime/pass/layout.c, docs/layout.md) ---- */

/* Bytes moved by a function's transposes, as the layout model counts
 * them (a transpose writes its result's bytes). */
typedef struct RgLayoutFigures {
  uint64_t bytes;   /* what the transposes write now */
  uint64_t fixed;   /* of them, transposes the model does not place (frozen, unusable regions) */
  uint64_t placed;  /* the model's cost of the current placement, without `fixed` */
  uint64_t best;    /* the best placement found, `fixed` included */
  uint64_t bound;   /* no placement writes less, `fixed` included */
  uint32_t regions; /* regions with two layouts (solved exactly by a minimum cut) */
  uint32_t multi, multi_exact; /* regions with more; of them, solved by enumeration */
  uint64_t heuristic_gap; /* swap moves above the optimum on the enumerated regions */
} RgLayoutFigures;

typedef struct RgLayoutPlan RgLayoutPlan;

/* Chooses the layout of every layout-agnostic op of the function `func`
 * (a node with a region, e.g. func.func) so that its transposes write the
 * fewest bytes. The registry `ops` says which op is what, by its
 * declaration: a transpose (one operand, an int-array `perms`), constants
 * (`values`), elementwise unary layout-agnostic and elementwise binary
 * ops (the movable ones). *out is released with rg_layout_plan_free. */
RG_API RgStatus rg_layout_plan(RgGraph *g, RgNode *func, const RgOpDesc *ops, uint32_t num_ops,
                               RgLayoutPlan **out);
/* The function's figures: bytes now, the best placement, the bound. */
RG_API const RgLayoutFigures *rg_layout_plan_figures(const RgLayoutPlan *pl);
/* Whether the plan moves op n to another layout. */
RG_API bool rg_layout_plan_moves(const RgLayoutPlan *pl, const RgNode *n);
/* The permutation q that puts n in its new layout: n computed on T(x, q)
 * for each of its operands x (valid until the next call). */
RG_API bool rg_layout_plan_perm(RgLayoutPlan *pl, const RgNode *n, RgInts *q);
/* The ops the plan moves: stores the first `max` in nodes, returns how
 * many there are. */
RG_API uint32_t rg_layout_plan_moved(const RgLayoutPlan *pl, RgNode **nodes, uint32_t max);
RG_API void rg_layout_plan_free(RgLayoutPlan *pl);

/* ---- pass manager ---- */

/* A match whose replacement could not be built or typed. */
typedef struct RgRefusal {
  uint16_t rule;
  /* Every type involved is static, so the rule or a shape hook is likely
   * wrong: a hook failed on operands of static shape, or the replacement's
   * type contradicts the replaced value's (not only in a dynamic dim). */
  bool likely_bug;
  const RgNode *node; /* the root; its memory lives as long as the graph */
  char *why;
} RgRefusal;

/* Distinct (rule, root) refusals kept per pass; rule_refusals counts all. */
#define RG_REFUSALS_KEPT 256

typedef struct RgPassStats {
  const char *name;
  bool ran, skipped;
  uint32_t rewrites;
  double seconds;
  uint64_t nodes_visited;
  uint32_t *rule_fires; /* num_rules entries */
  uint32_t *rule_refusals; /* matches whose replacement could not be typed */
  char *skip_reason;    /* a skipped pass: why ("no rule can fire: absent my.rescale") */
  RgRefusal *refused;   /* in the order they happened */
  uint32_t num_refused;
} RgPassStats;

/* One rewrite, as RgRunOptions.on_rewrite sees it: first before it
 * (after = false) with its root in nodes[0], then after it (after =
 * true) with the ops it created and kept, or, when it made none, the
 * producers of the values that replaced the root (none when it only
 * erased). The pointers are valid during the call. */
typedef struct RgRewriteEvent {
  RgGraph *graph;
  const RgPassDesc *pass;
  uint16_t rule; /* index into pass->rules */
  bool after;
  RgNode *const *nodes;
  uint32_t num_nodes;
} RgRewriteEvent;

struct RgRunOptions {
  bool no_skip;        /* measurement: run every pass, visit every node */
  bool verify_each;    /* run the verifier after each pass */
  uint32_t budget_factor; /* rewrites allowed per node (0: default 16) */
  const char *const *disabled_rules; /* "pass.rule" or "rule"; NULL-terminated */
  const char *isolate_rule;          /* only this rule fires */
  /* node id to explain; UINT32_MAX: none; RG_EXPLAIN_EVERY_NODE: all */
  uint32_t explain_node;
  void (*explain_fn)(void *user, const char *pass, const char *rule, const char *why);
  void *explain_user;
  /* Observers for IR dumps and reports (NULL: none). after_pass is called
   * after every pass of the pipeline, run or skipped; on_rewrite before
   * and after each rewrite (RgRewriteEvent). */
  void (*after_pass)(void *user, RgGraph *g, uint32_t index, const RgPassDesc *p,
                     const RgPassStats *st);
  void (*on_rewrite)(void *user, const RgRewriteEvent *ev);
  void *observe_user;
  /* When set, identical pure ops of this registry are merged
   * (rg_graph_dedup) before the first pass and after every pass that
   * rewrote, so that the rules see one node per distinct value. */
  const RgOpDesc *dedup_ops;
  uint32_t dedup_num_ops;
  /* Largest constant (in elements) that constant folding may create;
   * 0: RG_FOLD_MAX_ELEMS_DEFAULT. Rules read it with rg_rw_options. */
  uint64_t fold_max_elems;
  /* Apply rules marked `inexact` (they may change float results in the
   * last bits, like a C compiler's -ffast-math); off by default. */
  bool inexact;
  /* Run the pipeline's passes once each, in order, without re-running
   * those a later pass gave work to a fixed point (measurement: what the
   * fixed point costs, make bench; rgopt --single-sweep). */
  bool single_sweep;
};

#define RG_FOLD_MAX_ELEMS_DEFAULT 65536
/* RgRunOptions.explain_node that explains every root: what a report of
 * each rule's near misses (matched root op, a later test failed) reads. */
#define RG_EXPLAIN_EVERY_NODE (UINT32_MAX - 1)

typedef struct RgRunStats {
  uint32_t num_passes;
  RgPassStats *passes; /* one per pass of the pipeline */
  double total_seconds;
  uint64_t total_visited;
  uint32_t dedup_merged; /* nodes removed by deduplication */
  double dedup_seconds;
} RgRunStats;

/* Fills o with the defaults: every rule enabled, exact rules only, the
 * default rewrite budget, skipping by target-op condition, no explain
 * node, no observers, no deduplication. */
RG_API void rg_run_options_init(RgRunOptions *o);
/* True when some rule of the pass can fire on the graph's histogram:
 * O(number of ops the pass names), no node is visited. */
RG_API bool rg_pass_should_run(const RgGraph *g, const RgPassDesc *p);
/* Named pipelines and passes linked into a program (generated tables). */
typedef struct RgPipelineDesc {
  const char *name;          /* "ethos-u55" */
  uint32_t num_passes;
  const RgPassDesc *const *passes;
} RgPipelineDesc;

/* Runs the pipeline's passes in order over g (its name may be NULL). opt
 * NULL means the defaults; stats, when not NULL, receives per-pass
 * statistics to release with rg_run_stats_free (also on failure); err (may
 * be NULL) receives a message on failure. */
RG_API RgStatus rg_pipeline_run(RgGraph *g, const RgPipelineDesc *pipeline,
                                const RgRunOptions *opt, RgRunStats *stats, char *err,
                                size_t errlen);
RG_API void rg_run_stats_free(RgRunStats *s);

/* Merges identical nodes: same op (declared pure in `ops`, no regions, not
 * frozen), same block, same operands, attributes and result types. The
 * later node's uses move to the earlier one and it is erased; one sweep in
 * program order also merges what the merges make identical. *merged counts
 * the erased nodes. */
RG_API RgStatus rg_graph_dedup(RgGraph *g, const RgOpDesc *ops, uint32_t num_ops, uint32_t *merged);

#ifdef __cplusplus
}
#endif

#endif
