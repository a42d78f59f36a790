/* gen/ctext.c - writing C text: indented lines with a line count (for
 * `#line` back to the output), names, literals, and the one place where text
 * from a rules file is escaped for a C string or comment. Whatever a rules
 * file contains, what reaches the C file cannot end a comment or a string
 * early, form a trigraph, or splice lines. */
#include <math.h>
#include "gen_internal.h"

static void line_directive(Gen *g, uint32_t line, const char *file);

/* Before a line is written: a `#line` when the compiler would place it
 * elsewhere than where it comes from, so each C line of a guard or a
 * replacement names the rules line it comes from, and the first generated
 * line after them names itself in the output again. */
static void sync_line(Gen *g) {
  if (!g->o->line_directives)
    return;
  if (g->src.src) {
    const char *f = gen_loc_file(g->src);
    uint32_t l = gen_loc_line(g->src);
    if (!g->out.pfile || g->out.pline != l || strcmp(g->out.pfile, f) != 0) {
      line_directive(g, l, f);
      g->out.pfile = f;
      g->out.pline = l;
    }
  } else if (g->out.pfile) {
    /* #line names the number of the line that follows it. */
    line_directive(g, g->out.line + 2, g->o->out_name ? g->o->out_name : "rules.c");
    g->out.pfile = NULL;
  }
}

static void count_lines(Gen *g, uint32_t n) {
  g->out.line += n;
  if (g->out.pfile)
    g->out.pline += n;
}

/* Ends the open line, if any. */
static void close_line(Gen *g) {
  if (!g->out.open)
    return;
  g->out.open = false;
  rgs_buf_putc(g->out.buf, '\n');
  count_lines(g, 1);
}

static void vline(Gen *g, const char *fmt, va_list ap);
static void put(Gen *g, const char *fmt, ...) RGS_PRINTF(2, 3);
static void put(Gen *g, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vline(g, fmt, ap);
  va_end(ap);
}

/* Writes the declarations and checks not yet written, on the line of the
 * statement that needs them (or, with none, of the last check): the
 * declarations first, those of one type in a row as one (`RgInts t1,
 * t2;`), then one test of the checks. */
static void flush_checks(Gen *g) {
  uint32_t nd = g->pend.ndecls, nc = g->pend.nchecks;
  if (!nd && !nc)
    return;
  g->pend.ndecls = g->pend.nchecks = 0;
  RgLoc prev = g->src;
  if (!prev.src)
    gen_src_set(g, g->pend.src);
  RgsBuf b;
  rgs_buf_init(&b);
  for (uint32_t i = 0; i < nd; i++) {
    const char *type = g->pend.decls[i].type;
    bool ptr = type[strlen(type) - 1] == '*';
    bool same = i && strcmp(g->pend.decls[i - 1].type, type) == 0;
    if (same)
      rgs_buf_printf(&b, ", %s%s", ptr ? "*" : "", g->pend.decls[i].name);
    else
      rgs_buf_printf(&b, "%s%s%s%s", i ? "; " : "", type, ptr ? "" : " ", g->pend.decls[i].name);
  }
  if (nd)
    rgs_buf_putc(&b, ';');
  if (nc == 1) {
    rgs_buf_printf(&b, "%sif (!%s) %s", nd ? " " : "", g->pend.checks[0], g->pend.fail);
  } else if (nc > 1) {
    rgs_buf_printf(&b, "%sif (!(", nd ? " " : "");
    for (uint32_t i = 0; i < nc; i++)
      rgs_buf_printf(&b, "%s%s", i ? " && " : "", g->pend.checks[i]);
    rgs_buf_printf(&b, ")) %s", g->pend.fail);
  }
  if (b.oom)
    g->ok = false;
  put(g, "%s", b.data ? b.data : "");
  rgs_buf_free(&b);
  gen_src_restore(g, prev);
}

void gen_check(Gen *g, const char *cond, const char *fail) {
  if (g->pend.nchecks && strcmp(g->pend.fail, fail) != 0)
    flush_checks(g);
  const char **c = gen_grow(g, g->pend.checks, g->pend.nchecks, &g->pend.capchecks, sizeof *c, 8);
  if (!c)
    return;
  g->pend.checks = c;
  g->pend.checks[g->pend.nchecks++] = cond;
  g->pend.fail = fail;
  g->pend.src = g->src;
}

