/* runtime/mlir/grammar.y - lemon grammar for the MLIR generic op form:
 * operations, regions, blocks, function types and the structure of
 * attributes. Values are handed to the builder in build.c as soon as a
 * piece is complete; the builder keeps its own stacks, so grammar values
 * are small (a token, a type, an attribute, a count). */

%name mlir_parse
%token_prefix MT_
%token_type {MlirTok}
%default_type {MlirTok}
%extra_context {MlirParser *p}
%stack_size 2000

%include {
#include <assert.h>
#include "mlir/mlir_internal.h"

typedef struct MlirCnt {
  uint32_t n;
  const char *end;
} MlirCnt;

static const char *mlir_expected(void *parser, char *buf, size_t len);
/* lemon defines these without declaring them. */
void mlir_parseTrace(FILE *out, char *prompt);
void mlir_parseInit(void *parser, MlirParser *p);
void mlir_parseFinalize(void *parser);
int mlir_parseFallback(int token);
}

%syntax_error {
  char buf[256];
  mlir_syntax_error(p, yymajor, &yyminor, mlir_expected(yypParser, buf, sizeof buf));
}
%stack_overflow { mlir_stack_overflow(p); }

/* Keywords (and builtin type names) can name dictionary entries. */
%fallback BARE TRUE FALSE UNIT TYPE KW_MODULE KW_FUNC KW_RETURN KW_CONSTANT KW_OPNAME
          KW_SAMETYPE KW_CAST KW_ATTRIBUTES KW_IFELSE KW_WHILE KW_ELSE KW_DO KW_CUSTOM.

%token VALUE CARET SYMBOL HASH TYPE LOC DENSE VERBATIM ARRAY_OPEN RESOURCES
       TRUE FALSE UNIT BARE INTEGER FLOAT STRING LPAREN RPAREN LBRACKET
       RBRACKET LBRACE RBRACE LPROPS RPROPS COMMA COLON EQUAL ARROW RANGLE
       KW_MODULE KW_FUNC KW_RETURN KW_CONSTANT KW_OPNAME KW_SAMETYPE KW_CAST KW_ATTRIBUTES KW_IFELSE
       KW_WHILE KW_ELSE KW_DO KW_CUSTOM CUSTOM_BODY SUB_REGION SUB_ATTR SUB_END
       WORD_BODY.

/* A `return` without operands ends its block: a value name after it can
 * only start the next operation, never be an operand of the `return`. */
%nonassoc KW_RETURN.
%nonassoc VALUE.

file ::= items.
/* Entry points of the nested parses an op reader starts (mlir_custom.c):
 * the first token says what to read. */
file ::= SUB_REGION region SUB_END.
file ::= SUB_ATTR attr(A) SUB_END. { p->sub_attr = A.a; }
items ::= .
items ::= items item.
item ::= operation.
item ::= HASH(A) EQUAL alias_rhs(E). { mlir_alias(p, &A, E.end, E.a); }
item ::= TYPE(A) EQUAL type(T). { mlir_alias(p, &A, T.end, NULL); }
item ::= RESOURCES(R). { mlir_resources(p, &R); }

%type alias_rhs {MlirAt}
alias_rhs(E) ::= attr(A). { E = A; }
alias_rhs(E) ::= LOC(L). { E.a = NULL; E.end = L.s + L.len; }

/* ---- operations ---- */

operation ::= op_head LPAREN operands_opt RPAREN op_tail.
op_head ::= STRING(N). { mlir_op_begin(p, &N, 0); }
op_head ::= result_groups(G) EQUAL STRING(N). { mlir_op_begin(p, &N, G); }

%type result_groups {uint32_t}
result_groups(G) ::= result_group. { G = 1; }
result_groups(G) ::= result_groups(A) COMMA result_group. { G = A + 1; }
result_group ::= VALUE(V). { mlir_result_group(p, &V, NULL); }
result_group ::= VALUE(V) COLON INTEGER(C). { mlir_result_group(p, &V, &C); }

operands_opt ::= .
operands_opt ::= operands.
operands ::= operand.
operands ::= operands COMMA operand.
operand ::= VALUE(V). { mlir_operand(p, &V); }

op_tail ::= succ_opt props_opt regions_opt attrs_opt COLON(C) fnsig(S) loc_opt(L).
  { mlir_op_end(p, S, &C, L.s ? &L : NULL); }

succ_opt ::= .
succ_opt ::= LBRACKET(B). { mlir_successors(p, &B); }

