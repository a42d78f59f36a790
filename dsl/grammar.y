/* dsl/grammar.y - lemon grammar of .rules and .ops files. Each action is one
 * call into a builder of dsl/build.c, which builds the unchecked AST in the
 * program's arena; lists are DslVecs owned by their nonterminal
 * (%destructor) until a builder copies them into the parent node. */

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

decl ::= IMPORT(K) STRING(S). { dsl_import(ctx, K, S); }
decl ::= DIALECT(K) name(N). { dsl_dialect(ctx, K, N); }

decl ::= OP(K) opname(N) LPAREN operands(O) RPAREN attrdecls(A) opclauses(C). { dsl_op_decl(ctx, K, N, O, A, C); }

operands(A) ::= . { A = dsl_vec_new(); }
operands(A) ::= oplist(B). { A = B; }
oplist(A) ::= operand(B). { A = dsl_vec_of(B); }
oplist(A) ::= oplist(B) COMMA operand(C). { A = dsl_vec_add(B, C); }
operand(A) ::= name(N). { A = dsl_operand(ctx, N, false); }
operand(A) ::= name(N) ELLIPSIS. { A = dsl_operand(ctx, N, true); }

attrdecls(A) ::= . { A = dsl_vec_new(); }
attrdecls(A) ::= LBRACE RBRACE. { A = dsl_vec_new(); }
attrdecls(A) ::= LBRACE attrlist(B) RBRACE. { A = B; }
attrlist(A) ::= attrdecl(B). { A = dsl_vec_of(B); }
attrlist(A) ::= attrlist(B) COMMA attrdecl(C). { A = dsl_vec_add(B, C); }
attrdecl(A) ::= name(N) COLON type(T). { A = dsl_attr_decl(ctx, N, T, false, NULL); }
attrdecl(A) ::= name(N) QUESTION COLON type(T). { A = dsl_attr_decl(ctx, N, T, true, NULL); }
attrdecl(A) ::= name(N) QUESTION COLON type(T) ASSIGN expr(E). { A = dsl_attr_decl(ctx, N, T, true, E); }
type(A) ::= name(N). { A = dsl_type_named(ctx, N, false); }
type(A) ::= name(N) LBRACKET RBRACKET. { A = dsl_type_named(ctx, N, true); }

opclauses(A) ::= . { A = dsl_op_clauses(ctx); }
opclauses(A) ::= opclauses(B) RESULTS LPAREN INT(N) RPAREN. { A = dsl_op_results(ctx, B, N); }
/* `results(len(attr))`: one result per element of an int[] attribute;
 * `results(...)`: a count each node sets otherwise (split's by its size). */
opclauses(A) ::= opclauses(B) RESULTS LPAREN name(F) LPAREN name(N) RPAREN RPAREN. {
  A = dsl_op_results_len(ctx, B, F, N);
}
opclauses(A) ::= opclauses(B) RESULTS LPAREN ELLIPSIS RPAREN. { A = dsl_op_results_vary(B); }
opclauses(A) ::= opclauses(B) TRAITS LPAREN namelist(L) RPAREN. { A = dsl_op_traits(ctx, B, L); }
opclauses(A) ::= opclauses(B) SHAPE LPAREN name(N) RPAREN. { A = dsl_op_hook(ctx, B, DSL_HOOK_SHAPE, N); }
opclauses(A) ::= opclauses(B) EVAL LPAREN name(N) RPAREN. { A = dsl_op_hook(ctx, B, DSL_HOOK_EVAL, N); }
opclauses(A) ::= opclauses(B) SMT LPAREN name(N) RPAREN. { A = dsl_op_hook(ctx, B, DSL_HOOK_SMT, N); }

/* namelist holds DslTok copies */
namelist(A) ::= name(N). { A = dsl_tok_list(ctx, dsl_vec_new(), N); }
namelist(A) ::= namelist(B) COMMA name(N). { A = dsl_tok_list(ctx, B, N); }
opnames(A) ::= opname(N). { A = dsl_name_list(ctx, dsl_vec_new(), N); }
opnames(A) ::= opnames(B) COMMA opname(N). { A = dsl_name_list(ctx, B, N); }

decl ::= CLASS(K) name(N) ASSIGN LBRACKET opnames(L) RBRACKET. { dsl_class_decl(ctx, K, N, L, false); }
decl ::= CLASS(K) name(N) ASSIGN TRAITS LPAREN namelist(L) RPAREN. { dsl_class_decl(ctx, K, N, L, true); }

