"""The embedding API over librulegen: rule sets (targets), graphs read from
and written to MLIR text, pipelines run with statistics, explain, proof by
execution and rgopt's command line. docs/python.md is the guide.

Ownership: a Graph owns its RgGraph and frees it when it is collected; it
keeps the RuleSet it was read for alive, and a RuleSet keeps the shared
library its tables live in. Statistics and messages are copied into
Python objects before the C memory holding them is released, so nothing
handed out points into freed memory.
"""
import ctypes
import os
import tempfile

from . import _capi as C

GENERIC, PRETTY = 0, 1
RG_OK = 0
NO_NODE = 0xFFFFFFFF


class RulegenError(Exception):
    """An error reported by the library. `diagnostics` holds one
    `file:line:col: error: message` string per error when the input had
    positions."""

    def __init__(self, message, diagnostics=()):
        super().__init__(message)
        self.diagnostics = list(diagnostics)


def _s(b):
    return b.decode("utf-8", "replace") if b is not None else None


def version():
    return _s(C.lib().rg_version())


class RuleSet:
    """One rule set: the tables `rulegen --symbol NAME` generates (pipelines,
    passes, op registry, dialect syntax). Built by load_target."""

    def __init__(self, desc, owner):
        self._desc = desc        # RgOptTarget
        self._owner = owner      # the CDLL holding the tables
        self.name = _s(desc.name)
        self.pipelines = {}
        i = 0
        while desc.pipelines and desc.pipelines[i]:
            p = desc.pipelines[i].contents
            self.pipelines[_s(p.name)] = [p.passes[k] for k in range(p.num_passes)]
            i += 1
        self.passes = {}
        i = 0
        while desc.passes and desc.passes[i]:
            self.passes[_s(desc.passes[i].contents.name)] = desc.passes[i]
            i += 1
        for plist in self.pipelines.values():
            for p in plist:
                self.passes.setdefault(_s(p.contents.name), p)
        self.ops = [_s(desc.ops[k].name) for k in range(desc.num_ops)]

    def __repr__(self):
        return "<rulegen.RuleSet %s: pipelines %s>" % (self.name, ", ".join(sorted(self.pipelines)))

    def pipeline(self, name):
        """The passes of pipeline `name` (a target name such as "arm";
        "ethos-u55" is also the pipeline ethos_u55, as in rgopt)."""
        if name not in self.pipelines and name.replace("-", "_") in self.pipelines:
            name = name.replace("-", "_")
        if name not in self.pipelines:
            raise RulegenError("unknown target '%s': the rule set '%s' has %s" %
                               (name, self.name, ", ".join(sorted(self.pipelines))))
        return self.pipelines[name]

    def rules(self, pass_name):
        """(rule, source, inexact) for every rule of a pass."""
        p = self._pass(pass_name).contents
        return [(_s(p.rules[r].name), _s(p.rules[r].source), bool(p.rules[r].inexact))
                for r in range(p.num_rules)]

    def _pass(self, name):
        if name not in self.passes:
            raise RulegenError("unknown pass '%s' in the rule set '%s'" % (name, self.name))
        return self.passes[name]

    def root_ops(self, pass_name):
        """The ops a pass's rules can be rooted at."""
        p = self._pass(pass_name).contents
        return sorted({_s(p.op_names[p.roots[k]]) for k in range(p.num_roots)})

    def opt_main(self, args):
        """rgopt's whole command line (docs/rgopt.md) over this rule set;
        prints as rgopt does and returns its exit status."""
        argv = [b"rgopt"] + [a.encode() if isinstance(a, str) else a for a in args]
        arr = (ctypes.c_char_p * (len(argv) + 1))(*argv, None)
        return C.lib().rg_opt_main(len(argv), arr, ctypes.byref(self._desc), 1)


_bundled = None


