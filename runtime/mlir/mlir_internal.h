/* runtime/mlir/mlir_internal.h - shared between the MLIR reader's parts,
 * in layers: state.c and syntax.c (errors, vectors, the syntax table);
 * attr_read.c (types and attributes); build.c (ops, values, regions);
 * pretty.c (custom forms); the re2c lexer (lexer.re) and token stream
 * (tokens.c); the lemon grammar (grammar.y), whose actions call the layers
 * below it; custom.c, which feeds the grammar and reads the forms dialects
 * parse in code; read.c, the entry points. Not installed. */
#ifndef RG_MLIR_INTERNAL_H
#define RG_MLIR_INTERNAL_H

#include "rulegen/mlir.h"
#include "rulegen/syntax.h"
#include "ir/ir_internal.h"

/* ---- the registered dialect syntaxes as one lookup table, shared by the
 * lexer (which token an op name is), the builder and the writer ---- */

typedef struct MlirSynEnt {
  const char *name; /* an op's full name, or a dialect's name */
  uint32_t len;
  uint8_t form;     /* RgOpForm */
  bool dialect;     /* the entry of a whole dialect (its default form) */
  uint32_t flags;   /* RG_OP_SYNTAX_* */
  const RgDialectSyntax *d;
  RgOpParseFn parse; /* RG_OP_FORM_CUSTOM */
  RgOpParseFn normalize; /* RgDialectSyntax.normalizers */
  RgOpPrintFn print;     /* RgDialectSyntax.printers */
} MlirSynEnt;

typedef struct MlirSyntax {
  MlirSynEnt *ents; /* open addressing, mask + 1 slots; NULL when empty */
  uint32_t mask;
  bool normalizers; /* some op has one */
} MlirSyntax;

/* Builds the table of the NULL-terminated `dialects` (NULL: none); a
 * dialect or op registered twice keeps its first description. False when
 * out of memory. */
bool mlir_syntax_build(MlirSyntax *s, const RgDialectSyntax *const *dialects);
void mlir_syntax_free(MlirSyntax *s);
/* The syntax of the op name[0..len): its own entry, else its dialect's
 * (up to the first '.'), else NULL. */
const MlirSynEnt *mlir_syntax_find(const MlirSyntax *s, const char *name, size_t len);

/* A token: a slice of the source (never copied while parsing). */
typedef struct MlirTok {
  const char *s;
  uint32_t len;
} MlirTok;

typedef struct MlirLexer {
  const char *base; /* source text, NUL-terminated at lim */
  const char *cur;
  const char *lim;
  const MlirSyntax *syn; /* decides the token of a dotted op name */
  /* Set when mlir_lex returns -1. */
  const char *err_at;
  const char *err_open; /* the unmatched opener, when that is the error */
  char err[160];
} MlirLexer;

/* Where mlir_write_file writes: the file, its flags (as for
 * rgs_write_file), and the buffer that takes a failure's message. */
typedef struct MlirFileTarget {
  const char *path;
  unsigned flags;
  char *err;
  size_t errlen;
} MlirFileTarget;

/* Writes the graph to `to.path` as rg_mlir_write_with prints it, streamed
 * through rg_file_out_* (atomic) so the text is never held whole. Returns
 * 0, or -1 with a message in `to.err`. */
int mlir_write_file(const RgGraph *g, RgMlirForm form, const RgDialectSyntax *const *dialects, MlirFileTarget to);

/* Next token: a MT_* code, 0 at the end of input, -1 on a lexical error. */
int mlir_lex(MlirLexer *lx, MlirTok *t);

/* Scans a bracketed body whose opener is at p[-1] (one of '<' '(' '[' '{'),
 * honouring nesting, strings and `->`. Returns the pointer just past the
 * matching closer, or NULL with lx->err set. */
const char *mlir_scan_balanced(MlirLexer *lx, const char *p);

/* A type as a grammar value: the interned type and the end of its text. */
typedef struct MlirTy {
  const RgType *t;
  const char *end;
} MlirTy;

