/* tests/unit/test_mlir.c - the MLIR reader's graph and attribute kinds,
 * the writer's canonical syntax for attributes built through the API, and
 * reading/writing under injected allocation failures. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "rulegen/dialects.h"
#include "rulegen/mlir.h"
#include "check.h"
#include "failing_alloc.h"

static RgGraph *read_str(const char *text, RgDiags *d) {
  RgSource *src = rg_source_from_mem("t.mlir", text, strlen(text));
  RgGraph *g = rg_mlir_read(src, d);
  rg_source_free(src);
  return g;
}

static const char *sample =
    "#loc1 = loc(\"a.py\":1:2)\n"
    "\"builtin.module\"() ({\n"
    "  \"func.func\"() <{function_type = (tensor<2x?xf32>) -> tensor<2x?xf32>, sym_name = \"f\"}> ({\n"
    "  ^bb0(%arg0: tensor<2x?xf32> loc(#loc1)):\n"
    "    %0:2 = \"acme.two\"(%arg0) <{i = -3 : i8, f = 1.5 : f32, s = \"a\\0Ab\", d = array<i32: 4, 5>,\n"
    "      c = dense<[1, 2, 3]> : tensor<3xi32>, z = dense<0.0> : tensor<4x4xf32>, o = #acme.x<1>,\n"
    "      t = i32, a = [1, \"x\"], m = {k = true}, u}> {rg.frozen} : (tensor<2x?xf32>) -> (i32, tensor<2x?xf32>) loc(#loc1)\n"
    "    \"func.return\"(%0#1) : (tensor<2x?xf32>) -> ()\n"
    "  }) : () -> ()\n"
    "}) : () -> ()\n";

static void test_read_structure(void) {
  RgDiags d;
  rg_diags_init(&d);
  RgGraph *g = read_str(sample, &d);
  CHECK(g != NULL);
  if (!g) {
    rg_diags_print(stdout, &d);
    rg_diags_free(&d);
    return;
  }
  char msg[256];
  CHECK(rg_graph_verify(g, msg, sizeof msg) == RG_OK);
  CHECK(rg_graph_num_nodes(g) == 4);
  RgOpId two = rg_op_find(g, "acme.two", 8);
  CHECK(rg_op_total(g, two) == 1);
  CHECK(rg_op_count(g, two) == 0); /* frozen */
  RgNode *n = rg_op_first(g, two);
  CHECK(n && n->num_results == 2 && n->num_props == 11 && n->num_attrs == 12);
  CHECK(n->loc && strcmp(n->loc, "loc(#loc1)") == 0);
  const RgAttr *a = rg_node_attr(n, "i");
  CHECK(a && a->kind == RG_ATTR_INT && a->u.i == -3 && strcmp(a->type->text, "i8") == 0);
  CHECK(a && a->text && strcmp(a->text, "-3 : i8") == 0);
  a = rg_node_attr(n, "f");
  CHECK(a && a->kind == RG_ATTR_FLOAT && a->u.f == 1.5);
  a = rg_node_attr(n, "s");
  CHECK(a && a->kind == RG_ATTR_STRING && a->u.str.len == 3 && memcmp(a->u.str.data, "a\nb", 3) == 0);
  CHECK(a && strcmp(a->text, "\"a\\0Ab\"") == 0);
  a = rg_node_attr(n, "d");
  CHECK(a && a->kind == RG_ATTR_DENSE_ARRAY && a->count == 2 && a->u.ints[1] == 5);
  a = rg_node_attr(n, "c");
  const int64_t *iv;
  uint32_t cnt;
  CHECK(a && a->kind == RG_ATTR_DENSE && !a->splat && a->count == 3);
  CHECK(a && rg_attr_dense_get_ints(g, a, &iv, &cnt) && cnt == 3 && iv[2] == 3);
  a = rg_node_attr(n, "z");
  CHECK(a && a->kind == RG_ATTR_DENSE && a->splat && a->type->rank == 2);
  a = rg_node_attr(n, "o");
  CHECK(a && a->kind == RG_ATTR_OPAQUE && strcmp(a->text, "#acme.x<1>") == 0);
  a = rg_node_attr(n, "t");
  CHECK(a && a->kind == RG_ATTR_TYPE && a->type->kind == RG_TYPE_SCALAR);
  a = rg_node_attr(n, "a");
  CHECK(a && a->kind == RG_ATTR_ARRAY && a->count == 2 && a->u.items[1]->kind == RG_ATTR_STRING);
  a = rg_node_attr(n, "m");
  CHECK(a && a->kind == RG_ATTR_DICT && a->count == 1 && a->u.entries[0].value->kind == RG_ATTR_BOOL);
  a = rg_node_attr(n, "u");
  CHECK(a && a->kind == RG_ATTR_UNIT);
  /* operand of the op is the function's block argument */
  RgValue *arg = n->operands[0].value;
  CHECK(arg->flags & RG_VALUE_BLOCK_ARG);
  CHECK(arg->type->kind == RG_TYPE_TENSOR && arg->type->dims[1] == RG_DIM_DYNAMIC);
  CHECK(arg->owner.block->arg_locs[0] && strcmp(arg->owner.block->arg_locs[0], "loc(#loc1)") == 0);
  CHECK(n->results[1].num_uses == 1 && n->results[0].num_uses == 0);
  CHECK(rg_graph_prologue(g) && strcmp(rg_graph_prologue(g), "#loc1 = loc(\"a.py\":1:2)") == 0);
  /* writing reproduces the input up to mlir-opt's layout */
  size_t len;
  char *out = rg_mlir_write(g, &len);
  CHECK(out && strstr(out, "%0:2 = \"acme.two\"(%arg0)") && strstr(out, "\"func.return\"(%0#1)"));
  CHECK(out && strstr(out, "s = \"a\\0Ab\"") && strstr(out, "{rg.frozen}"));
  rg_free(out);
  rg_graph_free(g);
  rg_diags_free(&d);
}

