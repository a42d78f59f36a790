/* rulegen/graph.h - the tensor-op graph IR: interned types and attributes,
 * SSA values with use lists, nodes with regions and blocks, and the op
 * histogram with per-op node lists that the pass manager reads to skip passes.
 *
 * The structs are public so that generated passes can read them without a
 * call per field; treat every field as read-only and change the graph only
 * through the functions below, which keep use lists and the histogram exact. */
#ifndef RULEGEN_GRAPH_H
#define RULEGEN_GRAPH_H

#include "rulegen/core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct RgGraph RgGraph;
typedef struct RgType RgType;
typedef struct RgAttr RgAttr;
typedef struct RgNamedAttr RgNamedAttr;
typedef struct RgValue RgValue;
typedef struct RgUse RgUse;
typedef struct RgNode RgNode;
typedef struct RgBlock RgBlock;
typedef struct RgRegion RgRegion;

/* Op names are interned per graph into dense ids starting at 0. */
typedef uint32_t RgOpId;
#define RG_OP_NONE UINT32_MAX

/* ---- element and tensor types ---- */

typedef enum RgDType {
  RG_DT_NONE = 0, /* not a builtin element type (see RgType.text) */
  RG_DT_I1, RG_DT_I4, RG_DT_I8, RG_DT_I16, RG_DT_I32, RG_DT_I48, RG_DT_I64,
  RG_DT_UI8, RG_DT_UI16, RG_DT_UI32, RG_DT_UI64,
  RG_DT_F16, RG_DT_BF16, RG_DT_F32, RG_DT_F64,
  RG_DT_INDEX,
  RG_DT_COUNT
} RgDType;

RG_API const char *rg_dtype_name(RgDType dt); /* "i8", "ui16", "f32", ... */
RG_API RgDType rg_dtype_from_name(const char *s, size_t len); /* NONE if unknown */
RG_API int rg_dtype_bits(RgDType dt);
RG_API bool rg_dtype_is_float(RgDType dt);
RG_API bool rg_dtype_is_unsigned(RgDType dt);

typedef enum RgTypeKind {
  RG_TYPE_SCALAR,   /* i32, f32, index, ... */
  RG_TYPE_TENSOR,   /* ranked tensor<2x?x3xf32> */
  RG_TYPE_UNRANKED, /* tensor<*xf32> */
  RG_TYPE_OTHER,    /* anything else, kept verbatim: !my_npu.shape<4>, (i32) -> i32, ... */
  RG_TYPE_QUANT     /* a quantized element type, !quant.uniform<i8:f32, 0.5:-1>: dtype is its
                       storage type; a tensor of it has dtype RG_DT_NONE (see rg_type_storage) */
} RgTypeKind;

#define RG_DIM_DYNAMIC INT64_MIN

/* Types are interned per graph: two types are equal iff their pointers are. */
struct RgType {
  RgTypeKind kind;
  RgDType dtype;       /* element type of tensors, the type of scalars */
  int32_t rank;        /* -1 unless RG_TYPE_TENSOR */
  const int64_t *dims; /* rank entries; RG_DIM_DYNAMIC for '?' */
  const char *text;    /* canonical MLIR spelling, NUL-terminated */
  uint32_t text_len;
  uint32_t hash;
  const RgType *elem;  /* tensors: the interned element type; others: NULL */
};

/* Interns the type spelled `text` (parsed when it is a builtin scalar or a
 * tensor with a builtin element type; kept verbatim otherwise). */
RG_API const RgType *rg_type_get(RgGraph *g, const char *text, size_t len);
RG_API const RgType *rg_type_scalar(RgGraph *g, RgDType dt);
/* Ranked tensor of a builtin element type; dims may hold RG_DIM_DYNAMIC. */
RG_API const RgType *rg_type_tensor(RgGraph *g, RgDType dt, int32_t rank, const int64_t *dims);
/* The same for any element type (e.g. !quant.uniform<...>). */
RG_API const RgType *rg_type_tensor_of(RgGraph *g, const RgType *elem, int32_t rank, const int64_t *dims);
/* The element type a value is stored in: the dtype of a builtin scalar or
 * tensor, the storage type of a quantized one (i8 for tensor<4x!quant.uniform<i8:f32, 0.5>>);
 * RG_DT_NONE for anything else. */
