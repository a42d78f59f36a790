/* runtime/pass/rewrite.c - the rewrite driver and pass manager. A pass runs only
 * when its target-op condition holds on the op histogram; its worklist is
 * seeded from the per-op node lists of its root ops, so cold nodes are never
 * visited. After a rewrite, new nodes, users of replaced values and
 * producers that lost a use are requeued; dead producers are erased when
 * their op is declared pure. */
#include <stdlib.h>
#include <time.h>
#include "rulegen/pass.h"
#include "ir/ir_internal.h"

/* Which pass of the pipeline roots each graph op, by op id: a re-run is
 * seeded only with nodes of its own root ops, so other nodes need not be
 * recorded; nor need the roots of a fixpoint pass that alone roots them
 * while it runs (`quiet`), as it requeues what it touches itself. Ops
 * interned after the table was made (ids from `len` on) make it be made
 * again. */
enum { ROOT_NONE = UINT32_MAX, ROOT_SHARED = UINT32_MAX - 1 };
typedef struct RootOps {
  const RgGraph *g;
  const RgPassDesc *const *passes;
  uint32_t npasses;
  uint32_t *rooted_by; /* a pass's first position, ROOT_NONE or ROOT_SHARED */
  uint32_t len;
  uint32_t quiet;      /* the running fixpoint pass's first position */
} RootOps;

/* Nodes created or rewired since the last deduplication, so the next one
 * looks at them alone (ir_graph_dedup_touched); `lost` when a node could
 * not be recorded, which asks for the whole-graph sweep instead. With
 * `only`, the nodes a re-run can be seeded with alone are recorded. */
typedef struct TouchLog {
  RgNode **nodes;
  size_t len, cap;
  bool lost;
  RootOps *only;
} TouchLog;

static bool root_ops_refresh(RootOps *r) {
  uint32_t nids = rg_op_count_ids(r->g);
  uint32_t *by = rg_alloc(sizeof *by * (nids ? nids : 1));
  if (!by)
    return false;
  for (uint32_t id = 0; id < nids; id++)
    by[id] = ROOT_NONE;
  for (uint32_t i = 0; i < r->npasses; i++) {
    const RgPassDesc *p = r->passes[i];
    for (uint16_t k = 0; k < p->num_roots; k++) {
      const char *name = p->op_names[p->roots[k]];
      RgOpId id = rg_op_find(r->g, name, strlen(name));
      if (id == RG_OP_NONE || id >= nids)
        continue;
      if (by[id] == ROOT_NONE)
        by[id] = i; /* the first position: a pass listed again comes later */
      else if (by[id] != ROOT_SHARED && r->passes[by[id]] != p)
        by[id] = ROOT_SHARED;
    }
  }
  rg_free(r->rooted_by);
  r->rooted_by = by;
  r->len = nids;
  return true;
}

static void touch_append(TouchLog *log, RgNode *n) {
  RootOps *r = log->only;
  if (r && n->op >= r->len) { /* an op interned since the table was made */
    if (!root_ops_refresh(r)) {
      log->lost = true;
      return;
    }
    uint32_t by = n->op < r->len ? r->rooted_by[n->op] : ROOT_NONE;
    if (by == ROOT_NONE || by == r->quiet)
      return;
  }
  if (log->len == log->cap) {
    size_t cap = log->cap ? 2 * log->cap : 256;
    RgNode **p = rg_realloc(log->nodes, sizeof *p * cap);
    if (!p) {
      log->lost = true;
      return;
    }
    log->nodes = p;
    log->cap = cap;
  }
  log->nodes[log->len++] = n;
}

/* Records n in log (NULL: none); called a few times a rewrite, so the
 * nodes left out return here. */
static inline void touch(TouchLog *log, RgNode *n) {
  if (!log || log->lost)
    return;
  const RootOps *r = log->only;
  if (r && n->op < r->len && (r->rooted_by[n->op] == ROOT_NONE || r->rooted_by[n->op] == r->quiet))
    return;
  touch_append(log, n);
}

/* What run_pass records and where it starts: `touched` feeds the next
 * deduplication, `history` the re-runs that make the pipeline a fixed
 * point (settle); `seeds`, when set, replaces the seeding from the op
 * lists of the pass's root ops. */
typedef struct PassLogs {
  TouchLog *touched;    /* NULL: the pass manager does not deduplicate */
  TouchLog *history;    /* NULL: no re-runs */
  RgNode *const *seeds;
  size_t nseeds;
  bool seeded;
} PassLogs;

struct RgRewriter {
  RgGraph *g;
  TouchLog *touched;    /* NULL: the pass manager does not deduplicate */
  TouchLog *history;    /* the pipeline's roots created, rewired or losing a use */
  bool seeded;          /* a re-run from the history (rg_rw_seeded) */
  const RgPassDesc *pass;
  const RgRunOptions *opt;
  RgPassStats *st;
  RgOpId *ids;          /* local op -> graph op */
  const char **attr_ids; /* pass attribute name -> the graph's interned name */
  int32_t *local_of;    /* graph op -> local op, or -1 */
  bool *is_root;        /* per local op */
  uint32_t local_of_len;
  int64_t *scratch;     /* guard temporaries, reset for every root */
  size_t scratch_used, scratch_cap;
  int64_t **scratch_old; /* blocks outgrown during one match, freed at reset */
  uint32_t nscratch_old, cap_scratch_old;
  RgNode **created;      /* nodes made by the rule being applied */
  uint32_t ncreated, cap_created;
  const char **srclocs;  /* locations of the nodes a rewrite replaces */
  uint32_t nsrclocs, cap_srclocs;
  IrLocCtx *locctx;
  bool *disabled;       /* per rule */
  RgNode **queue;
  size_t head, len, cap;
  RgNode *root;         /* node being rewritten */
  uint32_t first_new_id; /* nodes with ids from here were made by this rewrite */
  bool requeue;         /* false in single-sweep mode */
  uint64_t budget, fires;
  uint16_t recent[64];
  uint32_t nrecent;
  RgStatus status;
  char *err;
  size_t errlen;
  char refusal[320]; /* why the last replacement could not be typed */
  bool refusal_bug;  /* ... with static types only: see RgRefusal.likely_bug */
  bool unbuilt;      /* an rg_rw_make of the running rule failed */
  struct {
    const void *key;
    void *state;
    void (*release)(void *);
  } states[4]; /* externs' state for this run (rg_rw_state) */
};

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void rg_run_options_init(RgRunOptions *o) {
  memset(o, 0, sizeof *o);
  o->explain_node = UINT32_MAX;
}

/* ---- target-op condition ---- */

/* How many unfrozen nodes requirement `req` counts, up to what it needs. */
static uint64_t req_have(const RgGraph *g, const RgPassDesc *p, const RgOpReq *req) {
  uint64_t have = 0;
  for (uint16_t i = 0; i < req->num && have < req->min_count; i++) {
    const char *name = p->op_names[p->req_ops[req->first + i]];
    RgOpId id = rg_op_find(g, name, strlen(name));
    if (id != RG_OP_NONE)
      have += rg_op_count(g, id);
  }
  return have;
}

/* The first requirement of rule r that the histogram does not meet, or
 * NULL when the rule can fire. */
static const RgOpReq *unmet_req(const RgGraph *g, const RgPassDesc *p, uint16_t r) {
  const RgRuleDesc *rule = &p->rules[r];
  for (uint16_t q = 0; q < rule->num_reqs; q++) {
    const RgOpReq *req = &p->reqs[rule->first_req + q];
    if (req_have(g, p, req) < req->min_count)
      return req;
  }
  return NULL;
}

bool rg_pass_should_run(const RgGraph *g, const RgPassDesc *p) {
  for (uint16_t r = 0; r < p->num_rules; r++)
    if (!unmet_req(g, p, r))
      return true;
  return false;
}

/* ---- worklist ---- */