void gen_declare(Gen *g, const char *type, const char *name) {
  struct GenDecl *d = gen_grow(g, g->pend.decls, g->pend.ndecls, &g->pend.capdecls, sizeof *d, 8);
  if (!d)
    return;
  g->pend.decls = d;
  g->pend.decls[g->pend.ndecls++] = (struct GenDecl){type, name};
  if (!g->pend.nchecks)
    g->pend.src = g->src;
}

void gen_line(Gen *g, const char *fmt, ...) {
  flush_checks(g);
  va_list ap;
  va_start(ap, fmt);
  vline(g, fmt, ap);
  va_end(ap);
}

/* One C line, or, for C from the rules line the open line comes from, one
 * more statement on that line: a rules line becomes one C line however
 * many statements it needs, so the compiler places each of them on it
 * with no `#line` of its own, and one `#line` serves a whole step. */
static void vline(Gen *g, const char *fmt, va_list ap) {
  const char *f = g->src.src ? gen_loc_file(g->src) : NULL;
  uint32_t l = f ? gen_loc_line(g->src) : 0;
  if (g->out.open && f && l == g->out.jline && strcmp(f, g->out.jfile) == 0) {
    rgs_buf_putc(g->out.buf, ' ');
  } else {
    close_line(g);
    sync_line(g);
    for (int i = 0; i < g->out.indent; i++)
      rgs_buf_puts(g->out.buf, "  ");
    if (g->out.mark) {
      g->out.mark = false;
      g->out.marked = g->out.buf->len;
    }
  }
  rgs_buf_vprintf(g->out.buf, fmt, ap);
  if (f) {
    g->out.open = true;
    g->out.jfile = f;
    g->out.jline = l;
  } else {
    rgs_buf_putc(g->out.buf, '\n');
    count_lines(g, 1);
  }
}

void gen_end_line(Gen *g) {
  flush_checks(g);
  close_line(g);
}

/* The `}` of a function whose last lines came from a rules file stays
 * under their `#line` (the function ends on the rules line after them);
 * the `#line` back to the output comes with the next generated line, so
 * an action that follows, placed on its rule by a `#line` of its own,
 * needs none. Otherwise `}` and a blank line. */
void gen_end_function(Gen *g) {
  flush_checks(g);
  close_line(g);
  if (!g->o->line_directives || !g->out.pfile) {
    gen_line(g, "}");
    gen_blank(g);
    return;
  }
  rgs_buf_puts(g->out.buf, "}\n");
  count_lines(g, 1);
}

/* One line the caller writes later, once it is known (an action's
 * signature), placed on `at` (the rule's first line; src NULL: the
 * output). */
void gen_reserve_line(Gen *g, RgLoc at) {
  flush_checks(g);
  RgLoc prev = gen_src_set(g, at);
  close_line(g);
  sync_line(g);
  gen_src_restore(g, prev);
  count_lines(g, 1);
}

void gen_blank(Gen *g) {
  flush_checks(g);
  close_line(g);
  sync_line(g);
  rgs_buf_putc(g->out.buf, '\n');
  count_lines(g, 1);
}

/* Writes s (whole lines) after the open line, placed by a `#line` first
 * when `sync` asks for it. */
static void put_lines(Gen *g, const char *s, bool sync) {
  flush_checks(g);
  close_line(g);
  if (sync && *s)
    sync_line(g);
  rgs_buf_puts(g->out.buf, s);
  uint32_t n = 0;
  for (; *s; s++)
    n += *s == '\n';
  count_lines(g, n);
}

void gen_raw_here(Gen *g, const char *s) { put_lines(g, s, false); }

void gen_raw(Gen *g, const char *s) { put_lines(g, s, true); }

void gen_error(Gen *g, RgLoc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  rg_vdiag(g->p->diags, RG_ERROR, loc, fmt, ap);
  va_end(ap);
  g->ok = false;
}