RG_API RgDType rg_type_storage(const RgType *t);
/* True for a quantized element type and for tensors of one. */
RG_API bool rg_type_is_quant(const RgType *t);
/* True for a per-tensor quantized type (one scale and zero point for every
 * element) or a tensor of one; false for per-axis and sub-channel ones. */
RG_API bool rg_type_is_quant_per_tensor(const RgType *t);
/* The scale of a per-tensor quantized type or tensor of one, 0 when it is
 * not one or the scale cannot be read. */
RG_API double rg_type_quant_scale(const RgType *t);
/* `t` with a quantized element type replaced by its storage type (the type
 * of the dense attribute a constant of type t holds); t itself otherwise.
 * NULL only when out of memory. */
RG_API const RgType *rg_type_storage_type(RgGraph *g, const RgType *t);
/* Number of elements, or -1 when unknown (dynamic or unranked). */
RG_API int64_t rg_type_numel(const RgType *t);
RG_API bool rg_type_is_tensor(const RgType *t);

/* ---- attributes ---- */

typedef enum RgAttrKind {
  RG_ATTR_UNIT,        /* `name` with no value, e.g. tf_saved_model.semantics */
  RG_ATTR_BOOL,        /* true / false */
  RG_ATTR_INT,         /* 3 : i32 (type NULL means untyped i64) */
  RG_ATTR_FLOAT,       /* 1.5 : f32 */
  RG_ATTR_STRING,      /* "text" (bytes after unescaping) */
  RG_ATTR_TYPE,        /* a type used as an attribute, e.g. function_type */
  RG_ATTR_DENSE_ARRAY, /* array<i32: 1, 2> (ints; floats kept as doubles) */
  RG_ATTR_DENSE,       /* dense<...> : tensor<...> elements */
  RG_ATTR_ARRAY,       /* [a, b, ...] */
  RG_ATTR_DICT,        /* {a = x, b} */
  RG_ATTR_OPAQUE       /* anything else, printed back exactly as read */
} RgAttrKind;

struct RgNamedAttr {
  const char *name; /* interned in the graph: compare with strcmp or by pointer */
  const RgAttr *value;
};

/* Attributes are immutable once created and live as long as their graph. */
struct RgAttr {
  RgAttrKind kind;
  uint32_t count;     /* elements of DENSE_ARRAY, ARRAY, DICT; DENSE: stored elements (1 if splat) */
  const RgType *type; /* INT, FLOAT: value type; DENSE: tensor type;
                         DENSE_ARRAY: element (scalar) type; TYPE: the type */
  const char *text;   /* verbatim spelling when read from a file, else NULL;
                         the writer prints it unchanged */
  uint32_t text_len;
  bool splat;         /* DENSE: one value for every element */
  union {
    bool b;
    int64_t i;
    double f;
    struct { const char *data; uint32_t len; } str;
    const int64_t *ints;        /* DENSE_ARRAY of integers */
    const double *floats;       /* DENSE_ARRAY of floats */
    const RgAttr *const *items; /* ARRAY */
    const RgNamedAttr *entries; /* DICT */
    const char *verbatim;       /* OPAQUE: same as text */
  } u;
  /* DENSE: decoded element values, filled in on first access through
   * rg_attr_dense_ints/floats (the verbatim text is parsed lazily):
   * integers at their own width (as RgTensor stores them), floats as
   * doubles; `wide` is the int64 copy rg_attr_dense_get_ints hands out,
   * made on its first call. */
  void *decoded;
  void *wide;
  int decode_state; /* 0 not yet, 1 decoded, -1 cannot decode, -2 out of memory */
};

/* Attribute constructors: the attribute lives in g's arena (never freed
 * separately); NULL only when out of memory. `type` gives an integer or
 * float its MLIR type (NULL: i64 / f64). */