decl ::= EXTERN(K) PRED name(N) LPAREN typelist(L) RPAREN. { dsl_extern_decl(ctx, K, N, L, true, DSL_TY_BOOL); }
decl ::= EXTERN(K) FN name(N) LPAREN typelist(L) RPAREN RARROW type(T). { dsl_extern_decl(ctx, K, N, L, false, T); }
typelist(A) ::= . { A = dsl_vec_new(); }
typelist(A) ::= types(B). { A = B; }
types(A) ::= type(T). { A = dsl_type_list(ctx, dsl_vec_new(), T); }
types(A) ::= types(B) COMMA type(T). { A = dsl_type_list(ctx, B, T); }

/* ---- passes and pipelines ---- */

decl ::= PASS(K) name(N) passdoc(D) passmode(M) LBRACE rules(R) RBRACE. { dsl_pass_decl(ctx, K, N, D, M, R); }
passdoc(A) ::= . { memset(&A, 0, sizeof A); }
passdoc(A) ::= STRING(S). { A = S; }
passmode(A) ::= . { A = DSL_MODE_FIXPOINT; }
passmode(A) ::= FIXPOINT. { A = DSL_MODE_FIXPOINT; }
passmode(A) ::= ONCE. { A = DSL_MODE_ONCE; }

rules(A) ::= . { A = dsl_vec_new(); }
rules(A) ::= rules(B) rule(R). { A = dsl_vec_add_some(B, R); }
rules(A) ::= rules(B) error. { A = B; }

/* `inexact rule`: the rewrite may change float results in the last bits
 * (reassociation), so it runs only when the user asks (docs/dsl.md). */
rule(A) ::= INEXACT rulebody(B). { A = dsl_rule_inexact(B); }
rule(A) ::= rulebody(B). { A = B; }
rulebody(A) ::= RULE(K) name(N) COLON pattern(P) guard(G) ARROW repl(R). { A = dsl_rule(ctx, K, N, P, G, R); }
guard(A) ::= . { A = NULL; }
guard(A) ::= IF expr(E). { A = E; }

decl ::= PIPELINE(K) name(N) ASSIGN LBRACKET namelist(L) RBRACKET. { dsl_pipeline_decl(ctx, K, N, L); }
decl ::= PIPELINE(K) name(N) ASSIGN LBRACKET RBRACKET. { dsl_pipeline_decl(ctx, K, N, NULL); }

/* ---- patterns ---- */

pattern(A) ::= optree(B). { A = B; }
pattern(A) ::= name(N). { A = dsl_pattern_not_tree(ctx, N, false); }
pattern(A) ::= WILD(W). { A = dsl_pattern_not_tree(ctx, W, true); }
pattern(A) ::= name(N) COLON optree(B). { A = dsl_pattern_captured(ctx, N, B, false); }

/* `(op ...)`, and `(o:op ...)` naming the matched op. */
optree(A) ::= LPAREN(L) opalts(O) pargs(G) prest(R) pattrs(T) RPAREN. {
  A = dsl_optree(ctx, (DslOpTreeParts){L, {0}, R, O, G, T});
}
optree(A) ::= LPAREN(L) name(C) COLON opalts(O) pargs(G) prest(R) pattrs(T) RPAREN. {
  A = dsl_optree(ctx, (DslOpTreeParts){L, C, R, O, G, T});
}
opalts(A) ::= opname(N). { A = dsl_name_list(ctx, dsl_vec_new(), N); }
opalts(A) ::= opalts(B) PIPE opname(N). { A = dsl_name_list(ctx, B, N); }

pargs(A) ::= . { A = dsl_vec_new(); }
pargs(A) ::= pargs(B) parg(P). { A = dsl_vec_add(B, P); }

parg(A) ::= WILD(W). { A = dsl_parg(ctx, DSL_PAT_WILD, W); }
parg(A) ::= name(N). { A = dsl_parg(ctx, DSL_PAT_VAR, N); }
parg(A) ::= optree(B). { A = B; }
parg(A) ::= name(N) COLON optree(B). { A = dsl_pattern_captured(ctx, N, B, true); }
parg(A) ::= SPLAT(S) LPAREN expr(E) RPAREN. { A = dsl_parg_splat(ctx, S, (DslTok){0}, E); }
parg(A) ::= name(N) COLON SPLAT LPAREN expr(E) RPAREN. { A = dsl_parg_splat(ctx, N, N, E); }

prest(A) ::= . { memset(&A, 0, sizeof A); }
prest(A) ::= DOTDOT name(N). { A = N; }

