/* tools/rulegen_prove.c - rulegen --prove: each rule proven once for every
 * graph it can match (docs/prove.md, "Rules proven for all graphs"). This
 * file enumerates a rule's instances and asks Z3 about each; the instance,
 * the element meanings, the guard and the counterexamples are in
 * tools/prover/ (prover.h says how a rule is encoded). */
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

#include <time.h>
#include "prover/prover.h"

bool rulegen_prove_available(void) { return true; }

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
bool moves_only_kind(Kind k) {
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
