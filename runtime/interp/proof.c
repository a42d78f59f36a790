/* runtime/interp/proof.c - proof by execution (rulegen/proof.h): every function
 * of the graph on a few random input sets before a rewrite, the same
 * inputs after it, results compared bit for bit, or within a tolerance
 * after inexact rules. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "rulegen/proof.h"
#include "interp/interp_internal.h"

/* A run keeps its outputs but not its inputs: they are remade from the
 * seed, one argument at a time, when the check runs (a network whose
 * weights are arguments would otherwise hold a copy of them per run). The
 * argument types are kept to notice a rewrite that changed them. */
typedef struct ProofRun {
  const char *name; /* the function's sym_name, owned by the proof */
  uint32_t seed;
  bool ranged;      /* inputs in [0, 1] rather than the full range */
  RgTensor *outputs;
  uint32_t noutputs;
  RgTensor *args; /* shapes and element types only, no elements */
  uint32_t nargs;
} ProofRun;

#define PROOF_SEED(s) (0x5eed0000u + (s))

struct RgProof {
  ProofRun *runs;
  uint32_t num, cap;
};

static const char *func_name(const RgNode *f) {
  const RgAttr *a = rg_node_attr(f, "sym_name");
  return a && a->kind == RG_ATTR_STRING ? a->u.str.data : "?";
}

static void note_msg(RgProofNoteFn note, void *user, const char *fmt, ...) RGS_PRINTF(3, 4);
static void note_msg(RgProofNoteFn note, void *user, const char *fmt, ...) {
  if (!note)
    return;
  char msg[768];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  note(user, msg);
}

static void free_run(ProofRun *r) {
  rg_tensor_array_free(r->outputs, r->noutputs);
  rg_free((char *)r->name);
  rg_free(r->args);
}

/* The layout of argument i of b into *t (no elements); false when the
 * interpreter cannot hold its type. */
static bool arg_layout(const RgBlock *b, uint32_t i, RgTensor *t) {
  memset(t, 0, sizeof *t);
  return interp_type_layout(b->args[i]->type, &t->dtype, &t->rank, t->dims) == RG_OK;
}

/* Whether f has a body whose arguments can all get random inputs. */
static bool runnable_args(const RgNode *f) {
  const RgBlock *b = f->num_regions ? f->regions[0].first : NULL;
  RgTensor t;
  for (uint32_t i = 0; b && i < b->num_args; i++)
    if (!arg_layout(b, i, &t))
      return false;
  return b != NULL;
}

/* The argument layouts of f, into r. */
static bool keep_args(ProofRun *r, const RgNode *f) {
  const RgBlock *b = f->regions[0].first;
  r->nargs = b->num_args;
  r->args = rg_alloc(sizeof *r->args * (b->num_args ? b->num_args : 1));
  if (!r->args)
    return false;
  for (uint32_t i = 0; i < b->num_args; i++)
    arg_layout(b, i, &r->args[i]);
  return true;
}

/* Whether f still takes the arguments r was run on. */
static bool same_args(const ProofRun *r, const RgNode *f) {
  const RgBlock *b = f->num_regions ? f->regions[0].first : NULL;
  if (!b || b->num_args != r->nargs)
    return false;
  for (uint32_t i = 0; i < r->nargs; i++) {
    RgTensor t;
    if (!arg_layout(b, i, &t) || !rg_tensor_same_type(&t, &r->args[i]))
      return false;
  }
  return true;
}

void rg_proof_free(RgProof *p) {
  if (!p)
    return;
  for (uint32_t i = 0; i < p->num; i++)
    free_run(&p->runs[i]);
  rg_free(p->runs);
  rg_free(p);
}

uint32_t rg_proof_num_runs(const RgProof *p) { return p ? p->num : 0; }

static bool add_run(RgProof *p, ProofRun *r) {
  if (p->num == p->cap) {
    uint32_t cap = p->cap ? p->cap * 2 : 8;
    ProofRun *n = rg_realloc(p->runs, sizeof *n * cap);
    if (!n)
      return false;
    p->runs = n;
    p->cap = cap;
  }
  p->runs[p->num++] = *r;
  return true;
}

