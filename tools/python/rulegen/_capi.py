"""ctypes declarations of the public C API of librulegen (runtime/include/
rulegen/*.h) that the package uses, and the search for the library.

Struct layouts mirror the public headers field for field; the library is
found once per process (RULEGEN_LIB, then the build tree or the install
prefix next to this package, then the system's search path).
"""
import ctypes
import ctypes.util
import os

c_char_p = ctypes.c_char_p
c_void_p = ctypes.c_void_p
u16, u32, u64 = ctypes.c_uint16, ctypes.c_uint32, ctypes.c_uint64
c_bool, c_int, c_size_t, c_double = ctypes.c_bool, ctypes.c_int, ctypes.c_size_t, ctypes.c_double


class RgSource(ctypes.Structure):
    _fields_ = [("name", c_char_p), ("text", c_void_p), ("len", c_size_t),
                ("line_starts", c_void_p), ("nlines", u32)]


class RgLoc(ctypes.Structure):
    _fields_ = [("src", ctypes.POINTER(RgSource)), ("off", u32)]


class RgDiag(ctypes.Structure):
    _fields_ = [("sev", c_int), ("loc", RgLoc), ("msg", c_char_p)]


class RgDiags(ctypes.Structure):
    _fields_ = [("items", ctypes.POINTER(RgDiag)), ("count", c_size_t), ("cap", c_size_t),
                ("errors", c_size_t), ("warnings", c_size_t), ("max_errors", c_size_t),
                ("truncated", c_bool), ("max_warnings", c_size_t),
                ("warnings_dropped", c_size_t), ("drop_notes", c_bool)]


class RgAttrDesc(ctypes.Structure):
    _fields_ = [("name", c_char_p), ("kind", ctypes.c_uint8), ("optional", c_bool)]


class RgOpDesc(ctypes.Structure):
    _fields_ = [("name", c_char_p), ("num_operands", u16), ("variadic", c_bool),
                ("num_results", u16), ("traits", u32), ("infer", c_void_p), ("eval", c_void_p),
                ("source", c_char_p), ("num_attrs", u16), ("attrs", ctypes.POINTER(RgAttrDesc)),
                ("smt", c_void_p)]


class RgRuleDesc(ctypes.Structure):
    _fields_ = [("name", c_char_p), ("source", c_char_p), ("first_req", u16),
                ("num_reqs", u16), ("inexact", c_bool)]


class RgPassDesc(ctypes.Structure):
    _fields_ = [("abi", c_int), ("name", c_char_p), ("doc", c_char_p), ("mode", c_int),
                ("num_ops", u16), ("op_names", ctypes.POINTER(c_char_p)), ("op_descs", c_void_p),
                ("num_roots", u16), ("roots", ctypes.POINTER(u16)),
                ("num_rules", u16), ("rules", ctypes.POINTER(RgRuleDesc)),
                ("req_ops", c_void_p), ("reqs", c_void_p), ("match", c_void_p),
                ("num_attr_names", u16), ("attr_names", c_void_p)]


class RgPipelineDesc(ctypes.Structure):
    _fields_ = [("name", c_char_p), ("num_passes", u32),
                ("passes", ctypes.POINTER(ctypes.POINTER(RgPassDesc)))]


class RgOptTarget(ctypes.Structure):
    _fields_ = [("name", c_char_p),
                ("pipelines", ctypes.POINTER(ctypes.POINTER(RgPipelineDesc))),
                ("passes", ctypes.POINTER(ctypes.POINTER(RgPassDesc))),
                ("ops", ctypes.POINTER(RgOpDesc)), ("num_ops", u32), ("syntax", c_void_p),
                ("abi", c_int)]


class RgRefusal(ctypes.Structure):
    _fields_ = [("rule", u16), ("likely_bug", c_bool), ("node", c_void_p), ("why", c_char_p)]


