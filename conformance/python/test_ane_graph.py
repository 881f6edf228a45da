"""refmath.ane.Graph: float16-only construction, runs equal to the direct
calls bit for bit, and each rewrite's class held on random graphs."""
import numpy as np
import pytest

import refmath

ane = refmath.ane
RNG = np.random.default_rng(31)


def bits(x):
    return np.asarray(x).view(np.uint16)


def half(shape, low=-4, high=4):
    return RNG.uniform(low, high, shape).astype(np.float16)


@pytest.mark.parametrize("build, node, dtype", [
    (lambda g: g.input("x", (2,), dtype=np.float32), "x", "float32"),
    (lambda g: g.input("x", (2,), dtype="int32"), "x", "int32"),
    (lambda g: g.input("x", (2,), dtype="bfloat16"), "x", "bfloat16"),
    (lambda g: g.constant("w", np.ones((2, 2), np.float32)), "w", "float32"),
    (lambda g: g.constant("w", np.ones(3, np.int32)), "w", "int32"),
])
def test_other_dtypes_are_refused_when_built(build, node, dtype):
    g = ane.Graph()
    with pytest.raises(TypeError, match="node '%s': %s is not implemented" % (node, dtype)):
        build(g)
    assert g.nodes == []


def test_construction_errors_name_the_node():
    g, other = ane.Graph(), ane.Graph()
    x = g.input("x", (2, 3))
    with pytest.raises(ValueError, match="node 'y': unknown op 'no_such_op'"):
        g.op("no_such_op", x, name="y")
    with pytest.raises(ValueError, match="'x' is used twice"):
        g.input("x", (2,))
    with pytest.raises(TypeError, match="node 'z': input .* not a node of this graph"):
        g.add(x, other.input("x", (2, 3)), name="z")
    with pytest.raises(ValueError, match="node 'a': sdpa needs its scale"):
        g.sdpa(x, x, x, name="a")
    for scale in (0, -0.5, 1e5, float("nan")):  # 1e5 is inf in float16
        with pytest.raises(ValueError, match="node 'a': sdpa's scale must be "
                                             "positive and finite"):
            g.sdpa(x, x, x, scale=scale, name="a")
    with pytest.raises(TypeError):
        g.output("x")
    with pytest.raises(ValueError, match="unknown rewrite"):
        g.rewrite("no_such_rewrite")


def test_run_refuses_bad_feeds():
    g = ane.Graph()
    g.output(g.exp(g.input("x", (2, 3))))
    with pytest.raises(ValueError, match="input 'x' is not fed"):
        g.run({})
    with pytest.raises(TypeError, match="node 'x': float32"):
        g.run({"x": np.zeros((2, 3), np.float32)})
    with pytest.raises(ValueError, match="input 'x': shape"):
        g.run({"x": np.zeros((3, 2), np.float16)})


@pytest.mark.parametrize("profile", list(ane.profiles()))
def test_a_run_is_the_direct_calls(profile):
    x, w, b = half((3, 8, 16)), half((16, 12)), half((12,))
    g = ane.Graph()
    gx, gw, gb = g.input("x", x.shape), g.constant("w", w), g.constant("b", b)
    h = g.add(g.matmul(gx, gw), gb)
    y = g.softmax(g.muls(h, c=0.5), axis=-1)
    s = g.reduce_sum(g.tanh(h), axis=1)
    g.output(y, s)
    got_y, got_s = g.run({"x": x}, profile=profile)
    h = ane.add(ane.matmul(x, w, profile=profile), b, profile=profile)
    want_y = ane.softmax(ane.mul(h, np.float16(0.5), profile=profile), profile=profile)
    want_s = ane.reduce_sum(ane.tanh(h, profile=profile), axis=1, profile=profile)
    np.testing.assert_array_equal(bits(got_y), bits(want_y))
    np.testing.assert_array_equal(bits(got_s), bits(want_s))


def test_reduce_sum_to_matmul_reports_and_recovers_the_16384_ones():
    g = ane.Graph()
    g.output(g.reduce_sum(g.input("x", (1, 16384)), axis=-1, name="s"))
    rewritten, changes = g.rewrite("reduce_sum_to_matmul")
    assert changes == ["s: reduce_sum along axis -1, narrow -> x @ ones "
                       "(the wide accumulator)"]
    ones = {"x": np.ones((1, 16384), np.float16)}
    assert float(g.run(ones)[0][0, 0]) == 2048      # the narrow sum stalls
    assert float(rewritten.run(ones)[0][0, 0]) == 16384
    assert rewritten.rewrite("reduce_sum_to_matmul")[1] == []