pattrs(A) ::= . { A = dsl_vec_new(); }
pattrs(A) ::= LBRACE RBRACE. { A = dsl_vec_new(); }
pattrs(A) ::= LBRACE attrpats(B) RBRACE. { A = B; }
attrpats(A) ::= attrpat(P). { A = dsl_vec_add_some(dsl_vec_new(), P); }
attrpats(A) ::= attrpats(B) COMMA attrpat(P). { A = dsl_vec_add_some(B, P); }
attrpat(A) ::= name(N) ASSIGN expr(E). { A = dsl_attr_pat(ctx, N, E, NULL, false); }
/* `!name`: the optional attribute is absent. */
attrpat(A) ::= NOT name(N). { A = dsl_attr_pat(ctx, N, NULL, NULL, true); }
/* `name = v ?? lit`: binds v to the attribute, or to lit when it is absent. */
attrpat(A) ::= name(N) ASSIGN expr(E) QQ expr(F). { A = dsl_attr_pat_or(ctx, N, E, F); }

/* ---- replacements ---- */

repl(A) ::= rarg(B). { A = B; }
repl(A) ::= WILD(W). { A = dsl_repl_erase(ctx, W); }

/* `[r0, r1, _]`: a root with several results, each replaced by its own
 * value; `_` leaves a result alone, which it must not be used. */
repl(A) ::= LBRACKET(L) rlist(B) RBRACKET. { A = dsl_repl_list(ctx, L, B); }
/* `[r for n, o in l1, l2]`: r once per element of the lists, in step. */
repl(A) ::= LBRACKET(L) rarg(E) FOR fornames(N) IN forlists(X) RBRACKET. { A = dsl_repl_for(ctx, L, E, N, X); }
%type fornames {DslVec *}
%destructor fornames { dsl_vec_free($$); }
fornames(A) ::= name(N). { A = dsl_name_list(ctx, dsl_vec_new(), N); }
fornames(A) ::= fornames(B) COMMA name(N). { A = dsl_name_list(ctx, B, N); }
%type forlists {DslVec *}
%destructor forlists { dsl_vec_free($$); }
forlists(A) ::= expr(E). { A = dsl_vec_of(E); }
forlists(A) ::= forlists(B) COMMA expr(E). { A = dsl_vec_add(B, E); }
%type rlist {DslVec *}
%destructor rlist { dsl_vec_free($$); }
rlist(A) ::= relem(R). { A = dsl_vec_of(R); }
rlist(A) ::= rlist(B) COMMA relem(R). { A = dsl_vec_add(B, R); }
%type relem {DslRepl *}
relem(A) ::= rarg(B). { A = B; }
relem(A) ::= WILD(W). { A = dsl_repl_erase(ctx, W); }

rarg(A) ::= name(N). { A = dsl_repl_var(ctx, N, N, false); }
rarg(A) ::= DOTDOT(D) name(N). { A = dsl_repl_var(ctx, D, N, true); }
rarg(A) ::= CONST(C) LPAREN expr(E) RPAREN. { A = dsl_repl_const(ctx, C, E); }
rarg(A) ::= LPAREN(L) opname(N) rargs(G) rattrs(T) RPAREN. { A = dsl_repl_op(ctx, L, N, G, T); }
/* `e:(op ...)` names a built node so a later operand can use it again. */
rarg(A) ::= name(N) COLON rarg(B). { A = dsl_repl_captured(ctx, N, B); }
rargs(A) ::= . { A = dsl_vec_new(); }
rargs(A) ::= rargs(B) rarg(R). { A = dsl_vec_add(B, R); }
rattrs(A) ::= . { A = dsl_vec_new(); }
rattrs(A) ::= LBRACE RBRACE. { A = dsl_vec_new(); }
rattrs(A) ::= LBRACE rattrlist(B) RBRACE. { A = B; }
%type rattrlist {DslVec *}
%destructor rattrlist { dsl_vec_free($$); }
rattrlist(A) ::= rattr(R). { A = dsl_vec_add_some(dsl_vec_new(), R); }
rattrlist(A) ::= rattrlist(B) COMMA rattr(R). { A = dsl_vec_add_some(B, R); }
rattr(A) ::= name(N) ASSIGN expr(E). { A = dsl_attr_set(ctx, N, E); }

/* ---- expressions ---- */

/* `c ? a : b` and `l[a .. b]` are builtin calls with names no user can
 * write ("?:", "[..]"), so every later phase treats them as calls. */