RG_API const RgAttr *rg_attr_unit(RgGraph *g);
RG_API const RgAttr *rg_attr_bool(RgGraph *g, bool v);
RG_API const RgAttr *rg_attr_int(RgGraph *g, int64_t v, const RgType *type);
RG_API const RgAttr *rg_attr_float(RgGraph *g, double v, const RgType *type);
RG_API const RgAttr *rg_attr_string(RgGraph *g, const char *s, size_t len);
RG_API const RgAttr *rg_attr_type(RgGraph *g, const RgType *t);
RG_API const RgAttr *rg_attr_dense_array_ints(RgGraph *g, RgDType elem, uint32_t n, const int64_t *v);
/* Dense elements of a tensor type; n is numel(type) or 1 for a splat. */
RG_API const RgAttr *rg_attr_dense_ints(RgGraph *g, const RgType *tensor, uint32_t n, const int64_t *v);
RG_API const RgAttr *rg_attr_dense_floats(RgGraph *g, const RgType *tensor, uint32_t n, const double *v);
RG_API const RgAttr *rg_attr_array(RgGraph *g, uint32_t n, const RgAttr *const *items);
RG_API const RgAttr *rg_attr_dict(RgGraph *g, uint32_t n, const RgNamedAttr *entries);
RG_API const RgAttr *rg_attr_opaque(RgGraph *g, const char *text, size_t len);
/* A DENSE attribute of a tensor type kept as its MLIR spelling, the whole
 * `dense<...> : tensor<...>` (as mlirAttributePrint gives it), decoded on
 * first use exactly like one read from a file. For embedders that hold
 * attributes as text: an MLIR pass plugin converts its constants so.
 * NULL when `type` is not a tensor type or out of memory. */
RG_API const RgAttr *rg_attr_dense_text(RgGraph *g, const RgType *type, const char *text, size_t len);

/* Decoded values of a DENSE attribute with integer (or bool) / float
 * elements. Returns false when the attribute is not such a DENSE (or its
 * text cannot be decoded, e.g. an element type this runtime does not know).
 * *n is attr->count (1 for splats); the array lives as long as the graph. */
RG_API bool rg_attr_dense_get_ints(RgGraph *g, const RgAttr *a, const int64_t **v, uint32_t *n);
RG_API bool rg_attr_dense_get_floats(RgGraph *g, const RgAttr *a, const double **v, uint32_t *n);
RG_API bool rg_attr_equal(const RgAttr *a, const RgAttr *b);

/* ---- values, uses, nodes ---- */

struct RgUse {
  RgValue *value; /* the value used (NULL only while a node is being built) */
  RgNode *user;
  RgUse *next;    /* next use of the same value */
  RgUse **pprev;  /* the link pointing at this use, for O(1) removal */
};

struct RgValue {
  const RgType *type;
  RgUse *uses;       /* list of uses, most recent first */
  union {
    RgNode *node;    /* defining node of a result */
    RgBlock *block;  /* owning block of a block argument */
  } owner;
  uint32_t num_uses;
  /* Bit-fields keep a value at 32 bytes: a large graph holds millions. */
  unsigned index : 30; /* result index / argument index (< RG_VALUE_MAX_INDEX) */
  unsigned flags : 2;  /* RG_VALUE_* */
};
#define RG_VALUE_BLOCK_ARG 1u
#define RG_VALUE_IN_SCOPE 2u /* scratch mark of the verifier; clear otherwise */
#define RG_VALUE_MAX_INDEX (1u << 30) /* results per node, arguments per block */

static inline RgNode *rg_value_def(const RgValue *v) {
  return (v->flags & RG_VALUE_BLOCK_ARG) ? NULL : v->owner.node;
}

