"""torch.fx both ways: an aten-level GraphModule (make_fx over a
functionalized model, torch 1.13) becomes rulegen's edge-dialect graph,
a pipeline runs on it, and the result becomes a new, runnable
GraphModule. The only module of the package that imports torch.

The way through is MLIR text inside one process: the graph is printed in
the generic op form here, read by the library, rewritten, written back
and parsed here. Parameters and constant tensors never enter the text:
each becomes an argument of the function, after the inputs, and goes
back to a get_attr of the same tensor object; only constants a rule
creates (`aten._constant`) are decoded from the text.

Encoding of an aten op (docs/backends.md): tensor arguments are operands
in schema order, every other argument given and not equal to its schema
default is a property named as in the schema. NORMALIZE is the table
from torch 1.13's spellings to the edge ops the targets declare;
DENORMALIZE goes back where torch 1.13 has no such op. docs/python.md
lists both.
"""
import operator
import re
import time

import torch
import torch.fx

from . import _core
from ._core import RulegenError


class ConversionError(RulegenError):
    """A graph (or a graph a pipeline made) that cannot be converted."""


_DTYPES = {torch.float32: "f32", torch.float64: "f64", torch.float16: "f16",
           torch.bfloat16: "bf16", torch.int64: "i64", torch.int32: "i32", torch.int16: "i16",
           torch.int8: "i8", torch.uint8: "ui8", torch.bool: "i1"}
_FROM_DTYPE = {v: k for k, v in _DTYPES.items()}
# A quantized tensor is its storage integers; the parameters are on the
# quantize and dequantize ops (docs/python.md, "Quantized graphs").
_DTYPES.update({torch.qint8: "i8", torch.quint8: "ui8", torch.qint32: "i32"})
_QUANT_RANGE = {torch.qint8: (-128, 127), torch.quint8: (0, 255),
                torch.qint32: (-2 ** 31, 2 ** 31 - 1)}
_QUANT_STORAGE = {torch.qint8: torch.int8, torch.quint8: torch.uint8, torch.qint32: torch.int32}
_MEMORY_FORMATS = {torch.contiguous_format: "contiguous_format",
                   torch.preserve_format: "preserve_format",
                   torch.channels_last: "channels_last"}
_FROM_MEMORY_FORMAT = {v: k for k, v in _MEMORY_FORMATS.items()}
_LAYOUTS = {torch.strided: "strided"}
_FROM_LAYOUT = {v: k for k, v in _LAYOUTS.items()}


def _ttype(shape, dtype):
    if dtype not in _DTYPES:
        raise ConversionError("element type %s has no MLIR spelling here" % dtype)
    dims = "x".join(str(int(d)) for d in shape)
    return "tensor<%s%s%s>" % (dims, "x" if dims else "", _DTYPES[dtype])


def _float_text(v):
    if v != v or v in (float("inf"), float("-inf")):
        import struct
        return "0x%016X : f64" % struct.unpack("<Q", struct.pack("<d", v))[0]
    return "%.17e : f64" % v


def _str_text(s):
    out = []
    for ch in s.encode("utf-8"):
        c = chr(ch)
        out.append(c if 32 <= ch < 127 and c not in '"\\' else "\\%02X" % ch)
    return '"' + "".join(out) + '"'


def _attr_text(v, what):
    """MLIR attribute text of a non-tensor argument."""
    if isinstance(v, _Dense):
        return v.text
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return "%d : i64" % v
    if isinstance(v, float):
        return _float_text(v)
    if isinstance(v, torch.dtype):
        if v not in _DTYPES:
            raise ConversionError("%s: dtype %s has no MLIR spelling here" % (what, v))
        return _DTYPES[v]
    if isinstance(v, torch.memory_format):
        return _str_text(_MEMORY_FORMATS[v])
    if isinstance(v, torch.layout):
        return _str_text(_LAYOUTS[v])
    if isinstance(v, torch.device):
        return _str_text(str(v))
    if isinstance(v, str):
        return _str_text(v)
    if isinstance(v, (list, tuple)) and all(isinstance(x, int) and not isinstance(x, bool)
                                            for x in v):
        return "array<i64%s>" % ("".join((": " if i == 0 else ", ") + str(x)
                                         for i, x in enumerate(v)))
    raise ConversionError("%s: argument %r has no attribute encoding" % (what, v))


def _is_tensor_type(t):
    return t in ("Tensor", "Optional[Tensor]")


def _is_tensor_list(t):
    return t in ("List[Tensor]", "List[Optional[Tensor]]")


def _op_name(target):
    """aten.relu.default -> aten.relu; aten.add.Tensor -> aten.add.Tensor."""
    s = target._schema
    name = s.name.replace("::", ".")
    return name if not s.overload_name else name + "." + s.overload_name