static bool push(RgRewriter *rw, RgNode *n) {
  if (!n || (n->flags & (RG_NODE_QUEUED | RG_NODE_ERASED)))
    return true;
  if (rw->len == rw->cap) {
    /* Compact consumed entries before growing. */
    if (rw->head > rw->cap / 2) {
      memmove(rw->queue, rw->queue + rw->head, sizeof *rw->queue * (rw->len - rw->head));
      rw->len -= rw->head;
      rw->head = 0;
    } else {
      size_t cap = rw->cap ? rw->cap * 2 : 256;
      RgNode **q = rg_realloc(rw->queue, sizeof *q * cap);
      if (!q) {
        rg_rw_fail(rw, RG_ERR_NOMEM, "pass '%s': out of memory growing the worklist", rw->pass->name);
        return false;
      }
      rw->queue = q;
      rw->cap = cap;
    }
  }
  n->flags |= RG_NODE_QUEUED;
  rw->queue[rw->len++] = n;
  return true;
}

static void requeue(RgRewriter *rw, RgNode *n) {
  if (rw->requeue)
    push(rw, n);
}

static int by_id(const void *a, const void *b) {
  const RgNode *x = *(RgNode *const *)a, *y = *(RgNode *const *)b;
  return x->id < y->id ? -1 : x->id > y->id;
}

/* Puts q[0..n) in node id order. The seeds are a few runs, each nearly in
 * order, of nodes scattered over memory: sorting pointers with a comparator
 * that reads each node cost a cache miss per comparison, so the ids are
 * read once into keys (id, position) that a radix sort orders in two
 * passes of 16 bits. Falls back to qsort when out of memory. */
static void sort_by_id(RgNode **q, size_t n) {
  bool sorted = true;
  for (size_t i = 1; i < n && sorted; i++)
    sorted = q[i - 1]->id < q[i]->id;
  if (sorted)
    return;
  uint64_t *key = n <= UINT32_MAX ? rg_alloc(sizeof *key * n * 2) : NULL;
  uint32_t *count = rg_alloc(sizeof *count * 65536);
  if (!key || !count) {
    rg_free(key);
    rg_free(count);
    qsort(q, n, sizeof *q, by_id);
    return;
  }
  uint64_t *tmp = key + n;
  for (size_t i = 0; i < n; i++)
    key[i] = (uint64_t)q[i]->id << 32 | (uint64_t)i;
  for (int shift = 32; shift < 64; shift += 16) {
    memset(count, 0, sizeof *count * 65536);
    for (size_t i = 0; i < n; i++)
      count[(key[i] >> shift) & 0xffffu]++;
    uint32_t at = 0;
    for (size_t d = 0; d < 65536; d++) {
      uint32_t c = count[d];
      count[d] = at;
      at += c;
    }
    for (size_t i = 0; i < n; i++)
      tmp[count[(key[i] >> shift) & 0xffffu]++] = key[i];
    uint64_t *t = key;
    key = tmp;
    tmp = t;
  }
  /* After an even number of passes the sorted keys are back in the first
   * half; the positions they carry index a copy of the queue. */
  for (size_t i = 0; i < n; i++)
    tmp[i] = (uint64_t)(uintptr_t)q[key[i] & 0xffffffffu];
  for (size_t i = 0; i < n; i++)
    q[i] = (RgNode *)(uintptr_t)tmp[i];
  rg_free(key < tmp ? key : tmp);
  rg_free(count);
}

static bool seed_all(RgNode *n, void *user) { return push(user, n); }

/* ---- scratch memory for guard temporaries ---- */

static void scratch_reset(RgRewriter *rw) {
  rw->ncreated = 0;
  for (uint32_t i = 0; i < rw->nscratch_old; i++)
    rg_free(rw->scratch_old[i]);
  rw->nscratch_old = 0;
  rw->scratch_used = 0;
}

int64_t *rg_rw_scratch(RgRewriter *rw, uint32_t n) {
  if (n == 0)
    n = 1;
  if (rw->scratch_used + n > rw->scratch_cap) {
    /* Earlier results stay valid: the old block is kept until the reset. */
    if (rw->scratch && rw->scratch_used) {
      if (rw->nscratch_old == rw->cap_scratch_old) {
        uint32_t cap = rw->cap_scratch_old ? rw->cap_scratch_old * 2 : 8;
        int64_t **old = rg_realloc(rw->scratch_old, sizeof *old * cap);
        if (!old)
          return NULL;
        rw->scratch_old = old;
        rw->cap_scratch_old = cap;
      }
      rw->scratch_old[rw->nscratch_old++] = rw->scratch;
    } else {
      rg_free(rw->scratch);
    }
    size_t cap = rw->scratch_cap ? rw->scratch_cap * 2 : 1024;
    while (cap < n)
      cap *= 2;
    rw->scratch = rg_alloc(sizeof *rw->scratch * cap);
    rw->scratch_cap = rw->scratch ? cap : 0;
    rw->scratch_used = 0;
    if (!rw->scratch)
      return NULL;
  }
  int64_t *p = rw->scratch + rw->scratch_used;
  rw->scratch_used += n;
  return p;
}

/* ---- rewriter API ---- */

bool rg_rw_seeded(const RgRewriter *rw) { return rw->seeded; }

void *rg_rw_state(const RgRewriter *rw, const void *key) {
  for (size_t i = 0; i < sizeof rw->states / sizeof *rw->states; i++)
    if (rw->states[i].key == key && key)
      return rw->states[i].state;
  return NULL;
}

bool rg_rw_set_state(RgRewriter *rw, const void *key, void *state, void (*release)(void *)) {
  for (size_t i = 0; i < sizeof rw->states / sizeof *rw->states; i++)
    if (!rw->states[i].key) {
      rw->states[i].key = key;
      rw->states[i].state = state;
      rw->states[i].release = release;
      return true;
    }
  if (release)
    release(state);
  return false;
}

int rg_rw_local(const RgRewriter *rw, const RgNode *n) {
  return n && n->op < rw->local_of_len ? rw->local_of[n->op] : -1;
}

RgOpId rg_rw_op(const RgRewriter *rw, uint16_t k) { return rw->ids[k]; }
const char *const *rg_rw_attr_ids(const RgRewriter *rw) { return rw->attr_ids; }

RgGraph *rg_rw_graph(RgRewriter *rw) { return rw->g; }

bool rg_rw_rule_enabled(const RgRewriter *rw, uint16_t rule) { return !rw->disabled[rule]; }

bool rg_rw_rule_on(RgRewriter *rw, uint16_t rule, bool ex) {
  if (!rw->disabled[rule])
    return true;
  if (ex)
    rg_rw_explain(rw, rule, "rule is disabled");
  return false;
}

bool rg_rw_explaining(const RgRewriter *rw, const RgNode *root) {
  return rw->opt->explain_fn &&
         (rw->opt->explain_node == root->id || rw->opt->explain_node == RG_EXPLAIN_EVERY_NODE);
}

const RgPassDesc *rg_rw_pass(const RgRewriter *rw) { return rw->pass; }

const RgRunOptions *rg_rw_options(const RgRewriter *rw) { return rw->opt; }

void rg_rw_explain(RgRewriter *rw, uint16_t rule, const char *failed_test) {
  if (rw->opt->explain_fn)
    rw->opt->explain_fn(rw->opt->explain_user, rw->pass->name, rw->pass->rules[rule].name,
                        failed_test);
}

void rg_rw_explain_rules(RgRewriter *rw, const uint16_t *rules, uint32_t n, const char *failed_test) {
  for (uint32_t i = 0; i < n; i++)
    rg_rw_explain(rw, rules[i], failed_test);
}

void rg_rw_explain_switch(RgRewriter *rw, int local, const uint16_t *pairs, uint32_t npairs, const char *why) {
  /* `why` ("root.0 is not an unfrozen") is completed with each rule's ops. */
  for (uint32_t i = 0; i < npairs; i++) {
    uint16_t rule = pairs[2 * i];
    bool first = true, named = false;
    for (uint32_t j = 0; j < npairs; j++) {
      if (pairs[2 * j] != rule)
        continue;
      if (j < i)
        first = false;
      named |= (int)pairs[2 * j + 1] == local;
    }
    if (!first || named)
      continue;
    RgsBuf b;
    rgs_buf_init(&b);
    rgs_buf_puts(&b, why);
    const char *sep = " ";
    for (uint32_t j = i; j < npairs; j++) {
      if (pairs[2 * j] != rule)
        continue;
      uint16_t k = pairs[2 * j + 1];
      rgs_buf_printf(&b, "%s%s", sep, k < rw->pass->num_ops ? rw->pass->op_names[k] : "?");
      sep = "|";
    }
    rg_rw_explain(rw, rule, b.oom || !b.data ? why : b.data);
    rgs_buf_free(&b);
  }
}

