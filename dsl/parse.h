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

/* lemon's generated parser (grammar.y, %name DslParser) */
void *DslParserAlloc(void *(*mallocProc)(size_t), DslParseCtx *ctx);
void DslParserFree(void *p, void (*freeProc)(void *));
void DslParser(void *p, int major, DslTok minor);
/* Ends lemon's error-recovery quiet period at a resynchronising token. */
void dsl_parser_resync(void *parser);

#endif
