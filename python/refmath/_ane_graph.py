"""Graphs of ANE model ops: refmath.ane.Graph (docs/ane.md, "Graphs").

A graph is a list of nodes in the order they were built (so every node's
inputs come before it).  It holds binary16 only, as the device does: an
input declared with, or a constant holding, any other dtype is refused
when the node is built, with a TypeError naming the node.  `run` feeds
every node to the refmath.ane function of its op under one profile;
`rewrite` returns a new graph and what the rewrite changed.
"""
import functools as _functools

import numpy as _np

from . import ane as _ane
from ._refmath import ane as _native

# name: class.  "lossless-or-better" never moves a result away from the
# fp32-faithful reference, "lossless" keeps every bit, "numeric" may
# change bits either way.
# "lossy" trades accuracy for weight bandwidth on purpose.
REWRITES = {
    "reduce_sum_to_matmul": "lossless-or-better",
    "decompose_sdpa": "lossless",
    "fold_scalar_chains": "numeric",
    "paired_fp16": "numeric",
    "encode_weight": "lossy",
}


# Ops whose refmath.ane function takes the matmul fields accumulator, tile.
_WIDE = {"matmul", "reduce_sum", "cumsum", "softmax", "reduce_mean",
         "layer_norm", "rms_norm", "attention", "conv2d"}

# The spec's cross-chip verdicts; "round1" (a reduce-then-square fusion) is
# never returned: the chips measured all compute fp16(sum)^2.
VERDICTS = ("saturation", "ulp1", "round1", "none")
_CHIPS = ("a13", "a14", "a15")
_A13_CROP_DMA = 4094.0   # 65504 / 16
_EARLY_BLOCK = 192       # A13, A14; A15 and later: 384


@_functools.lru_cache(maxsize=None)
def _known_ops():
    ops = set(_ane.functions()) | set(_ane.binary_functions())
    ops |= {"where", "matmul", "reduce_sum", "reduce_mean", "reduce_max",
            "cumsum", "softmax", "transpose", "reshape", "slice_last_axis", "layer_norm",
            "rms_norm", "gelu", "attention", "conv2d", "muls", "adds", "sdpa"}
    return frozenset(ops)


def _refuse_dtype(node, dtype):
    text = str(dtype)
    if text == "float16":
        return
    try:
        text = _np.dtype(dtype).name
    except TypeError:
        pass
    raise TypeError("node %r: %s is not implemented on the ANE (the graph "
                    "holds float16 only)" % (node, text))


class Node:
    """One op of a graph: `name`, `op`, `inputs` (nodes), `attrs`."""

    __slots__ = ("graph", "name", "op", "inputs", "attrs")

    def __init__(self, graph, name, op, inputs, attrs):
        self.graph, self.name, self.op = graph, name, op
        self.inputs, self.attrs = tuple(inputs), dict(attrs)

    def __repr__(self):
        args = [i.name for i in self.inputs]
        args += ["%s=%r" % kv for kv in sorted(self.attrs.items())
                 if kv[0] != "value"]
        return "%s = %s(%s)" % (self.name, self.op, ", ".join(args))


