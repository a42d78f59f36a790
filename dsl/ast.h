/* dsl/ast.h - the rules language AST. The parser builds it with names only;
 * the checker (check.c) fills in the resolved fields marked "checked:" so a
 * code generator walks plain arrays of resolved pointers and typed exprs. */
#ifndef DSL_AST_H
#define DSL_AST_H

#include <sys/types.h>
#include "rulegen/diag.h"
#include "support/support.h"

/* Expression / attribute / variable types. */
typedef enum DslType {
  DSL_TY_ERROR,  /* already reported; suppresses follow-on errors */
  DSL_TY_INT,    /* int64 */
  DSL_TY_FLOAT,  /* double ("num"); ints convert implicitly */
  DSL_TY_BOOL,
  DSL_TY_STR,    /* strings and enum-like properties (rounding_mode) */
  DSL_TY_INTS,   /* int64 array: perms, shapes */
  DSL_TY_TYPE,   /* an element type (dtype) */
  DSL_TY_TENSOR, /* a constant tensor (DenseElementsAttr) */
  DSL_TY_ANY,    /* attribute of unchecked kind; matches any literal */
  DSL_TY_VALUE,  /* an SSA value of the graph */
  DSL_TY_VALUES, /* a ..rest operand list */
  DSL_TY_OP,     /* a matched op kind (op-position capture) */
  DSL_TY_OPS     /* a set of ops (reaches' arguments) */
} DslType;

const char *dsl_type_name(DslType t);

/* Op traits; bit i of DslOpDecl.traits is trait i. */
typedef enum DslTrait {
  DSL_TRAIT_ELEMENTWISE,
  DSL_TRAIT_UNARY,
  DSL_TRAIT_BINARY,
  DSL_TRAIT_TERNARY,
  DSL_TRAIT_COMMUTATIVE,
  DSL_TRAIT_LAYOUT_AGNOSTIC,
  DSL_TRAIT_INVOLUTION,
  DSL_TRAIT_IDEMPOTENT,
  DSL_TRAIT_CONSTANT,
  DSL_TRAIT_SHAPE_ONLY,
  DSL_TRAIT_PURE,
  DSL_TRAIT_COUNT
} DslTrait;

const char *dsl_trait_name(DslTrait t);
int dsl_trait_lookup(const char *name); /* -1 when unknown */

typedef struct DslName {
  const char *s; /* arena string */
  RgLoc loc;
} DslName;

/* ---- op declarations (.ops) ---- */

typedef struct DslOperandDecl {
  DslName name;
  bool variadic; /* `inputs...`: only the last operand */
} DslOperandDecl;

typedef struct DslExpr DslExpr;

typedef struct DslAttrDecl {
  DslName name;
  DslType type;
  bool optional;   /* `name?: type` */
  DslExpr *defval; /* `name?: type = literal`: the value an absent attribute
                      has; a pattern asking for it also matches absence */
} DslAttrDecl;

typedef struct DslOpDecl {
  RgLoc loc;
  const char *name;    /* full MLIR name: "tosa.transpose", "aten.mul.Scalar" */
  const char *dialect; /* first component: "tosa" */
  DslOperandDecl *operands;
  uint32_t noperands;
  bool variadic; /* last operand is variadic: noperands-1 is a minimum */
  DslAttrDecl *attrs;
  uint32_t nattrs;
  uint32_t nresults;      /* default 1; 0 with results_vary */
  bool results_vary;      /* `results(len(attr))` or `results(...)`: each
                             node has its own count (one per split size) */
  DslName results_attr;   /* `results(len(attr))`: attr; .s NULL otherwise */
  uint32_t traits;        /* DslTrait bit set */
  DslName *trait_names;   /* as written, for error locations */
  uint32_t ntrait_names;
  DslName shape_fn, eval_fn, smt_fn; /* C hooks; .s NULL when absent */
  uint32_t id; /* checked: dense index into DslProgram.ops, in load order */
} DslOpDecl;