def _schema_bind(target, args, kwargs):
    """[(schema argument, value or _ABSENT)] in schema order."""
    out = []
    schema_args = target._schema.arguments
    for i, a in enumerate(schema_args):
        if i < len(args) and not a.kwarg_only:
            out.append((a, args[i]))
        elif a.name in kwargs:
            out.append((a, kwargs[a.name]))
        else:
            out.append((a, _ABSENT))
    return out


_ABSENT = object()


def _generic(node, args, kwargs, name=None):
    """(edge op name, operand nodes, [(prop, value)]) by the schema."""
    target = node.target
    operands, props = [], []
    bound = _schema_bind(target, args, kwargs)
    tensor_seen_none = False
    for a, v in bound:
        t = str(a.type)
        if _is_tensor_type(t):
            if v is _ABSENT or v is None:
                tensor_seen_none = True
                continue
            if tensor_seen_none:
                raise ConversionError("%s: optional tensor argument before '%s' is None; only "
                                      "trailing ones can be left out" % (node.name, a.name))
            operands.append(v)
        elif _is_tensor_list(t):
            if tensor_seen_none or v is _ABSENT:
                raise ConversionError("%s: tensor list '%s' after a missing tensor" %
                                      (node.name, a.name))
            if any(x is None for x in v):
                raise ConversionError("%s: a None inside tensor list '%s'" % (node.name, a.name))
            operands.extend(v)
            tensor_seen_none = True   # nothing may follow a list
        else:
            if v is _ABSENT or v is None:
                continue
            if a.has_default_value():
                d = a.default_value
                if d is not None and type(d) is type(v) and d == v:
                    continue
                if isinstance(v, (list, tuple)) and d is not None and list(v) == list(d):
                    continue
            props.append((a.name, v))
    return (name or _op_name(target)), operands, props


def _rank(info, n):
    return len(info[n][0][0])


# ---- torch 1.13 spelling -> edge op ----
# Each entry: f(node, args, kwargs, info) -> (name, operands, props), or
# ("=", value) to stand for another value (the node is dropped).

def _norm_batch_norm(node, args, kwargs, info):
    bound = dict((a.name, v) for a, v in _schema_bind(node.target, args, kwargs))
    if bound["training"] is False and all(bound[k] is not None for k in
                                          ("weight", "bias", "running_mean", "running_var")):
        return ("aten._native_batch_norm_legit_no_training",
                [bound[k] for k in ("input", "weight", "bias", "running_mean", "running_var")],
                [("momentum", float(bound["momentum"])), ("eps", float(bound["eps"]))])
    return _generic(node, args, kwargs)


def _norm_view(node, args, kwargs, info):
    return "aten.view_copy", [args[0]], [("size", list(args[1]))]


def _norm_t(node, args, kwargs, info):
    r = _rank(info, args[0])
    if r < 2:
        return ("=", args[0])
    return "aten.permute_copy", [args[0]], [("dims", [1, 0])]


def _norm_transpose(node, args, kwargs, info):
    r = _rank(info, args[0])
    d0, d1 = (d % r if r else 0 for d in args[1:3])
    perm = list(range(r))
    perm[d0], perm[d1] = perm[d1], perm[d0]
    return "aten.permute_copy", [args[0]], [("dims", perm)]


def _norm_expand(node, args, kwargs, info):
    return "aten.expand_copy", [args[0]], [("size", list(args[1]))]


def _norm_alias(node, args, kwargs, info):
    return ("=", args[0])


def _qparam(node, a):
    """A scale or zero point: a number, or a get_attr of a one-element tensor."""
    if isinstance(a, torch.fx.Node):
        if a.op != "get_attr":
            raise ConversionError("%s: quantization parameter %s is not a constant" %
                                  (node.name, a.name))
        a = _getattr(node.graph.owning_module, a.target)
        if a.numel() != 1:
            raise ConversionError("%s: per-channel parameters do not convert" % node.name)
        a = a.item()
    return a


def _qprops(node):
    """The properties of quantized_decomposed.*_per_tensor from a
    torch 1.13 quantize_per_tensor node (scale, zero point, range, storage)."""
    x, scale, zp, dtype = node.args[:4]
    if dtype not in _QUANT_RANGE:
        raise ConversionError("%s: quantized type %s does not convert" % (node.name, dtype))
    lo, hi = _QUANT_RANGE[dtype]
    return [("scale", float(_qparam(node, scale))), ("zero_point", int(_qparam(node, zp))),
            ("quant_min", lo), ("quant_max", hi), ("dtype", _QUANT_STORAGE[dtype])]


class _Dense:
    """A dense attribute spelled out (per-channel scales and zero points)."""

    def __init__(self, values, mlir_type):
        body = ", ".join(_float_text(float(v)).split(" :")[0] if mlir_type == "f64" else str(int(v))
                         for v in values)
        self.text = "dense<[%s]> : tensor<%dx%s>" % (body, len(values), mlir_type)


