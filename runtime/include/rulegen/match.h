/* rulegen/match.h - small helpers that generated matchers call: attribute
 * tests and reads, value queries, checked integer arithmetic for guards, and
 * attribute lists for nodes built by replacements. Each fallible helper
 * returns false instead of failing loudly: a guard that cannot be evaluated
 * is false, so the rule simply does not fire. */
#ifndef RULEGEN_MATCH_H
#define RULEGEN_MATCH_H

#include "rulegen/pass.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Value produced by a live, unfrozen constant (no operands, a dense
 * `values`/`value` attribute) holding one value for every element. */
RG_API bool rg_match_splat(RgRewriter *rw, const RgValue *v, double *out);
RG_API bool rg_match_splat_eq(RgRewriter *rw, const RgValue *v, double lit);

/* Attribute tests. Strings also match enum attributes printed as
 * `#dialect.kind<VALUE>` (MLIR's spelling of TOSA's rounding_mode). */
RG_API bool rg_attr_eq_str(const RgAttr *a, const char *s);
RG_API bool rg_attr_eq_bool(const RgAttr *a, bool b);
RG_API bool rg_attr_eq_int(const RgAttr *a, int64_t v);
RG_API bool rg_attr_eq_float(const RgAttr *a, double v);
RG_API bool rg_attr_eq_dtype(const RgAttr *a, RgDType dt);
RG_API bool rg_attr_eq_ints(RgGraph *g, const RgAttr *a, const int64_t *v, uint32_t n);

/* Attribute reads: true with the value in *out when the attribute holds
 * one of that kind, false (out untouched) otherwise. */
RG_API bool rg_attr_get_int(const RgAttr *a, int64_t *out);
RG_API bool rg_attr_get_float(const RgAttr *a, double *out);
RG_API bool rg_attr_get_bool(const RgAttr *a, bool *out);
RG_API bool rg_attr_get_str(RgGraph *g, const RgAttr *a, const char **out);
/* The element type a type attribute (`dtype = f16`) names. */
RG_API bool rg_attr_get_dtype(const RgAttr *a, RgDType *out);
/* Whether the read of kind `kind` (RG_SCHEMA_INTS, INT, NUM for a float,
 * BOOL or STR) would succeed on `a`: what an action asks of an attribute it
 * binds but only copies, which must still be of the bound kind. */
RG_API bool rg_attr_reads_as(RgGraph *g, const RgAttr *a, RgAttrSchema kind);

/* A value's rank, element count and element type when its type gives
 * them (ranked, static); false otherwise. */
RG_API bool rg_value_rank(const RgValue *v, int64_t *out);
RG_API bool rg_value_numel(const RgValue *v, int64_t *out);
RG_API bool rg_value_dtype(const RgValue *v, RgDType *out);

/* Checked arithmetic of guards: false on overflow or division by zero,
 * so a rule whose guard would overflow does not fire. */
RG_API bool rg_i64_add(int64_t a, int64_t b, int64_t *out);
RG_API bool rg_i64_sub(int64_t a, int64_t b, int64_t *out);
RG_API bool rg_i64_mul(int64_t a, int64_t b, int64_t *out);
RG_API bool rg_i64_div(int64_t a, int64_t b, int64_t *out);
RG_API bool rg_i64_mod(int64_t a, int64_t b, int64_t *out);

/* Rank-0 dense tensor of element type dt holding c (NULL when c is not
 * representable in dt, e.g. 2.5 as an integer). */
RG_API const RgAttr *rg_scalar_tensor(RgGraph *g, double c, RgDType dt);
/* Splat dense tensor of that static shape and element type holding c
 * (NULL as for rg_scalar_tensor, or for a negative dim). */
RG_API const RgAttr *rg_full_tensor(RgGraph *g, RgInts shape, double c, RgDType dt);

/* Copies a node's properties into out[0..max); returns how many. */
RG_API uint32_t rg_props_copy(const RgNode *n, RgNamedAttr *out, uint32_t max);
/* Replaces or appends one property; false when the list is full. */
RG_API bool rg_props_set(RgNamedAttr *p, uint32_t *n, uint32_t max, const char *name, const RgAttr *v);

#ifdef __cplusplus
}
#endif

#endif
