"""refmath.ane equals `refmath ane ...` on the same inputs, bit for bit;
the paired arithmetic against exact float64 sums."""
import warnings

import numpy as np
import pytest

import refmath
from cli import run_cli

RNG = np.random.default_rng(9)
PROFILES = list(refmath.ane.profiles())
ALL_HALVES = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(
    np.float16)


def same_bits(a, b):
    a, b = np.asarray(a), np.asarray(b)
    assert a.dtype == b.dtype and a.shape == b.shape, (a.dtype, b.dtype,
                                                       a.shape, b.shape)
    np.testing.assert_array_equal(a.view(np.uint8), b.view(np.uint8))


def cli_arrays(tmp_path, args, inputs, outputs, ok=(0,)):
    """Saves `inputs` {option: array}, runs `refmath ane ARGS` with them
    and with `outputs` as --OPTION paths, loads the outputs."""
    argv = list(args)
    for option, array in inputs.items():
        path = tmp_path / (option + ".npy")
        np.save(path, array)
        argv += ["--" + option, path]
    for option in outputs:
        argv += ["--" + option, tmp_path / (option + "-out.npy")]
    proc = run_cli("ane", *argv, ok=ok)
    return [np.load(tmp_path / (o + "-out.npy")) for o in outputs], proc


def test_module_lists_the_registry():
    assert PROFILES[0] == "spec" and {"m1", "m3", "m5"} <= set(PROFILES)
    for name in refmath.ane.functions():
        assert callable(getattr(refmath.ane, name))


def test_binary_ops_are_numpy_float16_arithmetic_under_spec(tmp_path):
    # Under the spec profile each op is the exact result rounded once to
    # binary16, ties to even, subnormals kept: what NumPy's float16
    # arithmetic gives (binary32 has enough bits for the double rounding of
    # +, -, * and / to be harmless).  Shapes broadcast as NumPy's.
    x = halves((3, 1, 40), 300.0)
    y = halves((5, 1), 1e-3)
    y[0, 0], y[1, 0], y[2, 0] = 0.0, -0.0, np.inf
    x[0, 0, :4] = [np.nan, -0.0, 6e-8, 65504]
    with np.errstate(all="ignore"):
        for op, ref in [("add", np.add), ("sub", np.subtract),
                        ("mul", np.multiply), ("div", np.divide)]:
            got = getattr(refmath.ane, op)(x, y)
            want = ref(x, y)
            assert got.shape == want.shape == (3, 5, 40)
            nan = np.isnan(want)
            assert np.array_equal(np.isnan(got), nan), op
            same_bits(np.where(nan, 0, got).astype(np.float16),
                      np.where(nan, 0, want).astype(np.float16))
            (cli,), _ = cli_arrays(tmp_path, ["binary", "--op", op],
                                   {"a": x, "b": y}, ["out"])
            same_bits(got, cli)
    # minimum / maximum: -0 is below +0, and NaN wins.
    a = np.array([-0.0, 0.0, np.nan, 1.0], np.float16)
    b = np.array([0.0, -0.0, 1.0, np.nan], np.float16)
    same_bits(refmath.ane.minimum(a, b),
              np.array([-0.0, -0.0, np.nan, np.nan], np.float16))
    same_bits(refmath.ane.maximum(a, b),
              np.array([0.0, 0.0, np.nan, np.nan], np.float16))
    # m3 reads a subnormal operand as zero; spec keeps it.
    tiny = np.array([6e-8], np.float16)
    assert refmath.ane.add(tiny, tiny, profile="spec")[0] == np.float16(1.2e-7)
    assert refmath.ane.add(tiny, tiny, profile="m3")[0] == 0
    with pytest.raises(ValueError, match="do not broadcast"):
        refmath.ane.add(halves((2, 3)), halves((2, 2)))
    with pytest.raises(ValueError, match="unknown op"):
        refmath.ane._ane.binary("pow", a, b, "spec")