@pytest.mark.parametrize("seed", range(12))
def test_reduce_sum_to_matmul_never_moves_away_from_the_reference(seed):
    """Lossless-or-better: on random graphs (a chain of elementwise ops,
    then a sum along a random axis), the rewritten sums are, normwise, at
    least as near the fp32-faithful reference (the sum's float16 operands
    added exactly) as the narrow ones, under every profile.  (Element by
    element it does not hold: m1's float16 tiles round too, and a narrow
    running sum can land nearer by luck.)"""
    rng = np.random.default_rng(seed)
    shape = [int(n) for n in rng.integers(2, 24, size=rng.integers(2, 4))]
    axis = int(rng.integers(-len(shape), len(shape)))
    shape[axis] = int(rng.integers(64, 2048))  # long enough to stall narrow sums
    shape = tuple(shape)
    g = ane.Graph()
    v = g.input("x", shape)
    for op in rng.choice(["tanh", "square", "abs", "sigmoid", "neg"], 2):
        v = g.op(str(op), v)
    g.output(v, g.reduce_sum(v, axis=axis, name="s"))
    rewritten, changes = g.rewrite("reduce_sum_to_matmul")
    assert len(changes) == 1
    x = rng.uniform(-3, 3, shape).astype(np.float16)
    for profile in ane.profiles():
        operand, narrow = g.run({"x": x}, profile=profile)
        _, wide = rewritten.run({"x": x}, profile=profile)
        reference = operand.astype(np.float64).sum(axis=axis, keepdims=True)
        err_narrow = np.linalg.norm(narrow.astype(np.float64) - reference)
        err_wide = np.linalg.norm(wide.astype(np.float64) - reference)
        assert np.isfinite(err_narrow) and err_wide <= err_narrow, (profile, err_wide, err_narrow)


@pytest.mark.parametrize("queries, keys, verdict, device", [
    (16, 2048, "ulp1", "the device's fused attention (not modelled)"),
    (600, 600, "ulp1", "the decomposition on the device too"),
    (16, 100, "none", "the device's fused attention (not modelled)"),
])
def test_routes_say_which_attention_the_device_runs(queries, keys, verdict, device):
    g = ane.Graph()
    q, k = g.input("q", (queries, 8)), g.input("k", (keys, 8))
    g.output(g.sdpa(q, k, k, scale=0.25, name="att"))
    feeds = {"q": half((queries, 8), -1, 1), "k": half((keys, 8), -1, 1)}
    row = g.routes(feeds)[-1]
    assert row.verdict == verdict
    assert row.why.endswith("; %d queries: %s" % (queries, device))


def test_reshape_keeps_the_bits_in_row_major_order():
    x = half((2, 3, 4))
    g = ane.Graph()
    g.output(g.reshape(g.input("x", x.shape), shape=(6, -1), name="r"))
    got = g.run({"x": x})[0]
    assert got.shape == (6, 4)
    np.testing.assert_array_equal(bits(got).ravel(), bits(x).ravel())
    bad = ane.Graph()
    bad.output(bad.reshape(bad.input("x", x.shape), shape=(5,), name="r"))
    with pytest.raises(ValueError, match=r"node 'r': cannot reshape \(2, 3, 4\) to \(5,\)"):
        bad.run({"x": x})


@pytest.mark.parametrize("profile", ["spec", "m1", "m5"])
def test_decompose_sdpa_keeps_every_bit(profile):
    q, k, v = half((2, 3, 10, 16)), half((2, 3, 12, 16)), half((2, 3, 12, 8))
    g = ane.Graph()
    att = g.sdpa(g.input("q", q.shape), g.input("k", k.shape),
                 g.input("v", v.shape), scale=0.25, name="att")
    g.output(g.muls(att, c=2))
    rewritten, changes = g.rewrite("decompose_sdpa")
    assert changes == ["att: sdpa -> ((q @ k^T) * 0.25).softmax(-1) @ v"]
    assert [n.op for n in rewritten.nodes[3:]] == [
        "transpose", "matmul", "muls", "softmax", "matmul", "muls"]
    feeds = {"q": q, "k": k, "v": v}
    np.testing.assert_array_equal(bits(g.run(feeds, profile=profile)[0]),
                                  bits(rewritten.run(feeds, profile=profile)[0]))
    # The decomposition by hand, with NumPy's transpose.
    s = ane.matmul(q, np.swapaxes(k, -1, -2).copy(), profile=profile)
    p = ane.softmax(ane.mul(s, np.float16(0.25), profile=profile), profile=profile)
    want = ane.mul(ane.matmul(p, v, profile=profile), np.float16(2), profile=profile)
    np.testing.assert_array_equal(bits(g.run(feeds, profile=profile)[0]), bits(want))


