/* rulegen/mlir.h - reading and writing graphs as MLIR text in the generic
 * op form (what `mlir-opt --mlir-print-op-generic` prints). Attributes and
 * types that rulegen does not interpret are kept verbatim, so an untouched
 * graph prints back as it was read. See docs/mlir.md for the exact rules. */
#ifndef RULEGEN_MLIR_H
#define RULEGEN_MLIR_H

#include "rulegen/core.h"
#include "rulegen/diag.h"
#include "rulegen/graph.h"
#include "rulegen/syntax.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Limit on open brackets ( [ { <{ in the structural part of a file, and on
 * nesting inside verbatim-kept attributes and types. */
#define RG_MLIR_MAX_NESTING 200

/* Parses `src` into a new graph. On error returns NULL and adds one error
 * (with the position in `src`) to `d`. The graph does not point into `src`:
 * the source may be freed once this returns. Custom ("pretty") assembly
 * is read for builtin.module, func.func and func.return only. */
RG_API RgGraph *rg_mlir_read(const RgSource *src, RgDiags *d);

/* rg_mlir_read that also reads the custom forms of the NULL-terminated
 * `dialects` (rulegen/syntax.h; NULL: none). */
RG_API RgGraph *rg_mlir_read_with(const RgSource *src, RgDiags *d,
                                  const RgDialectSyntax *const *dialects);

/* rg_mlir_read_with that also finds the op defining the value `%name`
 * (name given with its '%'; `%x#1` is `%x`'s op) as written in the text,
 * the first one when regions reuse a name. *def is NULL when no op
 * defines it (unknown, or a block argument). */
RG_API RgGraph *rg_mlir_read_find(const RgSource *src, RgDiags *d,
                                  const RgDialectSyntax *const *dialects, const char *name,
                                  RgNode **def);

/* Prints the graph in the generic op form into a NUL-terminated string that
 * the caller frees with rg_free; *len (when given) receives its length.
 * Returns NULL when out of memory. Output is deterministic. */
RG_API char *rg_mlir_write(const RgGraph *g, size_t *len);

/* Which assembly rg_mlir_write_as prints. PRETTY is the custom form that
 * mlir-opt prints by default, for builtin.module, func.func and
 * func.return; every other op (and any op whose attributes the custom
 * form could not give back exactly) stays generic. Both read back into
 * the same graph. */
typedef enum RgMlirForm { RG_MLIR_GENERIC, RG_MLIR_PRETTY } RgMlirForm;

/* rg_mlir_write in the given form; the caller frees the string. */
RG_API char *rg_mlir_write_as(const RgGraph *g, RgMlirForm form, size_t *len);

/* rg_mlir_write_as that, in PRETTY form, also prints the ops of the
 * NULL-terminated `dialects` (NULL: none) in the custom forms their
 * syntax gives them, so that rg_mlir_read_with(..., dialects) reads them
 * back. */
RG_API char *rg_mlir_write_with(const RgGraph *g, RgMlirForm form,
                                const RgDialectSyntax *const *dialects, size_t *len);

/* One attribute in the MLIR spelling rg_mlir_write gives it (an affine
 * map in full, not as an alias), NUL-terminated, for rg_free; *len (when
 * given) receives its length. NULL when out of memory. Lets an embedder
 * hand attributes the passes made to another MLIR implementation's parser. */
RG_API char *rg_attr_print(const RgAttr *a, size_t *len);

#ifdef __cplusplus
}
#endif

#endif