def _qprops_channels(node):
    """The properties of quantized_decomposed.*_per_channel from a
    quantize_per_channel node: scales and zero points of one channel each."""
    x, scales, zps, axis, dtype = node.args[:5]
    if dtype not in _QUANT_RANGE:
        raise ConversionError("%s: quantized type %s does not convert" % (node.name, dtype))
    mod = node.graph.owning_module
    sc = [float(v) for v in getattr(mod, scales.target).flatten().tolist()]
    zp = [int(v) for v in getattr(mod, zps.target).flatten().tolist()]
    lo, hi = _QUANT_RANGE[dtype]
    return [("scales", _Dense(sc, "f64")), ("zero_points", _Dense(zp, "i64")), ("axis", int(axis)),
            ("quant_min", lo), ("quant_max", hi), ("dtype", _QUANT_STORAGE[dtype])]


def _norm_quantize_channels(node, args, kwargs, info):
    return "quantized_decomposed.quantize_per_channel", [args[0]], _qprops_channels(node)


def _norm_quantize(node, args, kwargs, info):
    return "quantized_decomposed.quantize_per_tensor", [args[0]], _qprops(node)


def _norm_dequantize(node, args, kwargs, info):
    q = args[0]
    if isinstance(q, torch.fx.Node) and str(q.target) == "aten.quantize_per_channel.default":
        return "quantized_decomposed.dequantize_per_channel", [q], _qprops_channels(q)
    if not (isinstance(q, torch.fx.Node) and str(q.target) in _QUANTIZE_OPS):
        raise ConversionError("%s: dequantize of %s, not of a quantize_per_tensor" %
                              (node.name, q))
    return "quantized_decomposed.dequantize_per_tensor", [q], _qprops(q)


_QUANTIZE_OPS = ("aten.quantize_per_tensor.tensor_qparams", "aten.quantize_per_tensor.default")


def _norm_max_pool(node, args, kwargs, info):
    """An empty stride means the kernel's: written out, as the lowering
    rules read it."""
    name, operands, props = _generic(node, args, kwargs)
    d = dict(props)
    if not d.get("stride"):
        d["stride"] = list(d["kernel_size"])
    return name, operands, sorted(d.items())


def _norm_as(edge_name):
    def f(node, args, kwargs, info):
        return _generic(node, args, kwargs, edge_name)
    return f


NORMALIZE = {
    "aten.native_batch_norm.default": _norm_batch_norm,
    "aten._reshape_alias_copy.default": _norm_view,
    "aten._reshape_alias.default": _norm_view,
    "aten._unsafe_view.default": _norm_view,
    "aten.view.default": _norm_view,
    "aten.view_copy.default": _norm_view,
    "aten.t.default": _norm_t,
    "aten.t_copy.default": _norm_t,
    "aten.transpose.int": _norm_transpose,
    "aten.transpose_copy.int": _norm_transpose,
    "aten.expand.default": _norm_expand,
    "aten.expand_copy.default": _norm_expand,
    "aten.permute.default": _norm_as("aten.permute_copy"),
    "aten.detach.default": _norm_alias,
    "aten.detach_copy.default": _norm_alias,
    "aten.quantize_per_tensor.tensor_qparams": _norm_quantize,
    "aten.quantize_per_tensor.default": _norm_quantize,
    "aten.quantize_per_channel.default": _norm_quantize_channels,
    "aten.dequantize.self": _norm_dequantize,
    "aten.max_pool2d_with_indices.default": _norm_max_pool,
}

# Edge ops torch 1.13 lacks: f(op, operands, props) -> (overload, args, kwargs).
def _denorm_batch_norm(operands, props):
    return (torch.ops.aten.native_batch_norm.default,
            tuple(operands) + (False, props.get("momentum", 0.1), props["eps"]), {})


def _denorm_squeeze_dims(operands, props):
    dims = props["dim"]
    if len(dims) != 1:
        raise ConversionError("aten.squeeze_copy.dims over %d dims has no torch 1.13 op" %
                              len(dims))
    return torch.ops.aten.squeeze_copy.dim, (operands[0], dims[0]), {}


DENORMALIZE = {
    "aten._native_batch_norm_legit_no_training": _denorm_batch_norm,
    "aten.squeeze_copy.dims": _denorm_squeeze_dims,
}


# ---- shapes and dtypes ----

def _tensor_info(v):
    if isinstance(v, torch.Tensor):
        return [(tuple(v.shape), v.dtype)]
    if isinstance(v, (tuple, list)) and v and all(isinstance(x, torch.Tensor) for x in v):
        return [(tuple(x.shape), x.dtype) for x in v]
    return None


