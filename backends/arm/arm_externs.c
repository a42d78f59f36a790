/* backends/arm/arm_externs.c - numeric helpers of the Arm pass rules:
 * int-list arithmetic and float min/max that the rules language cannot
 * spell yet. None of them looks at the graph; each returns false when it
 * cannot decide (dynamic dims, malformed lists), so the rule does not fire.
 * Their prototypes come from the header rulegen writes for the rule set. */
#include <math.h>
#include "rules/builtin.h"

/* Product of the reduced dims; an empty list reduces every dim. */
bool arm_reduced_count(RgRewriter *rw, RgInts shape, RgInts dims, int64_t *out) {
  (void)rw;
  bool red[64] = {false};
  if (shape.n > 64)
    return false;
  for (uint32_t i = 0; i < dims.n; i++) {
    int64_t d = dims.v[i] < 0 ? dims.v[i] + (int64_t)shape.n : dims.v[i];
    if (d < 0 || d >= (int64_t)shape.n || red[d])
      return false;
    red[d] = true;
  }
  int64_t count = 1;
  for (uint32_t i = 0; i < shape.n; i++) {
    if (dims.n && !red[i])
      continue;
    if (shape.v[i] < 0 || (shape.v[i] && count > INT64_MAX / shape.v[i]))
      return false;
    count *= shape.v[i];
  }
  *out = count;
  return true;
}

/* expand_copy(x, size) equals repeat(x, r) with r[i] = size[i] where x's
 * (front-padded) dim is 1 and size[i] is not -1, else 1. */
bool arm_expand_repeats(RgRewriter *rw, RgInts shape, RgInts size, RgInts *out) {
  if (size.n < shape.n)
    return false;
  int64_t *r = rg_rw_scratch(rw, size.n ? size.n : 1);
  if (!r)
    return false;
  uint32_t lead = size.n - shape.n;
  for (uint32_t i = 0; i < size.n; i++) {
    int64_t in = i < lead ? 1 : shape.v[i - lead];
    if (in < 0 || size.v[i] < -1 || (i < lead && size.v[i] < 0))
      return false;
    if (in != 1 && size.v[i] != -1 && size.v[i] != in)
      return false;
    r[i] = in == 1 && size.v[i] != -1 ? size.v[i] : 1;
  }
  out->v = r;
  out->n = size.n;
  return true;
}

bool arm_last_dims(RgRewriter *rw, int64_t rank, int64_t k, RgInts *out) {
  if (k < 1 || k > rank || rank > 64)
    return false;
  int64_t *d = rg_rw_scratch(rw, (uint32_t)k);
  if (!d)
    return false;
  for (int64_t i = 0; i < k; i++)
    d[i] = rank - 1 - i;
  out->v = d;
  out->n = (uint32_t)k;
  return true;
}

/* The dims that are not 1, in the order the permutation lists them, must
 * be in increasing order: then the data order does not change. */
bool arm_permute_is_view(RgRewriter *rw, RgInts shape, RgInts dims) {
  (void)rw;
  if (dims.n != shape.n)
    return false;
  int64_t last = -1;
  for (uint32_t i = 0; i < dims.n; i++) {
    int64_t d = dims.v[i] < 0 ? dims.v[i] + (int64_t)shape.n : dims.v[i];
    if (d < 0 || d >= (int64_t)shape.n || shape.v[d] < 0)
      return false;
    if (shape.v[d] == 1)
      continue;
    if (d < last)
      return false;
    last = d;
  }
  return true;
}

/* NaN bounds are not fused. */
bool arm_fmax(RgRewriter *rw, double a, double b, double *out) {
  (void)rw;
  if (isnan(a) || isnan(b))
    return false;
  *out = a > b ? a : b;
  return true;
}

bool arm_fmin(RgRewriter *rw, double a, double b, double *out) {
  (void)rw;
  if (isnan(a) || isnan(b))
    return false;
  *out = a < b ? a : b;
  return true;
}

bool arm_is_float(RgRewriter *rw, RgDType dt) {
  (void)rw;
  return rg_dtype_is_float(dt);
}

/* TOSA's convolutions and pools need the padded input to end where the
 * last window ends (their ERROR_IF on a remainder), torch's drop what the
 * last window does not reach. For each of the two spatial dims of size
 * in[i] with windows of `span` (dilated kernel), `stride` and padding
 * `pad` on both sides, the unreached rows are rem = (in + 2 pad - span)
 * % stride: they come off the bottom/right padding first, then off the
 * input. Gives [rows, cols, top, bottom, left, right]: the input rows and
 * columns to keep and the padding to use. Rows may be 0 when every window
 * lies in the padding (the rule then does not fire). */
bool arm_fit_windows(RgRewriter *rw, RgInts in, RgInts span, RgInts stride, RgInts pad, RgInts *out) {
  if (in.n != 2 || span.n != 2 || stride.n != 2 || pad.n != 2)
    return false;
  int64_t *r = rg_rw_scratch(rw, 6);
  if (!r)
    return false;
  for (int i = 0; i < 2; i++) {
    int64_t n = in.v[i], k = span.v[i], s = stride.v[i], p = pad.v[i];
    if (n < 1 || k < 1 || s < 1 || p < 0 || n > INT64_MAX / 4 || p > INT64_MAX / 4 || n + 2 * p < k)
      return false;
    int64_t rem = (n + 2 * p - k) % s;
    r[i] = n - (rem > p ? rem - p : 0);
    r[2 + 2 * i] = p;
    r[3 + 2 * i] = rem > p ? 0 : p - rem;
  }
  out->v = r;
  out->n = 6;
  return true;
}

/* arm_fit_windows for a 2-D convolution; `shapes` is x's shape
 * [N, C, H, W] followed by the weight's [O, I, KH, KW], whose windows span
 * dilation * (K - 1) + 1. */
bool arm_conv_fit(RgRewriter *rw, RgInts shapes, RgInts stride, RgInts pad, RgInts dil, RgInts *out) {
  if (shapes.n != 8 || dil.n != 2)
    return false;
  int64_t span[2];
  for (int i = 0; i < 2; i++) {
    int64_t k = shapes.v[6 + i];
    if (k < 1 || dil.v[i] < 1 || k > INT32_MAX || dil.v[i] > INT32_MAX)
      return false;
    span[i] = dil.v[i] * (k - 1) + 1;
  }
  return arm_fit_windows(rw, (RgInts){shapes.v + 2, 2}, (RgInts){span, 2}, stride, pad, out);
}
