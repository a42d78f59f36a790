/* tools/rulegen_prove.c - rulegen --prove: each rule proven once for every
 * graph it can match (docs/prove.md, "Rules proven for all graphs").
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rulegen_prove.h"

#ifndef RG_HAVE_Z3

bool rulegen_prove_available(void) { return false; }
int rulegen_prove(DslProgram *prog, uint64_t rlimit, const char *outdir) {
  (void)prog, (void)rlimit, (void)outdir;
  return 2;
}

#else

#include <math.h>
#include <stdarg.h>
#include <time.h>
#include <z3.h>
#include "rulegen/eval.h"
#include "rulegen/graph.h"

bool rulegen_prove_available(void) { return true; }

typedef Z3_ast Ast;
enum { MAXRED = 4, MAXR = 6, MAXOPS = 8, MAXVALS = 128, MAXINTS = 16, MAXFACTS = 1024, IBITS = 32 };

/* What a node computes. */
typedef enum Kind {
  K_NONE, K_IDENT, K_CLAMP, K_ADD, K_SUB, K_MUL, K_INTDIV, K_MAX, K_MIN, K_EQ, K_GT, K_GE, K_NEG, K_ABS,
  K_SELECT, K_LNOT, K_LAND, K_LOR, K_LXOR, K_CAST, K_TRANSPOSE, K_RSUM, K_RPROD, K_RMAX, K_RMIN, K_RALL,
  K_RANY, K_REVERSE, K_CONCAT, K_SLICE, K_CONST_SHAPE, K_RESHAPE, K_PAD, K_TILE, K_MAXPOOL, K_CONST, K_RESIZE, K_TABLE, K_RESCALE, K_AVGPOOL,
  K_ATEN_ADD, K_ATEN_MULS, K_ATEN_MUL, K_ATEN_MM, K_ATEN_ADDMM, K_ATEN_LINEAR, K_OPAQUE
} Kind;

static const struct {
  const char *name;
  Kind k;
} kinds[] = {
    {"tosa.identity", K_IDENT},     {"tosa.clamp", K_CLAMP},        {"tosa.add", K_ADD},
    {"tosa.sub", K_SUB},            {"tosa.mul", K_MUL},            {"tosa.intdiv", K_INTDIV},
    {"tosa.maximum", K_MAX},        {"tosa.minimum", K_MIN},        {"tosa.equal", K_EQ},
    {"tosa.greater", K_GT},         {"tosa.greater_equal", K_GE},   {"tosa.negate", K_NEG},
    {"tosa.abs", K_ABS},            {"tosa.select", K_SELECT},      {"tosa.logical_not", K_LNOT},
    {"tosa.logical_and", K_LAND},   {"tosa.logical_or", K_LOR},     {"tosa.logical_xor", K_LXOR},
    {"tosa.cast", K_CAST},          {"tosa.transpose", K_TRANSPOSE}, {"tosa.reduce_sum", K_RSUM},
    {"tosa.reduce_product", K_RPROD}, {"tosa.reduce_max", K_RMAX},  {"tosa.reduce_min", K_RMIN},
    {"tosa.reduce_all", K_RALL},    {"tosa.reduce_any", K_RANY},    {"tosa.reverse", K_REVERSE},
    {"tosa.concat", K_CONCAT},      {"tosa.slice", K_SLICE},        {"tosa.const_shape", K_CONST_SHAPE},
    {"tosa.reshape", K_RESHAPE},      {"tosa.pad", K_PAD},            {"tosa.tile", K_TILE},
    {"tosa.max_pool2d", K_MAXPOOL},   {"tosa.rescale", K_RESCALE},      {"tosa.avg_pool2d", K_AVGPOOL},
    {"tosa.const", K_CONST},          {"tosa.resize", K_RESIZE},        {"tosa.table", K_TABLE},
    {"aten.add.Tensor", K_ATEN_ADD},  {"aten.mul.Scalar", K_ATEN_MULS}, {"aten.mul.Tensor", K_ATEN_MUL},
    {"aten.mm", K_ATEN_MM},           {"aten.addmm", K_ATEN_ADDMM},     {"aten.linear", K_ATEN_LINEAR},
    {"aten.permute_copy", K_TRANSPOSE}, /* its dims as perms */
};

static Kind kind_of(const DslOpDecl *op) {
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
    if (strcmp(kinds[i].name, op->name) == 0)
      return kinds[i].k;
  /* other elementwise ops: a free function of their operands' elements */
  return op->traits & (1u << DSL_TRAIT_ELEMENTWISE) ? K_OPAQUE : K_NONE;
}

static bool is_reduce(Kind k) { return k >= K_RSUM && k <= K_RANY; }

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

static void unknown(Inst *in, const char *fmt, ...) {
  if (in->unknown[0])
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(in->unknown, sizeof in->unknown, fmt, ap);
  va_end(ap);
}

static void fact(Inst *in, Ast a) {
  if (a && in->nfacts < MAXFACTS)
    in->facts[in->nfacts++] = a;
  else if (a)
    unknown(in, "too many constraints");
}

static void require(Inst *in, Ast a) {
  if (in->nreqs < MAXFACTS)
    in->reqs[in->nreqs++] = a;
  else
    unknown(in, "too many REQUIREs");
}

static Ast mk_and(Inst *in, uint32_t n, Ast const *a) { return n ? Z3_mk_and(Z, n, a) : Z3_mk_true(Z); }
static Ast and2(Inst *in, Ast a, Ast b) { return Z3_mk_and(Z, 2, (Ast[]){a, b}); }
static Ast or2(Inst *in, Ast a, Ast b) { return Z3_mk_or(Z, 2, (Ast[]){a, b}); }

static Ast fresh(Inst *in, const char *what, Z3_sort s) {
  char name[64];
  snprintf(name, sizeof name, "%s!%u", what, in->fresh++);
  return Z3_mk_const(Z, Z3_mk_string_symbol(Z, name), s);
}

static Z3_sort bv(Inst *in, unsigned bits) { return Z3_mk_bv_sort(Z, bits); }
static Ast bvnum(Inst *in, int64_t v, unsigned bits) { return Z3_mk_int64(Z, v, bv(in, bits)); }
static Ast i64(Inst *in, int64_t v) { return bvnum(in, v, 64); }
static Ast ix(Inst *in, int64_t v) { return bvnum(in, v, IBITS); }

static Z3_sort sort_of(Inst *in, RgDType dt) {
  switch (dt) {
  case RG_DT_F32: return Z3_mk_fpa_sort_32(Z);
  case RG_DT_F16: return Z3_mk_fpa_sort_16(Z);
  case RG_DT_BF16: return Z3_mk_fpa_sort(Z, 8, 8);
  case RG_DT_F64: return Z3_mk_fpa_sort_64(Z);
  default: return bv(in, (unsigned)rg_dtype_bits(dt));
  }
}

static bool isf(RgDType dt) { return rg_dtype_is_float(dt); }

/* The numeral v of element type dt (floats rounded to dt from their IEEE
 * bits: Z3's double conversion flushes f32 denormals). */
static Ast num(Inst *in, RgDType dt, double v) {
  if (!isf(dt))
    return bvnum(in, (int64_t)v, (unsigned)rg_dtype_bits(dt));
  Ast d = Z3_mk_fpa_numeral_double(Z, v, Z3_mk_fpa_sort_64(Z));
  return Z3_mk_fpa_to_fp_float(Z, Z3_mk_fpa_rne(Z), d, sort_of(in, dt));
}

static Ast sext64(Inst *in, Ast a, RgDType dt) {
  int bits = rg_dtype_bits(dt);
  return bits >= 64 ? a : dt == RG_DT_I1 ? Z3_mk_zero_ext(Z, (unsigned)(64 - bits), a)
                                         : Z3_mk_sign_ext(Z, (unsigned)(64 - bits), a);
}
static Ast low(Inst *in, Ast v64, RgDType dt) {
  int bits = rg_dtype_bits(dt);
  return bits >= 64 ? v64 : Z3_mk_extract(Z, (unsigned)bits - 1, 0, v64);
}
static Ast in_range(Inst *in, Ast v, RgDType dt) {
  return and2(in, Z3_mk_bvsge(Z, v, i64(in, rg_elem_min(dt))), Z3_mk_bvsle(Z, v, i64(in, rg_elem_max(dt))));
}
static Ast bool_bv(Inst *in, Ast c) { return Z3_mk_ite(Z, c, bvnum(in, 1, 1), bvnum(in, 0, 1)); }
static Ast rne(Inst *in) { return Z3_mk_fpa_rne(Z); }
static Ast widen(Inst *in, Ast a, RgDType dt) {
  return dt == RG_DT_F32 ? a : Z3_mk_fpa_to_fp_float(Z, rne(in), a, Z3_mk_fpa_sort_32(Z));
}
static Ast narrow(Inst *in, Ast a, RgDType dt) {
  return dt == RG_DT_F32 ? a : Z3_mk_fpa_to_fp_float(Z, rne(in), a, sort_of(in, dt));
}
/* f (f32) rounded to dt and back, as the evaluator's float steps. */
static Ast round_to(Inst *in, Ast f, RgDType dt) { return dt == RG_DT_F32 ? f : widen(in, narrow(in, f, dt), dt); }
static Ast neg_zero(Inst *in, Ast v) { return and2(in, Z3_mk_fpa_is_zero(Z, v), Z3_mk_fpa_is_negative(Z, v)); }

/* a <= b in the element sort. */
static Ast ele(Inst *in, RgDType dt, Ast a, Ast b) { return isf(dt) ? Z3_mk_fpa_leq(Z, a, b) : Z3_mk_bvsle(Z, a, b); }

static Val *new_val(Inst *in, VKind kind, RgDType dt) {
  if (in->nvals == MAXVALS) {
    unknown(in, "too many values");
    return NULL;
  }
  Val *v = &in->vals[in->nvals++];
  memset(v, 0, sizeof *v);
  v->kind = kind;
  v->dt = dt;
  v->arg = -1;
  v->id = -1;
  return v;
}

static bool is_op(const Val *v, Kind k) { return v->kind == V_NODE && v->k == k; }

static void fresh_dims(Inst *in, Val *v) {
  for (int d = 0; d < in->R; d++) {
    v->dims[d] = fresh(in, "dim", bv(in, IBITS));
    fact(in, Z3_mk_bvuge(Z, v->dims[d], ix(in, 1)));
    fact(in, Z3_mk_bvult(Z, v->dims[d], ix(in, 1 << 16)));
  }
}

static Ast few_elements(Inst *in, Ast const *dims, Ast *bounded);

static Val *new_leaf(Inst *in, RgDType dt, bool scalar) {
  Val *v = new_val(in, V_LEAF, dt);
  if (!v)
    return NULL;
  v->scalar = scalar;
  char name[32];
  snprintf(name, sizeof name, "in%u", in->nvals - 1);
  Z3_sort dom[MAXR];
  for (int d = 0; d < in->R; d++)
    dom[d] = bv(in, IBITS);
  v->f = Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), scalar ? 0 : (unsigned)in->R, dom, sort_of(in, dt));
  if (!scalar)
    fresh_dims(in, v);
  if (!scalar && in->flat_reshape) { /* read by offset: fewer than 2^16 elements */
    Ast bounded;
    few_elements(in, v->dims, &bounded);
    fact(in, bounded);
  }
  return v;
}

/* ---- element meanings ---- */

static Ast elem(Inst *in, Val *v, Ast const *idx);

/* A free value in the query, used only where cond does not hold: a
 * counterexample where every such cond holds does not need it. */
static void free_unless(Inst *in, Ast cond) {
  in->opaque_used = in->has_uf = true;
  if (in->nexact < 16)
    in->exact[in->nexact++] = cond;
  else
    in->free_always = true;
}
static Ast axis_dim(Inst *in, Ast const *dims, Ast axis);
static Ast all_dims(Inst *in, Val *a, Val *b, bool no_broadcast);

/* Operand k of n read at the result index, stretched along its size-1 dims. */
static Ast bcast(Inst *in, Val *n, uint32_t k, Ast const *idx) {
  Val *o = n->opnd[k];
  if (o->scalar)
    return elem(in, o, NULL);
  Ast j[MAXR];
  for (int d = 0; d < in->R; d++)
    j[d] = Z3_mk_ite(Z, Z3_mk_eq(Z, o->dims[d], ix(in, 1)), ix(in, 0), idx[d]);
  return elem(in, o, j);
}

static Ast fminmax(Inst *in, Ast a, Ast b, bool max, Ast ignore) {
  Ast na = Z3_mk_fpa_is_nan(Z, a), nb = Z3_mk_fpa_is_nan(Z, b);
  Ast pick = Z3_mk_ite(Z, max ? Z3_mk_fpa_geq(Z, a, b) : Z3_mk_fpa_leq(Z, a, b), a, b);
  Ast nan = Z3_mk_ite(Z, ignore, Z3_mk_ite(Z, na, b, a), Z3_mk_ite(Z, na, a, b));
  return Z3_mk_ite(Z, or2(in, na, nb), nan, pick);
}

static Ast binary(Inst *in, Val *n, Ast a, Ast b) {
  RgDType dt = n->opnd[0]->dt;
  if (n->k == K_MUL && dt != RG_DT_I32 && n->nopnd > 2) /* the evaluator's ERROR_IF */
    require(in, Z3_mk_eq(Z, elem(in, n->opnd[2], NULL), bvnum(in, 0, 8)));
  if (isf(dt)) {
    switch (n->k) {
    case K_ADD: return narrow(in, Z3_mk_fpa_add(Z, rne(in), widen(in, a, dt), widen(in, b, dt)), dt);
    case K_SUB: return narrow(in, Z3_mk_fpa_sub(Z, rne(in), widen(in, a, dt), widen(in, b, dt)), dt);
    case K_MUL: return narrow(in, Z3_mk_fpa_mul(Z, rne(in), widen(in, a, dt), widen(in, b, dt)), dt);
    case K_MAX: return fminmax(in, a, b, true, n->ignore);
    case K_MIN: return fminmax(in, a, b, false, n->ignore);
    case K_EQ: return bool_bv(in, Z3_mk_fpa_eq(Z, a, b));
    case K_GT: return bool_bv(in, Z3_mk_fpa_gt(Z, a, b));
    case K_GE: return bool_bv(in, Z3_mk_fpa_geq(Z, a, b));
    default: break;
    }
    unknown(in, "%s on floats", n->op->name);
    return NULL;
  }
  switch (n->k) {
  case K_ADD:
  case K_SUB: {
    Ast v = n->k == K_ADD ? Z3_mk_bvadd(Z, sext64(in, a, dt), sext64(in, b, dt))
                          : Z3_mk_bvsub(Z, sext64(in, a, dt), sext64(in, b, dt));
    require(in, in_range(in, v, dt));
    return low(in, v, dt);
  }
  case K_MUL: {
    Ast p = Z3_mk_bvmul(Z, sext64(in, a, dt), sext64(in, b, dt));
    if (dt != RG_DT_I32)
      return low(in, p, n->dt);
    /* shift in [0, 63] (an i8); 0 keeps the low bits */
    Ast sh = sext64(in, elem(in, n->opnd[2], NULL), n->opnd[2]->dt);
    require(in, and2(in, Z3_mk_bvsge(Z, sh, i64(in, 0)), Z3_mk_bvsle(Z, sh, i64(in, 62))));
    Ast half = Z3_mk_bvshl(Z, i64(in, 1), Z3_mk_bvsub(Z, sh, i64(in, 1)));
    Ast r = Z3_mk_bvashr(Z, Z3_mk_bvadd(Z, p, half), sh);
    Ast pos = Z3_mk_bvsgt(Z, sh, i64(in, 0));
    require(in, Z3_mk_implies(Z, pos, in_range(in, r, RG_DT_I32)));
    return low(in, Z3_mk_ite(Z, pos, r, p), dt);
  }
  case K_INTDIV:
    require(in, Z3_mk_not(Z, Z3_mk_eq(Z, b, num(in, dt, 0))));
    require(in, Z3_mk_not(Z, and2(in, Z3_mk_eq(Z, a, num(in, dt, (double)rg_elem_min(dt))),
                                  Z3_mk_eq(Z, b, num(in, dt, -1)))));
    return Z3_mk_bvsdiv(Z, a, b);
  case K_MAX: return Z3_mk_ite(Z, Z3_mk_bvsge(Z, a, b), a, b);
  case K_MIN: return Z3_mk_ite(Z, Z3_mk_bvsle(Z, a, b), a, b);
  case K_EQ: return bool_bv(in, Z3_mk_eq(Z, a, b));
  case K_GT: return bool_bv(in, dt == RG_DT_I1 ? Z3_mk_bvugt(Z, a, b) : Z3_mk_bvsgt(Z, a, b));
  case K_GE: return bool_bv(in, dt == RG_DT_I1 ? Z3_mk_bvuge(Z, a, b) : Z3_mk_bvsge(Z, a, b));
  case K_LAND: return Z3_mk_bvand(Z, a, b);
  case K_LOR: return Z3_mk_bvor(Z, a, b);
  case K_LXOR: return Z3_mk_bvxor(Z, a, b);
  default: break;
  }
  unknown(in, "%s has no meaning here", n->op->name);
  return NULL;
}

static Ast negate(Inst *in, Val *n, Ast v) {
  RgDType dt = n->dt;
  if (isf(dt))
    return Z3_mk_fpa_neg(Z, v);
  Ast izp = n->nopnd > 1 ? sext64(in, elem(in, n->opnd[1], NULL), dt) : i64(in, 0);
  Ast ozp = n->nopnd > 2 ? sext64(in, elem(in, n->opnd[2], NULL), dt) : i64(in, 0);
  Ast w = Z3_mk_bvsub(Z, sext64(in, v, dt), izp);
  require(in, in_range(in, w, RG_DT_I32));
  w = Z3_mk_bvsub(Z, ozp, w);
  require(in, in_range(in, w, RG_DT_I32));
  Ast lo = i64(in, rg_elem_min(dt)), hi = i64(in, rg_elem_max(dt));
  w = Z3_mk_ite(Z, Z3_mk_bvslt(Z, w, lo), lo, Z3_mk_ite(Z, Z3_mk_bvsgt(Z, w, hi), hi, w));
  return low(in, w, dt);
}

static Ast cast(Inst *in, RgDType from, RgDType to, Ast v) {
  Z3_sort os = sort_of(in, to);
  bool fi = isf(from), fo = isf(to);
  if (!fi && !fo)
    return to == RG_DT_I1 ? bool_bv(in, Z3_mk_not(Z, Z3_mk_eq(Z, v, num(in, from, 0)))) : low(in, sext64(in, v, from), to);
  if (!fi)
    return from == RG_DT_I1 ? Z3_mk_fpa_to_fp_unsigned(Z, rne(in), v, os) : Z3_mk_fpa_to_fp_signed(Z, rne(in), v, os);
  if (fo)
    return Z3_mk_fpa_to_fp_float(Z, rne(in), v, os);
  if (to == RG_DT_I1) {
    unknown(in, "tosa.cast from float to i1");
    return NULL;
  }
  require(in, Z3_mk_not(Z, Z3_mk_fpa_is_nan(Z, v)));
  Z3_sort f64 = Z3_mk_fpa_sort_64(Z);
  Ast rv = Z3_mk_fpa_round_to_integral(Z, rne(in), v), r64 = Z3_mk_fpa_to_fp_float(Z, rne(in), rv, f64);
  Ast lo = Z3_mk_fpa_numeral_double(Z, (double)rg_elem_min(to), f64);
  Ast hi = Z3_mk_fpa_numeral_double(Z, (double)rg_elem_max(to), f64);
  Ast mid = low(in, Z3_mk_fpa_to_sbv(Z, Z3_mk_fpa_rtz(Z), r64, 64), to);
  return Z3_mk_ite(Z, Z3_mk_fpa_leq(Z, r64, lo), num(in, to, (double)rg_elem_min(to)),
                   Z3_mk_ite(Z, Z3_mk_fpa_geq(Z, r64, hi), num(in, to, (double)rg_elem_max(to)), mid));
}

static Ast bool_c(Inst *in, bool b);
static Ast read_leaf(Inst *in, Val *v, Ast const *idx);

/* A validity rule of a node's operands: assumed of the pattern, required
 * of a node the replacement makes. */
static void valid(Inst *in, Val *n, Ast a) {
  if (n->created)
    require(in, a);
  else
    fact(in, a);
}

/* AVG_POOL2D over one element (op_avg_pool2d, count 1): floats +0.0 + x
 * in f32 rounded to acc_type, divided by 1, rounded to the type; integers
 * (x - input_zp) scaled by reciprocal_scale(1) = (2^30 + 1, 30), plus
 * output_zp, clipped. */
static Ast avg_one(Inst *in, Val *n, Ast v) {
  RgDType dt = n->dt;
  Ast izp = elem(in, n->opnd[1], NULL), ozp = izp ? elem(in, n->opnd[2], NULL) : NULL;
  if (!ozp)
    return NULL;
  if (isf(dt)) {
    valid(in, n, and2(in, Z3_mk_fpa_is_zero(Z, izp), Z3_mk_fpa_is_zero(Z, ozp)));
    Z3_sort f32 = Z3_mk_fpa_sort_32(Z);
    Ast acc = Z3_mk_fpa_add(Z, rne(in), Z3_mk_fpa_zero(Z, f32, false), widen(in, v, dt));
    Ast a16 = widen(in, narrow(in, acc, RG_DT_F16), RG_DT_F16), ab16 = widen(in, narrow(in, acc, RG_DT_BF16), RG_DT_BF16);
    acc = Z3_mk_ite(Z, Z3_mk_eq(Z, n->acc, bvnum(in, 1, 2)), a16, Z3_mk_ite(Z, Z3_mk_eq(Z, n->acc, bvnum(in, 2, 2)), ab16, acc));
    return narrow(in, acc, dt);
  }
  Ast z = sext64(in, izp, dt), oz = sext64(in, ozp, dt);
  if (dt != RG_DT_I8)
    valid(in, n, and2(in, Z3_mk_eq(Z, z, i64(in, 0)), Z3_mk_eq(Z, oz, i64(in, 0))));
  Ast a = Z3_mk_bvsub(Z, sext64(in, v, dt), z);
  require(in, in_range(in, a, RG_DT_I32));
  require(in, and2(in, Z3_mk_bvsge(Z, a, i64(in, -((int64_t)1 << 29))), Z3_mk_bvslt(Z, a, i64(in, (int64_t)1 << 29))));
  Ast r = Z3_mk_bvashr(Z, Z3_mk_bvadd(Z, Z3_mk_bvmul(Z, a, i64(in, ((int64_t)1 << 30) + 1)), i64(in, (int64_t)1 << 29)),
                       i64(in, 30));
  r = Z3_mk_bvadd(Z, r, oz);
  require(in, in_range(in, r, RG_DT_I32));
  Ast lo = i64(in, rg_elem_min(dt)), hi = i64(in, rg_elem_max(dt));
  return low(in, Z3_mk_ite(Z, Z3_mk_bvslt(Z, r, lo), lo, Z3_mk_ite(Z, Z3_mk_bvsgt(Z, r, hi), hi, r)), dt);
}

/* ---- RESCALE, as op_rescale of backends/tosa/tosa_eval_elem.c with its
 * attributes as Booleans ---- */

static Ast ite64(Inst *in, Ast c, int64_t a, int64_t b) { return Z3_mk_ite(Z, c, i64(in, a), i64(in, b)); }

/* An integer element as 64 bits, zero-extended where its side is unsigned. */
static Ast ext_u(Inst *in, Ast v, RgDType dt, Ast u) {
  return Z3_mk_ite(Z, u, Z3_mk_zero_ext(Z, (unsigned)(64 - rg_dtype_bits(dt)), v), sext64(in, v, dt));
}

/* A per-channel parameter at channel c (a splat or a one-element value
 * wherever it is read). */
static Ast channel_read(Inst *in, Val *v, Ast c) {
  if (v->kind == V_LEAF && v->vec && !v->elem)
    return read_leaf(in, v, &c);
  return elem(in, v, NULL);
}

/* The multiplier and shift a RESCALE applies at the result index, as 64
 * bits; facts of the types (an i16 multiplier under scale32 = false) and
 * of tosa_rescale_is_identity where it was asked. */