void *gen_grow(Gen *g, void *v, uint32_t n, uint32_t *cap, size_t size, uint32_t first) {
  if (n < *cap)
    return v;
  uint32_t c = *cap ? 2 * *cap : first;
  void *w = rgs_arena_alloc(&g->arena, size * c);
  if (!w) {
    g->ok = false;
    return NULL;
  }
  if (n)
    memcpy(w, v, size * n);
  *cap = c;
  return w;
}

char *gen_str(Gen *g, const char *fmt, ...) {
  RgsBuf b;
  rgs_buf_init(&b);
  va_list ap;
  va_start(ap, fmt);
  rgs_buf_vprintf(&b, fmt, ap);
  va_end(ap);
  char *s = rgs_arena_strdup(&g->arena, b.data ? b.data : "", b.len);
  if (!s || b.oom)
    g->ok = false;
  rgs_buf_free(&b);
  return s ? s : "";
}

/* C identifier from a name with dots or dashes. */
char *gen_cname(Gen *g, const char *s) {
  size_t n = strlen(s);
  char *r = rgs_arena_alloc(&g->arena, n + 1);
  if (!r) {
    g->ok = false;
    return "";
  }
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    r[i] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ? c : '_';
  }
  r[n] = 0;
  return r;
}

/* Contents of a C string literal. Octal escapes are always three digits,
 * so a following digit cannot extend them; `?` after `?` is escaped so no
 * trigraph forms. */
void gen_put_cstring(RgsBuf *b, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\')
      rgs_buf_printf(b, "\\%c", c);
    else if (c == '\n')
      rgs_buf_puts(b, "\\n");
    else if (c == '?' && i > 0 && s[i - 1] == '?')
      rgs_buf_puts(b, "\\?");
    else if (c < 0x20 || c >= 0x7f)
      rgs_buf_printf(b, "\\%03o", c);
    else
      rgs_buf_putc(b, (char)c);
  }
}

const char *gen_cquote(Gen *g, const char *s) {
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_putc(&b, '"');
  gen_put_cstring(&b, s, strlen(s));
  rgs_buf_putc(&b, '"');
  char *r = rgs_arena_strdup(&g->arena, b.data, b.len);
  if (!r || b.oom)
    g->ok = false;
  rgs_buf_free(&b);
  return r ? r : "\"\"";
}

/* Text inside a block comment: no `*` `/` or `/` `*` pair, no trigraph
 * (`??` before one of `=(/)'<!>-`; `p ?? [0, 0]` stays as written), no
 * backslash that could splice the next line, no control characters. */
void gen_put_comment(RgsBuf *b, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    char next = i + 1 < n ? s[i + 1] : 0;
    bool trigraph = c == '?' && next == '?' && i + 2 < n && s[i + 2] && strchr("=(/)'<!>-", s[i + 2]);
    if ((c == '*' && next == '/') || (c == '/' && next == '*') || trigraph)
      rgs_buf_printf(b, "%c ", c);
    else if (c == '\\')
      rgs_buf_putc(b, '|');
    else if ((unsigned char)c < 0x20 && c != '\t')
      rgs_buf_putc(b, ' ');
    else
      rgs_buf_putc(b, c);
  }
}

const char *gen_comment(Gen *g, const char *s) {
  RgsBuf b;
  rgs_buf_init(&b);
  gen_put_comment(&b, s, strlen(s));
  char *r = rgs_arena_strdup(&g->arena, b.data ? b.data : "", b.len);
  if (!r || b.oom)
    g->ok = false;
  rgs_buf_free(&b);
  return r ? r : "";
}

const char *gen_c_int(Gen *g, int64_t v) {
  if (v == INT64_MIN)
    return "(-INT64_C(9223372036854775807) - 1)";
  /* An int constant converts to int64_t wherever the C uses it (a
   * prototyped argument, an operand beside an int64_t, an initializer). */
  if (v >= -INT32_MAX && v <= INT32_MAX)
    return gen_str(g, v < 0 ? "(%lld)" : "%lld", (long long)v);
  return gen_str(g, v < 0 ? "(INT64_C(%lld))" : "INT64_C(%lld)", (long long)v);
}

