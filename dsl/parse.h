/* dsl/parse.h - shared by the re2c lexer, the lemon grammar and the parse
 * driver: the token value and the parse context (lemon %extra_context). */
#ifndef DSL_PARSE_H
#define DSL_PARSE_H

#include "dsl.h"

/* A token: its byte span in the source and, for literals and names, the
 * decoded value (strings unescaped into the arena). */
typedef struct DslTok {
  uint32_t off, len;
  int64_t ival;
  double fval;
  const char *s;
} DslTok;

typedef struct DslLexer {
  const char *base, *cur, *lim;
  RgSource *src;
  RgsArena *arena;
  RgDiags *diags;
} DslLexer;

/* Returns a TK_ code, 0 at end of input, or -1 after reporting a lexical
 * error (the caller skips the bad bytes and goes on). */
int dsl_lex(DslLexer *lx, DslTok *t);

/* Growable pointer list used while parsing; owned by a nonterminal until
 * the enclosing node copies it into the arena (grammar %destructor). */
typedef struct DslVec {
  void **items;
  uint32_t n, cap;
} DslVec;

typedef struct DslParseCtx {
  DslProgram *prog;
  RgSource *src;
  DslFile *file;
  DslVec decls;
  const char *dialect; /* current `dialect` for op and class names */
  bool syntax_error;   /* an error was reported since the last recovery */
  bool fatal;          /* stop feeding tokens (stack overflow) */
  uint32_t last_off;   /* offset of the token being parsed */
  int last_major;
} DslParseCtx;

DslVec *dsl_vec_new(void);
void dsl_vec_push(DslVec *v, void *item);
void dsl_vec_free(DslVec *v);
/* Copies the items into the arena and frees the vector; *n gets the count. */
void **dsl_vec_finish(DslParseCtx *c, DslVec *v, uint32_t *n);
RgLoc dsl_loc(DslParseCtx *c, uint32_t off);
DslName dsl_name(DslParseCtx *c, DslTok t);
void *dsl_new(DslParseCtx *c, size_t size);
/* Reports an error and returns NULL so the grammar can drop the node. */
void dsl_error_at(DslParseCtx *c, uint32_t off, const char *fmt, ...) RGS_PRINTF(3, 4);
/* Spelling of a token kind in syntax errors ("'('", "name"). */
const char *dsl_tok_text(int major);

/* ---- builders (build.c): what the grammar's actions call, one per
 * production or family of productions. Each takes over the lists it is
 * given (freeing them when it cannot use them) and returns NULL for a node
 * a failed part leaves unbuilt (already reported). ---- */

/* A vector holding item; item appended to v (items kept only when not
 * NULL: dsl_vec_add_some); a copy of token t, the name of t, type t
 * appended to v. All return v. */
DslVec *dsl_vec_of(void *item);
DslVec *dsl_vec_add(DslVec *v, void *item);
DslVec *dsl_vec_add_some(DslVec *v, void *item);
DslVec *dsl_tok_list(DslParseCtx *c, DslVec *v, DslTok t);
DslVec *dsl_name_list(DslParseCtx *c, DslVec *v, DslTok t);
DslVec *dsl_type_list(DslParseCtx *c, DslVec *v, DslType t);

/* .ops declarations: `import`, `dialect` (the current one from then on),
 * `op` (op: its clauses, started by dsl_op_clauses), `class` (members:
 * DslName pointers, or DslTok copies of trait names), `extern`. */
void dsl_import(DslParseCtx *c, DslTok kw, DslTok path);
void dsl_dialect(DslParseCtx *c, DslTok kw, DslTok name);
void dsl_op_decl(DslParseCtx *c, DslTok kw, DslTok name, DslVec *operands, DslVec *attrs, DslOpDecl *op);
DslOperandDecl *dsl_operand(DslParseCtx *c, DslTok name, bool variadic);
DslAttrDecl *dsl_attr_decl(DslParseCtx *c, DslTok name, DslType t, bool optional, DslExpr *defval);
/* A type name as written in .ops files and extern signatures (`int`,
 * `f32`, `int[]` with array). */
DslType dsl_type_named(DslParseCtx *c, DslTok t, bool array);
DslOpDecl *dsl_op_clauses(DslParseCtx *c);
DslOpDecl *dsl_op_results(DslParseCtx *c, DslOpDecl *op, DslTok count);
DslOpDecl *dsl_op_results_len(DslParseCtx *c, DslOpDecl *op, DslTok fn, DslTok attr);
DslOpDecl *dsl_op_results_vary(DslOpDecl *op);
DslOpDecl *dsl_op_traits(DslParseCtx *c, DslOpDecl *op, DslVec *names);
typedef enum DslOpHook { DSL_HOOK_SHAPE, DSL_HOOK_EVAL, DSL_HOOK_SMT } DslOpHook;
DslOpDecl *dsl_op_hook(DslParseCtx *c, DslOpDecl *op, DslOpHook hook, DslTok fn);
void dsl_class_decl(DslParseCtx *c, DslTok kw, DslTok name, DslVec *members, bool by_traits);
void dsl_extern_decl(DslParseCtx *c, DslTok kw, DslTok name, DslVec *params, bool is_pred, DslType ret);

