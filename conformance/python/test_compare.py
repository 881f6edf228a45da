"""refmath.compare: the same report as `refmath compare --json` on the same
files, field for field, and as its text; invariants with expected values
from NumPy (refmath's own outputs, their next floats)."""
import io
import json

import numpy as np
import pytest

import refmath
from capi_reference import capi
from cli import run_cli

RNG = np.random.default_rng(19)


def cli_report(tmp_path, *args, ok=(0,)):
    path = tmp_path / "cli.json"
    proc = run_cli("compare", *args, "--json", path, ok=ok)
    return json.loads(path.read_text()), proc.stdout


def save(tmp_path, name, a):
    path = tmp_path / name
    if name.endswith(".npy"):
        np.save(path, a)
    else:
        path.write_bytes(a.tobytes())
    return str(path)


CASES = [
    # (function, variant, outputs' maker, cli options, compare() keywords)
    ("exp", "exact", lambda x: np.exp(x), [], {}),
    ("tanh", "fast", lambda x: np.tanh(x),
     ["--max-ulp", "1.5", "--worst", "3"], {"max_ulp": 1.5, "worst": 3}),
    ("sigmoid", "exact", lambda x: (1 / (1 + np.exp(-x))).astype(np.float32),
     ["--max-ulp-vs-oracle", "0"], {"max_ulp_vs_oracle": 0}),
    ("erf", "exact", lambda x: capi("erf", "exact", x).astype(np.float16),
     [], {}),
]


@pytest.mark.parametrize("function,variant,make,options,keywords", CASES)
def test_report_equals_the_cli_json(tmp_path, function, variant, make,
                                    options, keywords):
    x = RNG.uniform(-6, 6, 5000).astype(np.float32)
    xs = save(tmp_path, "x.npy", x)
    ys = save(tmp_path, "y.npy", make(x))
    want, text = cli_report(tmp_path, "--function", function, "--variant",
                            variant, "--inputs", xs, "--outputs", ys,
                            *options, ok=(0, 1))
    report = refmath.compare(function, xs, ys, variant=variant, **keywords)
    assert report.to_dict() == want
    assert repr(report) == text
    assert report.passed is want["pass"] and report.verdict == want["verdict"]
    if want["pass"] is None:  # no bound set: neither true nor false
        with pytest.raises(ValueError, match="no bound set"):
            bool(report)
    else:
        assert bool(report) is want["pass"]
    assert report.backend == want["backend"] and report.count == 5000


def test_label_names_the_backend_everywhere(tmp_path):
    x = RNG.uniform(-4, 4, 1000).astype(np.float32)
    y = np.tanh(x)
    report = refmath.compare("tanh", x, y, label="numpy")
    assert report.label == "numpy" and report.verdict == "no bound set"
    last = repr(report).rstrip().splitlines()[-1]
    assert last.startswith("NO BOUND SET: numpy max ")
    assert "nearer the truth: numpy on " in last and "refmath exact on" in last
    fig = report.plot()
    assert "numpy" in fig._suptitle.get_text()
    with pytest.raises(ValueError, match="label"):
        refmath.compare("tanh", x, y, label="")


def test_bfloat16_raw_outputs_equal_the_cli(tmp_path):
    x = RNG.uniform(-3, 3, 4000).astype(np.float32)
    # bfloat16 by truncation of NumPy's float32 tanh: its upper 16 bits.
    y = (np.tanh(x).view(np.uint32) >> 16).astype(np.uint16)
    xs, ys = save(tmp_path, "x.raw", x), save(tmp_path, "y.bf16", y)
    want, text = cli_report(tmp_path, "--function", "tanh", "--inputs", xs,
                            "--outputs", ys, "--outputs-dtype", "bfloat16",
                            ok=(0, 1))
    report = refmath.compare("tanh", xs, ys, outputs_dtype="bfloat16")
    assert report.to_dict() == want and repr(report) == text
    assert report.ulps_of == "bfloat16"