static bool rescale_params(Inst *in, Val *n, Ast const *idx, Ast *m, Ast *sh) {
  Ast c = in->R ? Z3_mk_ite(Z, n->pc, idx[in->R - 1], ix(in, 0)) : ix(in, 0);
  Ast mv = channel_read(in, n->opnd[1], c), sv = mv ? channel_read(in, n->opnd[2], c) : NULL;
  if (!sv)
    return false;
  *m = sext64(in, mv, n->opnd[1]->dt);
  *sh = sext64(in, sv, n->opnd[2]->dt);
  Ast m16 = Z3_mk_implies(Z, Z3_mk_not(Z, n->s32), in_range(in, *m, RG_DT_I16));
  if (n->created)
    require(in, m16); /* a new RESCALE must be valid */
  else
    fact(in, m16);
  if (n->ident) {
    Ast top = Z3_mk_ite(Z, n->s32, i64(in, 30), i64(in, 14));
    fact(in, Z3_mk_implies(Z, n->ident,
                           Z3_mk_and(Z, 3, (Ast[]){Z3_mk_bvsge(Z, *sh, i64(in, 2)), Z3_mk_bvsle(Z, *sh, top),
                                                   Z3_mk_eq(Z, *m, Z3_mk_bvshl(Z, i64(in, 1), *sh))})));
  }
  return true;
}

static Ast rescale(Inst *in, Val *n, Ast const *idx) {
  Val *x = n->opnd[0];
  RgDType it = x->dt, ot = n->dt;
  Ast a = elem(in, x, idx), m = NULL, sh = NULL;
  Ast izp = a ? elem(in, n->opnd[3], NULL) : NULL, ozp = izp ? elem(in, n->opnd[4], NULL) : NULL;
  if (!ozp || !rescale_params(in, n, idx, &m, &sh))
    return NULL;
  Ast v = Z3_mk_bvsub(Z, ext_u(in, a, it, n->iu), ext_u(in, izp, it, n->iu));
  /* apply_scale_32 / apply_scale_16 */
  Ast one = i64(in, 1), half = Z3_mk_bvshl(Z, one, Z3_mk_bvsub(Z, sh, one));
  require(in, Z3_mk_bvsge(Z, m, i64(in, 0)));
  require(in, and2(in, Z3_mk_bvsge(Z, sh, i64(in, 2)), Z3_mk_bvsle(Z, sh, i64(in, 62))));
  Ast v_ok = Z3_mk_and(Z, 3, (Ast[]){Z3_mk_bvsge(Z, v, Z3_mk_bvneg(Z, half)), Z3_mk_bvslt(Z, v, half),
                                     in_range(in, v, RG_DT_I32)});
  require(in, Z3_mk_implies(Z, n->s32, v_ok));
  Ast adj = ite64(in, Z3_mk_bvsge(Z, v, i64(in, 0)), (int64_t)1 << 30, -((int64_t)1 << 30));
  Ast dbl = Z3_mk_and(Z, 3, (Ast[]){n->s32, n->dbl, Z3_mk_bvsgt(Z, sh, i64(in, 31))});
  Ast round = Z3_mk_ite(Z, dbl, Z3_mk_bvadd(Z, half, adj), half);
  Ast r = Z3_mk_bvashr(Z, Z3_mk_bvadd(Z, Z3_mk_bvmul(Z, v, m), round), sh);
  require(in, Z3_mk_implies(Z, Z3_mk_not(Z, n->s32), in_range(in, r, RG_DT_I32)));
  Ast res = Z3_mk_bvadd(Z, r, ext_u(in, ozp, ot, n->ou));
  require(in, in_range(in, res, RG_DT_I32));
  int ob = rg_dtype_bits(ot);
  Ast lo = ite64(in, n->ou, 0, rg_elem_min(ot)), hi = ite64(in, n->ou, (int64_t)(((uint64_t)1 << ob) - 1), rg_elem_max(ot));
  res = Z3_mk_ite(Z, Z3_mk_bvslt(Z, res, lo), lo, Z3_mk_ite(Z, Z3_mk_bvsgt(Z, res, hi), hi, res));
  return low(in, res, ot);
}

/* The validity rules of a RESCALE (the evaluator's ERROR_IFs): assumed of
 * the pattern, proven of the replacement. */
static void attr_fact(Inst *in, Ast a);
static void rescale_rules(Inst *in, Val *n) {
  RgDType it = n->opnd[0]->dt, ot = n->dt;
  bool narrow_i = it == RG_DT_I8 || it == RG_DT_I16, narrow_o = ot == RG_DT_I8 || ot == RG_DT_I16;
  attr_fact(in, Z3_mk_implies(Z, Z3_mk_not(Z, n->s32), Z3_mk_not(Z, n->dbl)));
  attr_fact(in, Z3_mk_not(Z, and2(in, n->iu, n->ou)));
  attr_fact(in, Z3_mk_implies(Z, n->iu, bool_c(in, narrow_i && ot != RG_DT_I32)));
  attr_fact(in, Z3_mk_implies(Z, n->ou, bool_c(in, narrow_o && it != RG_DT_I32)));
  if (!in->R)
    attr_fact(in, Z3_mk_not(Z, n->pc));
  for (int side = 0; side < 2; side++) {
    RgDType dt = side ? ot : it;
    Ast u = side ? n->ou : n->iu, zp = elem(in, n->opnd[3 + side], NULL);
    if (!zp)
      return;
    Ast z = ext_u(in, zp, dt, u), zero = Z3_mk_eq(Z, z, i64(in, 0));
    Ast i16u = and2(in, bool_c(in, dt == RG_DT_I16), u);
    attr_fact(in, Z3_mk_implies(Z, Z3_mk_not(Z, zero), or2(in, bool_c(in, dt == RG_DT_I8), i16u)));
    attr_fact(in, Z3_mk_implies(Z, i16u, or2(in, zero, Z3_mk_eq(Z, z, i64(in, 32768)))));
  }
}

/* ---- the aten ops of backends/xnnpack (arith of xnnpack_eval.c): floats
 * computed in f32 and rounded once to the result type, integers wrapped;
 * a Scalar (alpha, other) as a double, an int64 and whether a float ---- */

/* x OP y in the result type: floats in f32 (y32 already f32) rounded once
 * to the type, integers wrapped. */
static Ast aten_op(Inst *in, RgDType dt, Ast x, Ast y32, bool mul) {
  Ast a = isf(dt) ? widen(in, x, dt) : x, r;
  if (in->abstract) { /* the arithmetic a free function: equal operands, equal results */
    char name[48];
    snprintf(name, sizeof name, "aten.%s.%s", mul ? "mul" : "add", isf(dt) ? "f32" : rg_dtype_name(dt));
    Z3_sort s = Z3_get_sort(Z, a), dom[2] = {s, s};
    r = Z3_mk_app(Z, Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), 2, dom, s), 2, (Ast[]){a, y32});
    in->has_uf = in->opaque_used = in->free_always = true;
  } else if (!isf(dt)) {
    r = mul ? Z3_mk_bvmul(Z, a, y32) : Z3_mk_bvadd(Z, a, y32);
  } else {
    r = mul ? Z3_mk_fpa_mul(Z, rne(in), a, y32) : Z3_mk_fpa_add(Z, rne(in), a, y32);
  }
  return isf(dt) ? narrow(in, r, dt) : r;
}

static Ast aten_elem(Inst *in, Val *n, Ast const *idx) {
  RgDType dt = n->dt;
  Ast a = bcast(in, n, 0, idx);
  if (!a)
    return NULL;
  if (!isf(dt) && n->nisf)
    require(in, Z3_mk_not(Z, n->nisf)); /* a float Scalar with an integer result: ERROR */
  Z3_sort f32 = Z3_mk_fpa_sort_32(Z);
  if (n->k == K_ATEN_MULS && n->exact && isf(n->exact_dt) && isf(dt)) /* x * (float)other, other an element */
    return aten_op(in, dt, a, Z3_mk_fpa_to_fp_float(Z, rne(in), n->exact, f32), true);
  if (n->k == K_ATEN_MULS && n->exact && n->exact_dt == dt) /* an int other (a float one fails above) */
    return aten_op(in, dt, a, n->exact, true);
  if (n->k == K_ATEN_MULS) /* x * (float)other */
    return aten_op(in, dt, a, isf(dt) ? Z3_mk_fpa_to_fp_float(Z, rne(in), n->nf, f32) : low(in, n->ni, dt), true);
  Ast b = bcast(in, n, 1, idx);
  if (!b)
    return NULL;
  Ast y = isf(dt) ? widen(in, b, dt) : b;
  if (n->k == K_ATEN_ADD) { /* x + alpha * y, the product rounded first; alpha 1: x + y */
    Ast scaled = isf(dt) ? Z3_mk_fpa_mul(Z, rne(in), y, Z3_mk_fpa_to_fp_float(Z, rne(in), n->nf, f32))
                         : Z3_mk_bvmul(Z, y, low(in, n->ni, dt)); /* commutative: spelled as mul.Scalar's */
    y = Z3_mk_ite(Z, Z3_mk_fpa_eq(Z, n->nf, num(in, RG_DT_F64, 1)), y, scaled);
  }
  return aten_op(in, dt, a, y, n->k != K_ATEN_ADD);
}

/* The product of a [M, K] and b [K, N] (b read as [N, K] when
 * transposed: linear's weight) at idx: f32 products summed from +0.0 in
 * ascending k, rounded once to the type (integers wrap), as
 * xnnpack_eval.c's matmul_into; for K of up to MAXRED, which the
 * instance is bounded to (and says so). */
static Ast matmul_at(Inst *in, Val *n, Val *a, Val *b, bool transposed, Ast const *idx) {
  RgDType dt = n->dt;
  Ast K = a->dims[1], bounded = Z3_mk_bvule(Z, K, ix(in, MAXRED)), acc, res = NULL;
  if (n->created)
    require(in, bounded);
  else
    fact(in, bounded);
  in->bounded_reduce = true;
  acc = isf(dt) ? Z3_mk_fpa_zero(Z, Z3_mk_fpa_sort_32(Z), false) : num(in, dt, 0);
  for (int k = 0; k < MAXRED; k++) {
    Ast ja[2] = {idx[0], ix(in, k)}, jb[2] = {ix(in, k), idx[1]}, jt[2] = {idx[1], ix(in, k)};
    Ast x = elem(in, a, ja), y = x ? elem(in, b, transposed ? jt : jb) : NULL;
    if (!y)
      return NULL;
    if (in->abstract) { /* free functions of the type: equal operands, equal results */
      char name[64];
      snprintf(name, sizeof name, "matmul.step.%s", rg_dtype_name(dt));
      Z3_sort s = Z3_get_sort(Z, acc), dom[3] = {s, sort_of(in, dt), sort_of(in, dt)};
      acc = Z3_mk_app(Z, Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), 3, dom, s), 3, (Ast[]){acc, x, y});
      in->has_uf = in->opaque_used = in->free_always = true;
    } else if (isf(dt)) {
      acc = Z3_mk_fpa_add(Z, rne(in), acc, Z3_mk_fpa_mul(Z, rne(in), widen(in, x, dt), widen(in, y, dt)));
    } else {
      acc = Z3_mk_bvadd(Z, acc, Z3_mk_bvmul(Z, x, y));
    }
    Ast here = isf(dt) ? narrow(in, acc, dt) : acc;
    res = res ? Z3_mk_ite(Z, Z3_mk_eq(Z, K, ix(in, k + 1)), here, res) : here;
  }
  return res;
}

/* A Scalar times v, in v's element type dt (one rounding; integers by
 * the Scalar truncated to an int64, wrapped), or v where the Scalar is 1. */
static Ast scaled(Inst *in, RgDType dt, Ast v, Ast f) {
  if (isf(dt)) {
    Ast p = narrow(in, Z3_mk_fpa_mul(Z, rne(in), Z3_mk_fpa_to_fp_float(Z, rne(in), f, Z3_mk_fpa_sort_32(Z)), widen(in, v, dt)), dt);
    return Z3_mk_ite(Z, Z3_mk_fpa_eq(Z, f, num(in, RG_DT_F64, 1)), v, p);
  }
  return Z3_mk_bvmul(Z, v, low(in, Z3_mk_fpa_to_sbv(Z, Z3_mk_fpa_rtz(Z), f, 64), dt));
}

/* aten.mm; aten.addmm (beta * self + alpha * (m1 @ m2), self broadcast);
 * aten.linear (x @ w^T + bias): the product rounded to the type first,
 * then the bias added as aten.add.Tensor adds, as add_bias of
 * xnnpack_eval.c. */
static Ast matmul_elem(Inst *in, Val *n, Ast const *idx) {
  bool addmm = n->k == K_ATEN_ADDMM;
  Val *a = n->opnd[addmm ? 1 : 0], *b = n->opnd[addmm ? 2 : 1];
  Ast v = matmul_at(in, n, a, b, n->k == K_ATEN_LINEAR, idx);
  uint32_t bias = addmm ? 0 : 2;
  if (!v || n->k == K_ATEN_MM || bias >= n->nopnd)
    return v;
  Ast c = bcast(in, n, bias, idx);
  if (!c)
    return NULL;
  RgDType dt = n->dt;
  if (addmm)
    v = scaled(in, dt, v, n->nf), c = scaled(in, dt, c, n->bf);
  return aten_op(in, dt, v, isf(dt) ? widen(in, c, dt) : c, false);
}

/* A reduction over an axis of size 1 is its one element; over a longer
 * axis a free function of the node (no counterpart on the other side). */
static Ast reduce(Inst *in, Val *n, Ast const *idx) {
  Val *x = n->opnd[0];
  Ast one = elem(in, x, idx);
  if (!one)
    return NULL;
  RgDType dt = x->dt;
  Ast v = one;
  if (n->k == K_RSUM && isf(dt)) /* the sum starts at +0.0 */
    v = narrow(in, Z3_mk_fpa_add(Z, rne(in), Z3_mk_fpa_zero(Z, Z3_mk_fpa_sort_32(Z), false), widen(in, one, dt)), dt);
  if (n->k == K_RPROD && isf(dt))
    v = narrow(in, Z3_mk_fpa_mul(Z, rne(in), Z3_mk_fpa_numeral_float(Z, 1.0f, Z3_mk_fpa_sort_32(Z)), widen(in, one, dt)), dt);
  Ast len = axis_dim(in, x->dims, n->ax);
  in->long_reduce = true;
  if (!in->fold_reduce) { /* first: a free value, no counterpart on the other side */
    Z3_sort dom[MAXR];
    for (int d = 0; d < in->R; d++)
      dom[d] = bv(in, IBITS);
    char name[32];
    snprintf(name, sizeof name, "reduce%d", (int)(n - in->vals));
    Ast other = Z3_mk_app(Z, Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), (unsigned)in->R, dom, sort_of(in, n->dt)),
                          (unsigned)in->R, idx);
    free_unless(in, Z3_mk_eq(Z, len, ix(in, 1)));
    return Z3_mk_ite(Z, Z3_mk_eq(Z, len, ix(in, 1)), v, other);
  }
  /* then: its elements in order folded by a free function of the op and
   * type (so the proof holds for any combination), for axes of up to
   * MAXRED elements: the instance is bounded so, and says so */
  _Static_assert(MAXRED == 4, "the bounds printed say 1..4");
  Ast bounded = Z3_mk_bvule(Z, len, ix(in, MAXRED));
  if (n->created)
    require(in, bounded);
  else
    fact(in, bounded);
  in->bounded_reduce = true;
  char name[64];
  snprintf(name, sizeof name, "reduce.%s.%s", n->op->name, rg_dtype_name(n->dt));
  Z3_sort s = sort_of(in, n->dt), dom[2] = {s, sort_of(in, dt)};
  Z3_func_decl comb = Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), 2, dom, s);
  Ast acc = v, res = v, j[MAXR];
  for (int k = 1; k < MAXRED; k++) {
    for (int d = 0; d < in->R; d++)
      j[d] = Z3_mk_ite(Z, Z3_mk_eq(Z, n->ax, i64(in, d)), ix(in, k), idx[d]);
    Ast e = elem(in, x, j);
    if (!e)
      return NULL;
    acc = Z3_mk_app(Z, comb, 2, (Ast[]){acc, e});
    res = Z3_mk_ite(Z, Z3_mk_eq(Z, len, ix(in, k + 1)), acc, res);
  }
  in->opaque_used = in->has_uf = in->free_always = true;
  return res;
}

/* The index of the input of a transpose read at the result index. */
static void transpose_index(Inst *in, Val *n, Ast const *idx, Ast *j) {
  for (int d = 0; d < in->R; d++) {
    Ast r = ix(in, 0);
    for (int i = in->R - 1; i >= 0; i--)
      r = Z3_mk_ite(Z, Z3_mk_eq(Z, n->perm[i], i64(in, d)), idx[i], r);
    j[d] = r;
  }
}

static Ast opaque(Inst *in, Val *n, Ast const *idx) {
  Ast args[MAXOPS];
  Z3_sort dom[MAXOPS];
  for (uint32_t k = 0; k < n->nopnd; k++) {
    if (!(args[k] = bcast(in, n, k, idx)))
      return NULL;
    dom[k] = sort_of(in, n->opnd[k]->dt);
  }
  in->has_uf = in->opaque_used = in->free_always = true;
  char name[160];
  snprintf(name, sizeof name, "%s.%s.%u", n->op->name, rg_dtype_name(n->dt), n->nopnd);
  for (uint32_t k = 0; k < n->nopnd; k++)
    snprintf(name + strlen(name), sizeof name - strlen(name), ".%s", rg_dtype_name(n->opnd[k]->dt));
  return Z3_mk_app(Z, Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), n->nopnd, dom, sort_of(in, n->dt)), n->nopnd,
                   args);
}

/* The row-major offset of idx in dims, in 16 bits: exact where idx lies
 * inside dims and the value has fewer than 2^16 elements. */
static Ast offset16(Inst *in, Ast const *dims, Ast const *idx) {
  Ast o = bvnum(in, 0, 16);
  for (int d = 0; d < in->R; d++)
    o = Z3_mk_bvadd(Z, Z3_mk_bvmul(Z, o, Z3_mk_extract(Z, 15, 0, dims[d])), Z3_mk_extract(Z, 15, 0, idx[d]));
  return o;
}

static Ast read_leaf_at(Inst *in, Val *v, Ast const *idx, Ast key);

/* The element of v at a row-major offset (reshapes read by their
 * offsets): a reshape passes it on, an input is read by it, any other
 * value at the index j with j < dims(v) and offset(j) = off (no division),
 * where off lies inside v. */
static Ast elem_at_offset(Inst *in, Val *v, Ast off) {
  if (is_op(v, K_RESHAPE))
    return elem_at_offset(in, v->opnd[0], off);
  if (v->kind == V_LEAF && !v->elem && !v->scalar && !v->vec)
    return read_leaf_at(in, v, NULL, off);
  Ast j[MAXR], below[MAXR], count, bounded;
  for (int d = 0; d < in->R; d++) {
    j[d] = fresh(in, "reshape_index", bv(in, IBITS));
    below[d] = Z3_mk_bvult(Z, j[d], v->dims[d]);
  }
  count = few_elements(in, v->dims, &bounded);
  Ast inside = and2(in, bounded, Z3_mk_bvult(Z, Z3_mk_zero_ext(Z, IBITS - 16, off), count));
  fact(in, Z3_mk_implies(Z, inside, and2(in, mk_and(in, (uint32_t)in->R, below),
                                         Z3_mk_eq(Z, offset16(in, v->dims, j), off))));
  return elem(in, v, j);
}

/* A reshape: its input where the shape stays; to another shape first a
 * free value (no counterpart on the other side), then the input's element
 * at the same row-major offset, for values of fewer than 2^16 elements
 * (reshape_rules). */
static Ast reshape_elem(Inst *in, Val *n, Ast const *idx) {
  Val *x = n->opnd[0];
  in->other_reshape = true;
  if (in->flat_reshape)
    return elem_at_offset(in, x, offset16(in, n->dims, idx));
  Ast v = elem(in, x, idx), same = all_dims(in, n, x, false);
  Z3_sort dom[MAXR];
  for (int d = 0; d < in->R; d++)
    dom[d] = bv(in, IBITS);
  char name[32];
  snprintf(name, sizeof name, "reshape%d", (int)(n - in->vals));
  free_unless(in, same);
  Z3_func_decl f = Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), (unsigned)in->R, dom, sort_of(in, n->dt));
  return v ? Z3_mk_ite(Z, same, v, Z3_mk_app(Z, f, (unsigned)in->R, idx)) : NULL;
}

static bool abstractable(Kind k) {
  return (k >= K_CLAMP && k <= K_ABS) || (k >= K_LNOT && k <= K_CAST) || k == K_RESCALE;
}

/* A RESCALE's operands at the result index and its attributes, as the
 * arguments of its free function. */
static uint32_t rescale_args(Inst *in, Val *n, Ast const *idx, Ast *args, Z3_sort *dom) {
  Ast m, sh;
  args[0] = elem(in, n->opnd[0], idx);
  args[1] = args[0] ? elem(in, n->opnd[3], NULL) : NULL;
  args[2] = args[1] ? elem(in, n->opnd[4], NULL) : NULL;
  if (!args[2] || !rescale_params(in, n, idx, &m, &sh))
    return 0;
  args[3] = m, args[4] = sh;
  Ast flags[5] = {n->s32, n->dbl, n->pc, n->iu, n->ou};
  for (int i = 0; i < 5; i++)
    args[5 + i] = bool_bv(in, flags[i]);
  for (int i = 0; i < 10; i++)
    dom[i] = Z3_get_sort(Z, args[i]);
  return 10;
}

/* An arithmetic op as a free function of its operands' elements and its
 * attributes, its REQUIREs a free predicate of the same: equal
 * applications on both sides are equal by congruence, which Z3 sees
 * without bit-blasting the arithmetic twice. A proof so holds for every
 * meaning of the op; a counterexample is retried with the exact one. */
static Ast abstract_elem(Inst *in, Val *n, Ast const *idx) {
  Ast args[MAXOPS + 10];
  Z3_sort dom[MAXOPS + 10];
  uint32_t na = 0;
  char name[200];
  snprintf(name, sizeof name, "%s.%s", n->op->name, rg_dtype_name(n->dt));
  if (n->k == K_RESCALE && !(na = rescale_args(in, n, idx, args, dom)))
    return NULL;
  for (uint32_t k = 0; k < n->nopnd && n->k != K_RESCALE; k++) {
    if (!(args[na] = bcast(in, n, k, idx)))
      return NULL;
    dom[na++] = sort_of(in, n->opnd[k]->dt);
    snprintf(name + strlen(name), sizeof name - strlen(name), ".%s", rg_dtype_name(n->opnd[k]->dt));
  }
  if (n->k == K_CLAMP) {
    args[na] = n->lo, dom[na++] = sort_of(in, n->dt);
    args[na] = n->hi, dom[na++] = sort_of(in, n->dt);
  }
  if (n->ignore) {
    args[na] = bool_bv(in, n->ignore);
    dom[na++] = bv(in, 1);
  }
  in->has_uf = in->opaque_used = in->free_always = true;
  Ast v = Z3_mk_app(Z, Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), na, dom, sort_of(in, n->dt)), na, args);
  char rq[220];
  snprintf(rq, sizeof rq, "require.%s", name);
  require(in, Z3_mk_app(Z, Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, rq), na, dom, Z3_mk_bool_sort(Z)), na, args));
  return v;
}


/* BILINEAR at a unit scale (remainders 0, weights 1 and 0): the element,
 * with its neighbours below and to the right (clamped to the edge) added
 * times 0, each step rounded as the evaluator does. */
static Ast bilinear_unit(Inst *in, Val *n, Ast const *idx, Ast v) {
  Val *x = n->opnd[0];
  RgDType dt = n->dt;
  Ast j[3][MAXR], one = Z3_mk_fpa_numeral_float(Z, 1.0f, Z3_mk_fpa_sort_32(Z));
  Ast zero = Z3_mk_fpa_zero(Z, Z3_mk_fpa_sort_32(Z), false), w[4][2] = {{one, one}, {one, zero}, {zero, one}, {zero, zero}};
  for (int k = 0; k < 3; k++)
    for (int d = 0; d < 4; d++) {
      Ast up = Z3_mk_bvadd(Z, idx[d], ix(in, 1)), last = Z3_mk_bvsub(Z, x->dims[d], ix(in, 1));
      bool moves = (d == 1 && k >= 1) || (d == 2 && k != 1); /* k: (y0, x1), (y1, x0), (y1, x1) */
      j[k][d] = moves ? Z3_mk_ite(Z, Z3_mk_bvugt(Z, up, last), last, up) : idx[d];
    }
  Ast acc = NULL;
  for (int k = 0; k < 4; k++) {
    Ast e = k ? elem(in, x, j[k - 1]) : v;
    if (!e)
      return NULL;
    Ast t = round_to(in, Z3_mk_fpa_mul(Z, rne(in), round_to(in, Z3_mk_fpa_mul(Z, rne(in), widen(in, e, dt), w[k][0]), dt),
                                       w[k][1]), dt);
    acc = k ? round_to(in, Z3_mk_fpa_add(Z, rne(in), acc, t), dt) : t;
  }
  return narrow(in, acc, dt);
}