class RgPassStats(ctypes.Structure):
    _fields_ = [("name", c_char_p), ("ran", c_bool), ("skipped", c_bool), ("rewrites", u32),
                ("seconds", c_double), ("nodes_visited", u64),
                ("rule_fires", ctypes.POINTER(u32)), ("rule_refusals", ctypes.POINTER(u32)),
                ("skip_reason", c_char_p), ("refused", ctypes.POINTER(RgRefusal)), ("num_refused", u32)]


class RgRunStats(ctypes.Structure):
    _fields_ = [("num_passes", u32), ("passes", ctypes.POINTER(RgPassStats)),
                ("total_seconds", c_double), ("total_visited", u64),
                ("dedup_merged", u32), ("dedup_seconds", c_double)]


EXPLAIN_FN = ctypes.CFUNCTYPE(None, c_void_p, c_char_p, c_char_p, c_char_p)
NOTE_FN = ctypes.CFUNCTYPE(None, c_void_p, c_char_p)
NODE_FN = ctypes.CFUNCTYPE(c_bool, c_void_p, c_void_p)


class RgRunOptions(ctypes.Structure):
    _fields_ = [("no_skip", c_bool), ("verify_each", c_bool), ("budget_factor", u32),
                ("disabled_rules", ctypes.POINTER(c_char_p)), ("isolate_rule", c_char_p),
                ("explain_node", u32), ("explain_fn", EXPLAIN_FN), ("explain_user", c_void_p),
                ("after_pass", c_void_p), ("on_rewrite", c_void_p), ("observe_user", c_void_p),
                ("dedup_ops", ctypes.POINTER(RgOpDesc)), ("dedup_num_ops", u32),
                ("fold_max_elems", u64), ("inexact", c_bool), ("single_sweep", c_bool)]


class RgProofOptions(ctypes.Structure):
    _fields_ = [("runs", u32), ("given", c_void_p), ("note", NOTE_FN), ("user", c_void_p)]


class RgTolerance(ctypes.Structure):
    _fields_ = [("rel", c_double), ("floor", c_double)]


class RgNodeHead(ctypes.Structure):
    """The leading fields of RgNode (rulegen/graph.h), up to its id."""
    _fields_ = [("op", u32), ("flags", u16), ("num_regions", u16), ("num_operands", u32),
                ("num_results", u32), ("operands", c_void_p), ("results", c_void_p),
                ("regions", c_void_p), ("attrs", c_void_p), ("num_props", u16),
                ("num_attrs", u16), ("id", u32)]


class RgTensor(ctypes.Structure):
    """rulegen/interp.h's RgTensor. The element storage is private to the
    runtime; the package reads and writes it only for f32 tensors, whose
    storage is one C float per element (RG_STORE_F32)."""
    _fields_ = [("dtype", c_int), ("rank", ctypes.c_int32), ("dims", ctypes.c_int64 * 8),
                ("numel", ctypes.c_int64), ("elems_", c_void_p), ("store_", ctypes.c_uint8),
                ("borrowed_", c_bool)]


RG_DT_F32 = 14


def _candidates():
    env = os.environ.get("RULEGEN_LIB")
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    up3 = os.path.normpath(os.path.join(here, "..", "..", ".."))
    # installed: PREFIX/lib/python3/dist-packages/rulegen -> PREFIX/lib
    yield os.path.join(up3, "librulegen.so")
    # build tree: ROOT/tools/python/rulegen -> ROOT/build/dist
    yield os.path.join(up3, "build", "dist", "librulegen.so")
    found = ctypes.util.find_library("rulegen")
    if found:
        yield found