int rg_rw_fail(RgRewriter *rw, RgStatus st, const char *fmt, ...) {
  if (rw->status == RG_OK) {
    rw->status = st;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(rw->err, rw->errlen, fmt, ap);
    va_end(ap);
  }
  return -1;
}

/* Nothing left open: not a tensor, or a ranked one with static dims. */
static bool type_static(const RgType *t) {
  if (!t || t->kind == RG_TYPE_UNRANKED)
    return false;
  for (int32_t i = 0; t->kind == RG_TYPE_TENSOR && i < t->rank; i++)
    if (t->dims[i] == RG_DIM_DYNAMIC)
      return false;
  return true;
}

/* A node of local op k with its operands and properties, its results
 * typed by the op's shape hook (from like's types when like is given). */
typedef struct NewNode {
  uint16_t k;
  uint32_t num_operands;
  RgValue *const *operands;
  uint32_t num_props;
  const RgNamedAttr *props;
  const RgNode *like;
} NewNode;

static RgNode *create_node(RgRewriter *rw, const NewNode *nn);

RgNode *rg_rw_create(RgRewriter *rw, uint16_t k, uint32_t num_operands, RgValue *const *operands,
                     uint32_t num_props, const RgNamedAttr *props) {
  return create_node(rw, &(NewNode){k, num_operands, operands, num_props, props, NULL});
}

RgNode *rg_rw_create_like(RgRewriter *rw, const RgNode *like, uint32_t num_operands,
                          RgValue *const *operands, uint32_t num_props, const RgNamedAttr *props) {
  uint16_t k = (uint16_t)rg_rw_local(rw, like);
  return create_node(rw, &(NewNode){k, num_operands, operands, num_props, props, like});
}

static RgNode *create_node(RgRewriter *rw, const NewNode *nn) {
  uint16_t k = nn->k;
  uint32_t num_operands = nn->num_operands, num_props = nn->num_props;
  RgValue *const *operands = nn->operands;
  const RgNamedAttr *props = nn->props;
  const RgNode *like = nn->like;
  const RgOpDesc *d = rw->pass->op_descs ? rw->pass->op_descs[k] : NULL;
  const char *name = rw->pass->op_names[k];
  if (!d || !d->infer) {
    rg_rw_fail(rw, RG_ERR_INVALID, "pass '%s': op '%s' has no shape inference hook, so a rewrite cannot create it",
               rw->pass->name, name);
    return NULL;
  }
  RgNode *n = rg_node_create(rw->g, &(RgNodeDesc){rw->ids[k], num_operands, operands, d->num_results, NULL, 0});
  RgNamedAttr *attrs = num_props ? rgs_arena_alloc(ir_arena(rw->g), sizeof *attrs * num_props) : NULL;
  if (!n || (num_props && !attrs) || num_props > UINT16_MAX) {
    rg_rw_fail(rw, RG_ERR_NOMEM, "pass '%s': out of memory creating a '%s'", rw->pass->name, name);
    return NULL;
  }
  for (uint32_t i = 0; i < num_props; i++) {
    attrs[i].name = rg_intern(rw->g, props[i].name, strlen(props[i].name));
    attrs[i].value = props[i].value;
    if (!attrs[i].name || !attrs[i].value) {
      rg_rw_fail(rw, RG_ERR_NOMEM, "pass '%s': out of memory setting the attributes of a new '%s'",
                 rw->pass->name, name);
      return NULL;
    }
  }
  ir_node_set_attrs(rw->g, n, attrs, (uint16_t)num_props, (uint16_t)num_props);
  /* Hooks that cannot derive an element type from the operands (cast)
   * read it from the result type already on the node. */
  if (like && like->num_results == d->num_results)
    for (uint32_t i = 0; i < d->num_results; i++)
      rg_value_set_type(&n->results[i], like->results[i].type);
  const RgType *types[16];
  const RgType **tp = d->num_results <= 16 ? types : rg_alloc(sizeof *tp * d->num_results);
  char msg[256] = "";
  RgStatus st = tp ? d->infer(rw->g, n, tp, msg, sizeof msg) : RG_ERR_NOMEM;
  if (st == RG_OK)
    for (uint32_t i = 0; i < d->num_results; i++)
      rg_value_set_type(&n->results[i], tp[i]);
  if (tp != types)
    rg_free(tp);
  if (st != RG_OK) {
    /* A node the hook cannot type (its operands' dims are dynamic or
     * unranked, say): the rule is refused, the input is not bad. */
    if (st == RG_ERR_NOMEM)
      rg_rw_fail(rw, RG_ERR_NOMEM, "pass '%s': out of memory inferring the type of a new '%s'",
                 rw->pass->name, name);
    else {
      snprintf(rw->refusal, sizeof rw->refusal, "a new '%.60s' cannot be typed: %.200s", name,
               msg[0] ? msg : rg_status_name(st));
      /* Open dims are a reason a hook may fail; with none, it should not. */
      rw->refusal_bug = true;
      for (uint32_t i = 0; i < num_operands; i++)
        rw->refusal_bug &= type_static(operands[i] ? operands[i]->type : NULL);
    }
    rg_node_erase(rw->g, n);
    return NULL;
  }
  if (rw->ncreated == rw->cap_created) {
    uint32_t cap = rw->cap_created ? rw->cap_created * 2 : 16;
    RgNode **c = rg_realloc(rw->created, sizeof *c * cap);
    if (!c) {
      rg_rw_fail(rw, RG_ERR_NOMEM, "pass '%s': out of memory recording a new '%s'", rw->pass->name, name);
      rg_node_erase(rw->g, n);
      return NULL;
    }
    rw->created = c;
    rw->cap_created = cap;
  }
  rw->created[rw->ncreated++] = n;
  rg_node_insert_before(rw->g, rw->root, n);
  touch(rw->touched, n);
  touch(rw->history, n);
  requeue(rw, n);
  return n;
}

/* A make after a failed one does nothing: the replacement is refused as
 * a whole where the action ends (rg_rw_apply, rg_rw_drop). */
static RgValue *made(RgRewriter *rw, RgNode *n) {
  if (!n)
    rw->unbuilt = true;
  return n ? n->results : NULL;
}

/* An attribute value the action could not make (NULL) ran out of memory,
 * even after a failed make. */
static bool props_made(RgRewriter *rw, uint16_t k, uint32_t num_props, const RgNamedAttr *props) {
  for (uint32_t i = 0; i < num_props; i++)
    if (!props[i].value) {
      rg_rw_fail(rw, RG_ERR_NOMEM, "pass '%s': out of memory making attribute '%s' of a new '%s'", rw->pass->name,
                 props[i].name, rw->pass->op_names[k]);
      rw->unbuilt = true;
      return false;
    }
  return true;
}

RgValue *rg_rw_make(RgRewriter *rw, uint16_t k, uint32_t num_operands, RgValue *const *operands,
                    uint32_t num_props, const RgNamedAttr *props) {
  if (!props_made(rw, k, num_props, props) || rw->unbuilt)
    return NULL;
  return made(rw, rg_rw_create(rw, k, num_operands, operands, num_props, props));
}

RgValue *rg_rw_make_like(RgRewriter *rw, const RgNode *like, uint32_t num_operands, RgValue *const *operands,
                         uint32_t num_props, const RgNamedAttr *props) {
  if (!props_made(rw, (uint16_t)rg_rw_local(rw, like), num_props, props) || rw->unbuilt)
    return NULL;
  return made(rw, rg_rw_create_like(rw, like, num_operands, operands, num_props, props));
}

int rg_rw_drop(RgRewriter *rw, uint16_t rule) {
  if (rw->unbuilt)
    return rg_rw_refuse(rw, rule);
  rg_rw_discard(rw);
  return 0;
}

void rg_rw_discard(RgRewriter *rw) {
  /* Later nodes use earlier ones: erase newest first. */
  while (rw->ncreated) {
    RgNode *n = rw->created[--rw->ncreated];
    if (!(n->flags & RG_NODE_ERASED))
      rg_node_erase(rw->g, n);
  }
  rw->unbuilt = false;
}

/* Same element type and rank, and every static dim of `b` equal to `a`'s:
 * an inferred type that is only less precise than the replaced one. */