static void test_read_error(void) {
  RgDiags d;
  rg_diags_init(&d);
  RgGraph *g = read_str("\"a.b\"(%x) : (i32) -> ()\n", &d);
  CHECK(g == NULL);
  CHECK(d.errors == 1 && d.count == 1);
  CHECK(d.count && strcmp(d.items[0].msg, "use of undefined value '%x'") == 0);
  CHECK(d.count && d.items[0].loc.off == 6);
  rg_diags_free(&d);
}

/* A dialect of the test's own, registered as any target registers one:
 * without it its custom form is a located error, with it the custom form
 * reads into the graph of the generic form and prints back. */
static const RgOpSyntax acme_ops[] = {{"acme.ret", RG_OP_FORM_TERMINATOR, 0}};
static const RgPropDefault acme_defaults[] = {{"acme.clip", "mode", "#acme.mode<SAT>"}};
static const RgDialectSyntax acme_syntax = {
    .name = "acme", .default_form = RG_OP_FORM_FUNCTIONAL, .ops = acme_ops, .num_ops = 1,
    .defaults = acme_defaults, .num_defaults = 1, .bare_enums = true};
static const RgDialectSyntax *const acme_dialects[] = {&acme_syntax, NULL};

static void test_dialect_syntax(void) {
  const char *pretty = "func.func @f(%a: i32) -> i32 {\n"
                       "  %0 = acme.clip %a {k = 2 : i32, round = EVEN} : (i32) -> i32\n"
                       "  return %0 : i32\n"
                       "}\n";
  RgDiags d;
  rg_diags_init(&d);
  RgGraph *g = read_str(pretty, &d);
  CHECK(g == NULL && d.count == 1);
  CHECK(d.count && strstr(d.items[0].msg, "custom assembly of 'acme.clip' is not read") != NULL);
  CHECK(d.count && d.items[0].loc.off == (uint32_t)(strstr(pretty, "acme") - pretty));
  rg_diags_free(&d);

  rg_diags_init(&d);
  RgSource *src = rg_source_from_mem("t.mlir", pretty, strlen(pretty));
  g = rg_mlir_read_with(src, &d, acme_dialects);
  rg_source_free(src);
  CHECK(g != NULL);
  char *gen = g ? rg_mlir_write(g, NULL) : NULL;
  CHECK(gen && strstr(gen, "\"acme.clip\"(%arg0) <{k = 2 : i32, mode = #acme.mode<SAT>, "
                           "round = #acme.round<EVEN>}>") != NULL);
  char *back = g ? rg_mlir_write_with(g, RG_MLIR_PRETTY, acme_dialects, NULL) : NULL;
  CHECK(back && strstr(back, "acme.clip %arg0 {k = 2 : i32, round = EVEN} : (i32) -> i32") != NULL);
  /* without the dialect, the writer keeps it generic */
  char *plain = g ? rg_mlir_write_as(g, RG_MLIR_PRETTY, NULL) : NULL;
  CHECK(plain && strstr(plain, "\"acme.clip\"(%arg0)") != NULL && strstr(plain, "func.func @f") != NULL);
  rg_free(gen);
  rg_free(back);
  rg_free(plain);
  rg_graph_free(g);
  rg_diags_free(&d);
}