props_opt ::= .
props_opt ::= props_open entries_opt RPROPS. { mlir_props_end(p); }
props_open ::= LPROPS. { mlir_dict_begin(p); }

attrs_opt ::= .
attrs_opt ::= attrs_open entries_opt RBRACE. { mlir_dict_end(p); }
attrs_open ::= LBRACE. { mlir_dict_begin(p); }

loc_opt(L) ::= . { L.s = NULL; L.len = 0; }
loc_opt(L) ::= LOC(A). { L = A; }

/* ---- custom ("pretty") assembly: builtin.module, func.func, func.return,
 * and the shapes a registered dialect syntax gives its ops (RgOpForm): the
 * lexer turns such an op's name into the token of its form (mlir_pretty.c
 * builds them) ---- */

%type pres {uint32_t}
pres(G) ::= . { G = 0; }
pres(G) ::= result_groups(A) EQUAL. { G = A; }

/* Any other bare op name: one error naming the op. */
operation ::= unknown_head.
unknown_head ::= pres BARE(N). { mlir_pretty_unknown(p, &N); }

/* functional: `d.op %a, %b {attrs} : (types) -> types` */
operation ::= fn_head operands_opt pattrs_opt COLON(C) fnsig(S) loc_opt(L).
  { mlir_pretty_functional_end(p, S, &C, L.s ? &L : NULL); }
fn_head ::= pres(G) KW_OPNAME(N). { mlir_pretty_begin(p, &N, G, MLIR_FORM_FUNCTIONAL); }
pattrs_opt ::= .
pattrs_opt ::= attrs_open entries_opt RBRACE. { mlir_dict_end(p); }

/* same-type: `d.op %a, %b {attrs} : t` */
operation ::= same_head operands pattrs_opt COLON type(T) loc_opt(L).
  { mlir_pretty_same_end(p, T, L.s ? &L : NULL); }
same_head ::= pres(G) KW_SAMETYPE(N). { mlir_pretty_begin(p, &N, G, MLIR_FORM_FUNCTIONAL); }

/* cast: `d.op %a {attrs} : ta to tr` */
operation ::= cast_head operand pattrs_opt COLON type(A) BARE(T) type(R) loc_opt(L).
  { mlir_pretty_cast_end(p, A, &T, R, L.s ? &L : NULL); }
cast_head ::= pres(G) KW_CAST(N). { mlir_pretty_begin(p, &N, G, MLIR_FORM_FUNCTIONAL); }

/* `return %a, %b : ta, tb` (also func.return and a dialect's terminators) */
operation ::= ret_head ret_empty loc_opt(L). { mlir_pretty_end(p, 0, L.s ? &L : NULL); }
operation ::= ret_head operands COLON tlist(N) loc_opt(L). { mlir_pretty_end(p, N, L.s ? &L : NULL); }
ret_head ::= pres(G) KW_RETURN(N). { mlir_pretty_begin(p, &N, G, MLIR_FORM_RETURN); }
ret_empty ::= . [KW_RETURN]

/* constant: `d.op {attrs} 1.0 : f32` */
operation ::= const_head pattrs_opt const_value(A) loc_opt(L). { mlir_pretty_const(p, A, L.s ? &L : NULL); }
const_head ::= pres(G) KW_CONSTANT(N). { mlir_pretty_begin(p, &N, G, MLIR_FORM_CONST); }
%type const_value {MlirAt}
const_value(A) ::= INTEGER(N) COLON type(T). { A = mlir_attr_number(p, &N, &T, false); }
const_value(A) ::= FLOAT(N) COLON type(T). { A = mlir_attr_number(p, &N, &T, true); }
const_value(A) ::= TRUE(T). { A = mlir_attr_bool(p, &T, true); }
const_value(A) ::= FALSE(T). { A = mlir_attr_bool(p, &T, false); }
const_value(A) ::= DENSE(S) COLON type(T). { A = mlir_attr_dense(p, &S, T); }
const_value(A) ::= VERBATIM(S) COLON type(T). { A = mlir_attr_verbatim(p, &S, &T); }

/* if-else: `d.op %c (%a = %x) : tensor<i1> (ta) -> tr {..} else {..}`;
 * without inputs `d.op %c : tensor<i1> -> tr {..} else {..}`. The
 * names before '=' are only shown: the regions' blocks name their own. */
operation ::= cif_head cif_operands cif_cond cif_types(S) region KW_ELSE region pattrs_opt loc_opt(L).
  { mlir_pretty_functional_end(p, S, NULL, L.s ? &L : NULL); }