/* A function type under construction: its input and result types are the
 * top nin + nout entries of the parser's type stack. */
typedef struct MlirSig {
  uint32_t nin, nout;
  const char *end;
} MlirSig;

/* An attribute as a grammar value, with the end of its source text. */
typedef struct MlirAt {
  const RgAttr *a;
  const char *end;
} MlirAt;


/* ---- the builder's state, shared by build.c (operations, regions,
 * driver), attr_read.c (types, attributes) and pretty.c ---- */

#define VEC(T) struct { T *v; uint32_t len, cap; }

typedef struct MlirParser MlirParser;

typedef struct ResGroup {
  MlirTok name;
  uint32_t count;
} ResGroup;

typedef struct OpFrame {
  MlirTok name;
  RgOpId op;
  uint32_t res_base, ngroups;
  uint32_t opnd_base;
  uint32_t named_base, num_props;
  uint32_t region_base;
  uint8_t form; /* MLIR_FORM_*: how the op was written */
  const RgDialectSyntax *dialect; /* custom forms of a registered dialect */
  uint32_t init_base; /* cond_if/while_loop: where its `(%a = %x)` names start */
  uint32_t while_nin, while_nout; /* while_loop: its signature's counts */
  uint32_t cust_base; /* custom (RgOpParseFn) form: its result types in cust_types */
} OpFrame;

/* The custom forms read (pretty.c); GENERIC is `"dialect.op"(...)`,
 * FUNCTIONAL, IF_ELSE and WHILE_DO the RgOpForm shapes. */
enum { MLIR_FORM_GENERIC, MLIR_FORM_FUNCTIONAL, MLIR_FORM_RETURN, MLIR_FORM_CONST,
       MLIR_FORM_MODULE, MLIR_FORM_FUNC, MLIR_FORM_CUSTOM };

typedef struct RegionFrame {
  RgRegion *r;
  RgBlock *cur;
  uint32_t name_mark; /* names defined in this region start here */
  uint32_t iso_saved; /* the isolation barrier to restore on exit */
  uint32_t num_mark, num_iso_saved; /* the same for `%N` names */
} RegionFrame;

/* A name in scope: `%name` for values. Entries form a stack (scopes pop
 * from the top) and hash chains through `next`; since scopes pop in LIFO
 * order, a popped entry is always the head of its chain. */
typedef struct NameEnt {
  const char *s;
  uint32_t len, hash;
  uint32_t next; /* index + 1 of the next entry in the chain, 0 = none */
  uint32_t count;
  RgValue *vals; /* count contiguous results, or one block argument */
} NameEnt;

/* `%N` names, what MLIR's printer writes, skip the hash table: slot N of
 * `num_vals`/`num_at` holds the definition in scope (its group runs to the
 * last result) and `num_log` the numbers in definition order, so scopes
 * pop as above. A definition hiding one of an enclosing isolated scope
 * keeps it in `num_hidden` until it pops. */
typedef struct NumHidden {
  RgValue *vals;
  uint32_t at;  /* the hidden definition's num_at */
  uint32_t pos; /* num_log index of the definition hiding it */
} NumHidden;

typedef struct Span {
  const char *s;
  uint32_t len;
  uint32_t ops_before; /* top-level ops seen before it */
  bool resources;
} Span;

typedef struct Bracket {
  int tok;
  const char *at;
} Bracket;

struct MlirParser {
  RgGraph *g;
  const RgSource *src;
  RgDiags *d;
  bool failed;
  RgOpId op_func, op_module;
  MlirSyntax syn;
  const RgAttr *unit;