/* v where n's geometry has an exact meaning (n->ints[0]); elsewhere a free
 * function of the index, named after what n is (resize, pool). */
static Ast exact_or_free(Inst *in, Val *n, Ast const *idx, Ast v, const char *what) {
  Z3_sort dom[MAXR];
  for (int d = 0; d < in->R; d++)
    dom[d] = bv(in, IBITS);
  char name[32];
  snprintf(name, sizeof name, "%s%d", what, (int)(n - in->vals));
  free_unless(in, n->ints[0]);
  Z3_func_decl f = Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), (unsigned)in->R, dom, sort_of(in, n->dt));
  return Z3_mk_ite(Z, n->ints[0], v, Z3_mk_app(Z, f, (unsigned)in->R, idx));
}

/* RESIZE at scale n/n, offset 0 and border 0 on both axes (n->ints[0]):
 * NEAREST_NEIGHBOR reads the element at the same index, BILINEAR as
 * bilinear_unit; at any other geometry a free value. Integer BILINEAR
 * gives a wider type, any other mode fails. */
static Ast resize_elem(Inst *in, Val *n, Ast const *idx) {
  require(in, isf(n->dt) ? or2(in, n->nearest, n->bilinear) : n->nearest);
  Ast *sc = n->opnd[1]->ints, lim = i64(in, 1 << 11), size = ix(in, 16384);
  Ast checks[6] = {Z3_mk_bvsle(Z, sc[0], lim), Z3_mk_bvsle(Z, sc[2], lim)}; /* its other ERROR_IFs at this geometry */
  for (int d = 1; d < 3; d++) {
    checks[2 * d] = Z3_mk_bvult(Z, n->dims[d], size);
    checks[2 * d + 1] = Z3_mk_bvult(Z, n->opnd[0]->dims[d], size);
  }
  require(in, Z3_mk_implies(Z, n->ints[0], mk_and(in, 6, checks)));
  Ast v = elem(in, n->opnd[0], idx);
  if (v && isf(n->dt)) {
    Ast b = bilinear_unit(in, n, idx, v);
    v = b ? Z3_mk_ite(Z, n->bilinear, b, v) : NULL;
  }
  return v ? exact_or_free(in, n, idx, v, "resize") : NULL;
}

/* TABLE looks each element up on its own: a free function of the element,
 * one per table value (the same table, the same lookup), for any table
 * contents. */
static Ast table_elem(Inst *in, Val *n, Ast const *idx) {
  Ast v = elem(in, n->opnd[0], idx);
  if (!v)
    return NULL;
  char name[64];
  snprintf(name, sizeof name, "table%d.%s", (int)(n->opnd[1] - in->vals), rg_dtype_name(n->dt));
  Z3_sort dom = sort_of(in, n->opnd[0]->dt);
  in->opaque_used = in->has_uf = in->free_always = true;
  return Z3_mk_app(Z, Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), 1, &dom, sort_of(in, n->dt)), 1, &v);
}

/* CLAMP: NaN to min_val under nan_mode IGNORE, else kept. */
static Ast clamp_elem(Inst *in, Val *n, Ast const *idx) {
  Ast v = elem(in, n->opnd[0], idx);
  if (!v)
    return NULL;
  if (!isf(n->dt))
    return Z3_mk_ite(Z, Z3_mk_bvslt(Z, v, n->lo), n->lo, Z3_mk_ite(Z, Z3_mk_bvsgt(Z, v, n->hi), n->hi, v));
  Ast m = Z3_mk_ite(Z, Z3_mk_fpa_geq(Z, v, n->lo), v, n->lo);
  m = Z3_mk_ite(Z, Z3_mk_fpa_leq(Z, m, n->hi), m, n->hi);
  return Z3_mk_ite(Z, Z3_mk_fpa_is_nan(Z, v), Z3_mk_ite(Z, n->ignore, n->lo, v), m);
}

/* An elementwise op of two operands, each broadcast to the result. */
static Ast binary_elem(Inst *in, Val *n, Ast const *idx) {
  Ast a = bcast(in, n, 0, idx), b = a ? bcast(in, n, 1, idx) : NULL;
  return b ? binary(in, n, a, b) : NULL;
}

/* An elementwise op of one operand: NEGATE, ABS, LOGICAL_NOT, CAST. */
static Ast unary_elem(Inst *in, Val *n, Ast const *idx) {
  Ast v = elem(in, n->opnd[0], idx);
  if (!v)
    return NULL;
  switch (n->k) {
  case K_NEG: return negate(in, n, v);
  case K_LNOT: return Z3_mk_bvnot(Z, v);
  case K_CAST: return cast(in, n->opnd[0]->dt, n->dt, v);
  default: break;
  }
  if (isf(n->dt)) /* ABS */
    return Z3_mk_fpa_abs(Z, v);
  require(in, Z3_mk_not(Z, Z3_mk_eq(Z, v, num(in, n->dt, (double)rg_elem_min(n->dt)))));
  return Z3_mk_ite(Z, Z3_mk_bvslt(Z, v, num(in, n->dt, 0)), Z3_mk_bvneg(Z, v), v);
}

static Ast select_elem(Inst *in, Val *n, Ast const *idx) {
  Ast c = bcast(in, n, 0, idx), a = c ? bcast(in, n, 1, idx) : NULL, b = a ? bcast(in, n, 2, idx) : NULL;
  return b ? Z3_mk_ite(Z, Z3_mk_eq(Z, c, bvnum(in, 1, 1)), a, b) : NULL;
}

/* An op that reads its input at another index: TRANSPOSE, REVERSE,
 * SLICE, TILE (the index modulo the input's dims: non-linear unless they
 * stay). */
static Ast moved_elem(Inst *in, Val *n, Ast const *idx) {
  Ast j[MAXR];
  Val *x = n->opnd[0];
  if (n->k == K_TRANSPOSE)
    transpose_index(in, n, idx, j);
  for (int d = 0; d < in->R && n->k == K_REVERSE; d++)
    j[d] = Z3_mk_ite(Z, Z3_mk_eq(Z, n->ax, i64(in, d)), Z3_mk_bvsub(Z, Z3_mk_bvsub(Z, n->dims[d], ix(in, 1)), idx[d]),
                     idx[d]);
  for (int d = 0; d < in->R && n->k == K_SLICE; d++)
    j[d] = Z3_mk_bvadd(Z, idx[d], Z3_mk_extract(Z, IBITS - 1, 0, n->opnd[1]->ints[d]));
  for (int d = 0; d < in->R && n->k == K_TILE; d++)
    j[d] = Z3_mk_ite(Z, Z3_mk_eq(Z, n->dims[d], x->dims[d]), idx[d], Z3_mk_bvurem(Z, idx[d], x->dims[d]));
  return elem(in, x, j);
}

/* CONCAT: the operand whose range along the axis holds the index. */
static Ast concat_elem(Inst *in, Val *n, Ast const *idx) {
  Ast j[MAXR], res = NULL, off = ix(in, 0);
  for (uint32_t k = 0; k < n->nopnd; k++) {
    for (int d = 0; d < in->R; d++)
      j[d] = Z3_mk_ite(Z, Z3_mk_eq(Z, n->ax, i64(in, d)), Z3_mk_bvsub(Z, idx[d], off), idx[d]);
    Ast v = elem(in, n->opnd[k], j);
    if (!v)
      return NULL;
    res = res ? Z3_mk_ite(Z, Z3_mk_bvuge(Z, axis_dim(in, idx, n->ax), off), v, res) : v;
    off = Z3_mk_bvadd(Z, off, axis_dim(in, n->opnd[k]->dims, n->ax));
  }
  return res;
}

/* PAD: the input where the index falls in it, pad_const elsewhere. */
static Ast pad_elem(Inst *in, Val *n, Ast const *idx) {
  Val *pd = n->opnd[1];
  Ast j[MAXR], inside[MAXR];
  for (int d = 0; d < in->R; d++) {
    Ast lo = Z3_mk_extract(Z, IBITS - 1, 0, pd->ints[2 * d]);
    j[d] = Z3_mk_bvsub(Z, idx[d], lo);
    inside[d] = and2(in, Z3_mk_bvuge(Z, idx[d], lo), Z3_mk_bvult(Z, j[d], n->opnd[0]->dims[d]));
  }
  Ast v = elem(in, n->opnd[0], j), c = v ? elem(in, n->opnd[2], NULL) : NULL;
  return c ? Z3_mk_ite(Z, mk_and(in, (uint32_t)in->R, inside), v, c) : NULL;
}

/* MAX_POOL2D, AVG_POOL2D: a 1x1 window reads one element (a NaN's
 * payload aside); any other window a free value. */
static Ast pool_elem(Inst *in, Val *n, Ast const *idx) {
  Ast v = elem(in, n->opnd[0], idx);
  if (v && n->k == K_AVGPOOL)
    v = avg_one(in, n, v);
  return v ? exact_or_free(in, n, idx, v, "pool") : NULL;
}

/* A node's element at idx, by the family of its op. */
static Ast node_elem(Inst *in, Val *n, Ast const *idx) {
  if (in->abstract && abstractable(n->k))
    return abstract_elem(in, n, idx);
  switch (n->k) {
  case K_IDENT: return elem(in, n->opnd[0], idx);
  case K_CLAMP: return clamp_elem(in, n, idx);
  case K_ADD: case K_SUB: case K_MUL: case K_INTDIV: case K_MAX: case K_MIN: case K_EQ: case K_GT: case K_GE:
  case K_LAND: case K_LOR: case K_LXOR: return binary_elem(in, n, idx);
  case K_NEG: case K_ABS: case K_LNOT: case K_CAST: return unary_elem(in, n, idx);
  case K_SELECT: return select_elem(in, n, idx);
  case K_TRANSPOSE: case K_REVERSE: case K_SLICE: case K_TILE: return moved_elem(in, n, idx);
  case K_CONCAT: return concat_elem(in, n, idx);
  case K_PAD: return pad_elem(in, n, idx);
  case K_RSUM: case K_RPROD: case K_RMAX: case K_RMIN: case K_RALL: case K_RANY: return reduce(in, n, idx);
  case K_RESHAPE: return reshape_elem(in, n, idx);
  case K_MAXPOOL: case K_AVGPOOL: return pool_elem(in, n, idx);
  case K_RESIZE: return resize_elem(in, n, idx);
  case K_TABLE: return table_elem(in, n, idx);
  case K_RESCALE: return rescale(in, n, idx);
  case K_ATEN_ADD: case K_ATEN_MULS: case K_ATEN_MUL: return aten_elem(in, n, idx);
  case K_ATEN_MM: case K_ATEN_ADDMM: case K_ATEN_LINEAR: return matmul_elem(in, n, idx);
  case K_OPAQUE: return opaque(in, n, idx);
  default: break;
  }
  unknown(in, "%s has no meaning for rulegen --prove", n->op->name);
  return NULL;
}

/* A read of an input, as a constant with one congruence rule per earlier
 * read of the same input (Ackermann's reduction: the query then has no
 * free functions, which Z3 bit-blasts fast); the same read twice is the
 * same constant. */
static Ast read_leaf(Inst *in, Val *v, Ast const *idx) {
  uint32_t rank = v->vec ? 1 : v->scalar ? 0 : (uint32_t)in->R;
  /* with reshapes read by their offsets, an input is a function of its
   * row-major offset (the same thing for its fewer than 2^16 elements;
   * a read outside it is never used) */
  bool flat = in->flat_reshape && rank == (uint32_t)in->R && !v->scalar && !v->vec;
  return read_leaf_at(in, v, idx, flat ? offset16(in, v->dims, idx) : NULL);
}

/* A read of an input at idx, or at row-major offset key (then idx may be
 * NULL), as a constant with one congruence rule per earlier read of the
 * same input. */
static Ast read_leaf_at(Inst *in, Val *v, Ast const *idx, Ast key) {
  uint32_t rank = key ? 0 : v->vec ? 1 : v->scalar ? 0 : (uint32_t)in->R;
  Ast j[MAXR];
  for (uint32_t d = 0; d < rank; d++)
    j[d] = Z3_simplify(Z, idx[d]);
  if (key)
    key = Z3_simplify(Z, key);
  for (uint32_t i = 0; i < in->napps; i++) {
    struct App *p = &in->apps[i];
    bool same = p->leaf == v && (!key || (p->key && Z3_is_eq_ast(Z, p->key, key)));
    for (uint32_t d = 0; same && d < rank; d++)
      same = p->idx[d] == j[d] || Z3_is_eq_ast(Z, p->idx[d], j[d]);
    if (same)
      return p->c;
  }
  if (in->napps == 256)
    return unknown(in, "too many reads of inputs"), NULL;
  struct App *p = &in->apps[in->napps];
  p->leaf = v;
  memcpy(p->idx, j, sizeof(Ast) * rank);
  p->key = key;
  p->c = fresh(in, "read", sort_of(in, v->dt));
  for (uint32_t i = 0; i < in->napps; i++) {
    struct App *o = &in->apps[i];
    if (o->leaf != v)
      continue;
    Ast eq[MAXR];
    for (uint32_t d = 0; d < rank; d++)
      eq[d] = Z3_mk_eq(Z, o->idx[d], j[d]);
    Ast same = key ? Z3_mk_eq(Z, o->key, key) : mk_and(in, rank, eq);
    fact(in, Z3_mk_implies(Z, same, Z3_mk_eq(Z, o->c, p->c)));
  }
  in->napps++;
  return p->c;
}

static Ast elem(Inst *in, Val *v, Ast const *idx) {
  if (!v)
    return NULL;
  switch (v->kind) {
  case V_SPLAT: return v->elem;
  case V_LEAF: {
    if (v->elem)
      return v->elem;
    Ast e = read_leaf(in, v, idx);
    if (e && v->nnz && isf(v->dt))
      fact(in, Z3_mk_implies(Z, v->nnz, Z3_mk_not(Z, neg_zero(in, e))));
    return e;
  }
  case V_NODE: return node_elem(in, v, idx);
  case V_SHAPE: break;
  }
  unknown(in, "a shape value read as a tensor");
  return NULL;
}

/* ---- building the instance ---- */

static Ast axis_dim(Inst *in, Ast const *dims, Ast axis) {
  Ast r = dims[0];
  for (int d = 1; d < in->R; d++)
    r = Z3_mk_ite(Z, Z3_mk_eq(Z, axis, i64(in, d)), dims[d], r);
  return r;
}

/* The ints of operand i when it is a const_shape (0 otherwise). */
static uint32_t shape_operand(const Inst *in, Kind k, uint32_t i) {
  if ((k == K_SLICE && i > 0) || ((k == K_TILE || k == K_RESHAPE) && i == 1))
    return (uint32_t)in->R;
  if (k == K_RESIZE && i > 0) /* scale (4), offset (2), border (2) */
    return i == 1 ? 4 : 2;
  return k == K_PAD && i == 1 ? 2 * (uint32_t)in->R : 0;
}

/* Operands that are one-element tensors whatever the rank. */
static bool scalar_operand(const DslOpDecl *op, uint32_t k) {
  if (strcmp(op->name, "tosa.pad") == 0)
    return k == 2;
  if (strcmp(op->name, "tosa.table") == 0) /* the table: read only through the lookup */
    return k == 1;
  if (strcmp(op->name, "tosa.rescale") == 0) /* multiplier and shift: per channel, see vec */
    return k >= 1;
  if (k >= op->noperands)
    k = op->noperands ? op->noperands - 1 : 0;
  const char *nm = k < op->noperands ? op->operands[k].name.s : "";
  return strstr(nm, "zp") || strstr(nm, "shift");
}

static bool moves_only_kind(Kind k);

/* The element type of operand k and of the result, from the instance's
 * element types T (data) and T2 (a cast's result). */
static RgDType operand_dt(const Inst *in, const DslOpDecl *op, Kind k, uint32_t i) {
  switch (k) {
  case K_LNOT: case K_LAND: case K_LOR: case K_LXOR: case K_RALL: case K_RANY: return RG_DT_I1;
  case K_SELECT: return i == 0 ? RG_DT_I1 : in->T;
  case K_MUL: return i == 2 ? RG_DT_I8 : in->T;
  default: break;
  }
  if (op && scalar_operand(op, i) && strstr(op->operands[i < op->noperands ? i : op->noperands - 1].name.s, "shift"))
    return RG_DT_I8;
  return in->T;
}

static RgDType result_dt(const Inst *in, Kind k) {
  switch (k) {
  case K_EQ: case K_GT: case K_GE: case K_LNOT: case K_LAND: case K_LOR: case K_LXOR: case K_RALL: case K_RANY:
    return RG_DT_I1;
  case K_CAST: return in->T2;
  case K_TABLE: return in->T == RG_DT_I16 ? RG_DT_I32 : in->T; /* i16 interpolates to i32 */
  case K_MUL: return isf(in->T) ? in->T : RG_DT_I32; /* integer products are i32 */
  default: return in->T;
  }
}

/* Whether an op takes element type dt at all (TOSA's type support). */
static bool op_takes(Kind k, RgDType dt) {
  switch (k) {
  case K_MAXPOOL: case K_AVGPOOL: case K_RESIZE: return dt == RG_DT_F32 || dt == RG_DT_F16 || dt == RG_DT_BF16 || dt == RG_DT_I8 || dt == RG_DT_I16;
  case K_INTDIV: return dt == RG_DT_I32;
  case K_TABLE: return dt == RG_DT_I8 || dt == RG_DT_I16;
  case K_RESCALE: return dt == RG_DT_I8 || dt == RG_DT_I16 || dt == RG_DT_I32;
  case K_LNOT: case K_LAND: case K_LOR: case K_LXOR: case K_RALL: case K_RANY: return dt == RG_DT_I1;
  default: return true;
  }
}

/* The element count of dims below 2^16, each partial product so (in 32
 * bits, which then never overflow); the count. */
static Ast few_elements(Inst *in, Ast const *dims, Ast *bounded) {
  Ast p = ix(in, 1), parts[MAXR];
  for (int d = 0; d < in->R; d++) {
    p = Z3_mk_bvmul(Z, p, dims[d]);
    parts[d] = Z3_mk_bvult(Z, p, ix(in, 1 << 16));
  }
  *bounded = mk_and(in, (uint32_t)in->R, parts);
  return p;
}

/* A reshape to another shape keeps the element count; where its row-major
 * meaning is used, both sides have fewer than 2^16 elements (the bound
 * the result line states). */
static void reshape_rules(Inst *in, Val *n) {
  if (!in->flat_reshape)
    return;
  Ast bx, bn, cx = few_elements(in, n->opnd[0]->dims, &bx), cn = few_elements(in, n->dims, &bn);
  Ast other = Z3_mk_not(Z, all_dims(in, n, n->opnd[0], false));
  fact(in, Z3_mk_implies(Z, other, Z3_mk_and(Z, 3, (Ast[]){bx, bn, Z3_mk_eq(Z, cx, cn)})));
  in->bounded_reshape = true;
}

/* Whether a RESIZE's scale is n/n on both axes (n >= 1), its offsets
 * and borders 0. */
static Ast resize_unit(Inst *in, Val *n) {
  Ast *sc = n->opnd[1]->ints, *off = n->opnd[2]->ints, *bor = n->opnd[3]->ints, z = i64(in, 0);
  Ast parts[8] = {Z3_mk_eq(Z, sc[0], sc[1]), Z3_mk_bvsgt(Z, sc[0], z), Z3_mk_eq(Z, sc[2], sc[3]), Z3_mk_bvsgt(Z, sc[2], z),
                  Z3_mk_eq(Z, off[0], z), Z3_mk_eq(Z, off[1], z), Z3_mk_eq(Z, bor[0], z), Z3_mk_eq(Z, bor[1], z)};
  return mk_and(in, 8, parts);
}

/* A reshape's dims: its shape operand's ints, each in 1..65535. */
static void reshape_shape(Inst *in, Val *n) {
  if (n->nopnd > 1 && n->opnd[1]->kind == V_SHAPE && n->opnd[1]->nints == (uint32_t)in->R) {
    for (int d = 0; d < in->R; d++) {
      Ast v = n->opnd[1]->ints[d];
      fact(in, and2(in, Z3_mk_bvsge(Z, v, i64(in, 1)), Z3_mk_bvslt(Z, v, i64(in, 1 << 16))));
      n->dims[d] = Z3_simplify(Z, Z3_mk_extract(Z, IBITS - 1, 0, v));
    }
  } else {
    fresh_dims(in, n);
  }
  reshape_rules(in, n);
}

/* [M, K] @ [K, N] (linear's weight [N, K]); a bias broadcast to the
 * result. */
static void matmul_shape(Inst *in, Val *n) {
  bool addmm = n->k == K_ATEN_ADDMM, linear = n->k == K_ATEN_LINEAR;
  Val *a = n->opnd[addmm ? 1 : 0], *b = n->opnd[addmm ? 2 : 1];
  n->dims[0] = a->dims[0];
  n->dims[1] = b->dims[linear ? 0 : 1];
  fact(in, Z3_mk_eq(Z, a->dims[1], b->dims[linear ? 1 : 0]));
  Val *c = addmm ? n->opnd[0] : linear && n->nopnd > 2 ? n->opnd[2] : NULL;
  for (int d = 0; c && !c->scalar && d < 2; d++)
    fact(in, or2(in, Z3_mk_eq(Z, c->dims[d], n->dims[d]), Z3_mk_eq(Z, c->dims[d], ix(in, 1))));
}

/* Result dims and the shape rules of a node whose operands are set. */
static void node_shape(Inst *in, Val *n) {
  Val *a = n->opnd[0];
  switch (n->k) {
  case K_TRANSPOSE:
    for (int i = 0; i < in->R; i++) {
      fact(in, Z3_mk_bvult(Z, n->perm[i], i64(in, in->R)));
      for (int j = 0; j < i; j++)
        fact(in, Z3_mk_not(Z, Z3_mk_eq(Z, n->perm[i], n->perm[j])));
      n->dims[i] = axis_dim(in, a->dims, n->perm[i]);
    }
    return;
  case K_RSUM: case K_RPROD: case K_RMAX: case K_RMIN: case K_RALL: case K_RANY:
    for (int d = 0; d < in->R; d++)
      n->dims[d] = Z3_mk_ite(Z, Z3_mk_eq(Z, n->ax, i64(in, d)), ix(in, 1), a->dims[d]);
    return;
  case K_CONCAT:
    for (int d = 0; d < in->R; d++) {
      Ast on_axis = Z3_mk_eq(Z, n->ax, i64(in, d)), sum = a->dims[d];
      for (uint32_t k = 1; k < n->nopnd; k++) {
        sum = Z3_mk_bvadd(Z, sum, n->opnd[k]->dims[d]);
        fact(in, or2(in, on_axis, Z3_mk_eq(Z, n->opnd[k]->dims[d], a->dims[d])));
      }
      n->dims[d] = Z3_mk_ite(Z, on_axis, sum, a->dims[d]);
    }
    if (in->R)
      fact(in, Z3_mk_bvult(Z, axis_dim(in, n->dims, n->ax), ix(in, 1 << 16)));
    return;
  case K_RESHAPE: reshape_shape(in, n); return;
  case K_ATEN_MM: case K_ATEN_ADDMM: case K_ATEN_LINEAR: matmul_shape(in, n); return;
  case K_MAXPOOL: case K_AVGPOOL: case K_RESIZE: { /* NHWC: N and C kept; H and W free, as kept by a 1x1 window */
    if (n->k == K_RESIZE) /* scale n/n on both axes, offsets and borders 0 */
      n->ints[0] = resize_unit(in, n), n->nints = 1;
    Ast unit = n->ints[0]; /* set by fresh_attrs: the window is 1x1, stride 1, no padding */
    for (int d = 0; d < in->R; d++) {
      n->dims[d] = d == 0 || d == 3 ? a->dims[d] : fresh(in, "dim", bv(in, IBITS));
      fact(in, Z3_mk_bvuge(Z, n->dims[d], ix(in, 1)));
      fact(in, Z3_mk_implies(Z, unit, Z3_mk_eq(Z, n->dims[d], a->dims[d])));
    }
    return;
  }
  case K_PAD: {
    Val *pd = n->opnd[1];
    for (int d = 0; d < in->R; d++) {
      Ast lo = pd->ints[2 * d], hi = pd->ints[2 * d + 1];
      Ast sum = Z3_mk_bvadd(Z, Z3_mk_zero_ext(Z, 64 - IBITS, a->dims[d]), Z3_mk_bvadd(Z, lo, hi));
      fact(in, Z3_mk_bvslt(Z, sum, i64(in, 1 << 16)));
      n->dims[d] = Z3_mk_extract(Z, IBITS - 1, 0, sum);
    }
    return;
  }
  case K_TILE: {
    Val *mu = n->opnd[1];
    for (int d = 0; d < in->R; d++) {
      Ast m = mu->ints[d];
      fact(in, Z3_mk_bvsge(Z, m, i64(in, 1)));
      Ast prod = Z3_mk_bvmul(Z, Z3_mk_zero_ext(Z, 64 - IBITS, a->dims[d]), m);
      fact(in, Z3_mk_bvslt(Z, m, i64(in, 1 << 16)));
      fact(in, Z3_mk_bvslt(Z, prod, i64(in, 1 << 16)));
      n->dims[d] = Z3_mk_extract(Z, IBITS - 1, 0, prod);
    }
    return;
  }
  case K_SLICE: {
    Val *st = n->opnd[1], *sz = n->opnd[2];
    for (int d = 0; d < in->R; d++) {
      Ast s = st->ints[d], z = sz->ints[d];
      fact(in, Z3_mk_bvsge(Z, s, i64(in, 0)));
      fact(in, Z3_mk_bvsge(Z, z, i64(in, 1)));
      fact(in, Z3_mk_bvsle(Z, Z3_mk_bvadd(Z, s, z), Z3_mk_zero_ext(Z, 64 - IBITS, a->dims[d])));
      n->dims[d] = Z3_mk_extract(Z, IBITS - 1, 0, z);
    }
    return;
  }
  default: break;
  }
  /* elementwise: broadcast over the operands that are not one-element */
  bool first = true;
  for (uint32_t k = 0; k < n->nopnd; k++) {
    Val *o = n->opnd[k];
    if (o->scalar)
      continue;
    for (int d = 0; d < in->R; d++) {
      if (first) {
        n->dims[d] = o->dims[d];
        continue;
      }
      Ast one = ix(in, 1);
      fact(in, Z3_mk_or(Z, 3, (Ast[]){Z3_mk_eq(Z, o->dims[d], n->dims[d]), Z3_mk_eq(Z, o->dims[d], one),
                                       Z3_mk_eq(Z, n->dims[d], one)}));
      n->dims[d] = Z3_mk_ite(Z, Z3_mk_eq(Z, n->dims[d], one), o->dims[d], n->dims[d]);
    }
    first = false;
  }
  if (first)
    fresh_dims(in, n);
}

