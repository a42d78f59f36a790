/* dsl/grammar.y - lemon grammar of .rules and .ops files. Actions build the
 * unchecked AST in the program's arena; lists are DslVecs owned by their
 * nonterminal (%destructor) until copied into the parent node. */

%name DslParser
%token_prefix TK_
%token_type {DslTok}
%extra_context {DslParseCtx *ctx}
%stack_size 400
%start_symbol file

%include {
#include <assert.h>
#include <stdlib.h>
#include "parse.h"
#include "grammar.h"

/* Copies a vector of pointers to T into an arena array of T. */
#define FINISH_STRUCTS(T, vec, out, n)                                    \
  do {                                                                    \
    uint32_t k_;                                                          \
    T **p_ = (T **)dsl_vec_finish(ctx, (vec), &k_);                       \
    (out) = k_ ? dsl_new(ctx, k_ * sizeof(T)) : NULL;                     \
    for (uint32_t i_ = 0; (out) && i_ < k_; i_++)                         \
      (out)[i_] = *p_[i_];                                                \
    (n) = (out) ? k_ : 0;                                                 \
  } while (0)

static void add_decl(DslParseCtx *ctx, DslDeclKind kind, uint32_t off, void *node) {
  DslDecl *d = dsl_new(ctx, sizeof *d);
  if (!d)
    return;
  d->kind = kind;
  d->loc = dsl_loc(ctx, off);
  switch (kind) {
  case DSL_DECL_OP: d->u.op = node; break;
  case DSL_DECL_CLASS: d->u.cls = node; break;
  case DSL_DECL_EXTERN: d->u.ext = node; break;
  case DSL_DECL_PASS: d->u.pass = node; break;
  case DSL_DECL_PIPELINE: d->u.pipeline = node; break;
  default: break;
  }
  dsl_vec_push(&ctx->decls, d);
}

static DslName *name_node(DslParseCtx *ctx, DslTok t) {
  DslName *n = dsl_new(ctx, sizeof *n);
  if (n)
    *n = dsl_name(ctx, t);
  return n;
}

/* Resolves a type name as written in .ops files and extern signatures. */
static DslType type_named(DslParseCtx *ctx, DslTok t, bool array) {
  static const struct { const char *s; DslType ty; } scalars[] = {
    {"int", DSL_TY_INT}, {"i1", DSL_TY_INT}, {"i8", DSL_TY_INT},
    {"i16", DSL_TY_INT}, {"i32", DSL_TY_INT}, {"i64", DSL_TY_INT},
    {"float", DSL_TY_FLOAT}, {"f16", DSL_TY_FLOAT}, {"f32", DSL_TY_FLOAT},
    {"f64", DSL_TY_FLOAT}, {"num", DSL_TY_FLOAT}, {"bool", DSL_TY_BOOL},
    {"str", DSL_TY_STR}, {"string", DSL_TY_STR}, {"type", DSL_TY_TYPE},
    {"tensor", DSL_TY_TENSOR}, {"any", DSL_TY_ANY}, {"value", DSL_TY_VALUE},
  };
  for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++) {
    if (strcmp(scalars[i].s, t.s) != 0)
      continue;
    if (!array)
      return scalars[i].ty;
    if (scalars[i].ty == DSL_TY_INT)
      return DSL_TY_INTS;
    dsl_error_at(ctx, t.off, "arrays of '%s' are not supported (only integer arrays)", t.s);
    return DSL_TY_ERROR;
  }
  dsl_error_at(ctx, t.off, "unknown type '%s'", t.s);
  return DSL_TY_ERROR;
}

static DslExpr *expr_new(DslParseCtx *ctx, DslExprKind kind, uint32_t off) {
  DslExpr *e = dsl_new(ctx, sizeof *e);
  if (e) {
    e->kind = kind;
    e->loc = dsl_loc(ctx, off);
  }
  return e;
}

/* The checker and the code generator recurse over expressions, so their
 * depth is bounded: a chain of 50,000 `&&` must be an error, not a stack
 * overflow. Parentheses are bounded by the driver; chains of binary
 * operators and indexing are bounded here. */
enum { MAX_EXPR_DEPTH = 1000 };

static DslExpr *deepen(DslParseCtx *ctx, DslExpr *e) {
  if (!e)
    return NULL;
  uint32_t d = 0;
  for (uint32_t i = 0; i < e->nargs; i++) {
    if (!e->args[i])
      return NULL;
    if (e->args[i]->depth > d)
      d = e->args[i]->depth;
  }
  e->depth = d + 1;
  if (e->depth > MAX_EXPR_DEPTH) {
    if (d == MAX_EXPR_DEPTH) /* once per expression: deeper levels see NULL */
      dsl_error_at(ctx, (uint32_t)e->loc.off, "expression nested too deeply (more than %d levels of operators)",
                   MAX_EXPR_DEPTH);
    return NULL;
  }
  return e;
}

static DslExpr *binary(DslParseCtx *ctx, DslExpr *a, int op, DslTok t, DslExpr *b) {
  DslExpr *e = expr_new(ctx, DSL_EX_BINARY, t.off);
  if (!e || !a || !b)
    return NULL;
  e->op = op;
  e->args = dsl_new(ctx, 2 * sizeof *e->args);
  if (!e->args)
    return NULL;
  e->args[0] = a;
  e->args[1] = b;
  e->nargs = 2;
  return deepen(ctx, e);
}

static DslExpr *call(DslParseCtx *ctx, DslTok name, DslVec *args) {
  DslExpr *e = expr_new(ctx, DSL_EX_CALL, name.off);
  if (!e) {
    dsl_vec_free(args);
    return NULL;
  }
  e->str = name.s;
  e->args = (DslExpr **)dsl_vec_finish(ctx, args, &e->nargs);
  for (uint32_t i = 0; i < e->nargs; i++)
    if (!e->args[i])
      return NULL;
  return deepen(ctx, e);
}

}