/* `class NAME = [op, ...]` or `class NAME = traits(t, ...)` */
typedef struct DslClass {
  RgLoc loc;
  DslName name;
  bool by_traits;
  DslName *members; /* op names (short names resolved in the file's dialect) */
  uint32_t nmembers;
  const char *dialect; /* dialect in effect where declared */
  uint32_t traits;     /* by_traits: required trait set */
  DslOpDecl **ops;     /* checked: member ops, sorted by id */
  uint32_t nops;
} DslClass;

/* `extern pred NAME(T, ...)` (returns bool) or `extern fn NAME(T, ...) -> T` */
typedef struct DslExtern {
  RgLoc loc;
  DslName name;
  DslType *params;
  uint32_t nparams;
  DslType ret;
  bool is_pred;
} DslExtern;

/* ---- expressions (guards, attribute values, replacement constants) ---- */

typedef enum DslExprKind {
  DSL_EX_INT,
  DSL_EX_FLOAT,
  DSL_EX_BOOL,
  DSL_EX_STR,
  DSL_EX_NAME,   /* variable, class name or op name; see checked fields */
  DSL_EX_ARRAY,  /* [a, b, ...] */
  DSL_EX_UNARY,  /* op: '!' or '-' */
  DSL_EX_BINARY, /* op: DslBinOp */
  DSL_EX_INDEX,  /* args[0][args[1]] */
  DSL_EX_CALL    /* builtin (builtin != DSL_BI_NONE) or extern */
} DslExprKind;

typedef enum DslBinOp {
  DSL_OP_OR, DSL_OP_AND, DSL_OP_EQ, DSL_OP_NE, DSL_OP_LT, DSL_OP_LE,
  DSL_OP_GT, DSL_OP_GE, DSL_OP_ADD, DSL_OP_SUB, DSL_OP_MUL, DSL_OP_DIV,
  DSL_OP_MOD
} DslBinOp;

/* Builtin functions, one line each in builtins.def (types, how the C is
 * printed, the runtime function); documented in docs/dsl.md. */
typedef enum DslBuiltin {
  DSL_BI_NONE,
#define DSL_BUILTIN(ID, ...) DSL_BI_##ID,
#include "builtins.def"
#undef DSL_BUILTIN
  DSL_BI_COND, /* `c ? a : b` (the parser's "?:"), typed by the checker */
  DSL_BI_COUNT
} DslBuiltin;

/* How the generator prints a builtin's call (builtins.def's `how`). */
typedef enum DslBuiltinC {
  DSL_BIC_PURE, DSL_BIC_FALLIBLE, DSL_BIC_FALLIBLE_RW, DSL_BIC_GRAPH, DSL_BIC_OWN
} DslBuiltinC;

enum {
  DSL_BIF_INT_IF_INTS = 1, /* int when every argument is int (min, max) */
  DSL_BIF_REPL_ONLY = 2    /* builds something: only in a replacement */
};

/* One line of builtins.def. */
typedef struct DslBuiltinInfo {
  DslBuiltin id;
  const char *name;
  DslType ret;
  uint8_t nparams, nrequired;
  DslType params[3];
  const char *kw;   /* keyword of the last parameter, or NULL */
  unsigned flags;   /* DSL_BIF_* */
  DslBuiltinC how;
  const char *cfn;  /* the runtime function's name (unused for OWN) */
  char read;        /* the explanation's directive for name(x), or 0 */
} DslBuiltinInfo;

/* The builtin called `name` as written in rules, or NULL. */
const DslBuiltinInfo *dsl_builtin_find(const char *name);
/* The line of builtin id; NULL for DSL_BI_NONE and DSL_BI_COND. */
const DslBuiltinInfo *dsl_builtin_info(DslBuiltin id);
/* The i-th line (for suggestions), NULL past the last. */
const DslBuiltinInfo *dsl_builtin_at(uint32_t i);

typedef struct DslVar DslVar;