/* The block whose func.func ops are run: the top level when it holds
 * functions (a file of bare functions), else the body of the module. */
static RgBlock *func_block(RgGraph *g) {
  RgBlock *b = rg_graph_body(g);
  for (RgNode *n = b->first; n; n = n->next)
    if (strcmp(rg_op_name(g, n->op), "func.func") == 0)
      return b;
  RgNode *top = b->first;
  return top && top->num_regions ? top->regions[0].first : NULL;
}

RgStatus rg_proof_record(RgInterp *ip, uint32_t runs, RgProofNoteFn note, void *user, RgProof **out,
                         char *err, size_t errlen) {
  char no_err[1];
  if (!err || !errlen) {
    err = no_err;
    errlen = sizeof no_err;
  }
  *out = NULL;
  err[0] = 0;
  RgProof *p = rg_alloc(sizeof *p);
  if (!p)
    return RG_ERR_NOMEM;
  memset(p, 0, sizeof *p);
  RgGraph *g = rg_eval_graph(ip);
  RgBlock *body = func_block(g);
  RgStatus st = RG_OK;
  for (RgNode *f = body ? body->first : NULL; f && st == RG_OK; f = f->next) {
    if (strcmp(rg_op_name(g, f->op), "func.func") != 0)
      continue;
    const char *name = func_name(f);
    for (uint32_t s = 0; s < runs && st == RG_OK; s++) {
      ProofRun r = {NULL, s, false, NULL, 0, NULL, 0};
      char msg[512] = "";
      if (!runnable_args(f)) {
        note_msg(note, user, "@%s: cannot make inputs for its arguments", name);
        break;
      }
      RgStatus rs = interp_run_random(ip, f, PROOF_SEED(s), false, 0, 0, &r.outputs, &r.noutputs, msg,
                                      sizeof msg);
      if (rs != RG_OK && rg_interp_last_error(ip) == RG_INTERP_UNPREDICTABLE) {
        /* Full-range inputs broke a REQUIRE (an index out of range, an
         * overflow): draw them again once, every input in [0, 1]. */
        r.ranged = true;
        rs = interp_run_random(ip, f, PROOF_SEED(s), true, 0, 1, &r.outputs, &r.noutputs, msg, sizeof msg);
      }
      if (rs != RG_OK) {
        RgInterpError kind = rg_interp_last_error(ip);
        if (kind == RG_INTERP_NO_EVALUATOR) {
          snprintf(err, errlen, "@%s: %s", name, msg);
          st = RG_ERR_INVALID;
        } else if (kind == RG_INTERP_NOMEM) {
          snprintf(err, errlen, "@%s (inputs %u): %s", name, s, msg);
          st = RG_ERR_NOMEM;
        } else {
          note_msg(note, user, "@%s (inputs %u) not executed: %s", name, s, msg);
          if (kind == RG_INTERP_UNSUPPORTED)
            break;
        }
        continue;
      }
      r.name = rgs_strdup(name);
      if (!r.name || !keep_args(&r, f) || !add_run(p, &r)) {
        free_run(&r);
        st = RG_ERR_NOMEM;
      }
    }
  }
  if (st != RG_OK) {
    if (st == RG_ERR_NOMEM && !err[0])
      snprintf(err, errlen, "out of memory recording the runs");
    rg_proof_free(p);
    return st;
  }
  *out = p;
  return RG_OK;
}

bool rg_tolerance_parse(const char *text, RgTolerance *tol) {
  char *end;
  double rel = strtod(text, &end), floor = tol->floor;
  bool ok = end != text && rel > 0 && rel < 1;
  if (ok && *end == ',') {
    const char *f = end + 1;
    floor = strtod(f, &end);
    ok = end != f && floor > 0 && floor < 1e30;
  }
  if (!ok || *end)
    return false;
  tol->rel = rel;
  tol->floor = floor;
  return true;
}