%token DIALECT OP CLASS TRAITS RESULTS SHAPE EVAL SMT EXTERN PRED FN IMPORT PASS
       RULE IF PIPELINE FIXPOINT ONCE TRUE FALSE SPLAT CONST INEXACT FOR IN.
%token ID QNAME INT FLOAT STRING WILD ELLIPSIS DOTDOT LPAREN RPAREN LBRACKET
       RBRACKET LBRACE RBRACE COMMA COLON QUESTION ARROW RARROW EQ NE LE GE
       AND OR ASSIGN LT GT PLUS MINUS STAR SLASH PERCENT NOT PIPE QQ.

/* Keywords are names wherever a keyword cannot appear (`shape(x)` in a
 * guard, `op:class` captures, a rule called `once`). Declaration keywords
 * stay reserved: they are where error recovery resynchronises. */
%fallback ID OP TRAITS RESULTS SHAPE EVAL SMT PRED FN FIXPOINT ONCE SPLAT CONST INEXACT FOR IN.

%right QUESTION.
%left OR.
%left AND.
%nonassoc EQ NE LT LE GT GE.
%left PLUS MINUS.
%left STAR SLASH PERCENT.
%right NOT.
%left LBRACKET.

%syntax_error {
  /* Lists the terminals the parser could shift here, found by running the
   * reductions each lookahead would trigger on a copy of the state stack. */
  const char *exp[YYNTOKEN];
  int nexp = 0;
  bool accepts[YYNTOKEN];
  memset(accepts, 0, sizeof accepts);
  for (int t = 1; t < YYNTOKEN; t++) {
    YYACTIONTYPE st[YYSTACKDEPTH + 2];
    int sp = 0;
    for (yyStackEntry *e = yypParser->yystack; e <= yypParser->yytos && sp < YYSTACKDEPTH; e++)
      st[sp++] = e->stateno;
    bool ok = false;
    YYACTIONTYPE act = sp ? yy_find_shift_action((YYCODETYPE)t, st[sp - 1]) : YY_ERROR_ACTION;
    for (int guard = 0; guard < 1000; guard++) {
      if (act <= YY_MAX_SHIFTREDUCE || act == YY_ACCEPT_ACTION) {
        ok = true;
        break;
      }
      if (act < YY_MIN_REDUCE || act > YY_MAX_REDUCE)
        break;
      int rule = act - YY_MIN_REDUCE;
      sp -= yyRuleInfoNRhs[rule] < 0 ? -yyRuleInfoNRhs[rule] : yyRuleInfoNRhs[rule];
      if (sp <= 0 || sp >= YYSTACKDEPTH)
        break;
      YYACTIONTYPE go = yy_find_reduce_action(st[sp - 1], (YYCODETYPE)yyRuleInfoLhs[rule]);
      if (go <= YY_MAX_SHIFT) {
        st[sp++] = go;
        act = yy_find_shift_action((YYCODETYPE)t, go);
      } else if (go <= YY_MAX_SHIFTREDUCE) {
        /* push the nonterminal and reduce at once, as yy_reduce does */
        st[sp++] = 0;
        act = (YYACTIONTYPE)(go - YY_MIN_SHIFTREDUCE + YY_MIN_REDUCE);
      } else {
        break;
      }
    }
    accepts[t] = ok;
  }
  /* Where an expression may start, say so instead of listing its tokens. */
  bool expr_ok = accepts[TK_INT] && accepts[TK_NOT] && accepts[TK_LBRACKET] &&
                 accepts[TK_STRING];
  if (expr_ok)
    exp[nexp++] = "an expression";
  for (int t = 1; t < YYNTOKEN; t++) {
    if (!accepts[t])
      continue;
    /* keywords that fall back to a name are implied by "name" */
    if (accepts[TK_ID] && t != TK_ID && yyFallback[t] == TK_ID)
      continue;
    if (expr_ok && (t == TK_ID || t == TK_QNAME || t == TK_INT || t == TK_FLOAT ||
                    t == TK_STRING || t == TK_TRUE || t == TK_FALSE || t == TK_NOT ||
                    t == TK_MINUS || t == TK_LPAREN || t == TK_LBRACKET))
      continue;
    exp[nexp++] = dsl_tok_text(t);
  }
  RgsBuf b;
  rgs_buf_init(&b);
  const char *what = dsl_tok_text(yymajor);
  if (yymajor == 0 || what[0] == '\'')
    rgs_buf_printf(&b, "syntax error: unexpected %s", what);
  else
    rgs_buf_printf(&b, "syntax error: unexpected %s '%.*s'", what,
                  (int)(TOKEN.len > 32 ? 32 : TOKEN.len),
                  ctx->src->text + TOKEN.off);
  for (int i = 0; i < nexp && i < 10; i++)
    rgs_buf_printf(&b, "%s%s", i ? (i + 1 == nexp ? " or " : ", ") : "; expected ", exp[i]);
  if (nexp > 10)
    rgs_buf_puts(&b, ", ...");
  char *msg = rgs_buf_take(&b);
  uint32_t off = yymajor == 0 ? (uint32_t)ctx->src->len : TOKEN.off;
  dsl_error_at(ctx, off, "%s", msg ? msg : "syntax error");
  rg_free(msg);
  ctx->syntax_error = true;
}

%stack_overflow {
  dsl_error_at(ctx, ctx->last_off, "expression or pattern nested too deeply");
  ctx->fatal = true;
}

