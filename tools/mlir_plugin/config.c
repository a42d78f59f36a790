/* tools/mlir_plugin/config.c - the pass options: `target=NAME`,
 * `passes=a,b`, `inexact`, `tolerance=REL[,FLOOR]`, `max-rewrites=N`,
 * `verify=N` and `stats`, parsed once into an immutable configuration that
 * every run (on any thread) reads. Targets are found by one function,
 * find_target, over the plugin's rule sets. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config.h"

static bool fail(char *err, size_t errlen, const char *fmt, const char *a, size_t alen) {
  snprintf(err, errlen, fmt, (int)(alen < 200 ? alen : 200), a);
  return false;
}

/* The pipeline a target name (`ethos-u55`, or `SET:ethos-u55`) stands for,
 * and the rule set holding it. Target names are pipeline names with '-'
 * for '_'. The one place targets are looked up. */
static const RgPipelineDesc *find_target(const RgmPlugin *pl, const char *name, size_t n,
                                         const RgOptTarget **set) {
  const char *colon = memchr(name, ':', n);
  size_t sl = colon ? (size_t)(colon - name) : 0;
  if (colon) {
    n -= sl + 1;
    name = colon + 1;
  }
  char want[128];
  if (n >= sizeof want)
    return NULL;
  for (size_t i = 0; i < n; i++)
    want[i] = name[i] == '-' ? '_' : name[i];
  want[n] = 0;
  for (size_t t = 0; t < pl->num_targets; t++) {
    const RgOptTarget *ts = &pl->targets[t];
    if (colon && (strlen(ts->name) != sl || memcmp(ts->name, name - sl - 1, sl) != 0))
      continue;
    for (const RgPipelineDesc *const *p = ts->pipelines; p && *p; p++)
      if (strcmp((*p)->name, want) == 0) {
        *set = ts;
        return *p;
      }
  }
  return NULL;
}

/* A pass of any rule set (its own list, then those its pipelines run). */
static const RgPassDesc *find_pass(const RgmPlugin *pl, const char *name, size_t n) {
  for (size_t t = 0; t < pl->num_targets; t++) {
    const RgOptTarget *ts = &pl->targets[t];
    for (const RgPassDesc *const *p = ts->passes; p && *p; p++)
      if (strlen((*p)->name) == n && memcmp((*p)->name, name, n) == 0)
        return *p;
    for (const RgPipelineDesc *const *p = ts->pipelines; p && *p; p++)
      for (uint32_t k = 0; k < (*p)->num_passes; k++)
        if (strlen((*p)->passes[k]->name) == n && memcmp((*p)->passes[k]->name, name, n) == 0)
          return (*p)->passes[k];
  }
  return NULL;
}

static bool set_passes(RgmConfig *c, const char *v, size_t n, char *err, size_t errlen) {
  const char *end = v + n;
  while (v < end) {
    const char *comma = memchr(v, ',', (size_t)(end - v));
    size_t len = comma ? (size_t)(comma - v) : (size_t)(end - v);
    if (!(len == 4 && memcmp(v, "none", 4) == 0)) {
      const RgPassDesc *p = find_pass(c->plugin, v, len);
      if (!p)
        return fail(err, errlen, "unknown pass '%.*s'", v, len);
      if (c->num_passes == RGM_MAX_PASSES)
        return fail(err, errlen, "too many passes%.*s", "", 0);
      c->passes[c->num_passes++] = p;
    }
    v += len + (comma != NULL);
  }
  return true;
}

static bool parse_bool(const char *v, size_t n, bool *out) {
  if (!v || (n == 4 && memcmp(v, "true", 4) == 0) || (n == 1 && *v == '1'))
    *out = true;
  else if ((n == 5 && memcmp(v, "false", 5) == 0) || (n == 1 && *v == '0'))
    *out = false;
  else
    return false;
  return true;
}

static bool parse_uint(const char *v, size_t n, uint32_t max, uint32_t *out) {
  uint64_t x = 0;
  if (!v || n == 0 || n > 10)
    return false;
  for (size_t i = 0; i < n; i++) {
    if (v[i] < '0' || v[i] > '9')
      return false;
    x = x * 10 + (uint64_t)(v[i] - '0');
  }
  if (x > max)
    return false;
  *out = (uint32_t)x;
  return true;
}

/* One `key=value` of the option string (val NULL: a key alone). */
typedef struct Option {
  const char *key, *val;
  size_t keylen, vallen;
} Option;