/* A free aten Scalar: a finite number; an int's double is its value. */
static void fresh_scalar(Inst *in, Ast *f, Ast *i, Ast *isf) {
  *f = fresh(in, "scalar_f", Z3_mk_fpa_sort_64(Z));
  *i = fresh(in, "scalar_i", bv(in, 64));
  *isf = fresh(in, "scalar_is_float", Z3_mk_bool_sort(Z));
  fact(in, Z3_mk_not(Z, or2(in, Z3_mk_fpa_is_nan(Z, *f), Z3_mk_fpa_is_infinite(Z, *f))));
  fact(in, Z3_mk_implies(Z, Z3_mk_not(Z, *isf), Z3_mk_eq(Z, *f, Z3_mk_fpa_to_fp_signed(Z, rne(in), *i, Z3_mk_fpa_sort_64(Z)))));
}

/* Free attributes of a node under their validity rules. */
static void fresh_attrs(Inst *in, Val *n) {
  if (n->k == K_CLAMP) {
    Z3_sort s = sort_of(in, n->dt);
    n->lo = fresh(in, "min_val", s);
    n->hi = fresh(in, "max_val", s);
    if (isf(n->dt)) {
      fact(in, Z3_mk_not(Z, Z3_mk_fpa_is_nan(Z, n->lo)));
      fact(in, Z3_mk_not(Z, Z3_mk_fpa_is_nan(Z, n->hi)));
    }
  }
  n->ignore = isf(n->opnd[0] ? n->opnd[0]->dt : n->dt) ? fresh(in, "nan_ignore", Z3_mk_bool_sort(Z)) : Z3_mk_false(Z);
  if (n->k == K_TRANSPOSE) /* at rank 1 the one permutation, a numeral the simplifier sees */
    for (int i = 0; i < in->R; i++)
      n->perm[i] = in->R == 1 ? i64(in, 0) : fresh(in, "perm", bv(in, 64));
  if (n->k == K_ATEN_ADD || n->k == K_ATEN_MULS || n->k == K_ATEN_ADDMM)
    fresh_scalar(in, &n->nf, &n->ni, &n->nisf);
  if (n->k == K_ATEN_ADDMM)
    fresh_scalar(in, &n->bf, &n->bi, &n->bisf);
  if (n->k == K_RESCALE) {
    Z3_sort b = Z3_mk_bool_sort(Z);
    n->s32 = fresh(in, "scale32", b), n->dbl = fresh(in, "double_round", b), n->pc = fresh(in, "per_channel", b);
    n->iu = fresh(in, "input_unsigned", b), n->ou = fresh(in, "output_unsigned", b);
  }
  if (n->k == K_RESIZE) {
    n->nearest = fresh(in, "nearest", Z3_mk_bool_sort(Z));
    n->bilinear = fresh(in, "bilinear", Z3_mk_bool_sort(Z));
    fact(in, Z3_mk_not(Z, and2(in, n->nearest, n->bilinear)));
  }
  if (n->k == K_AVGPOOL && isf(n->dt)) {
    n->acc = fresh(in, "acc_type", bv(in, 2));
    fact(in, Z3_mk_bvult(Z, n->acc, bvnum(in, 3, 2)));
  }
  if (n->k == K_MAXPOOL || n->k == K_AVGPOOL) {
    Ast unit[8];
    for (int i = 0; i < 8; i++) {
      n->ints[1 + i] = fresh(in, i < 2 ? "kernel" : i < 4 ? "stride" : "pad", bv(in, 64));
      fact(in, Z3_mk_bvsge(Z, n->ints[1 + i], i64(in, i < 4 ? 1 : 0)));
      unit[i] = Z3_mk_eq(Z, n->ints[1 + i], i64(in, i < 4 ? 1 : 0));
    }
    n->ints[0] = mk_and(in, 8, unit);
    n->nints = 9;
  }
}

static void attr_rules(Inst *in, Val *n) {
  if (n->k == K_CLAMP)
    fact(in, ele(in, n->dt, n->lo, n->hi));
}

/* The next axis of the enumeration. */
static int64_t next_axis(Inst *in) {
  if (in->axispos >= in->naxes) {
    unknown(in, "too many axes");
    return 0;
  }
  return in->axes[in->axispos++];
}

static bool needs_axis(Kind k) { return is_reduce(k) || k == K_REVERSE || k == K_CONCAT; }

/* ---- guard expressions ---- */

static bool ev(Inst *in, const DslExpr *e, Ev *out);

static bool ev_int_num(Inst *in, Ast t, int64_t *v) {
  Ast s = Z3_simplify(Z, t);
  return Z3_is_numeral_ast(Z, s) && Z3_get_numeral_int64(Z, s, v);
}

/* a FLOAT value as a term of element type dt. */
static Ast float_as(Inst *in, const Ev *v, RgDType dt) {
  if (v->ty == DSL_TY_INT)
    return isf(dt) ? Z3_mk_fpa_to_fp_signed(Z, rne(in), v->t, sort_of(in, dt)) : low(in, v->t, dt);
  if (v->fdt == RG_DT_NONE)
    return num(in, dt, v->lit);
  if (v->fdt == dt)
    return v->t;
  unknown(in, "a number compared across element types");
  return NULL;
}

static Ast cmp_terms(Inst *in, int op, Ast a, Ast b, bool fl, RgDType dt) {
  if (fl && isf(dt)) {
    switch (op) {
    case DSL_OP_EQ: return Z3_mk_fpa_eq(Z, a, b);
    case DSL_OP_NE: return Z3_mk_not(Z, Z3_mk_fpa_eq(Z, a, b));
    case DSL_OP_LT: return Z3_mk_fpa_lt(Z, a, b);
    case DSL_OP_LE: return Z3_mk_fpa_leq(Z, a, b);
    case DSL_OP_GT: return Z3_mk_fpa_gt(Z, a, b);
    default: return Z3_mk_fpa_geq(Z, a, b);
    }
  }
  switch (op) {
  case DSL_OP_EQ: return Z3_mk_eq(Z, a, b);
  case DSL_OP_NE: return Z3_mk_not(Z, Z3_mk_eq(Z, a, b));
  case DSL_OP_LT: return Z3_mk_bvslt(Z, a, b);
  case DSL_OP_LE: return Z3_mk_bvsle(Z, a, b);
  case DSL_OP_GT: return Z3_mk_bvsgt(Z, a, b);
  default: return Z3_mk_bvsge(Z, a, b);
  }
}

static Ast round_term(Inst *in, const Ev *v);

static Ast compare(Inst *in, int op, const Ev *a, const Ev *b) {
  if (a->ty == DSL_TY_INTS || b->ty == DSL_TY_INTS) {
    if (op != DSL_OP_EQ && op != DSL_OP_NE)
      return unknown(in, "an ordering of int[] values"), NULL;
    Ast eq = Z3_mk_false(Z);
    if (a->n == b->n) {
      Ast parts[MAXINTS];
      for (uint32_t i = 0; i < a->n; i++)
        parts[i] = Z3_mk_eq(Z, a->a[i], b->a[i]);
      eq = mk_and(in, a->n, parts);
    }
    return op == DSL_OP_EQ ? eq : Z3_mk_not(Z, eq);
  }
  if (a->ty == DSL_TY_STR || b->ty == DSL_TY_STR) { /* rounding modes */
    Ast x = round_term(in, a), y = x ? round_term(in, b) : NULL;
    if (!x || !y || (op != DSL_OP_EQ && op != DSL_OP_NE))
      return unknown(in, "a comparison of strings"), NULL;
    return op == DSL_OP_EQ ? Z3_mk_eq(Z, x, y) : Z3_mk_not(Z, Z3_mk_eq(Z, x, y));
  }
  if (a->ty == DSL_TY_TYPE) {
    bool eq = a->dtype == b->dtype;
    return (op == DSL_OP_EQ) == eq ? Z3_mk_true(Z) : Z3_mk_false(Z);
  }
  if (a->ty == DSL_TY_VALUE) {
    if (a->v == b->v)
      return op == DSL_OP_EQ ? Z3_mk_true(Z) : Z3_mk_false(Z);
    return fresh(in, "same_value", Z3_mk_bool_sort(Z)); /* two values: the proof holds either way */
  }
  if (a->ty == DSL_TY_BOOL)
    return op == DSL_OP_EQ ? Z3_mk_eq(Z, a->t, b->t) : Z3_mk_not(Z, Z3_mk_eq(Z, a->t, b->t));
  if (a->ty == DSL_TY_FLOAT || b->ty == DSL_TY_FLOAT) {
    RgDType dt = a->ty == DSL_TY_FLOAT && a->fdt ? a->fdt : b->ty == DSL_TY_FLOAT && b->fdt ? b->fdt : RG_DT_NONE;
    if (dt == RG_DT_NONE) { /* two literals */
      double x = a->ty == DSL_TY_FLOAT ? a->lit : 0, y = b->ty == DSL_TY_FLOAT ? b->lit : 0;
      bool r = op == DSL_OP_EQ ? x == y : op == DSL_OP_NE ? x != y : op == DSL_OP_LT ? x < y
             : op == DSL_OP_LE ? x <= y : op == DSL_OP_GT ? x > y : x >= y;
      if (a->ty != DSL_TY_FLOAT || b->ty != DSL_TY_FLOAT)
        return unknown(in, "an integer compared with a literal number"), NULL;
      return r ? Z3_mk_true(Z) : Z3_mk_false(Z);
    }
    Ast x = float_as(in, a, dt), y = float_as(in, b, dt);
    return x && y ? cmp_terms(in, op, x, y, true, dt) : NULL;
  }
  return cmp_terms(in, op, a->t, b->t, false, RG_DT_NONE);
}

static Ast ints_at(Inst *in, const Ev *a, Ast k) {
  int64_t kv;
  if (ev_int_num(in, k, &kv)) {
    if (kv < 0 || (uint64_t)kv >= a->n)
      return NULL;
    return a->a[kv];
  }
  if (!a->n)
    return NULL;
  Ast r = a->a[0];
  for (uint32_t i = 1; i < a->n; i++)
    r = Z3_mk_ite(Z, Z3_mk_eq(Z, k, i64(in, i)), a->a[i], r);
  return r;
}

static bool set_ints(Inst *in, Ev *out, uint32_t n) {
  out->ty = DSL_TY_INTS;
  if (n > MAXINTS)
    return unknown(in, "an int[] longer than %d", MAXINTS), false;
  out->n = n;
  return true;
}

/* An extern with an SMT meaning; false when it has none. */
static bool ext_meaning(Inst *in, const DslExpr *e, Ev *a, uint32_t n, bool conjunct, Ev *out);

/* ---- the builtins' meanings, named in dsl/builtins.def's smt column:
 * each fills out (zeroed, out->ty the call's type) from the arguments a;
 * false without a reason (unknown, invalid) when it has no meaning for
 * these types ---- */

typedef bool SmtBuiltin(Inst *in, Ev *a, Ev *out);

static bool smt_len(Inst *in, Ev *a, Ev *out) {
  out->t = i64(in, a[0].ty == DSL_TY_VALUES ? (int64_t)a[0].nvs : (int64_t)a[0].n);
  return true;
}

static bool smt_rank(Inst *in, Ev *a, Ev *out) {
  out->t = i64(in, a[0].v->scalar ? 1 : in->R);
  return true;
}

static bool smt_shape(Inst *in, Ev *a, Ev *out) {
  if (a[0].v->scalar)
    return unknown(in, "shape() of a one-element operand"), false;
  if (!set_ints(in, out, (uint32_t)in->R))
    return false;
  for (int d = 0; d < in->R; d++)
    out->a[d] = Z3_mk_zero_ext(Z, 64 - IBITS, a[0].v->dims[d]);
  return true;
}

static bool smt_dtype(Inst *in, Ev *a, Ev *out) {
  (void)in;
  out->dtype = a[0].v->dt;
  return true;
}

/* uses(x): a question about the graph, any count of at least 1. */
static bool smt_uses(Inst *in, Ev *a, Ev *out) {
  (void)a;
  out->t = fresh(in, "uses", bv(in, 64));
  fact(in, Z3_mk_bvsge(Z, out->t, i64(in, 1)));
  return true;
}

static bool smt_iota(Inst *in, Ev *a, Ev *out) {
  int64_t n;
  if (!ev_int_num(in, a[0].t, &n) || n < 0)
    return unknown(in, "iota of a length that is not fixed"), false;
  if (!set_ints(in, out, (uint32_t)n))
    return false;
  for (int64_t i = 0; i < n; i++)
    out->a[i] = i64(in, i);
  return true;
}

/* compose(p, q)[i] = p[q[i]] */
static bool smt_compose(Inst *in, Ev *a, Ev *out) {
  if (!set_ints(in, out, a[1].n))
    return false;
  for (uint32_t i = 0; i < a[1].n; i++) {
    Ast r = ints_at(in, &a[0], a[1].a[i]);
    if (!r)
      return unknown(in, "compose() out of range"), false;
    out->a[i] = r;
  }
  return true;
}

/* inverse(p)[p[i]] = i */
static bool smt_inverse(Inst *in, Ev *a, Ev *out) {
  if (!set_ints(in, out, a[0].n))
    return false;
  for (uint32_t d = 0; d < a[0].n; d++) {
    Ast r = i64(in, 0);
    for (uint32_t i = a[0].n; i-- > 0;)
      r = Z3_mk_ite(Z, Z3_mk_eq(Z, a[0].a[i], i64(in, d)), i64(in, i), r);
    out->a[d] = r;
  }
  return true;
}

/* l[lo .. hi] with bounds the instance fixes. */
static bool smt_slice(Inst *in, Ev *a, Ev *out) {
  int64_t lo, hi;
  if (!ev_int_num(in, a[1].t, &lo) || !ev_int_num(in, a[2].t, &hi))
    return unknown(in, "a list sliced at symbolic bounds"), false;
  if (lo < 0 || hi < lo || (uint64_t)hi > a[0].n)
    return in->invalid = true, false; /* rg_ints_slice fails: the rule does not apply */
  if (!set_ints(in, out, (uint32_t)(hi - lo)))
    return false;
  memcpy(out->a, a[0].a + lo, sizeof(Ast) * (size_t)(hi - lo));
  return true;
}

/* A question about the graph: free, the proof holds either way. */
static bool smt_reaches(Inst *in, Ev *a, Ev *out) {
  (void)a;
  out->t = fresh(in, "reaches", Z3_mk_bool_sort(Z));
  if (in->nuninterp < 8)
    in->uninterp[in->nuninterp++] = "reaches";
  return true;
}

/* A rank-0 constant of the number in the type. */
static bool smt_scalar_tensor(Inst *in, Ev *a, Ev *out) {
  RgDType dt = a[1].dtype;
  Val *v = new_val(in, V_SPLAT, dt);
  if (!v)
    return false;
  if (a[0].fdt != RG_DT_F64)
    return unknown(in, "scalar_tensor of a computed number"), false;
  v->scalar = true;
  if (a[0].v && a[0].v->exact && a[0].v->nf == a[0].t && a[0].v->exact_dt == dt)
    v->elem = a[0].v->exact; /* the guard has the number exact in dt */
  else
    v->elem = isf(dt) ? Z3_mk_fpa_to_fp_float(Z, rne(in), a[0].t, sort_of(in, dt))
                      : low(in, Z3_mk_fpa_to_sbv(Z, Z3_mk_fpa_rtz(Z), a[0].t, 64), dt);
  out->v = v;
  return true;
}

static bool smt_is_splat(Inst *in, Ev *a, Ev *out) {
  out->t = a[0].v->kind == V_SPLAT ? Z3_mk_true(Z) : fresh(in, "is_splat", Z3_mk_bool_sort(Z));
  return true;
}

static bool smt_const(Inst *in, Ev *a, Ev *out) {
  (void)in;
  *out = a[0];
  out->ty = DSL_TY_VALUE;
  return true;
}

/* full(shape, value, dtype): a splat. */
static bool smt_full(Inst *in, Ev *a, Ev *out) {
  Val *v = new_val(in, V_SPLAT, a[2].dtype);
  if (!v || a[0].n != (uint32_t)in->R)
    return unknown(in, "full() of another rank"), false;
  for (int d = 0; d < in->R; d++)
    v->dims[d] = Z3_mk_extract(Z, IBITS - 1, 0, a[0].a[d]);
  v->elem = float_as(in, &a[1], v->dt);
  out->v = v;
  return v->elem != NULL;
}

/* min and max of ints (of floats: no meaning). */
static bool smt_minmax(Inst *in, Ev *a, Ev *out, bool max) {
  if (out->ty != DSL_TY_INT)
    return false;
  out->t = Z3_mk_ite(Z, max ? Z3_mk_bvsge(Z, a[0].t, a[1].t) : Z3_mk_bvsle(Z, a[0].t, a[1].t), a[0].t, a[1].t);
  return true;
}
static bool smt_min(Inst *in, Ev *a, Ev *out) { return smt_minmax(in, a, out, false); }
static bool smt_max(Inst *in, Ev *a, Ev *out) { return smt_minmax(in, a, out, true); }

/* `c ? a : b` of ints, Booleans, or numbers of one element type. */
static bool smt_cond(Inst *in, Ev *a, Ev *out) {
  if (out->ty == DSL_TY_INT || out->ty == DSL_TY_BOOL) {
    out->t = Z3_mk_ite(Z, a[0].t, a[1].t, a[2].t);
    return true;
  }
  RgDType dt = a[1].fdt ? a[1].fdt : a[2].fdt;
  if (out->ty != DSL_TY_FLOAT || dt == RG_DT_NONE)
    return false;
  Ast x = float_as(in, &a[1], dt), y = float_as(in, &a[2], dt);
  if (!x || !y)
    return false;
  out->t = Z3_mk_ite(Z, a[0].t, x, y);
  out->fdt = dt;
  return true;
}

/* Each builtin's meaning, from its line of dsl/builtins.def. */
static SmtBuiltin *const smt_builtins[DSL_BI_COUNT] = {
#define DSL_BUILTIN(ID, name, ret, nreq, kw, flags, how, cfn, read, smt, params) [DSL_BI_##ID] = smt,
#include "builtins.def"
#undef DSL_BUILTIN
    [DSL_BI_COND] = smt_cond,
};

static bool builtin(Inst *in, const DslExpr *e, Ev *a, Ev *out) {
  memset(out, 0, sizeof *out);
  out->ty = e->type;
  SmtBuiltin *meaning = e->builtin < DSL_BI_COUNT ? smt_builtins[e->builtin] : NULL;
  if (meaning && meaning(in, a, out))
    return true;
  if (!in->invalid)
    unknown(in, "builtin %s has no SMT meaning", e->str);
  return false;
}

/* Whether e is a conjunct of the guard (not under !, ||, a comparison). */
static bool is_conjunct(const DslExpr *g, const DslExpr *e) {
  if (g == e)
    return true;
  return g->kind == DSL_EX_BINARY && g->op == DSL_OP_AND && (is_conjunct(g->args[0], e) || is_conjunct(g->args[1], e));
}

/* A name: a bound variable, an element type, inf. */
static bool ev_name(Inst *in, const DslExpr *e, Ev *out) {
  if (e->var) {
    if (!in->bound[e->var->index])
      return unknown(in, "variable %s used before it is bound", e->var->name.s), false;
    *out = in->vars[e->var->index];
    if (out->ty == DSL_TY_INT && e->type == DSL_TY_FLOAT) { /* an int attribute used as a number */
      out->ty = DSL_TY_INT;
    }
    return true;
  }
  if (e->type == DSL_TY_TYPE) {
    out->dtype = rg_dtype_from_name(e->str, strlen(e->str));
    return true;
  }
  if (e->type == DSL_TY_FLOAT && strcmp(e->str, "inf") == 0) {
    out->lit = INFINITY;
    return true;
  }
  return unknown(in, "name %s has no SMT meaning", e->str), false;
}

/* `[a, b, ...]` of ints. */
static bool ev_array(Inst *in, const DslExpr *e, Ev *out) {
  if (!set_ints(in, out, e->nargs))
    return false;
  for (uint32_t i = 0; i < e->nargs; i++) {
    Ev x;
    if (!ev(in, e->args[i], &x))
      return false;
    if (x.ty != DSL_TY_INT)
      return unknown(in, "an array of non-integers"), false;
    out->a[i] = x.t;
  }
  return true;
}

static bool ev_unary(Inst *in, const DslExpr *e, Ev *out) {
  Ev x;
  if (!ev(in, e->args[0], &x))
    return false;
  if (e->op == '!') {
    out->t = Z3_mk_not(Z, x.t);
  } else if (x.ty == DSL_TY_INT) {
    out->t = Z3_mk_bvneg(Z, x.t);
  } else {
    *out = x;
    if (x.fdt == RG_DT_NONE)
      out->lit = -x.lit;
    else
      out->t = isf(x.fdt) ? Z3_mk_fpa_neg(Z, x.t) : Z3_mk_bvneg(Z, x.t);
  }
  return true;
}

static bool ev_binary(Inst *in, const DslExpr *e, Ev *out) {
  Ev x, y;
  if (!ev(in, e->args[0], &x) || !ev(in, e->args[1], &y))
    return false;
  switch (e->op) {
  case DSL_OP_AND: out->t = and2(in, x.t, y.t); return true;
  case DSL_OP_OR: out->t = or2(in, x.t, y.t); return true;
  case DSL_OP_EQ: case DSL_OP_NE: case DSL_OP_LT: case DSL_OP_LE: case DSL_OP_GT: case DSL_OP_GE:
    out->t = compare(in, e->op, &x, &y);
    return out->t != NULL;
  default: break;
  }
  if (x.ty == DSL_TY_INTS && y.ty == DSL_TY_INTS && e->op == DSL_OP_ADD) {
    if (!set_ints(in, out, x.n + y.n))
      return false;
    memcpy(out->a, x.a, sizeof(Ast) * x.n);
    memcpy(out->a + x.n, y.a, sizeof(Ast) * y.n);
    return true;
  }
  if (x.ty == DSL_TY_INT && y.ty == DSL_TY_INT) {
    /* guards compute with checked arithmetic; values stay far below 2^62 */
    switch (e->op) {
    case DSL_OP_ADD: out->t = Z3_mk_bvadd(Z, x.t, y.t); return true;
    case DSL_OP_SUB: out->t = Z3_mk_bvsub(Z, x.t, y.t); return true;
    case DSL_OP_MUL: out->t = Z3_mk_bvmul(Z, x.t, y.t); return true;
    default: break;
    }
  }
  return unknown(in, "an arithmetic operator on these operands"), false;
}