class Graph:
    """A graph of ANE model ops; build with input, constant and the ops."""

    def __init__(self):
        self.nodes, self.outputs, self._names = [], [], set()

    def __repr__(self):
        lines = [repr(n) for n in self.nodes]
        lines.append("outputs: " + ", ".join(n.name for n in self.outputs))
        return "\n".join(lines)

    def _add(self, op, inputs, attrs, name=None):
        name = name or "%s_%d" % (op, len(self.nodes))
        if name in self._names:
            raise ValueError("node name %r is used twice" % name)
        for x in inputs:
            if not isinstance(x, Node) or x.graph is not self:
                raise TypeError("node %r: input %r is not a node of this "
                                "graph" % (name, x))
        node = Node(self, name, op, inputs, attrs)
        self.nodes.append(node)
        self._names.add(name)
        return node

    def input(self, name, shape, dtype="float16"):
        """A value fed to run() under `name`: a float16 array of `shape`."""
        _refuse_dtype(name, dtype)
        return self._add("input", (), {"shape": tuple(shape)}, name)

    def constant(self, name, value):
        """A float16 array baked into the graph (weights, ones, scales)."""
        value = _np.asarray(value)
        _refuse_dtype(name, value.dtype)
        return self._add("constant", (), {"value": value}, name)

    def op(self, op, *inputs, name=None, **attrs):
        """A node applying the refmath.ane function `op` to `inputs`;
        attrs are its keyword arguments (axis=..., route=...).  muls / adds
        multiply / add a scalar `c` (rounded to float16 when built); reshape
        takes shape= (NumPy's, row-major, no rounding); sdpa
        is ((q @ k^T) * scale).softmax(-1) @ v."""
        if op not in _known_ops():
            raise ValueError("node %r: unknown op %r (ops: %s)" % (
                name, op, ", ".join(sorted(_known_ops()))))
        if op in ("muls", "adds"):
            attrs["c"] = _np.float16(attrs["c"])
        if op == "sdpa":
            if attrs.get("scale") is None:
                raise ValueError("node %r: sdpa needs its scale (1/sqrt(d) "
                                 "for head size d)" % name)
            attrs["scale"] = _np.float16(attrs["scale"])
            if not (attrs["scale"] > 0 and _np.isfinite(attrs["scale"])):
                raise ValueError("node %r: sdpa's scale must be positive and "
                                 "finite in float16, got %r" % (
                                     name, float(attrs["scale"])))
        return self._add(op, inputs, attrs, name)

    def __getattr__(self, op):
        if op.startswith("_") or op not in _known_ops():
            raise AttributeError(op)
        return lambda *inputs, **attrs: self.op(op, *inputs, **attrs)

    def output(self, *nodes):
        """Mark the graph's results (run returns them in this order)."""
        for n in nodes:
            if not isinstance(n, Node) or n.graph is not self:
                raise TypeError("output %r is not a node of this graph" % (n,))
        self.outputs.extend(nodes)
        return self

    def run(self, feeds, profile="spec", accumulator=None, tile=None):
        """The outputs' float16 arrays for `feeds` {input name: float16
        array of its shape}, every node one refmath.ane call."""
        values = self.values(feeds, profile, accumulator, tile)
        return [values[n.name] for n in self.outputs]

    def values(self, feeds, profile="spec", accumulator=None, tile=None):
        """{node name: its float16 array} for `feeds`, every node."""
        values = {}
        wide = {"profile": profile, "accumulator": accumulator, "tile": tile}
        for n in self.nodes:
            values[n.name] = _evaluate(n, [values[i.name] for i in n.inputs],
                                       feeds, wide)
        return values

    def routes(self, feeds, accumulator=None, tile=None):
        """The cross-chip report: for each node, the spec's verdict (one of
        VERDICTS) of whether A13, A14 and A15+ compute it differently, why,
        and the largest difference measured on `feeds` between the chip
        presets a13, a14 and a15, in binary16 ulps (None where a value is
        finite on one chip and not on another).  A node downstream of a
        routed one inherits its differences under verdict "none"."""
        runs = [self.values(feeds, chip, accumulator, tile) for chip in _CHIPS]
        return [Route(n.name, n.op, *_verdict(n, runs[-1]),
                      _max_ulps([r[n.name] for r in runs]))
                for n in self.nodes]

    def rewrite(self, name, profile="spec", **options):
        """(new graph, [what changed, one line per change]) for the rewrite
        `name` of REWRITES.  fold_scalar_chains folds in float16 under
        `profile`; paired_fp16 takes node= (an add or sub node), and
        encode_weight node= (a matmul's 2-D weight constant) and
        encoding= ("int8", "int4" or "sparse")."""
        if name not in REWRITES:
            raise ValueError("unknown rewrite %r (rewrites: %s)" % (
                name, ", ".join(REWRITES)))
        if options and name not in ("paired_fp16", "encode_weight"):
            raise ValueError("rewrite %r takes no options, got %s" % (
                name, ", ".join(sorted(options))))
        return _REWRITERS[name](self, profile, **options)

    def node(self, name):
        """The node called `name`."""
        for n in self.nodes:
            if n.name == name:
                return n
        raise ValueError("no node %r in the graph" % (name,))

    def consumers(self, node):
        """The nodes reading `node`, and 1 more if it is an output."""
        return (sum(node in n.inputs for n in self.nodes) +
                (node in self.outputs))