def _meta_info(n):
    for key in ("val", "tensor_meta"):
        m = n.meta.get(key)
        if m is None:
            continue
        if isinstance(m, torch.Tensor):
            return [(tuple(m.shape), m.dtype)]
        if hasattr(m, "shape") and hasattr(m, "dtype"):
            return [(tuple(m.shape), m.dtype)]
        if isinstance(m, (tuple, list)) and m and all(hasattr(x, "shape") for x in m):
            return [(tuple(x.shape), x.dtype) for x in m]
    return None


def shape_info(gm, example_inputs=None):
    """{node: [(shape, dtype) per result]} from the nodes' metadata, or by
    running the module on example_inputs where metadata is missing (the
    get_attr and multi-output nodes of torch 1.13's make_fx never have
    it)."""
    info = {}
    missing = False
    for n in gm.graph.nodes:
        if n.op == "get_attr":
            v = _getattr(gm, n.target)
            info[n] = _tensor_info(v)
        elif n.op in ("placeholder", "call_function"):
            m = _meta_info(n)
            if m is None:
                missing = True
            info[n] = m
    if not missing:
        return info
    if example_inputs is None:
        raise ConversionError("the graph lacks shape metadata: pass example_inputs")
    env = {}

    class Recorder(torch.fx.Interpreter):
        def __init__(self, mod, meta):
            super().__init__(mod)
            self.meta = meta

        def fetch_attr(self, target):
            t = super().fetch_attr(target)
            return t.to("meta") if self.meta and isinstance(t, torch.Tensor) else t

        def run_node(self, n):
            r = super().run_node(n)
            env[n] = _tensor_info(r)
            return r

    # On meta tensors first: shapes without computing anything. An op
    # without a meta kernel in this torch falls back to a real run.
    with torch.no_grad():
        try:
            Recorder(gm, True).run(*[x.to("meta") if isinstance(x, torch.Tensor) else x
                                     for x in example_inputs])
        except Exception:
            env.clear()
            Recorder(gm, False).run(*example_inputs)
    for n, v in env.items():
        if info.get(n) is None:
            info[n] = v
    return info


def _getattr(mod, target):
    obj = mod
    for part in target.split("."):
        obj = getattr(obj, part)
    return obj


class Converted:
    """An FX graph as a rulegen Graph, with what it takes to go back:
    the placeholders, the constants by name, the output structure."""

    def __init__(self, gm, graph, text, placeholders, constants, out_tree):
        self.gm = gm
        self.graph = graph
        self.text = text
        self.placeholders = placeholders
        self.constants = constants      # get_attr target -> argument index
        self.out_tree = out_tree


