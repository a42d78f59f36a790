/* runtime/prove/prove_internal.h - the prover room (rgopt --prove): the
 * encoder of graph values as Z3 terms (smt.c) and the prover that checks
 * each rewrite (prove.c). Built only with Z3. Not installed. */
#ifndef RG_PROVE_INTERNAL_H
#define RG_PROVE_INTERNAL_H

#include <z3.h>
#include "rulegen/prove.h"
#include "support/support.h"

/* An operand list kept for a node the rewrite may erase (erasing drops a
 * node's operands; its attributes and result types stay). */
typedef struct SmtSnap {
  const RgNode *node;
  RgValue **ops;
  uint32_t depth; /* levels below the root */
} SmtSnap;

/* A value left free: one uninterpreted function of its index. */
typedef struct SmtLeaf {
  const RgValue *v;
  Z3_func_decl f;
} SmtLeaf;

/* A linear index and the index it came from or went to (rg_smt_linear,
 * rg_smt_delinear), so that one undoes the other without division. */
typedef struct SmtLin {
  Z3_ast lin;
  int32_t rank;
  int64_t dims[8];
  Z3_ast idx[8];
} SmtLin;

/* A constant over the array size limit, read through a function. */
typedef struct SmtDense {
  const RgAttr *a;
  Z3_ast array;      /* small ones */
  Z3_func_decl f;    /* large ones */
} SmtDense;

struct RgSmt {
  Z3_context z;
  RgGraph *g;
  const RgOpDesc *const *regs; /* registries searched for meanings */
  const uint32_t *reg_counts;
  uint32_t nregs;
  unsigned ibits;
  SmtSnap *snap;
  uint32_t nsnap, cap_snap;
  uint32_t new_from;           /* nodes with id >= new_from were made by the rewrite */
  SmtLeaf *leaves;
  uint32_t nleaves, cap_leaves;
  SmtLin *lins;
  uint32_t nlins, cap_lins;
  SmtDense *dense;
  uint32_t ndense, cap_dense;
  Z3_ast *reqs;                /* REQUIREs of the side being encoded */
  uint32_t nreqs, cap_reqs;
  Z3_ast *facts;               /* rg_smt_assume, both sides */
  uint32_t nfacts, cap_facts;
  uint32_t widen;              /* kept nodes this many levels below the root are expanded too */
  uint32_t depth;              /* recursion guard */
  uint64_t terms;              /* encoding work, against term_limit */
  uint64_t term_limit;
  bool failed, oom;
  char why[256];
};

/* Sets up / clears an encoder on context z; prove_smt_reset forgets the
 * rewrite-specific state (snapshot, leaves, caches). */
void prove_smt_init(RgSmt *s, Z3_context z, RgGraph *g);
void prove_smt_reset(RgSmt *s);
void prove_smt_free(RgSmt *s);
/* Keeps the operands of n for after its erasure. */
bool prove_smt_snap(RgSmt *s, const RgNode *n, uint32_t depth);
bool prove_smt_in_snap(const RgSmt *s, const RgNode *n);
/* The element of v at idx: expanded through op meanings for nodes of the
 * rewrite (snapshot erased, new, constants), a leaf otherwise. */
Z3_ast prove_smt_value(RgSmt *s, const RgValue *v, Z3_ast const *idx);
/* The conjunction of the REQUIREs met since the last call, then cleared;
 * the same for the facts. */
Z3_ast prove_smt_take_reqs(RgSmt *s);
Z3_ast prove_smt_take_facts(RgSmt *s);


/* One query: the replaced value a and its replacement b of type t at the
 * index idx (within bounds), each defined where def_a / def_b hold. */
typedef struct ProveQuery {
  const RgType *t;
  Z3_ast idx[8];
  Z3_ast bounds, a, b, def_a, def_b, facts;
  uint64_t rlimit;
} ProveQuery;

typedef struct ProveOutcome {
  RgProofStatus st;
  char why[512];
  char *inputs; /* rg_alloc'd input set text of a counterexample, or NULL */
  bool inner;   /* a counterexample over values that are not arguments */
} ProveOutcome;

/* f with every application of a free function replaced by a constant,
 * plus the congruence of those constants; NULL when that does not apply
 * (none, nested, too many). Equisatisfiable with f. */
Z3_ast prove_abstract(Z3_context z, Z3_ast f);

/* Runs the query; a counterexample whose leaves are all arguments of one
 * function is written as an input set (docs/verify.md's format). */
void prove_solve(RgSmt *s, const ProveQuery *q, ProveOutcome *out);

#endif