  VEC(OpFrame) ops;
  VEC(RegionFrame) regions;
  VEC(ResGroup) results;
  VEC(RgValue *) opnds;
  VEC(const char *) opnd_at;
  VEC(const RgType *) types;
  VEC(const RgAttr *) attrs;
  VEC(RgNamedAttr) named;
  VEC(uint32_t) dict_bases;
  VEC(RgRegion *) done_regions;
  VEC(NameEnt) names;
  VEC(Span) spans;
  VEC(Bracket) brackets;
  VEC(int64_t) darr_ints;
  VEC(double) darr_floats;
  uint32_t *buckets;
  uint32_t bucket_mask;
  uint32_t iso_base; /* names below this index are hidden by isolation */
  RgValue **num_vals;
  uint32_t *num_at;   /* num_log index + 1 of the definition; 0: none */
  uint32_t num_cap;   /* slots in num_vals and num_at */
  uint32_t num_limit; /* numbers from here on take the hash table */
  uint32_t num_iso_base;
  bool num_hashed;    /* some `%N` went to the hash table */
  VEC(uint32_t) num_log;
  VEC(NumHidden) num_hidden;
  uint32_t top_ops;

  /* the dense array being read */
  const char *darr_start;
  const RgType *darr_elem;
  bool darr_float;

  RgsBuf scratch;

  /* custom form: the bare enum word awaiting its key, and the function
   * signature being read (argument then result attribute dicts) */
  const RgAttr *bare_pending;
  MlirTok fn_sym, fn_vis;
  uint32_t fn_nargs, fn_nres, fn_named_args;
  VEC(const RgAttr *) fn_attrs;
  VEC(MlirTok) inits;

  /* the token stream: the lexer, one token of lookahead (taken by op
   * readers, handed back to the grammar), the parsed text already
   * released, and where the last token began (for op readers' errors) */
  MlirLexer *lx;
  bool have_peek;
  int peek_tk;
  MlirTok peek;
  size_t released;
  const char *last_at;
  /* op readers (RgOpParseFn): result types, and the attribute a nested
   * parse produced */
  VEC(const RgType *) cust_types;
  const RgAttr *sub_attr;
  /* `#name` aliases of affine maps and integer sets: open addressing,
   * maps_mask + 1 slots (NULL until the first) */
  struct MapAlias *maps;
  uint32_t maps_mask, maps_len;
  /* normalizers by op id: 0 not looked up, 1 none, 2 normalizer */
  VEC(uint8_t) norm_known;
  VEC(RgOpParseFn) norm_fns;

  /* rg_mlir_read_find: the `%name` asked for (without '%'), its op */
  const char *find;
  /* the source outlives the graph, unchanged: large literals are spelled
   * by pointers into it, not copies (mlir_read_kept) */
  bool src_kept;
  RgNode *found;
  bool found_any;
};

#define VEC_PUSH(p, vec, x)                                                             \
  (mlir_vec_grow((p), (void **)&(vec).v, &(vec).cap, (vec).len + 1, sizeof *(vec).v)       \
       ? ((vec).v[(vec).len++] = (x), true)                                            \
       : false)

/* Reports the first error (later ones are dropped) and marks the parse
 * failed; `at` NULL means the end of input. */
void mlir_error(MlirParser *p, const char *at, const char *fmt, ...) RGS_PRINTF(3, 4);
void mlir_nomem(MlirParser *p, const char *at);
bool mlir_vec_grow(MlirParser *p, void **v, uint32_t *cap, uint32_t need, size_t elem);
void *mlir_arena(MlirParser *p, size_t n);
char *mlir_arena_dup(MlirParser *p, const char *s, size_t n);
/* rg_mlir_read_find for a mapped source that outlives the graph: a hex
 * literal of MLIR_IN_PLACE bytes or more keeps its spelling in the source
 * instead of a copy in the graph, whose pages the reader releases once
 * read (the file's pages are read again when the text is, e.g. to decode
 * or write it). Any other source is read as rg_mlir_read_find reads it. */
enum { MLIR_IN_PLACE = 1 << 16 };
RgGraph *mlir_read_kept(const RgSource *src, RgDiags *d, const RgDialectSyntax *const *dialects, const char *name,
                        RgNode **def);