static bool refines(const RgType *a, const RgType *b) {
  if (a->kind != RG_TYPE_TENSOR || b->kind != RG_TYPE_TENSOR || a->elem != b->elem || a->rank != b->rank)
    return false;
  for (int32_t i = 0; i < a->rank; i++)
    if (b->dims[i] != RG_DIM_DYNAMIC && b->dims[i] != a->dims[i])
      return false;
  return true;
}

static bool is_constant(const RgRewriter *rw, const RgNode *n);

/* A value made by this rewrite may take the replaced value's type when its
 * own type is only less precise, or when it is a new constant holding the
 * storage values of a quantized one (a dense attribute is never typed
 * quantized: `dense<1> : tensor<3xi8>` of a tensor<3x!quant.uniform<i8:...>>). */
static bool retypable(const RgRewriter *rw, const RgNode *def, const RgType *old, const RgType *nt) {
  if (!def || def->id < rw->first_new_id || !nt || !old)
    return false;
  if (refines(old, nt))
    return true;
  return rg_type_is_quant(old) && is_constant(rw, def) && rg_type_storage_type(rw->g, old) == nt;
}

/* Notes the location of a node the current rewrite replaces. */
static void note_loc(RgRewriter *rw, const char *loc) {
  for (uint32_t i = 0; loc && i < rw->nsrclocs; i++)
    if (rw->srclocs[i] == loc)
      return;
  if (!loc)
    return;
  if (rw->nsrclocs == rw->cap_srclocs) {
    uint32_t cap = rw->cap_srclocs ? rw->cap_srclocs * 2 : 16;
    const char **s = rg_realloc(rw->srclocs, sizeof *s * cap);
    if (!s)
      return; /* a shorter location list, not an error */
    rw->srclocs = s;
    rw->cap_srclocs = cap;
  }
  rw->srclocs[rw->nsrclocs++] = loc;
}

/* True when the pass knows `n`'s op to be declared pure: an op the pass
 * does not name, or one declared without `pure`, may have side effects
 * and is never removed for being unused. */
static bool is_pure(const RgRewriter *rw, const RgNode *n) {
  int k = rg_rw_local(rw, n);
  const RgOpDesc *d = k >= 0 && rw->pass->op_descs ? rw->pass->op_descs[k] : NULL;
  return d && (d->traits & RG_TRAIT_PURE);
}

/* p lost a use: a guard such as uses(x) == 1 may hold now, at p or at a
 * user of p that a rule roots at (sink rules read uses() of an operand).
 * The users are requeued only when few are left, which is when such a
 * guard can change (rules compare uses() with 1 or 2): a value with a
 * thousand users losing them one by one costs no more than each loss. */
static void lost_use(RgRewriter *rw, RgNode *p) {
  requeue(rw, p);
  touch(rw->history, p);
  for (uint32_t i = 0; i < p->num_results; i++)
    for (RgUse *u = p->results[i].num_uses <= 2 ? p->results[i].uses : NULL; u; u = u->next) {
      requeue(rw, u->user);
      touch(rw->history, u->user);
    }
}

static bool is_constant(const RgRewriter *rw, const RgNode *n) {
  int k = rg_rw_local(rw, n);
  const RgOpDesc *d = k >= 0 && rw->pass->op_descs ? rw->pass->op_descs[k] : NULL;
  return d && (d->traits & RG_TRAIT_CONSTANT);
}

/* Erases the replaced root `n` (the rule took its place), then its
 * producers that become dead, if they are pure. */
static void erase_dead(RgRewriter *rw, RgNode *n) {
  RgNode *stack[64];
  uint32_t sp = 0;
  stack[sp++] = n;
  while (sp) {
    RgNode *d = stack[--sp];
    if ((d->flags & RG_NODE_ERASED) || !d->block || rg_node_is_frozen(d) || d->num_results == 0 ||
        d->num_regions || (d != n && !is_pure(rw, d)))
      continue;
    bool used = false;
    for (uint32_t i = 0; i < d->num_results && !used; i++)
      used = d->results[i].num_uses != 0;
    if (used)
      continue;
    for (uint32_t i = 0; i < d->num_operands; i++) {
      RgNode *p = d->operands[i].value ? rg_value_def(d->operands[i].value) : NULL;
      if (p) {
        lost_use(rw, p);
        if (sp < 64)
          stack[sp++] = p;
      }
    }
    note_loc(rw, d->loc);
    rg_node_erase(rw->g, d);
  }
}

static void count_fire(RgRewriter *rw, uint16_t rule) {
  rw->ncreated = 0;
  rw->st->rule_fires[rule]++;
  rw->st->rewrites++;
  rw->fires++;
  rw->recent[rw->nrecent++ % 64] = rule;
}

/* Tells the on_rewrite observer, if any, about a rewrite of `rule`. */
static void observe(RgRewriter *rw, uint16_t rule, bool after, RgNode *const *nodes, uint32_t n) {
  if (rw->opt->on_rewrite)
    rw->opt->on_rewrite(rw->opt->observe_user, &(RgRewriteEvent){rw->g, rw->pass, rule, after, nodes, n});
}

bool rg_rw_erase(RgRewriter *rw, RgNode *root, uint16_t rule) {
  for (uint32_t i = 0; i < root->num_results; i++)
    if (root->results[i].num_uses) {
      rg_rw_fail(rw, RG_ERR_INVALID, "pass '%s', rule '%s' (%s): '_' would remove a node whose result is used",
                 rw->pass->name, rw->pass->rules[rule].name, rw->pass->rules[rule].source);
      return false;
    }
  bool ex = rg_rw_explaining(rw, root);
  observe(rw, rule, false, &root, 1);
  for (uint32_t i = 0; i < root->num_operands; i++) {
    RgNode *p = root->operands[i].value ? rg_value_def(root->operands[i].value) : NULL;
    if (p)
      lost_use(rw, p);
  }
  rg_node_erase(rw->g, root);
  observe(rw, rule, true, NULL, 0);
  count_fire(rw, rule);
  if (ex)
    rg_rw_explain(rw, rule, "fires: the op is removed");
  return true;
}

/* Keeps the first refusal of each (rule, root) pair, up to RG_REFUSALS_KEPT
 * a pass; running out of memory only shortens the list. */
static void keep_refusal(RgRewriter *rw, uint16_t rule, const char *why) {
  RgPassStats *st = rw->st;
  for (uint32_t i = st->num_refused; i-- > 0;)
    if (st->refused[i].rule == rule && st->refused[i].node == rw->root)
      return;
  if (st->num_refused >= RG_REFUSALS_KEPT)
    return;
  if ((st->num_refused & (st->num_refused - 1)) == 0) { /* grow at powers of two */
    uint32_t cap = st->num_refused ? st->num_refused * 2 : 1;
    RgRefusal *v = rg_realloc(st->refused, sizeof *v * cap);
    if (!v)
      return;
    st->refused = v;
  }
  char *text = rgs_strdup(why);
  if (!text)
    return;
  st->refused[st->num_refused++] = (RgRefusal){rule, rw->refusal_bug, rw->root, text};
}

int rg_rw_refuse(RgRewriter *rw, uint16_t rule) {
  rg_rw_discard(rw);
  if (rw->status != RG_OK)
    return -1;
  rw->st->rule_refusals[rule]++;
  const char *why = rw->refusal[0] ? rw->refusal : "the replacement cannot be typed";
  keep_refusal(rw, rule, why);
  if (rg_rw_explaining(rw, rw->root)) {
    char text[sizeof rw->refusal + 16];
    snprintf(text, sizeof text, "refused: %s", why);
    rg_rw_explain(rw, rule, text);
  }
  rw->refusal[0] = 0;
  rw->refusal_bug = false;
  return 0;
}

int rg_rw_apply(RgRewriter *rw, RgNode *root, RgValue *const *values, uint16_t rule) {
  if (rw->unbuilt)
    return rg_rw_refuse(rw, rule);
  for (uint32_t i = 0; i < root->num_results; i++) {
    if (!values[i])
      continue;
    const RgType *old = root->results[i].type, *nt = values[i]->type;
    if (old == nt || retypable(rw, rg_value_def(values[i]), old, nt))
      continue;
    snprintf(rw->refusal, sizeof rw->refusal, "the replacement has type %s but the replaced value %s",
             nt ? nt->text : "<none>", old ? old->text : "<none>");
    /* Differing element types, or two static types: no open dim explains it. */
    rw->refusal_bug = (type_static(old) && type_static(nt)) ||
                      (old && nt && old->elem && nt->elem && old->elem != nt->elem);
    return rg_rw_refuse(rw, rule);
  }
  return rg_rw_replace(rw, root, values, rule) ? 1 : -1;
}

