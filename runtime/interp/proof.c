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
 * argument types are kept to notice a rewrite that changed them, and
 * their spellings to write the inputs of a failure as text. Given input
 * sets (RgProofOptions.given) are kept whole. */
typedef struct ProofRun {
  const char *name; /* the function's sym_name, owned by the proof */
  uint32_t seed;
  bool ranged;      /* inputs in [0, 1] rather than the full range */
  bool edges;       /* edge values mixed in, from edge value seed - 1 */
  InterpInts ints;  /* the function's integer constants when recorded */
  RgTensor *given;  /* a given input set, or NULL */
  uint32_t ngiven;
  char *where;      /* of the given set: "FILE:LINE" */
  RgTensor *outputs;
  uint32_t noutputs;
  RgTensor *args; /* shapes and element types only, no elements */
  bool *shape;    /* per argument: of a dialect's shape type */
  char **types;   /* per argument: its type's spelling */
  uint32_t nargs;
  /* The run of the graph after the passes made beside this one
   * (interp_proof_record_paired), for the next check on that graph. */
  bool paired;
  RgTensor *after;
  uint32_t nafter;
  RgStatus after_st;
  RgInterpError after_kind;
  char *after_msg;
} ProofRun;

#define PROOF_SEED(s) (0x5eed0000u + (s))

