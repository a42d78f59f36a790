/* The runtime functions of dsl/builtins.def have the signatures its lines
 * say: the C compiler checks each against the line's result and parameter
 * types and the way the generator calls it, so a builtin whose table entry
 * and runtime implementation disagree fails to build here rather than in
 * generated code. */
#include <math.h>
#include "rulegen/match.h"
#include "rulegen/pass.h"
#include "check.h"

#define CT_INT int64_t
#define CT_FLOAT double
#define CT_BOOL bool
#define CT_INTS RgInts
#define CT_TYPE RgDType
#define CT_TENSOR const RgAttr *
#define CT_VALUE const RgValue *

#define NARGS(...) NARGS_(__VA_ARGS__, 3, 2, 1, 0)
#define NARGS_(a, b, c, n, ...) n
#define CAT(a, b) CAT_(a, b)
#define CAT_(a, b) a##b
#define CTYPES(...) CAT(CTYPES_, NARGS(__VA_ARGS__))(__VA_ARGS__)
#define CTYPES_1(a) CT_##a
#define CTYPES_2(a, b) CT_##a, CT_##b
#define CTYPES_3(a, b, c) CT_##a, CT_##b, CT_##c

static int checked;

#define SIGNATURE_PURE(ret, params) CT_##ret (*f)(CTYPES params)
#define SIGNATURE_FALLIBLE(ret, params) bool (*f)(CTYPES params, CT_##ret *)
#define SIGNATURE_FALLIBLE_RW(ret, params) bool (*f)(RgRewriter *, CTYPES params, CT_##ret *)
#define SIGNATURE_GRAPH(ret, params) CT_##ret (*f)(RgGraph *, CTYPES params)
#define CHECK_SIGNATURE(how, ret, cfn, params)                                 \
  {                                                                            \
    SIGNATURE_##how(ret, params) = cfn;                                        \
    CHECK(f != NULL);                                                          \
    checked++;                                                                 \
  }
#define CHECK_PURE CHECK_SIGNATURE
#define CHECK_FALLIBLE CHECK_SIGNATURE
#define CHECK_FALLIBLE_RW CHECK_SIGNATURE
#define CHECK_GRAPH CHECK_SIGNATURE
#define CHECK_OWN(how, ret, cfn, params) /* printed by gen/expr.c itself */

static void test_builtin_signatures(void) {
#define DSL_BUILTIN(ID, name, ret, nreq, kw, flags, how, cfn, read, smt, params)    \
  CHECK_##how(how, ret, cfn, params)
#include "../../dsl/builtins.def"
#undef DSL_BUILTIN
  CHECK(checked >= 10);
}

int main(void) {
  RUN(test_builtin_signatures);
  TEST_EXIT();
}
