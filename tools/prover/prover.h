/* tools/prover/prover.h - the rule prover's instance, values and the
 * functions its files share (rulegen --prove, docs/prove.md "Rules proven
 * for all graphs"). Built only with Z3.
 *
 * A rule is instantiated per rank (0..6), element type and choice of op
 * alternatives and axes; everything else stays symbolic: every dim a
 * bit-vector in [1, 2^16), every input a free function of the index, every
 * attribute (clamp bounds, NaN modes, permutations) a free value under its
 * validity rules, splat constants free scalars. The guard becomes
 * constraints, the pattern and the replacement the element each computes
 * at one symbolic index, and Z3 is asked for an index and values where the
 * pattern's element is defined and the replacement's is not, or differs.
 * The element meanings follow backends/tosa/tosa_smt.c (rgopt --prove),
 * with attributes as terms instead of numerals. */
#ifndef TOOLS_PROVER_PROVER_H
#define TOOLS_PROVER_PROVER_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <z3.h>
#include "rulegen/eval.h"
#include "rulegen/graph.h"
#include "dsl.h"

typedef Z3_ast Ast;
enum { MAXRED = 4, MAXR = 6, MAXOPS = 8, MAXVALS = 128, MAXINTS = 16, MAXFACTS = 1024, IBITS = 32 };

/* What a node computes. */
typedef enum Kind {
  K_NONE, K_IDENT, K_CLAMP, K_ADD, K_SUB, K_MUL, K_INTDIV, K_MAX, K_MIN, K_EQ, K_GT, K_GE, K_NEG, K_ABS,
  K_SELECT, K_LNOT, K_LAND, K_LOR, K_LXOR, K_CAST, K_TRANSPOSE, K_RSUM, K_RPROD, K_RMAX, K_RMIN, K_RALL,
  K_RANY, K_REVERSE, K_CONCAT, K_SLICE, K_CONST_SHAPE, K_RESHAPE, K_PAD, K_TILE, K_MAXPOOL, K_CONST, K_RESIZE, K_TABLE, K_RESCALE, K_AVGPOOL,
  K_ATEN_ADD, K_ATEN_MULS, K_ATEN_MUL, K_ATEN_MM, K_ATEN_ADDMM, K_ATEN_LINEAR, K_OPAQUE
} Kind;

typedef enum VKind { V_LEAF, V_SPLAT, V_NODE, V_SHAPE } VKind;

/* A value of the instance: an input (a free function of its index), a
 * splat constant, a node, or a const_shape (its ints). */
typedef struct Val {
  VKind kind;
  const DslOpDecl *op;
  Kind k;
  RgDType dt;
  bool scalar; /* one element read wherever (zero points, shifts) */
  bool created; /* made by the replacement */
  Ast dims[MAXR];
  struct Val *opnd[MAXOPS];
  uint32_t nopnd;
  Z3_func_decl f;    /* V_LEAF */
  Ast elem;          /* V_SPLAT; a leaf made constant by a guard */
  Ast lo, hi;        /* clamp bounds, in the element sort */
  Ast ignore;        /* nan_mode IGNORE (Bool) */
  Ast perm[MAXR];    /* transpose, bit-vectors of 64 bits */
  Ast ax;            /* reduce, reverse, concat: the axis (bv64), or NULL */
  Ast ints[2 * MAXR]; /* V_SHAPE; max_pool2d: kernel (2), stride (2), pad (4) */
  uint32_t nints;
  Ast nnz;           /* a guard fact: the value is never -0.0 (Bool), or NULL */
  Ast layout[MAXR];  /* tosa_layout_perm of this value, once asked */
  int arg;           /* counterexample graph: argument number, -1 */
  int id;            /* counterexample graph: SSA number */
  bool printed;
  bool konst;        /* V_LEAF: a tosa.const's data (symbolic), written as a constant */
  bool vec;          /* a per-channel parameter (multiplier, shift): read at the channel */
  Ast s32, dbl, pc, iu, ou; /* rescale: scale32, DOUBLE_ROUND, per_channel, unsigned sides (Bool) */
  Ast ident;         /* rescale: tosa_rescale_is_identity holds (Bool), or NULL */
  Ast acc;           /* avg_pool2d on floats: acc_type, 0 f32, 1 f16, 2 bf16 (bv2) */
  Ast nearest, bilinear; /* resize: its mode (Bool each) */
  Ast nf, ni, nisf;  /* aten alpha / other: the number as a double, as an int64, whether a float */
  Ast bf, bi, bisf;  /* aten.addmm's beta, so */
  Ast exact;         /* ... where the guard has it exact in float type exact_dt: that element */
  RgDType exact_dt;
} Val;

