/* tools/rgdiff_tosa.h - the TOSA family's building blocks (tools/rgdiff_tosa.c)
 * that its motif files share: constants, op builders and the predicates
 * gen_pick takes. Not an installed header. */
#ifndef RGDIFF_TOSA_H
#define RGDIFF_TOSA_H

#include "rgdiff.h"

/* Constants: dense ints or floats of the given shape (n == 1 is a splat),
 * a rank-1 one-element constant, and a random constant of type t. */
RgValue *tgen_const_ints(Gen *G, RgDType dt, int32_t rank, const int64_t *dims, uint32_t n, const int64_t *v);
RgValue *tgen_const_floats(Gen *G, RgDType dt, int32_t rank, const int64_t *dims, uint32_t n, const double *v);
RgValue *tgen_scalar_const(Gen *G, RgDType dt, int64_t v);
RgValue *tgen_random_const(Gen *G, const RgType *t);
/* The value range the generator draws integers of dt from. */
int64_t tgen_dtype_min(RgDType dt);
int64_t tgen_dtype_max(RgDType dt);

/* Ops. Float clamp bounds are in quarters (lo / 4). */
RgValue *tgen_transpose(Gen *G, RgValue *x, const int64_t *perm);
RgValue *tgen_transpose_random(Gen *G, RgValue *x, int64_t *perm);
RgValue *tgen_reshape(Gen *G, RgValue *x, int32_t rank, const int64_t *dims);
const char *tgen_nan_mode(Gen *G);
RgValue *tgen_clamp(Gen *G, RgValue *x, int64_t lo, int64_t hi);
RgValue *tgen_negate(Gen *G, RgValue *x);
RgValue *tgen_unary_simple(Gen *G, const char *op, RgValue *x);
RgValue *tgen_binary(Gen *G, const char *op, RgValue *a, RgValue *b);
/* A value of x's type or one broadcasting against it (some dims 1). */
RgValue *tgen_partner(Gen *G, RgValue *x, bool allow_broadcast);
RgDType tgen_random_arg_dtype(Gen *G);

bool tgen_float_value(const RgValue *v);
bool tgen_qint_value(const RgValue *v);
bool tgen_i32_value(const RgValue *v);
bool tgen_has_unit_dim(const RgValue *v);

/* Motifs of tools/rgdiff_tosa_canon.c: canonicalizations, transposes
 * into axis ops, and pads, pools and slices of concats. */
void tgen_m_canonical(Gen *G);
void tgen_m_axis_op(Gen *G);
void tgen_m_pools_slices(Gen *G);
void tgen_m_table(Gen *G);
void tgen_m_resize(Gen *G);
void tgen_m_layout_axes(Gen *G);

#endif
