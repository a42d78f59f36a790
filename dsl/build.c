/* dsl/build.c - what the grammar's actions call while parsing: token
 * spellings for syntax errors, vectors, names, locations, node allocation
 * in the program's arena and located errors. The parse driver (parse.c)
 * runs the grammar; the grammar builds through these, never calling back
 * into the driver. */
#include <stdlib.h>
#include "parse.h"
#include "grammar.h"

/* Token spelling for syntax errors. */
const char *dsl_tok_text(int major) {
  switch (major) {
  case 0: return "end of file";
  case TK_ID: return "name";
  case TK_QNAME: return "op name";
  case TK_INT: return "integer";
  case TK_FLOAT: return "float";
  case TK_STRING: return "string";
  case TK_WILD: return "'_'";
  case TK_ELLIPSIS: return "'...'";
  case TK_DOTDOT: return "'..'";
  case TK_LPAREN: return "'('";
  case TK_RPAREN: return "')'";
  case TK_LBRACKET: return "'['";
  case TK_RBRACKET: return "']'";
  case TK_LBRACE: return "'{'";
  case TK_RBRACE: return "'}'";
  case TK_COMMA: return "','";
  case TK_COLON: return "':'";
  case TK_QUESTION: return "'?'";
  case TK_QQ: return "'?\?'";
  case TK_ARROW: return "'=>'";
  case TK_RARROW: return "'->'";
  case TK_EQ: return "'=='";
  case TK_NE: return "'!='";
  case TK_LE: return "'<='";
  case TK_GE: return "'>='";
  case TK_AND: return "'&&'";
  case TK_OR: return "'||'";
  case TK_ASSIGN: return "'='";
  case TK_LT: return "'<'";
  case TK_GT: return "'>'";
  case TK_PLUS: return "'+'";
  case TK_MINUS: return "'-'";
  case TK_STAR: return "'*'";
  case TK_SLASH: return "'/'";
  case TK_PERCENT: return "'%'";
  case TK_NOT: return "'!'";
  case TK_PIPE: return "'|'";
  case TK_DIALECT: return "'dialect'";
  case TK_OP: return "'op'";
  case TK_CLASS: return "'class'";
  case TK_TRAITS: return "'traits'";
  case TK_RESULTS: return "'results'";
  case TK_SHAPE: return "'shape'";
  case TK_EVAL: return "'eval'";
  case TK_SMT: return "'smt'";
  case TK_EXTERN: return "'extern'";
  case TK_PRED: return "'pred'";
  case TK_FN: return "'fn'";
  case TK_IMPORT: return "'import'";
  case TK_PASS: return "'pass'";
  case TK_RULE: return "'rule'";
  case TK_IF: return "'if'";
  case TK_PIPELINE: return "'pipeline'";
  case TK_FIXPOINT: return "'fixpoint'";
  case TK_ONCE: return "'once'";
  case TK_TRUE: return "'true'";
  case TK_FALSE: return "'false'";
  case TK_SPLAT: return "'splat'";
  case TK_CONST: return "'const'";
  case TK_INEXACT: return "'inexact'";
  case TK_FOR: return "'for'";
  case TK_IN: return "'in'";
  default: return "token";
  }
}


DslVec *dsl_vec_new(void) {
  DslVec *v = rg_alloc(sizeof *v);
  if (v)
    memset(v, 0, sizeof *v);
  return v;
}

void dsl_vec_push(DslVec *v, void *item) {
  if (!v)
    return;
  if (v->n == v->cap) {
    uint32_t cap = v->cap ? v->cap * 2 : 4;
    void **items = rg_realloc(v->items, cap * sizeof *items);
    if (!items)
      return; /* out of memory: the item is dropped */
    v->items = items;
    v->cap = cap;
  }
  v->items[v->n++] = item;
}

void dsl_vec_free(DslVec *v) {
  if (!v)
    return;
  rg_free(v->items);
  rg_free(v);
}

void **dsl_vec_finish(DslParseCtx *c, DslVec *v, uint32_t *n) {
  *n = 0;
  if (!v)
    return NULL;
  void **out = NULL;
  if (v->n) {
    out = rgs_arena_alloc(&c->prog->arena, v->n * sizeof *out);
    if (out) {
      memcpy(out, v->items, v->n * sizeof *out);
      *n = v->n;
    }
  }
  dsl_vec_free(v);
  return out;
}

RgLoc dsl_loc(DslParseCtx *c, uint32_t off) {
  RgLoc l = {c->src, off};
  return l;
}

DslName dsl_name(DslParseCtx *c, DslTok t) {
  DslName n = {t.s ? t.s : "", dsl_loc(c, t.off)};
  return n;
}

void *dsl_new(DslParseCtx *c, size_t size) {
  return rgs_arena_zalloc(&c->prog->arena, size);
}

void dsl_error_at(DslParseCtx *c, uint32_t off, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  rg_vdiag(c->prog->diags, RG_ERROR, dsl_loc(c, off), fmt, ap);
  va_end(ap);
}
