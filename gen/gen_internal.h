/* gen/gen_internal.h - the data the generator's phases hand to each other:
 * the rule IR (ir.c), the decision tree (tree.c), and the C text writer
 * (ctext.c) that the printers (match.c, action.c, gen.c) share. */
#ifndef GEN_GEN_INTERNAL_H
#define GEN_GEN_INTERNAL_H

#include "gen.h"
#include "rulegen/pass.h"

enum { GEN_MAXPATH = DSL_MAX_PATTERN_DEPTH, GEN_MAXARGS = DSL_MAX_ARGS };

/* Where a node or value sits below the root: operand indices from the root
 * (a node path names the producer of that operand; the empty path is the
 * root itself, or its first result when used as a value path). */
typedef struct GenPath {
  uint8_t n;
  uint8_t i[GEN_MAXPATH];
} GenPath;

typedef enum GenTestKind {
  GEN_T_COUNT,    /* root's operand count */
  GEN_T_OP,       /* operand's producer is a live, unfrozen node of one of ops */
  GEN_T_ATTR_HAS, /* node has the attribute */
  GEN_T_ATTR_ABSENT, /* node does not have the (optional) attribute */
  GEN_T_ATTR_EQ,  /* attribute equals a literal */
  GEN_T_ATTR_VAR, /* attribute equals an attribute bound earlier */
  GEN_T_SAME,     /* two operand values are the same value */
  GEN_T_SPLAT,    /* value is produced by a splat constant */
  GEN_T_SPLAT_EQ  /* ... whose scalar equals a literal */
} GenTestKind;

typedef struct GenTest {
  GenTestKind kind;
  GenPath path;  /* OP/COUNT/ATTR_*: node path; SAME/SPLAT*: value path */
  GenPath other; /* SAME: other value path; ATTR_VAR: node of the other attr */
  const uint16_t *ops; /* OP: sorted local op indices */
  uint32_t nops;
  uint32_t nargs; /* OP/COUNT */
  bool rest;
  const char *attr, *other_attr;
  DslExpr *lit;
  DslType lit_type;
  const DslAttrDecl *decl; /* ATTR_EQ: the declaration (for its default) */
} GenTest;

/* Where a rule variable is bound in one variant. */
typedef struct GenBinding {
  GenPath path;   /* VALUE/SPLAT: value path; ATTR/REST/OP: node path */
  uint32_t node;  /* ATTR/REST/OP: the pattern node (GenRule.pnodes index) */
  uint32_t start; /* REST: first operand of the rest */
} GenBinding;

typedef struct GenRule GenRule;

/* One operand order of a rule (commutative ops give several): its tests in
 * the order a matcher runs them, and where each variable is bound. */
typedef struct GenVariant {
  GenRule *rule;
  GenTest *tests;
  uint32_t ntests, cap;
  GenBinding *bind;  /* per DslVar.index */
  GenPath *node_at;  /* per pattern node (GenRule.pnodes): its path here */
  uint32_t swap_mask;
} GenVariant;

/* What an action function takes besides rw, root and ex. */
typedef struct GenParam {
  bool is_node;
  uint32_t node; /* is_node: pattern node index */
  DslVar *var;   /* else: the value variable passed in */
} GenParam;

struct GenRule {
  DslRule *rule;
  uint16_t index; /* in the pass */
  const char *fn; /* C name of its action function */
  bool ex;        /* the action explains (takes `ex`) */
  GenVariant *variants;
  uint32_t nvariants;
  DslPattern **pnodes; /* op nodes of the pattern, pre-order, root first */
  uint32_t npnodes;
  bool *used;          /* per DslVar.index: read by the guard or replacement */
  GenParam *params;
  uint32_t nparams;
};

/* The rule IR of one pass: the ops it names (local indices, sorted by
 * declaration id) and its rules in priority order. */
typedef struct GenPass {
  DslPass *pass;
  const char *cname;
  DslOpDecl **lops;
  uint32_t nlops;
  GenRule *rules;
  uint32_t nrules;
  const char **attrs; /* attribute names the pass reads, by first use */
  uint32_t nattrs, capattrs;
  bool attrs_named;   /* their constants are printed: no name may follow */
  /* The pass's ids are `PFX_op` and `PFX_ATTR_name` (PFX from the
   * initials of its name, distinct among the file's passes); long: ids
   * that would clash so are `pass__OP_op`, `pass__ATTR_name`. */
  const char *pfx;
  bool long_ids;
  /* Its guard steps' explanations, text and reads in turn, each pair once:
   * the `PFX_why` table the actions index. */
  const char **why;
  uint32_t nwhy, capwhy;
} GenPass;

/* ---- the decision tree of one root op ---- */

typedef enum GenDtKind {
  GEN_DT_TEST,   /* one test shared by a run of rules, then `body` */
  GEN_DT_OP,     /* producer at `path` is one of test->ops, then `body` */
  GEN_DT_SWITCH, /* producer at `path` by op: one body per case */
  GEN_DT_ACCEPT  /* run the action of `variant` */
} GenDtKind;

typedef struct GenDtNode GenDtNode;