def to_rulegen(gm, example_inputs=None, ruleset=None, constants="reference"):
    """Converts an aten-level GraphModule into a Converted (its .graph is
    the rulegen Graph). constants="reference" (the default) passes
    parameters and constant tensors as function arguments; "inline" copies
    their values into the text once, as `aten._constant` ops, so rules that
    compute with constants (fuse_batch_norm2d) can fire. Raises
    ConversionError for what does not convert."""
    if constants not in ("reference", "inline"):
        raise ConversionError("constants must be 'reference' or 'inline', not %r" % constants)
    info = shape_info(gm, example_inputs)
    g = gm.graph
    # Liveness from the output: dead nodes (empty.memory_format, unused
    # results) are left out.
    live = set()
    out_node = None
    for n in reversed(g.nodes):
        if n.op == "output":
            out_node = n
            live.add(n)
        if n in live:
            # a quantize's scale and zero point become properties
            ins = n.args[:1] if str(n.target) in _QUANTIZE_OPS + (
                "aten.quantize_per_channel.default",) else n.all_input_nodes
            for a in ins:
                if isinstance(a, torch.fx.Node):
                    live.add(a)
    if out_node is None:
        raise ConversionError("the graph has no output")
    inline = constants == "inline"
    vals = {}        # node -> [value name per result]
    lines = []
    counter = [0]
    placeholders = []
    constants = {}   # get_attr target -> argument index

    def fresh():
        counter[0] += 1
        return "%%%d" % (counter[0] - 1)

    def value(x, what):
        if not isinstance(x, torch.fx.Node):
            raise ConversionError("%s: a non-tensor value %r where a tensor is expected" %
                                  (what, x))
        v = vals.get(x)
        if v is None or len(v) != 1:
            raise ConversionError("%s: operand %s is not one tensor" % (what, x.name))
        return v[0]

    arg_types = []
    for n in g.nodes:
        if n.op != "placeholder":
            continue
        placeholders.append(n)
        i = info.get(n)
        if i is None or len(i) != 1:
            raise ConversionError("placeholder %s is not one tensor" % n.name)
        vals[n] = ["%%arg%d" % (len(placeholders) - 1)]
        arg_types.append(_ttype(*i[0]))
    # Parameters and constant tensors are arguments after the inputs:
    # references to the module's tensors, never copied into the text
    # (unless inlined, below).
    inline_nodes = []
    for n in g.nodes:
        if n.op != "get_attr" or n not in live:
            continue
        t = _getattr(gm, n.target)
        if not isinstance(t, torch.Tensor):
            raise ConversionError("get_attr %s is not a tensor" % n.target)
        if inline and t.dtype != torch.bool and t.numel() > 0:
            inline_nodes.append(n)
            continue
        if n.target not in constants:
            constants[n.target] = len(arg_types)
            arg_types.append(_ttype(t.shape, t.dtype))
        vals[n] = ["%%arg%d" % constants[n.target]]
    types_of = {}    # value name -> type text
    for n, v in vals.items():
        types_of[v[0]] = _ttype(*info[n][0])
    # Inlined: the raw little-endian elements in hex, once, with the
    # target named in `rg.ref` so that the constant goes back as the same
    # tensor unless a rule replaced it.
    inlined = {}
    for n in inline_nodes:
        if n.target not in inlined:
            t = _getattr(gm, n.target).detach().contiguous()
            r = fresh()
            ty = _ttype(t.shape, t.dtype)
            lines.append('%s = "aten._constant"() <{value = dense<"0x%s"> : %s}> {rg.ref = %s} '
                         ': () -> %s' % (r, t.reshape(-1).view(torch.uint8).numpy().tobytes()
                                         .hex().upper(), ty,
                                         _str_text(n.target), ty))
            inlined[n.target] = r
            types_of[r] = ty
        vals[n] = [inlined[n.target]]
    for n in g.nodes:
        if n not in live or n.op in ("placeholder", "output"):
            continue
        if n.op == "get_attr":
            continue
        if n.op != "call_function":
            raise ConversionError("%s: %s nodes do not convert (call_function only)" %
                                  (n.name, n.op))
        if n.target is operator.getitem:
            src, idx = n.args
            if src not in vals or not isinstance(idx, int) or idx >= len(vals[src]):
                raise ConversionError("%s: getitem of %s" % (n.name, src))
            vals[n] = [vals[src][idx]]
            continue
        if not isinstance(n.target, torch._ops.OpOverload):
            raise ConversionError("%s: %s is not an aten op overload (schema unknown)" %
                                  (n.name, n.target))
        key = str(n.target)
        norm = NORMALIZE.get(key)
        args, kwargs = n.args, n.kwargs
        r = norm(n, args, kwargs, info) if norm else _generic(n, args, kwargs)
        if r[0] == "=":
            vals[n] = vals[r[1]] if isinstance(r[1], torch.fx.Node) else None
            continue
        name, operands, props = r
        res = info.get(n)
        if res is None:
            raise ConversionError("%s (%s): no shape for its result" % (n.name, key))
        ops_v = []
        for o in operands:
            if isinstance(o, (bool, int, float)):
                # A Python number where the schema takes a tensor: torch
                # wraps it as a 0-d tensor of the tensor operands' type.
                dts = [info[x][0][1] for x in operands if isinstance(x, torch.fx.Node)]
                dt = dts[0] if dts else res[0][1]
                if isinstance(o, float) and not dt.is_floating_point:
                    # a float scalar promotes an integer tensor
                    dt = res[0][1] if res[0][1].is_floating_point else torch.get_default_dtype()
                c = fresh()
                ty = _ttype((), dt)
                lit = ("true" if o else "false") if dt == torch.bool else (
                    _float_text(float(o)).split(" :")[0] if dt.is_floating_point else str(int(o)))
                lines.append('%s = "aten._constant"() <{value = dense<%s> : %s}> : () -> %s'
                             % (c, lit, ty, ty))
                types_of[c] = ty
                ops_v.append(c)
            else:
                ops_v.append(value(o, n.name))
        ptext = ", ".join("%s = %s" % (k, _attr_text(v, "%s.%s" % (n.name, k)))
                          for k, v in sorted(props))
        rtypes = [_ttype(*x) for x in res]
        res_names = fresh()
        if len(rtypes) == 1:
            names = [res_names]
            head = res_names
        else:
            names = ["%s#%d" % (res_names, i) for i in range(len(rtypes))]
            head = "%s:%d" % (res_names, len(rtypes))
        vals[n] = names
        for nm, ty in zip(names, rtypes):
            types_of[nm] = ty
        rt = rtypes[0] if len(rtypes) == 1 else "(" + ", ".join(rtypes) + ")"
        lines.append('%s = "%s"(%s)%s : (%s) -> %s' % (
            head, name, ", ".join(ops_v), " <{%s}>" % ptext if props else "",
            ", ".join(types_of[o] for o in ops_v), rt))
    # Outputs: tensors leave through func.return, anything else stays here.
    outs = []

    def tree(a):
        if isinstance(a, torch.fx.Node):
            outs.append(value(a, "output"))
            return ("v", len(outs) - 1)
        if isinstance(a, (list, tuple)):
            return (type(a), [tree(x) for x in a])
        return ("c", a)

    out_tree = tree(out_node.args[0])
    otypes = [types_of[o] for o in outs]
    text = ['"builtin.module"() ({',
            '  "func.func"() <{function_type = (%s) -> (%s), sym_name = "forward"}> ({' %
            (", ".join(arg_types), ", ".join(otypes)),
            "  ^bb0(%s):" % ", ".join("%%arg%d: %s" % (i, t) for i, t in enumerate(arg_types))]
    text += ["    " + ln for ln in lines]
    text.append('    "func.return"(%s) : (%s) -> ()' % (", ".join(outs), ", ".join(otypes)))
    text += ["  }) : () -> ()", "}) : () -> ()", ""]
    text = "\n".join(text)
    graph = _core.read_mlir(text, ruleset, name="<fx:%s>" % type(gm).__name__)
    return Converted(gm, graph, text, placeholders, constants, out_tree)