def load_target(library=None, symbol=None):
    """Loads a rule set: the bundled one (no arguments; pipelines
    ethos-u55, ethos-u85, arm, xnnpack), or the rule set a user compiled
    with `rulegen --symbol SYMBOL` into the shared library `library`
    (linked against the same librulegen), found by its exported
    descriptor rg_target_SYMBOL and refused unless generated for this
    library's ABI. This is the one place rule sets are loaded."""
    global _bundled
    lib = C.lib()
    if library is None:
        if symbol not in (None, "builtin"):
            raise RulegenError("the bundled rule set is 'builtin', not '%s'" % symbol)
        if _bundled is None:
            desc = C.RgOptTarget()
            lib.rg_bundled_target(ctypes.byref(desc))
            _bundled = RuleSet(desc, lib)
        return _bundled
    if not symbol:
        raise RulegenError("load_target(%r): give the rule set's --symbol NAME" % library)
    try:
        user = ctypes.CDLL(os.path.abspath(library))
    except OSError as e:
        raise RulegenError("cannot load %s: %s" % (library, e)) from None
    try:
        found = C.RgOptTarget.in_dll(user, "rg_target_" + symbol)
    except ValueError:
        raise RulegenError("%s has no rule set '%s' (no symbol rg_target_%s)" %
                           (library, symbol, symbol)) from None
    err = ctypes.create_string_buffer(512)
    if lib.rg_target_check(ctypes.byref(found), err, len(err)) != 0:
        raise RulegenError("%s: %s" % (library, _s(err.value)))
    desc = C.RgOptTarget()
    ctypes.pointer(desc)[0] = found          # a copy: the library's stays const
    if not desc.syntax:   # the shipped dialects' custom forms, as rgopt reads them
        desc.syntax = load_target()._desc.syntax
    return RuleSet(desc, user)


def _format_diags(diags, text):
    lib = C.lib()
    out = []
    lines = None
    for i in range(diags.count):
        d = diags.items[i]
        sev = ("error", "warning", "note")[d.sev] if 0 <= d.sev < 3 else "error"
        msg = _s(d.msg)
        if d.loc.src:
            line, col = C.u32(), C.u32()
            lib.rg_source_linecol(d.loc.src, d.loc.off, ctypes.byref(line), ctypes.byref(col))
            head = "%s:%d:%d: %s: %s" % (_s(d.loc.src.contents.name), line.value, col.value,
                                         sev, msg)
            if lines is None:
                lines = text.split("\n")
            if 0 < line.value <= len(lines):
                src_line = lines[line.value - 1]
                head += "\n" + src_line[:400] + "\n" + " " * min(col.value - 1, 400) + "^"
            out.append(head)
        else:
            out.append("%s: %s" % (sev, msg))
    return out


class Stats:
    """What a pipeline run did: per pass (ran, skipped, rewrites, visited
    nodes, seconds) and fires per rule, copied out of the library."""

    def __init__(self, rs, passes, st):
        self.passes = []
        self.fires = {}        # "pass.rule" -> fires
        self.inexact = {}      # "pass.rule" -> fires, for inexact rules
        for i in range(st.num_passes):
            ps = st.passes[i]
            pd = passes[i].contents
            name = _s(pd.name)
            self.passes.append({"name": name, "ran": bool(ps.ran), "skipped": bool(ps.skipped),
                                "rewrites": ps.rewrites, "seconds": ps.seconds,
                                "nodes_visited": ps.nodes_visited})
            if ps.rule_fires:
                for r in range(pd.num_rules):
                    n = ps.rule_fires[r]
                    if n:
                        key = "%s.%s" % (name, _s(pd.rules[r].name))
                        self.fires[key] = self.fires.get(key, 0) + n
                        if pd.rules[r].inexact:
                            self.inexact[key] = self.inexact.get(key, 0) + n
        self.total_seconds = st.total_seconds
        self.total_visited = st.total_visited
        self.dedup_merged = st.dedup_merged
        self.max_error = None   # set by a proof by execution after inexact rules
        self.proof_runs = 0
        self.explain = []       # (pass, rule, why) when explaining

    @property
    def rewrites(self):
        return sum(p["rewrites"] for p in self.passes)

    def __repr__(self):
        return "<rulegen.Stats %d rewrites in %.3f ms: %s>" % (
            self.rewrites, self.total_seconds * 1e3,
            ", ".join("%s=%d" % kv for kv in sorted(self.fires.items())))

    def format(self):
        rows = ["%-36s %-8s %8s %10s %10s" % ("pass", "", "rewrites", "visited", "ms")]
        for p in self.passes:
            rows.append("%-36s %-8s %8d %10d %10.3f" % (
                p["name"], "skipped" if p["skipped"] else "ran", p["rewrites"],
                p["nodes_visited"], p["seconds"] * 1e3))
        for k, v in sorted(self.fires.items()):
            rows.append("  %-50s %6d%s" % (k, v, "  (inexact)" if k in self.inexact else ""))
        return "\n".join(rows)