static bool ev_index(Inst *in, const DslExpr *e, Ev *out) {
  Ev x, k;
  if (!ev(in, e->args[0], &x) || !ev(in, e->args[1], &k))
    return false;
  if (x.ty != DSL_TY_INTS || k.ty != DSL_TY_INT)
    return unknown(in, "an index of a non-array"), false;
  out->t = ints_at(in, &x, k.t);
  if (!out->t) /* a numeral index out of range: the rule does not apply */
    return in->invalid = true, false;
  return true;
}

/* A call: a builtin, an extern with an SMT meaning, or a free predicate. */
static bool ev_call(Inst *in, const DslExpr *e, Ev *out) {
  Ev a[8];
  if (e->nargs > 8)
    return unknown(in, "a call with too many arguments"), false;
  for (uint32_t i = 0; i < e->nargs; i++)
    if (e->args[i]->type != DSL_TY_OPS && !ev(in, e->args[i], &a[i]))
      return false;
  if (e->builtin != DSL_BI_NONE)
    return builtin(in, e, a, out);
  if (!e->ext)
    return unknown(in, "call of %s", e->str), false;
  bool conj = in->guard_root && is_conjunct(in->guard_root, e);
  if (ext_meaning(in, e, a, e->nargs, conj, out))
    return !in->unknown[0];
  if (in->unknown[0])
    return false;
  if (!e->ext->is_pred)
    return unknown(in, "extern %s has no SMT meaning", e->str), false;
  /* a predicate without a meaning: free, which is sound; a
   * counterexample that needs it true (or false) is not a real one */
  out->ty = DSL_TY_BOOL;
  out->t = fresh(in, e->str, Z3_mk_bool_sort(Z));
  if (in->nuninterp < 8)
    in->uninterp[in->nuninterp++] = e->str;
  return true;
}

/* A guard expression's value, by its kind. */
static bool ev(Inst *in, const DslExpr *e, Ev *out) {
  memset(out, 0, sizeof *out);
  out->ty = e->type;
  switch (e->kind) {
  case DSL_EX_INT:
    if (e->type == DSL_TY_FLOAT)
      out->lit = (double)e->ival;
    else
      out->t = i64(in, e->ival);
    return true;
  case DSL_EX_FLOAT: out->lit = e->fval; return true;
  case DSL_EX_BOOL: out->t = e->bval ? Z3_mk_true(Z) : Z3_mk_false(Z); return true;
  case DSL_EX_STR: out->str = e->str; return true;
  case DSL_EX_NAME: return ev_name(in, e, out);
  case DSL_EX_ARRAY: return ev_array(in, e, out);
  case DSL_EX_UNARY: return ev_unary(in, e, out);
  case DSL_EX_BINARY: return ev_binary(in, e, out);
  case DSL_EX_INDEX: return ev_index(in, e, out);
  case DSL_EX_CALL: return ev_call(in, e, out);
  }
  return unknown(in, "an expression with no SMT meaning"), false;
}

/* ---- SMT meanings of the TOSA externs (backends/tosa/tosa_externs.c,
 * tosa_canon.c), over the instance's types and terms ---- */

static Ast bool_c(Inst *in, bool b) { return b ? Z3_mk_true(Z) : Z3_mk_false(Z); }

/* The splat's sign for tosa_add_zero_exact / tosa_sub_zero_exact: whether
 * z is a splat of -0.0 (neg) or of +0.0 / integer 0. */
static Ast zero_is(Inst *in, Val *z, bool neg) {
  if (z->kind != V_SPLAT)
    return Z3_mk_false(Z);
  if (!isf(z->dt))
    return neg ? Z3_mk_false(Z) : Z3_mk_eq(Z, z->elem, num(in, z->dt, 0));
  return and2(in, Z3_mk_fpa_is_zero(Z, z->elem),
              neg ? Z3_mk_fpa_is_negative(Z, z->elem) : Z3_mk_fpa_is_positive(Z, z->elem));
}

/* tosa_never_negative_zero(x) for a value of the pattern: true for
 * integers, a free Bool b for an input whose every element is then not
 * -0.0 where b holds. */
static Ast never_negative_zero(Inst *in, Val *x) {
  if (!isf(x->dt))
    return Z3_mk_true(Z);
  if (x->kind == V_SPLAT)
    return Z3_mk_not(Z, neg_zero(in, x->elem));
  if (x->kind != V_LEAF)
    return fresh(in, "never_negative_zero", Z3_mk_bool_sort(Z));
  if (!x->nnz)
    x->nnz = fresh(in, "never_negative_zero", Z3_mk_bool_sort(Z));
  return x->nnz;
}

static Ast all_dims(Inst *in, Val *a, Val *b, bool no_broadcast) {
  Ast parts[MAXR];
  if (a->scalar || b->scalar)
    return bool_c(in, a->scalar && b->scalar);
  for (int d = 0; d < in->R; d++)
    parts[d] = no_broadcast ? or2(in, Z3_mk_eq(Z, a->dims[d], ix(in, 1)), Z3_mk_eq(Z, a->dims[d], b->dims[d]))
                            : Z3_mk_eq(Z, a->dims[d], b->dims[d]);
  return mk_and(in, (uint32_t)in->R, parts);
}


/* The range of an integer type, unsigned where u holds. */
static void int_range(Inst *in, RgDType dt, Ast u, Ast *lo, Ast *hi) {
  *lo = ite64(in, u, 0, rg_elem_min(dt));
  *hi = ite64(in, u, (int64_t)(((uint64_t)1 << rg_dtype_bits(dt)) - 1), rg_elem_max(dt));
}

/* fuse_plan of backends/tosa/tosa_externs.c: whether RESCALEs a (inner)
 * and b (outer) fuse exactly, and the fused multiplier (64 bits). Zero
 * points are the stored values, as const_int reads them. */
static Ast fuse_plan(Inst *in, Val *a, Val *b, Ast *fused) {
  if (!is_op(a, K_RESCALE) || !is_op(b, K_RESCALE) || b->opnd[0] != a)
    return Z3_mk_false(Z);
  Ast c0 = ix(in, 0);
  Ast m1 = channel_read(in, a->opnd[1], c0), s1 = m1 ? channel_read(in, a->opnd[2], c0) : NULL;
  Ast m2 = s1 ? channel_read(in, b->opnd[1], c0) : NULL;
  Ast izp = m2 ? elem(in, a->opnd[3], NULL) : NULL, mzp = izp ? elem(in, a->opnd[4], NULL) : NULL;
  Ast bzp = mzp ? elem(in, b->opnd[3], NULL) : NULL;
  if (!bzp)
    return NULL;
  m1 = sext64(in, m1, a->opnd[1]->dt), s1 = sext64(in, s1, a->opnd[2]->dt), m2 = sext64(in, m2, b->opnd[1]->dt);
  RgDType it = a->opnd[0]->dt, mt = a->dt, ot = b->dt;
  bool narrow_in = it == RG_DT_I8 || it == RG_DT_I16, narrow_out = ot == RG_DT_I8 || ot == RG_DT_I16;
  Ast parts[24];
  uint32_t np = 0;
  parts[np++] = Z3_mk_and(Z, 4, (Ast[]){a->s32, b->s32, Z3_mk_not(Z, a->pc), Z3_mk_not(Z, b->pc)});
  parts[np++] = Z3_mk_eq(Z, mzp, bzp);
  parts[np++] = Z3_mk_eq(Z, a->ou, b->iu);
  parts[np++] = Z3_mk_not(Z, and2(in, a->iu, b->ou));
  parts[np++] = Z3_mk_implies(Z, or2(in, a->iu, b->ou), bool_c(in, narrow_in && narrow_out));
  /* lossless_gain: multiplier = k << shift */
  parts[np++] = and2(in, Z3_mk_bvsge(Z, s1, i64(in, 2)), Z3_mk_bvsle(Z, s1, i64(in, 40)));
  parts[np++] = Z3_mk_bvsgt(Z, m1, i64(in, 0));
  Ast unit = Z3_mk_bvshl(Z, i64(in, 1), s1), k = Z3_mk_bvsdiv(Z, m1, unit);
  parts[np++] = Z3_mk_eq(Z, Z3_mk_bvsrem(Z, m1, unit), i64(in, 0));
  parts[np++] = and2(in, Z3_mk_bvsge(Z, k, i64(in, 1)), Z3_mk_bvsle(Z, k, i64(in, (int64_t)1 << 30)));
  /* nothing saturates in the middle */
  Ast in_lo, in_hi, mid_lo, mid_hi, z = sext64(in, izp, it), oz = sext64(in, mzp, mt);
  int_range(in, it, a->iu, &in_lo, &in_hi);
  int_range(in, mt, a->ou, &mid_lo, &mid_hi);
  Ast v_lo = Z3_mk_bvsub(Z, in_lo, z), v_hi = Z3_mk_bvsub(Z, in_hi, z);
  parts[np++] = Z3_mk_bvsge(Z, v_lo, i64(in, -((int64_t)1 << 48)));
  parts[np++] = Z3_mk_bvsle(Z, v_hi, i64(in, (int64_t)1 << 48));
  parts[np++] = Z3_mk_bvsge(Z, Z3_mk_bvadd(Z, Z3_mk_bvmul(Z, v_lo, k), oz), mid_lo);
  parts[np++] = Z3_mk_bvsle(Z, Z3_mk_bvadd(Z, Z3_mk_bvmul(Z, v_hi, k), oz), mid_hi);
  parts[np++] = Z3_mk_bvsge(Z, m2, i64(in, 0));
  parts[np++] = Z3_mk_bvsle(Z, m2, Z3_mk_bvsdiv(Z, i64(in, INT32_MAX), k));
  *fused = Z3_mk_bvmul(Z, m2, k);
  parts[np++] = Z3_mk_bvsle(Z, *fused, i64(in, INT32_MAX));
  return mk_and(in, np, parts);
}

/* A node the meaning of an extern builds over x (the constant an extern
 * computes from x's data), with the given dims. */
static Val *derived_node(Inst *in, Kind k, Val *x, Ast const *dims) {
  Val *v = new_val(in, V_NODE, x->dt);
  if (!v)
    return NULL;
  v->k = k;
  v->op = x->op;
  v->created = true;
  v->opnd[v->nopnd++] = x;
  memcpy(v->dims, dims, sizeof(Ast) * (size_t)in->R);
  return v;
}

/* Externs about values: types, zeros, NaN modes, clamps, shifts. */
static bool ext_values(Inst *in, const char *nm, Ev *a, uint32_t n, bool conjunct, Ev *out) {
  Val *x = n > 0 && a[0].ty == DSL_TY_VALUE ? a[0].v : NULL;
  Val *y = n > 1 && a[1].ty == DSL_TY_VALUE ? a[1].v : NULL;
  (void)y, (void)conjunct;
  if (strcmp(nm, "tosa_is_int") == 0 && x) {
    out->t = bool_c(in, !isf(x->dt));
  } else if (strcmp(nm, "tosa_ignores_nan") == 0 && x) {
    out->t = x->kind == V_NODE && isf(x->dt) && x->ignore ? x->ignore : Z3_mk_false(Z);
  } else if (strcmp(nm, "tosa_same_type") == 0 && x && y) {
    out->t = x->dt == y->dt ? all_dims(in, x, y, false) : Z3_mk_false(Z);
  } else if (strcmp(nm, "tosa_no_broadcast") == 0 && x && y) {
    out->t = all_dims(in, x, y, true);
  } else if (strcmp(nm, "tosa_unit_dim") == 0 && x && n == 2) {
    Ast parts[MAXR];
    for (int d = 0; d < in->R; d++)
      parts[d] = and2(in, Z3_mk_eq(Z, a[1].t, i64(in, d)), Z3_mk_eq(Z, x->dims[d], ix(in, 1)));
    out->t = in->R ? Z3_mk_or(Z, (unsigned)in->R, parts) : Z3_mk_false(Z);
  } else if (strcmp(nm, "tosa_clamp_is_noop") == 0 && x) {
    if (!is_op(x, K_CLAMP))
      out->t = Z3_mk_false(Z);
    else if (isf(x->dt))
      out->t = Z3_mk_and(Z, 3, (Ast[]){Z3_mk_fpa_is_infinite(Z, x->lo), Z3_mk_fpa_is_negative(Z, x->lo),
                                       and2(in, Z3_mk_fpa_is_infinite(Z, x->hi),
                                            and2(in, Z3_mk_fpa_is_positive(Z, x->hi), Z3_mk_not(Z, x->ignore)))});
    else
      out->t = and2(in, Z3_mk_eq(Z, x->lo, num(in, x->dt, (double)rg_elem_min(x->dt))),
                    Z3_mk_eq(Z, x->hi, num(in, x->dt, (double)rg_elem_max(x->dt))));
  } else if (strcmp(nm, "tosa_clamp_chain_nan_safe") == 0 && x && y) {
    out->t = !is_op(x, K_CLAMP) || !is_op(y, K_CLAMP) ? Z3_mk_false(Z)
             : !isf(x->dt)                            ? Z3_mk_true(Z)
                                                      : or2(in, Z3_mk_not(Z, y->ignore), x->ignore);
  } else if ((strcmp(nm, "tosa_add_zero_exact") == 0 || strcmp(nm, "tosa_sub_zero_exact") == 0) && x && y) {
    bool add = nm[5] == 'a';
    /* add: -0.0, or +0.0 onto a value never -0.0; sub: the other way */
    out->t = or2(in, zero_is(in, y, add), and2(in, zero_is(in, y, !add), never_negative_zero(in, x)));
  } else if (strcmp(nm, "tosa_never_negative_zero") == 0 && x) {
    out->t = never_negative_zero(in, x);
  } else if (strcmp(nm, "tosa_pow2_shift") == 0 && x && y) {
    /* k a splat constant 2^s, s a one-element constant in [0, 30]: the
     * inputs become those constants where the guard is a conjunction */
    if (isf(x->dt) || x->kind == V_NODE || y->kind == V_NODE || !y->scalar) {
      out->t = Z3_mk_false(Z); /* only integer constants */
      return true;
    }
    if (!conjunct)
      return unknown(in, "tosa_pow2_shift outside a conjunction of the guard"), true;
    if (x->kind == V_LEAF && !x->elem)
      x->elem = fresh(in, "k", sort_of(in, x->dt));
    if (y->kind == V_LEAF && !y->elem)
      y->elem = fresh(in, "s", sort_of(in, y->dt));
    Ast s64 = sext64(in, y->elem, y->dt), k64 = sext64(in, x->elem, x->dt);
    out->t = Z3_mk_and(Z, 3, (Ast[]){Z3_mk_bvsge(Z, s64, i64(in, 0)), Z3_mk_bvsle(Z, s64, i64(in, 30)),
                                     Z3_mk_eq(Z, k64, Z3_mk_bvshl(Z, i64(in, 1), s64))});
  } else {
    return false;
  }
  return true;
}

/* Externs about shapes and permutations. */
static bool ext_shapes(Inst *in, const char *nm, Ev *a, uint32_t n, bool conjunct, Ev *out) {
  Val *x = n > 0 && a[0].ty == DSL_TY_VALUE ? a[0].v : NULL;
  Val *y = n > 1 && a[1].ty == DSL_TY_VALUE ? a[1].v : NULL;
  (void)y, (void)conjunct;
  if (strcmp(nm, "tosa_zeros_like") == 0 && x) {
    Val *v = new_val(in, V_SPLAT, x->dt);
    if (!v)
      return true;
    memcpy(v->dims, x->dims, sizeof v->dims);
    v->scalar = x->scalar;
    v->elem = num(in, x->dt, 0);
    out->ty = DSL_TY_TENSOR;
    out->v = v;
  } else if (strcmp(nm, "tosa_permuted_const") == 0 && x && n == 2 && a[1].ty == DSL_TY_INTS) {
    /* c's data permuted: a transpose of c, where perms is a permutation */
    if (!x->konst || a[1].n != (uint32_t)in->R)
      return in->invalid = true, true;
    Ast dims[MAXR];
    for (int d = 0; d < in->R; d++)
      dims[d] = axis_dim(in, x->dims, a[1].a[d]);
    Val *v = derived_node(in, K_TRANSPOSE, x, dims);
    if (!v)
      return true;
    memcpy(v->perm, a[1].a, sizeof(Ast) * (size_t)in->R);
    for (int i = 0; i < in->R; i++) { /* elsewhere the extern fails: no rewrite */
      fact(in, and2(in, Z3_mk_bvsge(Z, v->perm[i], i64(in, 0)), Z3_mk_bvslt(Z, v->perm[i], i64(in, in->R))));
      for (int j = 0; j < i; j++)
        fact(in, Z3_mk_not(Z, Z3_mk_eq(Z, v->perm[i], v->perm[j])));
    }
    out->ty = DSL_TY_VALUE;
    out->v = v;
  } else if (strcmp(nm, "tosa_shape_ints") == 0 && x) {
    if (x->kind != V_SHAPE)
      return unknown(in, "tosa_shape_ints of a value that is not a const_shape"), true;
    set_ints(in, out, x->nints);
    memcpy(out->a, x->ints, sizeof(Ast) * x->nints);
  } else if (strcmp(nm, "tosa_shape_values") == 0 && n == 1 && a[0].ty == DSL_TY_INTS) {
    Val *v = new_val(in, V_SHAPE, RG_DT_NONE);
    if (!v)
      return true;
    v->nints = a[0].n;
    memcpy(v->ints, a[0].a, sizeof(Ast) * a[0].n);
    out->ty = DSL_TY_TENSOR;
    out->v = v;
  } else if (strcmp(nm, "tosa_keeps_nonunit_order") == 0 && x && n == 2 && a[1].ty == DSL_TY_INTS) {
    /* a permutation that keeps the axes of size > 1 in their order */
    if (x->scalar || a[1].n != (uint32_t)in->R) {
      out->t = Z3_mk_false(Z);
      return true;
    }
    Ast parts[MAXR * MAXR + MAXR * MAXR];
    uint32_t np = 0;
    for (int i = 0; i < in->R; i++)
      for (int j = i + 1; j < in->R; j++) {
        Ast pi = a[1].a[i], pj = a[1].a[j], one = ix(in, 1);
        parts[np++] = Z3_mk_or(Z, 3, (Ast[]){Z3_mk_eq(Z, axis_dim(in, x->dims, pi), one),
                                             Z3_mk_eq(Z, axis_dim(in, x->dims, pj), one), Z3_mk_bvslt(Z, pi, pj)});
      }
    for (int i = 0; i < in->R; i++) { /* and a permutation at all */
      parts[np++] = and2(in, Z3_mk_bvsge(Z, a[1].a[i], i64(in, 0)), Z3_mk_bvslt(Z, a[1].a[i], i64(in, in->R)));
      for (int j = 0; j < i; j++)
        parts[np++] = Z3_mk_not(Z, Z3_mk_eq(Z, a[1].a[i], a[1].a[j]));
    }
    out->t = mk_and(in, np, parts);
  } else if ((strcmp(nm, "tosa_shape_scattered") == 0 || strcmp(nm, "tosa_pairs_scattered") == 0) && x && n == 2 &&
             a[1].ty == DSL_TY_INTS) {
    /* w[p[i] * k + j] = in[i * k + j] */
    uint32_t k = nm[5] == 'p' ? 2 : 1;
    if (x->kind != V_SHAPE || x->nints != a[1].n * k || a[1].n > MAXR)
      return unknown(in, "%s of a value that is not a const_shape of its length", nm), true;
    Val *v = new_val(in, V_SHAPE, RG_DT_NONE);
    if (!v)
      return true;
    v->nints = x->nints;
    for (uint32_t d = 0; d < a[1].n; d++)
      for (uint32_t j = 0; j < k; j++) {
        Ast r = x->ints[j];
        for (uint32_t i = 0; i < a[1].n; i++)
          r = Z3_mk_ite(Z, Z3_mk_eq(Z, a[1].a[i], i64(in, d)), x->ints[i * k + j], r);
        v->ints[d * k + j] = r;
      }
    out->ty = DSL_TY_TENSOR;
    out->v = v;
  } else {
    return false;
  }
  return true;
}

/* Externs of the layout plan, pads, tiles, slices and reshapes. */
static bool ext_layout(Inst *in, const char *nm, Ev *a, uint32_t n, bool conjunct, Ev *out) {
  Val *x = n > 0 && a[0].ty == DSL_TY_VALUE ? a[0].v : NULL;
  Val *y = n > 1 && a[1].ty == DSL_TY_VALUE ? a[1].v : NULL;
  (void)y, (void)conjunct;
  if (strcmp(nm, "tosa_layout_perm") == 0 && x) {
    /* the plan's permutation: any permutation of the rank, the same one
     * each time it is asked of the same value */
    set_ints(in, out, (uint32_t)in->R);
    bool asked = in->R && x->layout[0];
    for (int i = 0; i < in->R && !asked; i++) {
      x->layout[i] = fresh(in, "layout_perm", bv(in, 64));
      fact(in, and2(in, Z3_mk_bvsge(Z, x->layout[i], i64(in, 0)), Z3_mk_bvslt(Z, x->layout[i], i64(in, in->R))));
      for (int j = 0; j < i; j++)
        fact(in, Z3_mk_not(Z, Z3_mk_eq(Z, x->layout[i], x->layout[j])));
    }
    memcpy(out->a, x->layout, sizeof(Ast) * (size_t)in->R);
  } else if (strcmp(nm, "tosa_resize_identity") == 0 && x) {
    /* NEAREST_NEIGHBOR at scale n/n, offset and border 0, same type */
    out->t = is_op(x, K_RESIZE) && x->dt == x->opnd[0]->dt
                 ? Z3_mk_and(Z, 3, (Ast[]){x->nearest, x->ints[0], all_dims(in, x, x->opnd[0], false)})
                 : Z3_mk_false(Z);
  } else if (strcmp(nm, "tosa_pad_tile_noop") == 0 && x) {
    out->t = (is_op(x, K_PAD) || is_op(x, K_TILE)) && x->dt == x->opnd[0]->dt ? all_dims(in, x, x->opnd[0], false)
                                                                              : Z3_mk_false(Z);
  } else if ((strcmp(nm, "tosa_slice_in_pad") == 0 || strcmp(nm, "tosa_slice_pad_start") == 0) && x) {
    /* a slice of a pad reading only the pad's input: start - padding before */
    Val *p = is_op(x, K_SLICE) && is_op(x->opnd[0], K_PAD) ? x->opnd[0] : NULL;
    bool start = nm[11] == 'p';
    if (!p) {
      if (start)
        return in->invalid = true, true; /* fails: the rule does not apply */
      out->t = Z3_mk_false(Z);
      return true;
    }
    Ast parts[3 * MAXR];
    uint32_t np = 0;
    if (start)
      set_ints(in, out, (uint32_t)in->R);
    for (int d = 0; d < in->R; d++) {
      Ast st = x->opnd[1]->ints[d], sz = x->opnd[2]->ints[d], lo = p->opnd[1]->ints[2 * d];
      Ast dim = Z3_mk_zero_ext(Z, 64 - IBITS, p->opnd[0]->dims[d]);
      parts[np++] = Z3_mk_bvsge(Z, sz, i64(in, 1));
      parts[np++] = Z3_mk_bvsge(Z, st, lo);
      parts[np++] = Z3_mk_bvsle(Z, Z3_mk_bvsub(Z, st, lo), Z3_mk_bvsub(Z, dim, sz));
      if (start)
        out->a[d] = Z3_mk_bvsub(Z, st, lo);
    }
    if (start)
      fact(in, mk_and(in, np, parts)); /* where the extern gives no start, no rewrite */
    else
      out->t = mk_and(in, np, parts);
  } else {
    return false;
  }
  return true;
}

