"""refmath.ane.tune: the op-count cost model worked by hand, the
fp32-faithful reference against hand-rounded products, and the tuner's
choices (lossless baseline, the accuracy gate, the 1.10x rule, paired
float16 at a cancellation, an unmet budget) on graphs whose right answer
NumPy computes independently."""
import math
import warnings

import numpy as np
import pytest

import refmath

ane = refmath.ane
RNG = np.random.default_rng(2031)


def bits(x):
    return np.asarray(x).view(np.uint16)


def gate(a, b):
    """max|a - b| / max|b|, in float64."""
    a, b = np.float64(a), np.float64(b)
    return float(np.max(np.abs(a - b)) / np.max(np.abs(b)))


def small_graph(weight):
    g = ane.Graph()
    x = g.input("x", (2, 3))
    y = g.matmul(x, g.constant("w", np.float16(weight)), name="y")
    g.output(g.reduce_sum(g.tanh(y, name="t"), name="s"))
    return g, {"x": np.float16(RNG.uniform(-1, 1, (2, 3)))}


def test_cost_model_by_hand():
    # matmul 2*4 outputs of 3 products = 24, the weight streamed 12,
    # tanh 8, the row sum 8 (through x @ ones: 4 products per row).
    g, feeds = small_graph(RNG.uniform(-1, 1, (3, 4)))
    t = ane.tune(g, feeds)
    costs = {c.label: c.cost for c in t.candidates}
    assert costs == {
        "baseline": 24 + 12 + 8 + 8,
        # int8: 12 one-byte codes (6 binary16 units) and 4 scales.
        "encode_weight(w, int8)": 24 + 6 + 4 + 8 + 8,
        # int4: 12 nibbles (3 units) and the 16-entry codebook.
        "encode_weight(w, int4)": 24 + 3 + 16 + 8 + 8}
    # Half the weight zero: sparse is offered, a 12-bit mask and 6 values.
    w = RNG.uniform(-1, 1, (3, 4))
    w.flat[::2] = 0
    g, feeds = small_graph(w)
    costs = {c.label: c.cost for c in ane.tune(g, feeds).candidates}
    assert costs["encode_weight(w, sparse)"] == 24 + 12 / 16 + 6 + 8 + 8


def test_reference_matmul_rounds_each_product_and_sums_exactly():
    from refmath._ane_tune import reference_matmul
    a = np.float32([[1 + 2**-10, 1 + 2**-10]])
    # (1 + 2^-10)^2 = 1 + 2^-9 + 2^-20 rounds to 1 + 2^-9 in binary16.
    got = reference_matmul(a, np.float32([[1 + 2**-10], [1 + 2**-10]]))
    assert got.shape == (1, 1) and got[0, 0] == 2 * (1 + 2**-9)
    assert reference_matmul(np.ones(4096, np.float32),
                            np.ones(4096, np.float32)) == 4096
    assert reference_matmul(np.ones((3, 2, 5)), np.ones((5, 7))).shape == (3, 2, 7)


def test_the_baseline_routes_sums_through_the_wide_accumulator():
    g = ane.Graph()
    g.output(g.reduce_sum(g.input("x", (4096,)), name="total"))
    feeds = {"x": np.ones(4096, np.float16)}
    assert g.run(feeds)[0] == 2048          # the narrow running sum stalls
    t = ane.tune(g, feeds)
    assert t.graph.run(feeds)[0] == 4096 and t.error == 0
    assert t.changes == ["total: reduce_sum along axis -1, narrow -> x @ ones "
                         "(the wide accumulator)"]
    assert t.reference == "fp32-faithful reference"


def linear(batch, outliers, seed=5):
    """y = x @ w, w with a few large entries (as trained weights have),
    which coarsen int8's per-column scale."""
    rng = np.random.default_rng(seed)
    w = rng.standard_normal((512, 512)) / 22
    w[rng.random(w.shape) < 0.002] *= outliers
    g = ane.Graph()
    y = g.matmul(g.input("x", (batch, 512)), g.constant("w", np.float16(w)),
                 name="y")
    return g.output(y), {"x": np.float16(rng.standard_normal((batch, 512)))}


def test_int8_is_refused_by_default_and_admitted_with_atol():
    g, feeds = linear(1, outliers=8)
    base = g.run(feeds)[0]
    t = ane.tune(g, feeds)
    int8 = t.candidates[1]
    assert t.rewrites == [] and t.met
    assert int8.gate_error == gate(int8.graph.run(feeds)[0], base)
    assert int8.gate_error > ane.DEFAULT_TOLERANCE
    assert int8.verdict.startswith("rejected: ")
    t = ane.tune(g, feeds, atol=0.1)
    assert t.rewrites == [("encode_weight", {"node": "w", "encoding": "int8"})]
    # Batch 1: the MACs equal the weight's size; int8 halves the stream.
    assert t.baseline_cost / t.cost == 2 * 512 * 512 / (1.5 * 512 * 512 + 512)


def test_a_lossy_candidate_must_be_ten_percent_cheaper():
    g, feeds = linear(16, outliers=8)
    t = ane.tune(g, feeds, atol=0.1)
    int8 = t.candidates[1]
    assert int8.gate_error <= 0.1 and t.rewrites == []
    assert t.baseline_cost / int8.cost < ane.SPEEDUP_RULE
    assert "only" in int8.verdict and "< 1.10x" in int8.verdict


