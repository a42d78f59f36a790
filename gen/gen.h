/* gen/gen.h - code generation from a checked rules program: C matchers with
 * one decision tree per root op, rewrite code, pass descriptors carrying the
 * derived target-op condition, pipelines, and a readable dump of the
 * conditions (`rulegen --targets`). */
#ifndef GEN_GEN_H
#define GEN_GEN_H

#include "dsl.h"

typedef struct GenOptions {
  const char *out_name;    /* path of the .c file, used in #line directives */
  const char *header_name; /* NULL: no header include */
  const char *symbol;      /* suffix of the exported tables: rg_passes_<symbol> */
  bool line_directives;    /* #line back to the .rules files */
} GenOptions;

/* Generates the C file (and header text when `header` is not NULL) for the
 * passes and pipelines declared in the program's root files. Returns false
 * with diagnostics in p->diags when a construct cannot be generated. */
bool gen_emit(DslProgram *p, const GenOptions *o, RgsBuf *c_out, RgsBuf *h_out);

/* Human-readable target-op conditions of every pass of the root files. */
void gen_dump_targets(DslProgram *p, RgsBuf *out);

#endif