/* A form read in code (RgOpParser) and a normalizer, as a user's dialect
 * writes them: `acme.pick %t at [2, %i] : t` is "acme.pick"(%t, %i) with
 * the static entries as a property; a normalizer gives acme.pick a
 * default `mode` in both forms. */
static bool parse_pick(RgOpReader *r) {
  int64_t v[8];
  uint32_t n = 0;
  if (!rg_op_reader_operand(r) || !rg_op_reader_expect(r, "at") || !rg_op_reader_expect(r, "["))
    return false;
  while (!rg_op_reader_accept(r, "]")) {
    if (n == 8 || (n && !rg_op_reader_expect(r, ",")))
      return rg_op_reader_error(r, "too many indices");
    if (rg_op_reader_at(r, "%")) {
      if (!rg_op_reader_operand(r))
        return false;
      v[n++] = -1;
    } else if (!rg_op_reader_int(r, &v[n++])) {
      return false;
    }
  }
  RgGraph *g = rg_op_reader_graph(r);
  if (!rg_op_reader_add_prop(r, "pos", rg_attr_dense_array_ints(g, RG_DT_I64, n, v)) ||
      !rg_op_reader_attr_dict(r) || !rg_op_reader_expect(r, ":"))
    return false;
  const RgType *t = rg_op_reader_type(r);
  return t && rg_op_reader_operand_type(r, 0, t) && rg_op_reader_result(r, t->elem);
}

static bool normalize_pick(RgOpReader *r) {
  if (rg_op_reader_get(r, "mode"))
    return true;
  RgGraph *g = rg_op_reader_graph(r);
  return rg_op_reader_add_prop(r, "mode", rg_attr_string(g, "clamp", 5));
}

static const RgOpParser pick_parsers[] = {{"acme.pick", parse_pick}};
static const RgOpParser pick_normalizers[] = {{"acme.pick", normalize_pick}};
static const RgDialectSyntax pick_syntax = {
    .name = "acme", .default_form = RG_OP_FORM_NONE, .parsers = pick_parsers, .num_parsers = 1,
    .normalizers = pick_normalizers, .num_normalizers = 1};
static const RgDialectSyntax *const pick_dialects[] = {&pick_syntax, NULL};

static RgGraph *read_with(const char *text, RgDiags *d, const RgDialectSyntax *const *dialects) {
  RgSource *src = rg_source_from_mem("t.mlir", text, strlen(text));
  RgGraph *g = rg_mlir_read_with(src, d, dialects);
  rg_source_free(src);
  return g;
}