def test_comparisons_and_where_as_numpy(tmp_path):
    # Comparisons give float16 1 or 0, as NumPy's comparisons cast do (NaN
    # compares unequal, -0 equals +0); where picks a where cond reads
    # nonzero, NaN included.
    x = halves((4, 1, 9), 3.0)
    y = halves((3, 1), 3.0)
    x[0, 0, :4] = [np.nan, -0.0, 0.0, 1.0]
    y[0, 0], y[1, 0] = 0.0, np.nan
    x[1, 0, :3] = y[2, 0]  # equal values
    with np.errstate(invalid="ignore"):
        for op, ref in [("greater", np.greater), ("greater_equal", np.greater_equal),
                        ("less", np.less), ("less_equal", np.less_equal),
                        ("equal", np.equal), ("not_equal", np.not_equal)]:
            same_bits(getattr(refmath.ane, op)(x, y), ref(x, y).astype(np.float16))
    cond = np.array([[1.0], [0.0], [np.nan], [-0.0]], np.float16)
    a, b = halves((4, 5)), halves((5,))
    got = refmath.ane.where(cond, a, b)
    same_bits(got, np.where((cond != 0) | np.isnan(cond), a, b))
    (cli,), _ = cli_arrays(tmp_path, ["select"], {"cond": cond, "a": a, "b": b},
                           ["out"])
    same_bits(got, cli)
    # m3 reads a subnormal condition as zero: b.
    tiny = np.array([6e-8], np.float16)
    assert refmath.ane.where(tiny, a[0, :1], b[:1])[0] == a[0, 0]
    assert refmath.ane.where(tiny, a[0, :1], b[:1], profile="m3")[0] == b[0]
    with pytest.raises(ValueError, match="do not broadcast"):
        refmath.ane.where(np.ones(3, np.float16), a, b)


@pytest.mark.parametrize("axis", [0, 2, -1])
def test_reduce_max_and_cumsum_along_any_axis(tmp_path, axis):
    # reduce_max selects, so it is NumPy's max with keepdims (NaN wins);
    # cumsum of small integers is exact through the wide accumulator.
    x = halves((3, 4, 5, 6), 100.0)
    x[1, 2, 3, 4] = np.nan
    same_bits(refmath.ane.reduce_max(x, axis=axis, profile="m3"),
              np.max(x, axis=axis, keepdims=True))
    (cli,), _ = cli_arrays(tmp_path, ["reduce-max", "--axis", str(axis)],
                           {"in": x}, ["out"])
    same_bits(refmath.ane.reduce_max(x, axis=axis), cli)
    n = RNG.integers(-20, 21, size=(3, 4, 5, 6)).astype(np.float16)
    got = refmath.ane.cumsum(n, axis=axis, profile="m1")
    same_bits(got, np.cumsum(n.astype(np.float64), axis=axis).astype(np.float16))
    (cli,), _ = cli_arrays(tmp_path, ["cumsum", "--axis", str(axis), "--profile", "m1"],
                           {"in": n}, ["out"])
    same_bits(got, cli)
    with pytest.raises(ValueError, match="axis"):
        refmath.ane.cumsum(n, axis=4)


def test_batched_matmul_broadcasts_as_numpy_and_the_cli(tmp_path):
    # [2, 1, 3, 7] @ [4, 7, 5] -> [2, 4, 3, 5]: block (i, j) is the 2-D
    # product of a[i, 0] and b[j], bit for bit, and the command agrees.
    a, b = halves((2, 1, 3, 7), 30.0), halves((4, 7, 5), 30.0)
    c = refmath.ane.matmul(a, b, profile="m1")
    assert c.shape == np.matmul(a, b).shape == (2, 4, 3, 5)
    for i in range(2):
        for j in range(4):
            same_bits(c[i, j], refmath.ane.matmul(a[i, 0], b[j], profile="m1"))
    (want,), _ = cli_arrays(tmp_path, ["matmul", "--profile", "m1"],
                            {"a": a, "b": b}, ["out"])
    same_bits(c, want)
    with pytest.raises(ValueError, match="batch axes do not broadcast"):
        refmath.ane.matmul(halves((2, 3, 7)), halves((3, 7, 5)))