/* Passes, rules and pipelines (passes NULL: `[]`). */
void dsl_pass_decl(DslParseCtx *c, DslTok kw, DslTok name, DslTok doc, int mode, DslVec *rules);
DslRule *dsl_rule(DslParseCtx *c, DslTok kw, DslTok name, DslPattern *pattern, DslExpr *guard, DslRepl *repl);
DslRule *dsl_rule_inexact(DslRule *r);
void dsl_pipeline_decl(DslParseCtx *c, DslTok kw, DslTok name, DslVec *passes);

/* Patterns. A rule's pattern that is a name or `_` is an error (wild). */
DslPattern *dsl_pattern_not_tree(DslParseCtx *c, DslTok t, bool wild);
DslPattern *dsl_pattern_captured(DslParseCtx *c, DslTok name, DslPattern *p, bool located_at_name);
/* The parts of `(c: op1|op2 args.. ..rest {attrs})`; opcapture and rest
 * have s NULL when absent. */
typedef struct DslOpTreeParts {
  DslTok lparen, opcapture, rest;
  DslVec *alts, *args, *attrs;
} DslOpTreeParts;
DslPattern *dsl_optree(DslParseCtx *c, DslOpTreeParts t);
/* `_` (DSL_PAT_WILD) or a variable (DSL_PAT_VAR) as an operand. */
DslPattern *dsl_parg(DslParseCtx *c, DslPatKind kind, DslTok t);
DslPattern *dsl_parg_splat(DslParseCtx *c, DslTok at, DslTok capture, DslExpr *e);
DslAttrPat *dsl_attr_pat(DslParseCtx *c, DslTok name, DslExpr *value, DslExpr *fallback, bool absent);
DslAttrPat *dsl_attr_pat_or(DslParseCtx *c, DslTok name, DslExpr *value, DslExpr *fallback);

/* Replacements. */
DslRepl *dsl_repl_erase(DslParseCtx *c, DslTok wild);
DslRepl *dsl_repl_list(DslParseCtx *c, DslTok lbracket, DslVec *items);
DslRepl *dsl_repl_for(DslParseCtx *c, DslTok lbracket, DslRepl *e, DslVec *names, DslVec *lists);
DslRepl *dsl_repl_var(DslParseCtx *c, DslTok at, DslTok name, bool splice);
DslRepl *dsl_repl_const(DslParseCtx *c, DslTok kw, DslExpr *e);
DslRepl *dsl_repl_op(DslParseCtx *c, DslTok lparen, DslTok name, DslVec *args, DslVec *attrs);
DslRepl *dsl_repl_captured(DslParseCtx *c, DslTok name, DslRepl *r);
DslAttrSet *dsl_attr_set(DslParseCtx *c, DslTok name, DslExpr *e);

/* Expressions. `c ? a : b` and `l[a .. b]` are calls of the builtins "?:"
 * and "[..]" (dsl_expr_call3), names no user can write. */
DslExpr *dsl_expr_binary(DslParseCtx *c, DslExpr *a, int op, DslTok t, DslExpr *b);
DslExpr *dsl_expr_call(DslParseCtx *c, DslTok name, DslVec *args);
DslExpr *dsl_expr_call3(DslParseCtx *c, DslTok at, const char *builtin, DslExpr *const args[3]);
/* `!x` or `-x` (op '!' or '-'; a negative literal is folded). */
DslExpr *dsl_expr_unary(DslParseCtx *c, int op, DslTok at, DslExpr *x);
/* An INT, FLOAT, STR or NAME expression from its token. */
DslExpr *dsl_expr_leaf(DslParseCtx *c, DslExprKind kind, DslTok t);
DslExpr *dsl_expr_bool(DslParseCtx *c, DslTok t, bool value);
DslExpr *dsl_expr_paren(DslExpr *e);
/* `[...]` (items NULL: `[]`) and `l[i]`. */
DslExpr *dsl_expr_array(DslParseCtx *c, DslTok lbracket, DslVec *items);
DslExpr *dsl_expr_index(DslParseCtx *c, DslExpr *list, DslTok lbracket, DslExpr *index);
/* `name = e` as a call's argument. */
DslExpr *dsl_expr_keyword(DslTok name, DslExpr *e);

/* lemon's generated parser (grammar.y, %name DslParser) */
void *DslParserAlloc(void *(*mallocProc)(size_t), DslParseCtx *ctx);
void DslParserFree(void *p, void (*freeProc)(void *));
void DslParser(void *p, int major, DslTok minor);
/* Ends lemon's error-recovery quiet period at a resynchronising token. */
void dsl_parser_resync(void *parser);

#endif