%type operands {DslVec *}
%destructor operands { dsl_vec_free($$); }
%type oplist {DslVec *}
%destructor oplist { dsl_vec_free($$); }
%type attrdecls {DslVec *}
%destructor attrdecls { dsl_vec_free($$); }
%type attrlist {DslVec *}
%destructor attrlist { dsl_vec_free($$); }
%type namelist {DslVec *}
%destructor namelist { dsl_vec_free($$); }
%type typelist {DslVec *}
%destructor typelist { dsl_vec_free($$); }
%type types {DslVec *}
%destructor types { dsl_vec_free($$); }
%type rules {DslVec *}
%destructor rules { dsl_vec_free($$); }
%type opalts {DslVec *}
%destructor opalts { dsl_vec_free($$); }
%type pargs {DslVec *}
%destructor pargs { dsl_vec_free($$); }
%type pattrs {DslVec *}
%destructor pattrs { dsl_vec_free($$); }
%type attrpats {DslVec *}
%destructor attrpats { dsl_vec_free($$); }
%type rargs {DslVec *}
%destructor rargs { dsl_vec_free($$); }
%type rattrs {DslVec *}
%destructor rattrs { dsl_vec_free($$); }
%type exprlist {DslVec *}
%destructor exprlist { dsl_vec_free($$); }
%type args {DslVec *}
%destructor args { dsl_vec_free($$); }
%type arglist {DslVec *}
%destructor arglist { dsl_vec_free($$); }
%type opnames {DslVec *}
%destructor opnames { dsl_vec_free($$); }

%type name {DslTok}
%type opname {DslTok}
%type opclauses {DslOpDecl *}
%type operand {DslOperandDecl *}
%type attrdecl {DslAttrDecl *}
%type type {DslType}
%type passdoc {DslTok}
%type passmode {int}
%type rule {DslRule *}
%type rulebody {DslRule *}
%type guard {DslExpr *}
%type pattern {DslPattern *}
%type optree {DslPattern *}
%type parg {DslPattern *}
%type prest {DslTok}
%type attrpat {DslAttrPat *}
%type repl {DslRepl *}
%type rarg {DslRepl *}
%type rattr {DslAttrSet *}
%type expr {DslExpr *}
%type arg {DslExpr *}

file ::= decls.

decls ::= .
decls ::= decls decl.
decls ::= decls error.

name(A) ::= ID(B). { A = B; }
opname(A) ::= name(B). { A = B; }
opname(A) ::= QNAME(B). { A = B; }

/* ---- .ops declarations ---- */

decl ::= IMPORT(K) STRING(S). {
  DslDecl *d = dsl_new(ctx, sizeof *d);
  if (d) {
    d->kind = DSL_DECL_IMPORT;
    d->loc = dsl_loc(ctx, K.off);
    d->u.import.path = dsl_name(ctx, S);
    dsl_vec_push(&ctx->decls, d);
  }
}
decl ::= DIALECT(K) name(N). {
  DslDecl *d = dsl_new(ctx, sizeof *d);
  if (d) {
    d->kind = DSL_DECL_DIALECT;
    d->loc = dsl_loc(ctx, K.off);
    d->u.dialect = dsl_name(ctx, N);
    dsl_vec_push(&ctx->decls, d);
  }
  ctx->dialect = N.s;
}

decl ::= OP(K) opname(N) LPAREN operands(O) RPAREN attrdecls(A) opclauses(C). {
  DslOpDecl *op = C;
  if (op) {
    op->loc = dsl_loc(ctx, N.off);
    if (ctx->dialect) {
      size_t dl = strlen(ctx->dialect), nl = strlen(N.s);
      char *full = dsl_new(ctx, dl + nl + 2);
      if (full) {
        memcpy(full, ctx->dialect, dl);
        full[dl] = '.';
        memcpy(full + dl + 1, N.s, nl + 1);
      }
      op->name = full;
      op->dialect = ctx->dialect;
    } else {
      /* No dialect line: the name must be written in full. */
      op->name = N.s;
      const char *dot = strchr(N.s, '.');
      op->dialect = dot ? rgs_arena_strdup(&ctx->prog->arena, N.s, (size_t)(dot - N.s)) : NULL;
      if (!dot)
        dsl_error_at(ctx, N.off, "op '%s' needs a dialect: write 'dialect NAME' first or a full name like 'tosa.%s'", N.s, N.s);
    }
    FINISH_STRUCTS(DslOperandDecl, O, op->operands, op->noperands);
    O = NULL;
    for (uint32_t i = 0; i < op->noperands; i++) {
      if (op->operands[i].variadic && i + 1 < op->noperands)
        dsl_error_at(ctx, op->operands[i].name.loc.off,
                     "only the last operand can be variadic");
    }
    op->variadic = op->noperands && op->operands[op->noperands - 1].variadic;
    FINISH_STRUCTS(DslAttrDecl, A, op->attrs, op->nattrs);
    A = NULL;
    add_decl(ctx, DSL_DECL_OP, K.off, op);
  }
  dsl_vec_free(O);
  dsl_vec_free(A);
}

operands(A) ::= . { A = dsl_vec_new(); }
operands(A) ::= oplist(B). { A = B; }
oplist(A) ::= operand(B). { A = dsl_vec_new(); dsl_vec_push(A, B); }
oplist(A) ::= oplist(B) COMMA operand(C). { A = B; dsl_vec_push(A, C); }
operand(A) ::= name(N). {
  A = dsl_new(ctx, sizeof *A);
  if (A) A->name = dsl_name(ctx, N);
}
operand(A) ::= name(N) ELLIPSIS. {
  A = dsl_new(ctx, sizeof *A);
  if (A) { A->name = dsl_name(ctx, N); A->variadic = true; }
}