def test_fold_scalar_chains_folds_in_float16_and_may_change_bits():
    g = ane.Graph()
    x = g.input("x", (4, 300))
    a = g.adds(g.adds(g.muls(g.muls(x, c=0.1, name="m1"), c=3, name="m2"),
                      c=1, name="a1"), c=2.5, name="a2")
    g.output(a)
    folded, changes = g.rewrite("fold_scalar_chains")
    # NumPy's float16 product and sum are correctly rounded, as the model's.
    c_mul = np.float16(0.1) * np.float16(3)
    c_add = np.float16(1) + np.float16(2.5)
    assert changes == [
        "m2: muls(muls(x, %r), 3.0) -> muls(x, %r)" % (float(np.float16(0.1)), float(c_mul)),
        "a2: adds(adds(x, 1.0), 2.5) -> adds(x, 3.5)"]
    assert [(n.name, n.op) for n in folded.nodes] == [
        ("x", "input"), ("m2", "muls"), ("a2", "adds")]
    x_val = RNG.uniform(0, 8, (4, 300)).astype(np.float16)
    want = ane.add(ane.mul(x_val, c_mul), c_add)
    np.testing.assert_array_equal(bits(folded.run({"x": x_val})[0]), bits(want))
    # A numeric rewrite: here it changes bits the unfolded graph computes.
    assert np.any(bits(folded.run({"x": x_val})[0]) != bits(g.run({"x": x_val})[0]))


def test_fold_scalar_chains_leaves_a_shared_or_output_node():
    g = ane.Graph()
    m1 = g.muls(g.input("x", (3,)), c=0.5, name="m1")
    g.output(g.muls(m1, c=3, name="m2"), m1)
    assert g.rewrite("fold_scalar_chains")[1] == []


def test_rewrites_name_their_classes():
    assert ane.REWRITES == {"reduce_sum_to_matmul": "lossless-or-better",
                            "decompose_sdpa": "lossless",
                            "fold_scalar_chains": "numeric",
                            "paired_fp16": "numeric",
                            "encode_weight": "lossy"}


def test_slice_last_axis_saturates_on_a13_past_the_first_column():
    x = np.array([[5000, 4094, -4096, 1]], np.float16)
    a13 = ane.slice_last_axis(x, 1, 3, profile="a13")
    np.testing.assert_array_equal(bits(a13), bits(np.array([[4094, -np.inf, 1]], np.float16)))
    for offset, profile in ((1, "a14"), (1, "spec"), (0, "a13")):
        np.testing.assert_array_equal(
            bits(ane.slice_last_axis(x, offset, 3, profile=profile)),
            bits(x[:, offset:offset + 3]))
    with pytest.raises(ValueError, match="outside the last axis"):
        ane.slice_last_axis(x, 2, 3)
    with pytest.raises(ValueError, match="must not be negative"):
        ane.slice_last_axis(x, -1, 2)


def test_routes_give_the_specs_verdicts_and_measure_them():
    """Sums over 768 elements take different blocks on A13/A14 and A15+
    (ulp1: at most one ulp apart, and apart somewhere), a width-offset
    slice of values above 4094 saturates on A13 only, and short sums or
    narrow ones are routed alike everywhere."""
    g = ane.Graph()
    x = g.input("x", (64, 768))
    g.output(g.reduce_sum(x, axis=-1, route="matmul", name="wide"),
             g.reduce_sum(x, axis=-1, name="narrow"),
             g.softmax(g.slice_last_axis(x, offset=0, width=100), name="short"),
             g.slice_last_axis(g.muls(x, c=1000), offset=4, width=10, name="tail"),
             g.slice_last_axis(x, offset=4, width=10, name="tail_small"))
    feeds = {"x": RNG.uniform(0, 8, (64, 768)).astype(np.float16)}
    rows = {r.node: r for r in g.routes(feeds)}
    assert set(r.verdict for r in rows.values()) <= set(ane.VERDICTS) - {"round1"}
    assert rows["wide"].verdict == "ulp1" and rows["wide"].max_ulps == 1
    assert "768" in rows["wide"].why
    assert rows["tail"].verdict == "saturation" and rows["tail"].max_ulps is None
    for name in ("narrow", "short", "tail_small", "x"):
        assert (rows[name].verdict, rows[name].max_ulps) == ("none", 0), rows[name]
    # The measured column is the chips' own runs.
    a13, a15 = (g.run(feeds, profile=chip)[0] for chip in ("a13", "a15"))
    assert np.any(bits(a13) != bits(a15))
