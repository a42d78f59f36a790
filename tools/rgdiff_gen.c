/* tools/rgdiff_gen.c - the graph generator's building blocks (typed nodes
 * through the ops' shape hooks, shapes, permutations, picking operands) and
 * gen_graph, which builds graph number `seed` of any family. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/builtin.h"
#include "rgdiff.h"
#include "rgdiff_tosa.h"

const RgOpDesc *gen_find_desc(const char *name) {
  for (uint32_t i = 0; i < rg_num_ops_builtin; i++)
    if (strcmp(rg_ops_builtin[i].name, name) == 0)
      return &rg_ops_builtin[i];
  return NULL;
}

RGS_NORETURN void gen_abort(Gen *G, const char *fmt, const char *a) {
  snprintf(G->err, sizeof G->err, fmt, a);
  longjmp(G->fail, 1);
}

const RgType *gen_ttype(Gen *G, RgDType dt, int32_t rank, const int64_t *dims) {
  const RgType *t = rg_type_tensor(G->g, dt, rank, dims);
  if (!t)
    gen_abort(G, "out of memory%s", "");
  return t;
}

const RgType *gen_like(Gen *G, const RgType *t, RgDType dt) { return gen_ttype(G, dt, t->rank, t->dims); }

/* A detached node of `op` with one result (type `hint`, or NULL: the shape
 * hook computes it in finish). */
RgNode *gen_mk(Gen *G, const char *op, uint32_t nops, RgValue *const *ops, const RgType *hint) {
  RgNode *n = rg_node_create(G->g, &(RgNodeDesc){rg_op_intern(G->g, op, strlen(op)), nops, ops, 1, &hint, 0});
  if (!n)
    gen_abort(G, "out of memory creating %s", op);
  return n;
}

/* Types the result with the op's shape hook (so generated graphs are
 * typed exactly as rewrites type them), appends it, returns the result. */
RgValue *gen_finish(Gen *G, RgNode *n) {
  const char *name = rg_op_name(G->g, n->op);
  const RgOpDesc *d = gen_find_desc(name);
  const RgType *res[1] = {NULL};
  char err[200] = "";
  if (!d || !d->infer || d->infer(G->g, n, res, err, sizeof err) != RG_OK || !res[0]) {
    snprintf(G->err, sizeof G->err, "%s: %s", name, err[0] ? err : "no shape hook");
    longjmp(G->fail, 1);
  }
  rg_value_set_type(&n->results[0], res[0]);
  rg_block_append(G->g, G->body, n);
  return &n->results[0];
}

void gen_push(Gen *G, RgValue *v) {
  if (G->npool < MAX_POOL)
    G->pool[G->npool++] = v;
}

void gen_prop(Gen *G, RgNode *n, const char *name, const RgAttr *a) {
  if (!a || rg_node_set_prop(G->g, n, name, a) != RG_OK)
    gen_abort(G, "out of memory setting %s", name);
}

void gen_prop_opaque(Gen *G, RgNode *n, const char *name, const char *text) {
  gen_prop(G, n, name, rg_attr_opaque(G->g, text, strlen(text)));
}


/* ---- shapes and permutations ---- */

int32_t gen_random_shape(Gen *G, int64_t *dims) {
  int32_t rank = (int32_t)rnd(&G->rng, 1, MAX_RANK);
  int64_t numel = 1;
  for (int32_t i = 0; i < rank; i++) {
    dims[i] = chance(&G->rng, 35) ? 1 : rnd(&G->rng, 2, 5);
    if (numel * dims[i] > 200)
      dims[i] = 1;
    numel *= dims[i];
  }
  return rank;
}

void gen_random_perm(Gen *G, int32_t n, int64_t *p) {
  for (int32_t i = 0; i < n; i++)
    p[i] = i;
  for (int32_t i = n - 1; i > 0; i--) {
    int32_t j = (int32_t)rnd(&G->rng, 0, i);
    int64_t t = p[i];
    p[i] = p[j];
    p[j] = t;
  }
}