class Graph:
    """A graph read from MLIR text for a rule set. Owns its RgGraph."""

    def __init__(self, ptr, ruleset):
        self._ptr = ptr
        self.ruleset = ruleset
        self._lib = C.lib()

    def __del__(self):
        ptr, self._ptr = getattr(self, "_ptr", None), None
        if ptr:
            self._lib.rg_graph_free(ptr)

    def _g(self):
        if not self._ptr:
            raise RulegenError("the graph was freed")
        return self._ptr

    def free(self):
        """Releases the graph now (otherwise when it is collected)."""
        self.__del__()

    def to_mlir(self, pretty=False):
        n = C.c_size_t()
        p = self._lib.rg_mlir_write_with(self._g(), PRETTY if pretty else GENERIC,
                                         self.ruleset._desc.syntax,
                                         ctypes.byref(n))
        if not p:
            raise MemoryError("rulegen: out of memory writing the graph")
        try:
            return ctypes.string_at(p, n.value).decode("utf-8")
        finally:
            self._lib.rg_free(p)

    def num_nodes(self):
        return self._lib.rg_graph_num_nodes(self._g())

    def histogram(self):
        """{op name: live nodes} at every depth, frozen nodes included."""
        g = self._g()
        out = {}
        for op in range(self._lib.rg_op_count_ids(g)):
            n = self._lib.rg_op_total(g, op)
            if n:
                out[_s(self._lib.rg_op_name(g, op))] = n
        return out

    def _nth_node(self, index):
        found = []
        count = [0]

        def visit(node, _user):
            if count[0] == index:
                found.append(C.RgNodeHead.from_address(node))
                return False
            count[0] += 1
            return True

        cb = C.NODE_FN(visit)
        self._lib.rg_graph_walk(self._g(), cb, None)
        if not found:
            raise RulegenError("explain %d: the graph has %d op(s), numbered from 0 in file order"
                               % (index, count[0]))
        return found[0]

    def verify(self):
        msg = ctypes.create_string_buffer(1024)
        if self._lib.rg_graph_verify(self._g(), msg, len(msg)) != RG_OK:
            raise RulegenError("the graph does not verify: " + _s(msg.value))

    def run(self, target=None, passes=None, inexact=False, verify_by_execution=0,
            tolerance=(1e-5, 1e-3), disabled_rules=(), isolate_rule=None, verify_each=False,
            explain=None, budget=0):
        """Runs pipeline `target` (a name of the graph's rule set, e.g. "arm")
        or the passes named in `passes`, in place, and returns Stats.
        inexact: also apply `inexact` rules. verify_by_execution=N: run N
        random input sets through the graph before and after and raise
        RulegenError unless every result is bit-identical (within
        `tolerance` = (rel, floor) when an inexact rule fired). explain=N:
        record in stats.explain why each rule did or did not fire on the
        N-th op (file order)."""
        rs = self.ruleset
        if (target is None) == (passes is None):
            raise RulegenError("run: give either a target or passes")
        plist = rs.pipeline(target) if target is not None else [rs._pass(p) for p in passes]
        arr = (ctypes.POINTER(C.RgPassDesc) * max(len(plist), 1))(*plist)
        lib = self._lib
        g = self._g()
        opt = C.RgRunOptions()
        lib.rg_run_options_init(ctypes.byref(opt))
        opt.inexact = bool(inexact)
        opt.verify_each = bool(verify_each)
        opt.budget_factor = int(budget)
        keep = []
        if disabled_rules:
            names = [r.encode() for r in disabled_rules] + [None]
            d = (ctypes.c_char_p * len(names))(*names)
            keep.append(d)
            opt.disabled_rules = d
        if isolate_rule:
            opt.isolate_rule = isolate_rule.encode()
        if target is not None:   # as rgopt --target: merge identical pure ops
            opt.dedup_ops = rs._desc.ops
            opt.dedup_num_ops = rs._desc.num_ops
        explained = []
        if explain is not None:
            node = self._nth_node(int(explain))
            opt.explain_node = node.id

            def on_explain(_user, p, r, why):
                explained.append((_s(p), _s(r), _s(why)))

            cb = C.EXPLAIN_FN(on_explain)
            keep.append(cb)
            opt.explain_fn = cb
        err = ctypes.create_string_buffer(2048)
        proof = None
        if verify_by_execution:
            proof = self._record(int(verify_by_execution))
        st = C.RgRunStats()
        try:
            passes = ctypes.cast(arr, ctypes.POINTER(ctypes.POINTER(C.RgPassDesc)))
            pipeline = C.RgPipelineDesc(None, len(plist), passes)
            s = lib.rg_pipeline_run(g, ctypes.byref(pipeline), ctypes.byref(opt), ctypes.byref(st),
                                    err, len(err))
            stats = Stats(rs, plist, st)
            lib.rg_run_stats_free(ctypes.byref(st))
            stats.explain = explained
            if s != RG_OK:
                raise RulegenError("%s: %s" % (_s(lib.rg_status_name(s)), _s(err.value)))
            msg = ctypes.create_string_buffer(1024)
            if lib.rg_graph_verify(g, msg, len(msg)) != RG_OK:
                raise RulegenError("the graph does not verify after the passes: " + _s(msg.value))
            if proof:
                self._check(proof, stats, tolerance)
        finally:
            if proof:
                lib.rg_proof_free(proof)
        return stats

    def execute(self, inputs, func="forward"):
        """Runs function `func` of the graph in the reference interpreter
        (every op through its evaluator) on `inputs`, a list of
        (shape, values) with values a flat sequence of floats, one per
        f32 argument in order, and returns the results the same way
        (values as array('f')). Only f32 arguments and results."""
        import array
        lib = self._lib
        g = self._g()
        f = lib.rg_interp_find_func(g, func.encode())
        if not f:
            raise RulegenError("execute: the graph has no function @%s" % func)
        ts = (C.RgTensor * max(len(inputs), 1))()
        made = 0
        ip = None
        outs = ctypes.POINTER(C.RgTensor)()
        nout = C.u32()
        try:
            for i, (shape, values) in enumerate(inputs):
                dims = (ctypes.c_int64 * max(len(shape), 1))(*shape)
                if lib.rg_tensor_init(ctypes.byref(ts[i]), C.RG_DT_F32, len(shape), dims) != RG_OK:
                    raise RulegenError("execute: input %d: bad shape %s" % (i, list(shape)))
                made += 1
                buf = array.array("f", values)
                if len(buf) != ts[i].numel:
                    raise RulegenError("execute: input %d has %d values for shape %s"
                                       % (i, len(buf), list(shape)))
                if len(buf):
                    ctypes.memmove(ts[i].elems_, buf.buffer_info()[0], len(buf) * 4)
            ip = self._interp()
            if lib.rg_interp_run(ip, f, ts, len(inputs), ctypes.byref(outs),
                                 ctypes.byref(nout)) != RG_OK:
                raise RulegenError("execute: " + _s(lib.rg_interp_message(ip)))
            res = []
            for i in range(nout.value):
                t = outs[i]
                if t.dtype != C.RG_DT_F32:
                    raise RulegenError("execute: result %d is not f32" % i)
                vals = array.array("f", bytes(t.numel * 4))
                if t.numel:
                    ctypes.memmove(vals.buffer_info()[0], t.elems_, t.numel * 4)
                res.append((tuple(t.dims[:t.rank]), vals))
            return res
        finally:
            if outs:
                lib.rg_tensor_array_free(outs, nout.value)
            if ip:
                lib.rg_interp_free(ip)
            for i in range(made):
                lib.rg_tensor_release(ctypes.byref(ts[i]))

    def _interp(self):
        rs = self.ruleset
        ip = self._lib.rg_interp_new(self._g(), rs._desc.ops, rs._desc.num_ops)
        if not ip:
            raise MemoryError("rulegen: out of memory making an interpreter")
        return ip

    def _record(self, runs):
        lib = self._lib
        ip = self._interp()
        notes = []
        cb = C.NOTE_FN(lambda _u, m: notes.append(_s(m)))
        proof = ctypes.c_void_p()
        err = ctypes.create_string_buffer(2048)
        try:
            po = C.RgProofOptions(runs, None, cb, None)
            s = lib.rg_proof_record(ip, ctypes.byref(po), ctypes.byref(proof), err, len(err))
        finally:
            lib.rg_interp_free(ip)
        if s != RG_OK:
            raise RulegenError("verify by execution: " + _s(err.value))
        if lib.rg_proof_num_runs(proof) == 0:
            lib.rg_proof_free(proof)
            raise RulegenError("verify by execution: no function ran on any input set: " +
                               "; ".join(notes))
        return proof

    def _check(self, proof, stats, tolerance):
        lib = self._lib
        ip = self._interp()
        err = ctypes.create_string_buffer(2048)
        max_err = ctypes.c_double(0.0)
        # Bit-exact unless an inexact rule fired (rgopt --verify-by-execution).
        try:
            if stats.inexact:
                tol = C.RgTolerance(tolerance[0], tolerance[1])
                s = lib.rg_proof_check_within(proof, ip, tol, ctypes.byref(max_err), err, len(err))
            else:
                s = lib.rg_proof_check(proof, ip, err, len(err))
        finally:
            lib.rg_interp_free(ip)
        if s != RG_OK:
            raise RulegenError("verify by execution failed: " + _s(err.value))
        stats.max_error = max_err.value
        stats.proof_runs = lib.rg_proof_num_runs(proof)

    def report(self, path, target):
        """Writes rgopt's HTML report of running `target` on a copy of the
        graph (docs/rgopt.md, "The HTML report")."""
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "in.mlir")
            with open(src, "w") as f:
                f.write(self.to_mlir())
            rc = self.ruleset.opt_main(["--target", target, "--report", path, src,
                                        "-o", os.path.join(tmp, "out.mlir")])
        if rc != 0:
            raise RulegenError("report: rgopt exited with status %d" % rc)