bool rg_rw_replace(RgRewriter *rw, RgNode *root, RgValue *const *values, uint16_t rule) {
  bool ex = rg_rw_explaining(rw, root);
  for (uint32_t i = 0; i < root->num_results; i++) {
    if (!values[i]) {
      if (root->results[i].num_uses == 0)
        continue;
      rg_rw_fail(rw, RG_ERR_INVALID, "pass '%s', rule '%s' (%s): result %u is left alone but still used",
                 rw->pass->name, rw->pass->rules[rule].name, rw->pass->rules[rule].source, i);
      return false;
    }
    const RgType *old = root->results[i].type, *nt = values[i]->type;
    if (old == nt)
      continue;
    if (retypable(rw, rg_value_def(values[i]), old, nt)) {
      rg_value_set_type(values[i], old);
      continue;
    }
    rg_rw_fail(rw, RG_ERR_TYPE,
               "pass '%s', rule '%s' (%s): replacement has type %s but the replaced value has type %s",
               rw->pass->name, rw->pass->rules[rule].name, rw->pass->rules[rule].source,
               nt ? nt->text : "<none>", old ? old->text : "<none>");
    return false;
  }
  observe(rw, rule, false, &root, 1);
  for (uint32_t i = 0; i < root->num_results; i++) {
    if (!values[i])
      continue;
    for (RgUse *u = root->results[i].uses; u; u = u->next) {
      touch(rw->touched, u->user);
      touch(rw->history, u->user);
      requeue(rw, u->user);
    }
    rg_value_replace_all_uses(rw->g, &root->results[i], values[i]);
    RgNode *def = rg_value_def(values[i]);
    if (def) {
      requeue(rw, def);
      touch(rw->history, def);
    }
  }
  rw->nsrclocs = 0;
  note_loc(rw, root->loc);
  erase_dead(rw, root);
  const char *loc = NULL;
  for (uint32_t i = 0; i < rw->ncreated; i++) {
    if (rw->created[i]->flags & RG_NODE_ERASED)
      continue;
    if (!loc && !(loc = ir_loc_fused(rw->g, &rw->locctx, rw->pass->name, rw->pass->rules[rule].name, rw->srclocs,
                                     rw->nsrclocs))) {
      rg_rw_fail(rw, RG_ERR_NOMEM, "out of memory");
      return false;
    }
    rw->created[i]->loc = loc;
  }
  if (rw->opt->on_rewrite) {
    uint32_t kept = 0; /* created ops the rewrite did not leave dead */
    for (uint32_t i = 0; i < rw->ncreated; i++)
      if (!(rw->created[i]->flags & RG_NODE_ERASED))
        rw->created[kept++] = rw->created[i];
    RgNode *defs[16]; /* no op made: the producers of the replacing values */
    uint32_t ndefs = 0;
    for (uint32_t i = 0; !kept && i < root->num_results && ndefs < 16; i++)
      if (values[i] && rg_value_def(values[i]))
        defs[ndefs++] = rg_value_def(values[i]);
    observe(rw, rule, true, kept ? rw->created : defs, kept ? kept : ndefs);
  }
  count_fire(rw, rule);
  if (ex)
    rg_rw_explain(rw, rule, "fires: the op is replaced");
  return true;
}

/* ---- running a pass ---- */

static bool rule_disabled(const RgRunOptions *o, const RgPassDesc *p, const RgRuleDesc *r) {
  if (r->inexact && !o->inexact)
    return true;
  char full[256];
  snprintf(full, sizeof full, "%s.%s", p->name, r->name);
  if (o->isolate_rule && strcmp(o->isolate_rule, r->name) != 0 && strcmp(o->isolate_rule, full) != 0)
    return true;
  for (const char *const *d = o->disabled_rules; d && *d; d++)
    if (strcmp(*d, r->name) == 0 || strcmp(*d, full) == 0)
      return true;
  return false;
}

/* Whether pass p runs: skipping is off, or a rule the options enable has
 * its target ops in the graph. */
static bool pass_runs(RgGraph *g, const RgPassDesc *p, const RgRunOptions *opt) {
  if (opt->no_skip)
    return true;
  for (uint16_t r = 0; r < p->num_rules; r++)
    if (!unmet_req(g, p, r) && !rule_disabled(opt, p, &p->rules[r]))
      return true;
  return false;
}

/* The ops of requirement `req`: "my.rescale", or "a|b" for an op class. */
static void put_req_ops(RgsBuf *b, const RgPassDesc *p, const RgOpReq *req) {
  for (uint16_t i = 0; i < req->num && i < 4; i++)
    rgs_buf_printf(b, "%s%s", i ? "|" : "", p->op_names[p->req_ops[req->first + i]]);
  if (req->num > 4)
    rgs_buf_puts(b, "|...");
}

/* Whether unmet requirements a and b say the same: the same ops, absent
 * or short of the same count (have: what the graph holds of a's ops). */
static bool same_unmet(const RgPassDesc *p, const RgOpReq *a, uint64_t have, const RgOpReq *b) {
  return a->num == b->num && !memcmp(&p->req_ops[a->first], &p->req_ops[b->first], sizeof *p->req_ops * a->num) &&
         (a->min_count == b->min_count || have == 0);
}

/* Rules not yet explained that an unmet requirement like `req` stops;
 * with `mark`, marks them explained. unmet[i]: p->reqs[i] is unmet. */
static uint32_t stops(const RgPassDesc *p, const RgOpReq *req, uint64_t have, const bool *unmet, bool *done,
                      bool mark) {
  uint32_t n = 0;
  for (uint16_t r = 0; r < p->num_rules; r++) {
    const RgRuleDesc *rule = &p->rules[r];
    for (uint16_t q = 0; !done[r] && q < rule->num_reqs; q++) {
      const RgOpReq *x = &p->reqs[rule->first_req + q];
      if (unmet[rule->first_req + q] && same_unmet(p, req, have, x)) {
        n++;
        done[r] = mark;
        break;
      }
    }
  }
  return n;
}

/* Why pass_runs is false: every rule off (and which options turned them
 * off), or the fewest unmet requirements that together stop every
 * enabled rule (a greedy cover, up to three), so that one absent root op
 * is named once and alone: "no rule can fire: absent my.rescale". */
