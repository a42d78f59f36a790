/* runtime/mlir/write.c - prints a graph in the MLIR generic op form.
 * Values are numbered exactly as mlir-opt numbers them in generic form
 * (unique ids over the whole file, regions in mlir-opt's order), so a file
 * that mlir-opt printed reads and writes back byte for byte. Attributes
 * read from a file print their verbatim text; attributes built through the
 * API print in canonical MLIR syntax. */
#include <math.h>
#include <stdlib.h>
#include "ir/ir_internal.h"
#include "mlir/write_internal.h"

static uint32_t ptr_hash(const void *p) {
  uintptr_t x = (uintptr_t)p;
  x ^= x >> 17;
  x *= 0x9E3779B1u;
  return (uint32_t)(x ^ (x >> 15));
}

static bool map_grow(Writer *w) {
  uint32_t ncap = w->mask ? (w->mask + 1) * 2 : 1024;
  const RgValue **keys = rg_alloc(sizeof *keys * ncap);
  uint32_t *nums = rg_alloc(sizeof *nums * ncap);
  if (!keys || !nums) {
    rg_free(keys);
    rg_free(nums);
    w->oom = true;
    return false;
  }
  memset(keys, 0, sizeof *keys * ncap);
  for (uint32_t i = 0; w->keys && i <= w->mask; i++) {
    if (!w->keys[i])
      continue;
    uint32_t h = ptr_hash(w->keys[i]) & (ncap - 1);
    while (keys[h])
      h = (h + 1) & (ncap - 1);
    keys[h] = w->keys[i];
    nums[h] = w->nums[i];
  }
  rg_free(w->keys);
  rg_free(w->nums);
  w->keys = keys;
  w->nums = nums;
  w->mask = ncap - 1;
  return true;
}

static void map_put(Writer *w, const RgValue *v, uint32_t num) {
  if ((!w->keys || (w->used + 1) * 2 > w->mask + 1) && !map_grow(w))
    return;
  uint32_t h = ptr_hash(v) & w->mask;
  while (w->keys[h] && w->keys[h] != v)
    h = (h + 1) & w->mask;
  if (!w->keys[h])
    w->used++;
  w->keys[h] = v;
  w->nums[h] = num;
}

static bool map_get(const Writer *w, const RgValue *v, uint32_t *num) {
  if (!w->keys)
    return false;
  uint32_t h = ptr_hash(v) & w->mask;
  while (w->keys[h]) {
    if (w->keys[h] == v) {
      *num = w->nums[h];
      return true;
    }
    h = (h + 1) & w->mask;
  }
  return false;
}

/* ---- numbering (mlir-opt's SSANameState with unique ids) ---- */

typedef struct Numbering {
  uint32_t next_value, next_arg;
  const RgRegion **stack;
  uint32_t len, cap;
} Numbering;

static void number_block(Writer *w, Numbering *nb, const RgBlock *b, bool entry) {
  for (uint32_t i = 0; i < b->num_args; i++)
    map_put(w, b->args[i], entry ? (nb->next_arg++ | ARG_BIT) : nb->next_value++);
  for (const RgNode *n = b->first; n; n = n->next)
    if (n->num_results) {
      if (n->id < w->node_num_len)
        w->node_num[n->id] = nb->next_value;
      nb->next_value++;
    }
}

static void push_regions(Writer *w, Numbering *nb, const RgBlock *b) {
  for (const RgNode *n = b->first; n; n = n->next) {
    for (uint16_t r = 0; r < n->num_regions; r++) {
      if (nb->len == nb->cap) {
        uint32_t cap = nb->cap ? nb->cap * 2 : 64;
        const RgRegion **s = rg_realloc(nb->stack, sizeof *s * cap);
        if (!s) {
          w->oom = true;
          return;
        }
        nb->stack = s;
        nb->cap = cap;
      }
      nb->stack[nb->len++] = &n->regions[r];
    }
  }
}

static void number_values(Writer *w, RgGraph *g) {
  Numbering nb = {0};
  w->node_num_len = ir_next_node_id(g);
  w->node_num = rg_alloc(sizeof *w->node_num * (w->node_num_len ? w->node_num_len : 1));
  if (!w->node_num) {
    w->oom = true;
    return;
  }
  memset(w->node_num, 0xff, sizeof *w->node_num * w->node_num_len);
  const RgBlock *body = rg_graph_body(g);
  number_block(w, &nb, body, true);
  push_regions(w, &nb, body);
  while (nb.len && !w->oom) {
    const RgRegion *r = nb.stack[--nb.len];
    bool entry = true;
    for (const RgBlock *b = r->first; b; b = b->next, entry = false)
      number_block(w, &nb, b, entry);
    for (const RgBlock *b = r->first; b; b = b->next)
      push_regions(w, &nb, b);
  }
  rg_free(nb.stack);
}

