/* rulegen/syntax.h - how a dialect spells its ops in MLIR's custom
 * ("pretty") assembly. A target describes its dialect once, as data, and
 * hands the description to the reader (rg_mlir_read_with), the writer
 * (rg_mlir_write_with), the spelling check (rg_graph_verify_spelling) and
 * rg_opt_main (RgOptTarget.syntax). The runtime itself knows only the
 * builtin and func dialects. See docs/mlir.md. */
#ifndef RULEGEN_SYNTAX_H
#define RULEGEN_SYNTAX_H

#include <stdint.h>
#include "rulegen/core.h"
#include "rulegen/diag.h"
#include "rulegen/graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The shapes of custom assembly the reader knows. Each one is read into
 * exactly the graph of the op's generic form. */
typedef enum RgOpForm {
  RG_OP_FORM_NONE,       /* generic form only */
  RG_OP_FORM_FUNCTIONAL, /* `d.op %a, %b {attrs} : (ta, tb) -> tr`; plain attribute
                            names are properties, dotted ones discardable */
  RG_OP_FORM_TERMINATOR, /* `d.op %a, %b : ta, tb`, spelled like func.return */
  RG_OP_FORM_IF_ELSE,    /* `d.op %c (%a = %x) : tc (ta) -> tr {..} else {..}`,
                            or without inputs `d.op %c : tc -> tr {..} else {..}` */
  RG_OP_FORM_WHILE_DO,   /* `d.op (%a = %x) : (ta) -> tr {cond} do {body}`: the
                            cond block's arguments are named by the `%a`s */
  RG_OP_FORM_CONSTANT,   /* `d.op {attrs} V : t`, V the `value` property */
  RG_OP_FORM_SAME_TYPE   /* `d.op %a, %b : t`: every operand and the one result
                            of type t (MLIR's SameOperandsAndResultType); written
                            so only when its properties are all defaults */
} RgOpForm;

/* RgOpSyntax.flags */
enum {
  /* Read in its custom form, but always written generically (as mlir-opt
   * does for some ops, or because the custom form loses information). */
  RG_OP_SYNTAX_WRITE_GENERIC = 1u << 0
};

/* One op whose form differs from its dialect's default. */
typedef struct RgOpSyntax {
  const char *name; /* full name, "dialect.op" */
  RgOpForm form;
  uint32_t flags;   /* RG_OP_SYNTAX_* */
} RgOpSyntax;

/* A property that a functional-form op leaves out when it holds its
 * default: the reader puts `name = value` back (among the properties, in
 * sorted order), the writer leaves it out where that gives it back. */
typedef struct RgPropDefault {
  const char *op;    /* "dialect.op" */
  const char *name;  /* property name */
  const char *value; /* the attribute as the generic form spells it */
} RgPropDefault;

/* An enum property whose attribute is not named after the property:
 * `prop = V` stands for `#dialect.attr<V>`. */
typedef struct RgEnumName {
  const char *prop;
  const char *attr;
} RgEnumName;

/* A spelling of an op that an older version of the dialect used: the op
 * carries attribute `attr` (when not NULL) or has `operands` operands
 * (when >= 0; neither: the op name itself is old). rg_graph_verify_spelling
 * reports the first hit: "'op' op is in <hint_spelling>: <what>;
 * <hint_advice>". */
typedef struct RgSpellingHint {
  const char *op;
  const char *attr;
  int32_t operands;
  const char *what;
} RgSpellingHint;

typedef struct RgDialectSyntax {
  const char *name;       /* the dialect: ops "name.*" */
  RgOpForm default_form;  /* of the dialect's ops not listed in `ops` */
  const RgOpSyntax *ops;
  uint32_t num_ops;
  const RgPropDefault *defaults;
  uint32_t num_defaults;
  /* Functional-form ops print enum properties bare: `key = V` for the
   * attribute `#name.key<V>` (or `#name.attr<V>` through `enums`). */
  bool bare_enums;
  const RgEnumName *enums;
  uint32_t num_enums;
  const RgSpellingHint *hints;
  uint32_t num_hints;
  const char *hint_spelling; /* "pre-1.0 TOSA spelling" */
  const char *hint_advice;   /* what to do about it */
} RgDialectSyntax;

/* Reports the first op of `g` written in an old spelling of its dialect
 * (RgSpellingHint), with one error located in `src` when the reader
 * recorded positions. `dialects` is NULL-terminated (NULL: none); ops
 * named in `skip` (as in rg_graph_verify_ops) are not checked. Returns
 * the number of errors (0 or 1). */
RG_API size_t rg_graph_verify_spelling(RgGraph *g, const RgDialectSyntax *const *dialects,
                                       const char *const *skip, const RgSource *src, RgDiags *d);

#ifdef __cplusplus
}
#endif

#endif
