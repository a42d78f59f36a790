/* runtime/ir/verify.c - the IR verifier: use lists, SSA dominance within the
 * region tree (which also rules out cycles), result types, block links and
 * an exact recount of the op histogram and per-op node lists. */
#include <stdlib.h>
#include "rulegen/graph.h"
#include "ir/ir_internal.h"

/* Values in scope are marked with RG_VALUE_IN_SCOPE while their block is
 * being checked: a bit in the value itself, where a hash set would cost a
 * cache miss per operand. The marks are all cleared before returning. */
static void mark(const RgValue *v, bool on) {
  RgValue *m = (RgValue *)v; /* a scratch bit, not part of the graph */
  if (on)
    m->flags |= RG_VALUE_IN_SCOPE;
  else
    m->flags &= ~RG_VALUE_IN_SCOPE;
}

static bool in_scope(const RgValue *v) { return (v->flags & RG_VALUE_IN_SCOPE) != 0; }

typedef struct Verifier {
  const RgGraph *g;
  uint32_t *count, *total;
  char *msg;
  size_t msglen;
  bool failed;
} Verifier;

static bool fail(Verifier *v, const RgNode *n, const char *fmt, const char *detail) {
  if (!v->failed) {
    char what[256];
    snprintf(what, sizeof what, fmt, detail ? detail : "");
    if (n)
      snprintf(v->msg, v->msglen, "'%s' (node #%u): %s", rg_op_name(v->g, n->op), n->id, what);
    else
      snprintf(v->msg, v->msglen, "%s", what);
  }
  v->failed = true;
  return false;
}

static bool check_value_uses(Verifier *v, const RgNode *n, const RgValue *val) {
  uint32_t k = 0;
  for (const RgUse *u = val->uses; u; u = u->next) {
    if (u->value != val)
      return fail(v, n, "use list of a value holds a use of another value%s", NULL);
    if (!u->user || (u->user->flags & RG_NODE_ERASED))
      return fail(v, n, "a value is used by an erased node%s", NULL);
    if (++k > val->num_uses)
      break;
  }
  if (k != val->num_uses)
    return fail(v, n, "use count differs from the use list%s", NULL);
  return true;
}

static bool verify_block(Verifier *v, const RgBlock *b, int depth);

static bool verify_node(Verifier *v, const RgNode *n, const RgBlock *b, int depth) {
  if (n->block != b)
    return fail(v, n, "node's block pointer is wrong%s", NULL);
  if (!(n->flags & RG_NODE_LIVE) || (n->flags & RG_NODE_ERASED))
    return fail(v, n, "attached node is not marked live%s", NULL);
  if (n->op >= rg_op_count_ids(v->g))
    return fail(v, n, "invalid op id%s", NULL);
  v->total[n->op]++;
  if (!rg_node_is_frozen(n))
    v->count[n->op]++;
  for (uint32_t i = 0; i < n->num_operands; i++) {
    const RgUse *u = &n->operands[i];
    if (u->user != n)
      return fail(v, n, "operand's user pointer is wrong%s", NULL);
    if (!u->value)
      return fail(v, n, "operand is missing%s", NULL);
    if (!in_scope(u->value))
      return fail(v, n, "operand does not dominate its use (undefined, defined later, or out of scope)%s", NULL);
    /* O(1) membership: the link that points at the use must point back at
     * it. Walking the value's list here was quadratic in the number of
     * uses of a popular value (a shared zero point has thousands); the
     * lists themselves are walked once each in check_value_uses. */
    if (!u->pprev || *u->pprev != u)
      return fail(v, n, "operand is missing from its value's use list%s", NULL);
  }
  for (uint16_t r = 0; r < n->num_regions; r++) {
    if (n->regions[r].parent != n)
      return fail(v, n, "region's parent pointer is wrong%s", NULL);
    for (const RgBlock *c = n->regions[r].first; c; c = c->next) {
      if (c->region != &n->regions[r])
        return fail(v, n, "block's region pointer is wrong%s", NULL);
      if (!verify_block(v, c, depth + 1))
        return false;
    }
  }
  for (uint32_t i = 0; i < n->num_results; i++) {
    const RgValue *r = &n->results[i];
    if (!r->type)
      return fail(v, n, "result has no type%s", NULL);
    if (r->owner.node != n || r->index != i || (r->flags & RG_VALUE_BLOCK_ARG))
      return fail(v, n, "result's owner is wrong%s", NULL);
    if (!check_value_uses(v, n, r))
      return false;
    mark(r, true);
  }
  return true;
}