int64_t rg_tensor_first_far(const RgTensor *a, const RgTensor *b, RgTolerance tol, double *max_err, char *msg,
                            size_t msglen) {
  if (!rg_tensor_same_type(a, b) || !rg_dtype_is_float(a->dtype))
    return rg_tensor_first_diff(a, b, msg, msglen);
  for (int64_t i = 0; i < a->numel; i++) {
    double x = rg_tensor_get_float(a, i), y = rg_tensor_get_float(b, i);
    if (isnan(x) || isnan(y) || isinf(x) || isinf(y)) {
      if ((isnan(x) && isnan(y)) || x == y)
        continue;
    } else {
      double scale = fmax(fmax(fabs(x), fabs(y)), tol.floor);
      double e = scale > 0 ? fabs(x - y) / scale : 0;
      if (max_err && e > *max_err)
        *max_err = e;
      if (e <= tol.rel)
        continue;
    }
    if (msg && msglen)
      snprintf(msg, msglen, "element %lld: %.9g != %.9g (relative error %.3g, tolerance %g)", (long long)i, x,
               y, fabs(x - y) / fmax(fmax(fabs(x), fabs(y)), tol.floor), tol.rel);
    return i;
  }
  return -1;
}

static RgStatus check(const RgProof *p, RgInterp *ip, const RgTolerance *tol, double *max_err, char *err,
                      size_t errlen) {
  char no_err[1];
  if (!err || !errlen) {
    err = no_err;
    errlen = sizeof no_err;
  }
  double worst = 0;
  RgGraph *g = rg_eval_graph(ip);
  for (uint32_t i = 0; p && i < p->num; i++) {
    const ProofRun *r = &p->runs[i];
    const RgNode *f = rg_interp_find_func(g, r->name);
    RgTensor *out = NULL;
    uint32_t nout = 0;
    char msg[512] = "";
    bool same = f && same_args(r, f);
    if (f && !same)
      snprintf(msg, sizeof msg, "its arguments changed");
    RgStatus rs = same ? interp_run_random(ip, f, PROOF_SEED(r->seed), r->ranged, 0, 1, &out, &nout, msg,
                                           sizeof msg)
                       : RG_ERR_INVALID;
    if (rs != RG_OK && same && rg_interp_last_error(ip) == RG_INTERP_NOMEM) {
      snprintf(err, errlen, "@%s (inputs %u) after the passes: %s", r->name, r->seed, msg);
      return RG_ERR_NOMEM;
    }
    if (rs != RG_OK) {
      snprintf(err, errlen, "@%s (inputs %u) ran before the passes but not after: %s", r->name, r->seed,
               f ? msg : "function is gone");
      return RG_ERR_VERIFY;
    }
    RgStatus st = RG_OK;
    if (nout != r->noutputs) {
      snprintf(err, errlen, "@%s returns %u results after the passes, %u before", r->name, nout, r->noutputs);
      st = RG_ERR_VERIFY;
    }
    for (uint32_t k = 0; k < nout && st == RG_OK; k++) {
      const RgTensor *before = &r->outputs[k];
      if (tol ? rg_tensor_first_far(before, &out[k], *tol, &worst, msg, sizeof msg) >= 0
              : rg_tensor_first_diff(before, &out[k], msg, sizeof msg) >= 0) {
        snprintf(err, errlen, "@%s result %u differs after the passes (inputs %u): %s", r->name, k, r->seed,
                 msg);
        st = RG_ERR_VERIFY;
      }
    }
    rg_tensor_array_free(out, nout);
    if (st != RG_OK)
      return st;
  }
  if (max_err)
    *max_err = worst;
  return RG_OK;
}

RgStatus rg_proof_check(const RgProof *p, RgInterp *ip, char *err, size_t errlen) {
  return check(p, ip, NULL, NULL, err, errlen);
}

RgStatus rg_proof_check_within(const RgProof *p, RgInterp *ip, RgTolerance tol, double *max_err, char *err,
                               size_t errlen) {
  if (max_err)
    *max_err = 0;
  return check(p, ip, &tol, max_err, err, errlen);
}
