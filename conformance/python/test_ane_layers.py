"""refmath.ane's compositions (layer_norm, rms_norm, gelu, attention,
conv2d) against an independent NumPy recomputation, step by step, under
the spec profile; layer norm against the float64 truth; the errors.

NumPy's float16 +, -, *, / and sqrt are correctly rounded (computed in
float32 and rounded once, harmless since 24 >= 2 * 11 + 2).  A sum of the
matmul route is written out: each product exact in float32, rounded to
float16, added in float32 one k after another (not np.sum, which adds
pairwise), and the total rounded to float16.  exp and tanh are the
float64 function rounded to float32 (the model's exact fp32 kernel),
then to float16.
"""
import numpy as np
import pytest

import refmath

F16 = np.float16
RNG = np.random.default_rng(21)


def bits(a):
    """The float16 bit patterns, every NaN as the canonical 0x7E00."""
    a = np.asarray(a, dtype=F16)
    b = a.view(np.uint16).copy()
    b[np.isnan(a)] = 0x7E00
    return b


def same_bits(got, want):
    assert got.dtype == F16 and got.shape == want.shape, (got.shape,
                                                          want.shape)
    np.testing.assert_array_equal(bits(got), bits(want))


def halves(shape, scale):
    return (RNG.standard_normal(shape) * scale).astype(F16)


def matmul(a, b):
    """a [..., M, K] @ b [..., K, N] by the spec profile's route."""
    a32 = np.asarray(a, F16).astype(np.float32)
    b32 = np.asarray(b, F16).astype(np.float32)
    acc = np.zeros(np.broadcast_shapes(a32.shape[:-1] + (1,),
                                       b32.shape[:-2] + (1, b32.shape[-1])),
                   np.float32)
    with np.errstate(all="ignore"):
        for k in range(a32.shape[-1]):
            product = (a32[..., :, k:k + 1] * b32[..., k:k + 1, :]).astype(F16)
            acc = acc + product.astype(np.float32)
        return acc.astype(F16)


def row_sum(x):
    """x @ ones along the last axis (kept with length 1)."""
    return matmul(x, np.ones((x.shape[-1], 1), F16))


def exp16(x):
    with np.errstate(all="ignore"):
        return np.exp(x.astype(np.float64)).astype(np.float32).astype(F16)


def tanh16(x):
    return np.tanh(x.astype(np.float64)).astype(np.float32).astype(F16)


def layer_norm(x, gamma=None, beta=None, eps=1e-5):
    inv_k = F16(1.0 / x.shape[-1])
    d = x - row_sum(x) * inv_k
    var = row_sum(d * d) * inv_k
    y = d * (F16(1) / np.sqrt(var + F16(eps)))
    if gamma is not None:
        y = y * gamma
    if beta is not None:
        y = y + beta
    return y


def rms_norm(x, gamma=None, eps=1e-5):
    ms = row_sum(x * x) * F16(1.0 / x.shape[-1])
    y = x * (F16(1) / np.sqrt(ms + F16(eps)))
    return y if gamma is None else y * gamma


def gelu(x):
    with np.errstate(all="ignore"):
        u = x + F16(0.044715) * ((x * x) * x)
        t = tanh16(F16(0.7978845608028654) * u)
        return (F16(0.5) * x) * (F16(1) + t)


def attention(q, k, v, scale=None, causal=False):
    scale = F16(1 / np.sqrt(q.shape[-1]) if scale is None else scale)
    s = matmul(q, np.swapaxes(k, -1, -2)) * scale
    if causal:
        lq, lk = s.shape[-2:]
        keep = np.arange(lk)[None, :] <= np.arange(lq)[:, None]
        s = np.where(keep, s, F16(-np.inf))
    e = exp16(s - s.max(axis=-1, keepdims=True))
    return matmul(e / row_sum(e), v)


def conv2d(x, w, stride=(1, 1), padding=(0, 0)):
    n, c, h, wd = x.shape
    o, _, kh, kw = w.shape
    (sh, sw), (ph, pw) = stride, padding
    xp = np.zeros((n, c, h + 2 * ph, wd + 2 * pw), F16)
    xp[:, :, ph:ph + h, pw:pw + wd] = x
    ho, wo = (h + 2 * ph - kh) // sh + 1, (wd + 2 * pw - kw) // sw + 1
    cols = np.zeros((n, c * kh * kw, ho * wo), F16)
    row = 0
    for ch in range(c):  # (c, i, j): c slowest
        for i in range(kh):
            for j in range(kw):
                patch = xp[:, ch, i:i + sh * (ho - 1) + 1:sh,
                           j:j + sw * (wo - 1) + 1:sw]
                cols[:, row, :] = patch.reshape(n, -1)
                row += 1
    return matmul(w.reshape(o, -1), cols).reshape(n, o, ho, wo)


