"""refmath.ane.fft2, power_iteration, reduce_mean and transpose: equal to
`refmath ane ...` bit for bit, and against computations that do not come
from refmath (numpy.fft.fft2, numpy.linalg.svd, numpy.transpose, a
step-by-step float16 mean)."""
import warnings

import numpy as np
import pytest

import refmath
from cli import run_cli

RNG = np.random.default_rng(17)
F16 = np.float16
# docs/ane-envelopes.md, "2-D transforms": folded dense up to 6.1e-4,
# staged up to 8.1e-4; widened by 1.5.
ENVELOPE_2D = {"dense": 1.5 * 6.1e-4, "staged": 1.5 * 8.1e-4}
# sigma within four binary16 roundings (u = 2^-11) of the double SVD's.
SIGMA_TOLERANCE = 4 * 2.0 ** -11


def same_bits(a, b):
    a, b = np.ascontiguousarray(a), np.ascontiguousarray(b)
    assert a.dtype == b.dtype and a.shape == b.shape, (a.dtype, b.dtype,
                                                       a.shape, b.shape)
    np.testing.assert_array_equal(a.view(np.uint8), b.view(np.uint8))


def cli(tmp_path, args, inputs, outputs, ok=(0,)):
    argv = list(args)
    for option, array in inputs.items():
        np.save(tmp_path / (option + ".npy"), array)
        argv += ["--" + option, tmp_path / (option + ".npy")]
    for option in outputs:
        argv += ["--" + option, tmp_path / (option + "-out.npy")]
    proc = run_cli("ane", *argv, ok=ok)
    return [np.load(tmp_path / (o + "-out.npy")) for o in outputs], proc


@pytest.mark.parametrize("method", ["dense", "staged"])
def test_fft2_is_numpys_normalized_and_the_command(tmp_path, method):
    re, im = RNG.normal(size=(3, 8, 16)).astype(F16), RNG.normal(size=(3, 8, 16)).astype(F16)
    got = refmath.ane.fft2(re, im, method=method)
    ref = np.fft.fft2(re.astype(np.float64) + 1j * im.astype(np.float64)) / (8 * 16)
    y = got[0].astype(np.float64) + 1j * got[1].astype(np.float64)
    assert got[0].dtype == F16 and got[0].shape == re.shape
    assert np.linalg.norm(y - ref) / np.linalg.norm(ref) < ENVELOPE_2D[method]
    for fold in (True, False):
        flags = ["fft2", "--method", method] + ([] if fold else ["--no-fold"])
        (r, i), _ = cli(tmp_path, flags, {"re": re, "im": im}, ["out-re", "out-im"])
        want = refmath.ane.fft2(re, im, method=method, fold=fold)
        same_bits(want[0], r)
        same_bits(want[1], i)
    # No im: zeros; float32 parts are rounded by the input cast.
    same_bits(refmath.ane.fft2(re)[1],
              refmath.ane.fft2(re, np.zeros_like(re))[1])
    same_bits(refmath.ane.fft2(re.astype(np.float32))[0], refmath.ane.fft2(re)[0])


def test_fold_keeps_an_overflowing_transform_finite():
    # 64 x 64 in [16, 32): the unscaled DC term, the sum of the inputs, is
    # about 98000 > 65504.  The folded transform stays within the envelope;
    # unscaled passes overflow before the final 1/(M N).
    x = RNG.uniform(16, 32, size=(64, 64)).astype(F16)
    assert x.astype(np.float64).sum() > 65504
    ref = np.fft.fft2(x.astype(np.float64)) / x.size
    folded = refmath.ane.fft2(x)
    y = folded[0].astype(np.float64) + 1j * folded[1].astype(np.float64)
    assert np.linalg.norm(y - ref) / np.linalg.norm(ref) < ENVELOPE_2D["dense"]
    with np.errstate(invalid="ignore"):
        unfolded = refmath.ane.fft2(x, fold=False)
    assert not np.all(np.isfinite(unfolded[0]))


def matrix(m, n, sigma):
    u, _ = np.linalg.qr(RNG.normal(size=(m, n)))
    v, _ = np.linalg.qr(RNG.normal(size=(n, n)))
    return ((u * np.geomspace(sigma, sigma / 10, n)) @ v.T).astype(F16)