enum {
  RG_NODE_FROZEN = 1u << 0, /* rewrites must not touch it (rg.frozen) */
  RG_NODE_LIVE = 1u << 1,   /* attached (transitively) to the graph: counted */
  RG_NODE_ERASED = 1u << 2,
  RG_NODE_QUEUED = 1u << 3, /* on the rewrite driver's worklist */
  /* Its operands, op, attributes or result types were changed through
   * the functions below, or an operand's producer changed its op or
   * attributes (what shape hooks read): the op verifier re-checks only
   * these and new nodes after rewrites. */
  RG_NODE_CHANGED = 1u << 4
};

struct RgNode {
  RgOpId op;
  uint16_t flags;
  uint16_t num_regions;
  uint32_t num_operands, num_results;
  RgUse *operands;
  RgValue *results;
  RgRegion *regions;
  RgNamedAttr *attrs; /* props (`<{...}>`) first, then discardable (`{...}`) */
  uint16_t num_props, num_attrs; /* num_attrs counts both */
  uint32_t id;        /* creation order; stable for worklists and printing */
  RgBlock *block;     /* the block holding the node, NULL when detached */
  RgNode *prev, *next;       /* within the block */
  RgNode *op_prev, *op_next; /* within the graph's list of this op's nodes */
  const char *loc;    /* verbatim `loc(...)` or NULL */
};

struct RgBlock {
  RgRegion *region;
  RgBlock *prev, *next;
  RgNode *first, *last;
  RgValue **args;
  const char **arg_locs; /* NULL or one verbatim loc (or NULL) per argument */
  uint32_t num_args, cap_args;
};

struct RgRegion {
  RgNode *parent;
  RgBlock *first, *last;
};

/* ---- the graph ---- */

/* An empty graph (NULL when out of memory), and its release with every
 * node, type and attribute it holds. */
RG_API RgGraph *rg_graph_new(void);
RG_API void rg_graph_free(RgGraph *g);

/* The top-level block: holds `builtin.module` (or other top-level ops). */
RG_API RgBlock *rg_graph_body(RgGraph *g);

/* Interns an op name ("my_npu.add"); RG_OP_NONE only when out of memory. */
RG_API RgOpId rg_op_intern(RgGraph *g, const char *name, size_t len);
/* Looks up without interning; RG_OP_NONE when the graph never saw it. */
RG_API RgOpId rg_op_find(const RgGraph *g, const char *name, size_t len);
RG_API const char *rg_op_name(const RgGraph *g, RgOpId op);
RG_API uint32_t rg_op_count_ids(const RgGraph *g);
RG_API const char *rg_intern(RgGraph *g, const char *s, size_t len);

/* Op histogram over live nodes at every nesting depth. `count` excludes
 * frozen nodes (what passes may rewrite); `total` includes them. O(1). */
RG_API uint32_t rg_op_count(const RgGraph *g, RgOpId op);
RG_API uint32_t rg_op_total(const RgGraph *g, RgOpId op);
/* First live node of an op (frozen ones included); follow node->op_next. */
RG_API RgNode *rg_op_first(const RgGraph *g, RgOpId op);
RG_API uint32_t rg_graph_num_nodes(const RgGraph *g); /* live nodes */
/* Bytes held by the graph's arena (memory reports). */
RG_API size_t rg_graph_arena_bytes(const RgGraph *g);

/* Verbatim file-level text: alias definitions printed before the top-level
 * ops (`#loc1 = loc(...)`) and the trailing `{-# ... #-}` resource section. */
RG_API void rg_graph_set_prologue(RgGraph *g, const char *text, size_t len);
RG_API void rg_graph_set_epilogue(RgGraph *g, const char *text, size_t len);
RG_API const char *rg_graph_prologue(const RgGraph *g);
RG_API const char *rg_graph_epilogue(const RgGraph *g);

/* What a new node is made of. result_types may hold NULL entries only if
 * filled in with rg_value_set_type before the graph is verified. */
typedef struct RgNodeDesc {
  RgOpId op;
  uint32_t num_operands;
  RgValue *const *operands;
  uint32_t num_results;
  const RgType *const *result_types;
  uint32_t num_regions; /* empty regions, each to be given blocks */
} RgNodeDesc;

/* Creates a detached node as d describes: operands get uses at once,
 * results get types. Returns NULL when out of memory. */
