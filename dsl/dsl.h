/* dsl/dsl.h - entry points of the rules front end: load files (with their
 * imports) into a program, check it, dump the checked AST. All AST memory
 * lives in the program's arena and goes away with dsl_program_free(). */
#ifndef DSL_DSL_H
#define DSL_DSL_H

#include "ast.h"

/* Opens an import or top-level file. Returns NULL when it does not exist;
 * sets dev and ino to an identity used for include-once. The default opener
 * reads the filesystem; the fuzzer serves files from memory. */
typedef RgSource *(*DslOpenFn)(void *user, const char *path, RgDiags *d,
                               dev_t *dev, ino_t *ino);

/* What the code generator can generate, checked by the checker too so
 * that `rulegen --check` and `rulegen -o` accept the same files. */
enum {
  DSL_MAX_PATTERN_DEPTH = 24, /* op patterns nested below a rule's root */
  DSL_MAX_COMMUTATIVE = 4,    /* commutative ops a pattern matches both ways (each doubles the variants) */
  DSL_MAX_NAMED_NODES = 64,   /* `e:(op ...)` nodes in one replacement */
  DSL_MAX_ARGS = 64           /* operands of a node built with a `..rest` splice; attributes a node sets */
};

typedef struct DslMap {
  const char **keys;
  void **vals;
  uint32_t cap, count;
} DslMap;

typedef struct DslProgram {
  RgsArena arena;
  RgDiags *diags;
  const char **incdirs; /* -I directories, searched after the importer's */
  uint32_t nincdirs;
  DslOpenFn open;
  void *open_user;
  DslFile **files; /* every loaded file, in load order */
  uint32_t nfiles, capfiles;
  DslFile **roots; /* files named on the command line */
  uint32_t nroots, caproots;
  /* checked symbol tables (one namespace per kind) */
  DslOpDecl **ops;
  uint32_t nops;
  DslMap opmap, classmap, externmap, passmap, pipemap;
  DslPass **passes;
  uint32_t npasses;
} DslProgram;

void dsl_program_init(DslProgram *p, RgDiags *d);
void dsl_program_free(DslProgram *p);
/* Loads `path` and its imports; errors go to the program's diagnostics.
 * Returns false when the file itself could not be read. */
bool dsl_load_file(DslProgram *p, const char *path);
/* Loads a file from memory (the fuzzer); imports go through p->open. */
bool dsl_load_mem(DslProgram *p, const char *name, const char *text, size_t len);
/* Resolves names and types over every loaded file; reports errors. */
void dsl_check(DslProgram *p);
/* Reports externs and hooks named so that generated C calling them would
 * not compile (a keyword, a C library function, a runtime prefix). */
void dsl_check_c_names(DslProgram *p);
/* Stable text form of the checked declarations of the root files. */
void dsl_dump_ast(RgsBuf *out, const DslProgram *p);

/* internal: lexer/parser driver (parse.c) and helpers shared by files */
DslFile *dsl_parse_source(DslProgram *p, RgSource *src);
void *dsl_map_get(const DslMap *m, const char *key);
/* Returns the existing value when the key is present (does not replace). */
void *dsl_map_put(DslMap *m, const char *key, void *val);
void dsl_map_free(DslMap *m);

#endif
