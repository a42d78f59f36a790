/* runtime/mlir/syntax.c - the table of custom forms the registered dialect
 * syntaxes (rulegen/syntax.h) give their ops, looked up by op name by the
 * lexer, the reader and the writer, and the check that an input is not a
 * binary format. */
#include "mlir/mlir_internal.h"

static uint32_t syn_slot(const MlirSyntax *s, const char *name, size_t len, bool dialect) {
  uint32_t h = rgs_hash_bytes(name, len) & s->mask;
  while (s->ents[h].name && !(s->ents[h].dialect == dialect && s->ents[h].len == len &&
                              !memcmp(s->ents[h].name, name, len)))
    h = (h + 1) & s->mask;
  return h;
}

static void syn_put(MlirSyntax *s, const char *name, bool dialect, const RgOpSyntax *op,
                    RgOpParseFn parse, const RgDialectSyntax *d) {
  size_t len = strlen(name);
  uint32_t h = syn_slot(s, name, len, dialect);
  if (s->ents[h].name)
    return; /* the first description wins */
  if (!dialect && !op && !parse) { /* a normalizer alone: no form of its own */
    MlirSynEnt e = {name, (uint32_t)len, (uint8_t)d->default_form, false, 0, d, NULL, NULL, NULL};
    s->ents[h] = e;
    return;
  }
  uint8_t form = (uint8_t)(parse ? RG_OP_FORM_CUSTOM : op ? op->form : d->default_form);
  /* a custom form without its parse function cannot be read */
  if (form == RG_OP_FORM_CUSTOM && !parse)
    form = RG_OP_FORM_NONE;
  MlirSynEnt e = {name, (uint32_t)len, form, dialect, op ? op->flags : 0, d, parse, NULL, NULL};
  s->ents[h] = e;
}

bool mlir_syntax_build(MlirSyntax *s, const RgDialectSyntax *const *dialects) {
  s->ents = NULL;
  s->mask = 0;
  s->normalizers = false;
  uint32_t n = 0;
  for (const RgDialectSyntax *const *d = dialects; d && *d; d++)
    n += 1 + (*d)->num_ops + (*d)->num_parsers + (*d)->num_normalizers;
  if (!n)
    return true;
  uint32_t cap = 16;
  while (cap < n * 2)
    cap *= 2;
  s->ents = rg_alloc(sizeof *s->ents * cap);
  if (!s->ents)
    return false;
  memset(s->ents, 0, sizeof *s->ents * cap);
  s->mask = cap - 1;
  for (const RgDialectSyntax *const *d = dialects; *d; d++) {
    if (!(*d)->name)
      continue;
    syn_put(s, (*d)->name, true, NULL, NULL, *d);
    /* parsers first: an op with one is read by it */
    for (uint32_t i = 0; i < (*d)->num_parsers; i++)
      syn_put(s, (*d)->parsers[i].name, false, NULL, (*d)->parsers[i].parse, *d);
    for (uint32_t i = 0; i < (*d)->num_ops; i++)
      syn_put(s, (*d)->ops[i].name, false, &(*d)->ops[i], NULL, *d);
    for (uint32_t i = 0; i < (*d)->num_normalizers; i++) {
      const char *name = (*d)->normalizers[i].name;
      syn_put(s, name, false, NULL, NULL, *d);
      MlirSynEnt *e = &s->ents[syn_slot(s, name, strlen(name), false)];
      if (e->d == *d && !e->normalize) {
        e->normalize = (*d)->normalizers[i].parse;
        s->normalizers = true;
      }
    }
    for (uint32_t i = 0; i < (*d)->num_printers; i++) {
      const char *name = (*d)->printers[i].name;
      MlirSynEnt *e = &s->ents[syn_slot(s, name, strlen(name), false)];
      if (e->name && e->d == *d && e->form == RG_OP_FORM_CUSTOM && !e->print)
        e->print = (*d)->printers[i].print;
    }
  }
  return true;
}

void mlir_syntax_free(MlirSyntax *s) {
  rg_free(s->ents);
  s->ents = NULL;
  s->mask = 0;
}

const MlirSynEnt *mlir_syntax_find(const MlirSyntax *s, const char *name, size_t len) {
  if (!s || !s->ents)
    return NULL;
  const MlirSynEnt *e = &s->ents[syn_slot(s, name, len, false)];
  if (e->name)
    return e;
  const char *dot = memchr(name, '.', len);
  if (!dot)
    return NULL;
  e = &s->ents[syn_slot(s, name, (size_t)(dot - name), true)];
  return e->name ? e : NULL;
}

const RgPropDefault *mlir_prop_default(const RgDialectSyntax *d, const char *name, uint32_t i) {
  for (uint32_t k = 0; d && k < d->num_defaults; k++)
    if (!strcmp(d->defaults[k].op, name) && i-- == 0)
      return &d->defaults[k];
  return NULL;
}

bool mlir_enum_string(const RgDialectSyntax *d, const RgNamedAttr *e, const char **v, size_t *len) {
  const RgAttr *a = e->value;
  if (!a || a->kind != RG_ATTR_STRING || !a->u.str.len)
    return false;
  bool listed = false;
  for (uint32_t i = 0; i < d->num_enums && !listed; i++)
    listed = !strcmp(d->enums[i].prop, e->name);
  for (uint32_t i = 0; listed && i < a->u.str.len; i++) {
    char c = a->u.str.data[i];
    if (!(c == '_' || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
      return false;
  }
  *v = a->u.str.data;
  *len = a->u.str.len;
  return listed;
}

const char *mlir_enum_attr(const RgDialectSyntax *d, const char *key) {
  for (uint32_t i = 0; i < d->num_enums; i++)
    if (!strcmp(d->enums[i].prop, key))
      return d->enums[i].attr;
  return key;
}

const char *mlir_binary_kind(const char *text, size_t len) {
  static const struct {
    const char *magic;
    size_t off, len;
    const char *what;
  } kinds[] = {
    {"ML\xef" "R", 0, 4, "MLIR bytecode"},
    {"\x7f" "ELF", 0, 4, "an ELF executable or object"},
    {"\x1f\x8b", 0, 2, "gzip-compressed data"},
    {"PK\x03\x04", 0, 4, "a zip archive"},
    {"TFL3", 4, 4, "a TensorFlow Lite flatbuffer"},
  };
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
    if (len >= kinds[i].off + kinds[i].len &&
        !memcmp(text + kinds[i].off, kinds[i].magic, kinds[i].len))
      return kinds[i].what;
  /* Binary formats nearly always have a NUL byte in their header; a
   * text file with one later gets the lexer's error at that byte. */
  const char *nl = memchr(text, '\n', len);
  return memchr(text, 0, nl ? (size_t)(nl - text) : len) ? "binary data" : NULL;
}