struct RgProof {
  ProofRun *runs;
  uint32_t num, cap;
  int64_t failed; /* the run the last check failed on, or -1 */
  const RgGraph *paired_g; /* the graph the runs after were made on, until checked */
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

/* Forgets the run after the passes kept with r. */
static void drop_after(ProofRun *r) {
  rg_tensor_array_free(r->after, r->nafter);
  rg_free(r->after_msg);
  r->after = NULL;
  r->nafter = 0;
  r->after_msg = NULL;
  r->paired = false;
}

static void free_run(ProofRun *r) {
  drop_after(r);
  rg_tensor_array_free(r->outputs, r->noutputs);
  rg_tensor_array_free(r->given, r->ngiven);
  rg_free((char *)r->name);
  rg_free(r->where);
  for (uint32_t i = 0; r->types && i < r->nargs; i++)
    rg_free(r->types[i]);
  rg_free(r->types);
  rg_free(r->shape);
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

/* The argument layouts and type spellings of f, into r. */
static bool keep_args(ProofRun *r, const RgNode *f) {
  const RgBlock *b = f->regions[0].first;
  size_t n = b->num_args ? b->num_args : 1;
  r->nargs = b->num_args;
  r->args = rg_alloc(sizeof *r->args * n);
  r->shape = rg_alloc(sizeof *r->shape * n);
  r->types = rg_alloc(sizeof *r->types * n);
  if (!r->args || !r->shape || !r->types) {
    rg_free(r->types); /* free_run frees the strings of types */
    r->types = NULL;
    return false;
  }
  memset(r->types, 0, sizeof *r->types * n);
  bool ok = true;
  for (uint32_t i = 0; i < b->num_args; i++) {
    arg_layout(b, i, &r->args[i]);
    r->shape[i] = b->args[i]->type->kind == RG_TYPE_OTHER;
    ok = (r->types[i] = rgs_strdup(b->args[i]->type->text)) != NULL && ok;
  }
  return ok;
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

/* The arguments of run r, as the interpreter takes them. */
static InterpArgs run_args(const ProofRun *r) {
  InterpArgs a = {r->given, r->ngiven, PROOF_SEED(r->seed), r->ranged, 0, 1,
                  r->edges, r->seed ? r->seed - 1 : 0, &r->ints};
  return a;
}

/* "(inputs 2)" for a random input set, "(inputs FILE:LINE)" for a given one. */
static const char *run_label(const ProofRun *r, char *buf, size_t len) {
  if (r->where)
    snprintf(buf, len, "inputs %s", r->where);
  else
    snprintf(buf, len, "inputs %u", r->seed);
  return buf;
}

/* A proof being recorded: st and err say why the whole record failed;
 * with `after`, each run is made beside its twin in that graph. */
typedef struct Recording {
  RgInterp *ip;
  RgInterp *after;
  RgProof *p;
  const RgProofOptions *o;
  RgStatus st;
  char *err;
  size_t errlen;
} Recording;

/* Whether functions f and h take the same arguments (element types,
 * shapes, shape types). */
static bool funcs_same_args(const RgNode *f, const RgNode *h) {
  const RgBlock *a = f->num_regions ? f->regions[0].first : NULL, *b = h->num_regions ? h->regions[0].first : NULL;
  if (!a || !b || a->num_args != b->num_args)
    return false;
  for (uint32_t i = 0; i < a->num_args; i++) {
    RgTensor x, y;
    if (!arg_layout(a, i, &x) || !arg_layout(b, i, &y) || !rg_tensor_same_type(&x, &y) ||
        (a->args[i]->type->kind == RG_TYPE_OTHER) != (b->args[i]->type->kind == RG_TYPE_OTHER))
      return false;
  }
  return true;
}

/* One run of f on the inputs `a` describes, into r; beside its twin after
 * the passes when the recording has that graph and the twin takes the
 * same arguments. */
static RgStatus run_once(Recording *rec, const RgNode *f, ProofRun *r, const InterpArgs *a, char *msg, size_t msglen) {
  drop_after(r);
  const RgNode *h = rec->after ? rg_interp_find_func(rg_eval_graph(rec->after), r->name ? r->name : func_name(f)) : NULL;
  if (!h || !funcs_same_args(f, h)) {
    InterpRun run = {a, NULL, 0, msg, msglen};
    RgStatus rs = interp_run_args(rec->ip, f, &run);
    r->outputs = run.out;
    r->noutputs = run.nout;
    return rs;
  }
  InterpPaired pr;
  memset(&pr, 0, sizeof pr);
  pr.ip[0] = rec->ip;
  pr.ip[1] = rec->after;
  pr.func[0] = f;
  pr.func[1] = h;
  pr.args = a;
  interp_run_paired(&pr);
  r->outputs = pr.out[0];
  r->noutputs = pr.nout[0];
  if (msg && msglen)
    snprintf(msg, msglen, "%s", pr.err[0]);
  r->after = pr.out[1];
  r->nafter = pr.nout[1];
  r->after_st = pr.st[1];
  r->after_kind = rg_interp_last_error(rec->after);
  r->after_msg = rgs_strdup(pr.err[1]);
  r->paired = r->after_msg != NULL;
  return pr.st[0];
}

/* Runs f on r's inputs. Random input set s: plain ones for set 0, as
 * always; edge values mixed in for the others. Inputs that break a TOSA
 * REQUIRE (an index out of range, an overflow) are drawn again: without
 * edge values, then every input in [0, 1] (edge values in that range
 * kept). */
static RgStatus run_recorded(Recording *rec, const RgNode *f, ProofRun *r, char *msg, size_t msglen) {
  static const bool tries[3][2] = {{false, true}, {false, false}, {true, true}}; /* ranged, edges */
  InterpArgs a = run_args(r);
  if (r->given)
    return run_once(rec, f, r, &a, msg, msglen);
  RgStatus rs = RG_ERR_INVALID;
  for (int t = r->seed ? 0 : 1; t < 3; t++) {
    r->ranged = tries[t][0];
    r->edges = tries[t][1] && r->seed;
    a = run_args(r);
    rs = run_once(rec, f, r, &a, msg, msglen);
    if (rs == RG_OK || rg_interp_last_error(rec->ip) != RG_INTERP_UNPREDICTABLE)
      break;
  }
  return rs;
}

/* Records one run of f (random set s, or the given set g); false when the
 * function has no more runs to record, with rec->st set when the whole
 * record fails. */
static bool record_one(Recording *rec, const RgNode *f, uint32_t s, const InterpInputSet *g) {
  RgInterp *ip = rec->ip;
  char *err = rec->err;
  size_t errlen = rec->errlen;
  RgStatus *st = &rec->st;
  const char *name = func_name(f);
  ProofRun r;
  memset(&r, 0, sizeof r);
  r.seed = s;
  bool ok = true;
  if (g) { /* the proof keeps a copy: the caller may free the sets */
    r.where = rgs_strdup(g->where);
    r.given = rg_alloc(sizeof *r.given * (g->nargs ? g->nargs : 1));
    ok = r.where && r.given;
    for (; ok && r.ngiven < g->nargs; r.ngiven++)
      ok = rg_tensor_copy(&r.given[r.ngiven], &g->args[r.ngiven]) == RG_OK;
  } else {
    interp_func_ints(rg_eval_graph(ip), f, &r.ints);
  }
  char msg[512] = "", label[600];
  RgStatus rs = ok ? run_recorded(rec, f, &r, msg, sizeof msg) : RG_ERR_NOMEM;
  run_label(&r, label, sizeof label);
  if (ok && rs != RG_OK) {
    RgInterpError kind = rg_interp_last_error(ip);
    free_run(&r);
    if (kind == RG_INTERP_NO_EVALUATOR) {
      snprintf(err, errlen, "@%s: %s", name, msg);
      *st = RG_ERR_INVALID;
      return false;
    }
    if (kind == RG_INTERP_NOMEM) {
      snprintf(err, errlen, "@%s (%s): %s", name, label, msg);
      *st = RG_ERR_NOMEM;
      return false;
    }
    note_msg(rec->o->note, rec->o->user, "@%s (%s) not executed: %s", name, label, msg);
    return kind != RG_INTERP_UNSUPPORTED;
  }
  ok = ok && (r.name = rgs_strdup(name)) != NULL && keep_args(&r, f) && add_run(rec->p, &r);
  if (!ok) {
    free_run(&r);
    *st = RG_ERR_NOMEM;
  }
  return ok;
}

static RgStatus record(RgInterp *ip, RgInterp *after, const RgProofOptions *o, RgProof **out, char *err,
                       size_t errlen) {
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
  p->failed = -1;
  RgGraph *g = rg_eval_graph(ip);
  Recording rec = {ip, after, p, o, RG_OK, err, errlen};
  p->paired_g = after ? rg_eval_graph(after) : NULL;
  const RgInputSets *given = o->given;
  for (uint32_t i = 0; given && i < given->n && rec.st == RG_OK; i++) {
    const RgNode *f = rg_interp_find_func(g, given->sets[i].func);
    if (!f) {
      snprintf(err, errlen, "%s: the graph has no function @%s", given->sets[i].where, given->sets[i].func);
      rec.st = RG_ERR_INVALID;
    } else {
      record_one(&rec, f, i, &given->sets[i]);
    }
  }
  RgBlock *body = func_block(g);
  for (RgNode *f = body ? body->first : NULL; f && rec.st == RG_OK; f = f->next) {
    if (strcmp(rg_op_name(g, f->op), "func.func") != 0)
      continue;
    for (uint32_t s = 0; s < o->runs && rec.st == RG_OK; s++) {
      if (!runnable_args(f)) {
        note_msg(o->note, o->user, "@%s: cannot make inputs for its arguments", func_name(f));
        break;
      }
      if (!record_one(&rec, f, s, NULL))
        break;
    }
  }
  RgStatus st = rec.st;
  if (st != RG_OK) {
    if (st == RG_ERR_NOMEM && !err[0])
      snprintf(err, errlen, "out of memory recording the runs");
    rg_proof_free(p);
    return st;
  }
  *out = p;
  return RG_OK;
}

RgStatus rg_proof_record(RgInterp *ip, const RgProofOptions *o, RgProof **out, char *err, size_t errlen) {
  return record(ip, NULL, o, out, err, errlen);
}

RgStatus interp_proof_record_paired(RgInterp *ip, RgInterp *after, const RgProofOptions *o, RgProof **out,
                                    char *err, size_t errlen) {
  return record(ip, after, o, out, err, errlen);
}

char *rg_proof_failed_inputs(const RgProof *p, size_t *len) {
  if (!p || p->failed < 0 || p->failed >= p->num)
    return NULL;
  const ProofRun *r = &p->runs[p->failed];
  InterpArgs a = run_args(r);
  RgsBuf b;
  rgs_buf_init(&b);
  interp_inputs_put_func(&b, r->name);
  for (uint32_t i = 0; i < r->nargs && !b.oom; i++) {
    if (r->given && i < r->ngiven) {
      interp_inputs_put_arg(&b, i, r->types[i], &r->given[i]);
      continue;
    }
    RgTensor t;
    if (interp_random_arg(&r->args[i], r->shape[i], &a, i, &t) != RG_OK) {
      b.oom = true;
      break;
    }
    interp_inputs_put_arg(&b, i, r->types[i], &t);
    rg_tensor_release(&t);
  }
  if (b.oom) {
    rgs_buf_free(&b);
    return NULL;
  }
  if (len)
    *len = b.len;
  return rgs_buf_take(&b);
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
  /* The proof remembers where it failed, for rg_proof_failed_inputs; it
   * was made by rg_proof_record, never const. */
  /* runs made beside this graph's are taken once: a later check of the
   * same proof (on another graph) runs again */
  bool use_paired = p && p->paired_g == g;
  if (p) {
    ((RgProof *)p)->failed = -1;
    ((RgProof *)p)->paired_g = NULL;
  }
  for (uint32_t i = 0; p && i < p->num; i++) {
    const ProofRun *r = &p->runs[i];
    /* Inexact rules, like -ffast-math, promise nothing about infinities,
     * NaNs and overflow: no edge values within a tolerance. */
    if (tol && r->edges)
      continue;
    const RgNode *f = rg_interp_find_func(g, r->name);
    RgTensor *out = NULL;
    uint32_t nout = 0;
    char msg[512] = "", label[600];
    run_label(r, label, sizeof label);
    bool same = f && same_args(r, f);
    if (f && !same)
      snprintf(msg, sizeof msg, "its arguments changed");
    InterpArgs a = run_args(r);
    InterpRun run = {&a, NULL, 0, msg, sizeof msg};
    RgStatus rs = RG_ERR_INVALID;
    RgInterpError kind = RG_INTERP_OK;
    if (same && use_paired && r->paired) { /* the run after, made beside this one */
      ProofRun *w = (ProofRun *)r;
      rs = w->after_st;
      kind = w->after_kind;
      out = w->after;
      nout = w->nafter;
      snprintf(msg, sizeof msg, "%s", w->after_msg);
      w->after = NULL;
      w->nafter = 0;
      drop_after(w);
    } else if (same) {
      rs = interp_run_args(ip, f, &run);
      kind = rg_interp_last_error(ip);
      out = run.out;
      nout = run.nout;
    }
    if (rs != RG_OK && same && kind == RG_INTERP_NOMEM) {
      snprintf(err, errlen, "@%s (%s) after the passes: %s", r->name, label, msg);
      return RG_ERR_NOMEM;
    }
    RgStatus st = RG_OK;
    if (rs != RG_OK) {
      snprintf(err, errlen, "@%s (%s) ran before the passes but not after: %s", r->name, label,
               f ? msg : "function is gone");
      st = RG_ERR_VERIFY;
    } else if (nout != r->noutputs) {
      snprintf(err, errlen, "@%s returns %u results after the passes, %u before", r->name, nout, r->noutputs);
      st = RG_ERR_VERIFY;
    }
    for (uint32_t k = 0; k < nout && st == RG_OK; k++) {
      const RgTensor *before = &r->outputs[k];
      if (tol ? rg_tensor_first_far(before, &out[k], *tol, &worst, msg, sizeof msg) >= 0
              : rg_tensor_first_diff(before, &out[k], msg, sizeof msg) >= 0) {
        snprintf(err, errlen, "@%s result %u differs after the passes (%s): %s", r->name, k, label, msg);
        st = RG_ERR_VERIFY;
      }
    }
    rg_tensor_array_free(out, nout);
    if (st != RG_OK) {
      ((RgProof *)p)->failed = i;
      return st;
    }
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