static char *skip_reason(const RgGraph *g, const RgPassDesc *p, const RgRunOptions *opt) {
  RgsBuf b;
  rgs_buf_init(&b);
  uint16_t enabled = 0, inexact = 0;
  uint32_t nreqs = 0;
  for (uint16_t r = 0; r < p->num_rules; r++) {
    bool off = rule_disabled(opt, p, &p->rules[r]);
    enabled += !off;
    inexact += off && p->rules[r].inexact && !opt->inexact;
    if ((uint32_t)p->rules[r].first_req + p->rules[r].num_reqs > nreqs)
      nreqs = (uint32_t)p->rules[r].first_req + p->rules[r].num_reqs;
  }
  if (!p->num_rules)
    rgs_buf_puts(&b, "the pass has no rules");
  else if (!enabled && inexact == p->num_rules)
    rgs_buf_puts(&b, "its rules are all inexact; --inexact applies them");
  else if (!enabled && inexact)
    rgs_buf_puts(&b, "its rules are all inexact (--inexact applies them) or disabled (--disable-rule, --isolate-rule)");
  else if (!enabled)
    rgs_buf_puts(&b, "its rules are all disabled (--disable-rule, --isolate-rule)");
  if (!enabled)
    return rgs_buf_take(&b);
  bool *done = rg_alloc(sizeof *done * p->num_rules + sizeof *done * (nreqs ? nreqs : 1));
  uint64_t *have = rg_alloc(sizeof *have * (nreqs ? nreqs : 1));
  if (!done || !have) {
    rg_free(done);
    rg_free(have);
    rgs_buf_free(&b);
    return NULL;
  }
  bool *unmet = done + p->num_rules;
  for (uint32_t i = 0; i < nreqs; i++) {
    have[i] = req_have(g, p, &p->reqs[i]);
    unmet[i] = have[i] < p->reqs[i].min_count;
  }
  for (uint16_t r = 0; r < p->num_rules; r++)
    done[r] = rule_disabled(opt, p, &p->rules[r]) || !unmet_req(g, p, r);
  RgsBuf shortv;
  rgs_buf_init(&shortv);
  uint32_t nabsent = 0, nshort = 0;
  while (nabsent + nshort < 3) {
    uint32_t best = UINT32_MAX, best_n = 0;
    for (uint16_t r = 0; r < p->num_rules; r++) {
      const RgRuleDesc *rule = &p->rules[r];
      for (uint16_t q = 0; !done[r] && q < rule->num_reqs; q++) {
        uint32_t i = (uint32_t)rule->first_req + q;
        uint32_t n = unmet[i] ? stops(p, &p->reqs[i], have[i], unmet, done, false) : 0;
        if (n > best_n)
          best = i, best_n = n;
      }
    }
    if (best == UINT32_MAX)
      break;
    const RgOpReq *req = &p->reqs[best];
    stops(p, req, have[best], unmet, done, true);
    if (!have[best]) {
      rgs_buf_puts(&b, nabsent++ ? ", " : "no rule can fire: absent ");
      put_req_ops(&b, p, req);
    } else {
      rgs_buf_printf(&shortv, "%s%llu ", nshort++ ? ", " : "", (unsigned long long)have[best]);
      put_req_ops(&shortv, p, req);
      rgs_buf_printf(&shortv, " of %u needed", req->min_count);
    }
  }
  if (nshort)
    rgs_buf_printf(&b, "%s%s", nabsent ? "; only " : "no rule can fire: only ", shortv.data);
  uint32_t more = 0;
  for (uint16_t r = 0; r < p->num_rules; r++)
    more += !done[r];
  if (more)
    rgs_buf_printf(&b, "; %u more rule%s need%s other ops", more, more == 1 ? "" : "s", more == 1 ? "s" : "");
  if (shortv.oom)
    b.oom = true;
  rgs_buf_free(&shortv);
  rg_free(done);
  rg_free(have);
  return rgs_buf_take(&b);
}

/* The pass's ops, attribute names and disabled rules resolved in this
 * graph; rw->status says whether memory sufficed. */
static void rewriter_start(RgRewriter *rw) {
  RgGraph *g = rw->g;
  const RgPassDesc *p = rw->pass;
  rw->requeue = p->mode == RG_PASS_FIXPOINT;
  rw->ids = rg_alloc(sizeof *rw->ids * (p->num_ops ? p->num_ops : 1));
  rw->disabled = rg_alloc(sizeof *rw->disabled * (p->num_rules ? p->num_rules : 1));
  if (!rw->ids || !rw->disabled) {
    rw->status = RG_ERR_NOMEM;
    return;
  }
  for (uint16_t r = 0; r < p->num_rules; r++)
    rw->disabled[r] = rule_disabled(rw->opt, p, &p->rules[r]);
  for (uint16_t k = 0; k < p->num_ops; k++) {
    rw->ids[k] = rg_op_intern(g, p->op_names[k], strlen(p->op_names[k]));
    if (rw->ids[k] == RG_OP_NONE)
      rw->status = RG_ERR_NOMEM;
  }
  rw->attr_ids = rg_alloc(sizeof *rw->attr_ids * (p->num_attr_names ? p->num_attr_names : 1));
  if (!rw->attr_ids)
    rw->status = RG_ERR_NOMEM;
  for (uint16_t k = 0; k < p->num_attr_names && rw->attr_ids; k++) {
    rw->attr_ids[k] = rg_intern(g, p->attr_names[k], strlen(p->attr_names[k]));
    if (!rw->attr_ids[k])
      rw->status = RG_ERR_NOMEM;
  }
  rw->local_of_len = rg_op_count_ids(g);
  rw->local_of = rg_alloc(sizeof *rw->local_of * (rw->local_of_len ? rw->local_of_len : 1));
  rw->is_root = rg_alloc(sizeof *rw->is_root * (p->num_ops ? p->num_ops : 1));
  if (!rw->local_of || !rw->is_root) {
    rw->status = RG_ERR_NOMEM;
  } else {
    for (uint32_t i = 0; i < rw->local_of_len; i++)
      rw->local_of[i] = -1;
    memset(rw->is_root, 0, sizeof *rw->is_root * (p->num_ops ? p->num_ops : 1));
  }
  if (rw->status == RG_OK) {
    for (uint16_t k = 0; k < p->num_ops; k++)
      rw->local_of[rw->ids[k]] = k;
    for (uint16_t r = 0; r < p->num_roots; r++)
      rw->is_root[p->roots[r]] = true;
  }
  uint32_t factor = rw->opt->budget_factor ? rw->opt->budget_factor : 16;
  rw->budget = (uint64_t)factor * rg_graph_num_nodes(g) + 64;
}

/* Seeds in creation order, whichever way they are collected, so that
 * skipping never changes the order in which roots are tried. */
/* Room for n more entries, so that seeding and the first requeues do not
 * grow the worklist step by step (false when out of memory: push grows
 * it then, and reports a failure). */
static void reserve(RgRewriter *rw, size_t n) {
  size_t want = rw->len + n;
  if (want <= rw->cap)
    return;
  RgNode **q = rg_realloc(rw->queue, sizeof *q * want);
  if (q) {
    rw->queue = q;
    rw->cap = want;
  }
}

static void seed_worklist(RgRewriter *rw, const PassLogs *logs) {
  const RgPassDesc *p = rw->pass;
  /* Seeds, and twice as many again for the users and producers their
   * rewrites requeue. */
  size_t expect = logs->nseeds;
  if (!logs->seeded && !rw->opt->no_skip)
    for (uint16_t r = 0; r < p->num_roots; r++)
      expect += rg_op_count(rw->g, rw->ids[p->roots[r]]);
  reserve(rw, 3 * expect);
  if (logs->seeded) {
    for (size_t i = 0; i < logs->nseeds; i++)
      if (!push(rw, logs->seeds[i]))
        break;
  } else if (rw->opt->no_skip) {
    rg_graph_walk(rw->g, seed_all, rw);
  } else {
    for (uint16_t r = 0; r < p->num_roots; r++)
      for (RgNode *n = rg_op_first(rw->g, rw->ids[p->roots[r]]); n; n = n->op_next)
        if (!push(rw, n))
          break;
  }
  if (rw->len) /* the queue is NULL when nothing was pushed */
    sort_by_id(rw->queue, rw->len);
}

/* The pass's local index of n's op when n is a root its rules may rewrite,
 * else -1. Rules replace one value per declared result, so a node is a
 * root only with as many results as its op declares (a graph may disagree
 * with an op's declaration). */
static int root_local(const RgRewriter *rw, const RgNode *n) {
  int local = n->op < rw->local_of_len ? rw->local_of[n->op] : -1;
  const RgOpDesc *od = local >= 0 && rw->pass->op_descs ? rw->pass->op_descs[local] : NULL;
  if (rg_node_is_frozen(n) || local < 0 || !rw->is_root[local])
    return -1;
  bool results_ok = od && (od->traits & RG_TRAIT_RESULTS_VARY) ? n->num_results > 0
                                                              : n->num_results == (od ? od->num_results : 1);
  return results_ok ? local : -1;
}

/* The pass did not terminate: name the rules that kept firing. */
static void fail_over_budget(RgRewriter *rw) {
  const RgPassDesc *p = rw->pass;
  RgsBuf b;
  rgs_buf_init(&b);
  uint32_t nr = rw->nrecent < 64 ? rw->nrecent : 64;
  for (uint32_t i = 0; i < nr; i++) {
    uint16_t rule = rw->recent[i];
    bool dup = false;
    for (uint32_t j = 0; j < i && !dup; j++)
      dup = rw->recent[j] == rule;
    if (dup)
      continue;
    rgs_buf_printf(&b, "%s%s (%s)", b.len ? ", " : "", p->rules[rule].name, p->rules[rule].source);
  }
  rg_rw_fail(rw, RG_ERR_BUDGET,
             "pass '%s' did not terminate: %llu rewrites exceed the budget; rules that kept firing: %s",
             p->name, (unsigned long long)rw->fires, b.data ? b.data : "?");
  rgs_buf_free(&b);
}