/* ---- printing helpers ---- */

static void put_u32(Writer *w, uint32_t v) { rgs_buf_put_i64(&w->b, v); }

void mlir_w_indent(Writer *w, int n) {
  static const char spaces[] = "                                ";
  while (n > 0) {
    int k = n < 32 ? n : 32;
    put(w, spaces, (size_t)k);
    n -= k;
  }
}

void mlir_w_escaped(Writer *w, const char *s, size_t n) {
  static const char hex[] = "0123456789ABCDEF";
  putc_(w, '"');
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\\') {
      put(w, "\\\\", 2);
    } else if (c >= 0x20 && c < 0x7f && c != '"') {
      putc_(w, (char)c);
    } else {
      char e[3] = {'\\', hex[c >> 4], hex[c & 15]};
      put(w, e, 3);
    }
  }
  putc_(w, '"');
}

bool mlir_w_is_bare(const char *s) {
  if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
    return false;
  for (s++; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
          *s == '_' || *s == '$' || *s == '.'))
      return false;
  return true;
}

void mlir_w_type(Writer *w, const RgType *t) {
  if (t)
    put(w, t->text, t->text_len);
  else
    puts_(w, "none");
}

void mlir_w_value(Writer *w, const RgValue *v) {
  uint32_t num = UINT32_MAX;
  const RgNode *def = rg_value_def(v);
  if (def ? def->id >= w->node_num_len || (num = w->node_num[def->id]) == UINT32_MAX
          : !map_get(w, v, &num)) {
    puts_(w, "%<unknown>");
    return;
  }
  if (num & ARG_BIT) {
    puts_(w, "%arg");
    put_u32(w, num & ~ARG_BIT);
    return;
  }
  putc_(w, '%');
  put_u32(w, num);
  if (def && def->num_results > 1) {
    putc_(w, '#');
    put_u32(w, v->index);
  }
}

/* ---- aliases of affine maps and integer sets ----
 * As mlir-opt prints them: every map (set) an op's attributes hold gets
 * an alias #map, #map1, ... (#set, ...) in the order mlir-opt meets them,
 * defined before the ops. The reader resolves aliases, so the names a
 * file used do not matter. Maps inside other attributes' text stay
 * inline. */

static bool map_text(const RgAttr *a) {
  return a->kind == RG_ATTR_OPAQUE && a->text_len > 11 &&
         (!memcmp(a->text, "affine_map<", 11) || !memcmp(a->text, "affine_set<", 11));
}

static void put_map_alias(Writer *w, uint32_t i) {
  puts_(w, w->maps[i]->text[7] == 's' ? "#set" : "#map");
  if (w->map_names[i])
    put_u32(w, w->map_names[i]);
}

static uint32_t map_slot(const Writer *w, const RgAttr *a) {
  uint32_t h = rgs_hash_bytes(a->text, a->text_len) & w->map_mask;
  for (uint32_t i; (i = w->map_slots[h]) != 0; h = (h + 1) & w->map_mask) {
    const RgAttr *b = w->maps[i - 1];
    if (b == a || (b->text_len == a->text_len && !memcmp(b->text, a->text, a->text_len)))
      break;
  }
  return h;
}

static uint32_t map_find(const Writer *w, const RgAttr *a) {
  uint32_t i = w->map_slots[map_slot(w, a)];
  return i ? i - 1 : UINT32_MAX;
}

static void map_add(Writer *w, const RgAttr *a) {
  if (w->map_slots && map_find(w, a) != UINT32_MAX)
    return;
  if (w->num_maps == w->cap_maps) {
    uint32_t cap = w->cap_maps ? w->cap_maps * 2 : 16;
    const RgAttr **m = rg_realloc(w->maps, sizeof *m * cap);
    uint32_t *slots = rg_alloc(sizeof *slots * cap * 2);
    if (m)
      w->maps = m;
    if (!m || !slots) {
      rg_free(slots);
      w->oom = true;
      return;
    }
    memset(slots, 0, sizeof *slots * cap * 2);
    rg_free(w->map_slots);
    w->map_slots = slots;
    w->map_mask = cap * 2 - 1;
    w->cap_maps = cap;
    for (uint32_t i = 0; i < w->num_maps; i++)
      w->map_slots[map_slot(w, w->maps[i])] = i + 1;
  }
  w->maps[w->num_maps++] = a;
  w->map_slots[map_slot(w, a)] = w->num_maps;
}