struct DslExpr {
  DslExprKind kind;
  RgLoc loc;
  DslType type; /* checked */
  int op;       /* UNARY: '!' / '-'; BINARY: DslBinOp; INT/FLOAT: parser
                   flag (1 = already negated/parenthesised), ignore */
  int64_t ival;
  double fval;
  bool bval;
  const char *str;  /* STR contents (unescaped), NAME / CALL name */
  const char *kw;   /* CALL argument keyword (`through=`), else NULL */
  DslExpr **args;   /* ARRAY elements, operands, CALL arguments */
  uint32_t nargs;
  uint32_t depth;   /* levels of operands below it (checks recurse on them) */
  /* checked: */
  DslVar *var;         /* NAME naming a variable */
  DslClass *cls;       /* NAME naming a class (type OPS) */
  DslOpDecl *opdecl;   /* NAME naming an op (type OPS) */
  DslBuiltin builtin;  /* CALL of a builtin */
  DslExtern *ext;      /* CALL of an extern */
};

/* ---- patterns ---- */

typedef enum DslPatKind {
  DSL_PAT_WILD,  /* `_` */
  DSL_PAT_VAR,   /* `x`: binds a value, or (bound before) must equal it */
  DSL_PAT_OP,    /* `(op args... {attrs})` */
  DSL_PAT_SPLAT  /* `splat(v)` / `splat(1.0)`: a splat constant */
} DslPatKind;

/* `{name = expr}` inside a pattern: expr NAME binds (first occurrence) or
 * compares; any other expr is a literal compared for equality. `{!name}`
 * (absent) tests that an optional attribute is absent (value NULL);
 * `{name = v ?? lit}` binds v, or lit when the attribute is absent. */
typedef struct DslAttrPat {
  DslName name;
  DslExpr *value;
  bool absent;
  DslExpr *fallback;
  DslAttrDecl *decl; /* checked: attribute of the first op of the set */
  bool binds;        /* checked: value is the binding site of value->var */
} DslAttrPat;

typedef struct DslPattern DslPattern;
struct DslPattern {
  DslPatKind kind;
  RgLoc loc;
  DslName capture;   /* `t:` prefix (OP, SPLAT); .s NULL when none */
  DslName opcapture; /* `op:` before the op position; .s NULL when none */
  /* VAR: name; SPLAT: name or literal */
  DslName var_name;
  DslExpr *splat;
  /* OP: alternatives as written (`tosa.add|tosa.sub`, class names) */
  DslName *alts;
  uint32_t nalts;
  DslPattern **args;
  uint32_t nargs;
  DslName rest; /* `..rest`; .s NULL when none */
  DslAttrPat *attrs;
  uint32_t nattrs;
  /* checked: */
  DslOpDecl **ops; /* the ops this node may be, sorted by id, no duplicates */
  uint32_t nops;
  bool commutative; /* every op is commutative and binary: try both orders */
  DslVar *var;      /* VAR: its variable; OP/SPLAT: the `t:` capture's
                       variable (a SPLAT's scalar is splat->var) */
  bool binds;       /* VAR: this is the binding site (else: equality test) */
  DslVar *opvar;    /* opcapture's var */
  DslVar *restvar;
};

/* ---- replacements ---- */

typedef enum DslReplKind {
  DSL_REP_VAR,  /* a bound value (or ..rest splice, var type VALUES) */
  DSL_REP_OP,   /* (op args... {attrs}) builds a node */
  DSL_REP_EXPR, /* an expression of type value: const(...) */
  DSL_REP_ERASE, /* `_`: remove the root, which must have no uses; in a
                    LIST, leave that result alone (it must have no uses) */
  DSL_REP_LIST, /* `[r0, r1, ...]`: one replacement per result of the root */
  DSL_REP_FOR   /* `[r for n, m in l1, l2]`: args[0] built once per element
                   of the int[] lists (walked in step), one per result */
} DslReplKind;

typedef struct DslAttrSet {
  DslName name;
  DslExpr *value;
  DslAttrDecl *decl; /* checked */
} DslAttrSet;