/* Nodes tried in order; the first action that fires ends the match. */
typedef struct GenDtSeq {
  GenDtNode **v;
  uint32_t n;
} GenDtSeq;

typedef struct GenDtCase {
  uint16_t op;
  GenDtSeq body;
} GenDtCase;

struct GenDtNode {
  GenDtKind kind;
  const GenTest *test; /* TEST, OP; SWITCH: the first rule's op test */
  GenDtSeq body;       /* TEST, OP */
  GenDtCase *cases;    /* SWITCH, by local op */
  uint32_t ncases;
  GenVariant **run;    /* TEST, OP, SWITCH: the variants that reach the test */
  uint32_t nrun;
  const GenTest **run_tests; /* SWITCH: each variant's op test */
  GenVariant *variant; /* ACCEPT */
};

/* ---- C text ---- */

typedef struct GenOut {
  RgsBuf *buf;
  uint32_t line; /* lines written so far */
  int indent;
  /* Where the C compiler places the next line: `pfile` line `pline`
   * after a `#line` to a rules file; NULL: the output itself. */
  const char *pfile;
  uint32_t pline;
  /* The last line came from rules line `jline` of `jfile` and is still
   * open: more C from that rules line joins it (see gen_line). */
  bool open;
  const char *jfile;
  uint32_t jline;
  /* mark: the offset in buf where the next line's text starts is kept in
   * marked (SIZE_MAX until then) */
  bool mark;
  size_t marked;
} GenOut;

typedef struct Gen {
  DslProgram *p;
  const GenOptions *o;
  GenOut out;
  bool ok;
  RgsArena arena; /* per file */
  const char *sym;
  GenPass *pass; /* pass being printed */
  /* action being printed */
  GenRule *cur;
  uint32_t tmp;
  int body_indent; /* indent of the action's own block */
  bool graph_used; /* the action reads `gr`, its rg_rw_graph(rw) */
  bool discarding;
  /* Expressions the action's own block has computed, and their C: an equal
   * expression later in the action reads the same temporary. */
  struct GenMemo { const DslExpr *e; const char *c; } *memo;
  uint32_t nmemo, capmemo;
  struct { const DslRepl *node; const char *c; } named[DSL_MAX_NAMED_NODES]; /* built `e:(op ...)` */
  RgLoc src;              /* rules text the lines being written come from;
                             src NULL: generated only (see gen_line) */
  const char *guard_fail; /* in a guard conjunct: what a value that cannot
                             be computed runs (explains, returns 0) */
  bool src_pinned; /* gen_src_set leaves src as it is (the pattern's reads) */
  /* Declarations and conditions of fallible calls not yet written (see
   * gen_check). */
  struct GenPending {
    struct GenDecl { const char *type, *name; } *decls;
    uint32_t ndecls, capdecls;
    const char **checks;
    uint32_t nchecks, capchecks;
    const char *fail; /* what the checks run when one fails */
    RgLoc src;        /* of the last of them */
  } pend;
  struct GenConj *conj;   /* the guard's steps, for their explanations */
  uint32_t nconj;
  uint32_t nnamed;
  uint32_t nsplit; /* case functions of the pass so far */
  const char **pfxs; /* id prefixes of the passes printed so far */
  uint32_t npfxs, cappfxs;
} Gen;

void gen_line(Gen *g, const char *fmt, ...) RGS_PRINTF(2, 3);
/* `TYPE name;`, written with the checks not yet tested (or before the
 * next statement that is not a declaration). */
void gen_declare(Gen *g, const char *type, const char *name);
/* The condition of a fallible call (`f(a, &t1)`), which must hold before
 * the next statement that is not a declaration: conditions in a row that
 * fail alike are tested as one `if (!(c1 && c2)) fail` before it, so a
 * guard step or a replacement value that computes several temporaries
 * says what its failure does once. */
void gen_check(Gen *g, const char *cond, const char *fail);
/* An arena array of n elements of `size` bytes with room for one more:
 * v, or a copy twice *cap long (first when empty), *cap updated; NULL
 * when out of memory (g->ok false). */
void *gen_grow(Gen *g, void *v, uint32_t n, uint32_t *cap, size_t size, uint32_t first);
void gen_blank(Gen *g);
/* Ends a line left open for more C from the same rules line. */
void gen_end_line(Gen *g);
void gen_end_function(Gen *g);
void gen_reserve_line(Gen *g, RgLoc at);
void gen_raw(Gen *g, const char *s);
/* Lines placed wherever the compiler places the line before them: no `#line`. */
void gen_raw_here(Gen *g, const char *s);
void gen_error(Gen *g, RgLoc loc, const char *fmt, ...) RGS_PRINTF(3, 4);
char *gen_str(Gen *g, const char *fmt, ...) RGS_PRINTF(2, 3);
char *gen_cname(Gen *g, const char *s);
void gen_put_cstring(RgsBuf *b, const char *s, size_t n);
const char *gen_cquote(Gen *g, const char *s);
void gen_put_comment(RgsBuf *b, const char *s, size_t n);
const char *gen_comment(Gen *g, const char *s);
const char *gen_c_int(Gen *g, int64_t v);
const char *gen_c_float(Gen *g, double d);
uint32_t gen_loc_line(RgLoc loc);
const char *gen_loc_file(RgLoc loc);
/* Lines written from now on come from the rules text at `loc` (a `#line`
 * precedes each one whose place the compiler would not know); returns the
 * previous place, for gen_src_restore. */