def test_arrays_give_the_files_report(tmp_path):
    x = RNG.uniform(-80, 80, 3000).astype(np.float32)
    y = np.exp(x)
    files = refmath.compare("exp", save(tmp_path, "x.npy", x),
                            save(tmp_path, "y.npy", y)).to_dict()
    arrays = refmath.compare("exp", x, y).to_dict()
    assert arrays.pop("inputs") == arrays.pop("outputs") == "<array>"
    del files["inputs"], files["outputs"]
    assert arrays == files


def test_the_oracles_own_outputs_are_identical():
    x = RNG.uniform(-9, 9, 3000).astype(np.float32)
    r = refmath.compare("gelu_erf", x, capi("gelu_erf", "exact", x))
    assert r.backend["vs_oracle"]["identical"] == 3000
    assert r.backend["vs_oracle"]["max_ulp"] == 0
    assert r.backend["vs_truth"] == r.oracle["vs_truth"]
    assert r.closer == {"backend": 0, "oracle": 0, "tie": 3000}
    np.testing.assert_array_equal(r.backend_bits, r.oracle_bits)


def test_one_ulp_up_is_one_ulp_from_the_oracle():
    x = RNG.uniform(-10, 10, 2000).astype(np.float32)
    up = np.nextafter(capi("exp", "exact", x), np.float32(np.inf))
    r = refmath.compare("exp", x, up, max_ulp_vs_oracle=1)
    d = r.backend["vs_oracle"]
    assert d["identical"] == 0 and d["max_ulp"] == 1.0
    assert d["histogram"]["<=1"] == 2000 and r.passed
    assert not refmath.compare("exp", x, up, max_ulp_vs_oracle=0.5).passed


def test_counts_add_up_and_per_input_arrays():
    x = RNG.uniform(-1, 100, 2500).astype(np.float32)
    x[:3] = [-1.0, np.nan, 0.0]  # log: NaN, NaN, -inf
    with np.errstate(divide="ignore", invalid="ignore"):
        y = np.log(x)
    r = refmath.compare("log", x, y)
    for side in (r.backend["vs_truth"], r.oracle["vs_truth"]):
        assert sum(side["histogram"].values()) + \
            side["nan_inf_disagreements"] == r.count
    assert sum(r.closer.values()) == r.count
    assert r.x.dtype == np.float32 and r.x.shape == (2500,)
    np.testing.assert_array_equal(r.x_bits, x.view(np.uint32))
    assert r.backend_ulp.shape == r.oracle_ulp.shape == (2500,)
    # Per input: the CSV's figures (double precision); the max is settled
    # by MPFR, so they agree to about 1e-9 ulp.
    assert abs(np.nanmax(r.backend_ulp) -
               r.backend["vs_truth"]["max_ulp"]) < 1e-6


def test_wrong_argument_types_are_plain_type_errors():
    x = RNG.uniform(-1, 1, 10).astype(np.float32)
    y = np.exp(x)
    for kwargs, needle in (({"max_ulp": "1"}, "max_ulp must be a number or None, got str"),
                           ({"max_ulp_vs_oracle": [0]}, "max_ulp_vs_oracle must be a number"),
                           ({"worst": "a"}, "worst must be an int, got str"),
                           ({"threads": 1.5}, "threads must be an int"),
                           ({"variant": None}, "variant must be a str"),
                           ({"label": 3}, "label must be a str")):
        with pytest.raises(TypeError, match=needle) as e:
            refmath.compare("exp", x, y, **kwargs)
        assert "incompatible function arguments" not in str(e.value)
    with pytest.raises(TypeError, match="function must be a str"):
        refmath.compare(1, x, y)
    with pytest.raises(TypeError, match="inputs must be a path or an array"):
        refmath.compare("exp", None, y)