expr(A) ::= expr(B) QUESTION(K) expr(C) COLON expr(D). [QUESTION] {
  A = dsl_expr_call3(ctx, K, "?:", (DslExpr *[]){B, C, D});
}
expr(A) ::= expr(B) LBRACKET(K) expr(C) DOTDOT expr(D) RBRACKET. {
  A = dsl_expr_call3(ctx, K, "[..]", (DslExpr *[]){B, C, D});
}
expr(A) ::= expr(B) OR(K) expr(C). { A = dsl_expr_binary(ctx, B, DSL_OP_OR, K, C); }
expr(A) ::= expr(B) AND(K) expr(C). { A = dsl_expr_binary(ctx, B, DSL_OP_AND, K, C); }
expr(A) ::= expr(B) EQ(K) expr(C). { A = dsl_expr_binary(ctx, B, DSL_OP_EQ, K, C); }
expr(A) ::= expr(B) NE(K) expr(C). { A = dsl_expr_binary(ctx, B, DSL_OP_NE, K, C); }
expr(A) ::= expr(B) LT(K) expr(C). { A = dsl_expr_binary(ctx, B, DSL_OP_LT, K, C); }
expr(A) ::= expr(B) LE(K) expr(C). { A = dsl_expr_binary(ctx, B, DSL_OP_LE, K, C); }
expr(A) ::= expr(B) GT(K) expr(C). { A = dsl_expr_binary(ctx, B, DSL_OP_GT, K, C); }
expr(A) ::= expr(B) GE(K) expr(C). { A = dsl_expr_binary(ctx, B, DSL_OP_GE, K, C); }
expr(A) ::= expr(B) PLUS(K) expr(C). { A = dsl_expr_binary(ctx, B, DSL_OP_ADD, K, C); }
expr(A) ::= expr(B) MINUS(K) expr(C). { A = dsl_expr_binary(ctx, B, DSL_OP_SUB, K, C); }
expr(A) ::= expr(B) STAR(K) expr(C). { A = dsl_expr_binary(ctx, B, DSL_OP_MUL, K, C); }
expr(A) ::= expr(B) SLASH(K) expr(C). { A = dsl_expr_binary(ctx, B, DSL_OP_DIV, K, C); }
expr(A) ::= expr(B) PERCENT(K) expr(C). { A = dsl_expr_binary(ctx, B, DSL_OP_MOD, K, C); }
expr(A) ::= NOT(K) expr(B). { A = dsl_expr_unary(ctx, '!', K, B); }
expr(A) ::= MINUS(K) expr(B). [NOT] { A = dsl_expr_unary(ctx, '-', K, B); }
expr(A) ::= INT(T). { A = dsl_expr_leaf(ctx, DSL_EX_INT, T); }
expr(A) ::= FLOAT(T). { A = dsl_expr_leaf(ctx, DSL_EX_FLOAT, T); }
expr(A) ::= STRING(T). { A = dsl_expr_leaf(ctx, DSL_EX_STR, T); }
expr(A) ::= TRUE(T). { A = dsl_expr_bool(ctx, T, true); }
expr(A) ::= FALSE(T). { A = dsl_expr_bool(ctx, T, false); }
expr(A) ::= name(N). { A = dsl_expr_leaf(ctx, DSL_EX_NAME, N); }
expr(A) ::= QNAME(N). { A = dsl_expr_leaf(ctx, DSL_EX_NAME, N); }
expr(A) ::= LPAREN expr(B) RPAREN. { A = dsl_expr_paren(B); }
expr(A) ::= LBRACKET(K) RBRACKET. { A = dsl_expr_array(ctx, K, NULL); }
expr(A) ::= LBRACKET(K) exprlist(L) RBRACKET. { A = dsl_expr_array(ctx, K, L); }
expr(A) ::= name(N) LPAREN args(L) RPAREN. { A = dsl_expr_call(ctx, N, L); }
expr(A) ::= expr(B) LBRACKET(K) expr(C) RBRACKET. { A = dsl_expr_index(ctx, B, K, C); }
exprlist(A) ::= expr(E). { A = dsl_vec_of(E); }
exprlist(A) ::= exprlist(B) COMMA expr(E). { A = dsl_vec_add(B, E); }
args(A) ::= . { A = dsl_vec_new(); }
args(A) ::= arglist(B). { A = B; }
arglist(A) ::= arg(E). { A = dsl_vec_of(E); }
arglist(A) ::= arglist(B) COMMA arg(E). { A = dsl_vec_add(B, E); }
arg(A) ::= expr(E). { A = E; }
arg(A) ::= name(N) ASSIGN expr(E). { A = dsl_expr_keyword(N, E); }

%code {
/* Lets the driver end error recovery at a synchronising token, so the next
 * rule's errors are reported even if it is short. */
void dsl_parser_resync(void *p) { ((yyParser *)p)->yyerrcnt = -1; }
}