static bool verify_block(Verifier *v, const RgBlock *b, int depth) {
  if (depth > 10000)
    return fail(v, NULL, "regions nested too deeply%s", NULL);
  RgNode *parent = rg_block_parent_node(b);
  for (uint32_t i = 0; i < b->num_args; i++) {
    const RgValue *a = b->args[i];
    if (!a->type)
      return fail(v, parent, "block argument has no type%s", NULL);
    if (!(a->flags & RG_VALUE_BLOCK_ARG) || a->owner.block != b || a->index != i)
      return fail(v, parent, "block argument's owner is wrong%s", NULL);
    if (!check_value_uses(v, parent, a))
      return false;
    mark(a, true);
  }
  const RgNode *prev = NULL;
  for (const RgNode *n = b->first; n; n = n->next) {
    if (n->prev != prev)
      return fail(v, n, "block's node list is broken%s", NULL);
    if (!verify_node(v, n, b, depth))
      return false;
    prev = n;
  }
  if (b->last != prev)
    return fail(v, NULL, "block's last node is wrong%s", NULL);
  /* Leaving the block: its values go out of scope. */
  for (uint32_t i = 0; i < b->num_args; i++)
    mark(b->args[i], false);
  for (const RgNode *n = b->first; n; n = n->next)
    for (uint32_t i = 0; i < n->num_results; i++)
      mark(&n->results[i], false);
  return true;
}

static void clear_block_marks(RgBlock *b) {
  for (uint32_t i = 0; i < b->num_args; i++)
    mark(b->args[i], false);
}

static bool clear_marks(RgNode *n, void *user) {
  (void)user;
  for (uint32_t i = 0; i < n->num_results; i++)
    mark(&n->results[i], false);
  for (uint16_t r = 0; r < n->num_regions; r++)
    for (RgBlock *b = n->regions[r].first; b; b = b->next)
      clear_block_marks(b);
  return true;
}

RgStatus rg_graph_verify(const RgGraph *cg, char *msg, size_t msglen) {
  RgGraph *g = (RgGraph *)cg;
  uint32_t nops = rg_op_count_ids(g);
  Verifier v = {.g = g, .msg = msg, .msglen = msglen};
  v.count = rg_alloc(sizeof *v.count * (nops + 1));
  v.total = rg_alloc(sizeof *v.total * (nops + 1));
  if (!v.count || !v.total) {
    rg_free(v.count);
    rg_free(v.total);
    snprintf(msg, msglen, "out of memory while verifying");
    return RG_ERR_NOMEM;
  }
  memset(v.count, 0, sizeof *v.count * (nops + 1));
  memset(v.total, 0, sizeof *v.total * (nops + 1));
  verify_block(&v, rg_graph_body(g), 0);
  for (RgOpId op = 0; op < nops && !v.failed; op++) {
    if (v.count[op] != rg_op_count(g, op) || v.total[op] != rg_op_total(g, op)) {
      fail(&v, NULL, "op histogram is wrong for '%s'", rg_op_name(g, op));
      break;
    }
    uint32_t listed = 0;
    const RgNode *prev = NULL;
    for (const RgNode *n = rg_op_first(g, op); n && listed <= v.total[op]; n = n->op_next) {
      if (n->op != op || n->op_prev != prev || !(n->flags & RG_NODE_LIVE)) {
        fail(&v, NULL, "per-op node list is broken for '%s'", rg_op_name(g, op));
        break;
      }
      prev = n;
      listed++;
    }
    if (!v.failed && listed != v.total[op])
      fail(&v, NULL, "per-op node list length is wrong for '%s'", rg_op_name(g, op));
  }
  rg_free(v.count);
  rg_free(v.total);
  if (v.failed) { /* an early return leaves marks behind */
    clear_block_marks(rg_graph_body(g));
    rg_graph_walk(g, clear_marks, NULL);
  }
  return v.failed ? RG_ERR_VERIFY : RG_OK;
}