cif_head ::= pres(G) KW_IFELSE(N). { mlir_pretty_begin(p, &N, G, MLIR_FORM_FUNCTIONAL); }
cif_operands ::= operand.
cif_operands ::= operand LPAREN init_list RPAREN.
cif_cond ::= COLON TYPE(T). { mlir_type_push(p, mlir_type_tok(p, &T)); }
%type cif_types {MlirSig}
cif_types(S) ::= fnsig(F). { S = F; S.nin++; }
cif_types(S) ::= ARROW fnres(O). { S.nin = 1; S.nout = O.n; S.end = O.end; }
init_list ::= init.
init_list ::= init_list COMMA init.
init ::= VALUE(V) EQUAL operand. { mlir_pretty_init(p, &V); }

/* while-do: `d.op (%a = %x) : (ta) -> tr {cond} do {body}`: the cond
 * region's block takes its arguments from the names before '='. */
operation ::= while_head LPAREN init_list RPAREN COLON while_sig(S) while_cond region pattrs_opt loc_opt(L).
  { mlir_pretty_functional_end(p, S, NULL, L.s ? &L : NULL); }
while_head ::= pres(G) KW_WHILE(N). { mlir_pretty_begin(p, &N, G, MLIR_FORM_FUNCTIONAL); }
%type while_sig {MlirSig}
while_sig(S) ::= fnsig(F). { S = F; mlir_pretty_while_sig(p, F); }
while_cond ::= while_open ops_opt blocks_opt RBRACE KW_DO. { mlir_region_end(p); }
while_open ::= LBRACE(B). { mlir_pretty_while_open(p, &B); }

/* an op read by its dialect's parse function: the driver hands it the
 * tokens after CUSTOM_BODY (mlir_custom.c) */
operation ::= cust_head CUSTOM_BODY loc_opt(L). { mlir_custom_end(p, L.s ? &L : NULL); }
cust_head ::= pres(G) KW_CUSTOM(N). { mlir_pretty_begin(p, &N, G, MLIR_FORM_CUSTOM); }

/* `module @name attributes {attrs} { ... }` */
operation ::= module_head msym_opt dattrs_opt region loc_opt(L). { mlir_pretty_end(p, 0, L.s ? &L : NULL); }
module_head ::= pres(G) KW_MODULE(N). { mlir_pretty_begin(p, &N, G, MLIR_FORM_MODULE); }
msym_opt ::= .
msym_opt ::= SYMBOL(S). { mlir_pretty_sym(p, &S, NULL); }
dattrs_opt ::= .
dattrs_opt ::= KW_ATTRIBUTES attrs_open entries_opt RBRACE. { mlir_dict_end(p); }

/* `func.func private @f(%a: t {attrs} loc(..)) -> (t {attrs}) attributes {..} {body}` */
operation ::= func_sig dattrs_opt func_body loc_opt(L). { mlir_pretty_end(p, 0, L.s ? &L : NULL); }
func_sig ::= func_head LPAREN fargs_opt RPAREN fres_opt. { mlir_func_sig(p); }
func_head ::= pres(G) KW_FUNC(N) SYMBOL(S). { mlir_func_begin(p, &N, G, &S, NULL); }
func_head ::= pres(G) KW_FUNC(N) BARE(V) SYMBOL(S). { mlir_func_begin(p, &N, G, &S, &V); }
fargs_opt ::= .
fargs_opt ::= fargs.
fargs ::= farg.
fargs ::= fargs COMMA farg.
farg ::= VALUE(V) COLON type(T) fdict_opt(D) loc_opt(L). { mlir_func_arg(p, &V, T, D, L.s ? &L : NULL); }
farg ::= type(T) fdict_opt(D) loc_opt(L). { mlir_func_arg(p, NULL, T, D, L.s ? &L : NULL); }
%type fdict_opt {MlirAt}
fdict_opt(D) ::= . { D.a = NULL; D.end = NULL; }
fdict_opt(D) ::= dict_open(B) entries_opt RBRACE(C). { D = mlir_attr_dict(p, B, &C); }
fres_opt ::= .
fres_opt ::= ARROW TYPE(A). { MlirAt none = {NULL, NULL}; mlir_func_res(p, mlir_type_tok(p, &A), none); }
fres_opt ::= ARROW LPAREN RPAREN.
fres_opt ::= ARROW LPAREN fres_list RPAREN.
fres_list ::= fres.
fres_list ::= fres_list COMMA fres.
fres ::= type(T) fdict_opt(D). { mlir_func_res(p, T, D); }
func_body ::= . { mlir_func_body(p, false); }
func_body ::= func_body_open ops_opt blocks_opt RBRACE. { mlir_region_end(p); }
func_body_open ::= LBRACE. { mlir_func_body(p, true); }