RgLoc gen_src_set(Gen *g, RgLoc loc);
void gen_src_restore(Gen *g, RgLoc prev);
/* The `)` closing the first parenthesis at or after `at` (`at` itself when
 * there is none). */
RgLoc gen_loc_close(RgLoc at);
void gen_echo_rule(Gen *g, const DslRule *r);


/* ---- rule IR (ir.c) ---- */

bool gen_pass_build(Gen *g, DslPass *pass, GenPass *out);
int gen_local_index(const GenPass *gp, const DslOpDecl *op);
/* Index of an attribute name in the pass's table (added on first use). */
uint32_t gen_attr_index(Gen *g, GenPass *gp, const char *name);
DslOpDecl *gen_const_op_for(const DslProgram *p, const DslRule *r);
const DslAttrDecl *gen_const_attr_of(const DslOpDecl *op);
bool gen_path_eq(GenPath a, GenPath b);
/* Whether two checked expressions are the same computation: same kind,
 * type, operator, literal or variable, and the same operands. */
bool gen_expr_same(const DslExpr *a, const DslExpr *b);
bool gen_test_eq(const GenTest *a, const GenTest *b);
bool gen_lit_int(const DslExpr *e, int64_t *out);
bool gen_lit_float(const DslExpr *e, double *out);
/* The RG_DT_ constant naming an element type, and that of an element type
 * literal (`f32`; NULL for any other expression). */
const char *gen_dtype_c(Gen *g, RgDType dt);
const char *gen_lit_dtype(Gen *g, const DslExpr *e);
bool gen_attr_has_reading(DslType t);

typedef struct GenReq {
  const uint16_t *ops;
  uint32_t nops, count;
} GenReq;
uint32_t gen_rule_reqs(Gen *g, const GenPass *gp, const GenVariant *v, GenReq *reqs, uint32_t max);

/* ---- decision tree (tree.c) ---- */

GenDtSeq gen_tree_build(Gen *g, GenPass *gp, uint16_t root_op);

/* ---- printers ---- */

const char *gen_node_var(Gen *g, GenPath p);
const char *gen_value_expr(Gen *g, GenPath v);
const char *gen_ops_text(Gen *g, const GenPass *gp, const uint16_t *ops, uint32_t n);
/* The match function `fn` of a root op's tree (after the functions its
 * wide switches split off), into `out`. only_root >= 0: the pass's one
 * root op, whose match function is the pass's (it takes root_op). */
void gen_match_print(Gen *g, GenPass *gp, const char *fn, const GenDtSeq *tree, RgsBuf *out, int only_root);
/* The enum constant naming local op `k` of the pass. */
/* The width lists and tables of generated C are wrapped to. */
#define GEN_WIDTH 120

const char *gen_op_const(Gen *g, const GenPass *gp, uint32_t k);
/* The name of attribute id k of the pass (`P__ATTR_name`), for attr[]. */
const char *gen_attr_const(Gen *g, const GenPass *gp, uint32_t k);
/* Items separated by ", ", as many to a line as fit in about 100 columns,
 * each line starting with `lead`. */
void gen_wrapped(Gen *g, const char *lead, const char *const *items, uint32_t n, const char *last);
/* `head items tail` on one line when it fits, else head, the items
 * wrapped, tail. */
/* `head`, C string literals separated by ", ", `tail`, packed into lines
 * of GEN_WIDTH columns (the lines after the first indented); a string too
 * long for one line is cut into adjacent literals. */
void gen_strings(Gen *g, const char *head, const char *const *strs, uint32_t n, const char *tail);
void gen_list(Gen *g, const char *head, const char *const *items, uint32_t n, const char *tail);
/* Same, the lines after the first starting with `lead`. */
void gen_list_at(Gen *g, const char *lead, const char *head, const char *const *items, uint32_t n,
                 const char *tail);
void gen_action_print(Gen *g, GenRule *r);
/* expr.c: a DSL expression as a C expression, declaring the temporaries
 * it needs first; a fresh temporary's name; a declaration. */
const char *gen_cexpr(Gen *g, DslExpr *e);
const char *gen_new_tmp(Gen *g);
/* The graph, `gr`, which the action then declares. */
const char *gen_graph(Gen *g);
/* guard.c: the guard, one `if` per conjunct of its top-level `&&`, each
 * explaining itself with the values it reads. */
void gen_guard_print(Gen *g, const GenRule *r, DslExpr *guard);
/* Before the actions: every guard step's explanation into gp->why. */
void gen_guard_texts(Gen *g, GenPass *gp);
/* The pass's id prefix and whether its short ids are distinct. */
void gen_pass_names(Gen *g, GenPass *gp);
/* A C expression for a variable (`v_x`, or `a_p` for an attribute kept as
 * one). */
const char *gen_var_c(Gen *g, const DslVar *v);
const char *gen_ctype(DslType t);

#endif