attrdecls(A) ::= . { A = dsl_vec_new(); }
attrdecls(A) ::= LBRACE RBRACE. { A = dsl_vec_new(); }
attrdecls(A) ::= LBRACE attrlist(B) RBRACE. { A = B; }
attrlist(A) ::= attrdecl(B). { A = dsl_vec_new(); dsl_vec_push(A, B); }
attrlist(A) ::= attrlist(B) COMMA attrdecl(C). { A = B; dsl_vec_push(A, C); }
attrdecl(A) ::= name(N) COLON type(T). {
  A = dsl_new(ctx, sizeof *A);
  if (A) { A->name = dsl_name(ctx, N); A->type = T; }
  if (T == DSL_TY_VALUE) dsl_error_at(ctx, N.off, "attribute '%s' cannot have type 'value'", N.s);
}
attrdecl(A) ::= name(N) QUESTION COLON type(T). {
  A = dsl_new(ctx, sizeof *A);
  if (A) { A->name = dsl_name(ctx, N); A->type = T; A->optional = true; }
  if (T == DSL_TY_VALUE) dsl_error_at(ctx, N.off, "attribute '%s' cannot have type 'value'", N.s);
}
attrdecl(A) ::= name(N) QUESTION COLON type(T) ASSIGN expr(E). {
  A = dsl_new(ctx, sizeof *A);
  if (A) { A->name = dsl_name(ctx, N); A->type = T; A->optional = true; A->defval = E; }
  if (T == DSL_TY_VALUE) dsl_error_at(ctx, N.off, "attribute '%s' cannot have type 'value'", N.s);
}
type(A) ::= name(N). { A = type_named(ctx, N, false); }
type(A) ::= name(N) LBRACKET RBRACKET. { A = type_named(ctx, N, true); }

opclauses(A) ::= . {
  A = dsl_new(ctx, sizeof *A);
  if (A) A->nresults = 1;
}
opclauses(A) ::= opclauses(B) RESULTS(K) LPAREN INT(N) RPAREN. {
  A = B;
  if (N.ival > 64)
    dsl_error_at(ctx, N.off, "result count %lld is out of range (limit 64)", (long long)N.ival);
  else if (A)
    A->nresults = (uint32_t)N.ival;
  (void)K;
}
/* `results(len(attr))`: one result per element of an int[] attribute;
 * `results(...)`: a count each node sets otherwise (split's by its size). */
opclauses(A) ::= opclauses(B) RESULTS LPAREN name(F) LPAREN name(N) RPAREN RPAREN. {
  A = B;
  if (strcmp(F.s, "len") != 0)
    dsl_error_at(ctx, F.off, "expected 'results(2)', 'results(len(attribute))' or 'results(...)'");
  else if (A)
    A->results_vary = true, A->results_attr = dsl_name(ctx, N), A->nresults = 0;
}
opclauses(A) ::= opclauses(B) RESULTS LPAREN ELLIPSIS RPAREN. {
  A = B;
  if (A) A->results_vary = true, A->nresults = 0;
}
opclauses(A) ::= opclauses(B) TRAITS LPAREN namelist(L) RPAREN. {
  A = B;
  if (A) {
    uint32_t n;
    DslTok **ts = (DslTok **)dsl_vec_finish(ctx, L, &n);
    L = NULL;
    A->trait_names = n ? dsl_new(ctx, n * sizeof *A->trait_names) : NULL;
    for (uint32_t i = 0; A->trait_names && i < n; i++)
      A->trait_names[i] = dsl_name(ctx, *ts[i]);
    A->ntrait_names = A->trait_names ? n : 0;
  }
  dsl_vec_free(L);
}
opclauses(A) ::= opclauses(B) SHAPE LPAREN name(N) RPAREN. {
  A = B;
  if (A) A->shape_fn = dsl_name(ctx, N);
}
opclauses(A) ::= opclauses(B) EVAL LPAREN name(N) RPAREN. {
  A = B;
  if (A) A->eval_fn = dsl_name(ctx, N);
}
opclauses(A) ::= opclauses(B) SMT LPAREN name(N) RPAREN. {
  A = B;
  if (A) A->smt_fn = dsl_name(ctx, N);
}

/* namelist holds DslTok copies */
namelist(A) ::= name(N). {
  A = dsl_vec_new();
  DslTok *t = dsl_new(ctx, sizeof *t);
  if (t) { *t = N; dsl_vec_push(A, t); }
}
namelist(A) ::= namelist(B) COMMA name(N). {
  A = B;
  DslTok *t = dsl_new(ctx, sizeof *t);
  if (t) { *t = N; dsl_vec_push(A, t); }
}
opnames(A) ::= opname(N). {
  A = dsl_vec_new();
  dsl_vec_push(A, name_node(ctx, N));
}
opnames(A) ::= opnames(B) COMMA opname(N). {
  A = B;
  dsl_vec_push(A, name_node(ctx, N));
}

decl ::= CLASS(K) name(N) ASSIGN LBRACKET opnames(L) RBRACKET. {
  DslClass *c = dsl_new(ctx, sizeof *c);
  if (c) {
    c->loc = dsl_loc(ctx, K.off);
    c->name = dsl_name(ctx, N);
    c->dialect = ctx->dialect;
    FINISH_STRUCTS(DslName, L, c->members, c->nmembers);
    L = NULL;
    add_decl(ctx, DSL_DECL_CLASS, K.off, c);
  }
  dsl_vec_free(L);
}
decl ::= CLASS(K) name(N) ASSIGN TRAITS LPAREN namelist(L) RPAREN. {
  DslClass *c = dsl_new(ctx, sizeof *c);
  if (c) {
    c->loc = dsl_loc(ctx, K.off);
    c->name = dsl_name(ctx, N);
    c->dialect = ctx->dialect;
    c->by_traits = true;
    uint32_t n;
    DslTok **ts = (DslTok **)dsl_vec_finish(ctx, L, &n);
    L = NULL;
    c->members = n ? dsl_new(ctx, n * sizeof *c->members) : NULL;
    for (uint32_t i = 0; c->members && i < n; i++)
      c->members[i] = dsl_name(ctx, *ts[i]);
    c->nmembers = c->members ? n : 0;
    add_decl(ctx, DSL_DECL_CLASS, K.off, c);
  }
  dsl_vec_free(L);
}