void gen_inverse_perm(int32_t n, const int64_t *p, int64_t *inv) {
  for (int32_t i = 0; i < n; i++)
    inv[p[i]] = i;
}

/* A random shape with the same number of elements. */
int32_t gen_refactor(Gen *G, const RgType *t, int64_t *dims) {
  int64_t numel = rg_type_numel(t);
  int32_t rank = (int32_t)rnd(&G->rng, 1, MAX_RANK);
  int64_t left = numel;
  for (int32_t i = 0; i < rank - 1; i++) {
    int64_t divs[64], nd = 0;
    for (int64_t d = 1; d <= left && nd < 64; d++)
      if (left % d == 0)
        divs[nd++] = d;
    dims[i] = divs[rnd(&G->rng, 0, nd - 1)];
    left /= dims[i];
  }
  dims[rank - 1] = left;
  return rank;
}


bool gen_any_value(const RgValue *v) { (void)v; return true; }

RgValue *gen_new_arg(Gen *G, const RgType *t) {
  if (G->nargs == MAX_ARGS)
    gen_abort(G, "too many arguments%s", "");
  RgValue *v = rg_block_add_arg(G->g, G->body, t, NULL);
  if (!v)
    gen_abort(G, "out of memory%s", "");
  G->args[G->nargs++] = v;
  gen_push(G, v);
  return v;
}

static RgValue *new_random_arg(Gen *G, RgDType dt) {
  int64_t dims[MAX_RANK];
  int32_t rank = gen_random_shape(G, dims);
  return gen_new_arg(G, gen_ttype(G, dt, rank, dims));
}

/* A value satisfying `p`: recent ones more often; a new argument of dtype
 * `dt` when there is none. */
RgValue *gen_pick(Gen *G, Pred p, RgDType dt) {
  RgValue *cand[MAX_POOL];
  uint32_t n = 0;
  for (uint32_t i = 0; i < G->npool; i++)
    if (p(G->pool[i]))
      cand[n++] = G->pool[i];
  if (n == 0 || chance(&G->rng, 8))
    return new_random_arg(G, dt);
  if (chance(&G->rng, 50))
    return cand[n - 1];
  return cand[rnd(&G->rng, 0, n - 1)];
}

static bool append_type_text(char *buf, size_t cap, size_t *len, const char *s) {
  size_t n = strlen(s);
  if (*len + n + 1 > cap)
    return false;
  memcpy(buf + *len, s, n + 1);
  *len += n;
  return true;
}

/* Builds graph number `seed`: builtin.module { func.func @main }. Returns
 * NULL (with a message in err) when generation failed. */
/* Motifs added to the TOSA family after its first graphs were in use, each
 * drawn from a random stream of its own after the others: adding them left
 * every seed's other motifs as they were (and with them the rule table's
 * coverage by the first 300 seeds). The axis ops only the layout plan
 * moves, TABLE (sink_table), RESIZE (resize_identity). */
static void add_late_tosa_motifs(Gen *G, uint64_t seed) {
  static const struct {
    void (*motif)(Gen *G);
    uint64_t stream;
    int percent;
  } late[] = {{tgen_m_layout_axes, 29, 40}, {tgen_m_table, 31, 25}, {tgen_m_resize, 37, 10}};
  Rng main_rng = G->rng;
  for (size_t i = 0; i < sizeof late / sizeof late[0]; i++) {
    G->rng.s = seed * 0x9e3779b97f4a7c15ull + late[i].stream;
    if (chance(&G->rng, late[i].percent))
      late[i].motif(G);
  }
  G->rng = main_rng;
}