static bool set_option(RgmConfig *c, Option opt, char *err, size_t errlen) {
  const char *k = opt.key, *v = opt.val;
  size_t kn = opt.keylen, vn = opt.vallen;
#define KEY(s) (kn == sizeof(s) - 1 && memcmp(k, s, kn) == 0)
  if (KEY("target")) {
    const RgOptTarget *set = NULL;
    const RgPipelineDesc *pl = v ? find_target(c->plugin, v, vn, &set) : NULL;
    if (!pl)
      return fail(err, errlen, "unknown target '%.*s'", v ? v : "", v ? vn : 0);
    for (uint32_t i = 0; i < pl->num_passes; i++) {
      if (c->num_passes == RGM_MAX_PASSES)
        return fail(err, errlen, "too many passes%.*s", "", 0);
      c->passes[c->num_passes++] = pl->passes[i];
    }
    /* A target's pipeline also merges identical pure ops between passes. */
    c->run.dedup_ops = set->ops;
    c->run.dedup_num_ops = set->num_ops;
    c->has_passes = true;
    return true;
  }
  if (KEY("passes")) {
    c->has_passes = true;
    return v ? set_passes(c, v, vn, err, errlen) : fail(err, errlen, "passes needs a list%.*s", "", 0);
  }
  if (KEY("inexact"))
    return parse_bool(v, vn, &c->run.inexact) || fail(err, errlen, "inexact takes true or false, not '%.*s'", v, vn);
  if (KEY("stats"))
    return parse_bool(v, vn, &c->stats) || fail(err, errlen, "stats takes true or false, not '%.*s'", v, vn);
  if (KEY("max-rewrites"))
    return (parse_uint(v, vn, 1000000, &c->run.budget_factor) && c->run.budget_factor > 0) ||
           fail(err, errlen, "max-rewrites takes rewrites per node from 1 to 1000000, not '%.*s'", v ? v : "",
                v ? vn : 0);
  if (KEY("verify"))
    return parse_uint(v, vn, 1000, &c->verify_runs) ||
           fail(err, errlen, "verify takes a number of runs from 0 to 1000, not '%.*s'", v ? v : "", v ? vn : 0);
  if (KEY("tolerance")) {
    char buf[128];
    if (!v || vn >= sizeof buf)
      return fail(err, errlen, "tolerance takes REL[,FLOOR], not '%.*s'", v ? v : "", v ? vn : 0);
    memcpy(buf, v, vn);
    buf[vn] = 0;
    return rg_tolerance_parse(buf, &c->tolerance) ||
           fail(err, errlen, "tolerance takes a relative error in (0, 1) and an optional floor, like 1e-5 "
                             "or 1e-5,1e-3, not '%.*s'", v, vn);
  }
#undef KEY
  snprintf(err, errlen,
           "unknown option '%.*s' (options: target=NAME, passes=a,b, inexact, tolerance=REL[,FLOOR], "
           "max-rewrites=N, verify=N, stats)", (int)(kn < 100 ? kn : 100), k);
  return false;
}

RgmConfig *rgm_config_new(const RgmPlugin *plugin, const char *opts, size_t len, char *err, size_t errlen) {
  RgmConfig *c = calloc(1, sizeof *c);
  if (!c) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  c->plugin = plugin;
  /* rule sets generated for another runtime ABI are refused, as
   * rg_opt_main refuses them */
  for (size_t t = 0; t < plugin->num_targets; t++)
    if (rg_target_check(&plugin->targets[t], err, errlen) != 0) {
      free(c);
      return NULL;
    }
  rg_run_options_init(&c->run);
  c->tolerance.rel = RG_TOLERANCE_REL_DEFAULT;
  c->tolerance.floor = RG_TOLERANCE_FLOOR_DEFAULT;
  size_t k = 0;
  for (size_t t = 0; t < plugin->num_targets; t++)
    for (const RgDialectSyntax *const *s = plugin->targets[t].syntax; s && *s && k < RGM_MAX_SYNTAX; s++) {
      size_t i = 0;
      while (i < k && c->syntax[i] != *s)
        i++;
      if (i == k)
        c->syntax[k++] = *s;
    }
  /* `key=value` or `key` items separated by spaces; a value may be in
   * braces or quotes (how MLIR's option syntax nests). A pass given no
   * options may hand in no string at all. */
  if (!opts)
    opts = "", len = 0;
  const char *p = opts, *end = opts + len;
  while (p < end) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n'))
      p++;
    if (p == end)
      break;
    const char *key = p;
    while (p < end && *p != '=' && *p != ' ')
      p++;
    size_t kn = (size_t)(p - key);
    const char *v = NULL;
    size_t vn = 0;
    if (p < end && *p == '=') {
      p++;
      char close = *p == '{' ? '}' : *p == '"' ? '"' : *p == '\'' ? '\'' : 0;
      if (close) {
        v = ++p;
        while (p < end && *p != close)
          p++;
        vn = (size_t)(p - v);
        if (p < end)
          p++;
      } else {
        v = p;
        while (p < end && *p != ' ')
          p++;
        vn = (size_t)(p - v);
      }
    }
    if (!set_option(c, (Option){key, v, kn, vn}, err, errlen)) {
      free(c);
      return NULL;
    }
  }
  if (!c->has_passes) {
    snprintf(err, errlen, "give target=NAME or passes=a,b");
    free(c);
    return NULL;
  }
  return c;
}

void rgm_config_free(RgmConfig *c) { free(c); }