@pytest.mark.parametrize("profile", ["spec", "m1"])
def test_every_unary_function_over_every_half(tmp_path, profile):
    x = tmp_path / "x.npy"
    np.save(x, ALL_HALVES)
    for name in refmath.ane.functions():
        run_cli("ane", "eval", "--function", name, "--profile", profile,
                "--in", x, "--out", tmp_path / "y.npy")
        same_bits(getattr(refmath.ane, name)(ALL_HALVES, profile=profile),
                  np.load(tmp_path / "y.npy"))


def halves(shape, scale=4.0):
    return (RNG.standard_normal(shape) * scale).astype(np.float16)


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("options", [{}, {"accumulator": "exact"},
                                     {"tile": 4}])
def test_matmul(tmp_path, profile, options):
    a, b = halves((2, 5, 33), 30.0), halves((33, 3), 30.0)
    flags = ["matmul", "--profile", profile]
    for k, v in options.items():
        flags += ["--" + k, str(v)]
    (want,), _ = cli_arrays(tmp_path, flags, {"a": a, "b": b}, ["out"])
    same_bits(refmath.ane.matmul(a, b, profile=profile, **options), want)
    # float32 operands: rounded by the profile's input cast.
    a32 = RNG.standard_normal((4, 6)).astype(np.float32)
    b32 = RNG.standard_normal(6).astype(np.float32)
    (want,), _ = cli_arrays(tmp_path, flags, {"a": a32, "b": b32}, ["out"])
    same_bits(refmath.ane.matmul(a32, b32, profile=profile, **options), want)


@pytest.mark.parametrize("profile", ["spec", "m1"])
def test_reductions_and_softmax(tmp_path, profile):
    x = halves((3, 4, 40), 100.0)
    for axis in (-1, 0, 1):
        for route in ("narrow", "matmul"):
            (want,), _ = cli_arrays(
                tmp_path, ["reduce-sum", "--profile", profile, "--axis",
                           str(axis), "--route", route], {"in": x}, ["out"])
            same_bits(refmath.ane.reduce_sum(x, axis=axis, route=route,
                                             profile=profile), want)
        (want,), _ = cli_arrays(tmp_path, ["softmax", "--profile", profile,
                                           "--axis", str(axis)],
                                {"in": x / 20}, ["out"])
        same_bits(refmath.ane.softmax(x / 20, axis=axis, profile=profile),
                  want)


@pytest.mark.parametrize("method", ["dense", "staged"])
def test_fft_and_ifft(tmp_path, method):
    re, im = halves((3, 16)), halves((3, 16))
    (r, i), _ = cli_arrays(tmp_path, ["fft", "--method", method, "--scale",
                                      "0.25"], {"re": re, "im": im},
                           ["out-re", "out-im"])
    got = refmath.ane.fft(re, im, scale=0.25, method=method)
    same_bits(got[0], r)
    same_bits(got[1], i)
    (r, i), _ = cli_arrays(tmp_path, ["ifft", "--method", method],
                           {"re": re}, ["out-re", "out-im"])
    got = refmath.ane.ifft(re, method=method)
    same_bits(got[0], r)
    same_bits(got[1], i)


def spd(n):
    m = RNG.standard_normal((n, n))
    return (m @ m.T / n + np.eye(n)).astype(np.float16)


@pytest.mark.parametrize("method,options", [
    ("cg", {"iterations": 3}), ("cg", {"iterations": 3, "refine": 1}),
    ("cg", {"iterations": 3, "jacobi": False}), ("normal", {"iterations": 3}),
    ("lsqr", {}), ("gmres", {}),
    ("refine", {"rounds": 2, "inner": 10})])