/* Tries the rules on each node of the worklist until it is empty. */
static void drain_worklist(RgRewriter *rw) {
  while (rw->status == RG_OK && rw->head < rw->len) {
    RgNode *n = rw->queue[rw->head++];
    n->flags &= (uint16_t)~RG_NODE_QUEUED;
    if ((n->flags & RG_NODE_ERASED) || !(n->flags & RG_NODE_LIVE))
      continue;
    rw->st->nodes_visited++;
    int local = root_local(rw, n);
    if (local < 0)
      continue;
    rw->root = n;
    rw->unbuilt = false;
    rw->first_new_id = ir_next_node_id(rw->g);
    scratch_reset(rw);
    int r = rw->pass->match(rw, n, (uint16_t)local);
    if (r < 0 && rw->status == RG_OK)
      rg_rw_fail(rw, RG_ERR_INVALID, "pass '%s': matcher failed", rw->pass->name);
    if (r > 0 && rw->fires > rw->budget)
      fail_over_budget(rw);
  }
}

static void rewriter_end(RgRewriter *rw) {
  /* Leave no node marked as queued. */
  for (size_t i = rw->head; i < rw->len; i++)
    rw->queue[i]->flags &= (uint16_t)~RG_NODE_QUEUED;
  for (size_t i = 0; i < sizeof rw->states / sizeof *rw->states; i++)
    if (rw->states[i].key && rw->states[i].release)
      rw->states[i].release(rw->states[i].state);
  rg_free(rw->queue);
  rg_free(rw->attr_ids);
  rg_free(rw->ids);
  rg_free(rw->local_of);
  rg_free(rw->is_root);
  rg_free(rw->disabled);
  scratch_reset(rw);
  rg_free(rw->scratch);
  rg_free(rw->scratch_old);
  rg_free(rw->created);
  rg_free(rw->srclocs);
  ir_loc_ctx_free(rw->locctx);
}

/* One run of a pass: rw names the graph, the pass, the options, its
 * statistics and the error buffer; logs say what to seed from and where
 * to record what the rewrites touch. */
static RgStatus run_pass(RgRewriter *rw, const PassLogs *logs) {
  rw->touched = logs->touched;
  rw->history = logs->history;
  rw->seeded = logs->seeded;
  rewriter_start(rw);
  if (rw->status == RG_OK)
    seed_worklist(rw, logs);
  drain_worklist(rw);
  rewriter_end(rw);
  return rw->status;
}

/* ---- the pass manager ---- */

/* One pipeline run. A pass listed twice is one pass to the re-runs: its
 * first position holds its mark and collects the statistics of re-runs. */
typedef struct Pm {
  RgGraph *g;
  const RgPassDesc *const *passes;
  uint32_t n;
  const RgRunOptions *opt;
  RgRunStats *stats;
  char *err;
  size_t errlen;
  TouchLog log, *logp; /* logp NULL until the first (whole) deduplication */
  TouchLog history;    /* every root a rewrite or a merge touched */
  RootOps roots;       /* what the history records */
  size_t *mark;        /* per position: history already seen by the pass */
  bool changed;        /* since the last deduplication */
} Pm;

/* The whole graph the first time (logp NULL), then what the passes since
 * touched: the same merges, without a sweep over the whole graph. The
 * nodes that took a merged twin's users go to the history. */
static RgStatus dedup(Pm *pm) {
  double t0 = now_seconds();
  IrDedupOut out = {0};
  RgStatus s;
  if (pm->logp && !pm->logp->lost) {
    s = ir_graph_dedup_touched_out(pm->g, pm->opt->dedup_ops, pm->opt->dedup_num_ops, pm->log.nodes, pm->log.len,
                                   &out);
  } else {
    s = rg_graph_dedup(pm->g, pm->opt->dedup_ops, pm->opt->dedup_num_ops, &out.merged);
    out.lost = pm->logp != NULL && out.merged; /* merges after a pass, not listed */
  }
  for (size_t i = 0; i < out.nkept; i++)
    touch(&pm->history, out.kept[i]);
  if (out.lost)
    pm->history.lost = true;
  rg_free(out.kept);
  pm->log.len = 0;
  pm->log.lost = false;
  pm->logp = &pm->log;
  pm->changed = false;
  pm->stats->dedup_merged += out.merged;
  pm->stats->dedup_seconds += now_seconds() - t0;
  if (s != RG_OK)
    snprintf(pm->err, pm->errlen, "deduplication failed: out of memory");
  return s;
}

static uint32_t first_position(const Pm *pm, uint32_t i) {
  for (uint32_t j = 0; j < i; j++)
    if (pm->passes[j] == pm->passes[i])
      return j;
  return i;
}

/* Runs pass i once (seeded from seeds[0..nseeds) when `seeded`), with the
 * deduplication before it, the verifier and the observer after it. */
static RgStatus pm_run(Pm *pm, uint32_t i, bool seeded, RgNode *const *seeds, size_t nseeds) {
  const RgPassDesc *p = pm->passes[i];
  RgPassStats *st = &pm->stats->passes[i];
  double t0 = now_seconds();
  bool run = pass_runs(pm->g, p, pm->opt);
  RgStatus s = RG_OK;
  /* Merging only lowers op counts, so a pass skipped before it would be
   * skipped after it too: deduplication waits for a pass that runs. */
  if (run && pm->changed && pm->opt->dedup_ops) {
    if ((s = dedup(pm)) != RG_OK)
      return s;
    t0 = now_seconds();
    run = pass_runs(pm->g, p, pm->opt);
  }
  if (!run) {
    if (!st->ran) {
      st->skipped = true;
      if (!st->skip_reason) /* NULL when out of memory: a shorter report */
        st->skip_reason = skip_reason(pm->g, p, pm->opt);
    }
    st->seconds += now_seconds() - t0;
    if (pm->opt->after_pass)
      pm->opt->after_pass(pm->opt->observe_user, pm->g, i, p, st);
    return RG_OK;
  }
  st->ran = true;
  st->skipped = false;
  rg_free(st->skip_reason); /* skipped before, run now */
  st->skip_reason = NULL;
  if (pm->errlen)
    pm->err[0] = 0;
  uint32_t before = st->rewrites;
  PassLogs logs = {pm->logp, &pm->history, seeds, nseeds, seeded};
  RgRewriter rw = {.g = pm->g, .pass = p, .opt = pm->opt, .st = st, .err = pm->err, .errlen = pm->errlen};
  pm->roots.quiet = p->mode == RG_PASS_FIXPOINT ? first_position(pm, i) : ROOT_NONE;
  s = run_pass(&rw, &logs);
  pm->roots.quiet = ROOT_NONE;
  pm->changed = pm->changed || st->rewrites != before;
  st->seconds += now_seconds() - t0;
  if (s != RG_OK && pm->errlen && !pm->err[0]) /* every failure is named */
    snprintf(pm->err, pm->errlen, "pass '%s': %s", p->name, rg_status_name(s));
  if (s != RG_OK)
    return s;
  if (pm->opt->verify_each) {
    char msg[512];
    if (rg_graph_verify(pm->g, msg, sizeof msg) != RG_OK) {
      snprintf(pm->err, pm->errlen, "graph does not verify after pass '%s': %s", p->name, msg);
      return RG_ERR_VERIFY;
    }
  }
  if (pm->opt->after_pass)
    pm->opt->after_pass(pm->opt->observe_user, pm->g, i, p, st);
  return RG_OK;
}

static void seed_add(RgNode *n, const bool *root, uint32_t nids, TouchLog *out) {
  if (n && n->op < nids && root[n->op] && (n->flags & RG_NODE_LIVE) &&
      !(n->flags & (RG_NODE_ERASED | RG_NODE_QUEUED))) {
    n->flags |= RG_NODE_QUEUED;
    touch(out, n);
  }
}

/* The nodes of pass p's root ops among history[from..): the nodes made,
 * the users rewired, the replacing values' producers and the producers
 * that lost a use, which is what the rewrite driver requeues within a
 * pass, so a re-run finds what the pass would have found had it run
 * after the rewrites. */
