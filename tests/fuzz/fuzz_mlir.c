/* tests/fuzz/fuzz_mlir.c - libFuzzer harness for the MLIR reader and writer.
 * Any input must be read without crash, leak or hang; an accepted input
 * must verify, and its printed form must read back, with the second and
 * third printings identical (the round-trip contract); its custom
 * (pretty) printing must read back as the same graph. The shipped
 * dialects' custom forms are registered. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "rulegen/dialects.h"
#include "rulegen/mlir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static RgGraph *read_text(const char *text, size_t len, bool must_succeed) {
  RgSource *src = rg_source_from_mem("fuzz.mlir", text, len);
  if (!src)
    abort();
  RgDiags d;
  rg_diags_init(&d);
  RgGraph *g = rg_mlir_read_with(src, &d, rg_syntax_shipped);
  if (!g && must_succeed) {
    rg_diags_print(stderr, &d);
    fprintf(stderr, "--- rgopt's own output was rejected:\n%.*s\n", (int)len, text);
    abort();
  }
  if (!g && d.errors == 0)
    abort(); /* a failure must come with a diagnostic */
  rg_diags_free(&d);
  rg_source_free(src);
  return g;
}

static char *write_checked(RgGraph *g, size_t *len) {
  char msg[512];
  if (rg_graph_verify(g, msg, sizeof msg) != RG_OK) {
    fprintf(stderr, "verification failed: %s\n", msg);
    abort();
  }
  char *t = rg_mlir_write(g, len);
  if (!t)
    abort();
  return t;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  RgGraph *g = read_text((const char *)data, size, false);
  if (!g)
    return 0;
  size_t n1, n2, n3;
  char *t1 = write_checked(g, &n1);
  rg_graph_free(g);
  RgGraph *g2 = read_text(t1, n1, true);
  char *t2 = write_checked(g2, &n2);
  rg_graph_free(g2);
  RgGraph *g3 = read_text(t2, n2, true);
  char *t3 = write_checked(g3, &n3);
  size_t np, n4;
  char *pretty = rg_mlir_write_with(g3, RG_MLIR_PRETTY, rg_syntax_shipped, &np);
  rg_graph_free(g3);
  if (!pretty)
    abort();
  RgGraph *g4 = read_text(pretty, np, true);
  char *t4 = write_checked(g4, &n4);
  rg_graph_free(g4);
  if (n4 != n3 || memcmp(t3, t4, n3) != 0) {
    fprintf(stderr, "the custom form reads back differently:\n%s\n---\n%s\n", pretty, t4);
    abort();
  }
  rg_free(pretty);
  rg_free(t4);
  if (n2 != n3 || memcmp(t2, t3, n2) != 0) {
    fprintf(stderr, "second and third printings differ:\n%s\n---\n%s\n", t2, t3);
    abort();
  }
  rg_free(t1);
  rg_free(t2);
  rg_free(t3);
  return 0;
}