def test_solvers(tmp_path, method, options):
    a = spd(6) if method != "lsqr" and method != "normal" else \
        halves((9, 6), 1.0)
    b = halves(a.shape[0], 1.0)
    flags = ["solve", "--method", method]
    inputs = {"a": a, "b": b}
    kwargs = dict(options)
    for k, v in options.items():
        if k == "jacobi":
            flags.append("--no-jacobi")
        else:
            flags += ["--" + k, str(v)]
    if method == "refine":
        x0 = np.full(6, 0.1)
        inputs["x0"] = x0
        kwargs["x0"] = x0
    (want,), proc = cli_arrays(tmp_path, flags, inputs, ["out"], ok=(0, 1))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        same_bits(refmath.ane.solve(method, a, b, **kwargs), want)
    assert bool(caught) == (proc.returncode == 1)


def test_solver_breakdown_warns_as_the_command_fails(tmp_path):
    # Unscaled diag(1, 49152), b = (1, 2^-8): the second step's A p
    # overflows; x is the first step's alpha b, alpha = fp16(1 / 1.75).
    a = np.array([[1, 0], [0, 49152]], np.float16)
    b = np.array([1, 2.0 ** -8], np.float16)
    (want,), proc = cli_arrays(tmp_path, ["solve", "--method", "cg",
                                          "--no-jacobi"],
                               {"a": a, "b": b}, ["out"], ok=(1,))
    assert "breakdown" in proc.stderr
    with pytest.warns(RuntimeWarning, match="x is the last finite iterate"):
        x = refmath.ane.solve("cg", a, b, jacobi=False)
    same_bits(x, want)
    alpha = np.float16(1) / np.float16(1.75)
    same_bits(x, np.array([alpha, alpha * np.float16(2.0 ** -8)], np.float64))


def test_cg_past_convergence_stops_without_a_warning():
    # r.r underflows to 0 within the 40 steps: converged, not 0 / 0.
    a = np.array([[4, 1], [1, 3]], np.float16)
    b = np.array([1, 2], np.float16)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        x = refmath.ane.solve("cg", a, b)
    ref = np.linalg.solve(a.astype(np.float64), b.astype(np.float64))
    assert np.linalg.norm(x - ref) < 1e-2 * np.linalg.norm(ref)


@pytest.mark.parametrize("encoding", ["fp16", "int8", "int4", "sparse",
                                      "auto"])
def test_compress(tmp_path, encoding):
    w = RNG.standard_normal((8, 16)).astype(np.float32)
    if encoding == "sparse":
        w[RNG.random(w.shape) < 0.7] = 0
    x = halves((5, 16), 1.0)
    (want,), proc = cli_arrays(
        tmp_path, ["compress", "--encoding", encoding],
        {"in": w, "gate-input": x}, ["out"])
    got = refmath.ane.compress(w, encoding, gate_input=x)
    same_bits(got["weight"], want)
    lines = proc.stdout.splitlines()
    if encoding == "auto":
        assert proc.stdout == got["trail"] + "auto: " + got["encoding"] + "\n"
    else:
        assert lines[0] == "%s: Frobenius relative error %.6g" % (
            encoding, got["frobenius_relerr"])
        assert lines[1].startswith("%s: gate relerr %.6g" % (
            encoding, got["gate_relerr"]))
        assert ("refused" not in lines[1]) == got["accepted"]


def test_paired_arithmetic_is_exact_where_it_must_be():
    # TwoSum: hi + lo of paired(a) + paired(b) is a + b exactly (float64
    # holds any sum of two float16 values) when nothing overflows.
    a, b = halves(500, 50.0), halves(500, 0.01)
    hi, lo = refmath.ane.paired_add(refmath.ane.paired_of(a),
                                    refmath.ane.paired_of(b))
    np.testing.assert_array_equal(hi.astype(np.float64) + lo.astype(np.float64),
                                  a.astype(np.float64) + b.astype(np.float64))
    # paired_of(x) is (x, 0); paired_to_float16 of it is x.
    hi, lo = refmath.ane.paired_of(a)
    same_bits(hi, a)
    assert not lo.any()
    same_bits(refmath.ane.paired_to_float16(hi, lo), a)
    # from float64: hi = fp16(v), lo = fp16(v - hi).
    v = np.array([1 + 2.0**-12, np.pi])
    hi, lo = refmath.ane.paired_from_float64(v)
    same_bits(hi, v.astype(np.float16))
    same_bits(lo, (v - hi.astype(np.float64)).astype(np.float16))
    # a - b through the pairs, rounded once: the float16 rounding of the
    # exact difference.
    same_bits(refmath.ane.paired_subtract(a, b),
              (a.astype(np.float64) - b.astype(np.float64)).astype(np.float16))