def test_errors_are_python_exceptions():
    x = np.ones(4, np.float32)
    with pytest.raises(ValueError, match="shape mismatch"):
        refmath.compare("exp", x, np.ones(5, np.float32))
    with pytest.raises(ValueError, match="unknown function 'no_such'"):
        refmath.compare("no_such", x, x)
    with pytest.raises(ValueError, match="no such file|cannot|No such"):
        refmath.compare("exp", "/nonexistent/x.npy", x)
    with pytest.raises(TypeError, match="float64"):
        refmath.compare("exp", x, np.ones(4))
    with pytest.raises(ValueError, match="non-negative"):
        refmath.compare("exp", x, x, max_ulp=-1)
    # An array's errors name the array and the keyword, not a file.
    with pytest.raises(ValueError, match=r"^outputs <array>: holds uint16 "
                       r".*outputs_dtype bfloat16"):
        refmath.compare("exp", x, np.ones(4, np.uint16))
    with pytest.raises(ValueError, match="^inputs <array>: no values"):
        refmath.compare("exp", x[:0], x[:0])
    with pytest.raises(ValueError, match="worst"):
        refmath.compare("exp", x, x, worst=-1)


def test_plot(tmp_path):
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    x = RNG.uniform(-5, 5, 2000).astype(np.float32)
    r = refmath.compare("tanh", x, np.tanh(x))
    fig = r.plot(tmp_path / "p.png")
    assert len(fig.axes) == 3
    assert (tmp_path / "p.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_shows_both_sides_and_leaves_pyplot_alone(recwarn):
    """The oracle has a panel of its own (not drawn under the backend's
    points), a million inputs plot as an envelope without warnings, and
    pyplot is left with the figures it had."""
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    x = RNG.uniform(-5, 5, 1 << 20).astype(np.float32)
    r = refmath.compare("tanh", x, np.tanh(x), label="numpy")
    open_before = plt.get_fignums()
    fig = r.plot()
    assert plt.get_fignums() == open_before
    titles = [ax.get_title() for ax in fig.axes]
    assert titles[:2] == ["numpy", "oracle (refmath exact)"]
    backend_line, oracle_line = fig.axes[0].lines[0], fig.axes[1].lines[0]
    # The envelope: one point per bin, each the bin's largest distance.
    assert 0 < backend_line.get_xdata().size <= 100_000
    assert oracle_line.get_ydata().max() == np.nanmax(
        r.oracle_ulp[np.isfinite(r.oracle_ulp)])
    fig.savefig(io.BytesIO(), format="png")  # draws every artist
    assert not [w for w in recwarn if "legend" in str(w.message).lower()]


# Tensor operations: compare("softmax", x, y, ...) is compare --op.

def test_tensor_op_is_the_command_field_for_field(tmp_path):
    x = (RNG.standard_normal((6, 40)) * 3).astype(np.float32)
    e = np.exp(x - x.max(axis=0, keepdims=True))
    y = e / e.sum(axis=0, keepdims=True)
    g = RNG.uniform(0.5, 2, 6).astype(np.float32)
    xp, yp, gp = (save(tmp_path, n + ".npy", a) for n, a in (("x", x), ("y", y), ("g", g)))
    for op, args, keywords in (
            ("softmax", ["--axis", "0"], {"axis": 0}),
            ("rms-norm", ["--axis", "-2", "--scale", gp, "--eps", "0.5"],
             {"axis": -2, "scale": g, "eps": 0.5})):
        want, text = cli_report(tmp_path, "--op", op, "--in", xp, "--outputs", yp, *args)
        got = refmath.compare(op.replace("-", "_"), x, y, **keywords)
        assert isinstance(got, refmath.TensorCompareReport)
        for key in ("in", "outputs"):
            assert got.to_dict()[key] == "<array>"
            del want[key]
        d = got.to_dict()
        del d["in"], d["outputs"]
        assert d == want
        assert repr(got).splitlines()[2:] == text.splitlines()[2:]
        assert got.backend["name"] == "backend" and got.exact["name"] == "refmath exact"


def test_tensor_op_known_errors():
    # Softmax of equal entries is 1/4 exactly; 3 binary32 steps up from it
    # are 3 ulp, 2 steps down 1 ulp (the spacing halves below 1/4).
    x = np.zeros((2, 4), np.float32)
    y = np.full((2, 4), 0.25, np.float32)
    y.view(np.uint32)[0, 2] += 3
    y.view(np.uint32)[1, 3] -= 2
    r = refmath.compare("softmax", x, y, max_ulp=2.5)
    assert not r and r.verdict == "fail"
    assert (r.backend["max_ulp"], r.backend["at_index"], r.backend["mean_ulp"]) == (3, 2, 0.5)
    assert r.closer == {"backend": 0, "exact": 2, "tie": 6}
    # matmul: (2^24, 1, 1) . (1, 1, 1) is 2^24 + 2; a float32 loop gives 2^24.
    a = np.array([[2.0 ** 24, 1, 1]], np.float32)
    r = refmath.compare("matmul", (a, np.ones((3, 1), np.float32)),
                        np.array([[2.0 ** 24]], np.float32), max_ulp=1)
    assert r and r.backend["max_ulp"] == 1 and r.out_shape == [1, 1]


def test_tensor_op_bad_arguments():
    x = np.zeros((2, 4), np.float32)
    with pytest.raises(ValueError, match="eps is the norms' option"):
        refmath.compare("softmax", x, x, eps=1e-3)
    with pytest.raises(ValueError, match=r"shape mismatch: outputs \(4,\)"):
        refmath.compare("log_softmax", x, x[0])
    with pytest.raises(TypeError, match="got float64"):
        refmath.compare("sum", x.astype(np.float64), x[:, 0])
    with pytest.raises(TypeError, match="matmul takes inputs=\\(a, b\\)"):
        refmath.compare("matmul", x, x)
    with pytest.raises(ValueError, match="axis 2 for"):
        refmath.compare("softmax", x, x, axis=2)


def test_tensor_op_attention():
    # Q = 0: uniform weights, the output the mean of V's rows (exact); a
    # -inf mask entry leaves its key out.
    q, k = np.zeros((2, 3), np.float32), np.ones((4, 3), np.float32)
    v = np.array([[1, 2], [3, 4], [5, 6], [7, 9]], np.float32)
    mask = np.array([[0, 0, 0, 0], [0, 0, -np.inf, -np.inf]], np.float32)
    y = np.array([[4, 5.25], [2, 3]], np.float32)
    r = refmath.compare("attention", (q, k, v), y, mask=mask, max_ulp=0)
    assert r and r.backend["max_ulp"] == 0 and r.mask == "<array>"
    with pytest.raises(TypeError, match=r"attention takes inputs=\(q, k, v\)"):
        refmath.compare("attention", (q, k), y)


@pytest.mark.parametrize("op", ["mean", "max", "min", "prod", "sum_square",
                                "l1_norm", "l2_norm", "logsumexp"])
def test_tensor_op_reductions_against_refmath_itself(op):
    # A backend that is refmath exact: bit-identical everywhere, never
    # nearer or farther, and its distance is the exact column's.
    x = np.random.default_rng(7).normal(0, 2, (5, 40)).astype(np.float32)
    y = getattr(refmath.tensor, op)(x, axis=0)
    r = refmath.compare(op, x, y, axis=0)
    assert r.backend["identical_to_exact"] == 40 == r.count
    assert r.closer == {"backend": 0, "exact": 0, "tie": 40}
    assert r.backend["max_ulp"] == r.exact["max_ulp"]


def test_tensor_op_reduction_hand_values():
    # max is exact; l2 of (3, 4) is 5; a backend one value off is 1 ulp.
    x = np.array([[3, 4], [-1, 0.5]], np.float32)
    assert refmath.compare("max", x, np.array([4, 0.5], np.float32),
                           max_ulp=0)
    off = np.nextafter(np.float32(5), np.float32(6))
    r = refmath.compare("l2-norm", x[:1], np.array([off], np.float32))
    assert r.backend["max_ulp"] == 1