typedef struct DslRepl DslRepl;
struct DslRepl {
  DslReplKind kind;
  RgLoc loc;
  DslName name;    /* VAR: variable; OP: op name or op-capture variable */
  bool splice;     /* VAR written as `..rest` */
  DslRepl **args;
  uint32_t nargs;
  DslAttrSet *attrs;
  uint32_t nattrs;
  DslExpr *expr;   /* EXPR */
  DslName capture; /* OP: `e:(op ...)` names the built node; .s NULL when none */
  DslName *for_names; /* FOR: the element names, one per list */
  DslExpr **for_lists;
  uint32_t nfor_names, nfor_lists;
  /* checked: */
  DslVar *var;       /* VAR; OP built from an op capture (copies attrs) */
  DslOpDecl *op;     /* OP with a fixed op */
  DslRepl *node;     /* VAR naming a node built earlier in the replacement
                        (`e` after `e:(op ...)`); var is NULL then */
  DslVar **for_vars; /* FOR: the variables of for_names */
  uint32_t uses;     /* OP with a capture: later references to it */
};

/* ---- rules, passes, pipelines ---- */

typedef enum DslVarKind {
  DSL_VAR_VALUE,  /* operand variable or `t:` capture: a graph value */
  DSL_VAR_ATTR,   /* attribute binding */
  DSL_VAR_SPLAT,  /* splat scalar (type float) */
  DSL_VAR_REST,   /* ..rest */
  DSL_VAR_OP,     /* op-position capture */
  DSL_VAR_ITER    /* an element name of a `for` list (int), bound in it */
} DslVarKind;

struct DslVar {
  DslName name;   /* loc: binding site */
  DslVarKind kind;
  DslType type;
  uint32_t index; /* slot in DslRule.vars */
  uint32_t uses;  /* references after the binding (non-linear repeats too) */
  DslPattern *pat;    /* binding pattern node (VALUE, SPLAT, REST, OP) */
  DslAttrPat *attr;   /* ATTR */
};

typedef struct DslPass DslPass;

typedef struct DslRule {
  RgLoc loc;
  DslName name;
  DslPattern *pattern; /* root is DSL_PAT_OP */
  DslExpr *guard;      /* NULL when none */
  DslRepl *repl;
  bool inexact;        /* `inexact rule`: may change float results */
  /* checked: */
  DslPass *pass;
  uint32_t index;  /* position in the pass */
  DslVar **vars;   /* in binding order */
  uint32_t nvars;
} DslRule;

typedef enum DslPassMode { DSL_MODE_FIXPOINT, DSL_MODE_ONCE } DslPassMode;

struct DslPass {
  RgLoc loc;
  DslName name;
  const char *doc; /* NULL when none */
  DslPassMode mode;
  DslRule **rules;
  uint32_t nrules;
};

typedef struct DslPipeline {
  RgLoc loc;
  DslName name;
  DslName *pass_names;
  uint32_t npasses;
  DslPass **passes; /* checked */
} DslPipeline;

/* How a code generator walks a checked program: DslProgram.passes in
 * order; for each DslRule, `pattern` (root DSL_PAT_OP; `ops` is the root-op
 * set to dispatch on, so the target-op multiset of a rule is the ops of
 * every DSL_PAT_OP node), then `guard` (typed DslExpr, builtins resolved to
 * DslBuiltin, externs to DslExtern), then `repl`. Variables are numbered
 * slots (DslVar.index < DslRule.nvars) bound at DslVar.pat / DslVar.attr,
 * in binding order, which is the order a matcher visits the pattern:
 * capture, op capture, operands left to right, ..rest, attributes. */

/* ---- files ---- */

typedef enum DslDeclKind {
  DSL_DECL_IMPORT, DSL_DECL_DIALECT, DSL_DECL_OP, DSL_DECL_CLASS,
  DSL_DECL_EXTERN, DSL_DECL_PASS, DSL_DECL_PIPELINE
} DslDeclKind;

typedef struct DslFile DslFile;

typedef struct DslDecl {
  DslDeclKind kind;
  RgLoc loc;
  union {
    struct {
      DslName path;      /* as written */
      DslFile *file;     /* loaded file, NULL when not found */
    } import;
    DslName dialect;
    DslOpDecl *op;
    DslClass *cls;
    DslExtern *ext;
    DslPass *pass;
    DslPipeline *pipeline;
  } u;
} DslDecl;

struct DslFile {
  RgSource *src;
  DslDecl **decls; /* in source order */
  uint32_t ndecls;
  bool loading;    /* on the import stack (cycle detection) */
  dev_t dev;       /* identity for include-once */
  ino_t ino;
};

#endif