class Route(tuple):
    """One row of Graph.routes: node, op, verdict, why, max_ulps."""

    __slots__ = ()
    _fields = ("node", "op", "verdict", "why", "max_ulps")

    def __new__(cls, *fields):
        return tuple.__new__(cls, fields)

    def __getattr__(self, name):
        return self[self._fields.index(name)]

    def __repr__(self):
        return "%s (%s): %s, %s; measured %s" % (
            self.node, self.op, self.verdict, self.why,
            "a non-finite difference" if self.max_ulps is None
            else "%d ulp" % self.max_ulps)


def _summed_length(n, values):
    """The length of the wide sum a routed node takes, or 0."""
    x = values[n.inputs[0].name] if n.inputs else None
    axis = n.attrs.get("axis", -1)
    if n.op in ("reduce_sum", "reduce_mean"):
        return x.shape[axis] if n.attrs.get("route", "narrow") == "matmul" else 0
    if n.op in ("softmax", "layer_norm", "rms_norm"):
        return x.shape[axis]
    if n.op in ("attention", "sdpa"):
        return values[n.inputs[1].name].shape[-2]  # the keys
    return 0


def _verdict(n, values):
    if n.op == "slice_last_axis" and n.attrs.get("offset", 0) > 0:
        x = values[n.inputs[0].name].astype(_np.float64)
        peak = _np.max(_np.abs(x[_np.isfinite(x)]), initial=0)
        if peak > _A13_CROP_DMA:
            return "saturation", ("a width-offset slice through A13's crop-DMA, "
                                  "values up to %g > 4094" % peak)
        return "none", "a width-offset slice, values within 4094"
    length = _summed_length(n, values)
    if length > _EARLY_BLOCK:
        verdict, why = "ulp1", ("a wide sum of %d: blocks of 192 on A13/A14, "
                                "384 on A15+" % length)
    elif length:
        verdict, why = "none", "a wide sum of %d, one block on every chip" % length
    else:
        return "none", "no route differs"
    if n.op in ("attention", "sdpa"):
        queries = values[n.inputs[0].name].shape[-2]
        why += ("; %d queries: the device's fused attention (not modelled)"
                % queries if fused_attention_route(queries, length) == "fused"
                else "; %d queries: the decomposition on the device too" % queries)
    return verdict, why


def _max_ulps(arrays):
    """The largest distance in binary16 ulps between the arrays (positions
    on the ordered line of binary16 values), None if one is finite where
    another is not."""
    keys = []
    for a in arrays:
        bits = _np.asarray(a).view(_np.uint16).astype(_np.int32)
        keys.append(_np.where(bits & 0x8000, -(bits & 0x7FFF), bits))
    finite = [_np.isfinite(_np.asarray(a)) for a in arrays]
    if any(_np.any(f != finite[0]) for f in finite):
        return None
    worst = 0
    for k in keys[1:]:
        both = finite[0]
        if _np.any(both):
            worst = max(worst, int(_np.max(_np.abs(k - keys[0])[both])))
    return worst


