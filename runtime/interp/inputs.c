/* runtime/interp/inputs.c - input sets as text (docs/verify.md): what
 * `rgopt --inputs FILE` reads and what a failed proof by execution writes,
 * so that the inputs that showed a difference can be run again. Floats are
 * written bit for bit (hex floats, NaNs by their bits), so -0.0 and NaN
 * payloads survive the round trip. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include "rulegen/proof.h"
#include "interp/interp_internal.h"

/* ---- writing ---- */

/* A NaN by its bits: those of the element type where they hold its
 * payload (f16 and bf16 are kept as f32 with the low bits zero), else
 * the f32 bits the interpreter holds. */
static void put_nan(RgsBuf *b, RgDType dt, uint32_t u) {
  if (dt == RG_DT_BF16 && !(u & 0xffff))
    rgs_buf_printf(b, "nan:0x%04x", u >> 16);
  else if (dt == RG_DT_F16 && !(u & 0x1fff))
    rgs_buf_printf(b, "nan:0x%04x", ((u >> 16) & 0x8000) | 0x7c00 | ((u >> 13) & 0x3ff));
  else
    rgs_buf_printf(b, "nan:0x%08x", u);
}

static void put_value(RgsBuf *b, const RgTensor *t, int64_t i) {
  if (rg_tensor_is_int(t)) {
    rgs_buf_put_i64(b, rg_tensor_get_int(t, i));
    return;
  }
  float f = rg_tensor_get_float(t, i);
  if (isnan(f))
    put_nan(b, t->dtype, interp_f32_bits(f));
  else if (isinf(f))
    rgs_buf_puts(b, f < 0 ? "-inf" : "inf");
  else
    rgs_buf_printf(b, "%a", (double)f); /* exact: every float is a double */
}

void interp_inputs_put_func(RgsBuf *b, const char *func) {
  if (!b->len)
    rgs_buf_puts(b, "// input sets for rgopt --inputs (docs/verify.md)\n");
  rgs_buf_printf(b, "func @%s\n", func);
}

void interp_inputs_put_arg(RgsBuf *b, uint32_t i, const char *type, const RgTensor *t) {
  rgs_buf_printf(b, "  arg %u: %s = [", i, type);
  for (int64_t k = 0; k < t->numel; k++) {
    if (k)
      rgs_buf_puts(b, k % 8 ? ", " : ",\n    ");
    put_value(b, t, k);
  }
  rgs_buf_puts(b, "]\n");
}

static const char *sym_name(const RgNode *f) {
  const RgAttr *a = rg_node_attr(f, "sym_name");
  return a && a->kind == RG_ATTR_STRING ? a->u.str.data : "?";
}

char *rg_input_set_text(const RgNode *func, const RgTensor *in, uint32_t n, size_t *len) {
  const RgBlock *b = func && func->num_regions ? func->regions[0].first : NULL;
  if (!b || b->num_args != n)
    return NULL;
  RgsBuf buf;
  rgs_buf_init(&buf);
  interp_inputs_put_func(&buf, sym_name(func));
  for (uint32_t i = 0; i < n; i++)
    interp_inputs_put_arg(&buf, i, b->args[i]->type->text, &in[i]);
  if (buf.oom) {
    rgs_buf_free(&buf);
    return NULL;
  }
  if (len)
    *len = buf.len;
  return rgs_buf_take(&buf);
}

/* ---- reading ---- */

/* Input sets read from a file: each names a function and gives all its
 * arguments. */
typedef struct Reader {
  RgGraph *g;
  const RgSource *src;
  RgDiags *d;
  const char *s;
  uint32_t p, len;
  bool failed;
} Reader;