RgGraph *gen_graph(uint64_t seed, GenFamily family, char *err, size_t errlen) {
  Gen *G = calloc(1, sizeof *G);
  if (!G) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  G->rng.s = seed * 0x2545f4914f6cdd1dull + 17;
  G->g = rg_graph_new();
  if (!G->g) {
    free(G);
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  RgGraph *g = G->g;
  if (setjmp(G->fail)) {
    snprintf(err, errlen, "%s", G->err);
    rg_graph_free(g);
    free(G);
    return NULL;
  }
  RgNode *mod = rg_node_create(g, &(RgNodeDesc){.op = rg_op_intern(g, "builtin.module", 14), .num_regions = 1});
  RgNode *f = rg_node_create(g, &(RgNodeDesc){.op = rg_op_intern(g, "func.func", 9), .num_regions = 1});
  if (!mod || !f)
    gen_abort(G, "out of memory%s", "");
  rg_block_append(g, rg_graph_body(g), mod);
  RgBlock *mb = rg_region_add_block(g, &mod->regions[0]);
  G->body = rg_region_add_block(g, &f->regions[0]);
  if (!mb || !G->body)
    gen_abort(G, "out of memory%s", "");
  rg_block_append(g, mb, f);
  G->func = f;
  gen_prop(G, f, "sym_name", rg_attr_string(g, "main", 4));

  int steps = (int)rnd(&G->rng, 2, 9);
  for (int i = 0; i < steps; i++) {
    if (family == GEN_EDGE)
      gen_edge_motifs[rnd(&G->rng, 0, gen_num_edge_motifs - 1)](G);
    else if (family == GEN_ARM)
      gen_arm_motifs[rnd(&G->rng, 0, gen_num_arm_motifs - 1)](G);
    else
      gen_tosa_motifs[rnd(&G->rng, 0, gen_num_tosa_motifs - 1)](G);
  }
  if (family == GEN_TOSA)
    add_late_tosa_motifs(G, seed);

  /* Return every value nobody uses (and a few that others use too). */
  RgValue *ret[MAX_RET];
  uint32_t nret = 0;
  for (uint32_t i = G->npool; i-- > 0 && nret < MAX_RET;) {
    RgValue *v = G->pool[i];
    bool dup = false;
    for (uint32_t k = 0; k < nret; k++)
      dup = dup || ret[k] == v;
    if (dup || (v->flags & RG_VALUE_BLOCK_ARG))
      continue;
    if (v->num_uses == 0 || chance(&G->rng, 5))
      ret[nret++] = v;
  }
  if (nret == 0)
    ret[nret++] = G->pool[G->npool - 1];
  RgNode *rn = rg_node_create(g, &(RgNodeDesc){rg_op_intern(g, "func.return", 11), nret, ret, 0, NULL, 0});
  if (!rn)
    gen_abort(G, "out of memory%s", "");
  rg_block_append(g, G->body, rn);

  /* function_type = (args) -> results */
  char ft[4096];
  size_t len = 0;
  bool ok = append_type_text(ft, sizeof ft, &len, "(");
  for (uint32_t i = 0; i < G->nargs; i++) {
    ok = ok && (i == 0 || append_type_text(ft, sizeof ft, &len, ", "));
    ok = ok && append_type_text(ft, sizeof ft, &len, G->args[i]->type->text);
  }
  ok = ok && append_type_text(ft, sizeof ft, &len, nret == 1 ? ") -> " : ") -> (");
  for (uint32_t i = 0; i < nret; i++) {
    ok = ok && (i == 0 || append_type_text(ft, sizeof ft, &len, ", "));
    ok = ok && append_type_text(ft, sizeof ft, &len, ret[i]->type->text);
  }
  ok = ok && (nret == 1 || append_type_text(ft, sizeof ft, &len, ")"));
  if (!ok)
    gen_abort(G, "function type too long%s", "");
  const RgType *fty = rg_type_get(g, ft, len);
  if (!fty)
    gen_abort(G, "out of memory%s", "");
  gen_prop(G, f, "function_type", rg_attr_type(g, fty));
  free(G);
  return g;
}