def read_mlir(text, ruleset=None, name="<string>", verify=True):
    """Reads MLIR text (generic form, or the custom forms of the rule set's
    dialects) into a Graph. verify: also check every op the rule set
    declares against its declaration, as rgopt does at read. Errors raise
    RulegenError carrying `name:line:col: error: message`."""
    rs = ruleset if ruleset is not None else load_target()
    lib = C.lib()
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    src = lib.rg_source_from_mem(name.encode(), data, len(data))
    if not src:
        raise MemoryError("rulegen: out of memory reading %s" % name)
    d = C.RgDiags()
    lib.rg_diags_init(ctypes.byref(d))
    g = None
    try:
        g = lib.rg_mlir_read_with(src, ctypes.byref(d), rs._desc.syntax)
        if g and verify:
            msg = ctypes.create_string_buffer(1024)
            if lib.rg_graph_verify(g, msg, len(msg)) != RG_OK:
                lib.rg_graph_free(g)
                raise RulegenError("%s: the graph does not verify: %s" % (name, _s(msg.value)))
            errs = lib.rg_graph_verify_ops(g, rs._desc.ops, rs._desc.num_ops, None, src,
                                           ctypes.byref(d))
            errs += lib.rg_graph_verify_spelling(g, rs._desc.syntax, None, src, ctypes.byref(d))
            if errs:
                lib.rg_graph_free(g)
                g = None
        if not g:
            diags = _format_diags(d, data.decode("utf-8", "replace"))
            raise RulegenError("\n".join(diags) or "%s: cannot read the graph" % name, diags)
    finally:
        lib.rg_diags_free(ctypes.byref(d))
        lib.rg_source_free(src)
    return Graph(g, rs)


def read_mlir_file(path, ruleset=None, verify=True):
    with open(path, "rb") as f:
        return read_mlir(f.read(), ruleset, name=path, verify=verify)