static void collect_attr(Writer *w, const RgAttr *a) {
  if (!a)
    return;
  if (a->kind == RG_ATTR_ARRAY)
    for (uint32_t i = 0; i < a->count; i++)
      collect_attr(w, a->u.items[i]);
  else if (a->kind == RG_ATTR_DICT)
    for (uint32_t i = 0; i < a->count; i++)
      collect_attr(w, a->u.entries[i].value);
  else if (map_text(a))
    map_add(w, a);
}

/* In mlir-opt's order: an op's regions first, then all its attributes
 * (properties and discardable ones) by name. */
static void collect_block(Writer *w, const RgBlock *b) {
  for (const RgNode *n = b->first; n && !w->oom; n = n->next) {
    for (uint16_t r = 0; r < n->num_regions; r++)
      for (const RgBlock *rb = n->regions[r].first; rb; rb = rb->next)
        collect_block(w, rb);
    const char *prev = NULL;
    for (uint16_t k = 0; k < n->num_attrs; k++) {
      int next = -1;
      for (uint16_t i = 0; i < n->num_attrs; i++)
        if ((!prev || strcmp(n->attrs[i].name, prev) > 0) &&
            (next < 0 || strcmp(n->attrs[i].name, n->attrs[next].name) < 0))
          next = i;
      if (next < 0)
        break;
      prev = n->attrs[next].name;
      collect_attr(w, n->attrs[next].value);
    }
  }
}

/* Does the file text define `#name`? (a hand-written alias that is not a
 * map keeps its name) */
static bool text_defines(const char *text, const char *name, size_t len) {
  for (const char *l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL)
    if (l[0] == '#' && !strncmp(l + 1, name, len) && (l[1 + len] == ' ' || l[1 + len] == '='))
      return true;
  return false;
}

/* Names the maps and sets and prints their definitions. */
static void put_map_aliases(Writer *w, RgGraph *g) {
  collect_block(w, rg_graph_body(g));
  if (!w->num_maps || w->oom)
    return;
  w->map_names = rg_alloc(sizeof *w->map_names * w->num_maps);
  if (!w->map_names) {
    w->oom = true;
    return;
  }
  const char *pro = rg_graph_prologue(g), *epi = rg_graph_epilogue(g);
  for (int set = 0; set < 2; set++) {
    uint32_t k = 0;
    for (uint32_t i = 0; i < w->num_maps; i++) {
      if ((w->maps[i]->text[7] == 's') != set)
        continue;
      char name[24];
      for (;; k++) {
        int n = snprintf(name, sizeof name, k ? "%s%u" : "%s", set ? "set" : "map", k);
        if (!(pro && text_defines(pro, name, (size_t)n)) && !(epi && text_defines(epi, name, (size_t)n)))
          break;
      }
      w->map_names[i] = k++;
      put_map_alias(w, i);
      put(w, " = ", 3);
      put(w, w->maps[i]->text, w->maps[i]->text_len);
      putc_(w, '\n');
    }
  }
}

/* Half-precision bits of a double (round to nearest even). */
static uint16_t double_to_half(double d) {
  float f = (float)d;
  uint32_t x;
  memcpy(&x, &f, sizeof x);
  uint32_t sign = (x >> 16) & 0x8000u;
  int32_t exp = (int32_t)((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffffu;
  if (((x >> 23) & 0xff) == 0xff)
    return (uint16_t)(sign | 0x7c00u | (mant ? 0x200u : 0));
  if (exp >= 31)
    return (uint16_t)(sign | 0x7c00u);
  if (exp <= 0)
    return (uint16_t)sign; /* tiny values flush to zero */
  uint32_t h = sign | ((uint32_t)exp << 10) | (mant >> 13);
  uint32_t rest = mant & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1)))
    h++;
  return (uint16_t)h;
}

/* A float literal MLIR accepts for the given type: decimal with a '.', or
 * the bit pattern in hex for infinities and NaNs. */