static void test_op_parser(void) {
  const char *pretty = "func.func @f(%t: tensor<4x4xf32>, %i: index) -> f32 {\n"
                       "  %0 = acme.pick %t at [2, %i] {acme.tag} : tensor<4x4xf32>\n"
                       "  return %0 : f32\n"
                       "}\n";
  const char *generic = "\"func.func\"() <{function_type = (tensor<4x4xf32>, index) -> f32, sym_name = \"f\"}> ({\n"
                        "^bb0(%arg0: tensor<4x4xf32>, %arg1: index):\n"
                        "  %0 = \"acme.pick\"(%arg0, %arg1) <{pos = array<i64: 2, -1>}> {acme.tag} : (tensor<4x4xf32>, index) -> f32\n"
                        "  \"func.return\"(%0) : (f32) -> ()\n"
                        "}) : () -> ()\n";
  const char *want = "%0 = \"acme.pick\"(%arg0, %arg1) <{mode = \"clamp\", pos = array<i64: 2, -1>}> "
                     "{acme.tag} : (tensor<4x4xf32>, index) -> f32";
  RgDiags d;
  rg_diags_init(&d);
  RgGraph *g = read_with(pretty, &d, pick_dialects);
  RgGraph *h = read_with(generic, &d, pick_dialects);
  CHECK(g != NULL && h != NULL && d.count == 0);
  char *a = g ? rg_mlir_write(g, NULL) : NULL;
  char *b = h ? rg_mlir_write(h, NULL) : NULL;
  CHECK(a && strstr(a, want) != NULL);
  CHECK(a && b && strcmp(a, b) == 0);
  rg_free(a);
  rg_free(b);
  rg_graph_free(g);
  rg_graph_free(h);
  /* a malformed form: one located error */
  const char *bad = "func.func @f(%t: tensor<4x4xf32>) {\n  %0 = acme.pick %t at [2 : tensor<4x4xf32>\n}\n";
  g = read_with(bad, &d, pick_dialects);
  CHECK(g == NULL && d.count == 1);
  CHECK(d.count && strcmp(d.items[0].msg, "expected ',', found ':'") == 0);
  CHECK(d.count && d.items[0].loc.off == (uint32_t)(strstr(bad, "2 :") + 2 - bad));
  rg_diags_free(&d);
}

/* Attributes built through the API have no text: the writer must print
 * valid MLIR for them, and the result must read back and print the same. */
static void test_write_api_attrs(void) {
  RgGraph *g = rg_graph_new();
  const RgType *f32 = rg_type_scalar(g, RG_DT_F32);
  const RgType *i32 = rg_type_scalar(g, RG_DT_I32);
  int64_t dims[2] = {2, 2};
  const RgType *t22 = rg_type_tensor(g, RG_DT_I32, 2, dims);
  const RgType *f4 = rg_type_tensor(g, RG_DT_F32, 1, (int64_t[]){4});
  RgNode *n = rg_node_create(g, &(RgNodeDesc){.op = rg_op_intern(g, "acme.api", 8),
                                     .num_results = 1, .result_types = &f32});
  int64_t v4[4] = {1, 2, 3, 4};
  double fl[1] = {0.5};
  const RgAttr *items[2] = {rg_attr_int(g, 7, NULL), rg_attr_string(g, "q\"\\", 3)};
  RgNamedAttr entries[2] = {{"flag", rg_attr_unit(g)}, {"w e", rg_attr_bool(g, false)}};
  rg_node_set_prop(g, n, "one", rg_attr_float(g, 1.0, f32));
  rg_node_set_prop(g, n, "big", rg_attr_float(g, 1e20, NULL));
  rg_node_set_prop(g, n, "inf", rg_attr_float(g, INFINITY, f32));
  rg_node_set_prop(g, n, "nan", rg_attr_float(g, NAN, NULL));
  rg_node_set_prop(g, n, "i", rg_attr_int(g, -9, i32));
  rg_node_set_prop(g, n, "s", rg_attr_string(g, "tab\tend", 7));
  rg_node_set_prop(g, n, "d", rg_attr_dense_ints(g, t22, 4, v4));
  rg_node_set_prop(g, n, "sp", rg_attr_dense_floats(g, f4, 1, fl));
  rg_node_set_prop(g, n, "da", rg_attr_dense_array_ints(g, RG_DT_I64, 3, v4));
  rg_node_set_prop(g, n, "arr", rg_attr_array(g, 2, items));
  rg_node_set_prop(g, n, "dict", rg_attr_dict(g, 2, entries));
  rg_node_set_attr(g, n, "ty", rg_attr_type(g, t22));
  rg_block_append(g, rg_graph_body(g), n);
  size_t len;
  char *out = rg_mlir_write(g, &len);
  CHECK(out != NULL);
  if (!out) {
    rg_graph_free(g);
    return;
  }
  CHECK(strstr(out, "one = 1.0 : f32") != NULL);
  CHECK(strstr(out, "big = 1.0e+20") != NULL);
  CHECK(strstr(out, "inf = 0x7F800000 : f32") != NULL);
  CHECK(strstr(out, "nan = 0x7FF8000000000000") != NULL);
  CHECK(strstr(out, "i = -9 : i32") != NULL);
  CHECK(strstr(out, "s = \"tab\\09end\"") != NULL);
  CHECK(strstr(out, "d = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>") != NULL);
  CHECK(strstr(out, "sp = dense<0.5> : tensor<4xf32>") != NULL);
  CHECK(strstr(out, "da = array<i64: 1, 2, 3>") != NULL);
  CHECK(strstr(out, "arr = [7, \"q\\22\\\\\"]") != NULL);
  CHECK(strstr(out, "dict = {flag, \"w e\" = false}") != NULL);
  CHECK(strstr(out, "{ty = tensor<2x2xi32>}") != NULL);
  RgDiags d;
  rg_diags_init(&d);
  RgGraph *g2 = read_str(out, &d);
  CHECK(g2 != NULL);
  if (g2) {
    char *out2 = rg_mlir_write(g2, &len);
    CHECK(out2 && strcmp(out, out2) == 0);
    const RgAttr *a = rg_node_attr(rg_graph_body(g2)->first, "inf");
    CHECK(a && a->kind == RG_ATTR_FLOAT && isinf(a->u.f));
    rg_free(out2);
    rg_graph_free(g2);
  } else {
    rg_diags_print(stdout, &d);
  }
  rg_diags_free(&d);
  rg_free(out);
  rg_graph_free(g);
}