def cancellation():
    """det = a d - b c with b c within an ulp or so of a d."""
    a, b, d = (np.float16(RNG.uniform(1, 2, 1000)) for _ in range(3))
    c = np.float16(np.float64(a) * d / b)
    g = ane.Graph()
    x = {k: g.input(k, (1000,)) for k in "abcd"}
    g.output(g.sub(g.mul(x["a"], x["d"], name="ad"),
                   g.mul(x["b"], x["c"], name="bc"), name="det"))
    return g, {"a": a, "b": b, "c": c, "d": d}


def test_paired_fp16_is_chosen_only_when_the_budget_needs_it():
    g, feeds = cancellation()
    exact = np.float16(np.float64(feeds["a"]) * feeds["d"] -
                       np.float64(feeds["b"]) * feeds["c"])
    t = ane.tune(g, feeds, paired="det")
    assert t.rewrites == [] and t.baseline_error > 0.1   # cheaper, and admitted
    t = ane.tune(g, feeds, paired="det", target_error=1e-3)
    assert t.met and t.rewrites == [("paired_fp16", {"node": "det"})]
    # Products of values in [1, 2) have no subnormal tail: TwoProd is exact,
    # so the paired result is the exact determinant rounded once.
    assert np.array_equal(bits(t.graph.run(feeds)[0]), bits(exact))
    # 1000 elements of TwoSum, two TwoProds and the final add (the muls
    # are no longer read): 7 + 2 * 17 ops each.
    assert t.cost == 1000 * (7 + 2 * 17) and t.baseline_cost == 3000


def test_an_unmet_budget_warns_and_returns_the_most_accurate():
    g, feeds = cancellation()
    with pytest.warns(RuntimeWarning, match="no candidate meets target_error=1e-09"):
        t = ane.tune(g, feeds, target_error=1e-9)
    assert not t.met and t.rewrites == []


@pytest.mark.parametrize("c1, c2", [(0.1, 0.1), (0.3, 0.7), (3.3, 1.7)])
def test_scalar_folding_is_admitted_on_accuracy_or_on_cost(c1, c2):
    g = ane.Graph()
    x = g.input("x", (256,))
    g.output(g.muls(g.muls(x, c=c1, name="m1"), c=c2, name="m2"))
    feeds = {"x": np.float16(RNG.uniform(-4, 4, 256))}
    t = ane.tune(g, feeds)
    base, folded = t.candidates
    assert folded.label == "fold_scalar_chains"
    # The reference: each multiply in binary32 by the binary16 constants.
    h1, h2 = float(np.float16(c1)), float(np.float16(c2))
    ref = np.float32(np.float32(np.float64(feeds["x"]) * h1) * h2)
    assert base.error == gate(g.run(feeds)[0], ref)
    assert folded.error == gate(folded.graph.run(feeds)[0], ref)
    assert 0 < folded.gate_error <= ane.DEFAULT_TOLERANCE
    assert t.rewrites == [("fold_scalar_chains", {})] and t.cost == 256
    assert folded.verdict == ("admitted" if folded.error < base.error else
                              "admitted (lossy, 2x cheaper)")


def test_without_a_float32_form_the_baseline_is_the_reference():
    g = ane.Graph()
    g.output(g.bessel_j0(g.input("x", (8,)), name="j"))
    t = ane.tune(g, {"x": np.float16(np.linspace(-3, 3, 8))})
    assert t.reference.startswith("baseline's output (node 'j': op bessel_j0")
    assert t.error == 0


@pytest.mark.parametrize("kwargs, message", [
    ({"target_error": 0}, "target_error must be a positive finite number"),
    ({"target_error": math.nan}, "target_error must be a positive"),
    ({"atol": -1}, "atol must be a positive finite number"),
    ({"atol": math.inf}, "atol must be a positive"),
    ({"paired": "nowhere"}, "no node 'nowhere'"),
    ({"paired": "ad"}, "paired_fp16: node 'ad' is mul, not an add or sub"),
])
def test_bad_arguments_are_refused(kwargs, message):
    g, feeds = cancellation()
    with pytest.raises(ValueError, match=message):
        ane.tune(g, feeds, **kwargs)


def test_feeds_are_checked_before_anything_is_measured():
    g, feeds = cancellation()
    del feeds["c"]
    with pytest.raises(ValueError, match="input 'c' is not fed"):
        ane.tune(g, feeds)


def test_rewrite_options_are_checked():
    g, _ = small_graph(np.ones((3, 4)))
    with pytest.raises(ValueError, match="node 'x' is not a 2-D constant"):
        g.rewrite("encode_weight", node="x", encoding="int8")
    with pytest.raises(ValueError, match="encoding 'int2'"):
        g.rewrite("encode_weight", node="w", encoding="int2")
    with pytest.raises(ValueError, match="takes no options"):
        g.rewrite("decompose_sdpa", node="w")


@pytest.mark.parametrize("queries, keys, route", [
    (512, 512, "fused"), (513, 513, "decomposed"), (600, 512, "fused"),
    (1, 2048, "fused"), (1, 2049, "decomposed"), (4096, 4096, "decomposed"),
    (2049, 16, "decomposed"),
])
def test_fused_attention_envelope(queries, keys, route):
    assert ane.fused_attention_route(queries, keys) == route
