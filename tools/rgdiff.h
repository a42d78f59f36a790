/* tools/rgdiff.h - what the parts of rgdiff share: the seeded random
 * numbers, the graph generator's state and the building blocks both graph
 * families (TOSA and edge dialect) use. Not an installed header. */
#ifndef RGDIFF_H
#define RGDIFF_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "rulegen/core.h"
#include "rulegen/graph.h"
#include "rulegen/pass.h"
#include "support/support.h"

enum { MAX_POOL = 512, MAX_ARGS = 32, MAX_RET = 8, MAX_RANK = 4 };

/* ---- random numbers (splitmix64: the same seed gives the same graph) ---- */

typedef struct Rng {
  uint64_t s;
} Rng;

static inline uint64_t rng_next(Rng *r) {
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Uniform in [lo, hi]. */
static inline int64_t rnd(Rng *r, int64_t lo, int64_t hi) {
  return lo + (int64_t)(rng_next(r) % (uint64_t)(hi - lo + 1));
}

/* True with probability pct / 100. */
static inline bool chance(Rng *r, int pct) { return rnd(r, 0, 99) < pct; }

/* ---- the generator (tools/rgdiff_gen.c) ---- */

typedef struct Gen {
  RgGraph *g;
  RgNode *func;
  RgBlock *body;
  Rng rng;
  RgValue *pool[MAX_POOL]; /* values later ops may use */
  uint32_t npool;
  RgValue *args[MAX_ARGS];
  uint32_t nargs;
  jmp_buf fail;      /* generation aborted: a shape hook refused an op */
  char err[256];
} Gen;

typedef bool (*Pred)(const RgValue *v);
typedef void (*Motif)(Gen *G);

static inline bool is_float(RgDType dt) { return dt == RG_DT_F32 || dt == RG_DT_F16 || dt == RG_DT_BF16; }
static inline bool is_qint(RgDType dt) { return dt == RG_DT_I8 || dt == RG_DT_I16; }

const RgOpDesc *gen_find_desc(const char *name);
RGS_NORETURN void gen_abort(Gen *G, const char *fmt, const char *a);
const RgType *gen_ttype(Gen *G, RgDType dt, int32_t rank, const int64_t *dims);
const RgType *gen_like(Gen *G, const RgType *t, RgDType dt);
RgNode *gen_mk(Gen *G, const char *op, uint32_t nops, RgValue *const *ops, const RgType *hint);
RgValue *gen_finish(Gen *G, RgNode *n);
void gen_push(Gen *G, RgValue *v);
void gen_prop(Gen *G, RgNode *n, const char *name, const RgAttr *a);
void gen_prop_opaque(Gen *G, RgNode *n, const char *name, const char *text);
int32_t gen_random_shape(Gen *G, int64_t *dims);
void gen_random_perm(Gen *G, int32_t n, int64_t *p);
void gen_inverse_perm(int32_t n, const int64_t *p, int64_t *inv);
int32_t gen_refactor(Gen *G, const RgType *t, int64_t *dims);
bool gen_any_value(const RgValue *v);
RgValue *gen_new_arg(Gen *G, const RgType *t);
RgValue *gen_pick(Gen *G, Pred p, RgDType dt);

/* The graph families: TOSA graphs for the ethos-u55/u85 pipelines,
 * edge-dialect graphs for xnnpack, edge-dialect graphs for arm. */
typedef enum GenFamily { GEN_TOSA, GEN_EDGE, GEN_ARM } GenFamily;

RgGraph *gen_graph(uint64_t seed, GenFamily family, char *err, size_t errlen);

/* The motif tables of the families (tools/rgdiff_tosa.c,
 * tools/rgdiff_edge.c, tools/rgdiff_arm.c); gen_graph draws each step from
 * one of them. */
extern const Motif gen_tosa_motifs[];
extern const int gen_num_tosa_motifs;
extern const Motif gen_edge_motifs[];
extern const int gen_num_edge_motifs;
extern const Motif gen_arm_motifs[];
extern const int gen_num_arm_motifs;

/* Edge-dialect building blocks (tools/rgdiff_edge.c) the arm family uses
 * too: an aten._constant of type t, a one-operand op with an int-list
 * property, marking about 1 in 25 rewritable nodes frozen, and addmm's
 * three operands of type dt. */
RgValue *gen_edge_const(Gen *G, const RgType *t);
RgValue *gen_edge_ints_op(Gen *G, const char *op, const char *name, RgValue *x, int32_t n, const int64_t *v);
void gen_edge_freeze(Gen *G, RgNode *n);
void gen_edge_addmm_operands(Gen *G, RgDType dt, RgValue **ops);

/* Rules a family does not generate: the arm pipeline's whose rewrite is
 * not bit-exact in f32 (docs/arm-passes.md), the TOSA ones on an op without
 * an evaluator: "pass.rule" names, NULL-terminated, with the reason, for
 * the fire table. */
typedef struct GenUnproven {
  const char *rule, *why;
} GenUnproven;
extern const GenUnproven gen_arm_unproven[];
extern const GenUnproven gen_tosa_unproven[];

#endif