/* Externs of RESCALE and the aten Scalars. */
static bool ext_quant(Inst *in, const char *nm, Ev *a, uint32_t n, bool conjunct, Ev *out) {
  Val *x = n > 0 && a[0].ty == DSL_TY_VALUE ? a[0].v : NULL;
  Val *y = n > 1 && a[1].ty == DSL_TY_VALUE ? a[1].v : NULL;
  (void)y, (void)conjunct;
  if (strcmp(nm, "xnnpack_computes_in_type") == 0 && n == 1 && a[0].ty == DSL_TY_TYPE) {
    RgDType dt = a[0].dtype;
    out->t = bool_c(in, dt != RG_DT_F16 && dt != RG_DT_BF16 && dt != RG_DT_NONE && dt != RG_DT_INDEX);
  } else if (strcmp(nm, "xnnpack_scalar_exact") == 0 && n == 2 && a[0].fdt == RG_DT_F64 && a[1].ty == DSL_TY_TYPE) {
    /* the number is finite and the type holds it exactly */
    RgDType dt = a[1].dtype;
    Ast c = a[0].t, ok;
    Val *owner = a[0].v && a[0].v->nf == c ? a[0].v : NULL;
    bool small_int = !isf(dt) && rg_dtype_bits(dt) < 64 && dt != RG_DT_I1;
    if ((small_int || (isf(dt) && dt != RG_DT_F64)) && conjunct && owner && !owner->exact) {
      /* in a conjunction: the number is some element h of dt, widened;
       * its reads then take h (exact in f32; an int Scalar's int64 is then
       * h too), not a rounding of it */
      owner->exact = fresh(in, "scalar_exact", sort_of(in, dt));
      owner->exact_dt = dt;
      Z3_sort f64 = Z3_mk_fpa_sort_64(Z);
      ok = Z3_mk_fpa_eq(Z, isf(dt) ? Z3_mk_fpa_to_fp_float(Z, rne(in), owner->exact, f64)
                                   : Z3_mk_fpa_to_fp_signed(Z, rne(in), sext64(in, owner->exact, dt), f64), c);
    } else if (isf(dt) && dt != RG_DT_F64) {
      Ast r = Z3_mk_fpa_to_fp_float(Z, rne(in), Z3_mk_fpa_to_fp_float(Z, rne(in), c, sort_of(in, dt)), Z3_mk_fpa_sort_64(Z));
      ok = Z3_mk_fpa_eq(Z, r, c);
    } else if (!isf(dt) && rg_dtype_bits(dt) < 64 && dt != RG_DT_I1) {
      ok = Z3_mk_and(Z, 3, (Ast[]){Z3_mk_fpa_eq(Z, Z3_mk_fpa_round_to_integral(Z, Z3_mk_fpa_rtz(Z), c), c),
                                   Z3_mk_fpa_geq(Z, c, num(in, RG_DT_F64, (double)rg_elem_min(dt))),
                                   Z3_mk_fpa_leq(Z, c, num(in, RG_DT_F64, (double)rg_elem_max(dt)))});
    } else {
      return unknown(in, "xnnpack_scalar_exact for %s", rg_dtype_name(dt)), true;
    }
    out->t = and2(in, Z3_mk_not(Z, or2(in, Z3_mk_fpa_is_nan(Z, c), Z3_mk_fpa_is_infinite(Z, c))), ok);
  } else if (strcmp(nm, "tosa_avg_pool_unit_exact") == 0 && x) {
    /* same type; integers: equal zero points; floats: an accumulator of
     * f32 or the input's own type, an input never -0.0 */
    Val *v = is_op(x, K_AVGPOOL) && x->dt == x->opnd[0]->dt ? x->opnd[0] : NULL;
    if (!v) {
      out->t = Z3_mk_false(Z);
    } else if (!isf(x->dt)) {
      Ast izp = elem(in, x->opnd[1], NULL), ozp = izp ? elem(in, x->opnd[2], NULL) : NULL;
      out->t = ozp ? Z3_mk_eq(Z, izp, ozp) : NULL;
    } else {
      /* acc_type f32 (0) or x's own type (1 f16, 2 bf16) */
      Ast own = x->dt == RG_DT_F16 ? bvnum(in, 1, 2) : x->dt == RG_DT_BF16 ? bvnum(in, 2, 2) : bvnum(in, 0, 2);
      Ast wide = or2(in, Z3_mk_eq(Z, x->acc, bvnum(in, 0, 2)), Z3_mk_eq(Z, x->acc, own));
      out->t = and2(in, wide, never_negative_zero(in, v));
    }
  } else if (strcmp(nm, "tosa_rescale_is_per_tensor") == 0 && x) {
    out->t = is_op(x, K_RESCALE) ? Z3_mk_not(Z, x->pc) : Z3_mk_false(Z);
  } else if (strcmp(nm, "tosa_rescale_is_identity") == 0 && x) {
    /* every channel's multiplier 2^shift: a fact at each channel read */
    if (!is_op(x, K_RESCALE) || x->dt != x->opnd[0]->dt) {
      out->t = Z3_mk_false(Z);
      return true;
    }
    Ast izp = elem(in, x->opnd[3], NULL), ozp = izp ? elem(in, x->opnd[4], NULL) : NULL;
    if (!ozp)
      return true;
    if (!x->ident)
      x->ident = fresh(in, "rescale_identity", Z3_mk_bool_sort(Z));
    out->t = Z3_mk_and(Z, 3, (Ast[]){Z3_mk_eq(Z, x->iu, x->ou), Z3_mk_eq(Z, izp, ozp), x->ident});
  } else if (strcmp(nm, "tosa_rescales_fuse_exact") == 0 && x && y) {
    Ast m;
    out->t = fuse_plan(in, x, y, &m);
  } else if (strcmp(nm, "tosa_fused_multiplier") == 0 && x && y) {
    Ast m = NULL;
    Ast ok = fuse_plan(in, x, y, &m);
    if (!ok)
      return true;
    if (!m)
      return unknown(in, "tosa_fused_multiplier of values that are not RESCALEs"), true;
    Val *v = new_val(in, V_SPLAT, RG_DT_I32);
    if (!v)
      return true;
    v->scalar = true;
    v->elem = low(in, m, RG_DT_I32);
    fact(in, ok); /* where the plan fails the extern fails: no rewrite */
    out->ty = DSL_TY_TENSOR;
    out->v = v;
  } else if (strcmp(nm, "tosa_reshaped_const") == 0 && x && y) {
    /* c's data in row-major order, with like's shape: a reshape of c */
    if (!x->konst || x->dt != y->dt)
      return in->invalid = true, true; /* fails: the rule does not apply */
    Val *v = derived_node(in, K_RESHAPE, x, y->dims);
    if (v)
      reshape_rules(in, v);
    out->ty = DSL_TY_VALUE;
    out->v = v;
  } else if (strcmp(nm, "tosa_reshape_keeps") == 0 && x && y) {
    out->t = x->dt == y->dt ? all_dims(in, x, y, false) : Z3_mk_false(Z);
  } else {
    return false;
  }
  return true;
}

static bool ext_meaning(Inst *in, const DslExpr *e, Ev *a, uint32_t n, bool conjunct, Ev *out) {
  memset(out, 0, sizeof *out);
  out->ty = e->type;
  return ext_values(in, e->str, a, n, conjunct, out) || ext_shapes(in, e->str, a, n, conjunct, out) ||
         ext_layout(in, e->str, a, n, conjunct, out) || ext_quant(in, e->str, a, n, conjunct, out);
}

/* ---- the pattern and the replacement ---- */

static void bind(Inst *in, const DslVar *var, const Ev *e) {
  if (!var)
    return;
  in->vars[var->index] = *e;
  in->bound[var->index] = true;
}

static void bind_value(Inst *in, const DslVar *var, Val *v) {
  Ev e;
  memset(&e, 0, sizeof e);
  e.ty = DSL_TY_VALUE;
  e.v = v;
  bind(in, var, &e);
}

/* A validity rule of an attribute: assumed of the pattern, proven of the
 * replacement. */
static void attr_fact(Inst *in, Ast a) {
  if (!in->build->in_repl)
    fact(in, a);
  else if (in->build->nnewreqs < 256)
    in->build->newreqs[in->build->nnewreqs++] = a;
  else
    unknown(in, "too many attribute rules");
}

static void perm_rules(Inst *in, Val *n) {
  for (int i = 0; i < in->R; i++) {
    attr_fact(in, Z3_mk_bvult(Z, n->perm[i], i64(in, in->R)));
    for (int j = 0; j < i; j++)
      attr_fact(in, Z3_mk_not(Z, Z3_mk_eq(Z, n->perm[i], n->perm[j])));
  }
}

/* A RESCALE's Boolean attribute by name (rounding_mode: DOUBLE_ROUND). */
static Ast *rescale_flag(Val *n, const char *name) {
  if (n->k != K_RESCALE)
    return NULL;
  return !strcmp(name, "scale32")          ? &n->s32
         : !strcmp(name, "rounding_mode")  ? &n->dbl
         : !strcmp(name, "per_channel")    ? &n->pc
         : !strcmp(name, "input_unsigned") ? &n->iu
         : !strcmp(name, "output_unsigned") ? &n->ou
                                            : NULL;
}

/* A rounding_mode as DOUBLE_ROUND (Bool): a literal, or one read from a
 * RESCALE; the modes without an exact result have no meaning. */
static Ast round_term(Inst *in, const Ev *v) {
  if (!v->str)
    return v->t;
  if (strcmp(v->str, "DOUBLE_ROUND") && strcmp(v->str, "SINGLE_ROUND"))
    return unknown(in, "rounding_mode %s", v->str), NULL;
  return bool_c(in, strcmp(v->str, "DOUBLE_ROUND") == 0);
}

static bool attr_get(Inst *in, Val *n, const char *name, Ev *out) {
  memset(out, 0, sizeof *out);
  if (n->nf && (!strcmp(name, "alpha") || !strcmp(name, "other") || (n->bf && !strcmp(name, "beta")))) {
    out->ty = DSL_TY_FLOAT; /* the number, its node beside */
    out->t = name[0] == 'b' ? n->bf : n->nf;
    out->fdt = RG_DT_F64;
    out->v = n;
    return true;
  }
  Ast *flag = rescale_flag(n, name);
  if (flag) {
    out->ty = name[0] == 'r' ? DSL_TY_STR : DSL_TY_BOOL;
    out->t = *flag;
    return true;
  }
  if ((strcmp(name, "min_val") == 0 || strcmp(name, "max_val") == 0) && n->k == K_CLAMP) {
    out->ty = DSL_TY_FLOAT;
    out->t = name[1] == 'i' ? n->lo : n->hi;
    out->fdt = n->dt;
    return true;
  }
  if ((strcmp(name, "perms") == 0 || strcmp(name, "dims") == 0) && n->k == K_TRANSPOSE) {
    set_ints(in, out, (uint32_t)in->R);
    memcpy(out->a, n->perm, sizeof(Ast) * (size_t)in->R);
    return true;
  }
  if ((n->k == K_MAXPOOL || n->k == K_AVGPOOL) && (!strcmp(name, "kernel") || !strcmp(name, "stride") || !strcmp(name, "pad"))) {
    uint32_t at = name[0] == 'k' ? 1 : name[0] == 's' ? 3 : 5, cnt = name[0] == 'p' ? 4 : 2;
    set_ints(in, out, cnt);
    memcpy(out->a, n->ints + at, sizeof(Ast) * cnt);
    return true;
  }
  if (strcmp(name, "axis") == 0 && n->ax) {
    out->ty = DSL_TY_INT;
    out->t = n->ax;
    return true;
  }
  return unknown(in, "attribute %s of %s", name, n->op->name), false;
}

static bool attr_set(Inst *in, Val *n, const char *name, const Ev *v) {
  if ((n->k == K_ATEN_ADD && !strcmp(name, "alpha")) || (n->k == K_ATEN_MULS && !strcmp(name, "other"))) {
    if (v->ty != DSL_TY_FLOAT || !v->v || !v->v->nf)
      return unknown(in, "attribute %s of %s from a computed number", name, n->op->name), false;
    n->nf = v->v->nf, n->ni = v->v->ni, n->nisf = v->v->nisf;
    return true;
  }
  Ast *flag = rescale_flag(n, name);
  if (flag) {
    *flag = name[0] == 'r' ? round_term(in, v) : v->t;
    return *flag != NULL;
  }
  if ((strcmp(name, "min_val") == 0 || strcmp(name, "max_val") == 0) && n->k == K_CLAMP) {
    Ast t = float_as(in, v, n->dt);
    if (name[1] == 'i')
      n->lo = t;
    else
      n->hi = t;
    return t != NULL;
  }
  if (strcmp(name, "nan_mode") == 0 && v->ty == DSL_TY_STR && v->str) {
    n->ignore = bool_c(in, strcmp(v->str, "IGNORE") == 0 && isf(n->opnd[0]->dt));
    return true;
  }
  if ((strcmp(name, "perms") == 0 || strcmp(name, "dims") == 0) && n->k == K_TRANSPOSE) {
    if (v->ty != DSL_TY_INTS || v->n != (uint32_t)in->R)
      return unknown(in, "perms of another length"), false;
    memcpy(n->perm, v->a, sizeof(Ast) * (size_t)in->R);
    return true;
  }
  if (strcmp(name, "axis") == 0 && needs_axis(n->k)) {
    if (v->ty != DSL_TY_INT)
      return unknown(in, "an axis that is not an integer"), false;
    n->ax = v->t; /* out of range: the new op cannot be typed, the rewrite is refused */
    fact(in, and2(in, Z3_mk_bvsge(Z, n->ax, i64(in, 0)), Z3_mk_bvslt(Z, n->ax, i64(in, in->R))));
    return true;
  }
  return unknown(in, "attribute %s of %s", name, n->op->name), false;
}

static Val *shape_val(Inst *in, uint32_t n) {
  Val *v = new_val(in, V_SHAPE, RG_DT_NONE);
  if (!v)
    return NULL;
  v->nints = n;
  for (uint32_t i = 0; i < n; i++) {
    v->ints[i] = fresh(in, "shape_int", bv(in, 64));
    fact(in, and2(in, Z3_mk_bvsge(Z, v->ints[i], i64(in, 0)), Z3_mk_bvslt(Z, v->ints[i], i64(in, 1 << 16))));
  }
  return v;
}

static Val *build_pat(Inst *in, const DslPattern *p, RgDType dt, bool scalar, bool shape);

/* The element type operand i of node n takes (arg: its pattern, when
 * matched; RG_DT_NONE: whatever an op there computes). */
static RgDType opnd_want(const Inst *in, const Val *n, const DslPattern *arg, const DslOpDecl *op, Kind k, uint32_t i) {
  if (moves_only_kind(k) && (i == 0 || k == K_CONCAT))
    return n->dt;
  if (k != K_RESCALE)
    return operand_dt(in, op, k, i);
  switch (i) {
  case 0: return arg && arg->kind == DSL_PAT_OP ? RG_DT_NONE : in->T;
  case 1: return RG_DT_I32; /* an i16 multiplier is an i32 in the i16 range */
  case 2: return RG_DT_I8;
  case 3: return n->opnd[0] ? n->opnd[0]->dt : in->T;
  default: return n->dt;
  }
}

/* An input read per channel: a function of one index. */
static void make_vec(Inst *in, Val *v) {
  if (!v || v->kind != V_LEAF || v->vec)
    return;
  v->vec = true;
  Z3_sort dom = bv(in, IBITS);
  v->f = Z3_mk_func_decl(Z, Z3_get_decl_name(Z, v->f), 1, &dom, sort_of(in, v->dt));
}

/* A tosa.const_shape (its ints) or a tosa.const (its data: an input of
 * the pattern, written as a constant). */
static Val *build_data(Inst *in, const DslPattern *p, Kind k, RgDType dt) {
  Val *v = NULL;
  if (k == K_CONST_SHAPE) {
    v = shape_val(in, in->shape_n);
  } else if (p->nargs || p->nattrs) {
    return unknown(in, "a tosa.const pattern with operands or attributes"), NULL;
  } else if ((v = new_leaf(in, dt == RG_DT_NONE ? in->T : dt, false))) {
    v->konst = true;
  }
  if (v)
    bind_value(in, p->var, v);
  return v;
}

/* A node of op and its result type (dt: the type its user reads, or
 * RG_DT_NONE), bound to the pattern's names; an op that cannot have
 * these types makes the instance invalid. */
static Val *node_typed(Inst *in, const DslPattern *p, const DslOpDecl *op, Kind k, RgDType dt) {
  Val *n = new_val(in, V_NODE, result_dt(in, k));
  if (!n)
    return NULL;
  n->op = op;
  n->k = k;
  if (moves_only_kind(k) && dt != RG_DT_NONE)
    n->dt = dt; /* data movement takes any element type: its operand's */
  if (k == K_RESCALE) {
    if (in->nres >= 2)
      return unknown(in, "more than two RESCALEs in a pattern"), NULL;
    n->dt = in->Tr[in->nres++];
  }
  if (!op_takes(k, operand_dt(in, op, k, 0)) || (dt != RG_DT_NONE && n->dt != dt))
    in->invalid = true;
  if (p->opvar) {
    Ev e;
    memset(&e, 0, sizeof e);
    e.ty = DSL_TY_OP;
    e.op = op;
    e.v = n;
    bind(in, p->opvar, &e);
  }
  if (p->var)
    bind_value(in, p->var, n);
  return n;
}

/* The operands of node n: those the pattern names, then one input for
 * each behind a ..rest. */
static bool build_operands(Inst *in, Val *n, const DslPattern *p) {
  const DslOpDecl *op = n->op;
  Kind k = n->k;
  uint32_t want = op->variadic ? (p->nargs > op->noperands ? p->nargs : op->noperands) : op->noperands;
  if (p->nargs > want && !op->variadic)
    return in->invalid = true, false;
  for (uint32_t i = 0; i < p->nargs && !in->unknown[0] && !in->invalid; i++) {
    n->opnd[n->nopnd++] = build_pat(in, p->args[i], opnd_want(in, n, p->args[i], op, k, i), scalar_operand(op, i),
                                    (in->shape_n = shape_operand(in, k, i)) > 0);
    if (k == K_RESCALE && (i == 1 || i == 2))
      make_vec(in, n->opnd[i]);
  }
  if (p->rest.s) { /* the operands after those named: each an input */
    uint32_t extra = op->variadic ? in->rest_extra : want - p->nargs;
    Ev e;
    memset(&e, 0, sizeof e);
    e.ty = DSL_TY_VALUES;
    e.vs = &n->opnd[n->nopnd];
    for (uint32_t i = 0; i < extra && n->nopnd < MAXOPS; i++) {
      uint32_t j = n->nopnd;
      n->opnd[n->nopnd++] = new_leaf(in, k == K_CONCAT ? n->dt : operand_dt(in, op, k, j), scalar_operand(op, j));
      e.nvs++;
    }
    bind(in, p->restvar, &e);
  }
  if (in->unknown[0] || in->invalid)
    return false;
  if (n->nopnd < (op->variadic ? 1 : op->noperands) && k != K_OPAQUE)
    return in->invalid = true, false;
  for (uint32_t i = 0; i < n->nopnd; i++)
    if (!n->opnd[i])
      return false;
  return true;
}

/* The rank node n needs (NHWC pools and resizes, matrices) and the axis
 * it reduces, reverses or concatenates along. */
static bool node_axes(Inst *in, Val *n) {
  Kind k = n->k;
  if ((k == K_MAXPOOL || k == K_AVGPOOL || k == K_RESIZE) && in->R != 4)
    return in->invalid = true, false; /* NHWC */
  if ((k == K_ATEN_MM || k == K_ATEN_ADDMM || k == K_ATEN_LINEAR) && in->R != 2)
    return in->invalid = true, false; /* matrices (a bias as a broadcast [1, N]) */
  if (needs_axis(k)) {
    int64_t a = next_axis(in);
    if (a >= in->R)
      return in->invalid = true, false;
    n->ax = i64(in, a);
  }
  return true;
}

/* The pattern's attributes of node n: each bound to its name or equal
 * to the value the pattern gives. */
static bool match_attrs(Inst *in, Val *n, const DslPattern *p) {
  for (uint32_t i = 0; i < p->nattrs; i++) {
    const DslAttrPat *ap = &p->attrs[i];
    Ev have, want_v;
    if (ap->absent || ap->fallback) {
      if (strcmp(ap->name.s, "nan_mode") == 0) { /* absent: PROPAGATE */
        n->ignore = Z3_mk_false(Z);
        continue;
      }
      return unknown(in, "an absent attribute %s", ap->name.s), false;
    }
    if (strcmp(ap->name.s, "nan_mode") == 0 && ap->value->kind == DSL_EX_STR) {
      Ast ig = bool_c(in, strcmp(ap->value->str, "IGNORE") == 0);
      fact(in, Z3_mk_eq(Z, n->ignore, isf(n->opnd[0]->dt) ? ig : Z3_mk_false(Z)));
      continue;
    }
    if (!attr_get(in, n, ap->name.s, &have))
      return false;
    if (ap->binds) {
      bind(in, ap->value->var, &have);
      continue;
    }
    if (!ev(in, ap->value, &want_v))
      return false;
    Ast eq = compare(in, DSL_OP_EQ, &have, &want_v);
    if (!eq)
      return false;
    fact(in, eq);
  }
  return true;
}

/* An op pattern node: the op of this instance's choice, its type, its
 * operands, its attributes and their validity rules, its shape. */
static Val *build_node(Inst *in, const DslPattern *p, RgDType dt) {
  if (in->altpos >= in->nalt)
    return unknown(in, "too many op alternatives"), NULL;
  const DslOpDecl *op = in->alt[in->altpos++];
  Kind k = kind_of(op);
  if (k == K_NONE)
    return unknown(in, "%s has no meaning for rulegen --prove", op->name), NULL;
  if (k == K_CONST_SHAPE || k == K_CONST)
    return build_data(in, p, k, dt);
  Val *n = node_typed(in, p, op, k, dt);
  if (!n || !build_operands(in, n, p))
    return NULL;
  fresh_attrs(in, n);
  if (!node_axes(in, n) || !match_attrs(in, n, p))
    return NULL;
  attr_rules(in, n);
  if (k == K_TRANSPOSE)
    perm_rules(in, n);
  if (k == K_RESCALE)
    rescale_rules(in, n);
  node_shape(in, n);
  if (in->build->npat < 64) {
    in->build->pat[in->build->npat] = p;
    in->build->pval[in->build->npat++] = n;
  }
  return n;
}

static Val *build_pat(Inst *in, const DslPattern *p, RgDType dt, bool scalar, bool shape) {
  if (in->unknown[0] || in->invalid)
    return NULL;
  switch (p->kind) {
  case DSL_PAT_WILD:
    return shape ? shape_val(in, in->shape_n) : new_leaf(in, dt, scalar);
  case DSL_PAT_VAR: {
    if (!p->binds) {
      Val *v = in->vars[p->var->index].v;
      if (!v || (!shape && (v->dt != dt || v->scalar != scalar)) || (shape != (v->kind == V_SHAPE)))
        in->invalid = true; /* one value cannot have two types */
      return v;
    }
    Val *v = shape ? shape_val(in, in->shape_n) : new_leaf(in, dt, scalar);
    bind_value(in, p->var, v);
    return v;
  }
  case DSL_PAT_SPLAT: {
    if (shape)
      return unknown(in, "a splat where a shape is read"), NULL;
    Val *v = new_val(in, V_SPLAT, dt);
    if (!v)
      return NULL;
    v->scalar = scalar;
    if (!scalar)
      fresh_dims(in, v);
    v->elem = fresh(in, "splat", sort_of(in, dt));
    const DslExpr *e = p->splat;
    if (e->kind == DSL_EX_NAME && e->var && e->var->pat == p) {
      Ev s;
      memset(&s, 0, sizeof s);
      s.ty = DSL_TY_FLOAT;
      s.t = v->elem;
      s.fdt = dt;
      bind(in, e->var, &s);
    } else {
      Ev lit;
      if (!ev(in, e, &lit))
        return NULL;
      Ev have;
      memset(&have, 0, sizeof have);
      have.ty = DSL_TY_FLOAT;
      have.t = v->elem;
      have.fdt = dt;
      if (lit.ty == DSL_TY_INT) {
        lit.ty = DSL_TY_FLOAT;
        int64_t iv;
        if (!ev_int_num(in, lit.t, &iv))
          return unknown(in, "a splat of a computed value"), NULL;
        lit.lit = (double)iv;
        lit.fdt = RG_DT_NONE;
      }
      Ast eq = compare(in, DSL_OP_EQ, &have, &lit);
      if (!eq)
        return NULL;
      fact(in, eq); /* the matcher compares as numbers: -0.0 is a splat(0) */
    }
    if (p->var)
      bind_value(in, p->var, v);
    return v;
  }
  case DSL_PAT_OP:
    return build_node(in, p, dt);
  }
  return NULL;
}

static Val *build_rep(Inst *in, const DslRepl *r, RgDType dt, bool scalar, bool shape);

/* A rank-0 constant where an aten op broadcasts it (numpy rules). */
static bool numpy_scalar(Kind k, const Val *o) {
  return o->kind == V_SPLAT && o->scalar && (k == K_ATEN_ADD || k == K_ATEN_MUL);
}