RG_API RgNode *rg_node_create(RgGraph *g, const RgNodeDesc *d);
/* Attaching a node counts it (and everything nested in it) in the histogram
 * when the block is itself attached to the graph. */
RG_API void rg_block_append(RgGraph *g, RgBlock *b, RgNode *n);
RG_API void rg_node_insert_before(RgGraph *g, RgNode *pos, RgNode *n);
RG_API void rg_node_insert_after(RgGraph *g, RgNode *pos, RgNode *n);
/* Removes a node whose results have no uses; drops its operand uses and
 * everything nested in it. The memory stays in the arena until the graph
 * is freed. Returns RG_ERR_INVALID if a result is still used. */
RG_API RgStatus rg_node_erase(RgGraph *g, RgNode *n);
/* Node detached from its block without dropping uses (to move it). */
RG_API void rg_node_unlink(RgGraph *g, RgNode *n);
RG_API void rg_node_set_operand(RgGraph *g, RgNode *n, uint32_t i, RgValue *v);
RG_API void rg_value_replace_all_uses(RgGraph *g, RgValue *from, RgValue *to);
RG_API void rg_value_set_type(RgValue *v, const RgType *t);
RG_API void rg_node_set_op(RgGraph *g, RgNode *n, RgOpId op);
RG_API void rg_node_set_frozen(RgGraph *g, RgNode *n, bool frozen);
static inline bool rg_node_is_frozen(const RgNode *n) { return (n->flags & RG_NODE_FROZEN) != 0; }

/* Attribute lookup by name over properties then discardable attributes. */
RG_API const RgAttr *rg_node_attr(const RgNode *n, const char *name);
/* Sets (or adds) a property (`<{...}>`) or a discardable attribute. A NULL
 * value removes it. Returns RG_ERR_NOMEM on allocation failure. */
RG_API RgStatus rg_node_set_prop(RgGraph *g, RgNode *n, const char *name, const RgAttr *v);
RG_API RgStatus rg_node_set_attr(RgGraph *g, RgNode *n, const char *name, const RgAttr *v);
/* Replaces a node's attributes at once: attrs[0..num_props) properties,
 * then discardable attributes, names interned in g (rg_intern; the
 * pointers are kept). One copy of the array, where setting them one by one
 * copies it per attribute: for embedders converting a graph from another
 * IR. Returns RG_ERR_NOMEM on allocation failure. */
RG_API RgStatus rg_node_set_attrs(RgGraph *g, RgNode *n, const RgNamedAttr *attrs, uint16_t num_props,
                                  uint16_t num_attrs);

/* Appends a block to a region, and an argument of type t (location text
 * `loc`, or NULL) to a block; NULL when out of memory. */
RG_API RgBlock *rg_region_add_block(RgGraph *g, RgRegion *r);
RG_API RgValue *rg_block_add_arg(RgGraph *g, RgBlock *b, const RgType *t, const char *loc);
/* The node whose region holds the block, or NULL at the top level. */
RG_API RgNode *rg_block_parent_node(const RgBlock *b);

/* Checks use-list consistency, that every operand is defined before its use
 * in a dominating position (same block earlier, or an enclosing block, or a
 * block argument in scope), that results have types, and the histogram.
 * Returns RG_OK, or RG_ERR_VERIFY with a message in `msg`. */
RG_API RgStatus rg_graph_verify(const RgGraph *g, char *msg, size_t msglen);

typedef bool (*RgNodeFn)(RgNode *n, void *user);
/* Walks every live node in program order at every depth (pre-order). The
 * callback returns false to stop. Nodes must not be erased during a walk. */
RG_API void rg_graph_walk(RgGraph *g, RgNodeFn fn, void *user);

/* Clears RG_NODE_CHANGED on every node: a graph an embedder built through
 * this API is then as one read from a file, for
 * rg_graph_verify_ops_changed after rewrites. */
RG_API void rg_graph_clear_changed(RgGraph *g);

#ifdef __cplusplus
}
#endif

#endif