/* A guard expression's value. */
typedef struct Ev {
  DslType ty;
  Ast t;           /* INT: bv64; BOOL; FLOAT: element sort of fdt, or bv for integer attributes */
  RgDType fdt;     /* FLOAT: RG_DT_NONE for a literal (lit) */
  double lit;
  Ast a[MAXINTS];  /* INTS */
  uint32_t n;
  RgDType dtype;   /* TYPE */
  Val *v;          /* VALUE; TENSOR (a splat or shape value) */
  Val **vs;        /* VALUES */
  uint32_t nvs;
  const DslOpDecl *op; /* OP */
  const char *str;
} Ev;

/* The values built for the pattern and the replacement, by node. */
typedef struct Build {
  const DslPattern *pat[64];
  Val *pval[64];
  uint32_t npat;
  const DslRepl *rep[64];
  Val *rval[64];
  uint32_t nrep;
  bool in_repl;        /* validity of attributes is then proven, not assumed */
  Ast newreqs[256];
  uint32_t nnewreqs;
} Build;

typedef struct Inst {
  Z3_context z;
  int R;
  RgDType T, T2;
  RgDType Tr[2];     /* the result types of the pattern's rescales, in pre-order */
  uint32_t nres;
  const DslOpDecl *alt[32]; /* op chosen for each op pattern node, in pre-order */
  uint32_t nalt, altpos;
  int64_t axes[8];
  uint32_t naxes, axispos;
  Val vals[MAXVALS];
  uint32_t nvals;
  Ev *vars;          /* per rule variable */
  bool *bound;
  Ast facts[MAXFACTS];
  uint32_t nfacts;
  Ast *reqs;         /* REQUIREs of the side being encoded */
  uint32_t nreqs;
  Ast reqbuf[MAXFACTS];
  bool invalid;      /* no graph has these types: the instance is skipped */
  char unknown[256]; /* why the rule cannot be encoded */
  const char *uninterp[8]; /* extern predicates left free */
  uint32_t nuninterp;
  bool opaque_used;  /* a free value with no counterpart may decide */
  bool free_always;  /* ... one that no condition rules out (else: unless all of exact hold) */
  Ast exact[16];
  uint32_t nexact;
  bool has_uf;       /* the query applies free functions */
  uint32_t rest_extra; /* operands a ..rest of a variadic op stands for */
  uint32_t shape_n;  /* the ints of the const_shape operand being built */
  bool abstract;     /* arithmetic as free functions (a first, cheap attempt) */
  bool long_reduce;  /* a reduction over an axis that may be longer than 1 */
  bool fold_reduce;  /* such a reduction folded over up to MAXRED elements */
  bool bounded_reduce; /* the query so bounded */
  bool other_reshape; /* a reshape that may change the shape, first a free value */
  bool flat_reshape;  /* such a reshape by its row-major offsets, up to 2^16 - 1 elements */
  bool bounded_reshape; /* the query so bounded */
  struct App {       /* each read of an input: a constant, equal where the indices are */
    Val *leaf;
    Ast idx[MAXR];
    Ast c;
    Ast key;         /* its row-major offset, where inputs are read so */
  } apps[256];
  uint32_t napps;
  uint32_t fresh;
  Build *build;      /* the sides being built */
  const DslExpr *guard_root; /* the guard being encoded (its conjuncts) */
} Inst;

#define Z (in->z)

static inline void unknown(Inst *in, const char *fmt, ...) {
  if (in->unknown[0])
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(in->unknown, sizeof in->unknown, fmt, ap);
  va_end(ap);
}