static void put_float(Writer *w, double v, const RgType *t) {
  RgDType dt = t ? t->dtype : RG_DT_F64;
  char buf[48];
  if (isnan(v) || isinf(v)) {
    switch (dt) {
    case RG_DT_F32: case RG_DT_BF16: {
      float f = (float)v;
      uint32_t bits;
      memcpy(&bits, &f, sizeof bits);
      if (isnan(v))
        bits = 0x7fc00000u;
      if (dt == RG_DT_BF16)
        snprintf(buf, sizeof buf, "0x%04X", (unsigned)(bits >> 16));
      else
        snprintf(buf, sizeof buf, "0x%08X", (unsigned)bits);
      break;
    }
    case RG_DT_F16:
      snprintf(buf, sizeof buf, "0x%04X", (unsigned)double_to_half(v));
      break;
    default: {
      uint64_t bits;
      if (isnan(v))
        bits = 0x7ff8000000000000ull;
      else
        memcpy(&bits, &v, sizeof bits);
      snprintf(buf, sizeof buf, "0x%016llX", (unsigned long long)bits);
      break;
    }
    }
    puts_(w, buf);
    return;
  }
  snprintf(buf, sizeof buf, dt == RG_DT_F64 || dt == RG_DT_NONE ? "%.17g" : "%.9g", v);
  char *e = strchr(buf, 'e');
  if (!strchr(buf, '.')) {
    if (e) {
      put(w, buf, (size_t)(e - buf));
      puts_(w, ".0");
      puts_(w, e);
      return;
    }
    puts_(w, buf);
    puts_(w, ".0");
    return;
  }
  puts_(w, buf);
}

static void put_int_elem(Writer *w, int64_t v, RgDType dt) {
  if (dt == RG_DT_I1)
    puts_(w, v ? "true" : "false");
  else if (rg_dtype_is_unsigned(dt) && v < 0) {
    char buf[24];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)(uint64_t)v);
    puts_(w, buf);
  } else
    rgs_buf_put_i64(&w->b, v);
}

void mlir_w_result_types(Writer *w, const RgNode *n) {
  bool paren = n->num_results != 1 || (n->results[0].type && n->results[0].type->text[0] == '(');
  if (paren)
    putc_(w, '(');
  for (uint32_t i = 0; i < n->num_results; i++) {
    if (i)
      put(w, ", ", 2);
    mlir_w_type(w, n->results[i].type);
  }
  if (paren)
    putc_(w, ')');
}

void mlir_w_dict_entries(Writer *w, const RgNamedAttr *e, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    if (i)
      put(w, ", ", 2);
    if (mlir_w_is_bare(e[i].name))
      puts_(w, e[i].name);
    else
      mlir_w_escaped(w, e[i].name, strlen(e[i].name));
    if (e[i].value && e[i].value->kind != RG_ATTR_UNIT) {
      put(w, " = ", 3);
      mlir_w_attr(w, e[i].value);
    }
  }
}

/* Properties; a string one that the op's dialect lists as an enum is
 * written as that enum attribute (MLIR reads no string there). */
static void put_props(Writer *w, const RgNode *n, const char *name) {
  const MlirSynEnt *s = mlir_syntax_find(&w->syn, name, strlen(name));
  for (uint32_t i = 0; i < n->num_props; i++) {
    const char *v;
    size_t len;
    if (i)
      put(w, ", ", 2);
    if (s && s->d && mlir_enum_string(s->d, &n->attrs[i], &v, &len)) {
      puts_(w, n->attrs[i].name);
      put(w, " = #", 4);
      puts_(w, s->d->name);
      putc_(w, '.');
      puts_(w, mlir_enum_attr(s->d, n->attrs[i].name));
      putc_(w, '<');
      put(w, v, len);
      putc_(w, '>');
    } else {
      mlir_w_dict_entries(w, &n->attrs[i], 1);
    }
  }
}

/* Nested `[...]` of a dense literal following the tensor's shape. */
static void put_dense_dims(Writer *w, const RgAttr *a, int32_t dim, uint64_t *k) {
  const RgType *t = a->type;
  bool is_float = rg_dtype_is_float(t->dtype);
  if (dim == t->rank) {
    if (is_float)
      put_float(w, ((const double *)a->decoded)[*k], t->elem);
    else
      put_int_elem(w, ir_dense_int(a, (uint32_t)*k), t->dtype);
    (*k)++;
    return;
  }
  putc_(w, '[');
  for (int64_t i = 0; i < t->dims[dim]; i++) {
    if (i)
      put(w, ", ", 2);
    put_dense_dims(w, a, dim + 1, k);
  }
  putc_(w, ']');
}

