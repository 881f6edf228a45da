"""refmath.compare(): another backend's outputs against the truth and the
oracle, the report of ``refmath compare --json`` as an object."""
import copy
import json
import os
import tempfile

import numpy as np

from . import _args, _refmath

_DTYPES = {np.dtype("float32"): "<f4", np.dtype("float16"): "<f2",
           np.dtype("uint16"): "<u2"}


def _saved(value, role, directory):
    """(the path the library reads, the name the report shows): a path as
    it is, an array saved as a little-endian C-order .npy file."""
    if isinstance(value, (str, os.PathLike)):
        path = os.fspath(value)
        return path, path
    a = np.asarray(value)
    if a.dtype not in _DTYPES:
        raise TypeError(
            "%s: a float32, float16 or uint16 (bfloat16 bits) array, got %s "
            "(cast it yourself: refmath measures the values the backend "
            "actually had)" % (role, a.dtype))
    path = os.path.join(directory, role + ".npy")
    np.save(path, np.ascontiguousarray(a, dtype=_DTYPES[a.dtype]))
    return path, "<array>"


class CompareReport:
    """The report of one comparison; the fields of ``refmath compare
    --json`` (docs/compare.md) as attributes.

    function, variant, refmath_version, inputs, outputs, inputs_dtype,
    outputs_dtype, ulps_of, count, label (the backend's name): what was
    compared.
    backend: {"vs_truth": {...}, "vs_oracle": {...}}; oracle:
    {"vs_truth": {...}}; closer: {"backend", "oracle", "tie"};
    max_ulp_allowed, max_ulp_vs_oracle_allowed, verdict ("pass", "fail"
    or "no bound set"), passed (the JSON's "pass": True, False, or None
    when no bound was set).  bool(report) is passed; it raises ValueError
    when no bound was set, as there is nothing to be true or false.
    Per input, as arrays: x (float32), x_bits, backend_bits, oracle_bits
    (bits of the outputs' format), backend_ulp, oracle_ulp (distance to
    the truth, the figures ``--csv`` writes; inf for a NaN/inf
    disagreement; the report's max_ulp is settled by MPFR and may differ
    from their maximum in the ninth digit).
    """

    def __init__(self, json_text, text, x_bits, backend_bits, oracle_bits,
                 backend_ulp, oracle_ulp):
        self._dict = json.loads(json_text)
        self._text = text
        for key, value in self._dict.items():
            setattr(self, "passed" if key == "pass" else key, value)
        self.x_bits = x_bits
        self.x = x_bits.view(np.float32)
        self.backend_bits = backend_bits
        self.oracle_bits = oracle_bits
        self.backend_ulp = backend_ulp
        self.oracle_ulp = oracle_ulp

    def to_dict(self):
        """The report as ``refmath compare --json`` writes it."""
        return copy.deepcopy(self._dict)

    def __bool__(self):
        if self.passed is None:
            raise ValueError("no bound set: give max_ulp or max_ulp_vs_oracle "
                             "for a pass or fail verdict")
        return self.passed

    def __repr__(self):
        return self._text

    def plot(self, path=None):
        """A matplotlib Figure, made without pyplot (no figure is left
        open in pyplot's state): the distance to the truth against x for
        the backend and for the oracle side by side, on one symmetric-log
        scale, and both histograms.  Saved to `path` if given.  Above
        _PLOT_POINTS inputs each panel shows, per bin of that many inputs
        in x order, the bin's largest distance (the error envelope).
        NaN/inf disagreements (infinite distances) are left out of the
        scatter; the histogram is the report's."""
        from matplotlib.figure import Figure
        fig = Figure(figsize=(15, 4.5))
        left, middle, right = fig.subplots(1, 3, sharey=False)
        oracle = "oracle (refmath %s)" % self.variant
        for ax, ulp, name, color in ((left, self.backend_ulp, self.label, "C0"),
                                     (middle, self.oracle_ulp, oracle, "C1")):
            x, y = _envelope(self.x, ulp)
            ax.plot(x, y, ".", markersize=1.5, color=color, rasterized=True)
            ax.set_yscale("symlog", linthresh=1)
            ax.set_xlabel("x")
            ax.set_ylabel("ulp from the truth (%s)" % self.ulps_of)
            ax.set_title(name)
        top = max(a.get_ylim()[1] for a in (left, middle))
        for ax in (left, middle):
            ax.set_ylim(0, top)
        # The report's own histogram buckets, those either side uses.
        b_hist = self.backend["vs_truth"]["histogram"]
        o_hist = self.oracle["vs_truth"]["histogram"]
        labels = [k for k in b_hist if b_hist[k] or o_hist[k]]
        at = np.arange(len(labels))
        right.bar(at - 0.2, [b_hist[k] for k in labels], 0.4, label=self.label,
                  color="C0")
        right.bar(at + 0.2, [o_hist[k] for k in labels], 0.4, label=oracle,
                  color="C1")
        right.set_xticks(at, labels, rotation=45)
        right.set_yscale("log")
        right.set_xlabel("ulp from the truth (%s)" % self.ulps_of)
        right.set_ylabel("inputs")
        right.legend()
        fig.suptitle("%s: %s (%s) against the truth, %d values" %
                     (self.function, self.label, self.outputs, self.count))
        fig.tight_layout()
        if path is not None:
            fig.savefig(path)
        return fig