/* ---- allocation failure injection ---- */


static void test_alloc_failures(void) {
  RgSource *src = rg_source_from_mem("t.mlir", sample, strlen(sample));
  int ok_runs = 0, failed_runs = 0;
  for (long k = 0; k < 400; k++) {
    RgDiags d;
    rg_diags_init(&d);
    rg_set_allocator(failing_alloc, NULL);
    alloc_budget = k;
    RgGraph *g = rg_mlir_read(src, &d);
    char *out = g ? rg_mlir_write(g, NULL) : NULL;
    alloc_budget = -1;
    rg_set_allocator(NULL, NULL);
    if (g && out)
      ok_runs++;
    else
      failed_runs++;
    rg_free(out);
    rg_graph_free(g);
    rg_diags_free(&d);
  }
  CHECK(failed_runs > 0 && ok_runs > 0); /* both paths exercised, no crash or leak */
  rg_source_free(src);
  /* custom forms read in code: nested parses, rebuilt regions, map aliases */
  static const char linalg[] =
      "#id = affine_map<(d0) -> (d0)>\n"
      "func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {\n"
      "  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>\n"
      "  %e = tensor.empty() : tensor<4xf32>\n"
      "  %s = tensor.extract %0[%i, %i] : tensor<4x4xf32>\n"
      "  return %0 : tensor<4x4xf32>\n"
      "}\n";
  static const char generic_op[] =
      "  %1 = linalg.generic {indexing_maps = [#id], iterator_types = [\"parallel\"]} outs(%e : tensor<4xf32>) {\n"
      "  ^bb0(%o: f32):\n"
      "    %m = arith.mulf %o, %o : f32\n"
      "    linalg.yield %m : f32\n"
      "  } -> tensor<4xf32>\n";
  char text[2048];
  const char *cut = strstr(linalg, "  %s = ");
  snprintf(text, sizeof text, "%.*s%s  return %%0 : tensor<4x4xf32>\n}\n", (int)(cut - linalg), linalg,
           generic_op);
  src = rg_source_from_mem("t.mlir", text, strlen(text));
  ok_runs = failed_runs = 0;
  for (long k = 0; k < 600; k++) {
    RgDiags d;
    rg_diags_init(&d);
    rg_set_allocator(failing_alloc, NULL);
    alloc_budget = k;
    RgGraph *g = rg_mlir_read_with(src, &d, rg_syntax_shipped);
    char *out = g ? rg_mlir_write(g, NULL) : NULL;
    alloc_budget = -1;
    rg_set_allocator(NULL, NULL);
    if (g && out)
      ok_runs++;
    else
      failed_runs++;
    CHECK(g || d.errors == 1);
    rg_free(out);
    rg_graph_free(g);
    rg_diags_free(&d);
  }
  CHECK(failed_runs > 0 && ok_runs > 0);
  rg_source_free(src);
}