decl ::= EXTERN(K) PRED name(N) LPAREN typelist(L) RPAREN. {
  DslExtern *e = dsl_new(ctx, sizeof *e);
  if (e) {
    e->loc = dsl_loc(ctx, K.off);
    e->name = dsl_name(ctx, N);
    e->is_pred = true;
    e->ret = DSL_TY_BOOL;
    FINISH_STRUCTS(DslType, L, e->params, e->nparams);
    L = NULL;
    add_decl(ctx, DSL_DECL_EXTERN, K.off, e);
  }
  dsl_vec_free(L);
}
decl ::= EXTERN(K) FN name(N) LPAREN typelist(L) RPAREN RARROW type(T). {
  DslExtern *e = dsl_new(ctx, sizeof *e);
  if (e) {
    e->loc = dsl_loc(ctx, K.off);
    e->name = dsl_name(ctx, N);
    e->ret = T;
    FINISH_STRUCTS(DslType, L, e->params, e->nparams);
    L = NULL;
    add_decl(ctx, DSL_DECL_EXTERN, K.off, e);
  }
  dsl_vec_free(L);
}
typelist(A) ::= . { A = dsl_vec_new(); }
typelist(A) ::= types(B). { A = B; }
types(A) ::= type(T). {
  A = dsl_vec_new();
  DslType *p = dsl_new(ctx, sizeof *p);
  if (p) { *p = T; dsl_vec_push(A, p); }
}
types(A) ::= types(B) COMMA type(T). {
  A = B;
  DslType *p = dsl_new(ctx, sizeof *p);
  if (p) { *p = T; dsl_vec_push(A, p); }
}

/* ---- passes and pipelines ---- */

decl ::= PASS(K) name(N) passdoc(D) passmode(M) LBRACE rules(R) RBRACE. {
  DslPass *p = dsl_new(ctx, sizeof *p);
  if (p) {
    p->loc = dsl_loc(ctx, K.off);
    p->name = dsl_name(ctx, N);
    p->doc = D.s;
    p->mode = (DslPassMode)M;
    p->rules = (DslRule **)dsl_vec_finish(ctx, R, &p->nrules);
    R = NULL;
    add_decl(ctx, DSL_DECL_PASS, K.off, p);
  }
  dsl_vec_free(R);
}
passdoc(A) ::= . { memset(&A, 0, sizeof A); }
passdoc(A) ::= STRING(S). { A = S; }
passmode(A) ::= . { A = DSL_MODE_FIXPOINT; }
passmode(A) ::= FIXPOINT. { A = DSL_MODE_FIXPOINT; }
passmode(A) ::= ONCE. { A = DSL_MODE_ONCE; }

rules(A) ::= . { A = dsl_vec_new(); }
rules(A) ::= rules(B) rule(R). { A = B; if (R) dsl_vec_push(A, R); }
rules(A) ::= rules(B) error. { A = B; }

/* `inexact rule`: the rewrite may change float results in the last bits
 * (reassociation), so it runs only when the user asks (docs/dsl.md). */
rule(A) ::= INEXACT rulebody(B). { A = B; if (A) A->inexact = true; }
rule(A) ::= rulebody(B). { A = B; }
rulebody(A) ::= RULE(K) name(N) COLON pattern(P) guard(G) ARROW repl(R). {
  A = dsl_new(ctx, sizeof *A);
  if (A) {
    A->loc = dsl_loc(ctx, K.off);
    A->name = dsl_name(ctx, N);
    A->pattern = P;
    A->guard = G;
    A->repl = R;
    if (!P || !R || (P && P->kind != DSL_PAT_OP))
      A = NULL; /* a part failed to build; already reported */
  }
}
guard(A) ::= . { A = NULL; }
guard(A) ::= IF expr(E). { A = E; }

decl ::= PIPELINE(K) name(N) ASSIGN LBRACKET namelist(L) RBRACKET. {
  DslPipeline *pl = dsl_new(ctx, sizeof *pl);
  if (pl) {
    pl->loc = dsl_loc(ctx, K.off);
    pl->name = dsl_name(ctx, N);
    uint32_t n;
    DslTok **ts = (DslTok **)dsl_vec_finish(ctx, L, &n);
    L = NULL;
    pl->pass_names = n ? dsl_new(ctx, n * sizeof *pl->pass_names) : NULL;
    for (uint32_t i = 0; pl->pass_names && i < n; i++)
      pl->pass_names[i] = dsl_name(ctx, *ts[i]);
    pl->npasses = pl->pass_names ? n : 0;
    add_decl(ctx, DSL_DECL_PIPELINE, K.off, pl);
  }
  dsl_vec_free(L);
}
decl ::= PIPELINE(K) name(N) ASSIGN LBRACKET RBRACKET. {
  DslPipeline *pl = dsl_new(ctx, sizeof *pl);
  if (pl) {
    pl->loc = dsl_loc(ctx, K.off);
    pl->name = dsl_name(ctx, N);
    add_decl(ctx, DSL_DECL_PIPELINE, K.off, pl);
  }
}

/* ---- patterns ---- */

pattern(A) ::= optree(B). { A = B; }
pattern(A) ::= name(N). {
  dsl_error_at(ctx, N.off, "a rule's pattern must be an op tree, like '(tosa.abs %s)'", N.s);
  A = NULL;
}
pattern(A) ::= WILD(W). {
  dsl_error_at(ctx, W.off, "a rule's pattern must be an op tree, like '(tosa.abs x)'");
  A = NULL;
}
pattern(A) ::= name(N) COLON optree(B). {
  A = B;
  if (A) A->capture = dsl_name(ctx, N);
}