const char *gen_c_float(Gen *g, double d) {
  if (isnan(d))
    return "NAN";
  if (isinf(d))
    return d < 0 ? "(-INFINITY)" : "INFINITY";
  char buf[64];
  snprintf(buf, sizeof buf, "%.17g", d);
  if (!strpbrk(buf, ".eE"))
    strcat(buf, ".0");
  return gen_str(g, d < 0 ? "(%s)" : "%s", buf);
}

uint32_t gen_loc_line(RgLoc loc) {
  uint32_t line = 0, col = 0;
  if (loc.src)
    rg_source_linecol(loc.src, loc.off, &line, &col);
  return line;
}

const char *gen_loc_file(RgLoc loc) { return loc.src ? loc.src->name : "?"; }

static void line_directive(Gen *g, uint32_t line, const char *file) {
  rgs_buf_printf(g->out.buf, "#line %u \"", line);
  gen_put_cstring(g->out.buf, file, strlen(file));
  rgs_buf_puts(g->out.buf, "\"\n");
  g->out.line++;
}

RgLoc gen_loc_close(RgLoc at) {
  const RgSource *src = at.src;
  if (!src)
    return at;
  int depth = 0;
  for (uint32_t i = at.off; i < src->len; i++) {
    char c = src->text[i];
    if (c == '"') {
      for (i++; i < src->len && src->text[i] != '"' && src->text[i] != '\n'; i++)
        i += src->text[i] == '\\';
    } else if (c == '/' && i + 1 < src->len && src->text[i + 1] == '/') {
      while (i < src->len && src->text[i] != '\n')
        i++;
    } else if (c == '(') {
      depth++;
    } else if (c == ')' && --depth == 0) {
      return (RgLoc){src, i};
    } else if (c == ')' && depth < 0) {
      break;
    }
  }
  return at;
}

RgLoc gen_src_set(Gen *g, RgLoc loc) {
  RgLoc prev = g->src;
  if (!g->src_pinned)
    g->src = loc;
  return prev;
}

void gen_src_restore(Gen *g, RgLoc prev) { g->src = prev; }

/* Where a rule's text ends: before the next `rule` or `inexact rule`, a
 * `}` or a comment at the start of a line, or a blank line. */
static const char *rule_end(const char *s, const char *end) {
  const char *e = s;
  while (e < end) {
    const char *nl = memchr(e, '\n', (size_t)(end - e));
    if (!nl)
      return end;
    const char *q = nl + 1;
    while (q < end && (*q == ' ' || *q == '\t' || *q == '\r'))
      q++;
    if (q >= end || *q == '\n' || *q == '}' || (end - q > 5 && memcmp(q, "rule ", 5) == 0) ||
        (end - q > 13 && memcmp(q, "inexact rule ", 13) == 0) ||
        (end - q > 2 && q[0] == '/' && q[1] == '/'))
      return nl;
    e = nl + 1;
  }
  return end;
}

/* Width of the echo's lines, the closing comment mark aside. */
enum { ECHO_WIDTH = GEN_WIDTH - 4 };