/* Attributes spelled alike are one attribute, ops with equal attribute
 * arrays share the array, and changing one op's attribute leaves the
 * other's alone. */
static void test_shared_attrs(void) {
  static const char *text =
      "\"builtin.module\"() ({\n"
      "  %0 = \"acme.c\"() <{v = dense<[1, 2]> : tensor<2xi32>, k = 4 : i32}> : () -> tensor<2xi32>\n"
      "  %1 = \"acme.c\"() <{v = dense<[1, 2]> : tensor<2xi32>, k = 4 : i32}> : () -> tensor<2xi32>\n"
      "  %2 = \"acme.c\"() <{v = dense<[1, 2]> : tensor<2xi32>, k = 5 : i32}> : () -> tensor<2xi32>\n"
      "}) : () -> ()\n";
  RgDiags d;
  rg_diags_init(&d);
  RgGraph *g = read_str(text, &d);
  CHECK(g != NULL);
  if (!g) {
    rg_diags_free(&d);
    return;
  }
  RgNode *a = rg_op_first(g, rg_op_find(g, "acme.c", 6));
  RgNode *b = a ? a->op_next : NULL, *c = b ? b->op_next : NULL;
  CHECK(a && b && c);
  if (a && b && c) {
    CHECK(a->attrs == b->attrs);
    CHECK(c->attrs != a->attrs);
    CHECK(rg_node_attr(a, "v") == rg_node_attr(c, "v"));
    CHECK(rg_node_attr(a, "k") != rg_node_attr(c, "k"));
    CHECK(rg_node_set_prop(g, a, "k", rg_node_attr(c, "k")) == RG_OK);
    CHECK(rg_node_attr(a, "k") == rg_node_attr(c, "k"));
    CHECK(rg_node_attr(b, "k")->u.i == 4);
    CHECK(rg_node_set_prop(g, b, "v", NULL) == RG_OK);
    CHECK(b->num_attrs == 1 && rg_node_attr(b, "v") == NULL && rg_node_attr(c, "v") != NULL);
    char msg[256];
    CHECK(rg_graph_verify(g, msg, sizeof msg) == RG_OK);
  }
  rg_graph_free(g);
  rg_diags_free(&d);
}

/* A string property the dialect lists as an enum (what a rule writes
 * for rounding_mode) is written as the enum attribute when the dialect is
 * given, in either form, and as the string without it. */
static void test_string_enum_property(void) {
  static const char text[] =
      "func.func @f(%a: tensor<2xi32>, %m: tensor<1xi32>, %s: tensor<1xi8>, %z: tensor<1xi32>, %o: tensor<1xi8>) "
      "-> tensor<2xi8> {\n"
      "  %0 = \"tosa.rescale\"(%a, %m, %s, %z, %o) <{scale32 = true, rounding_mode = \"SINGLE_ROUND\", "
      "per_channel = false, input_unsigned = false, output_unsigned = false}> : (tensor<2xi32>, tensor<1xi32>, "
      "tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<2xi8>\n"
      "  return %0 : tensor<2xi8>\n}\n";
  RgDiags d;
  rg_diags_init(&d);
  RgGraph *g = read_str(text, &d);
  CHECK(g != NULL);
  char *generic = g ? rg_mlir_write_with(g, RG_MLIR_GENERIC, rg_syntax_shipped, NULL) : NULL;
  char *pretty = g ? rg_mlir_write_with(g, RG_MLIR_PRETTY, rg_syntax_shipped, NULL) : NULL;
  char *plain = g ? rg_mlir_write(g, NULL) : NULL;
  CHECK(generic && strstr(generic, "rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>"));
  CHECK(pretty && strstr(pretty, "rounding_mode = SINGLE_ROUND"));
  CHECK(plain && strstr(plain, "rounding_mode = \"SINGLE_ROUND\""));
  rg_free(generic);
  rg_free(pretty);
  rg_free(plain);
  rg_graph_free(g);
  rg_diags_free(&d);
}

int main(void) {
  RUN(test_read_structure);
  RUN(test_string_enum_property);
  RUN(test_shared_attrs);
  RUN(test_read_error);
  RUN(test_dialect_syntax);
  RUN(test_op_parser);
  RUN(test_write_api_attrs);
  RUN(test_alloc_failures);
  TEST_EXIT();
}