optree(A) ::= LPAREN(L) opalts(O) pargs(G) prest(R) pattrs(T) RPAREN. {
  A = dsl_new(ctx, sizeof *A);
  if (A) {
    A->kind = DSL_PAT_OP;
    A->loc = dsl_loc(ctx, L.off);
    FINISH_STRUCTS(DslName, O, A->alts, A->nalts);
    O = NULL;
    A->args = (DslPattern **)dsl_vec_finish(ctx, G, &A->nargs);
    G = NULL;
    if (R.s)
      A->rest = dsl_name(ctx, R);
    FINISH_STRUCTS(DslAttrPat, T, A->attrs, A->nattrs);
    T = NULL;
    for (uint32_t i = 0; i < A->nargs; i++)
      if (!A->args[i])
        A = NULL; /* a failed sub-pattern */
    if (A && !A->nalts)
      A = NULL;
  }
  dsl_vec_free(O);
  dsl_vec_free(G);
  dsl_vec_free(T);
}
optree(A) ::= LPAREN(L) name(C) COLON opalts(O) pargs(G) prest(R) pattrs(T) RPAREN. {
  A = dsl_new(ctx, sizeof *A);
  if (A) {
    A->kind = DSL_PAT_OP;
    A->loc = dsl_loc(ctx, L.off);
    A->opcapture = dsl_name(ctx, C);
    FINISH_STRUCTS(DslName, O, A->alts, A->nalts);
    O = NULL;
    A->args = (DslPattern **)dsl_vec_finish(ctx, G, &A->nargs);
    G = NULL;
    if (R.s)
      A->rest = dsl_name(ctx, R);
    FINISH_STRUCTS(DslAttrPat, T, A->attrs, A->nattrs);
    T = NULL;
    for (uint32_t i = 0; i < A->nargs; i++)
      if (!A->args[i])
        A = NULL;
    if (A && !A->nalts)
      A = NULL;
  }
  dsl_vec_free(O);
  dsl_vec_free(G);
  dsl_vec_free(T);
}
opalts(A) ::= opname(N). { A = dsl_vec_new(); dsl_vec_push(A, name_node(ctx, N)); }
opalts(A) ::= opalts(B) PIPE opname(N). { A = B; dsl_vec_push(A, name_node(ctx, N)); }

pargs(A) ::= . { A = dsl_vec_new(); }
pargs(A) ::= pargs(B) parg(P). { A = B; dsl_vec_push(A, P); }

parg(A) ::= WILD(W). {
  A = dsl_new(ctx, sizeof *A);
  if (A) { A->kind = DSL_PAT_WILD; A->loc = dsl_loc(ctx, W.off); }
}
parg(A) ::= name(N). {
  A = dsl_new(ctx, sizeof *A);
  if (A) { A->kind = DSL_PAT_VAR; A->loc = dsl_loc(ctx, N.off); A->var_name = dsl_name(ctx, N); }
}
parg(A) ::= optree(B). { A = B; }
parg(A) ::= name(N) COLON optree(B). {
  A = B;
  if (A) { A->capture = dsl_name(ctx, N); A->loc = dsl_loc(ctx, N.off); }
}
parg(A) ::= SPLAT(S) LPAREN expr(E) RPAREN. {
  A = dsl_new(ctx, sizeof *A);
  if (A) { A->kind = DSL_PAT_SPLAT; A->loc = dsl_loc(ctx, S.off); A->splat = E; }
  if (!E) A = NULL;
}
parg(A) ::= name(N) COLON SPLAT(S) LPAREN expr(E) RPAREN. {
  A = dsl_new(ctx, sizeof *A);
  if (A) {
    A->kind = DSL_PAT_SPLAT; A->loc = dsl_loc(ctx, N.off);
    A->splat = E; A->capture = dsl_name(ctx, N);
  }
  if (!E) A = NULL;
  (void)S;
}

prest(A) ::= . { memset(&A, 0, sizeof A); }
prest(A) ::= DOTDOT name(N). { A = N; }

pattrs(A) ::= . { A = dsl_vec_new(); }
pattrs(A) ::= LBRACE RBRACE. { A = dsl_vec_new(); }
pattrs(A) ::= LBRACE attrpats(B) RBRACE. { A = B; }
attrpats(A) ::= attrpat(P). { A = dsl_vec_new(); if (P) dsl_vec_push(A, P); }
attrpats(A) ::= attrpats(B) COMMA attrpat(P). { A = B; if (P) dsl_vec_push(A, P); }
attrpat(A) ::= name(N) ASSIGN expr(E). {
  A = dsl_new(ctx, sizeof *A);
  if (A) { A->name = dsl_name(ctx, N); A->value = E; }
  if (!E) A = NULL;
}
/* `!name`: the optional attribute is absent. */
attrpat(A) ::= NOT name(N). {
  A = dsl_new(ctx, sizeof *A);
  if (A) { A->name = dsl_name(ctx, N); A->absent = true; }
}
/* `name = v ?? lit`: binds v to the attribute, or to lit when it is absent. */
attrpat(A) ::= name(N) ASSIGN expr(E) QQ expr(F). {
  A = dsl_new(ctx, sizeof *A);
  if (A) { A->name = dsl_name(ctx, N); A->value = E; A->fallback = F; }
  if (!E || !F) A = NULL;
}

/* ---- replacements ---- */

repl(A) ::= rarg(B). { A = B; }
repl(A) ::= WILD(W). {
  A = dsl_new(ctx, sizeof *A);
  if (A) { A->kind = DSL_REP_ERASE; A->loc = dsl_loc(ctx, W.off); }
}

/* `[r0, r1, _]`: a root with several results, each replaced by its own
 * value; `_` leaves a result alone, which it must not be used. */