static void collect_seeds(Pm *pm, const RgPassDesc *p, size_t from, TouchLog *out) {
  uint32_t nids = rg_op_count_ids(pm->g);
  bool *root = rgs_zalloc(sizeof *root * (nids ? nids : 1));
  if (!root) {
    out->lost = true;
    return;
  }
  for (uint16_t r = 0; r < p->num_roots; r++) {
    const char *name = p->op_names[p->roots[r]];
    RgOpId id = rg_op_find(pm->g, name, strlen(name));
    if (id != RG_OP_NONE && id < nids)
      root[id] = true;
  }
  for (size_t k = from; k < pm->history.len; k++) {
    RgNode *h = pm->history.nodes[k];
    if (h->flags & RG_NODE_ERASED)
      continue;
    seed_add(h, root, nids, out);
  }
  for (size_t k = 0; k < out->len; k++)
    out->nodes[k]->flags &= (uint16_t)~RG_NODE_QUEUED;
  if (out->len)
    sort_by_id(out->nodes, out->len);
  rg_free(root);
}

/* Where the pass at its first position i stands after a run: a fixpoint
 * pass has requeued what its own rewrites touched, a `once` pass has not,
 * so its own rewrites are left for it to see. */
static size_t mark_after(const Pm *pm, uint32_t i, size_t start) {
  return pm->passes[i]->mode == RG_PASS_FIXPOINT ? pm->history.len : start;
}

/* Runs again, seeded from what changed since it last ran, every pass that
 * a later pass (or a merge) gave work, earliest first, until none has any:
 * then every pass, run on the result, would find nothing new to visit.
 * Cost follows the rewrites, not the graph. A rule set whose passes undo
 * each other stops with an error, as a pass that does not terminate. */
static RgStatus settle(Pm *pm) {
  uint64_t reruns = 0, limit = 64 + 4 * (uint64_t)pm->n;
  TouchLog seeds = {0};
  RgStatus s = RG_OK;
  for (uint32_t i = 0; s == RG_OK;) {
    if (pm->history.lost)
      break; /* out of memory: the pipeline's result, not a fixed point */
    if (i == pm->n) {
      if (!pm->changed || !pm->opt->dedup_ops)
        break;
      size_t len = pm->history.len;
      if ((s = dedup(pm)) == RG_OK && pm->history.len != len)
        i = 0;
      continue;
    }
    size_t start = pm->history.len;
    if (first_position(pm, i) != i || pm->mark[i] >= start) {
      i++;
      continue;
    }
    seeds.len = 0;
    collect_seeds(pm, pm->passes[i], pm->mark[i], &seeds);
    if (seeds.lost) {
      pm->history.lost = true;
      break;
    }
    pm->mark[i] = start;
    if (!seeds.len) {
      i++;
      continue;
    }
    if (++reruns > limit) {
      snprintf(pm->err, pm->errlen, "the pipeline did not reach a fixed point: %llu re-runs, the last of pass '%s'",
               (unsigned long long)reruns - 1, pm->passes[i]->name);
      s = RG_ERR_BUDGET;
      break;
    }
    uint32_t before = pm->stats->passes[i].rewrites;
    s = pm_run(pm, i, true, seeds.nodes, seeds.len);
    pm->mark[i] = mark_after(pm, i, start);
    i = pm->stats->passes[i].rewrites != before ? 0 : i + 1;
  }
  rg_free(seeds.nodes);
  return s;
}

static RgStatus pipeline_run(Pm *pm);

RgStatus rg_pipeline_run(RgGraph *g, const RgPipelineDesc *pipeline, const RgRunOptions *opt,
                         RgRunStats *stats, char *err, size_t errlen) {
  const RgPassDesc *const *passes = pipeline->passes;
  uint32_t n = pipeline->num_passes;
  RgRunOptions defaults;
  if (!opt) {
    rg_run_options_init(&defaults);
    opt = &defaults;
  }
  char no_err[1];
  if (!err || !errlen) {
    err = no_err;
    errlen = sizeof no_err;
  }
  RgRunStats own;
  Pm pm = {.g = g, .passes = passes, .n = n, .opt = opt, .stats = stats ? stats : &own, .err = err,
           .errlen = errlen, .changed = true};
  RgStatus s = pipeline_run(&pm);
  if (!stats)
    rg_run_stats_free(&own);
  return s;
}

static RgStatus stats_init(RgRunStats *stats, const RgPassDesc *const *passes, uint32_t n, char *err,
                           size_t errlen) {
  memset(stats, 0, sizeof *stats);
  stats->passes = rg_alloc(sizeof *stats->passes * (n ? n : 1));
  if (!stats->passes) {
    snprintf(err, errlen, "out of memory setting up the pipeline statistics");
    return RG_ERR_NOMEM;
  }
  memset(stats->passes, 0, sizeof *stats->passes * (n ? n : 1));
  stats->num_passes = n;
  for (uint32_t i = 0; i < n; i++) {
    const RgPassDesc *p = passes[i];
    RgPassStats *st = &stats->passes[i];
    st->name = p->name;
    st->rule_fires = rg_alloc(sizeof *st->rule_fires * (p->num_rules ? p->num_rules : 1));
    if (!st->rule_fires) {
      snprintf(err, errlen, "out of memory setting up the statistics of pass '%s'", p->name);
      return RG_ERR_NOMEM;
    }
    memset(st->rule_fires, 0, sizeof *st->rule_fires * (p->num_rules ? p->num_rules : 1));
    st->rule_refusals = rg_alloc(sizeof *st->rule_refusals * (p->num_rules ? p->num_rules : 1));
    if (!st->rule_refusals) {
      snprintf(err, errlen, "out of memory setting up the statistics of pass '%s'", p->name);
      return RG_ERR_NOMEM;
    }
    memset(st->rule_refusals, 0, sizeof *st->rule_refusals * (p->num_rules ? p->num_rules : 1));
    if (p->abi != RG_ABI_VERSION) {
      snprintf(err, errlen, "pass '%s' was generated for runtime ABI %d, but this runtime has ABI %d; regenerate it",
               p->name, p->abi, RG_ABI_VERSION);
      return RG_ERR_ABI;
    }
  }
  return RG_OK;
}

/* The passes in order, then the re-runs that make the result a fixed
 * point of the pipeline (settle). */
static RgStatus pipeline_run(Pm *pm) {
  uint32_t n = pm->n;
  RgRunStats *stats = pm->stats;
  const RgRunOptions *opt = pm->opt;
  char *err = pm->err;
  size_t errlen = pm->errlen;
  RgStatus s = stats_init(stats, pm->passes, n, err, errlen);
  if (s != RG_OK)
    return s;
  double start = now_seconds();
  pm->mark = rg_alloc(sizeof *pm->mark * (n ? n : 1));
  if (!pm->mark) {
    snprintf(err, errlen, "out of memory setting up the pipeline");
    return RG_ERR_NOMEM;
  }
  /* Only nodes of some pass's root ops can seed a re-run: recording
   * those alone keeps a pass that rewires many other nodes cheap. */
  pm->roots = (RootOps){pm->g, pm->passes, n, NULL, 0, ROOT_NONE};
  pm->history.only = &pm->roots;
  for (uint32_t i = 0; i < n && s == RG_OK; i++) {
    size_t at = pm->history.len;
    s = pm_run(pm, i, false, NULL, 0);
    uint32_t f = first_position(pm, i);
    pm->mark[f] = mark_after(pm, i, at);
    if (f != i) /* a later listing: its statistics are its own */
      pm->mark[i] = pm->mark[f];
  }
  if (s == RG_OK && !opt->single_sweep)
    s = settle(pm);
  if (s == RG_OK && pm->changed && opt->dedup_ops)
    s = dedup(pm);
  for (uint32_t i = 0; i < n; i++)
    stats->total_visited += stats->passes[i].nodes_visited;
  rg_free(pm->log.nodes);
  rg_free(pm->history.nodes);
  rg_free(pm->roots.rooted_by);
  rg_free(pm->mark);
  stats->total_seconds = now_seconds() - start;
  return s;
}

void rg_run_stats_free(RgRunStats *s) {
  if (!s->passes)
    return;
  for (uint32_t i = 0; i < s->num_passes; i++) {
    rg_free(s->passes[i].rule_fires);
    rg_free(s->passes[i].rule_refusals);
    rg_free(s->passes[i].skip_reason);
    for (uint32_t k = 0; k < s->passes[i].num_refused; k++)
      rg_free(s->passes[i].refused[k].why);
    rg_free(s->passes[i].refused);
  }
  rg_free(s->passes);
  memset(s, 0, sizeof *s);
}