static bool blank_char(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* Whether a rules line (from its first word) starts a part of the rule the
 * echo keeps at the start of a line: the guard or the replacement. */
static bool starts_part(const char *w, const char *end) {
  return (end - w >= 2 && w[0] == '=' && w[1] == '>') ||
         (end - w >= 2 && w[0] == 'i' && w[1] == 'f' && (end - w == 2 || blank_char(w[2]) || w[2] == '('));
}

/* Whether the word [w, we) is a binary operator an echo line should not
 * start or end with: all of `=<>!+-*%.` (`&&` and `||` end lines well). */
static bool operator_word(const char *w, const char *we) {
  if (we - w == 2 && (memcmp(w, "&&", 2) == 0 || memcmp(w, "||", 2) == 0))
    return false;
  for (const char *k = w; k < we; k++)
    if (!strchr("=<>!+-*%.&|", *k))
      return false;
  return we > w;
}

/* Columns the word ending at `we` needs to keep what follows it on its line
 * together: with a binary operator and its right operand (`stride = s`). */
static size_t word_group(const char *we, const char *le) {
  size_t n = 0;
  const char *w = we;
  for (int part = 0; part < 2; part++) {
    const char *ws = w;
    while (w < le && blank_char(*w))
      w++;
    const char *e = w;
    while (e < le && !blank_char(*e))
      e++;
    if (e == w || (part == 0 && !operator_word(w, e)))
      return part ? n : 0;
    n += (size_t)(e - ws);
    w = e;
  }
  return n;
}

/* The rule's source as a block comment filling lines of up to ECHO_WIDTH
 * columns: an author's line break becomes one space, the spacing within a
 * line is kept, lines are broken between words, the guard and the
 * replacement start lines of their own, and a line holding a `//`
 * comment ends an echo line (the comment would read as running on). The
 * comment goes on the lines after the signature, which stands on the
 * rule's first line: written here without `#line` of its own. */
void gen_echo_rule(Gen *g, const DslRule *r) {
  const RgSource *src = r->loc.src;
  if (!src)
    return;
  const char *s = src->text + r->loc.off, *end = src->text + src->len;
  const char *e = rule_end(s, end);
  RgsBuf b, word;
  rgs_buf_init(&b);
  rgs_buf_init(&word);
  size_t lead = (size_t)g->out.indent * 2 + 3, col = lead;
  for (int i = 0; i < g->out.indent; i++)
    rgs_buf_puts(&b, "  ");
  rgs_buf_puts(&b, "/* ");
  bool break_next = false;
  for (const char *c = s; c < e;) {
    const char *nl = memchr(c, '\n', (size_t)(e - c));
    const char *le = nl ? nl : e;
    bool line_first = true, comment = false, after_op = false;
    for (const char *w = c; w < le;) {
      const char *ws = w;
      while (w < le && blank_char(*w))
        w++;
      if (w == le)
        break;
      const char *we = w;
      while (we < le && !blank_char(*we))
        we++;
      word.len = 0;
      gen_put_comment(&word, w, (size_t)(we - w));
      for (const char *k = w; k + 1 < we; k++)
        comment |= k[0] == '/' && k[1] == '/';
      /* Between the lines of the rule one space, within a line its own. */
      size_t gap = line_first ? 1 : (size_t)(w - ws);
      /* The right operand of an operator goes with it, not with what follows. */
      size_t group = word.len + (after_op ? 0 : word_group(we, le));
      after_op = operator_word(w, we);
      bool fits = col + gap + word.len <= ECHO_WIDTH && (group > ECHO_WIDTH - lead || col + gap + group <= ECHO_WIDTH);
      if (col > lead && ((line_first && (break_next || starts_part(w, le))) || !fits)) {
        rgs_buf_putc(&b, '\n');
        for (int i = 0; i < g->out.indent; i++)
          rgs_buf_puts(&b, "  ");
        rgs_buf_puts(&b, " * ");
        col = lead;
      } else if (col > lead) {
        if (line_first)
          rgs_buf_putc(&b, ' ');
        else
          rgs_buf_put(&b, ws, gap);
        col += gap;
      }
      rgs_buf_put(&b, word.data ? word.data : "", word.len);
      col += word.len;
      line_first = false;
      break_next = false;
      w = we;
    }
    break_next |= comment;
    if (!nl)
      break;
    c = nl + 1;
  }
  rgs_buf_puts(&b, " */\n");
  if (b.oom || word.oom)
    g->ok = false;
  gen_raw_here(g, b.data ? b.data : "");
  rgs_buf_free(&word);
  rgs_buf_free(&b);
}

/* The op's name without its dialect: `transpose` for tosa.transpose. */
static const char *op_short(Gen *g, const DslOpDecl *op) {
  const char *dot = strchr(op->name, '.');
  return gen_cname(g, dot && dot[1] ? dot + 1 : op->name);
}

static bool pfx_taken(const Gen *g, const char *pfx) {
  /* the runtime's and the C library's prefixes */
  static const char *const reserved[] = {"RG", "RGS", "INT", "UINT", "SIZE", "PTRDIFF", "FLT", "DBL", "LDBL", "M"};
  for (size_t i = 0; i < sizeof reserved / sizeof *reserved; i++)
    if (strcmp(pfx, reserved[i]) == 0)
      return true;
  for (uint32_t i = 0; i < g->npfxs; i++)
    if (strcmp(g->pfxs[i], pfx) == 0)
      return true;
  return false;
}

void gen_pass_names(Gen *g, GenPass *gp) {
  RgsBuf b;
  rgs_buf_init(&b);
  for (const char *c = gp->cname; *c; c++)
    if ((c == gp->cname || c[-1] == '_') && *c != '_' && !(*c >= '0' && *c <= '9'))
      rgs_buf_putc(&b, *c >= 'a' && *c <= 'z' ? (char)(*c - 'a' + 'A') : *c);
  if (!b.len)
    rgs_buf_putc(&b, 'P');
  const char *base = gen_str(g, "%s", b.data ? b.data : "P"), *pfx = base;
  rgs_buf_free(&b);
  for (uint32_t k = 2; pfx_taken(g, pfx); k++)
    pfx = gen_str(g, "%s%u", base, k);
  const char **v = gen_grow(g, g->pfxs, g->npfxs, &g->cappfxs, sizeof *v, 8);
  if (!v)
    return;
  g->pfxs = v;
  g->pfxs[g->npfxs++] = pfx;
  gp->pfx = pfx;
  /* Short op names must differ from each other, from the ATTR_ ids and
   * from the pass's tables behind the same prefix. */
  static const char *const tables[] = {"why", "op_names", "op_descs", "rules", "req_ops", "reqs", "roots",
                                       "attr_names"};
  gp->long_ids = false;
  for (uint32_t i = 0; i < gp->nlops && !gp->long_ids; i++) {
    const char *a = op_short(g, gp->lops[i]);
    gp->long_ids = strncmp(a, "ATTR_", 5) == 0;
    for (size_t k = 0; k < sizeof tables / sizeof *tables && !gp->long_ids; k++)
      gp->long_ids = strcmp(a, tables[k]) == 0;
    for (uint32_t k = 0; k < i && !gp->long_ids; k++)
      gp->long_ids = strcmp(a, op_short(g, gp->lops[k])) == 0;
  }
}

const char *gen_op_const(Gen *g, const GenPass *gp, uint32_t k) {
  if (k >= gp->nlops)
    return "0"; /* not named by the pass: reported where it is used */
  if (gp->long_ids)
    return gen_str(g, "%s__OP_%s", gp->cname, gen_cname(g, gp->lops[k]->name));
  return gen_str(g, "%s_%s", gp->pfx, op_short(g, gp->lops[k]));
}

const char *gen_attr_const(Gen *g, const GenPass *gp, uint32_t k) {
  if (k >= gp->nattrs)
    return "0";
  const char *c = gen_cname(g, gp->attrs[k]);
  const char *head = gp->long_ids ? gen_str(g, "%s__ATTR_", gp->cname) : gen_str(g, "%s_ATTR_", gp->pfx);
  /* names that differ only where C names cannot ("a.b", "a_b") */
  for (uint32_t i = 0; i < k; i++)
    if (strcmp(gen_cname(g, gp->attrs[i]), c) == 0)
      return gen_str(g, "%s%s_%u", head, c, k);
  return gen_str(g, "%s%s", head, c);
}

void gen_wrapped(Gen *g, const char *lead, const char *const *items, uint32_t n, const char *last) {
  RgsBuf b;
  rgs_buf_init(&b);
  for (uint32_t i = 0; i < n; i++) {
    size_t len = strlen(items[i]) + (i + 1 < n ? 1 : strlen(last));
    if (b.len && b.len + 1 + len > GEN_WIDTH) {
      gen_line(g, "%s", b.data);
      b.len = 0;
    }
    if (!b.len)
      rgs_buf_puts(&b, lead);
    else
      rgs_buf_putc(&b, ' ');
    rgs_buf_printf(&b, "%s%s", items[i], i + 1 < n ? "," : last);
  }
  if (b.len)
    gen_line(g, "%s", b.data);
  if (b.oom)
    g->ok = false;
  rgs_buf_free(&b);
}

void gen_strings(Gen *g, const char *head, const char *const *strs, uint32_t n, const char *tail) {
  const char *lead = "  ";
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_puts(&b, head);
  size_t room = GEN_WIDTH - strlen(lead) - 3; /* a piece, its quotes, a parenthesis and a comma */
  for (uint32_t i = 0; i < n; i++) {
    const char *s = strs[i];
    size_t left = strlen(s);
    do {
      /* The longest head of s whose literal fits, cut between bytes of
       * the text (never inside an escape); adjacent literals concatenate. */
      size_t take = left < room - 2 ? left : room - 2;
      if (take < left) /* end the piece after a blank when one is near */
        for (size_t k = take; k > take - take / 4; k--)
          if (s[k - 1] == ' ') {
            take = k;
            break;
          }
      RgsBuf q;
      rgs_buf_init(&q);
      for (;;) {
        q.len = 0;
        rgs_buf_putc(&q, '"');
        gen_put_cstring(&q, s, take);
        rgs_buf_putc(&q, '"');
        if (q.len <= room || take <= 1)
          break;
        take--;
      }
      bool last = take == left, first = s == strs[i];
      /* a cut string in parentheses: one element, not a missing comma */
      const char *open = first && !last ? "(" : "";
      const char *sep = last ? (first ? "" : ")") : "";
      sep = last && i + 1 < n ? (first ? "," : "),") : sep;
      size_t end = last && i + 1 == n ? strlen(tail) : 0;
      bool fresh = b.len == strlen(head) && !i && first;
      if (!fresh && b.len + 1 + strlen(open) + q.len + strlen(sep) + end > GEN_WIDTH) {
        gen_line(g, "%s", b.data);
        b.len = 0;
      }
      rgs_buf_puts(&b, b.len ? (fresh ? "" : " ") : lead);
      rgs_buf_puts(&b, open);
      rgs_buf_put(&b, q.data ? q.data : "\"\"", q.data ? q.len : 2);
      rgs_buf_puts(&b, sep);
      g->ok = g->ok && !q.oom;
      rgs_buf_free(&q);
      s += take;
      left -= take;
    } while (left);
  }
  rgs_buf_puts(&b, tail);
  gen_line(g, "%s", b.data ? b.data : "");
  g->ok = g->ok && !b.oom;
  rgs_buf_free(&b);
}

void gen_list(Gen *g, const char *head, const char *const *items, uint32_t n, const char *tail) {
  gen_list_at(g, "  ", head, items, n, tail);
}

void gen_list_at(Gen *g, const char *lead, const char *head, const char *const *items, uint32_t n,
                 const char *tail) {
  size_t len = strlen(head) + strlen(tail) + 2 * (size_t)g->out.indent;
  for (uint32_t i = 0; i < n; i++)
    len += strlen(items[i]) + 2;
  if (len <= GEN_WIDTH) {
    RgsBuf b;
    rgs_buf_init(&b);
    for (uint32_t i = 0; i < n; i++)
      rgs_buf_printf(&b, "%s%s", i ? ", " : "", items[i]);
    gen_line(g, "%s%s%s", head, b.data ? b.data : "", tail);
    g->ok = g->ok && !b.oom;
    rgs_buf_free(&b);
    return;
  }
  /* head and items packed into lines, the lines after the first
   * indented, tail on the last */
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_puts(&b, head);
  for (uint32_t i = 0; i < n; i++) {
    const char *sep = i + 1 < n ? "," : tail;
    bool first = i == 0; /* right after the head (a wrapped line can be as long) */
    if (!first && b.len + 1 + strlen(items[i]) + strlen(sep) > GEN_WIDTH) {
      gen_line(g, "%s", b.data);
      b.len = 0;
    }
    rgs_buf_puts(&b, b.len ? (first ? "" : " ") : lead);
    rgs_buf_printf(&b, "%s%s", items[i], sep);
  }
  gen_line(g, "%s", b.data ? b.data : "");
  g->ok = g->ok && !b.oom;
  rgs_buf_free(&b);
}