def _declare(lib):
    P = ctypes.POINTER

    def fn(name, res, *args):
        f = getattr(lib, name)
        f.restype = res
        f.argtypes = list(args)

    fn("rg_version", c_char_p)
    fn("rg_abi_version", c_int)
    fn("rg_free", None, c_void_p)
    fn("rg_bundled_target", None, P(RgOptTarget))
    fn("rg_source_from_mem", P(RgSource), c_char_p, c_char_p, c_size_t)
    fn("rg_source_free", None, P(RgSource))
    fn("rg_source_linecol", None, P(RgSource), u32, P(u32), P(u32))
    fn("rg_diags_init", None, P(RgDiags))
    fn("rg_diags_free", None, P(RgDiags))
    fn("rg_mlir_read_with", c_void_p, P(RgSource), P(RgDiags), c_void_p)
    fn("rg_mlir_write_with", c_void_p, c_void_p, c_int, c_void_p, P(c_size_t))
    fn("rg_graph_free", None, c_void_p)
    fn("rg_graph_verify", c_int, c_void_p, c_char_p, c_size_t)
    fn("rg_graph_verify_ops", c_size_t, c_void_p, P(RgOpDesc), u32, c_void_p,
       P(RgSource), P(RgDiags))
    fn("rg_graph_verify_spelling", c_size_t, c_void_p, c_void_p, c_void_p, P(RgSource),
       P(RgDiags))
    fn("rg_graph_num_nodes", u32, c_void_p)
    fn("rg_graph_walk", None, c_void_p, NODE_FN, c_void_p)
    fn("rg_op_count_ids", u32, c_void_p)
    fn("rg_op_name", c_char_p, c_void_p, u32)
    fn("rg_op_total", u32, c_void_p, u32)
    fn("rg_run_options_init", None, P(RgRunOptions))
    fn("rg_pipeline_run", c_int, c_void_p, P(RgPipelineDesc), P(RgRunOptions), P(RgRunStats),
       c_char_p, c_size_t)
    fn("rg_run_stats_free", None, P(RgRunStats))
    fn("rg_status_name", c_char_p, c_int)
    fn("rg_interp_new", c_void_p, c_void_p, P(RgOpDesc), u32)
    fn("rg_interp_free", None, c_void_p)
    fn("rg_proof_record", c_int, c_void_p, P(RgProofOptions), P(c_void_p), c_char_p, c_size_t)
    fn("rg_proof_check", c_int, c_void_p, c_void_p, c_char_p, c_size_t)
    fn("rg_proof_check_within", c_int, c_void_p, c_void_p, RgTolerance, P(c_double), c_char_p,
       c_size_t)
    fn("rg_proof_num_runs", u32, c_void_p)
    fn("rg_tensor_init", c_int, P(RgTensor), c_int, ctypes.c_int32, P(ctypes.c_int64))
    fn("rg_tensor_release", None, P(RgTensor))
    fn("rg_tensor_array_free", None, P(RgTensor), u32)
    fn("rg_interp_find_func", c_void_p, c_void_p, c_char_p)
    fn("rg_interp_run", c_int, c_void_p, c_void_p, P(RgTensor), u32, P(P(RgTensor)), P(u32))
    fn("rg_interp_message", c_char_p, c_void_p)
    fn("rg_proof_free", None, c_void_p)
    fn("rg_opt_main", c_int, c_int, P(c_char_p), P(RgOptTarget), c_size_t)
    fn("rg_target_check", c_int, P(RgOptTarget), c_char_p, c_size_t)


# The struct layouts above are those of this runtime ABI (RG_ABI_VERSION,
# rulegen/core.h); a library of another one is refused rather than misread.
ABI_VERSION = 7

_lib = None


def lib():
    """The loaded librulegen, declared; OSError when none can be loaded."""
    global _lib
    if _lib is None:
        tried = []
        for path in _candidates():
            if os.path.sep in path and not os.path.exists(path):
                tried.append(path)
                continue
            try:
                cand = ctypes.CDLL(path)
                _declare(cand)
            except (OSError, AttributeError) as e:
                tried.append("%s (%s)" % (path, e))
                continue
            if cand.rg_abi_version() != ABI_VERSION:
                tried.append("%s (runtime ABI %d, this package reads ABI %d)" % (
                    path, cand.rg_abi_version(), ABI_VERSION))
                continue
            _lib = cand
            break
        if _lib is None:
            raise OSError("librulegen not found (set RULEGEN_LIB to its path); tried: " +
                          ", ".join(tried))
    return _lib