void mlir_w_attr(Writer *w, const RgAttr *a) {
  if (!a) {
    puts_(w, "unit");
    return;
  }
  if (a->text) {
    uint32_t i;
    if (w->num_maps && map_text(a) && (i = map_find(w, a)) != UINT32_MAX)
      put_map_alias(w, i);
    else
      put(w, a->text, a->text_len);
    return;
  }
  switch (a->kind) {
  case RG_ATTR_UNIT: puts_(w, "unit"); return;
  case RG_ATTR_BOOL: puts_(w, a->u.b ? "true" : "false"); return;
  case RG_ATTR_INT:
    put_int_elem(w, a->u.i, a->type && a->type->dtype != RG_DT_I1 ? a->type->dtype : RG_DT_I64);
    if (a->type) {
      put(w, " : ", 3);
      mlir_w_type(w, a->type);
    }
    return;
  case RG_ATTR_FLOAT:
    put_float(w, a->u.f, a->type);
    if (a->type) {
      put(w, " : ", 3);
      mlir_w_type(w, a->type);
    }
    return;
  case RG_ATTR_STRING: mlir_w_escaped(w, a->u.str.data, a->u.str.len); return;
  case RG_ATTR_TYPE: mlir_w_type(w, a->type); return;
  case RG_ATTR_DENSE_ARRAY: {
    puts_(w, "array<");
    mlir_w_type(w, a->type);
    bool is_float = a->type && rg_dtype_is_float(a->type->dtype);
    for (uint32_t i = 0; i < a->count; i++) {
      put(w, i ? ", " : ": ", 2);
      if (is_float)
        put_float(w, a->u.floats[i], a->type);
      else
        put_int_elem(w, a->u.ints[i], a->type ? a->type->dtype : RG_DT_I64);
    }
    putc_(w, '>');
    return;
  }
  case RG_ATTR_DENSE: {
    puts_(w, "dense<");
    const RgType *t = a->type;
    int64_t numel = rg_type_numel(t);
    if (a->decode_state == 1 && a->decoded && t->kind == RG_TYPE_TENSOR) {
      if (a->count == 1 && numel != 0) {
        if (rg_dtype_is_float(t->dtype))
          put_float(w, ((const double *)a->decoded)[0], t->elem);
        else
          put_int_elem(w, ir_dense_int(a, 0), t->dtype);
      } else if (numel > 0) {
        uint64_t k = 0;
        put_dense_dims(w, a, 0, &k);
      }
    }
    put(w, "> : ", 4);
    mlir_w_type(w, t);
    return;
  }
  case RG_ATTR_ARRAY:
    putc_(w, '[');
    for (uint32_t i = 0; i < a->count; i++) {
      if (i)
        put(w, ", ", 2);
      mlir_w_attr(w, a->u.items[i]);
    }
    putc_(w, ']');
    return;
  case RG_ATTR_DICT:
    putc_(w, '{');
    mlir_w_dict_entries(w, a->u.entries, a->count);
    putc_(w, '}');
    return;
  case RG_ATTR_OPAQUE: puts_(w, "unit"); return; /* always has text */
  }
}

static void put_node(Writer *w, const RgNode *n, int ind, const RgGraph *g);

/* A region's blocks; the entry block gets a label when it has arguments
 * or no ops, unless its op prints the arguments itself (custom form). */
static void put_blocks(Writer *w, const RgRegion *r, int ind, const RgGraph *g, bool entry_label) {
  uint32_t bi = 0;
  for (const RgBlock *b = r->first; b; b = b->next, bi++) {
    if (bi > 0 || (entry_label && (b->num_args > 0 || !b->first))) {
      mlir_w_indent(w, ind);
      puts_(w, "^bb");
      put_u32(w, bi);
      if (b->num_args) {
        putc_(w, '(');
        for (uint32_t i = 0; i < b->num_args; i++) {
          if (i)
            put(w, ", ", 2);
          mlir_w_value(w, b->args[i]);
          put(w, ": ", 2);
          mlir_w_type(w, b->args[i]->type);
          if (b->arg_locs && b->arg_locs[i]) {
            putc_(w, ' ');
            puts_(w, b->arg_locs[i]);
          }
        }
        putc_(w, ')');
      }
      putc_(w, ':');
      if (bi > 0)
        puts_(w, "  // no predecessors");
      putc_(w, '\n');
    }
    for (const RgNode *n = b->first; n; n = n->next)
      put_node(w, n, ind + 2, g);
  }
}