def test_paired_mul_and_dot():
    # |a|, |b| in [8, 60): every error term a multiple of 2^-14, a normal
    # float16, so TwoProd is exact.
    def operand():
        return (RNG.uniform(8, 60, (3, 8)) *
                RNG.choice([-1, 1], (3, 8))).astype(np.float16)
    a, b = operand(), operand()
    pa, pb = refmath.ane.paired_of(a), refmath.ane.paired_of(b)
    hi, lo = refmath.ane.paired_mul(pa, pb)
    # TwoProd of float16 values in range: hi + lo is the exact product.
    np.testing.assert_array_equal(hi.astype(np.float64) + lo.astype(np.float64),
                                  a.astype(np.float64) * b.astype(np.float64))
    hi, lo = refmath.ane.paired_dot(pa, pb)
    assert hi.shape == lo.shape == (3, 1)
    exact = (a.astype(np.float64) * b.astype(np.float64)).sum(-1)
    approx = hi.astype(np.float64)[:, 0] + lo.astype(np.float64)[:, 0]
    assert np.all(np.abs(approx - exact) <= 1e-3 * np.abs(exact).max())


def test_errors_are_python_exceptions():
    x = halves((2, 3))
    with pytest.raises(ValueError, match="profile"):
        refmath.ane.exp(x, profile="m9")
    with pytest.raises(ValueError, match="unknown function"):
        refmath.ane.eval("cosh", x)
    with pytest.raises(TypeError, match="int32"):
        refmath.ane.exp(np.ones(3, np.int32))
    with pytest.raises(ValueError):
        refmath.ane.matmul(x, halves((4, 2)))
    with pytest.raises(ValueError, match="accumulator"):
        refmath.ane.matmul(x, halves((3, 2)), accumulator="fp64")
    with pytest.raises(ValueError, match="axis"):
        refmath.ane.softmax(x, axis=5)
    with pytest.raises(ValueError, match=r"\[n, n\]"):
        refmath.ane.solve("cg", halves((3, 2)), halves(3))
    with pytest.raises(ValueError, match="gate_input"):
        refmath.ane.compress(np.ones((2, 2), np.float32), "auto")
    with pytest.raises(ValueError, match="differ in shape"):
        refmath.ane.paired_add((x, x), (x[:1], x[:1]))
    with pytest.raises(ValueError, match="more than 4 axes"):
        refmath.ane.matmul(np.ones((1, 1, 1, 1, 1), np.float16), x)


def test_one_input_rule_for_every_call():
    """float32 and float64 are rounded once by the input cast in every call
    (eval and the unary functions too, which refused them before), and a
    (hi, lo) pair is refused where an array is expected and the reverse."""
    x32 = np.float32([1.0, -0.5, 3.1, 1e-6, 70000.0])
    x16 = x32.astype(np.float16)   # the spec profile rounds to nearest
    for f in (lambda v: refmath.ane.exp(v),
              lambda v: refmath.ane.eval("tanh", v, profile="m3"),
              lambda v: refmath.ane.softmax(v),
              lambda v: refmath.ane.paired_subtract(v, v[::-1].copy())):
        want = f(x16)
        same_bits(f(x32), want)
        same_bits(f(x32.astype(np.float64)), want)
    pair = refmath.ane.paired_of(x16)
    with pytest.raises(TypeError, match="got a \\(hi, lo\\) pair"):
        refmath.ane.paired_subtract(pair, pair)
    with pytest.raises(TypeError, match="got a \\(hi, lo\\) pair"):
        refmath.ane.exp(pair)
    with pytest.raises(TypeError, match="a \\(hi, lo\\) pair of arrays"):
        refmath.ane.paired_add(x16, pair)