def test_layer_norm_is_numpy_step_by_step():
    x = halves((64, 768), 2.0)
    x[0, :4] = [0, -0.0, 3e-6, 60]
    same_bits(refmath.ane.layer_norm(x), layer_norm(x))
    gamma, beta = halves((768,), 1.0), halves((768,), 0.5)
    same_bits(refmath.ane.layer_norm(x, gamma, beta, eps=1e-3),
              layer_norm(x, gamma, beta, eps=1e-3))
    # Along axis 0: the same as on the transpose.
    xt = np.ascontiguousarray(x[:8, :40].T)
    same_bits(refmath.ane.layer_norm(xt, axis=0), layer_norm(x[:8, :40]).T)


def test_rms_norm_is_numpy_step_by_step():
    x = halves((3, 5, 96), 3.0)
    same_bits(refmath.ane.rms_norm(x), rms_norm(x))
    gamma = halves((96,), 1.0)
    same_bits(refmath.ane.rms_norm(x, gamma, eps=0.01),
              rms_norm(x, gamma, eps=0.01))


def test_gelu_is_numpy_step_by_step_on_every_finite_half():
    x = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(F16)
    x = x[np.isfinite(x)]
    same_bits(refmath.ane.gelu(x), gelu(x))


@pytest.mark.parametrize("causal", [False, True])
def test_attention_is_numpy_step_by_step(causal):
    q, k, v = halves((2, 3, 6, 16), 1.0), halves((2, 3, 9, 16), 1.0), \
        halves((2, 3, 9, 5), 2.0)
    same_bits(refmath.ane.attention(q, k, v, causal=causal),
              attention(q, k, v, causal=causal))
    same_bits(refmath.ane.attention(q, k[:1], v[:1], scale=0.125,
                                    causal=causal),
              attention(q, k[:1], v[:1], scale=0.125, causal=causal))


@pytest.mark.parametrize("stride,padding", [(1, 0), ((2, 1), 1), (3, (2, 0))])
def test_conv2d_is_numpy_im2col_matmul(stride, padding):
    x, w = halves((2, 3, 9, 8), 2.0), halves((4, 3, 3, 2), 1.0)
    pair = (lambda v: v if isinstance(v, tuple) else (v, v))
    same_bits(refmath.ane.conv2d(x, w, stride=stride, padding=padding),
              conv2d(x, w, pair(stride), pair(padding)))


def test_layer_norm_error_against_the_float64_truth():
    # (64, 768) standard normal rows: the model's layer norm is within
    # 1e-3 of the exact one, normwise, under every preset (docs/ane.md
    # gives the measured figures, about 5e-4).
    x = halves((64, 768), 1.0)
    x64 = x.astype(np.float64)
    mean = x64.mean(axis=-1, keepdims=True)
    truth = (x64 - mean) / np.sqrt(((x64 - mean) ** 2).mean(
        axis=-1, keepdims=True) + 1e-5)
    for profile in refmath.ane.profiles():
        y = refmath.ane.layer_norm(x, profile=profile).astype(np.float64)
        err = np.linalg.norm(y - truth) / np.linalg.norm(truth)
        assert err < 1e-3, (profile, err)


def test_float32_operands_are_rounded_once():
    x = RNG.standard_normal((4, 32)).astype(np.float32)
    same_bits(refmath.ane.layer_norm(x), refmath.ane.layer_norm(x.astype(F16)))
    same_bits(refmath.ane.gelu(x), refmath.ane.gelu(x.astype(F16)))


def test_errors():
    x = np.ones((2, 4), F16)
    ane = refmath.ane
    with pytest.raises(ValueError, match="gamma has shape"):
        ane.layer_norm(x, gamma=np.ones(3, F16))
    with pytest.raises(ValueError, match="beta has shape"):
        ane.layer_norm(x, beta=np.ones(3, F16))
    with pytest.raises(ValueError, match="eps must be finite"):
        ane.rms_norm(x, eps=-1)
    with pytest.raises(ValueError, match="axis 2 out of range"):
        ane.layer_norm(x, axis=2)
    with pytest.raises(ValueError, match="do not fit"):
        ane.attention(x, np.ones((3, 5), F16), np.ones((3, 2), F16))
    with pytest.raises(ValueError, match="scale must be positive"):
        ane.attention(x, x, x, scale=0)
    with pytest.raises(ValueError, match="channel counts differ"):
        ane.conv2d(np.ones((1, 2, 4, 4), F16), np.ones((1, 3, 2, 2), F16))
    with pytest.raises(ValueError, match="stride must be at least 1"):
        ane.conv2d(np.ones((1, 2, 4, 4), F16), np.ones((1, 2, 2, 2), F16),
                   stride=0)
    with pytest.raises(TypeError, match="padding"):
        ane.conv2d(np.ones((1, 2, 4, 4), F16), np.ones((1, 2, 2, 2), F16),
                   padding=(1, 2, 3))
    with pytest.raises(TypeError, match="pair"):
        ane.gelu((x, x))
    with pytest.raises(ValueError, match="unknown profile"):
        ane.gelu(x, profile="m9")