static inline void fact(Inst *in, Ast a) {
  if (a && in->nfacts < MAXFACTS)
    in->facts[in->nfacts++] = a;
  else if (a)
    unknown(in, "too many constraints");
}

static inline void require(Inst *in, Ast a) {
  if (in->nreqs < MAXFACTS)
    in->reqs[in->nreqs++] = a;
  else
    unknown(in, "too many REQUIREs");
}

static inline Ast mk_and(Inst *in, uint32_t n, Ast const *a) { return n ? Z3_mk_and(Z, n, a) : Z3_mk_true(Z); }
static inline Ast and2(Inst *in, Ast a, Ast b) { return Z3_mk_and(Z, 2, (Ast[]){a, b}); }
static inline Ast or2(Inst *in, Ast a, Ast b) { return Z3_mk_or(Z, 2, (Ast[]){a, b}); }

static inline Ast fresh(Inst *in, const char *what, Z3_sort s) {
  char name[64];
  snprintf(name, sizeof name, "%s!%u", what, in->fresh++);
  return Z3_mk_const(Z, Z3_mk_string_symbol(Z, name), s);
}

static inline Z3_sort bv(Inst *in, unsigned bits) { return Z3_mk_bv_sort(Z, bits); }
static inline Ast bvnum(Inst *in, int64_t v, unsigned bits) { return Z3_mk_int64(Z, v, bv(in, bits)); }
static inline Ast i64(Inst *in, int64_t v) { return bvnum(in, v, 64); }
static inline Ast ix(Inst *in, int64_t v) { return bvnum(in, v, IBITS); }

static inline Z3_sort sort_of(Inst *in, RgDType dt) {
  switch (dt) {
  case RG_DT_F32: return Z3_mk_fpa_sort_32(Z);
  case RG_DT_F16: return Z3_mk_fpa_sort_16(Z);
  case RG_DT_BF16: return Z3_mk_fpa_sort(Z, 8, 8);
  case RG_DT_F64: return Z3_mk_fpa_sort_64(Z);
  default: return bv(in, (unsigned)rg_dtype_bits(dt));
  }
}

static inline bool isf(RgDType dt) { return rg_dtype_is_float(dt); }

/* The numeral v of element type dt (floats rounded to dt from their IEEE
 * bits: Z3's double conversion flushes f32 denormals). */
static inline Ast num(Inst *in, RgDType dt, double v) {
  if (!isf(dt))
    return bvnum(in, (int64_t)v, (unsigned)rg_dtype_bits(dt));
  Ast d = Z3_mk_fpa_numeral_double(Z, v, Z3_mk_fpa_sort_64(Z));
  return Z3_mk_fpa_to_fp_float(Z, Z3_mk_fpa_rne(Z), d, sort_of(in, dt));
}

static inline Ast sext64(Inst *in, Ast a, RgDType dt) {
  int bits = rg_dtype_bits(dt);
  return bits >= 64 ? a : dt == RG_DT_I1 ? Z3_mk_zero_ext(Z, (unsigned)(64 - bits), a)
                                         : Z3_mk_sign_ext(Z, (unsigned)(64 - bits), a);
}
static inline Ast low(Inst *in, Ast v64, RgDType dt) {
  int bits = rg_dtype_bits(dt);
  return bits >= 64 ? v64 : Z3_mk_extract(Z, (unsigned)bits - 1, 0, v64);
}
static inline Ast in_range(Inst *in, Ast v, RgDType dt) {
  return and2(in, Z3_mk_bvsge(Z, v, i64(in, rg_elem_min(dt))), Z3_mk_bvsle(Z, v, i64(in, rg_elem_max(dt))));
}
static inline Ast bool_bv(Inst *in, Ast c) { return Z3_mk_ite(Z, c, bvnum(in, 1, 1), bvnum(in, 0, 1)); }
static inline Ast rne(Inst *in) { return Z3_mk_fpa_rne(Z); }
static inline Ast widen(Inst *in, Ast a, RgDType dt) {
  return dt == RG_DT_F32 ? a : Z3_mk_fpa_to_fp_float(Z, rne(in), a, Z3_mk_fpa_sort_32(Z));
}
static inline Ast narrow(Inst *in, Ast a, RgDType dt) {
  return dt == RG_DT_F32 ? a : Z3_mk_fpa_to_fp_float(Z, rne(in), a, sort_of(in, dt));
}
/* f (f32) rounded to dt and back, as the evaluator's float steps. */
static inline Ast round_to(Inst *in, Ast f, RgDType dt) { return dt == RG_DT_F32 ? f : widen(in, narrow(in, f, dt), dt); }
static inline Ast neg_zero(Inst *in, Ast v) { return and2(in, Z3_mk_fpa_is_zero(Z, v), Z3_mk_fpa_is_negative(Z, v)); }