# ---- reading the generic form back ----

_REF = re.compile(r'\{rg\.ref = ("(?:[^"\\]|\\.)*")\} : \(\) -> ')
_HEAD = re.compile(r'\s*(?:(%[\w$.-]+)(?::(\d+))? = )?"([^"]+)"\(([^)]*)\)')


class _Attr:
    """A small reader of the attribute syntax rg_mlir_write prints."""

    def __init__(self, s, pos):
        self.s, self.i = s, pos

    def ws(self):
        while self.i < len(self.s) and self.s[self.i] == " ":
            self.i += 1

    def balanced(self):
        """Text from here to the bracket matching the one at self.i."""
        start, depth = self.i, 0
        s = self.s
        while self.i < len(s):
            c = s[self.i]
            if c == '"':
                self.i += 1
                while s[self.i] != '"':
                    self.i += 2 if s[self.i] == "\\" else 1
            elif c in "<([{":
                depth += 1
            elif c in ">)]}" and not (c == ">" and s[self.i - 1] == "-"):
                depth -= 1
                if depth == 0:
                    self.i += 1
                    return s[start:self.i]
            self.i += 1
        raise ConversionError("unbalanced attribute text")

    def type_after(self):
        self.ws()
        if self.s.startswith(":", self.i):
            self.i += 1
            self.ws()
            m = re.compile(r"tensor<[^>]*>|[a-z][a-z0-9]*").match(self.s, self.i)
            self.i = m.end()
            return m.group(0)
        return None

    def value(self):
        self.ws()
        s = self.s
        if s.startswith("array<", self.i):
            body = self.balanced()[6:-1]
            _, _, rest = body.partition(":")
            return [int(x) if re.match(r"-?\d+$", x.strip()) else float(x)
                    for x in rest.split(",") if x.strip()]
        if s.startswith("dense_resource<", self.i):
            key = self.balanced()[15:-1]
            return ("resource", key, self.type_after())
        if s.startswith("dense<", self.i):
            # Elements hold no angle brackets: no need to scan a megabyte
            # of them character by character.
            end = s.index(">", self.i)
            body = s[self.i + 6:end]
            self.i = end + 1
            return ("dense", body, self.type_after())
        if s.startswith('"', self.i):
            j = self.i + 1
            out = bytearray()
            while s[j] != '"':
                if s[j] == "\\":
                    nxt = s[j + 1]
                    if nxt in '"\\':
                        out += nxt.encode()
                        j += 2
                    elif nxt == "n":
                        out += b"\n"
                        j += 2
                    elif nxt == "t":
                        out += b"\t"
                        j += 2
                    else:
                        out.append(int(s[j + 1:j + 3], 16))
                        j += 3
                else:
                    out += s[j].encode()
                    j += 1
            self.i = j + 1
            return out.decode("utf-8")
        if s.startswith("[", self.i):
            self.i += 1
            items = []
            self.ws()
            while not s.startswith("]", self.i):
                items.append(self.value())
                self.ws()
                if s.startswith(",", self.i):
                    self.i += 1
            self.i += 1
            return items
        m = re.compile(r"true|false|0x[0-9A-Fa-f]+|-?\d+(\.\d*)?([eE][-+]?\d+)?|"
                       r"tensor<[^>]*>|[a-z][a-z0-9]*").match(s, self.i)
        if not m:
            raise ConversionError("cannot read attribute at: %s" % s[self.i:self.i + 40])
        self.i = m.end()
        tok = m.group(0)
        if tok in ("true", "false"):
            return tok == "true"
        if tok.startswith("0x"):
            ty = self.type_after()
            import struct
            bits = int(tok, 16)
            if ty == "f32":
                return struct.unpack("<f", struct.pack("<I", bits))[0]
            return struct.unpack("<d", struct.pack("<Q", bits))[0]
        if re.match(r"-?\d", tok):
            ty = self.type_after()
            if ty and ty.startswith(("f", "bf")) or "." in tok or "e" in tok or "E" in tok:
                return float(tok)
            return int(tok)
        return ("type", tok)

    def dict(self):
        out = {}
        self.ws()
        while not self.s.startswith("}", self.i):
            m = re.compile(r'([\w$.]+|"[^"]*") = ').match(self.s, self.i)
            if not m:
                # a unit attribute: a bare name
                m2 = re.compile(r"[\w$.]+").match(self.s, self.i)
                out[m2.group(0)] = True
                self.i = m2.end()
            else:
                self.i = m.end()
                out[m.group(1).strip('"')] = self.value()
            self.ws()
            if self.s.startswith(",", self.i):
                self.i += 1
                self.ws()
        self.i += 1
        return out