repl(A) ::= LBRACKET(L) rlist(B) RBRACKET. {
  A = dsl_new(ctx, sizeof *A);
  if (A) {
    A->kind = DSL_REP_LIST;
    A->loc = dsl_loc(ctx, L.off);
    A->args = (DslRepl **)dsl_vec_finish(ctx, B, &A->nargs);
    B = NULL;
    for (uint32_t i = 0; i < A->nargs; i++)
      if (!A->args[i])
        A = NULL;
  }
  dsl_vec_free(B);
}
/* `[r for n, o in l1, l2]`: r once per element of the lists, in step. */
repl(A) ::= LBRACKET(L) rarg(E) FOR fornames(N) IN forlists(X) RBRACKET. {
  A = dsl_new(ctx, sizeof *A);
  if (A && E) {
    A->kind = DSL_REP_FOR;
    A->loc = dsl_loc(ctx, L.off);
    A->args = dsl_new(ctx, sizeof *A->args);
    if (A->args) A->args[0] = E, A->nargs = 1;
    FINISH_STRUCTS(DslName, N, A->for_names, A->nfor_names);
    A->for_lists = (DslExpr **)dsl_vec_finish(ctx, X, &A->nfor_lists);
    N = X = NULL;
    for (uint32_t i = 0; i < A->nfor_lists; i++)
      if (!A->for_lists[i])
        A = NULL;
  } else {
    A = NULL;
  }
  dsl_vec_free(N);
  dsl_vec_free(X);
}
%type fornames {DslVec *}
%destructor fornames { dsl_vec_free($$); }
fornames(A) ::= name(N). { A = dsl_vec_new(); dsl_vec_push(A, name_node(ctx, N)); }
fornames(A) ::= fornames(B) COMMA name(N). { A = B; dsl_vec_push(A, name_node(ctx, N)); }
%type forlists {DslVec *}
%destructor forlists { dsl_vec_free($$); }
forlists(A) ::= expr(E). { A = dsl_vec_new(); dsl_vec_push(A, E); }
forlists(A) ::= forlists(B) COMMA expr(E). { A = B; dsl_vec_push(A, E); }
%type rlist {DslVec *}
%destructor rlist { dsl_vec_free($$); }
rlist(A) ::= relem(R). { A = dsl_vec_new(); dsl_vec_push(A, R); }
rlist(A) ::= rlist(B) COMMA relem(R). { A = B; dsl_vec_push(A, R); }
%type relem {DslRepl *}
relem(A) ::= rarg(B). { A = B; }
relem(A) ::= WILD(W). {
  A = dsl_new(ctx, sizeof *A);
  if (A) { A->kind = DSL_REP_ERASE; A->loc = dsl_loc(ctx, W.off); }
}

rarg(A) ::= name(N). {
  A = dsl_new(ctx, sizeof *A);
  if (A) { A->kind = DSL_REP_VAR; A->loc = dsl_loc(ctx, N.off); A->name = dsl_name(ctx, N); }
}
rarg(A) ::= DOTDOT(D) name(N). {
  A = dsl_new(ctx, sizeof *A);
  if (A) {
    A->kind = DSL_REP_VAR; A->loc = dsl_loc(ctx, D.off);
    A->name = dsl_name(ctx, N); A->splice = true;
  }
}
rarg(A) ::= CONST(C) LPAREN expr(E) RPAREN. {
  A = dsl_new(ctx, sizeof *A);
  if (A && E) {
    A->kind = DSL_REP_EXPR; A->loc = dsl_loc(ctx, C.off);
    DslVec *v = dsl_vec_new();
    dsl_vec_push(v, E);
    A->expr = call(ctx, C, v);
    if (!A->expr) A = NULL;
  } else {
    A = NULL;
  }
}
rarg(A) ::= LPAREN(L) opname(N) rargs(G) rattrs(T) RPAREN. {
  A = dsl_new(ctx, sizeof *A);
  if (A) {
    A->kind = DSL_REP_OP;
    A->loc = dsl_loc(ctx, L.off);
    A->name = dsl_name(ctx, N);
    A->args = (DslRepl **)dsl_vec_finish(ctx, G, &A->nargs);
    G = NULL;
    FINISH_STRUCTS(DslAttrSet, T, A->attrs, A->nattrs);
    T = NULL;
    for (uint32_t i = 0; i < A->nargs; i++)
      if (!A->args[i])
        A = NULL;
  }
  dsl_vec_free(G);
  dsl_vec_free(T);
}
/* `e:(op ...)` names a built node so a later operand can use it again. */
rarg(A) ::= name(N) COLON rarg(B). {
  A = B;
  if (A) A->capture = dsl_name(ctx, N);
}
rargs(A) ::= . { A = dsl_vec_new(); }
rargs(A) ::= rargs(B) rarg(R). { A = B; dsl_vec_push(A, R); }
rattrs(A) ::= . { A = dsl_vec_new(); }
rattrs(A) ::= LBRACE RBRACE. { A = dsl_vec_new(); }
rattrs(A) ::= LBRACE rattrlist(B) RBRACE. { A = B; }
%type rattrlist {DslVec *}
%destructor rattrlist { dsl_vec_free($$); }
rattrlist(A) ::= rattr(R). { A = dsl_vec_new(); if (R) dsl_vec_push(A, R); }
rattrlist(A) ::= rattrlist(B) COMMA rattr(R). { A = B; if (R) dsl_vec_push(A, R); }
rattr(A) ::= name(N) ASSIGN expr(E). {
  A = dsl_new(ctx, sizeof *A);
  if (A) { A->name = dsl_name(ctx, N); A->value = E; }
  if (!E) A = NULL;
}

/* ---- expressions ---- */

/* `c ? a : b` and `l[a .. b]` are builtin calls with names no user can
 * write ("?:", "[..]"), so every later phase treats them as calls. */
