/* tools/prover/instance.c - one instance of a rule: its values (inputs,
 * splats, nodes) with symbolic dims, the op alternatives and axes chosen,
 * and the validity rules of shapes and attributes. */
#include "prover.h"

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

Kind kind_of(const DslOpDecl *op) {
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
    if (strcmp(kinds[i].name, op->name) == 0)
      return kinds[i].k;
  /* other elementwise ops: a free function of their operands' elements */
  return op->traits & (1u << DSL_TRAIT_ELEMENTWISE) ? K_OPAQUE : K_NONE;
}

static bool is_reduce(Kind k) { return k >= K_RSUM && k <= K_RANY; }

Val *new_val(Inst *in, VKind kind, RgDType dt) {
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

bool is_op(const Val *v, Kind k) { return v->kind == V_NODE && v->k == k; }

void fresh_dims(Inst *in, Val *v) {
  for (int d = 0; d < in->R; d++) {
    v->dims[d] = fresh(in, "dim", bv(in, IBITS));
    fact(in, Z3_mk_bvuge(Z, v->dims[d], ix(in, 1)));
    fact(in, Z3_mk_bvult(Z, v->dims[d], ix(in, 1 << 16)));
  }
}

Val *new_leaf(Inst *in, RgDType dt, bool scalar) {
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

/* ---- building the instance ---- */

Ast axis_dim(Inst *in, Ast const *dims, Ast axis) {
  Ast r = dims[0];
  for (int d = 1; d < in->R; d++)
    r = Z3_mk_ite(Z, Z3_mk_eq(Z, axis, i64(in, d)), dims[d], r);
  return r;
}

/* The ints of operand i when it is a const_shape (0 otherwise). */
uint32_t shape_operand(const Inst *in, Kind k, uint32_t i) {
  if ((k == K_SLICE && i > 0) || ((k == K_TILE || k == K_RESHAPE) && i == 1))
    return (uint32_t)in->R;
  if (k == K_RESIZE && i > 0) /* scale (4), offset (2), border (2) */
    return i == 1 ? 4 : 2;
  return k == K_PAD && i == 1 ? 2 * (uint32_t)in->R : 0;
}

/* Operands that are one-element tensors whatever the rank. */
bool scalar_operand(const DslOpDecl *op, uint32_t k) {
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

/* The element type of operand k and of the result, from the instance's
 * element types T (data) and T2 (a cast's result). */
RgDType operand_dt(const Inst *in, const DslOpDecl *op, Kind k, uint32_t i) {
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

RgDType result_dt(const Inst *in, Kind k) {
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
bool op_takes(Kind k, RgDType dt) {
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
Ast few_elements(Inst *in, Ast const *dims, Ast *bounded) {
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
void reshape_rules(Inst *in, Val *n) {
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
void node_shape(Inst *in, Val *n) {
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
void fresh_attrs(Inst *in, Val *n) {
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

void attr_rules(Inst *in, Val *n) {
  if (n->k == K_CLAMP)
    fact(in, ele(in, n->dt, n->lo, n->hi));
}

/* The next axis of the enumeration. */
int64_t next_axis(Inst *in) {
  if (in->axispos >= in->naxes) {
    unknown(in, "too many axes");
    return 0;
  }
  return in->axes[in->axispos++];
}

bool needs_axis(Kind k) { return is_reduce(k) || k == K_REVERSE || k == K_CONCAT; }