static Val *build_rep_node(Inst *in, const DslRepl *r, RgDType dt) {
  const DslOpDecl *op = r->op;
  Val *copy = NULL;
  if (r->var) {
    const Ev *e = &in->vars[r->var->index];
    if (e->ty != DSL_TY_OP)
      return unknown(in, "a replacement op from %s", r->var->name.s), NULL;
    op = e->op;
    copy = e->v;
  }
  if (!op)
    return unknown(in, "a replacement op that is not known"), NULL;
  Kind k = kind_of(op);
  if (k == K_NONE)
    return unknown(in, "%s has no meaning for rulegen --prove", op->name), NULL;
  if (k == K_CONST_SHAPE) {
    if (r->nattrs != 1 || strcmp(r->attrs[0].name.s, "values") != 0)
      return unknown(in, "a const_shape without values"), NULL;
    Ev v;
    if (!ev(in, r->attrs[0].value, &v))
      return NULL;
    if (!v.v || v.v->kind != V_SHAPE)
      return unknown(in, "const_shape values with no SMT meaning"), NULL;
    return v.v;
  }
  Val *n = new_val(in, V_NODE, result_dt(in, k));
  if (!n)
    return NULL;
  n->op = op;
  n->k = k;
  n->created = true;
  if ((moves_only_kind(k) || k == K_RESCALE) && dt != RG_DT_NONE)
    n->dt = dt;
  if (n->dt != dt || !op_takes(k, operand_dt(in, op, k, 0)))
    return in->invalid = true, NULL; /* the new op cannot be typed so: refused */
  for (uint32_t i = 0; i < r->nargs; i++) {
    const DslRepl *a = r->args[i];
    if (a->kind == DSL_REP_VAR && a->splice) {
      const Ev *e = &in->vars[a->var->index];
      for (uint32_t j = 0; j < e->nvs && n->nopnd < MAXOPS; j++)
        n->opnd[n->nopnd++] = e->vs[j];
      continue;
    }
    if (n->nopnd == MAXOPS)
      return unknown(in, "too many operands"), NULL;
    uint32_t j = n->nopnd;
    Val *v = build_rep(in, a, opnd_want(in, n, NULL, op, k, j), scalar_operand(op, j), shape_operand(in, k, j) > 0);
    if (!v)
      return NULL;
    n->opnd[n->nopnd++] = v;
  }
  if (n->nopnd < (op->variadic ? 1 : op->noperands) || (n->nopnd > op->noperands && !op->variadic))
    return in->invalid = true, NULL; /* cannot be typed: the rewrite is refused */
  for (uint32_t i = 0; i < n->nopnd; i++) {
    Val *o = n->opnd[i];
    bool want_shape = shape_operand(in, k, i) > 0;
    if ((o->kind == V_SHAPE) != want_shape || (want_shape && o->nints != shape_operand(in, k, i)) ||
        (!want_shape && (o->dt != opnd_want(in, n, NULL, op, k, i) ||
                         (o->scalar != scalar_operand(op, i) && !numpy_scalar(k, o)))))
      return in->invalid = true, NULL;
  }
  if (copy) {
    n->lo = copy->lo, n->hi = copy->hi, n->ignore = copy->ignore, n->ax = copy->ax;
    n->s32 = copy->s32, n->dbl = copy->dbl, n->pc = copy->pc, n->iu = copy->iu, n->ou = copy->ou;
    n->nf = copy->nf, n->ni = copy->ni, n->nisf = copy->nisf;
    n->bf = copy->bf, n->bi = copy->bi, n->bisf = copy->bisf;
    memcpy(n->perm, copy->perm, sizeof n->perm);
  } else {
    n->ignore = Z3_mk_false(Z); /* nan_mode PROPAGATE unless set */
    if (k == K_ATEN_ADD || k == K_ATEN_ADDMM) { /* alpha (and beta) absent: 1 */
      n->nf = num(in, RG_DT_F64, 1), n->ni = i64(in, 1), n->nisf = Z3_mk_false(Z);
      n->bf = n->nf, n->bi = n->ni, n->bisf = n->nisf;
    }
  }
  for (uint32_t i = 0; i < r->nattrs; i++) {
    Ev v;
    if (!ev(in, r->attrs[i].value, &v) || !attr_set(in, n, r->attrs[i].name.s, &v))
      return NULL;
  }
  if ((k == K_CLAMP && (!n->lo || !n->hi)) || (k == K_TRANSPOSE && in->R && !n->perm[0]) ||
      (needs_axis(k) && !n->ax) || (k == K_RESCALE && (!n->s32 || !n->dbl || !n->pc || !n->iu || !n->ou)) || (k == K_ATEN_MULS && !n->nf))
    return unknown(in, "%s without its attributes", op->name), NULL;
  if (k == K_CLAMP)
    attr_fact(in, ele(in, n->dt, n->lo, n->hi));
  if (k == K_TRANSPOSE)
    perm_rules(in, n);
  if (k == K_RESCALE)
    rescale_rules(in, n);
  node_shape(in, n); /* shape rules: assumed (a new op that cannot be typed is refused) */
  if (r->capture.s && in->build->nrep < 64) {
    in->build->rep[in->build->nrep] = r;
    in->build->rval[in->build->nrep++] = n;
  }
  return n;
}

static Val *build_rep(Inst *in, const DslRepl *r, RgDType dt, bool scalar, bool shape) {
  (void)scalar, (void)shape;
  switch (r->kind) {
  case DSL_REP_VAR:
    if (r->node) {
      for (uint32_t i = 0; i < in->build->nrep; i++)
        if (in->build->rep[i] == r->node)
          return in->build->rval[i];
      return unknown(in, "a named node"), NULL;
    }
    if (!r->var || in->vars[r->var->index].ty != DSL_TY_VALUE)
      return unknown(in, "a replacement variable that is not a value"), NULL;
    return in->vars[r->var->index].v;
  case DSL_REP_OP: return build_rep_node(in, r, dt);
  case DSL_REP_EXPR: {
    Ev v;
    if (!ev(in, r->expr, &v))
      return NULL;
    if (!v.v)
      return unknown(in, "a constant with no SMT meaning"), NULL;
    return v.v;
  }
  default: break;
  }
  return unknown(in, "a replacement of this form"), NULL;
}

/* ---- counterexamples: a graph and its input set ---- */

static Ast mval(Inst *in, Z3_model m, Ast t) {
  Ast r = NULL;
  return Z3_model_eval(Z, m, t, true, &r) ? r : t;
}

static int64_t mint(Inst *in, Z3_model m, Ast t, RgDType dt) {
  uint64_t u = 0;
  Z3_get_numeral_uint64(Z, mval(in, m, t), &u);
  int bits = dt == RG_DT_NONE ? 64 : rg_dtype_bits(dt);
  if (bits < 64 && dt != RG_DT_I1 && ((u >> (bits - 1)) & 1))
    u |= ~(((uint64_t)1 << bits) - 1);
  return (int64_t)u;
}

static double half_value(uint32_t h) {
  int e = (int)((h >> 10) & 31), f = (int)(h & 1023);
  double v = e == 31 ? (f ? NAN : INFINITY) : e ? ldexp(1024 + f, e - 25) : ldexp(f, -24);
  return (h & 0x8000) ? -v : v;
}

/* A float element's IEEE bits and value under the model. */
static double mfloat(Inst *in, Z3_model m, Ast t, RgDType dt, uint64_t *bits) {
  uint64_t u = 0;
  if (Z3_get_bool_value(Z, mval(in, m, Z3_mk_fpa_is_nan(Z, t))) == Z3_L_TRUE) {
    /* to_ieee_bv leaves NaN's bits open: the canonical quiet NaN */
    *bits = dt == RG_DT_F32 ? 0x7fc00000u : dt == RG_DT_F16 ? 0x7e00u : 0x7fc0u;
    return NAN;
  }
  Z3_get_numeral_uint64(Z, mval(in, m, Z3_mk_fpa_to_ieee_bv(Z, t)), &u);
  *bits = u;
  if (dt == RG_DT_F16)
    return half_value((uint32_t)u);
  uint32_t w = dt == RG_DT_BF16 ? (uint32_t)u << 16 : (uint32_t)u;
  float f;
  memcpy(&f, &w, sizeof f);
  return f;
}

/* An element as the input format spells it, or as an MLIR literal. */
static void put_elem(Inst *in, RgsBuf *b, Z3_model m, Ast t, RgDType dt, bool mlir) {
  if (!isf(dt)) {
    rgs_buf_printf(b, "%lld", (long long)mint(in, m, t, dt));
    return;
  }
  uint64_t bits;
  double v = mfloat(in, m, t, dt, &bits);
  if (mlir && !isfinite(v))
    rgs_buf_printf(b, "0x%0*llX", dt == RG_DT_F32 ? 8 : 4, (unsigned long long)bits);
  else if (mlir)
    rgs_buf_printf(b, "%.17e", v);
  else if (isnan(v))
    rgs_buf_puts(b, "nan");
  else if (isinf(v))
    rgs_buf_puts(b, v < 0 ? "-inf" : "inf");
  else
    rgs_buf_printf(b, "%a", v);
}

static void put_type(Inst *in, RgsBuf *b, Z3_model m, const Val *v) {
  rgs_buf_puts(b, "tensor<");
  if (v->scalar)
    rgs_buf_puts(b, "1x");
  else
    for (int d = 0; d < in->R; d++)
      rgs_buf_printf(b, "%lldx", (long long)mint(in, m, v->dims[d], RG_DT_NONE));
  rgs_buf_printf(b, "%s>", rg_dtype_name(v->dt));
}

static int64_t numel(Inst *in, Z3_model m, const Val *v) {
  int64_t n = 1;
  for (int d = 0; !v->scalar && d < in->R; d++)
    n *= mint(in, m, v->dims[d], RG_DT_NONE);
  return n;
}

/* An input's element at a numeral index under the model: the read there,
 * or zero where the query reads nothing (any value would do). */
static Ast leaf_at(Inst *in, Z3_model m, Val *v, Ast const *idx) {
  int64_t off = 0;
  for (int d = 0; idx && d < in->R; d++)
    off = off * mint(in, m, v->dims[d], RG_DT_NONE) + mint(in, m, idx[d], RG_DT_NONE);
  for (uint32_t i = 0; i < in->napps; i++) {
    struct App *p = &in->apps[i];
    bool same = p->leaf == v;
    if (same && p->key)
      same = idx && (mint(in, m, p->key, RG_DT_NONE) & 0xffff) == off;
    for (int d = 0; same && !p->key && d < in->R; d++)
      same = mint(in, m, p->idx[d], RG_DT_NONE) == mint(in, m, idx[d], RG_DT_NONE);
    if (same)
      return p->c;
  }
  return isf(v->dt) ? Z3_mk_fpa_zero(Z, sort_of(in, v->dt), false) : num(in, v->dt, 0);
}

/* A constant's data under the model, nested by dims from axis d on. */
static void put_dense(Inst *in, RgsBuf *b, Z3_model m, Val *v, int d, Ast *idx) {
  if (d == in->R) {
    put_elem(in, b, m, leaf_at(in, m, v, idx), v->dt, true);
    return;
  }
  int64_t n = mint(in, m, v->dims[d], RG_DT_NONE);
  rgs_buf_puts(b, "[");
  for (int64_t i = 0; i < n; i++) {
    rgs_buf_puts(b, i ? ", " : "");
    idx[d] = ix(in, i);
    put_dense(in, b, m, v, d + 1, idx);
  }
  rgs_buf_puts(b, "]");
}

/* The function's header: its inputs (numbered here as arguments), its
 * type and its block's arguments. */
static void put_header(Inst *in, RgsBuf *b, Z3_model m, const char *fname, uint32_t npat, const Val *root) {
  int args = 0;
  for (uint32_t i = npat; i-- > 0;) {
    Val *v = &in->vals[i];
    if (v->kind == V_LEAF && !v->scalar && !v->elem && !v->konst)
      v->arg = args++;
  }
  rgs_buf_printf(b, "// The counterexample of rulegen --prove for %s.\n\"builtin.module\"() ({\n", fname);
  rgs_buf_puts(b, "  \"func.func\"() <{function_type = (");
  for (int k = 0; k < args; k++)
    for (uint32_t i = 0; i < npat; i++)
      if (in->vals[i].arg == k) {
        rgs_buf_puts(b, k ? ", " : "");
        put_type(in, b, m, &in->vals[i]);
      }
  rgs_buf_puts(b, ") -> ");
  put_type(in, b, m, root);
  rgs_buf_printf(b, ", sym_name = \"%s\"}> ({\n  ^bb0(", fname);
  for (int k = 0; k < args; k++)
    for (uint32_t i = 0; i < npat; i++)
      if (in->vals[i].arg == k) {
        rgs_buf_printf(b, "%s%%arg%d: ", k ? ", " : "", k);
        put_type(in, b, m, &in->vals[i]);
      }
  rgs_buf_puts(b, "):\n");
}

/* A value that is not an argument and not a node: a tosa.const_shape of
 * its ints, or a tosa.const of its data (one element, or every one). */
static void put_const(Inst *in, RgsBuf *b, Z3_model m, Val *v) {
  if (v->kind == V_SHAPE) {
    rgs_buf_printf(b, "    %%%d = \"tosa.const_shape\"() <{values = dense<[", v->id);
    for (uint32_t j = 0; j < v->nints; j++)
      rgs_buf_printf(b, "%s%lld", j ? ", " : "", (long long)mint(in, m, v->ints[j], RG_DT_NONE));
    rgs_buf_printf(b, "]> : tensor<%uxindex>}> : () -> !tosa.shape<%u>\n", v->nints, v->nints);
    return;
  }
  rgs_buf_printf(b, "    %%%d = \"tosa.const\"() <{values = dense<", v->id);
  if (v->konst) {
    Ast idx[MAXR];
    put_dense(in, b, m, v, 0, idx);
  } else {
    put_elem(in, b, m, v->elem ? v->elem : leaf_at(in, m, v, NULL), v->dt, true);
  }
  rgs_buf_puts(b, "> : ");
  put_type(in, b, m, v);
  rgs_buf_puts(b, "}> : () -> ");
  put_type(in, b, m, v);
  rgs_buf_puts(b, "\n");
}

/* A node's attributes under the model, those of the ops the graph writer
 * knows; whether it wrote any (the dictionary is then open). */
static bool put_attrs(Inst *in, RgsBuf *b, Z3_model m, const Val *v) {
  if (v->k == K_CLAMP) {
    rgs_buf_puts(b, " <{max_val = ");
    put_elem(in, b, m, v->hi, v->dt, true);
    rgs_buf_printf(b, " : %s, min_val = ", rg_dtype_name(v->dt));
    put_elem(in, b, m, v->lo, v->dt, true);
    rgs_buf_printf(b, " : %s", rg_dtype_name(v->dt));
  } else if (v->k == K_TRANSPOSE) {
    rgs_buf_puts(b, " <{perms = array<i32");
    for (int d = 0; d < in->R; d++)
      rgs_buf_printf(b, "%s %lld", d ? "," : ":", (long long)mint(in, m, v->perm[d], RG_DT_NONE));
    rgs_buf_puts(b, ">");
  } else if (v->ax) {
    rgs_buf_printf(b, " <{axis = %lld : i32", (long long)mint(in, m, v->ax, RG_DT_NONE));
  } else if (v->k == K_RESIZE) {
    bool bl = Z3_get_bool_value(Z, mval(in, m, v->bilinear)) == Z3_L_TRUE;
    rgs_buf_printf(b, " <{mode = #tosa.resize_mode<%s>", bl ? "BILINEAR" : "NEAREST_NEIGHBOR");
  } else if (v->k == K_MAXPOOL) {
    static const char *const names[3] = {"kernel", "pad", "stride"};
    static const int at[3] = {1, 5, 3}, cnt[3] = {2, 4, 2};
    for (int a = 0; a < 3; a++) {
      rgs_buf_printf(b, "%s%s = array<i64", a ? ", " : " <{", names[a]);
      for (int j = 0; j < cnt[a]; j++)
        rgs_buf_printf(b, "%s %lld", j ? "," : ":", (long long)mint(in, m, v->ints[at[a] + j], RG_DT_NONE));
      rgs_buf_puts(b, ">");
    }
  } else {
    return false;
  }
  return true;
}

/* A node: its op, operands, attributes and type. */
static void put_op(Inst *in, RgsBuf *b, Z3_model m, const Val *v) {
  rgs_buf_printf(b, "    %%%d = \"%s\"(", v->id, v->op->name);
  for (uint32_t k = 0; k < v->nopnd; k++) {
    const Val *o = v->opnd[k];
    if (o->arg >= 0)
      rgs_buf_printf(b, "%s%%arg%d", k ? ", " : "", o->arg);
    else
      rgs_buf_printf(b, "%s%%%d", k ? ", " : "", o->id);
  }
  rgs_buf_puts(b, ")");
  bool attrs = put_attrs(in, b, m, v);
  bool ignore = v->ignore && Z3_get_bool_value(Z, mval(in, m, v->ignore)) == Z3_L_TRUE;
  if (ignore)
    rgs_buf_printf(b, "%snan_mode = #tosa.nan_mode<IGNORE>", attrs ? ", " : " <{");
  if (attrs || ignore)
    rgs_buf_puts(b, "}>");
  rgs_buf_puts(b, " : (");
  for (uint32_t k = 0; k < v->nopnd; k++) {
    rgs_buf_puts(b, k ? ", " : "");
    if (v->opnd[k]->kind == V_SHAPE)
      rgs_buf_printf(b, "!tosa.shape<%u>", v->opnd[k]->nints);
    else
      put_type(in, b, m, v->opnd[k]);
  }
  rgs_buf_puts(b, ") -> ");
  put_type(in, b, m, v);
  rgs_buf_puts(b, "\n");
}

/* The pattern's values as a function: inputs as arguments, splats and
 * one-element inputs as constants, nodes in operand order. */
static void put_graph(Inst *in, RgsBuf *b, Z3_model m, const char *fname, uint32_t npat, Val *root) {
  int ids = 0;
  put_header(in, b, m, fname, npat, root);
  for (uint32_t i = npat; i-- > 0;) {
    Val *v = &in->vals[i];
    if (v->arg >= 0)
      continue;
    v->id = ids++;
    if (v->kind == V_NODE)
      put_op(in, b, m, v);
    else
      put_const(in, b, m, v);
  }
  rgs_buf_printf(b, "    \"func.return\"(%%%d) : (", root->id);
  put_type(in, b, m, root);
  rgs_buf_puts(b, ") -> ()\n  }) : () -> ()\n}) : () -> ()\n");
}

static void put_inputs(Inst *in, RgsBuf *b, Z3_model m, const char *fname, uint32_t npat) {
  rgs_buf_printf(b, "// input sets for rgopt --inputs (docs/verify.md)\nfunc @%s\n", fname);
  for (int k = 0;; k++) {
    Val *v = NULL;
    for (uint32_t i = 0; i < npat; i++)
      if (in->vals[i].arg == k)
        v = &in->vals[i];
    if (!v)
      break;
    rgs_buf_printf(b, "  arg %d: ", k);
    put_type(in, b, m, v);
    rgs_buf_puts(b, " = [");
    int64_t n = numel(in, m, v);
    for (int64_t e = 0; e < n; e++) {
      Ast idx[MAXR];
      int64_t rest = e;
      for (int d = in->R; d-- > 0;) {
        int64_t dim = mint(in, m, v->dims[d], RG_DT_NONE);
        idx[d] = ix(in, rest % dim);
        rest /= dim;
      }
      rgs_buf_puts(b, e ? (e % 8 ? ", " : ",\n    ") : "");
      put_elem(in, b, m, leaf_at(in, m, v, idx), v->dt, false);
    }
    rgs_buf_puts(b, "]\n");
  }
}

/* ---- one instance, one rule ---- */

typedef enum Outcome { O_SKIP, O_PROVEN, O_REFUTED, O_UNKNOWN } Outcome;

/* The bounds some instance's proof needed. */
typedef struct Seen {
  bool reduce, reshape;
} Seen;

/* The proof of one rule over its instances. */
typedef struct RuleRun {
  const DslRule *rule;
  const char *outdir;
  uint64_t rlimit;
  char why[512];
  uint64_t instances;
  Z3_context z;
  Inst *in;    /* the instance being proven */
  Ev *vars;    /* per rule variable, for each instance */
  bool *bound;
  uint64_t valid; /* instances that are graphs (not skipped) */
  Seen seen;
} RuleRun;

static Z3_lbool check(Inst *in, Ast f, uint64_t rlimit, Z3_solver *keep) {
  /* with no free function left, the bit-vector and float solver */
  Z3_solver sv = in->has_uf ? Z3_mk_solver(Z) : Z3_mk_solver_for_logic(Z, Z3_mk_string_symbol(Z, "QF_FPBV"));
  Z3_solver_inc_ref(Z, sv);
  Z3_params ps = Z3_mk_params(Z);
  Z3_params_inc_ref(Z, ps);
  Z3_params_set_uint(Z, ps, Z3_mk_string_symbol(Z, "rlimit"), rlimit > UINT32_MAX ? UINT32_MAX : (unsigned)rlimit);
  Z3_solver_set_params(Z, sv, ps);
  Z3_params_dec_ref(Z, ps);
  Z3_solver_assert(Z, sv, f);
  Z3_lbool r = Z3_solver_check(Z, sv);
  if (keep && r == Z3_L_TRUE)
    *keep = sv;
  else
    Z3_solver_dec_ref(Z, sv);
  return r;
}

static const char *dt_list(const Inst *in, char *buf, size_t n) {
  if (in->T2 != in->T)
    snprintf(buf, n, "%s to %s", rg_dtype_name(in->T), rg_dtype_name(in->T2));
  else
    snprintf(buf, n, "%s", rg_dtype_name(in->T));
  return buf;
}

static bool write_file(const char *path, RgsBuf *b) {
  char err[256];
  if (b->oom || rgs_write_file_atomic(path, b->data ? b->data : "", b->len, err, sizeof err) != 0) {
    fprintf(stderr, "rulegen: error: %s\n", b->oom ? "out of memory" : err);
    return false;
  }
  return true;
}

/* One instance's query: the pattern's root and the replacement, the
 * index they are compared at, their elements there, and the formula whose
 * models are the counterexamples. */
typedef struct Query {
  Val *root, *rep;
  uint32_t npat;   /* the pattern's values: vals[0, npat) */
  Ast guard;
  Ast idx[MAXR];
  Ast before, after; /* the pattern's element, the replacement's */
  Ast after_defined; /* the replacement's REQUIREs hold */
  Ast parts[5];    /* facts, guard, idx inside the root, the pattern's REQUIREs, a difference */
  Ast f;           /* their conjunction */
} Query;

/* A model of f, with every dim at most 3 if there is one (so that the
 * graph can be written: *small); false when Z3 gives none. */
static bool cex_model(Inst *in, RuleRun *run, Ast f, Z3_solver *sv, bool *small) {
  Ast at_most_3[2 * MAXVALS];
  uint32_t ns = 0;
  for (uint32_t i = 0; i < in->nvals && ns + MAXR < 2 * MAXVALS; i++)
    for (int d = 0; d < in->R && in->vals[i].kind != V_SHAPE && !in->vals[i].scalar; d++)
      if (in->vals[i].dims[d])
        at_most_3[ns++] = Z3_mk_bvule(Z, in->vals[i].dims[d], ix(in, 3));
  Ast fs = and2(in, f, mk_and(in, ns, at_most_3));
  *small = check(in, fs, run->rlimit, sv) == Z3_L_TRUE;
  return *small || check(in, f, run->rlimit, sv) == Z3_L_TRUE;
}

/* The counterexample's line: where, and the elements before and after. */
static void cex_message(Inst *in, RgsBuf *msg, Z3_model m, const Query *q) {
  char tb[32];
  rgs_buf_printf(msg, "counterexample: rank %d, %s: element [", in->R, dt_list(in, tb, sizeof tb));
  for (int d = 0; d < in->R; d++)
    rgs_buf_printf(msg, "%s%lld", d ? ", " : "", (long long)mint(in, m, q->idx[d], RG_DT_NONE));
  rgs_buf_puts(msg, "]: ");
  put_elem(in, msg, m, q->before, q->root->dt, false);
  rgs_buf_puts(msg, " before, ");
  if (Z3_get_bool_value(Z, mval(in, m, q->after_defined)) != Z3_L_TRUE) {
    rgs_buf_puts(msg, "undefined after (a REQUIRE fails)");
  } else {
    put_elem(in, msg, m, q->after, q->root->dt, false);
    rgs_buf_puts(msg, " after");
  }
}

/* What the graph writer cannot spell (it spells every input at the rank,
 * and the attributes of the ops it knows), or NULL. */
static const char *cex_unwritable(const Inst *in) {
  for (uint32_t i = 0; i < in->nvals; i++) {
    const Val *v = &in->vals[i];
    if (v->vec)
      return "per-channel parameters";
    if (v->kind == V_NODE && v->k >= K_RESCALE && v->k != K_OPAQUE)
      return v->op->name;
  }
  return NULL;
}