expr(A) ::= expr(B) QUESTION(K) expr(C) COLON expr(D). [QUESTION] {
  DslVec *v = dsl_vec_new();
  dsl_vec_push(v, B);
  dsl_vec_push(v, C);
  dsl_vec_push(v, D);
  K.s = "?:";
  A = call(ctx, K, v);
  if (A && (!B || !C || !D)) A = NULL;
}
expr(A) ::= expr(B) LBRACKET(K) expr(C) DOTDOT expr(D) RBRACKET. {
  DslVec *v = dsl_vec_new();
  dsl_vec_push(v, B);
  dsl_vec_push(v, C);
  dsl_vec_push(v, D);
  K.s = "[..]";
  A = call(ctx, K, v);
  if (A && (!B || !C || !D)) A = NULL;
}
expr(A) ::= expr(B) OR(K) expr(C). { A = binary(ctx, B, DSL_OP_OR, K, C); }
expr(A) ::= expr(B) AND(K) expr(C). { A = binary(ctx, B, DSL_OP_AND, K, C); }
expr(A) ::= expr(B) EQ(K) expr(C). { A = binary(ctx, B, DSL_OP_EQ, K, C); }
expr(A) ::= expr(B) NE(K) expr(C). { A = binary(ctx, B, DSL_OP_NE, K, C); }
expr(A) ::= expr(B) LT(K) expr(C). { A = binary(ctx, B, DSL_OP_LT, K, C); }
expr(A) ::= expr(B) LE(K) expr(C). { A = binary(ctx, B, DSL_OP_LE, K, C); }
expr(A) ::= expr(B) GT(K) expr(C). { A = binary(ctx, B, DSL_OP_GT, K, C); }
expr(A) ::= expr(B) GE(K) expr(C). { A = binary(ctx, B, DSL_OP_GE, K, C); }
expr(A) ::= expr(B) PLUS(K) expr(C). { A = binary(ctx, B, DSL_OP_ADD, K, C); }
expr(A) ::= expr(B) MINUS(K) expr(C). { A = binary(ctx, B, DSL_OP_SUB, K, C); }
expr(A) ::= expr(B) STAR(K) expr(C). { A = binary(ctx, B, DSL_OP_MUL, K, C); }
expr(A) ::= expr(B) SLASH(K) expr(C). { A = binary(ctx, B, DSL_OP_DIV, K, C); }
expr(A) ::= expr(B) PERCENT(K) expr(C). { A = binary(ctx, B, DSL_OP_MOD, K, C); }
expr(A) ::= NOT(K) expr(B). {
  A = expr_new(ctx, DSL_EX_UNARY, K.off);
  if (A && B) {
    A->op = '!';
    A->args = dsl_new(ctx, sizeof *A->args);
    if (A->args) { A->args[0] = B; A->nargs = 1; A = deepen(ctx, A); } else A = NULL;
  } else {
    A = NULL;
  }
}
expr(A) ::= MINUS(K) expr(B). [NOT] {
  /* Negative literals are folded so patterns can match them directly. */
  if (B && B->kind == DSL_EX_INT && B->op == 0) {
    A = B;
    A->ival = -A->ival;
    A->loc = dsl_loc(ctx, K.off);
    A->op = 1; /* folded once: `--5` stays an expression */
  } else if (B && B->kind == DSL_EX_FLOAT && B->op == 0) {
    A = B;
    A->fval = -A->fval;
    A->loc = dsl_loc(ctx, K.off);
    A->op = 1;
  } else {
    A = expr_new(ctx, DSL_EX_UNARY, K.off);
    if (A && B) {
      A->op = '-';
      A->args = dsl_new(ctx, sizeof *A->args);
      if (A->args) { A->args[0] = B; A->nargs = 1; A = deepen(ctx, A); } else A = NULL;
    } else {
      A = NULL;
    }
  }
}
expr(A) ::= INT(T). { A = expr_new(ctx, DSL_EX_INT, T.off); if (A) A->ival = T.ival; }
expr(A) ::= FLOAT(T). { A = expr_new(ctx, DSL_EX_FLOAT, T.off); if (A) A->fval = T.fval; }
expr(A) ::= STRING(T). { A = expr_new(ctx, DSL_EX_STR, T.off); if (A) { A->str = T.s; A->ival = T.ival; } }
expr(A) ::= TRUE(T). { A = expr_new(ctx, DSL_EX_BOOL, T.off); if (A) A->bval = true; }
expr(A) ::= FALSE(T). { A = expr_new(ctx, DSL_EX_BOOL, T.off); }
expr(A) ::= name(N). { A = expr_new(ctx, DSL_EX_NAME, N.off); if (A) A->str = N.s; }
expr(A) ::= QNAME(N). { A = expr_new(ctx, DSL_EX_NAME, N.off); if (A) A->str = N.s; }
expr(A) ::= LPAREN expr(B) RPAREN. { A = B; if (A && (A->kind == DSL_EX_INT || A->kind == DSL_EX_FLOAT)) A->op = 1; }
expr(A) ::= LBRACKET(K) RBRACKET. { A = expr_new(ctx, DSL_EX_ARRAY, K.off); }
expr(A) ::= LBRACKET(K) exprlist(L) RBRACKET. {
  A = expr_new(ctx, DSL_EX_ARRAY, K.off);
  if (A) {
    A->args = (DslExpr **)dsl_vec_finish(ctx, L, &A->nargs);
    L = NULL;
    A = deepen(ctx, A);
  }
  dsl_vec_free(L);
}
expr(A) ::= name(N) LPAREN args(L) RPAREN. {
  A = call(ctx, N, L);
  L = NULL;
  for (uint32_t i = 0; A && i < A->nargs; i++)
    if (!A->args[i])
      A = NULL;
}
expr(A) ::= expr(B) LBRACKET(K) expr(C) RBRACKET. {
  A = expr_new(ctx, DSL_EX_INDEX, K.off);
  if (A && B && C) {
    A->args = dsl_new(ctx, 2 * sizeof *A->args);
    if (A->args) { A->args[0] = B; A->args[1] = C; A->nargs = 2; A = deepen(ctx, A); } else A = NULL;
  } else {
    A = NULL;
  }
}
exprlist(A) ::= expr(E). { A = dsl_vec_new(); dsl_vec_push(A, E); }
exprlist(A) ::= exprlist(B) COMMA expr(E). { A = B; dsl_vec_push(A, E); }
args(A) ::= . { A = dsl_vec_new(); }
args(A) ::= arglist(B). { A = B; }
arglist(A) ::= arg(E). { A = dsl_vec_new(); dsl_vec_push(A, E); }
arglist(A) ::= arglist(B) COMMA arg(E). { A = B; dsl_vec_push(A, E); }
arg(A) ::= expr(E). { A = E; }
arg(A) ::= name(N) ASSIGN expr(E). { A = E; if (A) A->kw = N.s; }

%code {
/* Lets the driver end error recovery at a synchronising token, so the next
 * rule's errors are reported even if it is short. */
void dsl_parser_resync(void *p) { ((yyParser *)p)->yyerrcnt = -1; }
}