/* ---- regions and blocks ---- */

regions_opt ::= .
regions_opt ::= LPAREN region_list RPAREN.
region_list ::= region.
region_list ::= region_list COMMA region.
region ::= region_open ops_opt blocks_opt RBRACE. { mlir_region_end(p); }
region_open ::= LBRACE(B). { mlir_region_begin(p, &B); }
ops_opt ::= .
ops_opt ::= ops_opt operation.
blocks_opt ::= .
blocks_opt ::= blocks_opt block.
block ::= block_label ops_opt.
block_label ::= block_head COLON.
block_label ::= block_head LPAREN RPAREN COLON.
block_label ::= block_head LPAREN block_args RPAREN COLON.
block_head ::= CARET(C). { mlir_block_begin(p, &C); }
block_args ::= block_arg.
block_args ::= block_args COMMA block_arg.
block_arg ::= VALUE(V) COLON type(T) loc_opt(L). { mlir_block_arg(p, &V, T, L.s ? &L : NULL); }

/* ---- types ---- */

%type type {MlirTy}
type(T) ::= TYPE(A). { T = mlir_type_tok(p, &A); }
type(T) ::= fnsig(S). { T = mlir_type_fn(p, S); }

/* A function type's parts stay on the builder's type stack until the
 * whole type is known: the op signature reads them there. */
%type fnsig {MlirSig}
fnsig(S) ::= tparen(I) ARROW fnres(O). { S.nin = I.n; S.nout = O.n; S.end = O.end; }

%type tparen {MlirCnt}
tparen(C) ::= LPAREN RPAREN(R). { C.n = 0; C.end = R.s + 1; }
tparen(C) ::= LPAREN tlist(L) RPAREN(R). { C.n = L; C.end = R.s + 1; }

%type tlist {uint32_t}
tlist(L) ::= type(T). { mlir_type_push(p, T); L = 1; }
tlist(L) ::= tlist(A) COMMA type(T). { mlir_type_push(p, T); L = A + 1; }

%type fnres {MlirCnt}
fnres(O) ::= tparen(C). { O = C; }
fnres(O) ::= TYPE(A). {
  MlirTy t = mlir_type_tok(p, &A);
  mlir_type_push(p, t);
  O.n = 1;
  O.end = t.end;
}
fnres(O) ::= fnsig(S). {
  MlirTy t = mlir_type_fn(p, S);
  mlir_type_push(p, t);
  O.n = 1;
  O.end = t.end;
}

/* ---- attributes ---- */

entries_opt ::= .
entries_opt ::= entries.
entries ::= entry.
entries ::= entries COMMA entry.
entry ::= key(K). { mlir_dict_entry(p, &K, NULL); }
entry ::= key(K) EQUAL attr(A). { mlir_dict_entry(p, &K, &A); }
key(K) ::= BARE(B). { K = B; }
key(K) ::= STRING(S). { K = S; }

%type attr {MlirAt}
attr(A) ::= INTEGER(N). { A = mlir_attr_number(p, &N, NULL, false); }
attr(A) ::= INTEGER(N) COLON type(T). { A = mlir_attr_number(p, &N, &T, false); }
attr(A) ::= FLOAT(N). { A = mlir_attr_number(p, &N, NULL, true); }
attr(A) ::= FLOAT(N) COLON type(T). { A = mlir_attr_number(p, &N, &T, true); }
attr(A) ::= TRUE(T). { A = mlir_attr_bool(p, &T, true); }
attr(A) ::= FALSE(T). { A = mlir_attr_bool(p, &T, false); }
attr(A) ::= UNIT(T). { A = mlir_attr_unit(p, &T); }
attr(A) ::= STRING(S). { A = mlir_attr_string(p, &S, NULL); }
attr(A) ::= STRING(S) COLON type(T). { A = mlir_attr_string(p, &S, &T); }
attr(A) ::= SYMBOL(S). { A = mlir_attr_verbatim(p, &S, NULL); }
attr(A) ::= HASH(S). { A = mlir_attr_verbatim(p, &S, NULL); }
attr(A) ::= VERBATIM(S). { A = mlir_attr_verbatim(p, &S, NULL); }
attr(A) ::= VERBATIM(S) COLON type(T). { A = mlir_attr_verbatim(p, &S, &T); }
attr(A) ::= DENSE(S) COLON type(T). { A = mlir_attr_dense(p, &S, T); }
attr(A) ::= type(T). { A = mlir_attr_typeattr(p, T); }
attr(A) ::= list_open(B) RBRACKET(C). { A = mlir_attr_array(p, B, &C); }
attr(A) ::= list_open(B) attr_list RBRACKET(C). { A = mlir_attr_array(p, B, &C); }
attr(A) ::= dict_open(B) entries_opt RBRACE(C). { A = mlir_attr_dict(p, B, &C); }
attr(A) ::= darray_head RANGLE(C). { A = mlir_attr_darray(p, &C); }
attr(A) ::= BARE(B). { A = mlir_attr_bare(p, &B); }
attr(A) ::= darray_head COLON darray_elems RANGLE(C). { A = mlir_attr_darray(p, &C); }

