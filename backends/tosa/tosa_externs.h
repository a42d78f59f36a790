/* backends/tosa/tosa_externs.h - native predicates and functions that the
 * TOSA rules call (declared with `extern` in tosa.ops). Argument types
 * follow the extern ABI of docs/dsl.md: value -> RgValue *, int[] ->
 * RgInts, a `fn` returning tensor writes a const RgAttr * to *out. */
#ifndef TOSA_EXTERNS_H
#define TOSA_EXTERNS_H

#include "rulegen/match.h"

bool tosa_is_broadcast_safe(RgRewriter *rw, RgValue *v, RgInts perms);
bool tosa_keeps_nonunit_order(RgRewriter *rw, RgValue *v, RgInts perms);
bool tosa_clamp_chain_nan_safe(RgRewriter *rw, RgValue *inner, RgValue *outer);
bool tosa_rescale_is_per_tensor(RgRewriter *rw, RgValue *r);
bool tosa_rescale_is_identity(RgRewriter *rw, RgValue *r);
bool tosa_rescales_fuse_exact(RgRewriter *rw, RgValue *inner, RgValue *outer);
bool tosa_fused_multiplier(RgRewriter *rw, RgValue *inner, RgValue *outer, const RgAttr **out);
bool tosa_permuted_const(RgRewriter *rw, RgValue *v, RgInts perms, const RgAttr **out);
bool tosa_shape_values(RgRewriter *rw, RgInts shape, const RgAttr **out);
bool tosa_is_int(RgRewriter *rw, RgValue *v);
bool tosa_ignores_nan(RgRewriter *rw, RgValue *v);
bool tosa_clamp_is_noop(RgRewriter *rw, RgValue *c);
bool tosa_zeros_like(RgRewriter *rw, RgValue *v, const RgAttr **out);
bool tosa_add_zero_exact(RgRewriter *rw, RgValue *x, RgValue *zero);
bool tosa_sub_zero_exact(RgRewriter *rw, RgValue *x, RgValue *zero);
bool tosa_sinks_to_transpose(RgRewriter *rw, RgValue *r);
bool tosa_is_layout_op(RgRewriter *rw, RgValue *v);
bool tosa_widens(RgRewriter *rw, RgValue *out, RgValue *in);
bool tosa_shape_scattered(RgRewriter *rw, RgValue *cs, RgInts p, const RgAttr **out);
bool tosa_pairs_scattered(RgRewriter *rw, RgValue *cs, RgInts p, const RgAttr **out);
bool tosa_foldable(RgRewriter *rw, RgValue *r);
bool tosa_folded(RgRewriter *rw, RgValue *r, const RgAttr **out);
bool tosa_reshaped_const(RgRewriter *rw, RgValue *c, RgValue *like, const RgAttr **out);

#endif
