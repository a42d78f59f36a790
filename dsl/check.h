/* dsl/check.h - shared by the checker's files (check.c: declarations,
 * patterns, replacements, rules; check_expr.c: builtins and expression
 * typing; shadow.c: rule shadowing): the checker state and its helpers. */
#ifndef DSL_CHECK_H
#define DSL_CHECK_H

#include "dsl.h"

typedef struct Checker {
  DslProgram *p;
  RgDiags *d;
  /* per rule */
  DslRule *rule;
  DslVar **vars;
  uint32_t nvars, capvars;
  DslRepl **nodes; /* replacement nodes named so far (`e:(op ...)`) */
  uint32_t nnodes, capnodes;
  size_t errors_at_rule_start;
  RgLoc *built_at; /* per op id: the first replacement that builds it */
  /* The dialect of the op a replacement operand feeds (the root's at the
   * top): `const(...)` there builds that dialect's constant op. */
  const char *const_dialect;
} Checker;

static inline void err(Checker *c, RgLoc loc, const char *fmt, ...) RGS_PRINTF(3, 4);
static inline void err(Checker *c, RgLoc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  rg_vdiag(c->d, RG_ERROR, loc, fmt, ap);
  va_end(ap);
}

static inline void note(Checker *c, RgLoc loc, const char *fmt, ...) RGS_PRINTF(3, 4);
static inline void note(Checker *c, RgLoc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  rg_vdiag(c->d, RG_NOTE, loc, fmt, ap);
  va_end(ap);
}

static inline void *zalloc(Checker *c, size_t n) { return rgs_arena_zalloc(&c->p->arena, n); }

/* Reports an unknown name (check_expr.c): the message, then "; did you mean
 * 'x'?" when a name of its kind that `s` was given is close to it. */
void dsl_unknown(Checker *c, RgLoc loc, const RgsSuggest *s, const char *fmt, ...) RGS_PRINTF(4, 5);
/* Names of each kind, added to a suggestion. */
void dsl_suggest_ops(const DslProgram *p, RgsSuggest *s);
void dsl_suggest_map(const DslMap *m, RgsSuggest *s);
void dsl_suggest_attrs(const DslOpDecl *op, RgsSuggest *s);
void dsl_suggest_traits(RgsSuggest *s);

/* ---- declarations ---- */

/* Where an expression is checked: some builtins belong to one place only. */
enum { CTX_GUARD, CTX_REPL, CTX_ATTR_PATTERN };

/* check_expr.c */
DslVar *dsl_find_var(Checker *c, const char *name);
/* Binds a new variable of the rule; reports a name bound twice. */
DslVar *dsl_bind(Checker *c, DslName name, DslVarKind kind, DslType type);
/* Whether a value of type `have` can be used where `want` is expected. */
bool dsl_assignable(DslType want, DslType have);
bool dsl_numeric(DslType t);
DslType dsl_check_expr(Checker *c, DslExpr *e, int ctx);
void dsl_check_extern(Checker *c, DslExtern *e);
/* A literal expression (number, bool, string, int list, type name, inf)
 * that an attribute can be compared with or default to. */
bool dsl_is_literal(const DslExpr *e);
/* Names that are literals where no variable has them: element type names
 * (`f32`, `i8`, ...; type) and `inf` (float). */
bool dsl_literal_name(const char *name, DslType *type);

/* shadow.c: reports rules an earlier unguarded rule of the pass subsumes;
 * clean[i] is false for rules that had errors. */
void dsl_check_shadowing(Checker *c, DslPass *ps, const bool *clean);

#endif
