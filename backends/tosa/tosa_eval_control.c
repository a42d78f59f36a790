/* backends/tosa/tosa_eval_control.c - TOSA 1.0 control flow: cond_if runs
 * one of its two regions, while_loop alternates its cond and body regions
 * (at most 10^6 iterations), both through the interpreter's region API. */
#include <string.h>
#include "rulegen/eval.h"
#include "rules/builtin.h"

#define MAX_LOOP_ITERATIONS 1000000

static bool truthy(const RgTensor *t) {
  return t->numel >= 1 && (rg_tensor_is_int(t) ? rg_tensor_get_int(t, 0) != 0 : rg_tensor_get_float(t, 0) != 0);
}

RgStatus tosa_eval_cond_if(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in,
                           RgTensor *out, uint32_t num_out) {
  if (num_in < 1 || n->num_regions != 2)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "expects a condition and two regions");
  RgTensor *vals = NULL;
  uint32_t nv = 0;
  RgStatus s = rg_eval_region(ip, &n->regions[truthy(in[0]) ? 0 : 1], in + 1, num_in - 1, &vals,
                              &nv);
  if (s != RG_OK)
    return s;
  return rg_eval_take_results(ip, vals, nv, out, num_out);
}

RgStatus tosa_eval_while_loop(RgInterp *ip, const RgNode *n, RgTensor *const *in,
                              uint32_t num_in, RgTensor *out, uint32_t num_out) {
  if (n->num_regions != 2)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "expects a cond and a body region");
  RgTensor **vars = rg_alloc(sizeof *vars * (num_in ? num_in : 1));
  if (!vars)
    return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory");
  memcpy(vars, in, sizeof *vars * num_in);
  RgTensor *cur = NULL; /* the loop variables after the first iteration */
  RgStatus s = RG_OK;
  for (uint32_t iter = 0;; iter++) {
    RgTensor *c = NULL;
    uint32_t nc = 0;
    if ((s = rg_eval_region(ip, &n->regions[0], vars, num_in, &c, &nc)) != RG_OK)
      break;
    bool go = nc == 1 && truthy(&c[0]);
    if (nc != 1)
      s = rg_eval_fail(ip, RG_INTERP_INVALID, "cond region must yield one value");
    rg_tensor_array_free(c, nc);
    if (s != RG_OK || !go)
      break;
    if (iter >= MAX_LOOP_ITERATIONS) {
      s = rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "more than %d iterations", MAX_LOOP_ITERATIONS);
      break;
    }
    RgTensor *next = NULL;
    uint32_t nn = 0;
    s = rg_eval_region(ip, &n->regions[1], vars, num_in, &next, &nn);
    if (s == RG_OK && nn != num_in)
      s = rg_eval_fail(ip, RG_INTERP_INVALID, "body yields %u values for %u loop variables", nn,
                       num_in);
    if (s != RG_OK) {
      rg_tensor_array_free(next, nn);
      break;
    }
    rg_tensor_array_free(cur, cur ? num_in : 0);
    cur = next;
    for (uint32_t i = 0; i < num_in; i++)
      vars[i] = &cur[i];
  }
  rg_free(vars);
  if (s != RG_OK) {
    rg_tensor_array_free(cur, cur ? num_in : 0);
    return s;
  }
  if (cur)
    return rg_eval_take_results(ip, cur, num_in, out, num_out);
  /* no iteration: the results are the initial values */
  RgTensor *copy = rg_alloc(sizeof *copy * (num_in ? num_in : 1));
  if (!copy)
    return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory");
  for (uint32_t i = 0; i < num_in; i++)
    if (rg_tensor_copy(&copy[i], in[i]) != RG_OK) {
      rg_tensor_array_free(copy, i);
      return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory");
    }
  return rg_eval_take_results(ip, copy, num_in, out, num_out);
}