def _parse_type(t):
    m = re.match(r"tensor<((?:\d+x)*)([a-z0-9]+)>$", t)
    if not m:
        raise ConversionError("type %s does not convert" % t)
    dims = [int(d) for d in m.group(1).split("x") if d]
    if m.group(2) not in _FROM_DTYPE:
        raise ConversionError("element type %s does not convert" % m.group(2))
    return dims, _FROM_DTYPE[m.group(2)]


_NOT_DECIMAL = re.compile(r"[^0-9.eE+\-, \[\]]")


def _dense_tensor(body, ty):
    import struct
    shape, dtype = _parse_type(ty)
    numel = 1
    for d in shape:
        numel *= d
    body = body.strip()
    if body.startswith('"0x'):
        raw = bytes.fromhex(body[3:-1])
        t = torch.frombuffer(bytearray(raw), dtype=dtype).clone()
        if t.numel() == 1 and numel != 1:
            return t.expand(shape).clone()
        return t.reshape(shape)
    if not _NOT_DECIMAL.search(body):   # plain decimals: parse them in C
        import numpy
        flat = numpy.array(numpy.fromstring(body.replace("[", " ").replace("]", " "), sep=","))
        t = torch.from_numpy(flat).to(dtype)
        if t.numel() == 1 and numel != 1:
            return t.expand(shape).clone()
        return t.reshape(shape)
    flat = []
    for tok in re.findall(r"true|false|0x[0-9A-Fa-f]+|[-+]?(?:inf|nan|[\d.]+(?:[eE][-+]?\d+)?)",
                          body):
        if tok in ("true", "false"):
            flat.append(tok == "true")
        elif tok.startswith("0x"):
            bits = int(tok, 16)
            if dtype in (torch.float32,):
                flat.append(struct.unpack("<f", struct.pack("<I", bits))[0])
            elif dtype == torch.float64:
                flat.append(struct.unpack("<d", struct.pack("<Q", bits))[0])
            else:
                flat.append(bits)
        elif dtype.is_floating_point:
            flat.append(float(tok))
        else:
            flat.append(int(tok))
    t = torch.tensor(flat, dtype=dtype)
    if t.numel() == 1 and numel != 1:
        return t.expand(shape).clone()
    return t.reshape(shape)


def _prop_value(a, v, what):
    """A property read back, as the schema argument `a` wants it."""
    t = str(a.type)
    if isinstance(v, tuple) and v and v[0] == "type":
        if v[1] not in _FROM_DTYPE:
            raise ConversionError("%s: type %s does not convert" % (what, v[1]))
        return _FROM_DTYPE[v[1]]
    if isinstance(v, str):
        if a.name == "memory_format":
            return _FROM_MEMORY_FORMAT[v]
        if a.name == "layout":
            return _FROM_LAYOUT[v]
        if "Device" in t:
            return torch.device(v)
        return v
    if t in ("float", "Optional[float]") and isinstance(v, int):
        return float(v)
    if t in ("int", "Optional[int]", "SymInt") and isinstance(v, float) and v == int(v):
        return int(v)   # a `num` property a rule wrote as a float
    return v


def _resolve(name):
    """An edge op name as a torch 1.13 OpOverload, or None."""
    parts = name.split(".")
    if len(parts) < 2 or parts[0] != "aten":
        return None
    packet = getattr(torch.ops.aten, parts[1], None)
    if packet is None:
        return None
    return getattr(packet, parts[2] if len(parts) > 2 else "default", None)