static inline int mlir_hexv(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Unescapes a string token (with its quotes) into p->scratch. */
bool mlir_unescape(MlirParser *p, const MlirTok *t);

/* ---- builder entry points called from the grammar's actions ---- */
void mlir_result_group(MlirParser *p, const MlirTok *name, const MlirTok *count);
void mlir_op_begin(MlirParser *p, const MlirTok *name, uint32_t ngroups);
/* Opens the frame of an op named s[0..len) (name is where it is spelled),
 * whose results were declared in the last ngroups result groups; shared by
 * the generic and the custom forms. */
void mlir_frame_push(MlirParser *p, OpFrame *f, const MlirTok *name, const char *s, size_t len,
                     uint32_t ngroups);
void mlir_operand(MlirParser *p, const MlirTok *v);
void mlir_successors(MlirParser *p, const MlirTok *at);
void mlir_props_end(MlirParser *p);
void mlir_region_begin(MlirParser *p, const MlirTok *at);
void mlir_region_end(MlirParser *p);
void mlir_block_begin(MlirParser *p, const MlirTok *label);
void mlir_block_arg(MlirParser *p, const MlirTok *name, MlirTy ty, const MlirTok *loc);
void mlir_op_end(MlirParser *p, MlirSig sig, const MlirTok *colon, const MlirTok *loc);
/* An alias definition `#name = value` (value: the attribute, NULL for a
 * location or a type): kept as file text, or, for an affine map or
 * integer set, resolved where it is used (attr_read.c). */
void mlir_alias(MlirParser *p, const MlirTok *start, const char *end, const RgAttr *value);
/* Records `#name` as standing for the map or set `a`. */
void mlir_map_alias(MlirParser *p, const MlirTok *name, const RgAttr *a);
void mlir_resources(MlirParser *p, const MlirTok *t);

MlirTy mlir_type_tok(MlirParser *p, const MlirTok *t);
MlirTy mlir_type_fn(MlirParser *p, MlirSig sig);
void mlir_type_push(MlirParser *p, MlirTy t);

MlirAt mlir_attr_number(MlirParser *p, const MlirTok *num, const MlirTy *ty, bool is_float);
MlirAt mlir_attr_bool(MlirParser *p, const MlirTok *t, bool v);
MlirAt mlir_attr_unit(MlirParser *p, const MlirTok *t);
MlirAt mlir_attr_string(MlirParser *p, const MlirTok *t, const MlirTy *ty);
MlirAt mlir_attr_verbatim(MlirParser *p, const MlirTok *t, const MlirTy *ty);
MlirAt mlir_attr_dense(MlirParser *p, const MlirTok *t, MlirTy ty);
MlirAt mlir_attr_typeattr(MlirParser *p, MlirTy ty);
uint32_t mlir_list_begin(MlirParser *p);
void mlir_list_push(MlirParser *p, MlirAt a);
MlirAt mlir_attr_array(MlirParser *p, uint32_t base, const MlirTok *close);
uint32_t mlir_dict_begin(MlirParser *p);
void mlir_dict_end(MlirParser *p);
void mlir_dict_entry(MlirParser *p, const MlirTok *key, const MlirAt *value);
MlirAt mlir_attr_dict(MlirParser *p, uint32_t base, const MlirTok *close);
void mlir_darray_begin(MlirParser *p, const MlirTok *open, MlirTy elem);
void mlir_darray_elem(MlirParser *p, const MlirTok *t, bool is_float);
MlirAt mlir_attr_darray(MlirParser *p, const MlirTok *close);

/* ---- custom (pretty) form, pretty.c ---- */
/* Opens an op written in custom form `form` (MLIR_FORM_*). */
void mlir_pretty_begin(MlirParser *p, const MlirTok *name, uint32_t ngroups, int form);
void mlir_pretty_unknown(MlirParser *p, const MlirTok *name);
void mlir_pretty_end(MlirParser *p, uint32_t nin, const MlirTok *loc);
void mlir_pretty_functional_end(MlirParser *p, MlirSig sig, const MlirTok *colon, const MlirTok *loc);
void mlir_pretty_const(MlirParser *p, MlirAt value, const MlirTok *loc);
/* Ends a same-type op: each operand and the result have type `t`. */
void mlir_pretty_same_end(MlirParser *p, MlirTy t, const MlirTok *loc);
/* Ends a cast `: from to into`; `to` must be the word "to". */
void mlir_pretty_cast_end(MlirParser *p, MlirTy from, const MlirTok *to, MlirTy into,
                          const MlirTok *loc);
void mlir_pretty_sym(MlirParser *p, const MlirTok *sym, const MlirTok *vis);
void mlir_func_begin(MlirParser *p, const MlirTok *name, uint32_t ngroups, const MlirTok *sym,
                     const MlirTok *vis);
void mlir_func_arg(MlirParser *p, const MlirTok *name, MlirTy ty, MlirAt dict, const MlirTok *loc);
void mlir_func_res(MlirParser *p, MlirTy ty, MlirAt dict);
void mlir_func_sig(MlirParser *p);
void mlir_func_body(MlirParser *p, bool present);
MlirAt mlir_attr_bare(MlirParser *p, const MlirTok *t);
void mlir_pretty_init(MlirParser *p, const MlirTok *name);
void mlir_pretty_while_sig(MlirParser *p, MlirSig sig);
void mlir_pretty_while_open(MlirParser *p, const MlirTok *brace);
/* An attribute of the current dict entry `key`: a pending bare enum word
 * becomes its dialect attribute; anything else is returned unchanged. */
const RgAttr *mlir_pretty_entry(MlirParser *p, const char *key, const RgAttr *a);
/* The i-th property default of the op `name` in dialect `d` (i from 0),
 * or NULL after the last. */
const RgPropDefault *mlir_prop_default(const RgDialectSyntax *d, const char *name, uint32_t i);
/* The attribute an enum property `key` of dialect `d` names: `attr` in
 * `#dialect.attr<V>`. */
const char *mlir_enum_attr(const RgDialectSyntax *d, const char *key);
/* A string property the dialect lists among its enums (a rule's
 * `rounding_mode = "SINGLE_ROUND"`): its value V, written as the enum
 * attribute `#dialect.attr<V>`. */
bool mlir_enum_string(const RgDialectSyntax *d, const RgNamedAttr *e, const char **v, size_t *len);
/* Text that is not MLIR text (bytecode, executables, archives): a
 * description of what it is, or NULL. */
const char *mlir_binary_kind(const char *text, size_t len);

/* A dialect's parse or normalize function reads through this handle. */
struct RgOpReader {
  MlirParser *p;
};

/* ---- the token stream (tokens.c) and op readers (custom.c) ---- */
/* The next token (the lookahead first), with brackets tracked: a MT_*
 * code, 0 at the end, -1 after an error (reported). */
int mlir_next(MlirParser *p, MlirTok *t);
/* The next token without taking it. */
int mlir_peek(MlirParser *p, MlirTok *t);
/* Feeds tokens to the lemon parser `parser` until the end of input, an
 * error, or (depth > 0) the bracket that brought nesting below `depth`
 * is closed. */
void mlir_feed(MlirParser *p, void *parser, uint32_t depth);
/* An op in RG_OP_FORM_CUSTOM: runs its parse function (its frame is open). */
void mlir_custom_read(MlirParser *p);
void mlir_custom_end(MlirParser *p, const MlirTok *loc);
/* Runs the normalizer of the op being ended, if its dialect has one. */
void mlir_normalize(MlirParser *p);

void mlir_syntax_error(MlirParser *p, int major, const MlirTok *t, const char *expected);
void mlir_stack_overflow(MlirParser *p);

/* ---- the lemon parser (generated into $(BUILD)/gen/runtime/mlir) ---- */
void *mlir_parseAlloc(void *(*alloc)(size_t), MlirParser *p);
void mlir_parseFree(void *parser, void (*dealloc)(void *));
void mlir_parse(void *parser, int major, MlirTok minor);
/* Does the parser, just given an op name read in code (KW_CUSTOM), take
 * it as an op? (not when it is a dictionary key spelled like one) */
int mlir_parse_custom_next(void *parser);
/* Human-readable name of a token code ("'{'", "identifier", ...). */
const char *mlir_token_desc(int major);

#endif