def run_ane(tmp_path, args, inputs, ok=(0,)):
    """`refmath ane ARGS` with `inputs` {option: array} saved as .npy and
    --out; (the loaded output or None, the completed process)."""
    from cli import run_cli
    argv = list(args)
    for option, array in inputs.items():
        np.save(tmp_path / (option + ".npy"), array)
        argv += ["--" + option, tmp_path / (option + ".npy")]
    out = tmp_path / "out.npy"
    if out.exists():
        out.unlink()
    proc = run_cli("ane", *argv, "--out", out, ok=ok)
    return (np.load(out) if out.exists() else None), proc


def test_cli_equals_the_module(tmp_path):
    x, g, b = halves((4, 32), 2.0), halves((32,), 1.0), halves((32,), 1.0)
    got, _ = run_ane(tmp_path, ["layer-norm", "--profile", "m1", "--eps",
                                "0.001"], {"in": x, "gamma": g, "beta": b})
    same_bits(got, refmath.ane.layer_norm(x, g, b, eps=0.001, profile="m1"))
    got, _ = run_ane(tmp_path, ["rms-norm", "--axis", "0"], {"in": x})
    same_bits(got, refmath.ane.rms_norm(x, axis=0))
    got, _ = run_ane(tmp_path, ["gelu", "--profile", "m3"], {"in": x})
    same_bits(got, refmath.ane.gelu(x, profile="m3"))
    q, k, v = halves((2, 4, 8), 1.0), halves((2, 6, 8), 1.0), halves((6, 3), 1.0)
    got, _ = run_ane(tmp_path, ["attention", "--causal", "--scale", "0.25"],
                     {"q": q, "k": k, "v": v})
    same_bits(got, refmath.ane.attention(q, k, v, scale=0.25, causal=True))
    xi, w = halves((1, 2, 5, 5), 1.0), halves((3, 2, 3, 3), 1.0)
    got, _ = run_ane(tmp_path, ["conv2d", "--stride", "2,1", "--padding", "1",
                                "--profile", "m5"], {"in": xi, "weight": w})
    same_bits(got, refmath.ane.conv2d(xi, w, stride=(2, 1), padding=1,
                                      profile="m5"))


@pytest.mark.parametrize("args,inputs,message", [
    (["layer-norm"], {"in": np.ones((2, 4), F16), "gamma": np.ones(3, F16)},
     "refmath ane layer-norm: ane::LayerNorm: gamma has shape (3,), not (4,)"),
    (["layer-norm", "--eps", "-1"], {"in": np.ones((2, 4), F16)},
     "--eps must be a finite number, not negative"),
    (["rms-norm", "--beta", "b.npy"], {"in": np.ones((2, 4), F16)},
     "unknown option '--beta'"),
    (["rms-norm", "--axis", "5"], {"in": np.ones((2, 4), F16)},
     "--axis must be an integer in -4..3"),
    (["gelu", "--tile", "2"], {"in": np.ones(4, F16)},
     "unknown option '--tile'"),
    (["attention"], {"q": np.ones((2, 4), F16), "k": np.ones((3, 5), F16),
                     "v": np.ones((3, 2), F16)}, "do not fit"),
    (["attention", "--scale", "0"], {"q": np.ones((2, 4), F16),
                                     "k": np.ones((3, 4), F16),
                                     "v": np.ones((3, 2), F16)},
     "--scale must be a positive finite number"),
    (["attention"], {"q": np.ones((2, 4), F16), "k": np.ones((3, 4), F16)},
     "missing required option --v"),
    (["conv2d"], {"in": np.ones((2, 4, 4), F16),
                  "weight": np.ones((1, 2, 2, 2), F16)}, "need 4 axes"),
    (["conv2d", "--stride", "0"], {"in": np.ones((1, 2, 4, 4), F16),
                                   "weight": np.ones((1, 2, 2, 2), F16)},
     "--stride takes N or H,W, integers in 1..65535"),
    (["conv2d", "--padding", "1,2,3"], {"in": np.ones((1, 2, 4, 4), F16),
                                        "weight": np.ones((1, 2, 2, 2), F16)},
     "--padding takes N or H,W"),
    (["conv2d"], {"in": np.ones((1, 2, 4, 4), F16),
                  "weight": np.ones((1, 2, 5, 2), F16)},
     "larger than the padded input"),
])
def test_cli_errors_are_one_line_and_write_nothing(tmp_path, args, inputs,
                                                   message):
    got, proc = run_ane(tmp_path, args, inputs, ok=(2,))
    assert got is None
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and message in proc.stderr, proc.stderr