# The most points a panel of plot() draws one by one.
_PLOT_POINTS = 100_000


def _envelope(x, ulp):
    """(x, ulp) of the finite distances, in x order; beyond _PLOT_POINTS,
    one point per bin of consecutive inputs: its middle x and its largest
    distance."""
    finite = np.isfinite(ulp)
    order = np.argsort(x[finite], kind="stable")
    xs, ys = x[finite][order], ulp[finite][order]
    if xs.size <= _PLOT_POINTS:
        return xs, ys
    starts = np.linspace(0, xs.size, _PLOT_POINTS // 10, endpoint=False).astype(np.intp)
    return xs[starts + np.diff(np.append(starts, xs.size)) // 2], np.maximum.reduceat(ys, starts)

# The tensor operations compare() takes for `function` (compare --op).
# The activations silu, softplus and the GELUs are functions here: their
# names measure them as functions (--function), with the same truth.
TENSOR_OPS = ("softmax", "log-softmax", "layer-norm", "rms-norm", "sum",
              "matmul", "attention", "gemm", "mean", "max", "min", "prod",
              "sum-square", "l1-norm", "l2-norm", "logsumexp", "swiglu",
              "add", "rope")


class TensorCompareReport:
    """The report of one tensor comparison; the fields of ``refmath compare
    --op ... --json`` (docs/compare.md, "Tensor operations") as attributes.

    op, refmath_version, label, in, in2, outputs, in_shape, out_shape,
    axis, eps, count, ulps_of: what was compared.  columns: one dict per
    column (the backend, refmath exact, refmath fast and, for sum, refmath
    correctly rounded) with name, max_ulp, at_index, mean_ulp, normwise,
    nan_inf_disagreements, identical_to_exact; backend, exact and fast are
    the first three.  closer: {"backend", "exact", "tie"}; max_ulp_allowed,
    verdict, passed (True, False, or None when no bound was set).
    bool(report) is passed; it raises ValueError when no bound was set.
    """

    def __init__(self, json_text, text):
        self._dict = json.loads(json_text)
        self._text = text
        for key, value in self._dict.items():
            setattr(self, "passed" if key == "pass" else key, value)
        self.backend, self.exact, self.fast = self.columns[:3]

    def to_dict(self):
        """The report as ``refmath compare --op ... --json`` writes it."""
        return copy.deepcopy(self._dict)

    def __bool__(self):
        if self.passed is None:
            raise ValueError("no bound set: give max_ulp for a pass or fail "
                             "verdict")
        return self.passed

    def __repr__(self):
        return self._text


def _storage_format(outputs, outputs_dtype):
    """compare --op's --format: the outputs' storage, from outputs_dtype
    or, for 'auto', from the outputs array's dtype."""
    call = "refmath.compare"
    _args.text(outputs_dtype, "outputs_dtype", call)
    named = {"float32": "binary32", "float16": "binary16",
             "bfloat16": "bfloat16"}
    if outputs_dtype in named:
        return named[outputs_dtype]
    if outputs_dtype != "auto":
        raise ValueError("%s: unknown outputs_dtype %r (valid: auto, float32, "
                         "float16, bfloat16)" % (call, outputs_dtype))
    dtype = getattr(outputs, "dtype", None)
    if dtype == np.uint16:
        raise TypeError("%s: outputs of dtype uint16: pass "
                        "outputs_dtype='bfloat16' if they are bfloat16 bit "
                        "patterns" % call)
    return "binary16" if dtype == np.float16 else "binary32"


def _compare_op(op, inputs, outputs, axis, scale, bias, eps, mask, max_ulp,
                label, options):
    call = "refmath.compare"
    arity = {"matmul": (2,), "attention": (3,), "gemm": (2, 3),
             "swiglu": (2,), "add": (2,), "rope": (3,)}.get(op, (1,))
    if arity != (1,):
        if not isinstance(inputs, (tuple, list)) or len(inputs) not in arity:
            raise TypeError("%s: %s takes inputs=%s" % (
                call, op, {"matmul": "(a, b)", "gemm": "(a, b) or (a, b, c)",
                           "swiglu": "(gate, up)", "add": "(a, b)",
                           "rope": "(x, cos, sin)"}
                .get(op, "(q, k, v)")))
        a, b, c = (list(_args.path_or_array(v, "inputs", call) for v in inputs) +
                   [None])[:3]
    else:
        a, b, c = _args.path_or_array(inputs, "inputs", call), None, None
    outputs = _args.path_or_array(outputs, "outputs", call)
    axis = _args.integer(axis, "axis", call)
    max_ulp = _args.number(max_ulp, "max_ulp", call, optional=True)
    eps = _args.number(eps, "eps", call, optional=True)
    if eps is not None and op not in ("layer-norm", "rms-norm"):
        raise ValueError("eps is the norms' option")
    keep = None
    if op == "attention" and getattr(mask, "dtype", None) == np.bool_:
        keep, mask = mask.astype(np.float32), None  # False leaves a key out
    with tempfile.TemporaryDirectory(prefix="refmath-compare-") as tmp:
        files = [_saved(v, role, tmp) if v is not None else ("", "")
                 for v, role in ((a, "inputs"), (b, "b"), (c, "v"),
                                 (scale, "scale"), (bias, "bias"),
                                 (mask, "mask"), (keep, "mask"),
                                 (outputs, "outputs"))]
        try:
            result = _refmath.compare_op(
                op, [f[0] for f in files], axis,
                1e-5 if eps is None else eps, max_ulp, label,
                [f[1] for f in files], **options)
        except ValueError as e:
            message = _keyword_message(str(e), *files)
            third = {"gemm": "c", "rope": "sin"}.get(op, "v")
            for option, word in (("--in2", "b"), ("--in3", third),
                                 ("--keep", "mask"), ("--scale-by", "scale"),
                                 ("--in", "inputs"),
                                 ("--outputs", "outputs"), ("--", "")):
                message = message.replace(option, word)
            raise ValueError(message) from None
    return TensorCompareReport(*result)


def _attention_options(scale, causal):
    """attention's scale and causal for the extension."""
    call = "refmath.compare"
    given = {}
    if scale is not None:
        given["scale"] = _args.number(scale, "scale", call)
    if causal is not None:
        if not isinstance(causal, bool):
            raise TypeError("%s: causal must be a bool" % call)
        given["causal"] = causal
    return given


def _gemm_options(op, alpha, beta, trans_a, trans_b):
    """gemm's keywords for the extension; ValueError when given to another
    op."""
    given = {k: v for k, v in (("alpha", alpha), ("beta", beta),
                               ("trans_a", trans_a), ("trans_b", trans_b))
             if v is not None}
    if op != "gemm":
        if given:
            raise ValueError("%s is gemm's option" % sorted(given)[0])
        return {}
    call = "refmath.compare"
    for name in ("alpha", "beta"):
        if name in given:
            given[name] = _args.number(given[name], name, call)
    for name in ("trans_a", "trans_b"):
        if name in given and not isinstance(given[name], bool):
            raise TypeError("%s: %s must be a bool" % (call, name))
    return given


def compare(function, inputs, outputs, variant="exact", inputs_dtype="auto",
            outputs_dtype="auto", max_ulp=None, max_ulp_vs_oracle=None,
            worst=10, threads=0, label="backend", *, axis=-1, scale=None,
            bias=None, eps=None, mask=None, alpha=None, beta=None,
            trans_a=None, trans_b=None, causal=None, interleaved=None):
    """Measures a backend's `outputs` of `function` on `inputs` against the
    true value f(x) and against refmath's `variant` (the oracle), as
    ``refmath compare`` does; returns a CompareReport.

    `function` may also be a tensor operation (TENSOR_OPS, '_' for '-'
    taken too), as ``refmath compare --op`` measures it: `inputs` is X
    (matmul: the pair (a, b); attention: (q, k, v); gemm: (a, b) or
    (a, b, c)), float32 arrays or paths; `axis` the rows' (or the sum's)
    axis; `scale`, `bias` and `eps` the norms' (eps default 1e-5); `mask`
    attention's (float32 added, or bool: False leaves the key out); for
    attention `scale` is the scores' scale (default 1/sqrt(d)) and
    `causal` a bool, both with q, k, v of four axes (B, H, L, d); `alpha`,
    `beta` (default 1), `trans_a`, `trans_b` (default False) gemm's;
    the elementwise ops swiglu (inputs (gate, up)), add ((a, b)) and rope
    ((x, cos, sin), `interleaved` a bool); silu, softplus and the GELUs
    are measured as the functions of those names;
    max_ulp and label as below.  Half precision: float16 outputs, or
    bfloat16 bit patterns in uint16 with outputs_dtype="bfloat16", are
    measured in that format's ulps against refmath's results rounded to
    it once; the inputs may be float32 or in the same format.  It returns
    a TensorCompareReport.

    inputs, outputs: paths of .npy or raw files (as the command reads
    them), or arrays: float32, float16, or uint16 holding bfloat16 bits
    (with outputs_dtype="bfloat16").  max_ulp, max_ulp_vs_oracle: the
    bounds the verdict checks (--max-ulp, --max-ulp-vs-oracle); worst: the
    largest differences from the oracle listed; threads: 0 for every core;
    label: the backend's name in the report and the plot.

    ValueError with the library's message on an unreadable or mismatched
    file, an unknown name or a bad bound; TypeError on an array of
    another dtype or an argument of the wrong type (a bound given as a
    str, say).
    """
    call = "refmath.compare"
    _args.text(function, "function", call)
    if function.replace("_", "-") in TENSOR_OPS:
        _args.text(label, "label", call)
        op = function.replace("_", "-")
        options = _gemm_options(op, alpha, beta, trans_a, trans_b)
        if op == "attention":
            options.update(_attention_options(scale, causal))
            scale = None
        elif causal is not None:
            raise ValueError("causal is attention's option")
        if interleaved is not None:
            if op != "rope":
                raise ValueError("interleaved is rope's option")
            if not isinstance(interleaved, bool):
                raise TypeError("%s: interleaved must be a bool" % call)
            options["interleaved"] = interleaved
        options["format"] = _storage_format(outputs, outputs_dtype)
        return _compare_op(op, inputs, outputs, axis, scale, bias, eps, mask,
                           max_ulp, label, options)
    for name, value in (("function", function), ("variant", variant),
                        ("inputs_dtype", inputs_dtype),
                        ("outputs_dtype", outputs_dtype), ("label", label)):
        _args.text(value, name, call)
    inputs = _args.path_or_array(inputs, "inputs", call)
    outputs = _args.path_or_array(outputs, "outputs", call)
    max_ulp = _args.number(max_ulp, "max_ulp", call, optional=True)
    max_ulp_vs_oracle = _args.number(max_ulp_vs_oracle, "max_ulp_vs_oracle",
                                     call, optional=True)
    worst = _args.integer(worst, "worst", call)
    threads = _args.integer(threads, "threads", call)
    if worst < 0:
        raise ValueError("worst must be 0 or more, got %r" % (worst,))
    with tempfile.TemporaryDirectory(prefix="refmath-compare-") as tmp:
        in_path, in_name = _saved(inputs, "inputs", tmp)
        out_path, out_name = _saved(outputs, "outputs", tmp)
        try:
            result = _refmath.compare(
                function, variant, in_path, out_path, inputs_dtype,
                outputs_dtype, max_ulp, max_ulp_vs_oracle, worst, threads,
                label, in_name, out_name)
        except ValueError as e:
            raise ValueError(_keyword_message(str(e), (in_path, in_name),
                                              (out_path, out_name))) from None
    return CompareReport(*result)


def _keyword_message(message, *files):
    """The library's message in this function's terms: an array's
    temporary file named as the array, options as keywords."""
    for path, name in files:
        if name == "<array>":
            message = message.replace(path, os.path.basename(path)[:-4] +
                                      " <array>")
    for option in ("inputs-dtype", "outputs-dtype"):
        message = message.replace("--" + option, option.replace("-", "_"))
    return message