@pytest.mark.parametrize("sigma", [5.0, 300.0])
def test_power_iteration_against_svd(tmp_path, sigma):
    # sigma = 300: A^T (A v) would be about 90000, past float16; the
    # iteration normalizes between A and A^T and stays finite.
    a = matrix(16, 6, sigma)
    _, s, vt = np.linalg.svd(a.astype(np.float64))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got, v = refmath.ane.power_iteration(a)
    assert abs(got / s[0] - 1) <= SIGMA_TOLERANCE
    assert v.dtype == np.float64 and v.shape == (6,)
    assert abs(abs(v @ vt[0]) / np.linalg.norm(v) - 1) < 1e-3
    (want_v,), proc = cli(tmp_path, ["power", "--iterations", "60"], {"a": a}, ["out"])
    same_bits(np.float64(float(proc.stdout)), np.float64(got))
    same_bits(v, want_v)
    v0 = RNG.normal(size=6)
    got, v = refmath.ane.power_iteration(a, iterations=3, v0=v0, profile="m1")
    (want_v,), proc = cli(tmp_path, ["power", "--iterations", "3", "--profile", "m1"],
                          {"a": a, "v0": v0}, ["out"])
    same_bits(np.float64(float(proc.stdout)), np.float64(got))
    same_bits(v, want_v)


def test_power_iteration_breakdown_warns_as_the_command_fails(tmp_path):
    # Rows summing to zero: the default start, all ones, is in A's null
    # space, so a v = 0.
    a = np.array([[1, -1], [-1, 1]], F16)
    with pytest.warns(RuntimeWarning, match="a v or a\\^T u was zero or not finite"):
        sigma, v = refmath.ane.power_iteration(a)
    assert np.isnan(sigma)
    same_bits(v, np.zeros(2))
    (want_v,), proc = cli(tmp_path, ["power"], {"a": a}, ["out"], ok=(1,))
    assert proc.stdout == "nan\n" and "breakdown" in proc.stderr
    same_bits(v, want_v)


def mean_by_steps(row, route):
    """The sum (float16 running sum, or float32 accumulator rounded once to
    float16), then times float16(1/K): each step in float64, rounded by
    NumPy's correctly rounding casts."""
    s = np.float64(row[0])
    for v in row[1:]:
        t = s + np.float64(v)
        s = np.float64(F16(t)) if route == "narrow" else np.float64(np.float32(t))
    return F16(np.float64(F16(s)) * np.float64(F16(1.0 / len(row))))


@pytest.mark.parametrize("axis", [0, -1])
@pytest.mark.parametrize("route", ["narrow", "matmul"])
def test_reduce_mean_step_by_step(tmp_path, axis, route):
    x = (RNG.normal(size=(5, 3, 24)) * 50).astype(F16)
    moved = np.moveaxis(x, axis, -1)
    want = np.array([mean_by_steps(r, route) for r in moved.reshape(-1, moved.shape[-1])], F16)
    want = np.moveaxis(want.reshape(moved.shape[:-1] + (1,)), -1, axis)
    got = refmath.ane.reduce_mean(x, axis=axis, route=route)
    same_bits(got, want)
    (cli_out,), _ = cli(tmp_path, ["reduce-mean", "--axis", str(axis), "--route", route],
                        {"in": x}, ["out"])
    same_bits(got, cli_out)


@pytest.mark.parametrize("axes", [None, (1, 0, 2), (2, -3, 1)])
def test_transpose_is_numpys_bit_for_bit(tmp_path, axes):
    x = (RNG.normal(size=(2, 3, 4)) * 1000).astype(F16)
    x.view(np.uint16).flat[:4] = [0x7E01, 0x8000, 0x7C00, 0x0001]  # NaN payload, -0, inf, subnormal
    got = refmath.ane.transpose(x, axes)
    same_bits(got, np.transpose(x, axes))
    flags = ["transpose"] + ([] if axes is None else ["--axes", ",".join(map(str, axes))])
    (cli_out,), _ = cli(tmp_path, flags, {"in": x}, ["out"])
    same_bits(got, cli_out)


def test_errors_are_python_exceptions():
    x = np.ones((2, 3), F16)
    with pytest.raises(ValueError, match="needs two last axes"):
        refmath.ane.fft2(np.ones(4, F16))
    with pytest.raises(ValueError, match="unknown method"):
        refmath.ane.fft2(x, method="fast")
    with pytest.raises(ValueError, match="but im"):
        refmath.ane.fft2(x, np.ones((3, 2), F16))
    with pytest.raises(ValueError, match="not a non-empty \\[m, n\\] matrix"):
        refmath.ane.power_iteration(np.ones(3, F16))
    with pytest.raises(ValueError, match="v0: 2 values, not 3"):
        refmath.ane.power_iteration(x, v0=[1, 2])
    with pytest.raises(ValueError, match="iterations must be in 0..100000"):
        refmath.ane.power_iteration(x, iterations=-1)
    with pytest.raises(ValueError, match="unknown route"):
        refmath.ane.reduce_mean(x, route="wide")
    with pytest.raises(ValueError, match="axis"):
        refmath.ane.reduce_mean(x, axis=2)
    with pytest.raises(ValueError, match="not a permutation"):
        refmath.ane.transpose(x, (0, 0))
    with pytest.raises(ValueError, match="axes \\(\\) are not a permutation"):
        refmath.ane.transpose(x, ())
    with pytest.raises(TypeError, match="int32"):
        refmath.ane.transpose(np.ones(3, np.int32))