static void err_at(Reader *r, uint32_t off, const char *fmt, ...) RGS_PRINTF(3, 4);
static void err_at(Reader *r, uint32_t off, const char *fmt, ...) {
  if (r->failed)
    return;
  r->failed = true;
  va_list ap;
  va_start(ap, fmt);
  rg_vdiag(r->d, RG_ERROR, (RgLoc){r->src, off}, fmt, ap);
  va_end(ap);
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Skips blanks, newlines and `//` comments. */
static void skip(Reader *r) {
  while (r->p < r->len) {
    char c = r->s[r->p];
    if (is_space(c))
      r->p++;
    else if (c == '/' && r->p + 1 < r->len && r->s[r->p + 1] == '/')
      while (r->p < r->len && r->s[r->p] != '\n')
        r->p++;
    else
      break;
  }
}

static bool eat(Reader *r, char c) {
  skip(r);
  if (r->p < r->len && r->s[r->p] == c) {
    r->p++;
    return true;
  }
  return false;
}

/* A token: characters up to a blank, one of `stops`, a comment or the
 * end; its length (0 when none). */
static uint32_t token(Reader *r, const char *stops) {
  skip(r);
  uint32_t q = r->p;
  while (q < r->len && !is_space(r->s[q]) && !strchr(stops, r->s[q]) && r->s[q] &&
         !(r->s[q] == '/' && q + 1 < r->len && r->s[q + 1] == '/'))
    q++;
  return q - r->p;
}

static bool word_is(Reader *r, const char *w) {
  size_t n = strlen(w);
  uint32_t t = token(r, ":@=[],");
  return t == n && memcmp(r->s + r->p, w, n) == 0;
}

/* A type's spelling: up to a blank or '=' outside angle brackets. */
static uint32_t type_token(Reader *r) {
  skip(r);
  uint32_t q = r->p;
  int depth = 0;
  while (q < r->len && r->s[q] && (depth > 0 || (!is_space(r->s[q]) && r->s[q] != '='))) {
    depth += r->s[q] == '<' ? 1 : r->s[q] == '>' ? -1 : 0;
    q++;
  }
  return q - r->p;
}

static int hexval(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* f32 bits of `nan:0xHHHH` (the bits of an f16 or bf16 NaN) or
 * `nan:0xHHHHHHHH` (the f32 bits the interpreter holds, any float type);
 * false unless a NaN. */
static bool parse_nan(const char *t, uint32_t n, RgDType dt, uint32_t *out) {
  if ((n != 10 && n != 14) || t[4] != '0' || (t[5] != 'x' && t[5] != 'X'))
    return false;
  uint32_t v = 0;
  for (uint32_t i = 6; i < n; i++) {
    int h = hexval(t[i]);
    if (h < 0)
      return false;
    v = v << 4 | (uint32_t)h;
  }
  if (n == 10 && dt == RG_DT_BF16)
    v <<= 16;
  else if (n == 10 && dt == RG_DT_F16)
    v = ((v >> 10 & 0x1f) == 0x1f ? 0x7f800000 : 0) | (v & 0x8000) << 16 | (v & 0x3ff) << 13;
  else if (n == 10)
    return false;
  *out = v;
  return isnan(interp_bits_f32(v));
}

/* Element k of t from the token at r->p of length n. */
static bool parse_value(Reader *r, uint32_t n, RgTensor *t, int64_t k) {
  const char *tok = r->s + r->p;
  char buf[128];
  if (n >= sizeof buf) {
    err_at(r, r->p, "'%.20s...' is not a value of %s", tok, rg_dtype_name(t->dtype));
    return false;
  }
  memcpy(buf, tok, n);
  buf[n] = 0;
  char *end;
  errno = 0;
  if (rg_tensor_is_int(t)) {
    long long v = strtoll(buf, &end, 10);
    if (*end || end == buf || errno) {
      err_at(r, r->p, "'%s' is not a value of %s (a decimal integer)", buf, rg_dtype_name(t->dtype));
      return false;
    }
    if (v < rg_elem_min(t->dtype) || v > rg_elem_max(t->dtype)) {
      err_at(r, r->p, "%s is out of the range of %s (%lld to %lld)", buf, rg_dtype_name(t->dtype),
             (long long)rg_elem_min(t->dtype), (long long)rg_elem_max(t->dtype));
      return false;
    }
    rg_tensor_set_int(t, k, v);
    return true;
  }
  float f;
  uint32_t bits;
  if (n > 4 && memcmp(buf, "nan:", 4) == 0) {
    if (!parse_nan(buf, n, t->dtype, &bits)) {
      err_at(r, r->p, "'%s' is not a NaN of %s: write nan:0x and the %s of one", buf,
             rg_dtype_name(t->dtype),
             t->dtype == RG_DT_F32 ? "8 hex digits of the bits"
                                   : "4 hex digits of the bits (or 8 of its f32 bits)");
      return false;
    }
    f = interp_bits_f32(bits);
  } else if (strcmp(buf, "nan") == 0 || strcmp(buf, "-nan") == 0) {
    f = interp_bits_f32(buf[0] == '-' ? 0xffc00000u : 0x7fc00000u);
  } else {
    /* strtod also takes `infinity`, `nan(...)` and blanks: only `inf` here */
    const char *digits = buf + (buf[0] == '-' || buf[0] == '+');
    double v = strtod(buf, &end);
    bool word = (*digits >= 'a' && *digits <= 'z') || (*digits >= 'A' && *digits <= 'Z');
    if (*end || end == buf || (word && strcmp(digits, "inf") != 0)) {
      err_at(r, r->p, "'%s' is not a value of %s (a number, inf, -inf, nan or nan:0xBITS)", buf,
             rg_dtype_name(t->dtype));
      return false;
    }
    double near = t->dtype == RG_DT_F32 ? (double)(float)v : (double)rg_elem_round(t->dtype, v);
    if (near != v) {
      err_at(r, r->p, "%s is not exactly a value of %s (the nearest is %a)", buf,
             rg_dtype_name(t->dtype), near);
      return false;
    }
    f = (float)v;
  }
  ((float *)t->elems_)[k] = f; /* bit for bit: a NaN keeps its payload */
  return true;
}

/* `[v, v, ...]` for argument `type` into *t, exactly its element count. */
static bool parse_values(Reader *r, const RgType *type, RgTensor *t) {
  skip(r);
  uint32_t open = r->p;
  if (!eat(r, '[')) {
    err_at(r, r->p, "expected '[' and the argument's values");
    return false;
  }
  RgStatus st = rg_tensor_init_type(t, type);
  /* The values are counted before the tensor is filled: a file cannot
   * make the reader allocate more than the type's element count, and the
   * type is the graph's. */
  int64_t count = 0;
  while (st == RG_OK && !eat(r, ']')) {
    if (count && !eat(r, ',')) {
      if (r->p < r->len)
        err_at(r, r->p, "expected ',' or ']' after value %lld", (long long)count - 1);
      else
        err_at(r, r->p, "the values end without ']' after value %lld", (long long)count - 1);
      break;
    }
    uint32_t n = token(r, ",]");
    if (!n) {
      err_at(r, r->p, r->p < r->len ? "expected a value" : "the values end without ']'");
      break;
    }
    if (count < t->numel && !parse_value(r, n, t, count))
      break;
    r->p += n;
    count++;
  }
  if (st != RG_OK)
    err_at(r, open, "%s for %s", st == RG_ERR_NOMEM ? "out of memory" : "no interpreter storage", type->text);
  else if (!r->failed && count != t->numel)
    err_at(r, open, "%lld value%s for %s, which has %lld element%s", (long long)count, count == 1 ? "" : "s",
           type->text, (long long)t->numel, t->numel == 1 ? "" : "s");
  if (r->failed)
    rg_tensor_release(t);
  return !r->failed;
}

static bool add_set(RgInputSets *s, InterpInputSet *set) {
  if (s->n == s->cap) {
    uint32_t cap = s->cap ? s->cap * 2 : 4;
    InterpInputSet *n = rg_realloc(s->sets, sizeof *n * cap);
    if (!n)
      return false;
    s->sets = n;
    s->cap = cap;
  }
  s->sets[s->n++] = *set;
  return true;
}

static void free_set(InterpInputSet *set) {
  rg_tensor_array_free(set->args, set->nargs);
  rg_free(set->func);
  rg_free(set->where);
}

/* One `func @NAME` and its `arg N: TYPE = [...]` lines. */
static bool read_set(Reader *r, RgInputSets *out) {
  skip(r);
  uint32_t at = r->p;
  if (!word_is(r, "func")) {
    err_at(r, r->p, "expected 'func @NAME' to begin an input set");
    return false;
  }
  r->p += 4;
  if (!eat(r, '@')) {
    err_at(r, r->p, "expected '@' and the function's name after 'func'");
    return false;
  }
  uint32_t name_at = r->p, n = token(r, ":@=[],");
  char name[256];
  if (!n || n >= sizeof name) {
    err_at(r, name_at, "expected a function name after '@'");
    return false;
  }
  memcpy(name, r->s + r->p, n);
  name[n] = 0;
  r->p += n;
  const RgNode *f = rg_interp_find_func(r->g, name);
  const RgBlock *b = f && f->num_regions ? f->regions[0].first : NULL;
  if (!b) {
    err_at(r, name_at, "the graph has no function @%s", name);
    return false;
  }
  uint32_t line, col;
  rg_source_linecol(r->src, at, &line, &col);
  char where[512];
  snprintf(where, sizeof where, "%s:%u", r->src->name, line);
  InterpInputSet set = {rgs_strdup(name), rgs_strdup(where), NULL, 0};
  set.args = rg_alloc(sizeof *set.args * (b->num_args ? b->num_args : 1));
  if (!set.func || !set.where || !set.args) {
    free_set(&set);
    err_at(r, at, "out of memory");
    return false;
  }
  while (set.nargs < b->num_args && !r->failed) {
    skip(r);
    uint32_t arg_at = r->p;
    if (!word_is(r, "arg")) {
      err_at(r, arg_at, "@%s takes %u argument%s; expected 'arg %u: TYPE = [...]'", name, b->num_args,
             b->num_args == 1 ? "" : "s", set.nargs);
      break;
    }
    r->p += 3;
    skip(r);
    uint32_t num_at = r->p, nd = token(r, ":@=[],");
    char num[24] = "";
    if (nd && nd < sizeof num)
      memcpy(num, r->s + r->p, nd);
    if (strspn(num, "0123456789") != nd || !nd || strtoul(num, NULL, 10) != set.nargs || nd > 9) {
      err_at(r, num_at, "expected argument %u of @%s here", set.nargs, name);
      break;
    }
    r->p += nd;
    if (!eat(r, ':')) {
      err_at(r, r->p, "expected ':' and the argument's type");
      break;
    }
    skip(r);
    uint32_t type_at = r->p, tn = type_token(r);
    const RgType *want = b->args[set.nargs]->type;
    const RgType *got = tn ? rg_type_get(r->g, r->s + r->p, tn) : NULL;
    if (got != want) {
      err_at(r, type_at, "argument %u of @%s has type %s, not %.*s", set.nargs, name, want->text, (int)tn,
             r->s + r->p);
      break;
    }
    r->p += tn;
    if (!eat(r, '=')) {
      err_at(r, r->p, "expected '=' and the argument's values");
      break;
    }
    if (!parse_values(r, want, &set.args[set.nargs]))
      break;
    set.nargs++;
  }
  if (!r->failed && word_is(r, "arg"))
    err_at(r, r->p, "@%s takes %u argument%s", name, b->num_args, b->num_args == 1 ? "" : "s");
  if (r->failed || !add_set(out, &set)) {
    if (!r->failed)
      err_at(r, at, "out of memory");
    free_set(&set);
    return false;
  }
  return true;
}

RgInputSets *rg_input_sets_read(RgGraph *g, const RgSource *src, RgDiags *d) {
  RgInputSets *s = rg_alloc(sizeof *s);
  if (!s) {
    rg_diag(d, RG_ERROR, (RgLoc){NULL, 0}, "out of memory reading input sets");
    return NULL;
  }
  memset(s, 0, sizeof *s);
  Reader r = {g, src, d, src->text, 0, (uint32_t)(src->len > UINT32_MAX ? UINT32_MAX : src->len), false};
  skip(&r);
  if (r.p == r.len)
    err_at(&r, r.p, "no input set: expected 'func @NAME'");
  while (!r.failed && r.p < r.len) {
    read_set(&r, s);
    skip(&r);
  }
  if (r.failed) {
    rg_input_sets_free(s);
    return NULL;
  }
  return s;
}

uint32_t rg_input_sets_count(const RgInputSets *s) { return s ? s->n : 0; }

void rg_input_sets_free(RgInputSets *s) {
  if (!s)
    return;
  for (uint32_t i = 0; i < s->n; i++)
    free_set(&s->sets[i]);
  rg_free(s->sets);
  rg_free(s);
}
