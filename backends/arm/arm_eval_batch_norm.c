/* backends/arm/arm_eval_batch_norm.c - batch norm in inference mode,
 * aten._native_batch_norm_legit_no_training(input, weight, bias,
 * running_mean, running_var) {momentum, eps}: its evaluator, and the
 * constants FuseBatchNorm2dPass folds into a convolution
 * (fuse_batch_norm2d_pass.rules).
 *
 * The evaluator is torch's CPU inference kernel in f32: per channel (dim
 * 1) invstd = 1 / sqrt(var + eps), alpha = invstd * weight, beta = bias -
 * mean * alpha, then out = x * alpha + beta, rounded once to the result
 * type. Results 1 and 2 (the saved mean and 1/std) are empty in inference
 * mode; given one element per channel they receive mean and invstd.
 *
 * The folded constants follow torch.nn.utils.fusion.fuse_conv_bn_weights,
 * as the original pass: w' = w * (weight * rsqrt(var + eps)) along the
 * output channel, b' = (b - mean) * rsqrt(var + eps) * weight + bias
 * (b = 0 for a convolution without bias), each step rounded to f32. A
 * convolution then computes x * w' + b', which reassociates the batch
 * norm's arithmetic: the rules are inexact. */
#include <math.h>
#include <string.h>
#include "rules/builtin.h"
#include "rulegen/eval.h"

RgStatus arm_eval_batch_norm(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in, RgTensor *out,
                             uint32_t num_out) {
  RgStatus st = rg_eval_arity(ip, num_in, 5, 5, num_out, 3);
  if (st != RG_OK)
    return st;
  const RgTensor *x = in[0];
  double eps;
  if (!rg_eval_attr_number(n, "eps", &eps, NULL, NULL))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs a number 'eps'");
  for (uint32_t j = 0; j < 5; j++)
    if (!rg_tensor_is_float(in[j]))
      return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "operand %u is %s; only float tensors are supported", j,
                          rg_dtype_name(in[j]->dtype));
  int64_t C = x->rank >= 2 ? x->dims[1] : 0;
  bool saved = out[1].numel == C && out[2].numel == C;
  if (C < 1 || out[0].numel != x->numel || !rg_tensor_is_float(&out[0]) ||
      (!saved && (out[1].numel || out[2].numel)))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs an input of rank >= 2 and results of its shape and "
                        "of 0 or one element per channel");
  for (uint32_t j = 1; j < 5; j++)
    if (in[j]->numel != C)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "operand %u has %lld elements for %lld channels", j,
                          (long long)in[j]->numel, (long long)C);
  int64_t inner = x->numel / (x->dims[0] * C);
  for (int64_t c = 0; c < C; c++) {
    float mean = rg_tensor_get_float(in[3], c);
    float invstd = 1.0f / sqrtf(rg_tensor_get_float(in[4], c) + (float)eps);
    float alpha = invstd * rg_tensor_get_float(in[1], c);
    float beta = rg_tensor_get_float(in[2], c) - mean * alpha;
    for (int64_t b = 0; b < x->dims[0]; b++)
      for (int64_t i = 0; i < inner; i++) {
        int64_t at = (b * C + c) * inner + i;
        float y = rg_tensor_get_float(x, at) * alpha + beta;
        rg_tensor_set_float(&out[0], at, rg_elem_round(out[0].dtype, y));
      }
    if (saved) {
      rg_tensor_set_float(&out[1], c, rg_elem_round(out[1].dtype, mean));
      rg_tensor_set_float(&out[2], c, rg_elem_round(out[2].dtype, invstd));
    }
  }
  return RG_OK;
}

/* ---- the folded constants ---- */

/* The values of an f32 aten._constant (one stored for a splat). */
static bool const_values(RgRewriter *rw, const RgValue *v, const double **vals, uint32_t *n) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *d = rg_value_def(v);
  const RgAttr *a = d && strcmp(rg_op_name(g, d->op), "aten._constant") == 0 ? rg_node_attr(d, "value") : NULL;
  return a && a->kind == RG_ATTR_DENSE && v->type && v->type->kind == RG_TYPE_TENSOR &&
         v->type->dtype == RG_DT_F32 && rg_attr_dense_get_floats(g, a, vals, n) && *n;
}

/* The batch norm being folded: its per-channel parameters (f32 constants
 * of one type, one value stored for a splat) and its eps. */
typedef struct BnParams {
  const double *w, *b, *m, *v;
  uint32_t nw, nb, nm, nv;
  const RgType *type;
  int64_t channels;
  double eps;
} BnParams;