def _evaluate(n, args, feeds, wide):
    if n.op == "input":
        if n.name not in feeds:
            raise ValueError("input %r is not fed" % n.name)
        x = _np.asarray(feeds[n.name])
        _refuse_dtype(n.name, x.dtype)
        if x.shape != n.attrs["shape"]:
            raise ValueError("input %r: shape %s, declared %s" % (
                n.name, x.shape, n.attrs["shape"]))
        return x
    if n.op == "constant":
        return n.attrs["value"]
    if n.op == "transpose":
        if "swap" in n.attrs:
            return _np.ascontiguousarray(_np.swapaxes(args[0], *n.attrs["swap"]))
        return _np.ascontiguousarray(_np.transpose(args[0], n.attrs.get("axes")))
    if n.op == "reshape":
        try:
            return _np.reshape(args[0], tuple(n.attrs["shape"]))
        except ValueError:
            raise ValueError("node %r: cannot reshape %s to %s" % (
                n.name, args[0].shape, tuple(n.attrs["shape"]))) from None
    if n.op in ("muls", "adds"):
        op = _ane.mul if n.op == "muls" else _ane.add
        return op(args[0], n.attrs["c"], profile=wide["profile"])
    if n.op == "sdpa":  # the model has no fused attention: the decomposition
        return _ane.attention(*args, scale=float(n.attrs["scale"]), **wide)
    if n.op == "paired_combine":
        return _paired_combine(args, n.attrs, wide["profile"])
    kwargs = dict(n.attrs)
    kwargs.update(wide if n.op in _WIDE else {"profile": wide["profile"]})
    return getattr(_ane, n.op)(*args, **kwargs)


class _Copier:
    """Rebuilds a graph node by node, following renamed inputs."""

    def __init__(self, old):
        self.old, self.new, self.map = old, Graph(), {}

    def copy(self, n, op=None, inputs=None, attrs=None):
        ins = [self.map[i.name] for i in (n.inputs if inputs is None else inputs)]
        made = self.new._add(op or n.op, ins,
                             n.attrs if attrs is None else attrs, n.name)
        self.map[n.name] = made
        return made

    def done(self):
        self.new.outputs = [self.map[n.name] for n in self.old.outputs]
        return self.new


def _reduce_sum_to_matmul(g, profile):
    c, changes = _Copier(g), []
    for n in g.nodes:
        if n.op == "reduce_sum" and n.attrs.get("route", "narrow") == "narrow":
            attrs = dict(n.attrs, route="matmul")
            c.copy(n, attrs=attrs)
            changes.append("%s: reduce_sum along axis %s, narrow -> x @ ones "
                           "(the wide accumulator)" % (n.name, n.attrs.get("axis", -1)))
        else:
            c.copy(n)
    return c.done(), changes


def _decompose_sdpa(g, profile):
    c, changes = _Copier(g), []
    for n in g.nodes:
        if n.op != "sdpa":
            c.copy(n)
            continue
        q, k, v = (c.map[i.name] for i in n.inputs)
        scale, new = n.attrs["scale"], c.new
        kt = new._add("transpose", [k], {"swap": (-1, -2)}, n.name + "/k_t")
        s = new._add("matmul", [q, kt], {}, n.name + "/scores")
        s = new._add("muls", [s], {"c": scale}, n.name + "/scaled")
        p = new._add("softmax", [s], {"axis": -1}, n.name + "/softmax")
        c.map[n.name] = new._add("matmul", [p, v], {}, n.name)
        changes.append("%s: sdpa -> ((q @ k^T) * %r).softmax(-1) @ v" % (
            n.name, float(scale)))
    return c.done(), changes


def _fold_scalar_chains(g, profile):
    """muls(muls(x, a), b) -> muls(x, a * b), the product rounded to float16
    as the model's mul under `profile` rounds it (adds alike), when the
    inner node has no other reader."""
    def foldable(n):
        return (n.op in ("muls", "adds") and n.inputs[0].op == n.op and
                g.consumers(n.inputs[0]) == 1)
    folded_away = {n.inputs[0].name for n in g.nodes if foldable(n)}
    c, changes, pending = _Copier(g), [], {}
    for n in g.nodes:
        if n.op in ("muls", "adds"):
            x, const = c.map.get(n.inputs[0].name), n.attrs["c"]
            if foldable(n):
                x, inner = pending.pop(n.inputs[0].name)
                op = _ane.mul if n.op == "muls" else _ane.add
                const = _np.float16(op(inner, const, profile=profile).reshape(-1)[0])
                changes.append("%s: %s(%s(x, %r), %r) -> %s(x, %r)" % (
                    n.name, n.op, n.op, float(inner), float(n.attrs["c"]),
                    n.op, float(const)))
            if n.name in folded_away:
                pending[n.name] = (x, const)
            else:
                c.map[n.name] = c.new._add(n.op, [x], {"c": const}, n.name)
            continue
        c.copy(n)
    return c.done(), changes