/* The counterexample as a graph and an input set in outdir, named in msg. */
static void cex_files(Inst *in, RuleRun *run, Z3_model m, const Query *q, RgsBuf *msg) {
  char fname[128];
  snprintf(fname, sizeof fname, "%s_%s", run->rule->pass->name.s, run->rule->name.s);
  RgsBuf g, s;
  rgs_buf_init(&g);
  rgs_buf_init(&s);
  put_graph(in, &g, m, fname, q->npat, q->root);
  put_inputs(in, &s, m, fname, q->npat);
  size_t n = strlen(run->outdir) + strlen(fname) + 16;
  char *pg = malloc(n), *ps = malloc(n);
  if (pg && ps) {
    snprintf(pg, n, "%s/%s.mlir", run->outdir, fname);
    snprintf(ps, n, "%s/%s.inputs", run->outdir, fname);
    if (write_file(pg, &g) && write_file(ps, &s))
      rgs_buf_printf(msg, "; graph: %s, inputs: %s", pg, ps);
  }
  free(pg);
  free(ps);
  rgs_buf_free(&g);
  rgs_buf_free(&s);
}

/* run->why for a satisfiable query: the counterexample, and where its
 * graph was written. */
static void counterexample(Inst *in, RuleRun *run, const Query *q) {
  Z3_solver sv = NULL;
  bool small;
  if (!cex_model(in, run, q->f, &sv, &small)) {
    snprintf(run->why, sizeof run->why, "unknown: a counterexample that Z3 gives no model for");
    return;
  }
  Z3_model m = Z3_solver_get_model(Z, sv);
  Z3_model_inc_ref(Z, m);
  RgsBuf msg;
  rgs_buf_init(&msg);
  cex_message(in, &msg, m, q);
  const char *unwritable = cex_unwritable(in);
  if (unwritable)
    rgs_buf_printf(&msg, " (no graph written: %s)", unwritable);
  else if (small && run->outdir)
    cex_files(in, run, m, q, &msg);
  else if (!small)
    rgs_buf_puts(&msg, " (dims over 3: no graph written)");
  snprintf(run->why, sizeof run->why, "%s", msg.data ? msg.data : "counterexample");
  rgs_buf_free(&msg);
  Z3_model_dec_ref(Z, m);
  Z3_solver_dec_ref(Z, sv);
}

/* Whether t is a free constant (not a numeral, not computed). */
static bool free_const(Inst *in, Ast t) {
  return t && Z3_get_ast_kind(Z, t) == Z3_APP_AST && Z3_get_app_num_args(Z, Z3_to_app(Z, t)) == 0 &&
         Z3_get_decl_kind(Z, Z3_get_app_decl(Z, Z3_to_app(Z, t))) == Z3_OP_UNINTERPRETED;
}

/* The next permutation of p[0..n) in lexicographic order; false after
 * the last. */
static bool next_perm(int64_t *p, int n) {
  int i = n - 2;
  while (i >= 0 && p[i] >= p[i + 1])
    i--;
  if (i < 0)
    return false;
  int j = n - 1;
  while (p[j] <= p[i])
    j--;
  int64_t t = p[i];
  p[i] = p[j], p[j] = t;
  for (int a = i + 1, b = n - 1; a < b; a++, b--)
    t = p[a], p[a] = p[b], p[b] = t;
  return true;
}

/* A query over the resource limit, split by the value of one free
 * permutation (a transpose's perms, or the layout plan's): each of the
 * R! queries has numerals where the whole had index selections. */
static Z3_lbool split_by_perm(Inst *in, Ast f, uint64_t rlimit) {
  Ast *perm = NULL;
  for (uint32_t i = 0; i < in->nvals && !perm && in->R > 1; i++) {
    Val *v = &in->vals[i];
    if (v->kind == V_NODE && v->k == K_TRANSPOSE && free_const(in, v->perm[0]))
      perm = v->perm;
    else if (free_const(in, v->layout[0]))
      perm = v->layout;
  }
  if (!perm)
    return Z3_L_UNDEF;
  int64_t p[MAXR];
  for (int d = 0; d < in->R; d++)
    p[d] = d;
  do {
    Ast to[MAXR];
    for (int d = 0; d < in->R; d++)
      to[d] = i64(in, p[d]);
    Ast g = Z3_simplify(Z, Z3_substitute(Z, f, (unsigned)in->R, perm, to));
    Z3_lbool r = check(in, g, rlimit, NULL);
    if (r != Z3_L_FALSE)
      return r == Z3_L_TRUE ? Z3_L_TRUE : Z3_L_UNDEF;
  } while (next_perm(p, in->R));
  return Z3_L_FALSE;
}

/* The pattern, the guard and the replacement of this instance; false
 * when the instance is invalid (in->invalid) or cannot be encoded. */
static bool build_sides(Inst *in, const DslRule *r, Query *q) {
  q->root = build_pat(in, r->pattern, RG_DT_NONE, false, false);
  if (!q->root || in->invalid || in->unknown[0])
    return false;
  /* the root's own type: as its op computes it */
  q->npat = in->nvals;
  q->guard = Z3_mk_true(Z);
  if (r->guard) {
    Ev g;
    in->guard_root = r->guard;
    bool ok = ev(in, r->guard, &g);
    in->guard_root = NULL;
    if (!ok || in->invalid)
      return false;
    q->guard = g.t;
  }
  in->build->in_repl = true;
  q->rep = build_rep(in, r->repl, q->root->dt, false, false);
  if (!q->rep || in->invalid || in->unknown[0])
    return false;
  if (q->rep->kind == V_SHAPE || q->rep->dt != q->root->dt || q->rep->scalar)
    return in->invalid = true, false; /* a replacement of another type is refused */
  return true;
}

/* The query: an index inside the root where the pattern's element is
 * defined and the replacement's is not, or differs; false when an element
 * has no encoding. */
static bool build_query(Inst *in, Query *q) {
  for (int d = 0; d < in->R; d++) /* a replacement of another shape is refused */
    fact(in, Z3_mk_eq(Z, q->rep->dims[d], q->root->dims[d]));
  Ast bounds[MAXR];
  for (int d = 0; d < in->R; d++) {
    q->idx[d] = fresh(in, "i", bv(in, IBITS));
    bounds[d] = Z3_mk_bvult(Z, q->idx[d], q->root->dims[d]);
  }
  in->reqs = in->reqbuf;
  in->nreqs = 0;
  Ast a = q->before = elem(in, q->root, q->idx);
  Ast def_old = mk_and(in, in->nreqs, in->reqbuf);
  in->nreqs = 0;
  Ast b = q->after = a ? elem(in, q->rep, q->idx) : NULL;
  if (!a || !b || in->unknown[0])
    return false;
  for (uint32_t i = 0; i < in->build->nnewreqs && in->nreqs < MAXFACTS; i++)
    in->reqbuf[in->nreqs++] = in->build->newreqs[i];
  Ast def_new = q->after_defined = mk_and(in, in->nreqs, in->reqbuf);
  Ast same = and2(in, def_new, Z3_mk_eq(Z, a, b));
  Ast parts[5] = {mk_and(in, in->nfacts, in->facts), q->guard, mk_and(in, (uint32_t)in->R, bounds), def_old,
                  Z3_mk_not(Z, same)};
  memcpy(q->parts, parts, sizeof parts);
  q->f = Z3_mk_and(Z, 5, parts);
  if (getenv("RG_PROVE_DEBUG"))
    fprintf(stderr, "old: %s\n", Z3_ast_to_string(Z, a)), fprintf(stderr, "new: %s\n", Z3_ast_to_string(Z, b));
  return true;
}

/* The query asked: proven, unknown, or a counterexample (retried where
 * it may rest on a value with no exact meaning); run->why says why. */
static Outcome verdict(Inst *in, RuleRun *run, Query *q) {
  run->instances++;
  Z3_lbool res = check(in, q->f, run->rlimit, NULL);
  if (res == Z3_L_UNDEF && run->rule->guard) {
    /* the guard dropped (its facts kept): a proof then holds for more graphs */
    Ast weaker = Z3_mk_and(Z, 4, (Ast[]){q->parts[0], q->parts[2], q->parts[3], q->parts[4]});
    if (check(in, weaker, run->rlimit, NULL) == Z3_L_FALSE)
      res = Z3_L_FALSE;
  }
  if (res == Z3_L_UNDEF)
    res = split_by_perm(in, q->f, run->rlimit);
  switch (res) {
  case Z3_L_FALSE: return O_PROVEN;
  case Z3_L_UNDEF:
    snprintf(run->why, sizeof run->why, "unknown: Z3 reached its resource limit (rlimit %llu) at rank %d, %s",
             (unsigned long long)run->rlimit, in->R, rg_dtype_name(in->T));
    return O_UNKNOWN;
  default: break;
  }
  if (in->nuninterp) {
    snprintf(run->why, sizeof run->why,
             "unknown: extern %s has no SMT meaning, and a counterexample needs its value (rank %d, %s)",
             in->uninterp[0], in->R, rg_dtype_name(in->T));
    return O_UNKNOWN;
  }
  if (in->opaque_used && !in->free_always) { /* one where no free value is read */
    Ast g = and2(in, q->f, mk_and(in, in->nexact, in->exact));
    if (check(in, g, run->rlimit, NULL) == Z3_L_TRUE) {
      in->opaque_used = false;
      q->f = g;
    }
  }
  if (in->opaque_used) {
    snprintf(run->why, sizeof run->why,
             "unknown: a counterexample needs a value with no exact meaning here (rank %d, %s)", in->R,
             rg_dtype_name(in->T));
    return O_UNKNOWN;
  }
  counterexample(in, run, q);
  return strncmp(run->why, "counterexample", 14) == 0 ? O_REFUTED : O_UNKNOWN;
}

static Outcome not_encoded(Inst *in, RuleRun *run) {
  snprintf(run->why, sizeof run->why, "unknown: %s", in->unknown[0] ? in->unknown : "not encoded");
  return O_UNKNOWN;
}

/* One instance of the rule: its sides, the query, the verdict. */
static Outcome run_instance(Inst *in, RuleRun *run) {
  Build build;
  memset(&build, 0, sizeof build);
  in->build = &build;
  Query q;
  memset(&q, 0, sizeof q);
  if (!build_sides(in, run->rule, &q))
    return in->invalid ? O_SKIP : not_encoded(in, run);
  if (!build_query(in, &q))
    return not_encoded(in, run);
  return verdict(in, run, &q);
}

/* The op pattern nodes of a rule in the order build_node takes them. */
static void collect_ops(const DslPattern *p, const DslPattern **out, uint32_t *n) {
  if (p->kind != DSL_PAT_OP)
    return;
  if (*n < 32)
    out[(*n)++] = p;
  for (uint32_t i = 0; i < p->nargs; i++)
    collect_ops(p->args[i], out, n);
}

static bool uses_cast(const DslRule *r, const DslPattern *const *ops, uint32_t n) {
  (void)r;
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j < ops[i]->nops; j++)
      if (kind_of(ops[i]->ops[j]) == K_CAST)
        return true;
  return false;
}

/* The alternatives of one op pattern node that the proof tells apart:
 * free elementwise ops of one arity are one case. */
static uint32_t distinct_alts(const DslPattern *p, const DslOpDecl **out) {
  uint32_t n = 0;
  for (uint32_t j = 0; j < p->nops && n < 64; j++) {
    const DslOpDecl *op = p->ops[j];
    bool dup = false;
    for (uint32_t i = 0; i < n && !dup; i++)
      dup = kind_of(op) == K_OPAQUE && kind_of(out[i]) == K_OPAQUE && out[i]->noperands == op->noperands &&
            out[i]->variadic == op->variadic;
    if (!dup)
      out[n++] = op;
  }
  return n;
}

/* Whether a rule only moves elements (every op of the pattern and the
 * replacement an index map): its proof then holds for any element type
 * once it holds for one with enough values to tell every read apart. */
static bool moves_only_kind(Kind k) {
  return k == K_IDENT || k == K_TRANSPOSE || k == K_REVERSE || k == K_CONCAT || k == K_SLICE || k == K_CONST_SHAPE ||
         k == K_RESHAPE || k == K_TILE;
}
static bool repl_moves_only(const DslRepl *r) {
  if (r->kind == DSL_REP_OP && r->op && !moves_only_kind(kind_of(r->op)))
    return false;
  if (r->kind == DSL_REP_OP && !r->op)
    return false; /* an op capture: checked on the pattern side */
  if (r->kind == DSL_REP_EXPR || r->kind == DSL_REP_LIST || r->kind == DSL_REP_FOR)
    return false;
  for (uint32_t i = 0; i < r->nargs; i++)
    if (r->args[i]->kind != DSL_REP_VAR && !repl_moves_only(r->args[i]) && r->args[i]->kind != DSL_REP_OP)
      return false;
    else if (r->args[i]->kind == DSL_REP_OP && !repl_moves_only(r->args[i]))
      return false;
  return true;
}
static bool pat_moves_only(const DslPattern *p) {
  if (p->kind == DSL_PAT_SPLAT)
    return false;
  if (p->kind != DSL_PAT_OP)
    return true;
  for (uint32_t j = 0; j < p->nops; j++)
    if (!moves_only_kind(kind_of(p->ops[j])))
      return false;
  for (uint32_t i = 0; i < p->nargs; i++)
    if (!pat_moves_only(p->args[i]))
      return false;
  return true;
}

static const RgDType data_types[] = {RG_DT_F32, RG_DT_F16, RG_DT_BF16, RG_DT_I8, RG_DT_I16, RG_DT_I32};
enum { NDT = sizeof data_types / sizeof *data_types };

/* One instance of the enumeration: rank, element types, alternatives,
 * axes, operands behind a ..rest. */
typedef struct Choice {
  int R;
  RgDType T, T2, Tr[2];
  uint32_t extra;
  const DslOpDecl *alt[32];
  uint32_t nalt;
  int64_t axes[8];
  uint32_t naxes;
} Choice;

static void inst_init(Inst *in, Z3_context z, const Choice *c, RuleRun *run) {
  memset(in, 0, sizeof *in);
  in->z = z, in->R = c->R, in->T = c->T, in->T2 = c->T2;
  in->vars = run->vars, in->bound = run->bound, in->rest_extra = c->extra;
  memcpy(in->Tr, c->Tr, sizeof in->Tr);
  memcpy(in->alt, c->alt, sizeof c->alt), in->nalt = c->nalt;
  memcpy(in->axes, c->axes, sizeof c->axes), in->naxes = c->naxes;
  memset(run->vars, 0, sizeof *run->vars * (run->rule->nvars + 1));
  memset(run->bound, 0, sizeof *run->bound * (run->rule->nvars + 1));
  run->why[0] = 0;
}

/* One instance: first with arithmetic as free functions (when abstract),
 * then exactly, then with reductions folded and reshapes by their offsets,
 * bounded. */
static Outcome prove_instance(RuleRun *run, const Choice *c, bool abstract) {
  Inst *in = run->in;
  Outcome o = O_UNKNOWN;
  for (int attempt = abstract ? 0 : 1; attempt < 3; attempt++) {
    inst_init(in, run->z, c, run);
    in->abstract = attempt == 0;
    in->fold_reduce = in->flat_reshape = attempt == 2;
    o = run_instance(in, run);
    run->seen.reduce |= in->bounded_reduce;
    run->seen.reshape |= in->bounded_reshape;
    if (o == O_PROVEN || o == O_SKIP || (attempt == 1 && !in->long_reduce && !in->other_reshape))
      break;
  }
  return o;
}

/* What a rule's instances range over besides the rank: the alternatives
 * of each op pattern node, the axes, the element types. */
typedef struct Space {
  const DslPattern *ops[32];
  uint32_t nops;
  const DslOpDecl *alts[8][64];
  uint32_t nalts[8];
  uint32_t naxes;      /* op nodes that take an axis */
  bool cast;           /* a second element type, each to each */
  uint32_t nresc, nrt; /* RESCALEs, and the choices of their result types */
  bool variadic_rest;  /* a ..rest of a variadic op: 0-2 operands */
  bool moves;          /* elements only move: one element type will do */
  uint32_t ndt;
  const RgDType *types;
} Space;

/* The space of rule r; false when its pattern is too large. */
static bool rule_space(const DslRule *r, Space *sp) {
  static const RgDType moved_types[] = {RG_DT_I16};
  memset(sp, 0, sizeof *sp);
  collect_ops(r->pattern, sp->ops, &sp->nops);
  if (sp->nops > 8)
    return false;
  for (uint32_t i = 0; i < sp->nops; i++) {
    sp->nalts[i] = distinct_alts(sp->ops[i], sp->alts[i]);
    bool ax = false;
    for (uint32_t j = 0; j < sp->nalts[i]; j++)
      ax |= needs_axis(kind_of(sp->alts[i][j]));
    sp->naxes += ax;
  }
  sp->cast = uses_cast(r, sp->ops, sp->nops);
  sp->nrt = 1; /* the RESCALEs' result types, each i8 i16 i32 */
  for (uint32_t i = 0; i < sp->nops; i++)
    for (uint32_t j = 0; j < sp->ops[i]->nops; j++)
      if (kind_of(sp->ops[i]->ops[j]) == K_RESCALE) {
        sp->nresc++, sp->nrt *= 3;
        break;
      }
  for (uint32_t i = 0; i < sp->nops; i++)
    for (uint32_t j = 0; j < sp->nalts[i]; j++)
      sp->variadic_rest |= sp->alts[i][j]->variadic && sp->ops[i]->rest.s;
  sp->moves = pat_moves_only(r->pattern) && repl_moves_only(r->repl);
  sp->ndt = sp->moves ? 1 : NDT;
  sp->types = sp->moves ? moved_types : data_types;
  return true;
}

/* Every choice of alternatives and axes at ch's rank and types, as one
 * mixed-radix count; the first outcome that is not a proof. */
static Outcome prove_choices(RuleRun *run, const Space *sp, Choice *ch) {
  int R = ch->R;
  uint64_t total = 1;
  for (uint32_t i = 0; i < sp->nops; i++)
    total *= sp->nalts[i];
  for (uint32_t i = 0; i < sp->naxes; i++)
    total *= R ? (uint64_t)R : 1;
  for (uint64_t c = 0; c < total; c++) {
    uint64_t rest = c;
    for (uint32_t i = 0; i < sp->nops; i++) {
      ch->alt[i] = sp->alts[i][rest % sp->nalts[i]];
      rest /= sp->nalts[i];
    }
    for (uint32_t i = 0; i < sp->naxes; i++) {
      ch->axes[i] = R ? (int64_t)(rest % (uint64_t)R) : 0;
      rest /= R ? (uint64_t)R : 1;
    }
    if (sp->naxes && R == 0)
      continue;
    Outcome o = prove_instance(run, ch, !sp->moves);
    if (o == O_SKIP)
      continue;
    run->valid++;
    if (o != O_PROVEN)
      return o;
  }
  return O_PROVEN;
}

/* Every instance: ranks, element types, RESCALE result types, operands
 * behind a ..rest, then the choices; the first outcome that is not a
 * proof. */
static Outcome prove_instances(RuleRun *run, const Space *sp) {
  static const RgDType int_types[3] = {RG_DT_I8, RG_DT_I16, RG_DT_I32};
  Outcome res = O_PROVEN;
  for (int R = 0; R <= MAXR && res == O_PROVEN; R++)
    for (uint32_t t = 0; t < sp->ndt && res == O_PROVEN; t++)
      for (uint32_t t2 = 0; t2 < (sp->cast ? NDT : 1) && res == O_PROVEN; t2++)
        for (uint32_t rt = 0; rt < sp->nrt && res == O_PROVEN; rt++)
          for (uint32_t extra = 0; extra < (sp->variadic_rest ? 3u : 1u) && res == O_PROVEN; extra++) {
            Choice ch = {.R = R, .T = sp->types[t], .T2 = sp->cast ? data_types[t2] : sp->types[t],
                         .Tr = {int_types[rt % 3], int_types[rt / 3 % 3]}, .extra = extra,
                         .nalt = sp->nops, .naxes = sp->naxes};
            res = prove_choices(run, sp, &ch);
          }
  return res;
}

/* What a proof covers, for its line. */
static void proven_bounds(const Space *sp, const Seen *seen, char *bounds, size_t nbounds) {
  snprintf(bounds, nbounds, "ranks 0-6, dims 1..65535, %s%s%s%s%s",
           sp->moves   ? "any element type (elements only move)"
           : sp->nresc ? "i8 i16 i32 to i8 i16 i32 at each RESCALE"
           : sp->cast  ? "f32 f16 bf16 i8 i16 i32 to each"
                       : "f32 f16 bf16 i8 i16 i32",
           sp->naxes ? ", every axis" : "", sp->variadic_rest ? ", ..rest of 0-2 operands" : "",
           seen->reduce ? ", reduced axes of 1.." "4" " elements" : "",
           seen->reshape ? ", reshapes to another shape: inputs of up to 65535 elements" : "");
}

/* Proves one rule over every instance; the outcome and run->why, or what
 * the proof covers in bounds. */
static Outcome prove_rule(Z3_context z, RuleRun *run, char *bounds, size_t nbounds) {
  const DslRule *r = run->rule;
  if (r->repl->kind == DSL_REP_ERASE) {
    snprintf(bounds, nbounds, "removes only a root nothing reads");
    return O_PROVEN;
  }
  Space sp;
  if (!rule_space(r, &sp)) {
    snprintf(run->why, sizeof run->why, "unknown: a pattern of more than 8 ops");
    return O_UNKNOWN;
  }
  run->z = z;
  run->vars = calloc(r->nvars + 1, sizeof *run->vars);
  run->bound = calloc(r->nvars + 1, sizeof *run->bound);
  run->in = malloc(sizeof *run->in);
  Outcome res = O_UNKNOWN;
  if (!run->vars || !run->bound || !run->in)
    snprintf(run->why, sizeof run->why, "unknown: out of memory");
  else
    res = prove_instances(run, &sp);
  if (res == O_PROVEN && !run->valid) {
    snprintf(run->why, sizeof run->why, "unknown: no instance of the pattern has types this prover covers");
    res = O_UNKNOWN;
  }
  if (res == O_PROVEN)
    proven_bounds(&sp, &run->seen, bounds, nbounds);
  free(run->vars);
  free(run->bound);
  free(run->in);
  return res;
}

int rulegen_prove(DslProgram *prog, uint64_t rlimit, const char *outdir) {
  Z3_config cfg = Z3_mk_config();
  Z3_context z = Z3_mk_context(cfg);
  Z3_del_config(cfg);
  Z3_set_error_handler(z, NULL);
  uint32_t proven = 0, refuted = 0, unknowns = 0;
  clock_t start = clock();
  for (uint32_t f = 0; f < prog->nroots; f++) {
    const DslFile *file = prog->roots[f];
    uint32_t p0 = proven, r0 = refuted, u0 = unknowns;
    clock_t fstart = clock();
    for (uint32_t d = 0; d < file->ndecls; d++) {
      if (file->decls[d]->kind != DSL_DECL_PASS)
        continue;
      const DslPass *pass = file->decls[d]->u.pass;
      for (uint32_t i = 0; i < pass->nrules; i++) {
        RuleRun run;
        memset(&run, 0, sizeof run);
        run.rule = pass->rules[i];
        run.outdir = outdir;
        run.rlimit = rlimit;
        char bounds[256] = "";
        Outcome o = prove_rule(z, &run, bounds, sizeof bounds);
        printf("%s.%s: ", pass->name.s, run.rule->name.s);
        if (run.rule->inexact && o != O_PROVEN)
          printf("inexact, not proven bit-exact: ");
        if (o == O_PROVEN)
          printf("proven (%s)\n", bounds);
        else
          printf("%s\n", run.why);
        fflush(stdout);
        proven += o == O_PROVEN;
        refuted += o == O_REFUTED;
        unknowns += o == O_UNKNOWN;
      }
    }
    uint32_t n = proven - p0 + refuted - r0 + unknowns - u0;
    if (n)
      printf("rulegen: prove: %s: %u rules: %u proven, %u refuted, %u unknown (%.2f s CPU)\n", file->src->name, n,
             proven - p0, refuted - r0, unknowns - u0, (double)(clock() - fstart) / CLOCKS_PER_SEC);
  }
  printf("rulegen: prove: %u rules: %u proven, %u refuted, %u unknown (%.2f s CPU)\n", proven + refuted + unknowns,
         proven, refuted, unknowns, (double)(clock() - start) / CLOCKS_PER_SEC);
  Z3_del_context(z);
  return refuted ? 1 : 0;
}

#endif