/* a <= b in the element sort. */
static inline Ast ele(Inst *in, RgDType dt, Ast a, Ast b) { return isf(dt) ? Z3_mk_fpa_leq(Z, a, b) : Z3_mk_bvsle(Z, a, b); }

/* What the files define for each other, by file. */

/* elem.c */
Ast cast(Inst *in, RgDType from, RgDType to, Ast v);
void valid(Inst *in, Val *n, Ast a);
Ast ite64(Inst *in, Ast c, int64_t a, int64_t b);
Ast channel_read(Inst *in, Val *v, Ast c);
void rescale_rules(Inst *in, Val *n);
Ast reduce(Inst *in, Val *n, Ast const *idx);
Ast elem(Inst *in, Val *v, Ast const *idx);

/* instance.c */
Kind kind_of(const DslOpDecl *op);
Val *new_val(Inst *in, VKind kind, RgDType dt);
bool is_op(const Val *v, Kind k);
void fresh_dims(Inst *in, Val *v);
Val *new_leaf(Inst *in, RgDType dt, bool scalar);
Ast axis_dim(Inst *in, Ast const *dims, Ast axis);
uint32_t shape_operand(const Inst *in, Kind k, uint32_t i);
bool scalar_operand(const DslOpDecl *op, uint32_t k);
RgDType operand_dt(const Inst *in, const DslOpDecl *op, Kind k, uint32_t i);
RgDType result_dt(const Inst *in, Kind k);
bool op_takes(Kind k, RgDType dt);
Ast few_elements(Inst *in, Ast const *dims, Ast *bounded);
void reshape_rules(Inst *in, Val *n);
void node_shape(Inst *in, Val *n);
void fresh_attrs(Inst *in, Val *n);
void attr_rules(Inst *in, Val *n);
int64_t next_axis(Inst *in);
bool needs_axis(Kind k);

/* guard.c */
bool ev_int_num(Inst *in, Ast t, int64_t *v);
Ast float_as(Inst *in, const Ev *v, RgDType dt);
Ast compare(Inst *in, int op, const Ev *a, const Ev *b);
bool set_ints(Inst *in, Ev *out, uint32_t n);
bool ev(Inst *in, const DslExpr *e, Ev *out);
Ast bool_c(Inst *in, bool b);
Ast all_dims(Inst *in, Val *a, Val *b, bool no_broadcast);

/* sides.c */
void attr_fact(Inst *in, Ast a);
Ast round_term(Inst *in, const Ev *v);
Val *build_pat(Inst *in, const DslPattern *p, RgDType dt, bool scalar, bool shape);
Val *build_rep(Inst *in, const DslRepl *r, RgDType dt, bool scalar, bool shape);

/* cex.c */
Ast mval(Inst *in, Z3_model m, Ast t);
int64_t mint(Inst *in, Z3_model m, Ast t, RgDType dt);
void put_elem(Inst *in, RgsBuf *b, Z3_model m, Ast t, RgDType dt, bool mlir);
void put_graph(Inst *in, RgsBuf *b, Z3_model m, const char *fname, uint32_t npat, Val *root);
void put_inputs(Inst *in, RgsBuf *b, Z3_model m, const char *fname, uint32_t npat);

/* rule.c */
bool moves_only_kind(Kind k);

#endif