def _paired_fp16(g, profile, node=None):
    """The add or sub node `node` in paired float16: each operand that is a
    mul node becomes TwoProd of that mul's operands (its rounding kept in
    lo), any other operand (x, 0); then TwoSum and one rounding back."""
    n = g.node(node)
    if n.op not in ("add", "sub"):
        raise ValueError("paired_fp16: node %r is %s, not an add or sub"
                         % (node, n.op))
    terms = tuple("mul" if i.op == "mul" else "value" for i in n.inputs)
    inputs = [x for i in n.inputs
              for x in (i.inputs if i.op == "mul" else (i,))]
    c = _Copier(g)
    for m in g.nodes:
        if m is n:
            c.copy(m, op="paired_combine", inputs=inputs,
                   attrs={"sign": n.op, "terms": terms})
        else:
            c.copy(m)
    held = ", ".join("%s as TwoProd(%s)" % (i.name, ", ".join(
        x.name for x in i.inputs)) if t == "mul" else "%s as (%s, 0)" % (
        i.name, i.name) for i, t in zip(n.inputs, terms))
    return c.done(), ["%s: %s in paired float16 (%s), rounded once" % (
        n.name, n.op, held)]


def fused_attention_route(queries, keys):
    """"fused" where the device's native attention is within its envelope
    (neither axis above 2048, not both above 512), else "decomposed"."""
    fused = _native.within_fused_attention_envelope(queries, keys)
    return "fused" if fused else "decomposed"


def is_matmul_weight(g, n):
    """Whether node n of g is a weight encode_weight can store: a 2-D
    constant read only as a matmul's right operand."""
    readers = [m for m in g.nodes if n in m.inputs]
    return (n.op == "constant" and n.attrs["value"].ndim == 2 and bool(readers)
            and all(m.op == "matmul" and m.inputs[1] is n for m in readers))


def _encode_weight(g, profile, node=None, encoding=None):
    """The weight constant `node` ([K, N], read as a matmul's right
    operand) stored as `encoding`: its value becomes the float16 weight
    the device reconstructs (refmath.ane.compress, one int8 scale per
    output column)."""
    n = g.node(node)
    if not is_matmul_weight(g, n):
        raise ValueError("encode_weight: node %r is not a 2-D constant read "
                         "only as a matmul's right operand" % (node,))
    value = n.attrs["value"]
    if encoding not in ("int8", "int4", "sparse"):
        raise ValueError("encode_weight: encoding %r (encodings: int8, int4, "
                         "sparse)" % (encoding,))
    packed = _ane.compress(_np.ascontiguousarray(value.T), encoding)
    c = _Copier(g)
    for m in g.nodes:
        if m is n:
            c.copy(m, attrs={"value": _np.ascontiguousarray(packed["weight"].T),
                             "encoding": encoding})
        else:
            c.copy(m)
    return c.done(), ["%s: fp16 -> %s weight (Frobenius error %.3g)" % (
        node, encoding, packed["frobenius_relerr"])]


def _paired_combine(args, attrs, profile):
    shape = _np.broadcast_shapes(*(a.shape for a in args))
    args = [_np.ascontiguousarray(_np.broadcast_to(a, shape)) for a in args]
    pairs = []
    for t in attrs["terms"]:
        if t == "mul":
            x, y, args = args[0], args[1], args[2:]
            pairs.append(_ane.paired_mul(_ane.paired_of(x, profile),
                                         _ane.paired_of(y, profile), profile))
        else:
            pairs.append(_ane.paired_of(args[0], profile))
            args = args[1:]
    op = _ane.paired_sub if attrs["sign"] == "sub" else _ane.paired_add
    return _ane.paired_to_float16(*op(pairs[0], pairs[1], profile), profile)


_REWRITERS = {
    "reduce_sum_to_matmul": _reduce_sum_to_matmul,
    "decompose_sdpa": _decompose_sdpa,
    "fold_scalar_chains": _fold_scalar_chains,
    "paired_fp16": _paired_fp16,
    "encode_weight": _encode_weight,
}
