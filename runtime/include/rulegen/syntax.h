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
  RG_OP_FORM_SAME_TYPE,  /* `d.op %a, %b : t`: every operand and the one result
                            of type t (MLIR's SameOperandsAndResultType); written
                            so only when its properties are all defaults */
  RG_OP_FORM_CAST,       /* `d.op %a {attrs} : ta to tr`: one operand, one result;
                            written so only when its properties are all defaults */
  RG_OP_FORM_CUSTOM      /* read by the op's own parse function
                            (RgDialectSyntax.parsers); written generically */
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

/* Reads an op in custom form after its name, through the rg_op_reader_*
 * calls below; false after an error. */
typedef struct RgOpReader RgOpReader;
typedef bool (*RgOpParseFn)(RgOpReader *r);

/* An op whose custom form is read by code (its form is RG_OP_FORM_CUSTOM):
 * for shapes no RgOpForm has, such as linalg's `ins(..) outs(..)`. */
typedef struct RgOpParser {
  const char *name; /* "dialect.op" */
  RgOpParseFn parse;
} RgOpParser;

/* Prints an op read by a parse function in its custom form, after its
 * name, through the rg_op_writer_* calls below; false to have it printed
 * generically instead, which it may answer only before printing a region
 * (the text before one may already be written out). */
typedef struct RgOpWriter RgOpWriter;
typedef bool (*RgOpPrintFn)(RgOpWriter *w, const RgNode *n);

typedef struct RgOpPrinter {
  const char *name; /* "dialect.op", with an entry in `parsers` */
  RgOpPrintFn print;
} RgOpPrinter;

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
  const RgOpParser *parsers; /* ops read by code; they need no `ops` entry */
  uint32_t num_parsers;
  /* Called on every op so named, read in either form, before it is
   * built: makes the op the same whichever form the file used, where the
   * custom form cannot carry everything (a default made explicit, a cache
   * attribute dropped). The function edits through rg_op_reader_get,
   * rg_op_reader_add_prop and rg_op_reader_remove, reading no token. */
  const RgOpParser *normalizers;
  uint32_t num_normalizers;
  /* Custom forms printed in code (--emit=pretty); an op read in code
   * without one is written generically. */
  const RgOpPrinter *printers;
  uint32_t num_printers;
} RgDialectSyntax;

/* ---- reading an op's custom form in code (RG_OP_FORM_CUSTOM) ----
 *
 * The parse function is called just after the op's name (and its result
 * names) and reads up to the op's location, which the reader takes itself.
 * It declares operands, properties, discardable attributes, regions and
 * result types; the op is then built exactly as its generic form would
 * be. Every call returns false (NULL) after reporting an error, and the
 * parse function then returns false. Tokens are
 * compared by their text: "(", "->", "into", and "%" for any value name. */

/* The graph being read, for building types and attributes. */
RG_API RgGraph *rg_op_reader_graph(RgOpReader *r);
/* Is the next token `text`? */
RG_API bool rg_op_reader_at(RgOpReader *r, const char *text);
/* Takes the next token when it is `text`. */
RG_API bool rg_op_reader_accept(RgOpReader *r, const char *text);
/* Takes the next token, which must be `text`. */
RG_API bool rg_op_reader_expect(RgOpReader *r, const char *text);
/* A bare word (`slt`, `parallel`), or one with a body (`fastmath<fast>`):
 * its text, not NUL-terminated. */
RG_API bool rg_op_reader_keyword(RgOpReader *r, const char **s, size_t *len);
RG_API bool rg_op_reader_int(RgOpReader *r, int64_t *v);
/* `%v` or `%v#i`, appended to the op's operands. */
RG_API bool rg_op_reader_operand(RgOpReader *r);
RG_API uint32_t rg_op_reader_num_operands(const RgOpReader *r);
RG_API const RgValue *rg_op_reader_operand_value(const RgOpReader *r, uint32_t i);
/* Checks that operand i has the type `t` the text gives it. */
RG_API bool rg_op_reader_operand_type(RgOpReader *r, uint32_t i, const RgType *t);
RG_API const RgType *rg_op_reader_type(RgOpReader *r);
/* An attribute: a bracketed one (`[..]`, `{..}`) or one token, with its
 * `: type` when one follows. */
RG_API const RgAttr *rg_op_reader_attr(RgOpReader *r);
/* Adds a property (kept in sorted order) or a discardable attribute;
 * false for a name given twice. */
RG_API bool rg_op_reader_add_prop(RgOpReader *r, const char *name, const RgAttr *a);
RG_API bool rg_op_reader_add_attr(RgOpReader *r, const char *name, const RgAttr *a);
/* The property or attribute `name` given so far, or NULL. */
RG_API const RgAttr *rg_op_reader_get(const RgOpReader *r, const char *name);
/* Removes the property or attribute `name`, if given. */
RG_API void rg_op_reader_remove(RgOpReader *r, const char *name);
/* An optional `{..}` attribute dictionary as a functional-form op has it:
 * plain names are properties, dotted names discardable attributes. */
RG_API bool rg_op_reader_attr_dict(RgOpReader *r);
/* A region `{..}` read from the text. */
RG_API bool rg_op_reader_region(RgOpReader *r);
/* A region the text leaves out, to be built by the caller (blocks, block
 * arguments and ops through the graph API); regions are kept in order. */
RG_API RgRegion *rg_op_reader_add_region(RgOpReader *r);
RG_API bool rg_op_reader_result(RgOpReader *r, const RgType *t);
/* Reports an error at the token last read or looked at; returns false. */
RG_API bool rg_op_reader_error(RgOpReader *r, const char *fmt, ...);

/* ---- printing an op's custom form in code (RgOpPrinter) ---- */

/* The graph being printed; then the pieces of a custom form, each printed
 * as the generic form would spell it: raw text, a value's name, a type,
 * an attribute. */
RG_API RgGraph *rg_op_writer_graph(RgOpWriter *w);
RG_API void rg_op_writer_text(RgOpWriter *w, const char *s);
RG_API void rg_op_writer_value(RgOpWriter *w, const RgValue *v);
RG_API void rg_op_writer_type(RgOpWriter *w, const RgType *t);
RG_API void rg_op_writer_attr(RgOpWriter *w, const RgAttr *a);
/* `a = 1, "odd key", b = ..`: dictionary entries (names quoted as needed) */
RG_API void rg_op_writer_entries(RgOpWriter *w, const RgNamedAttr *e, uint32_t n);
/* ` {..}` with the op's properties and attributes not named in `skip`
 * (NULL-terminated; NULL: none), when there are any, as
 * rg_op_reader_attr_dict reads them back; false (nothing printed) when
 * one would read back as the other kind (a property with a dotted name,
 * a discardable attribute without). */
RG_API bool rg_op_writer_attr_dict(RgOpWriter *w, const RgNode *n, const char *const *skip);
/* A region `{..}`, its entry block labelled with its arguments. */
RG_API void rg_op_writer_region(RgOpWriter *w, const RgRegion *r);

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