/* The parameters of the batch norm whose result 0 is bn. */
static bool bn_params(RgRewriter *rw, const RgValue *bn, double eps, BnParams *p) {
  const RgNode *n = rg_value_def(bn);
  if (!n || n->num_operands != 5)
    return false;
  const RgValue *w = n->operands[1].value, *b = n->operands[2].value, *m = n->operands[3].value,
                *v = n->operands[4].value;
  if (!const_values(rw, w, &p->w, &p->nw) || !const_values(rw, b, &p->b, &p->nb) ||
      !const_values(rw, m, &p->m, &p->nm) || !const_values(rw, v, &p->v, &p->nv) || w->type->rank != 1)
    return false;
  p->type = w->type;
  p->channels = w->type->dims[0];
  p->eps = eps;
  return p->channels >= 1 && b->type == w->type && m->type == w->type && v->type == w->type;
}

static float at(const double *v, uint32_t n, int64_t i) { return (float)v[n == 1 ? 0 : i]; }

/* weight * rsqrt(var + eps) of channel c, as fuse_conv_bn_weights. */
static float bn_scale(const BnParams *p, int64_t c) {
  float rsq = 1.0f / sqrtf(at(p->v, p->nv, c) + (float)p->eps);
  return at(p->w, p->nw, c) * rsq;
}

/* An f32 constant of type t from count values (one for a splat). */
static bool dense(RgRewriter *rw, const RgType *t, double *o, uint32_t count, const RgAttr **out) {
  bool same = true;
  for (uint32_t i = 1; i < count && same; i++)
    same = memcmp(&o[i], &o[0], sizeof o[0]) == 0;
  *out = rg_attr_dense_floats(rg_rw_graph(rw), t, same ? 1 : count, o);
  return *out != NULL;
}

bool arm_bn_conv_weight(RgRewriter *rw, RgValue *cw, RgValue *bn, double eps, const RgAttr **out) {
  BnParams p;
  const double *c;
  uint32_t nc;
  if (!bn_params(rw, bn, eps, &p) || !const_values(rw, cw, &c, &nc) || cw->type->rank < 1 ||
      cw->type->dims[0] != p.channels)
    return false;
  int64_t numel = rg_type_numel(cw->type), inner = numel / p.channels;
  if (numel < 1 || numel > (1 << 24))
    return false;
  double *o = (double *)rg_rw_scratch(rw, (uint32_t)numel);
  if (!o)
    return false;
  for (int64_t i = 0; i < numel; i++)
    o[i] = (float)(at(c, nc, i) * bn_scale(&p, i / inner));
  return dense(rw, cw->type, o, (uint32_t)numel, out);
}

/* (cb - mean) * rsqrt(var + eps) * weight + bias per channel, cb the
 * convolution's bias (NULL: 0). */
static bool bn_bias(RgRewriter *rw, RgValue *cb, RgValue *bn, double eps, const RgAttr **out) {
  BnParams p;
  const double *c = NULL;
  uint32_t nc = 0;
  if (!bn_params(rw, bn, eps, &p) ||
      (cb && (!const_values(rw, cb, &c, &nc) || rg_type_numel(cb->type) != p.channels)))
    return false;
  double *o = (double *)rg_rw_scratch(rw, (uint32_t)p.channels);
  if (!o)
    return false;
  for (int64_t i = 0; i < p.channels; i++) {
    float rsq = 1.0f / sqrtf(at(p.v, p.nv, i) + (float)p.eps);
    float d = (c ? at(c, nc, i) : 0.0f) - at(p.m, p.nm, i);
    float s = d * rsq;
    o[i] = (float)(s * at(p.w, p.nw, i) + at(p.b, p.nb, i));
  }
  return dense(rw, p.type, o, (uint32_t)p.channels, out);
}

bool arm_bn_conv_bias(RgRewriter *rw, RgValue *cb, RgValue *bn, double eps, const RgAttr **out) {
  return bn_bias(rw, cb, bn, eps, out);
}

bool arm_bn_bias(RgRewriter *rw, RgValue *bn, double eps, const RgAttr **out) {
  return bn_bias(rw, NULL, bn, eps, out);
}

/* The weight [C, 1, 1, 1] of a depthwise 1x1 convolution that scales each
 * channel as the batch norm does: weight * rsqrt(var + eps). */
bool arm_bn_depthwise_weight(RgRewriter *rw, RgValue *bn, double eps, const RgAttr **out) {
  BnParams p;
  if (!bn_params(rw, bn, eps, &p) || p.channels > (1 << 24))
    return false;
  int64_t dims[4] = {p.channels, 1, 1, 1};
  const RgType *t = rg_type_tensor(rg_rw_graph(rw), RG_DT_F32, 4, dims);
  double *o = (double *)rg_rw_scratch(rw, (uint32_t)p.channels);
  if (!t || !o)
    return false;
  for (int64_t i = 0; i < p.channels; i++)
    o[i] = bn_scale(&p, i);
  return dense(rw, t, o, (uint32_t)p.channels, out);
}