def from_rulegen(conv, text=None):
    """A new GraphModule from a Converted's (rewritten) graph. Parameters
    are the original module's tensors, by reference."""
    if text is None:
        text = conv.graph.to_mlir()
    fxg = torch.fx.Graph()
    env = {}
    attrs = {}
    new_consts = [0]
    for i, p in enumerate(conv.placeholders):
        env["%%arg%d" % i] = fxg.placeholder(p.target)
    for target, i in conv.constants.items():
        attrs[target] = _getattr(conv.gm, target)
        env["%%arg%d" % i] = fxg.get_attr(target)
    # rg_mlir_write may rename block arguments: read them from the text.
    m = re.search(r"\^bb0\(([^)]*)\):", text)
    if m:
        names = [x.split(":")[0].strip() for x in m.group(1).split(", ") if x.strip()]
        env = {nm: env["%%arg%d" % i] for i, nm in enumerate(names)}
    returned = None
    for line in text.split("\n"):
        hm = _HEAD.match(line)
        if not hm:
            continue
        res, nres, name, opnds = hm.groups()
        if name in ("builtin.module", "func.func"):
            continue
        operands = [env[o.strip()] for o in opnds.split(",") if o.strip()]
        if name == "func.return":
            returned = operands
            break
        ref = _REF.search(line, max(0, len(line) - 400)) if name == "aten._constant" else None
        if ref:   # an inlined tensor no rule replaced: the original one
            target = _Attr(ref.group(1), 0).value()
            attrs[target] = _getattr(conv.gm, target)
            env[res] = fxg.get_attr(target)
            continue
        pa = _Attr(line, hm.end())
        pa.ws()
        props = {}
        if line.startswith("<{", pa.i):
            pa.i += 2
            props = pa.dict()
            pa.i += 1
        if name == "aten._constant":
            v = props.get("value")
            if isinstance(v, tuple) and v[0] == "dense":
                cname = "_rulegen_constant%d" % new_consts[0]
                new_consts[0] += 1
                attrs[cname] = _dense_tensor(v[1], v[2])
                node = fxg.get_attr(cname)
            else:
                raise ConversionError("aten._constant without a tensor value")
        else:
            if name in DENORMALIZE:
                target, args, kwargs = DENORMALIZE[name](operands, props)
            else:
                target = _resolve(name)
                if target is None:
                    raise ConversionError("op %s has no torch 1.13 counterpart" % name)
                args, kwargs = _build_args(target, operands, props, name)
            node = fxg.call_function(target, tuple(args), kwargs)
        n = int(nres) if nres else 1
        if n == 1:
            env[res] = node
        else:
            for i in range(n):
                env["%s#%d" % (res, i)] = fxg.call_function(operator.getitem, (node, i))
            env[res] = env[res + "#0"]
    if returned is None:
        raise ConversionError("the rewritten graph has no func.return")

    def untree(t):
        kind, v = t
        if kind == "v":
            return returned[v]
        if kind == "c":
            return v
        return kind(untree(x) for x in v)

    fxg.output(untree(conv.out_tree))
    fxg.eliminate_dead_code()
    return torch.fx.GraphModule(attrs, fxg)


def _build_args(target, operands, props, name):
    args, kwargs = [], {}
    oi = 0
    positional = True
    for a in target._schema.arguments:
        t = str(a.type)
        if _is_tensor_type(t):
            v = operands[oi] if oi < len(operands) else None
            oi += 1 if oi < len(operands) else 0
        elif _is_tensor_list(t):
            v = list(operands[oi:])
            oi = len(operands)
        elif a.name in props:
            v = _prop_value(a, props[a.name], "%s.%s" % (name, a.name))
        elif a.has_default_value():
            if not a.kwarg_only:
                positional = False
            continue
        else:
            raise ConversionError("%s: property '%s' is missing" % (name, a.name))
        if a.kwarg_only or not positional:
            kwargs[a.name] = v
        else:
            args.append(v)
    if oi != len(operands):
        raise ConversionError("%s: %d operands, the schema takes %d" % (name, len(operands), oi))
    return args, kwargs


class Result:
    """rulegen.fx.run's statistics, beside the new module."""

    def __init__(self, stats, before, after, seconds):
        self.stats = stats
        self.before = before       # op histogram of the converted graph
        self.after = after         # and after the pipeline
        self.seconds = seconds     # to_rulegen, run, from_rulegen

    def __repr__(self):
        return "<rulegen.fx.Result %r>" % self.stats


def histogram(graph):
    """Op histogram of a rulegen Graph without module, func and return."""
    return {k: v for k, v in graph.histogram().items()
            if k not in ("builtin.module", "func.func", "func.return")}


def run(gm, target="arm", example_inputs=None, ruleset=None, constants="reference",
        **run_options):
    """Converts gm (constants as in to_rulegen), runs pipeline `target` of
    the rule set (the bundled one by default), converts back and returns
    the new GraphModule; its attribute `rulegen` holds a Result
    (statistics, histograms before and after, times). run_options go to
    rulegen.Graph.run (inexact, verify_by_execution, disabled_rules, ...)."""
    t0 = time.perf_counter()
    conv = to_rulegen(gm, example_inputs, ruleset, constants)
    before = histogram(conv.graph)
    t1 = time.perf_counter()
    stats = conv.graph.run(target, **run_options)
    t2 = time.perf_counter()
    after = histogram(conv.graph)
    out = from_rulegen(conv)
    t3 = time.perf_counter()
    out.rulegen = Result(stats, before, after, {"to_rulegen": t1 - t0, "run": t2 - t1,
                                                "from_rulegen": t3 - t2})
    return out