%type list_open {uint32_t}
list_open(B) ::= LBRACKET. { B = mlir_list_begin(p); }
attr_list ::= attr(A). { mlir_list_push(p, A); }
attr_list ::= attr_list COMMA attr(A). { mlir_list_push(p, A); }

%type dict_open {uint32_t}
dict_open(B) ::= LBRACE. { B = mlir_dict_begin(p); }

darray_head ::= ARRAY_OPEN(O) TYPE(T). { mlir_darray_begin(p, &O, mlir_type_tok(p, &T)); }
darray_elems ::= darray_elem.
darray_elems ::= darray_elems COMMA darray_elem.
darray_elem ::= INTEGER(N). { mlir_darray_elem(p, &N, false); }
darray_elem ::= FLOAT(N). { mlir_darray_elem(p, &N, true); }
darray_elem ::= TRUE(N). { mlir_darray_elem(p, &N, false); }
darray_elem ::= FALSE(N). { mlir_darray_elem(p, &N, false); }

%code {
/* The terminals the parser could accept in its current state, found by
 * replaying the reductions each would trigger on a copy of the state
 * stack (lemon's tables use default reductions, so a single table lookup
 * is not enough). Returns "" when the list would be too long to help. */
static int mlir_accepts(yyParser *pp, int tok) {
  enum { EXTRA = 64 };
  int top = (int)(pp->yytos - pp->yystack);
  YYACTIONTYPE st[YYSTACKDEPTH + EXTRA];
  if (top >= YYSTACKDEPTH)
    return 0;
  for (int i = 0; i <= top; i++)
    st[i] = pp->yystack[i].stateno;
  YYACTIONTYPE act = st[top];
  for (int guard = 0; guard < 1000; guard++) {
    act = yy_find_shift_action((YYCODETYPE)tok, act);
    if (act >= YY_MIN_REDUCE) {
      unsigned rule = act - YY_MIN_REDUCE;
      int base = top + yyRuleInfoNRhs[rule];
      if (base < 0 || base + 1 >= YYSTACKDEPTH + EXTRA)
        return 0;
      act = yy_find_reduce_action(st[base], (YYCODETYPE)yyRuleInfoLhs[rule]);
      top = base + 1;
      st[top] = act;
      continue;
    }
    return act <= YY_MAX_SHIFTREDUCE || act == YY_ACCEPT_ACTION;
  }
  return 0;
}

int mlir_parse_custom_next(void *parser) { return mlir_accepts((yyParser *)parser, MT_CUSTOM_BODY); }

static const char *mlir_expected(void *parser, char *buf, size_t len) {
  int found[YYNTOKEN];
  int n = 0;
  /* Keywords stand in for identifiers: list them only where an
   * identifier itself is not accepted (then they count on their own). */
  int bare_ok = mlir_accepts((yyParser *)parser, MT_BARE);
  for (int t = 0; t < YYNTOKEN; t++) {
    if (yyFallback[t] != 0 && bare_ok)
      continue;
    if (mlir_accepts((yyParser *)parser, t))
      found[n++] = t;
  }
  buf[0] = 0;
  if (n == 0 || n > 5)
    return buf;
  size_t at = 0;
  for (int i = 0; i < n; i++) {
    const char *sep = i == 0 ? "" : i + 1 == n ? " or " : ", ";
    int w = snprintf(buf + at, len - at, "%s%s", sep, mlir_token_desc(found[i]));
    if (w < 0 || (size_t)w >= len - at) {
      buf[0] = 0;
      return buf;
    }
    at += (size_t)w;
  }
  return buf;
}
}