void mlir_w_region(Writer *w, const RgRegion *r, int ind, const RgGraph *g) {
  putc_(w, '{');
  putc_(w, '\n');
  put_blocks(w, r, ind, g, true);
  mlir_w_indent(w, ind);
  putc_(w, '}');
}

void mlir_w_body(Writer *w, const RgRegion *r, int ind, const RgGraph *g) {
  put_blocks(w, r, ind, g, false);
}

static void put_results(Writer *w, const RgNode *n) {
  if (n->num_results) {
    mlir_w_value(w, &n->results[0]);
    if (n->num_results > 1) {
      /* mlir_w_value printed `%N#0`: drop the index, add the count */
      while (w->b.len && w->b.data[w->b.len - 1] != '#')
        w->b.len--;
      if (w->b.len)
        w->b.len--;
      putc_(w, ':');
      put_u32(w, n->num_results);
    }
    put(w, " = ", 3);
  }
}

/* A streamed output keeps at most about this much text in memory. */
#define FLUSH_BYTES (1u << 20)

static void put_node(Writer *w, const RgNode *n, int ind, const RgGraph *g) {
  if (w->out && w->b.len >= FLUSH_BYTES && !w->b.oom) {
    rgs_file_out_write(w->out, w->b.data, w->b.len);
    w->b.len = 0;
  }
  mlir_w_indent(w, ind);
  put_results(w, n);
  if (w->custom_node && w->custom_node(w, n, ind, g))
    return;
  const char *name = rg_op_name(g, n->op);
  mlir_w_escaped(w, name, strlen(name));
  putc_(w, '(');
  for (uint32_t i = 0; i < n->num_operands; i++) {
    if (i)
      put(w, ", ", 2);
    mlir_w_value(w, n->operands[i].value);
  }
  putc_(w, ')');
  if (n->num_props) {
    put(w, " <{", 3);
    put_props(w, n, name);
    put(w, "}>", 2);
  }
  if (n->num_regions) {
    put(w, " (", 2);
    for (uint16_t r = 0; r < n->num_regions; r++) {
      if (r)
        put(w, ", ", 2);
      mlir_w_region(w, &n->regions[r], ind, g);
    }
    putc_(w, ')');
  }
  if (n->num_attrs > n->num_props) {
    put(w, " {", 2);
    mlir_w_dict_entries(w, n->attrs + n->num_props, (uint32_t)(n->num_attrs - n->num_props));
    putc_(w, '}');
  }
  put(w, " : (", 4);
  for (uint32_t i = 0; i < n->num_operands; i++) {
    if (i)
      put(w, ", ", 2);
    mlir_w_type(w, n->operands[i].value ? n->operands[i].value->type : NULL);
  }
  put(w, ") -> ", 5);
  mlir_w_result_types(w, n);
  if (n->loc) {
    putc_(w, ' ');
    puts_(w, n->loc);
  }
  putc_(w, '\n');
}

/* Prints the whole graph into w->b (flushed into w->out when streaming).
 * False when out of memory. */
bool mlir_w_graph(Writer *w, RgGraph *g) {
  number_values(w, g);
  rgs_buf_reserve(&w->b, w->out ? FLUSH_BYTES + 4096 : 4096);
  put_map_aliases(w, g);
  const char *pro = rg_graph_prologue(g), *epi = rg_graph_epilogue(g);
  if (pro) {
    puts_(w, pro);
    putc_(w, '\n');
  }
  for (const RgNode *n = rg_graph_body(g)->first; n && !w->oom && !w->b.oom; n = n->next)
    put_node(w, n, 0, g);
  if (epi) {
    puts_(w, epi);
    putc_(w, '\n');
  }
  putc_(w, '\n'); /* mlir-opt ends its output with an empty line */
  rg_free(w->keys);
  rg_free(w->nums);
  rg_free(w->node_num);
  rg_free(w->maps);
  rg_free(w->map_names);
  rg_free(w->map_slots);
  mlir_syntax_free(&w->syn);
  return !w->oom && !w->b.oom;
}
