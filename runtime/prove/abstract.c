/* runtime/prove/abstract.c - a query with its free values' applications
 * replaced by constants (Ackermann's reduction): where a leaf is read
 * only through index terms, the index arithmetic (reshape's division,
 * slice offsets) leaves the query, and equal reads stay equal through one
 * constraint per pair of reads of the same function. Equisatisfiable with
 * the original, so unsat proves it; a model is then asked of the original,
 * whose leaves are functions. */
#include <stdlib.h>
#include <string.h>
#include "prove/prove_internal.h"

enum { ABS_MAX_APPS = 256, ABS_MAX_PAIRS = 512 };

typedef struct Abs {
  Z3_context z;
  Z3_ast apps[ABS_MAX_APPS], vars[ABS_MAX_APPS];
  unsigned n;
  unsigned *seen; /* ast ids visited, open addressing, 0 empty */
  unsigned cap;
  bool nested;    /* a free application inside another one's arguments */
} Abs;

static bool visit(Abs *a, unsigned id) {
  unsigned key = id + 1, h = (key * 2654435761u) & (a->cap - 1);
  while (a->seen[h]) {
    if (a->seen[h] == key)
      return false;
    h = (h + 1) & (a->cap - 1);
  }
  a->seen[h] = key;
  return true;
}

static bool is_free_app(Z3_context z, Z3_ast t) {
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return false;
  Z3_func_decl d = Z3_get_app_decl(z, Z3_to_app(z, t));
  return Z3_get_decl_kind(z, d) == Z3_OP_UNINTERPRETED && Z3_get_arity(z, d) > 0;
}

static void collect(Abs *a, Z3_ast t, bool inside) {
  Z3_context z = a->z;
  if (a->n == ABS_MAX_APPS || !visit(a, Z3_get_ast_id(z, t)) || Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return;
  bool app = is_free_app(z, t);
  if (app) {
    a->nested = a->nested || inside;
    a->apps[a->n] = t;
    a->vars[a->n++] = Z3_mk_fresh_const(z, "r", Z3_get_sort(z, t));
  }
  Z3_app ap = Z3_to_app(z, t);
  for (unsigned i = 0; i < Z3_get_app_num_args(z, ap); i++)
    collect(a, Z3_get_app_arg(z, ap, i), inside || app);
}

/* Pairs of reads of one function: equal arguments give equal values. */
static Z3_ast congruence(Abs *a) {
  Z3_context z = a->z;
  Z3_ast cs[ABS_MAX_PAIRS];
  unsigned nc = 0;
  for (unsigned i = 0; i < a->n; i++)
    for (unsigned j = i + 1; j < a->n; j++) {
      Z3_app x = Z3_to_app(z, a->apps[i]), y = Z3_to_app(z, a->apps[j]);
      if (Z3_get_app_decl(z, x) != Z3_get_app_decl(z, y))
        continue;
      if (nc == ABS_MAX_PAIRS)
        return NULL;
      unsigned k = Z3_get_app_num_args(z, x);
      Z3_ast eqs[16];
      for (unsigned e = 0; e < k && e < 16; e++)
        eqs[e] = Z3_mk_eq(z, Z3_get_app_arg(z, x, e), Z3_get_app_arg(z, y, e));
      cs[nc++] = Z3_mk_implies(z, Z3_mk_and(z, k < 16 ? k : 16, eqs), Z3_mk_eq(z, a->vars[i], a->vars[j]));
    }
  return nc ? Z3_mk_and(z, nc, cs) : Z3_mk_true(z);
}

Z3_ast prove_abstract(Z3_context z, Z3_ast f) {
  Abs *a = calloc(1, sizeof *a);
  if (!a)
    return NULL;
  a->z = z;
  a->cap = 1u << 16;
  a->seen = calloc(a->cap, sizeof *a->seen);
  Z3_ast r = NULL;
  if (a->seen) {
    collect(a, f, false);
    Z3_ast c = a->n < ABS_MAX_APPS && !a->nested && a->n ? congruence(a) : NULL;
    if (c) {
      Z3_ast both[2] = {Z3_substitute(z, f, a->n, a->apps, a->vars), c};
      r = Z3_mk_and(z, 2, both);
    }
  }
  free(a->seen);
  free(a);
  return r;
}
